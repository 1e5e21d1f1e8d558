// tool_call, resolveToolCall and handle through the package (spec §10).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ToolSearch } from "toolsearch";
import { SKIP_SHARED, sharedDir, tool } from "./support.mjs";

const ticket = {
  name: "mcp__tracker__create_ticket",
  description: "Create a ticket",
  inputSchema: {
    type: "object",
    properties: {
      title: { type: "string" },
      priority: { type: "string", enum: ["low", "high"] },
      options: {
        type: "object",
        properties: { count: { type: "integer" } },
        required: ["count"],
        additionalProperties: false,
      },
    },
    required: ["title"],
  },
};
const session = {
  tools: [tool("terminal", "Run a command", ["command"]), tool("session_search", "Search sessions", ["query"]), ticket],
  toolsets: { mcp__tracker__create_ticket: "mcp-tracker", terminal: "terminal" },
};
const options = { coreTools: ["terminal", "session_search"], config: { defer: ["session_search"] } };

function recordingHost(result = (name, args) => ({ ok: true, name, args })) {
  const calls = [];
  return { calls, host: { executeTool: async (name, args, ctx) => { calls.push({ name, args, ctx }); return result(name, args); } } };
}

const one = (name, args) => ({ calls: [{ name, arguments: args }] });

test("resolveToolCall: local, connectors, error", () => {
  const ts = new ToolSearch(options);
  assert.deepEqual(ts.resolveToolCall(one(ticket.name, { title: "x" }), session), {
    kind: "local", name: ticket.name, arguments: { title: "x" },
  });
  assert.deepEqual(ts.resolveToolCall({ calls: [{ name: "connectors__gmail__SEND" }] }, session), {
    kind: "connectors", calls: [{ name: "connectors__gmail__SEND", arguments: {} }],
  });
  const batch = ts.resolveToolCall({
    calls: [{ name: "session_search", arguments: { query: "alpha" } }, { name: ticket.name, arguments: {} }],
  }, session);
  assert.equal(batch.kind, "error");
  assert.ok(batch.error.includes('Retry with only: {"calls":[{"name":"session_search","arguments":{"query":"alpha"}}]}'));
  assert.match(ts.resolveToolCall("{}", session).error, /requires 'calls'/);
});

test("a valid call runs through host.executeTool with coerced arguments and ctx", async () => {
  const { calls, host } = recordingHost(() => "created #7");
  const ts = new ToolSearch({ ...options, host });
  const ctx = { surface: "link" };
  const out = await ts.toolCall(one(ticket.name, { title: "Crash", options: '{"count": 2}' }), session, ctx);
  assert.equal(out, "created #7");
  assert.deepEqual(calls[0].args, { title: "Crash", options: { count: 2 } });
  assert.equal(calls[0].ctx, ctx);
  const legacy = await ts.toolCall({ name: "session_search", arguments: '{"query":"alpha"}' }, session);
  assert.equal(legacy, "created #7");
  assert.deepEqual(calls[1], { name: "session_search", args: { query: "alpha" }, ctx: {} });
});

test("results: strings as they are, other values as JSON, failures as error JSON", async () => {
  const run = async (executeTool) =>
    new ToolSearch({ ...options, host: { executeTool } }).toolCall(one(ticket.name, { title: "x" }), session);
  assert.equal(await run(() => ({ id: 7, ok: true })), '{"id":7,"ok":true}');
  assert.equal(await run(() => undefined), "null");
  assert.equal(await run(async () => [1, "two"]), '[1,"two"]');
  assert.deepEqual(JSON.parse(await run(() => { throw new Error("disk full"); })), {
    error: "tool 'mcp__tracker__create_ticket' failed: disk full",
  });
  assert.deepEqual(JSON.parse(await run(() => Promise.reject(new Error("timeout")))), {
    error: "tool 'mcp__tracker__create_ticket' failed: timeout",
  });
  const cyclic = {};
  cyclic.self = cyclic;
  assert.match(JSON.parse(await run(() => cyclic)).error, /failed: its result is not JSON/);
  const none = await new ToolSearch(options).toolCall(one(ticket.name, { title: "x" }), session);
  assert.match(JSON.parse(none).error, /does not run local tools/);
});

test("validation errors: exact shapes, nothing runs", async () => {
  const { calls, host } = recordingHost();
  const ts = new ToolSearch({ ...options, host });
  const cases = [
    [{ title: "t", options: { count: "lots" } }, "arguments.options.count", "type"],
    [{ title: "t", options: {} }, "arguments.options", "required"],
    [{ title: "t", options: { count: 1, extra: 1 } }, "arguments.options", "additionalProperties"],
    [{ title: "t", priority: "urgent" }, "arguments.priority", "enum"],
  ];
  for (const [args, path, constraint] of cases) {
    const out = JSON.parse(await ts.toolCall(one(ticket.name, args), session));
    assert.deepEqual(Object.keys(out), ["error", "path", "constraint", "parameters", "hint"]);
    assert.equal(out.path, path);
    assert.equal(out.constraint, constraint);
    assert.ok(out.error.startsWith(`tool_call to '${ticket.name}' failed argument validation at ${path} (${constraint}): `));
    assert.ok(out.error.endsWith("The tool was NOT invoked."));
    assert.deepEqual(out.parameters, ticket.inputSchema);
  }
  const missing = JSON.parse(await ts.toolCall(one(ticket.name, {}), session));
  assert.equal(missing.error, `tool_call to '${ticket.name}' is missing required argument(s): title. The tool was NOT invoked.`);
  assert.equal(calls.length, 0);
});

test("refusals and argument errors", async () => {
  // The spec's scope, where a visible tool is refused (under "session" it runs: guard.test.mjs).
  const ts = new ToolSearch({ ...options, config: { ...options.config, tool_call_scope: "deferred" }, host: recordingHost().host });
  const error = async (args) => JSON.parse(await ts.toolCall(args, session)).error;
  assert.match(await error(one("terminal", {})), /directly-listed tool.*call it directly/);
  assert.match(await error(one("create_ticket", {})), /Did you mean 'mcp__tracker__create_ticket'\?/);
  assert.match(await error(one("tool_call", {})), /itself a bridge tool/);
  assert.match(await error({ calls: [] }), /non-empty array/);
  assert.match(await error({ calls: "[nope" }), /`calls` is not valid JSON/);
  assert.match(await error({ calls: [{ arguments: {} }] }), /calls\[0\] requires a 'name'/);
  assert.match(await error({ calls: [{ name: "x", arguments: "[1]" }] }), /calls\[0\]\.arguments must be an object/);
  assert.equal(await error(one("connectors__gmail__SEND", {})), "Connectors are not available in this session.");
  assert.equal(
    await error(one("ghost_defer", {})),
    "'ghost_defer' is not a known tool name. Deferred tools need the exact name that tool_search returns (for example mcp__<server>__<tool>). Use tool_search to find it.",
  );
});

test("__proto__ and constructor keys reach the host as plain data", async () => {
  const { calls, host } = recordingHost(() => "ok");
  const ts = new ToolSearch({ ...options, host });
  const text = '{"calls":[{"name":"mcp__tracker__create_ticket","arguments":{"title":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"bad":1}}}}]}';
  assert.equal(await ts.toolCall(text, session), "ok");
  const args = calls[0].args;
  assert.ok(Object.hasOwn(args, "__proto__"));
  assert.deepEqual(args.__proto__, { polluted: true });
  assert.equal(Object.getPrototypeOf(args), Object.prototype);
  assert.equal({}.polluted, undefined);
  assert.equal({}.bad, undefined);
});

test("a host callback may call the same instance while a call is in flight", async () => {
  let ts;
  const host = {
    async executeTool(name, args) {
      const found = JSON.parse(await ts.toolSearch({ queries: ["ticket"] }, session));
      const described = JSON.parse(await ts.toolDescribe({ names: [ticket.name] }, session));
      const depth = args.options.count;
      const nested = depth > 0 ? await ts.toolCall(one(ticket.name, { title: "n", options: { count: depth - 1 } }), session) : "leaf";
      ts.assemble(session, {});
      return `${found.results[0].matches[0]}|${Object.keys(described.tools)[0]}|${nested}`;
    },
  };
  ts = new ToolSearch({ ...options, host });
  const out = await ts.toolCall(one(ticket.name, { title: "x", options: { count: 2 } }), session);
  assert.equal(out, `${ticket.name}|${ticket.name}|${ticket.name}|${ticket.name}|${ticket.name}|${ticket.name}|leaf`);
});

test("many concurrent calls on one instance keep their own results", async () => {
  const host = {
    executeTool: (name, args) => new Promise((resolve) => setTimeout(() => resolve(`done ${args.title}`), Math.random() * 20)),
  };
  const ts = new ToolSearch({ ...options, host });
  const titles = Array.from({ length: 300 }, (_, i) => `t${i}`);
  const outs = await Promise.all(titles.map((title) => ts.toolCall(one(ticket.name, { title }), session)));
  assert.deepEqual(outs, titles.map((t) => `done ${t}`));
});

test("handle dispatches the bridge names and returns null for others", async () => {
  const ts = new ToolSearch({ ...options, host: recordingHost(() => "ran").host });
  assert.equal(await ts.handle("terminal", {}, session), null);
  assert.equal(await ts.handle(42, {}, session), null);
  assert.deepEqual(JSON.parse(await ts.handle("tool_search", { queries: ["ticket"] }, session)).results[0].matches, [ticket.name]);
  assert.ok(JSON.parse(await ts.handle("tool_describe", { names: [ticket.name] }, session)).tools[ticket.name]);
  assert.equal(await ts.handle("tool_call", one(ticket.name, { title: "x" }), session), "ran");
});

test("a real catalog tool: GitHub create_issue, good and bad arguments", async (t) => {
  const dir = sharedDir();
  if (!dir) return t.skip(SKIP_SHARED);
  const { tools } = JSON.parse(readFileSync(join(dir, "catalogs", "github-legacy.json"), "utf8"));
  const github = { tools, toolsets: Object.fromEntries(tools.map((x) => [x.name, "mcp-github"])) };
  const { calls, host } = recordingHost(() => ({ number: 1 }));
  const ts = new ToolSearch({ host });
  const good = await ts.toolCall(one("create_issue", { owner: "octo", repo: "demo", title: "Bug", labels: "bug" }), github);
  assert.equal(good, '{"number":1}');
  assert.deepEqual(calls[0].args, { owner: "octo", repo: "demo", title: "Bug", labels: ["bug"] });
  const bad = JSON.parse(await ts.toolCall(one("create_issue", { owner: "octo", repo: 5, title: "t" }), github));
  assert.deepEqual([bad.path, bad.constraint], ["arguments.repo", "type"]);
  assert.equal(calls.length, 1);
});
