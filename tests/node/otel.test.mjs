// toolsearch/otel: each event of `host.onEvent` becomes one span of a fake
// tracer, with its name, times, attributes and status; then the events of a
// real turn (search, the guard's step, describe, call) through the package.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { otelEventHandler } from "toolsearch/otel";
import { tool } from "./support.mjs";

/** A tracer that records its spans: name, options, status and end time. */
function fakeTracer() {
  const spans = [];
  const tracer = {
    startSpan(name, options) {
      const span = { name, startTime: options.startTime, attributes: options.attributes, status: null, endTime: null };
      spans.push(span);
      return {
        setStatus(status) {
          span.status = status;
        },
        end(endTime) {
          assert.equal(span.endTime, null, "a span ends once");
          span.endTime = endTime;
        },
      };
    },
  };
  return { tracer, spans };
}

const TIME = 1_750_000_000_000;

test("each event kind is one span with its name, times, attributes and status", () => {
  const { tracer, spans } = fakeTracer();
  const onEvent = otelEventHandler(tracer, { attributes: { "gen_ai.agent.name": "helper", "gen_ai.operation.name": "overridden" } });
  const events = [
    {
      type: "search", turn: "t1", ms: 12, time: TIME, connectors: "answered",
      queries: ["write file", "send a fax"],
      groups: [
        { query: "write file", confidence: "high", matches: ["fs__write", "fs__edit"], empty: false, repeated: false },
        { query: "send a fax", confidence: null, matches: [], empty: true, repeated: true },
      ],
    },
    { type: "describe", ms: 1, time: TIME + 20, names: ["fs__write", "nope"], found: ["fs__write"] },
    { type: "call", turn: "t1", ms: 30, time: TIME + 60, calls: [{ name: "fs__write", arguments: { path: "a" }, ran: true }] },
    { type: "call", ms: 2, time: TIME + 70, error: "missing_arguments", calls: [{ name: "fs__write", ran: false, error: "missing_arguments" }] },
    {
      type: "call", ms: 40, time: TIME + 120,
      calls: [{ name: "connectors__a", ran: false, error: "AUTH_REQUIRED" }, { name: "connectors__b", ran: false, error: "TIMEOUT" }],
    },
    { type: "call", ms: 40, time: TIME + 130, calls: [{ name: "connectors__a", ran: true }, { name: "connectors__b", ran: false, error: "TIMEOUT" }] },
    { type: "manage", ms: 5, time: TIME + 140, action: "status" },
    { type: "guard", turn: "t1", ms: 0, time: TIME + 150, action: "refused", queries: ["anything"] },
  ];
  for (const event of events) onEvent(event);
  // What is no event makes no span.
  for (const junk of [null, "search", { type: "other", ms: 0, time: TIME }]) onEvent(junk);
  assert.equal(spans.length, events.length);
  spans.forEach((span, i) => {
    assert.equal(span.startTime, events[i].time - events[i].ms, span.name);
    assert.equal(span.endTime, events[i].time, span.name);
    assert.equal(span.attributes["gen_ai.agent.name"], "helper", "the shared attributes are on every span");
  });
  const [search, describe, call, refused, batch, partly, manage, guard] = spans;

  assert.equal(search.name, "tool_search");
  assert.deepEqual(search.attributes, {
    "gen_ai.agent.name": "helper",
    "gen_ai.operation.name": "tool_search",
    "toolsearch.queries": ["write file", "send a fax"],
    "toolsearch.groups.confidence": ["high", ""],
    "toolsearch.groups.matches": [2, 0],
    "toolsearch.groups.empty": [false, true],
    "toolsearch.groups.repeated": [false, true],
    "toolsearch.connectors": "answered",
    "toolsearch.turn": "t1",
  });
  assert.equal(search.status, null);

  assert.equal(describe.name, "tool_describe");
  assert.equal(describe.attributes["gen_ai.operation.name"], "tool_describe");
  assert.deepEqual(describe.attributes["toolsearch.names"], ["fs__write", "nope"]);
  assert.deepEqual(describe.attributes["toolsearch.found"], ["fs__write"]);
  assert.equal("toolsearch.turn" in describe.attributes, false);

  // A single call follows the GenAI conventions' execute_tool span.
  assert.equal(call.name, "execute_tool fs__write");
  assert.deepEqual(call.attributes, {
    "gen_ai.agent.name": "helper",
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": "fs__write",
    "gen_ai.tool.call.arguments": '{"path":"a"}',
    "toolsearch.calls.names": ["fs__write"],
    "toolsearch.calls.ran": [true],
    "toolsearch.calls.errors": [""],
    "toolsearch.turn": "t1",
  });
  assert.equal(call.status, null);

  // An error: error.type and an error status (SpanStatusCode.ERROR = 2); no arguments unless the event has them.
  assert.equal(refused.attributes["error.type"], "missing_arguments");
  assert.deepEqual(refused.status, { code: 2, message: "missing_arguments" });
  assert.equal("gen_ai.tool.call.arguments" in refused.attributes, false);

  // A batch names no single tool; one whose every call failed is an error, one with a success is not.
  assert.equal(batch.name, "execute_tool");
  assert.equal("gen_ai.tool.name" in batch.attributes, false);
  assert.deepEqual(batch.attributes["toolsearch.calls.names"], ["connectors__a", "connectors__b"]);
  assert.deepEqual(batch.attributes["toolsearch.calls.ran"], [false, false]);
  assert.deepEqual(batch.attributes["toolsearch.calls.errors"], ["AUTH_REQUIRED", "TIMEOUT"]);
  assert.equal(batch.attributes["error.type"], "AUTH_REQUIRED");
  assert.deepEqual(batch.status, { code: 2, message: "AUTH_REQUIRED" });
  assert.equal(partly.status, null);
  assert.equal("error.type" in partly.attributes, false);

  assert.equal(manage.name, "manage_connections");
  assert.equal(manage.attributes["toolsearch.action"], "status");

  assert.equal(guard.name, "tool_search_guard");
  assert.equal(guard.startTime, guard.endTime);
  assert.equal(guard.attributes["toolsearch.guard.action"], "refused");
  assert.deepEqual(guard.attributes["toolsearch.queries"], ["anything"]);
  assert.equal(guard.attributes["toolsearch.turn"], "t1");
});

test("arguments that are not JSON leave out gen_ai.tool.call.arguments, and the span is still made", () => {
  const { tracer, spans } = fakeTracer();
  const cyclic = {};
  cyclic.self = cyclic;
  otelEventHandler(tracer)({ type: "call", ms: 1, time: TIME, calls: [{ name: "x", arguments: cyclic, ran: true }] });
  assert.equal(spans.length, 1);
  assert.equal("gen_ai.tool.call.arguments" in spans[0].attributes, false);
});

test("a real turn through the package: search, the guard's step, describe and call become spans", async () => {
  const { tracer, spans } = fakeTracer();
  const session = {
    tools: [tool("mcp__kv__set", "Set a key to a value", ["key", "value"]), tool("mcp__kv__get", "Get a key's value", ["key"])],
    toolsets: { mcp__kv__set: "mcp-kv", mcp__kv__get: "mcp-kv" },
  };
  const executeTool = () => "stored";
  const ts = new ToolSearch({ host: { executeTool, onEvent: otelEventHandler(tracer), eventArguments: true } });
  const turn = { turn: "t1" };
  await ts.toolSearch({ queries: ["set a key"] }, session, turn);
  await ts.toolSearch({ queries: ["store a key value"] }, session, turn);
  await ts.toolDescribe({ names: ["mcp__kv__set"] }, session, turn);
  await ts.toolCall({ calls: [{ name: "mcp__kv__set", arguments: { key: "a", value: "b" } }] }, session, turn);
  await ts.toolCall({ calls: [{ name: "mcp__kv__set", arguments: {} }] }, session, turn);
  assert.deepEqual(spans.map((span) => span.name), [
    "tool_search", "tool_search", "tool_search_guard", "tool_describe", "execute_tool mcp__kv__set", "execute_tool mcp__kv__set",
  ]);
  const [first, , guard, describe, ran, refused] = spans;
  assert.ok(first.attributes["toolsearch.groups.matches"][0] >= 1);
  assert.equal(first.attributes["toolsearch.turn"], "t1");
  assert.equal(guard.attributes["toolsearch.guard.action"], "shortened");
  assert.deepEqual(describe.attributes["toolsearch.found"], ["mcp__kv__set"]);
  assert.equal(ran.attributes["gen_ai.tool.call.arguments"], '{"key":"a","value":"b"}');
  assert.equal(ran.status, null);
  assert.equal(refused.attributes["error.type"], "missing_arguments");
  assert.equal(refused.status.code, 2);
  for (const span of spans) assert.ok(span.startTime <= span.endTime && span.endTime <= Date.now());
});
