// toolsearch/langchain with the real @langchain/core and @langchain/langgraph:
// the bridges as LangChain tools, invoked as an agent would, a deferred zod
// tool run through them, and LangGraph's interrupts and Commands through a
// ToolNode.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph, interrupt } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
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
  const { tools } = await toolSearchTools(lcTools, { visible: ["weather"], contextLength: 2000 });
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
  const { tools } = await toolSearchTools(lcTools, { contextLength: 500 });
  const call = tools.find((t) => t.name === "tool_call");
  assert.deepEqual(JSON.parse(await call.invoke({ calls: [{ name: "send_sms", arguments: { to: "+1" } }] })), { content: "sent", id: 7 });
});

test("langchain: the bridges run on the session as it was prepared", async () => {
  const lcTools = [
    tool(async () => "ok", { name: "weather", description: "Current weather for a city.", schema: z.object({ city: z.string() }) }),
    tool(async () => "[]", { name: "list_files", description: "List the files of a folder.", schema: z.object({ path: z.string() }) }),
  ];
  const { tools, session } = await toolSearchTools(lcTools, { visible: ["weather"], contextLength: 2000 });
  const search = tools.find((t) => t.name === "tool_search");
  const matches = async (query) => JSON.parse(await search.invoke({ queries: [query] })).results[0].matches;
  assert.deepEqual(await matches("list files folder"), ["list_files"]);
  // A change to the returned session is not seen: the tools were read once.
  session.tools.find((t) => t.name === "list_files").description = "Print a greeting.";
  assert.deepEqual(await matches("list files folder"), ["list_files"]);
  assert.deepEqual(await matches("print greeting"), []);
});

/** A graph that runs one model turn's tool calls through a ToolNode, with a checkpointer (interrupts need one). */
function toolGraph(tools) {
  return new StateGraph(MessagesAnnotation)
    .addNode("tools", new ToolNode(tools))
    .addEdge(START, "tools")
    .addEdge("tools", END)
    .compile({ checkpointer: new MemorySaver() });
}
const bridgeCall = (calls) => new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "tool_call", args: { calls } }] });

test("langchain: an interrupt() behind tool_call pauses the graph, and the tool runs on resume", async () => {
  const deleted = [];
  const deleteRepo = tool(
    async ({ repo }) => {
      if (!interrupt({ question: `Delete ${repo}?` })) return "cancelled";
      deleted.push(repo);
      return `deleted ${repo}`;
    },
    { name: "delete_repo", description: "Delete a git repository.", schema: z.object({ repo: z.string() }) },
  );
  const { tools } = await toolSearchTools([deleteRepo], { contextLength: 500 });
  const graph = toolGraph(tools);
  const thread = { configurable: { thread_id: "t1" } };
  const paused = await graph.invoke({ messages: [bridgeCall([{ name: "delete_repo", arguments: { repo: "prod" } }])] }, thread);
  assert.equal(paused.__interrupt__?.[0]?.value.question, "Delete prod?");
  assert.deepEqual(deleted, []);
  const resumed = await graph.invoke(new Command({ resume: true }), thread);
  assert.equal(resumed.messages.at(-1).content, "deleted prod");
  assert.deepEqual(deleted, ["prod"]);
});

test("langchain: a Command a deferred tool returns updates the graph; returnDirect tools stay visible", async () => {
  const remember = tool(
    async ({ fact }, config) => new Command({ update: { messages: [new ToolMessage({ content: `noted: ${fact}`, tool_call_id: config?.toolCall?.id ?? "direct" })] } }),
    { name: "remember_fact", description: "Remember a fact for later.", schema: z.object({ fact: z.string() }) },
  );
  const finish = tool(async () => "final answer", { name: "finish", description: "Give the final answer.", schema: z.object({}), returnDirect: true });
  const { tools, ts, session } = await toolSearchTools([remember, finish], { contextLength: 500 });
  assert.deepEqual(tools.map((t) => t.name), ["finish", "tool_search", "tool_describe", "tool_call"]);
  // Called on `ts` itself, outside a graph, the Command is the call's JSON.
  const direct = await ts.toolCall({ calls: [{ name: "remember_fact", arguments: { fact: "x" } }] }, session);
  assert.equal(JSON.parse(direct).lg_name, "Command");
  const out = await toolGraph(tools).invoke({ messages: [bridgeCall([{ name: "remember_fact", arguments: { fact: "sky is blue" } }])] }, { configurable: { thread_id: "t2" } });
  assert.equal(out.messages.at(-1).content, "noted: sky is blue");
});

test("langchain: the bridge schemas take what the bridges read; host.executeTool is refused", async () => {
  const got = [];
  const lcTools = [
    tool(async (input) => { got.push(input); return "ok"; }, { name: "send_sms", description: "Send a text message.", schema: z.object({ to: z.string() }) }),
  ];
  const { tools } = await toolSearchTools(lcTools, { contextLength: 500 });
  const [search, , call] = tools;
  assert.equal(await call.invoke({ calls: [{ name: "send_sms", arguments: '{"to": "+1"}' }] }), "ok");
  assert.equal(await call.invoke({ calls: { name: "send_sms", arguments: { to: "+2" } } }), "ok");
  assert.equal(await call.invoke({ name: "send_sms", arguments: { to: "+3" } }), "ok");
  assert.deepEqual(got, [{ to: "+1" }, { to: "+2" }, { to: "+3" }]);
  assert.deepEqual(JSON.parse(await search.invoke({ queries: ["text message"], limit: "3" })).results[0].matches, ["send_sms"]);
  const ping = tool(async () => "pong", { name: "ping", description: "Ping the service.", schema: z.object({}) });
  const [, , callPing] = (await toolSearchTools([ping], { contextLength: 500 })).tools;
  assert.equal(await callPing.invoke({ calls: [{ name: "ping" }] }), "pong");
  await assert.rejects(toolSearchTools(lcTools, { host: { executeTool: () => "mine" } }), /host\.executeTool cannot be set/);
});

test("langchain: two tools of one name, or a tool named as a bridge, are refused with the name", async () => {
  const named = (name) => tool(async () => name, { name, description: `The ${name} tool.`, schema: z.object({}) });
  await assert.rejects(toolSearchTools([named("lookup"), named("lookup")]), /two tools are named 'lookup'/);
  await assert.rejects(toolSearchTools([named("tool_call")]), /a tool is named 'tool_call'/);
});

test("langchain: a rejected tool call is a ToolMessage of status error, and zod defaults stay optional", async () => {
  const got = [];
  const remind = tool(async (input) => { got.push(input); return "set"; }, {
    name: "remind", description: "Set a reminder after some minutes.", schema: z.object({ text: z.string(), minutes: z.number().default(5) }),
  });
  const { tools } = await toolSearchTools([remind], { contextLength: 500 });
  const call = tools.find((t) => t.name === "tool_call");
  assert.equal(await call.invoke({ calls: [{ name: "remind", arguments: { text: "stretch" } }] }), "set");
  assert.deepEqual(got, [{ text: "stretch", minutes: 5 }]);
  const refused = await call.invoke({ type: "tool_call", id: "c9", name: "tool_call", args: { calls: [{ name: "remind", arguments: {} }] } });
  assert.equal(refused.status, "error");
  assert.equal(refused.tool_call_id, "c9");
  assert.match(refused.content, /missing required argument\(s\): text/);
  const ran = await call.invoke({ type: "tool_call", id: "c10", name: "tool_call", args: { calls: [{ name: "remind", arguments: { text: "walk" } }] } });
  assert.equal(ran.status, "success");
});

test("langchain: a null list, a null entry or a schema JSON Schema cannot write is refused naming the tool", async () => {
  await assert.rejects(toolSearchTools(null), /takes a list of LangChain tools, not null/);
  await assert.rejects(toolSearchTools([null]), /the tool '#0' is null, not a tool/);
  // zod's BigInt has no JSON Schema: the tool is named, and why.
  const big = tool(async () => "ok", { name: "count_atoms", description: "Count.", schema: z.object({ n: z.bigint() }) });
  await assert.rejects(toolSearchTools([big]), /the schema of the tool 'count_atoms' cannot be read as JSON Schema \(BigInt cannot be represented/);
});

test("langchain: interruptOn pauses the graph before a deferred tool runs; the resume value is the verdict", async () => {
  const deleted = [];
  const deleteRepo = tool(async ({ repo }) => { deleted.push(repo); return `deleted ${repo}`; }, {
    name: "delete_repo", description: "Delete a git repository.", schema: z.object({ repo: z.string() }),
  });
  const listRepos = tool(async () => "prod, dev", { name: "list_repos", description: "List git repositories.", schema: z.object({}) });
  const { tools } = await toolSearchTools([deleteRepo, listRepos], { contextLength: 500, interruptOn: { delete_repo: true } });
  const graph = toolGraph(tools);
  const thread = { configurable: { thread_id: "approve" } };
  const paused = await graph.invoke({ messages: [bridgeCall([{ name: "delete_repo", arguments: { repo: "prod" } }])] }, thread);
  assert.deepEqual(paused.__interrupt__?.[0]?.value, { type: "tool_approval", name: "delete_repo", args: { repo: "prod" }, annotations: {} });
  assert.deepEqual(deleted, []);
  const resumed = await graph.invoke(new Command({ resume: true }), thread);
  assert.equal(resumed.messages.at(-1).content, "deleted prod");
  assert.deepEqual(deleted, ["prod"]);
  // Denied on resume: the model reads the reason, and the tool does not run.
  const denyThread = { configurable: { thread_id: "deny" } };
  await graph.invoke({ messages: [bridgeCall([{ name: "delete_repo", arguments: { repo: "dev" } }])] }, denyThread);
  const denied = await graph.invoke(new Command({ resume: { allow: false, reason: "dev is in use" } }), denyThread);
  const last = denied.messages.at(-1);
  assert.equal(last.status, "error");
  assert.match(last.content, /dev is in use/);
  assert.deepEqual(deleted, ["prod"]);
  // A tool interruptOn does not name runs without a pause.
  const listed = await graph.invoke({ messages: [bridgeCall([{ name: "list_repos", arguments: {} }])] }, { configurable: { thread_id: "list" } });
  assert.equal(listed.__interrupt__, undefined);
  assert.equal(listed.messages.at(-1).content, "prod, dev");
});

test("langchain: interruptOn as a function decides per call, from the arguments", async () => {
  const ran = [];
  const archive = tool(async ({ repo }) => { ran.push(repo); return "archived"; }, {
    name: "archive_repo", description: "Archive a git repository.", schema: z.object({ repo: z.string() }),
  });
  const { tools } = await toolSearchTools([archive], { contextLength: 500, interruptOn: (name, args) => args.repo === "prod" });
  const graph = toolGraph(tools);
  const dev = await graph.invoke({ messages: [bridgeCall([{ name: "archive_repo", arguments: { repo: "dev" } }])] }, { configurable: { thread_id: "f1" } });
  assert.equal(dev.__interrupt__, undefined);
  const prod = await graph.invoke({ messages: [bridgeCall([{ name: "archive_repo", arguments: { repo: "prod" } }])] }, { configurable: { thread_id: "f2" } });
  assert.equal(prod.__interrupt__?.[0]?.value.name, "archive_repo");
  assert.deepEqual(ran, ["dev"]);
});

test("langchain: turnOf names the turn of each bridge call, and the search guard counts its searches", async () => {
  const echo = tool(async () => "ok", { name: "echo_text", description: "Echo a text back.", schema: z.object({ text: z.string() }) });
  const { tools } = await toolSearchTools([echo], { contextLength: 500, config: { max_searches_per_turn: 1 }, turnOf: (config) => config?.configurable?.thread_id });
  const search = tools.find((t) => t.name === "tool_search");
  const call = (id, thread) => search.invoke({ type: "tool_call", id, name: "tool_search", args: { queries: ["echo"] } }, { configurable: { thread_id: thread } });
  assert.equal((await call("c1", "a")).status, "success");
  const refused = await call("c2", "a");
  assert.equal(refused.status, "error");
  assert.match(refused.content, /No more searches in this turn/);
  assert.equal((await call("c3", "b")).status, "success", "another thread is another turn");
});
