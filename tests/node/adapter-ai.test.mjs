// toolsearch/ai with the real AI SDK: generateText drives a scripted mock
// model through search, describe and call, and the deferred tool runs its
// own execute; searchTools ranks for the SDK's own toolSearch().
import { test } from "node:test";
import assert from "node:assert/strict";
import { generateText, jsonSchema, stepCountIs, tool, toolSearch } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { searchTools, toolSearchTools } from "toolsearch/ai";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const step = (content, unified) => ({ content, finishReason: { unified, raw: unified }, usage, warnings: [] });
const call = (id, name, input) => ({ type: "tool-call", toolCallId: id, toolName: name, input: JSON.stringify(input) });

function toolSet(sent) {
  const object = (properties, required) => jsonSchema({ type: "object", properties, required });
  return {
    weather: tool({ description: "Current weather for a city.", inputSchema: object({ city: { type: "string" } }, ["city"]), execute: async ({ city }) => ({ city, sky: "clear" }) }),
    send_email: tool({
      description: "Send an email message to a recipient.",
      inputSchema: object({ to: { type: "string" }, subject: { type: "string" } }, ["to", "subject"]),
      execute: async (input) => { sent.push(input); return "sent"; },
    }),
    list_files: tool({ description: "List the files of a folder.", inputSchema: object({ path: { type: "string" } }, ["path"]), execute: async () => [] }),
  };
}

test("ai: generateText through tool_search, tool_describe and tool_call", async () => {
  const sent = [];
  const { tools } = await toolSearchTools(toolSet(sent), { visible: ["weather"], contextLength: 2000 });
  assert.deepEqual(Object.keys(tools), ["weather", "tool_search", "tool_describe", "tool_call"]);
  const model = new MockLanguageModelV4({
    doGenerate: [
      step([call("1", "tool_search", { queries: ["send email"] })], "tool-calls"),
      step([call("2", "tool_describe", { names: ["send_email"] })], "tool-calls"),
      step([call("3", "tool_call", { calls: [{ name: "send_email", arguments: { to: "a@b.c" } }] })], "tool-calls"),
      step([call("4", "tool_call", { calls: [{ name: "send_email", arguments: { to: "a@b.c", subject: "Hi" } }] })], "tool-calls"),
      step([{ type: "text", text: "Done." }], "stop"),
    ],
  });
  const result = await generateText({ model, tools, prompt: "Email a@b.c to say hi", stopWhen: stepCountIs(6) });
  const outputs = result.steps.flatMap((s) => s.toolResults.map((r) => r.output));
  assert.equal(JSON.parse(outputs[0]).results[0].matches[0], "send_email");
  assert.deepEqual(JSON.parse(outputs[1]).tools.send_email.parameters.required, ["to", "subject"]);
  assert.equal(outputs[2], "sent");
  // A rejected call is the SDK's tool error, its text what the model reads.
  const errors = result.steps.flatMap((s) => s.content.filter((part) => part.type === "tool-error"));
  assert.deepEqual(errors.map((e) => e.toolCallId), ["3"]);
  assert.match(JSON.parse(errors[0].error.message).error, /missing required argument\(s\): subject/);
  assert.deepEqual(sent, [{ to: "a@b.c", subject: "Hi" }]);
  assert.equal(result.text, "Done.");
  // The model saw the listing of the deferred tools.
  const offered = model.doGenerateCalls[0].tools.find((t) => t.name === "tool_search");
  assert.match(offered.description, /send_email/);
});

test("ai: searchTools ranks for the SDK's own toolSearch()", async () => {
  const search = searchTools();
  const offered = [
    { name: "send_email", description: "Send an email message to a recipient." },
    { name: "list_files", description: "List the files of a folder." },
    { name: "create_invoice", description: "Create an invoice for a customer." },
  ];
  assert.deepEqual(await search({ query: "email someone", tools: offered }), ["send_email"]);
  assert.deepEqual(await search({ query: "invoice", tools: offered }), ["create_invoice"]);
  assert.equal(typeof toolSearch({ search }).execute, "function");
});

test("ai: a deferred tool gets its arguments through its own schema; a tool without execute stays visible", async () => {
  const got = [];
  const { tools, ts, session } = await toolSearchTools({
    remind: tool({
      description: "Set a reminder after some minutes.",
      inputSchema: z.object({ text: z.string(), minutes: z.number().default(5) }),
      execute: async (input, options) => { got.push([input, options.toolCallId]); return "set"; },
    }),
    provider_search: tool({ description: "Search the web (run by the provider).", inputSchema: jsonSchema({ type: "object" }) }),
  }, { contextLength: 2000 });
  assert.ok("provider_search" in tools && !("remind" in tools));
  const answer = await ts.toolCall({ calls: [{ name: "remind", arguments: { text: "stretch" } }] }, session);
  assert.equal(answer, "set");
  assert.deepEqual(got, [[{ text: "stretch", minutes: 5 }, ""]]);
});

test("ai: the bridges run on the session as it was prepared", async () => {
  const { tools, session } = await toolSearchTools(toolSet([]), { visible: ["weather"], contextLength: 2000 });
  const search = async (query) => JSON.parse(await tools.tool_search.execute({ queries: [query] }, { toolCallId: "t", messages: [] })).results[0].matches;
  assert.deepEqual(await search("list files folder"), ["list_files"]);
  // A change to the returned session is not seen: the tools were read once.
  session.tools.find((t) => t.name === "list_files").description = "Print a greeting.";
  assert.deepEqual(await search("list files folder"), ["list_files"]);
  assert.deepEqual(await search("print greeting"), []);
});

test("ai: a deferred tool's needsApproval becomes tool_call's: the SDK asks, and the tool runs once approved", async () => {
  const ran = [];
  const asked = [];
  const object = (properties, required) => jsonSchema({ type: "object", properties, required });
  const { tools } = await toolSearchTools({
    delete_repo: tool({
      description: "Delete a repository permanently.",
      needsApproval: true,
      inputSchema: object({ repo: { type: "string" } }, ["repo"]),
      execute: async ({ repo }) => { ran.push(repo); return `deleted ${repo}`; },
    }),
    archive_repo: tool({
      description: "Archive a repository.",
      // Only archiving prod asks; its arguments arrive as its schema reads them (the default applies).
      needsApproval: async ({ repo, reason }) => { asked.push({ repo, reason }); return repo === "prod"; },
      inputSchema: z.object({ repo: z.string(), reason: z.string().default("cleanup") }),
      execute: async ({ repo }) => { ran.push(`archived ${repo}`); return "archived"; },
    }),
    list_repos: tool({ description: "List repositories.", inputSchema: object({}), execute: async () => [] }),
  }, { contextLength: 2000 });
  assert.deepEqual(Object.keys(tools), ["tool_search", "tool_describe", "tool_call"], "tools that ask defer like the others");
  const deleteProd = call("1", "tool_call", { calls: [{ name: "delete_repo", arguments: { repo: "prod" } }] });
  const model = new MockLanguageModelV4({
    doGenerate: [step([deleteProd], "tool-calls"), step([{ type: "text", text: "done" }], "stop")],
  });
  const first = await generateText({ model, tools, prompt: "delete prod", stopWhen: stepCountIs(3) });
  const requests = first.content.filter((part) => part.type === "tool-approval-request");
  assert.equal(requests.length, 1);
  assert.equal(requests[0].toolCall.toolName, "tool_call");
  assert.deepEqual(ran, [], "nothing runs before the user approves");
  // The user approves: the SDK runs the tool_call, and the tool with it.
  const messages = [
    { role: "user", content: "delete prod" },
    ...first.response.messages,
    { role: "tool", content: [{ type: "tool-approval-response", approvalId: requests[0].approvalId, approved: true }] },
  ];
  await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
  assert.deepEqual(ran, ["prod"]);
  // A function decides per call, from the tool's own arguments.
  const needs = (name, args) => tools.tool_call.needsApproval({ calls: [{ name, arguments: args }] }, { toolCallId: "x", messages: [] });
  assert.equal(await needs("archive_repo", { repo: "prod" }), true);
  assert.equal(await needs("archive_repo", { repo: "dev" }), false);
  assert.deepEqual(asked, [{ repo: "prod", reason: "cleanup" }, { repo: "dev", reason: "cleanup" }]);
  // A call the bridge refuses needs no approval: the model reads the refusal at once.
  assert.equal(await needs("archive_repo", { repo: 5 }), false);
  assert.equal(await needs("list_repos", {}), false);
  assert.equal(await needs("no_such_tool", {}), false);
  assert.equal(await needs("toString", {}), false);
});

test("ai: a streaming execute's last value is the tool's output", async () => {
  const { ts, session } = await toolSearchTools({
    forecast: tool({
      description: "Weather forecast for a city.",
      inputSchema: jsonSchema({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
      async *execute({ city }) {
        yield { status: "loading" };
        yield { city, sky: "sunny" };
      },
    }),
  }, { contextLength: 2000 });
  const answer = await ts.toolCall({ calls: [{ name: "forecast", arguments: { city: "Paris" } }] }, session);
  assert.deepEqual(JSON.parse(answer), { city: "Paris", sky: "sunny" });
});

test("ai: a tool named as a bridge is refused with its name", async () => {
  const toolSet = { tool_search: tool({ description: "Mine.", inputSchema: z.object({}), execute: async () => "mine" }) };
  await assert.rejects(toolSearchTools(toolSet), /a tool is named 'tool_search'/);
});

test("ai: a deferred tool's toModelOutput shapes what tool_call gives the model", async () => {
  const png = "iVBORw0KGgo=";
  const { tools } = await toolSearchTools({
    screenshot: tool({
      description: "Take a screenshot of the screen.",
      inputSchema: jsonSchema({ type: "object", properties: {} }),
      execute: async () => ({ data: png }),
      toModelOutput: ({ output }) => ({ type: "content", value: [{ type: "media", data: output.data, mediaType: "image/png" }] }),
    }),
    list_files: tool({ description: "List the files of a folder.", inputSchema: jsonSchema({ type: "object", properties: {} }), execute: async () => ["a.txt"] }),
  }, { contextLength: 2000 });
  const model = new MockLanguageModelV4({
    doGenerate: [
      step([call("1", "tool_call", { calls: [{ name: "screenshot", arguments: {} }] })], "tool-calls"),
      step([call("2", "tool_call", { calls: [{ name: "list_files", arguments: {} }] })], "tool-calls"),
      step([{ type: "text", text: "Done." }], "stop"),
    ],
  });
  await generateText({ model, tools, prompt: "Look at the screen", stopWhen: stepCountIs(4) });
  const sent = model.doGenerateCalls[2].prompt.filter((m) => m.role === "tool").flatMap((m) => m.content);
  assert.deepEqual(sent.map((part) => part.output), [
    { type: "content", value: [{ type: "media", data: png, mediaType: "image/png" }] },
    { type: "text", value: '["a.txt"]' },
  ]);
});

test("ai: a null tool set or a null tool is refused naming it", async () => {
  await assert.rejects(toolSearchTools(null), /takes a ToolSet \(an object of tools by name\), not null/);
  await assert.rejects(toolSearchTools({ lookup: null }), /the tool 'lookup' is null, not a tool/);
});

test("ai: the search guard counts the searches of one generateText call, and a new user message starts a new turn", async () => {
  const { tools } = await toolSearchTools(toolSet([]), { contextLength: 2000 });
  const search = (id) => step([call(id, "tool_search", { queries: [`send an email, take ${id}`] })], "tool-calls");
  const model = new MockLanguageModelV4({
    doGenerate: [...Array.from({ length: 8 }, (_, i) => search(String(i))), step([{ type: "text", text: "done" }], "stop")],
  });
  const looping = await generateText({ model, tools, prompt: "email Bob", stopWhen: stepCountIs(10) });
  const results = looping.steps.flatMap((s) => s.content).filter((part) => part.type === "tool-result" || part.type === "tool-error");
  assert.equal(results.length, 8);
  assert.deepEqual(results.map((r) => r.type), [...Array(6).fill("tool-result"), "tool-error", "tool-error"]);
  assert.match(String(results[6].error?.message ?? results[6].error), /No more searches in this turn.*send_email/);
  // Repeats inside the six: the first shows the record, the next ones say so.
  assert.equal(JSON.parse(results[1].output).results[0].repeated, true);
  // The user writes again: a new turn, searches allowed again.
  const next = new MockLanguageModelV4({ doGenerate: [search("9"), step([{ type: "text", text: "ok" }], "stop")] });
  const again = await generateText({ model: next, tools, messages: [...looping.response.messages, { role: "user", content: "now email Alice" }], stopWhen: stepCountIs(3) });
  assert.equal(again.steps[0].content.find((p) => p.type === "tool-result")?.type, "tool-result");
});
