// toolsearch/langchain with the real @langchain/core: the bridges as LangChain
// tools, invoked as an agent would, and a deferred zod tool run through them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { toolSearchTools } from "toolsearch/langchain";

test("langchain: search, describe and call through the bridges; a single string is one query", async () => {
  const sent = [];
  const lcTools = [
    tool(async ({ city }) => `clear in ${city}`, { name: "weather", description: "Current weather for a city.", schema: z.object({ city: z.string() }) }),
    tool(async (input) => { sent.push(input); return "sent"; }, {
      name: "send_email", description: "Send an email message to a recipient.", schema: z.object({ to: z.string(), subject: z.string() }),
    }),
    tool(async () => "[]", { name: "list_files", description: "List the files of a folder.", schema: z.object({ path: z.string() }) }),
  ];
  const { tools } = toolSearchTools(lcTools, { visible: ["weather"], contextLength: 2000 });
  assert.deepEqual(tools.map((t) => t.name), ["weather", "tool_search", "tool_describe", "tool_call"]);
  assert.equal(tools[0], lcTools[0]);
  const [, search, describe, call] = tools;
  assert.match(search.description, /send_email/);
  assert.equal(JSON.parse(await search.invoke({ queries: "send email" })).results[0].matches[0], "send_email");
  assert.deepEqual(JSON.parse(await describe.invoke({ names: ["send_email"] })).tools.send_email.parameters.required, ["to", "subject"]);
  assert.match(JSON.parse(await call.invoke({ calls: [{ name: "send_email", arguments: { to: "a@b.c" } }] })).error, /missing required argument/);
  assert.equal(await call.invoke({ calls: [{ name: "send_email", arguments: { to: "a@b.c", subject: "Hi" } }] }), "sent");
  assert.deepEqual(sent, [{ to: "a@b.c", subject: "Hi" }]);
  // A tool call as a chat model emits it returns a ToolMessage.
  const message = await search.invoke({ type: "tool_call", id: "c1", name: "tool_search", args: { queries: ["list files"] } });
  assert.equal(message.tool_call_id, "c1");
  assert.equal(JSON.parse(message.content).results[0].matches[0], "list_files");
});

test("langchain: a tool's object output reaches the model whole", async () => {
  const lcTools = [
    tool(async () => ({ content: "sent", id: 7 }), { name: "send_sms", description: "Send a text message.", schema: z.object({ to: z.string() }) }),
  ];
  const { tools } = toolSearchTools(lcTools, { contextLength: 500 });
  const call = tools.find((t) => t.name === "tool_call");
  assert.deepEqual(JSON.parse(await call.invoke({ calls: [{ name: "send_sms", arguments: { to: "+1" } }] })), { content: "sent", id: 7 });
});

test("langchain: the bridges run on the session as it was prepared", async () => {
  const lcTools = [
    tool(async () => "ok", { name: "weather", description: "Current weather for a city.", schema: z.object({ city: z.string() }) }),
    tool(async () => "[]", { name: "list_files", description: "List the files of a folder.", schema: z.object({ path: z.string() }) }),
  ];
  const { tools, session } = toolSearchTools(lcTools, { visible: ["weather"], contextLength: 2000 });
  const search = tools.find((t) => t.name === "tool_search");
  const matches = async (query) => JSON.parse(await search.invoke({ queries: [query] })).results[0].matches;
  assert.deepEqual(await matches("list files folder"), ["list_files"]);
  // A change to the returned session is not seen: the tools were read once.
  session.tools.find((t) => t.name === "list_files").description = "Print a greeting.";
  assert.deepEqual(await matches("list files folder"), ["list_files"]);
  assert.deepEqual(await matches("print greeting"), []);
});
