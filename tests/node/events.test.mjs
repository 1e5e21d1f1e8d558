// host.onEvent: one event per bridge call, made from what the engine says
// beside the model's text, and one more when the search guard steps in; a
// handler that throws changes no answer; argument values only on request;
// summarizeEvents sums a session up.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { tool as aiTool, jsonSchema } from "ai";
import { ToolSearch, summarizeEvents } from "toolsearch";
import { toolSearchTools } from "toolsearch/ai";
import { callbacks, connectorSession, startGateway } from "./gateway.mjs";
import { tool } from "./support.mjs";

let gateway;
before(async () => {
  gateway = await startGateway();
});
after(() => gateway.close());

const schema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
const session = {
  tools: [
    { name: "mcp__files__read_file", description: "Read a file from disk", inputSchema: schema },
    { name: "mcp__files__write_file", description: "Write a file to disk", inputSchema: schema },
    tool("mcp__mail__send_email", "Send an email", ["to"]),
  ],
  toolsets: { mcp__files__read_file: "mcp-files", mcp__files__write_file: "mcp-files", mcp__mail__send_email: "mcp-mail" },
};

/** A ToolSearch whose events land in the returned list. */
function recorded(options = {}) {
  const events = [];
  const ts = new ToolSearch({ ...options, host: { executeTool: async () => "ran", ...options.host, onEvent: (event) => events.push(event) } });
  return { ts, events };
}

test("each bridge call makes one event of its kind, from what the engine answered", async () => {
  const { ts, events } = recorded({ config: { max_searches_per_turn: 5 } });
  const ctx = { turn: "t1" };
  await ts.answer("tool_search", { queries: ["read a file", "fax a letter to the tax office"] }, session, ctx);
  await ts.answer("tool_describe", { names: ["mcp__files__read_file", "nope"] }, session, ctx);
  await ts.answer("tool_call", { calls: [{ name: "mcp__files__read_file", arguments: { path: "/etc/secret" } }] }, session, ctx);
  await ts.answer("tool_call", { calls: [{ name: "mcp__files__read_file", arguments: {} }] }, session, ctx);
  await ts.runTool("mcp__files__write_file", { path: "a" }, session, ctx);
  assert.deepEqual(events.map((e) => e.type), ["search", "describe", "call", "call", "call"]);
  for (const event of events) {
    assert.equal(event.turn, "t1");
    assert.ok(event.ms >= 0 && Number.isFinite(event.ms));
    assert.ok(Math.abs(event.time - Date.now()) < 60_000);
  }
  const [search, describe, ran, refused, loaded] = events;
  assert.deepEqual(search.queries, ["read a file", "fax a letter to the tax office"]);
  assert.equal(search.groups[0].matches[0], "mcp__files__read_file");
  assert.equal(search.groups[0].confidence, "high");
  assert.equal(search.groups[0].empty, false);
  assert.equal(search.groups[1].confidence, "low");
  assert.equal(search.connectors, null, "no gateway: no leg");
  assert.deepEqual(describe.names, ["mcp__files__read_file", "nope"]);
  assert.deepEqual(describe.found, ["mcp__files__read_file"]);
  assert.deepEqual(ran.calls, [{ name: "mcp__files__read_file", ran: true }]);
  assert.deepEqual(refused.calls, [{ name: "mcp__files__read_file", ran: false, error: "missing_arguments" }]);
  assert.equal(refused.error, "missing_arguments");
  assert.deepEqual(loaded.calls, [{ name: "mcp__files__write_file", ran: true }]);
  // No argument value is in any event unless the host asks.
  assert.doesNotMatch(JSON.stringify(events), /\/etc\/secret/);
});

test("with eventArguments, a call's event carries its arguments", async () => {
  const { ts, events } = recorded({ host: { eventArguments: true } });
  await ts.answer("tool_call", { calls: [{ name: "mcp__files__read_file", arguments: { path: "/tmp/a" } }] }, session);
  assert.deepEqual(events[0].calls, [{ name: "mcp__files__read_file", arguments: { path: "/tmp/a" }, ran: true }]);
  assert.equal("turn" in events[0], false, "no ctx.turn, no turn");
});

test("the search guard's steps are events of their own", async () => {
  const { ts, events } = recorded({ config: { max_searches_per_turn: 2 } });
  const ctx = { turn: "looping" };
  await ts.answer("tool_search", { queries: ["read a file"] }, session, ctx);
  await ts.answer("tool_search", { queries: ["read file from disk"] }, session, ctx);
  await ts.answer("tool_search", { queries: ["open a file"] }, session, ctx);
  const guard = events.filter((e) => e.type === "guard");
  assert.deepEqual(guard.map((e) => [e.action, e.turn]), [["shortened", "looping"], ["refused", "looping"]]);
  assert.deepEqual(guard[0].queries, ["read file from disk"]);
  assert.equal(events.at(-2).error, "search_limit");
});

test("a handler that throws changes no answer, and answers are the same with events or without", async () => {
  const quiet = new ToolSearch({ host: { executeTool: async () => "ran" } });
  const loud = new ToolSearch({ host: { executeTool: async () => "ran", onEvent: () => { throw new Error("boom"); } } });
  for (const [name, args] of [
    ["tool_search", { queries: ["read a file", "send email"] }],
    ["tool_describe", { names: ["mcp__files__read_file"] }],
    ["tool_call", { calls: [{ name: "mcp__files__read_file", arguments: { path: "a" } }] }],
    ["tool_search", { queries: 3 }],
  ]) {
    assert.deepEqual(await loud.answer(name, args, session), await quiet.answer(name, args, session), name);
  }
});

test("a connector batch's event says how each entry went", async () => {
  const { ts, events } = recorded({ coreTools: ["manage_connections"], host: { gateway: callbacks(gateway) } });
  const calls = [
    { name: "connectors__gmail__GMAIL_SEND_EMAIL", arguments: { to: "a", subject: "b" } },
    { name: "connectors__notion__NOTION_CREATE_PAGE", arguments: {} },
  ];
  await ts.answer("tool_call", { calls }, connectorSession);
  assert.deepEqual(events[0].calls.map((c) => [c.name, c.ran, c.error ?? null]), [
    ["connectors__gmail__GMAIL_SEND_EMAIL", true, null],
    ["connectors__notion__NOTION_CREATE_PAGE", false, "CONNECTION_REQUIRED"],
  ]);
  await ts.answer("tool_search", { queries: ["send email"] }, connectorSession);
  assert.equal(events[1].connectors, "answered");
});

test("the AI SDK adapter passes host.onEvent through", async () => {
  const events = [];
  const toolSet = {
    read_file: aiTool({ description: "Read a file from disk", inputSchema: jsonSchema(schema), execute: async () => "ran" }),
  };
  const { tools } = await toolSearchTools(toolSet, { host: { onEvent: (event) => events.push(event) } });
  await tools.tool_search.execute({ queries: ["read a file"] }, { toolCallId: "1", messages: [] });
  assert.deepEqual(events.map((e) => e.type), ["search"]);
});

test("summarizeEvents: searches per turn, what came back low or empty and what came closest, found but not called, the guard", async () => {
  const { ts, events } = recorded({ config: { max_searches_per_turn: 2 } });
  for (const turn of ["a", "b"]) {
    await ts.answer("tool_search", { queries: ["send a fax to the tax office"] }, session, { turn });
    await ts.answer("tool_search", { queries: ["read a file"] }, session, { turn });
    await ts.answer("tool_call", { calls: [{ name: "mcp__files__read_file", arguments: { path: "a" } }] }, session, { turn });
  }
  await ts.answer("tool_search", { queries: ["read a file"] }, session, { turn: "b" });
  const summary = summarizeEvents([...events, "not an event", null]);
  assert.equal(summary.searches, 5);
  assert.deepEqual(summary.searchesPerTurn, { turns: 2, mean: 2.5, max: 3 });
  assert.equal(summary.unanswered[0].request, "send a fax to the tax office");
  assert.equal(summary.unanswered[0].count, 2);
  assert.ok(summary.unanswered[0].closest.length > 0);
  assert.deepEqual(summary.calledMost, [{ name: "mcp__files__read_file", calls: 2, failed: 0 }]);
  assert.ok(summary.foundNeverCalled.every((t) => t.name !== "mcp__files__read_file"));
  assert.equal(summary.guard.refused, 1);
  assert.deepEqual(summary.groups, { total: 4, low: 2, empty: 0, lowOrEmptyShare: 0.5 });
  assert.deepEqual(summarizeEvents(events), summary, "the same events, the same summary");
});
