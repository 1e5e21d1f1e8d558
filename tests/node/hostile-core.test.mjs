// The library's own defects found by a hostile review, one test each:
// schemas whose validation cost doubled per `$ref` level, approvals that
// judged the model's raw arguments instead of those the tool runs with, a
// doubled period after a host's reason, a hint that called failed servers'
// tools listed, and large results held in the wasm memory.
// First, so that it sees the library's wasm instance made.
import { wasmMemory } from "./wasm-memory.mjs";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import assert from "node:assert/strict";
import { generateText, jsonSchema, stepCountIs, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { tool as langchainTool } from "@langchain/core/tools";
import { ToolSearch } from "toolsearch";
import { toolSearchTools as aiTools } from "toolsearch/ai";
import { toolSearchTools as langchainTools } from "toolsearch/langchain";
import { chatToolMessage, functionCallOutput } from "toolsearch/openai";
import { toolResult } from "toolsearch/anthropic";
import { doublingReferences } from "../../bench/hostile/core.mjs";

test("a schema whose every level refers to the next twice is checked within a budget, then runs unchecked", { timeout: 120_000 }, async () => {
  const ran = [];
  const ts = new ToolSearch({ host: { executeTool: async (name, args) => { ran.push(args); return "ran"; } } });
  const call = { calls: [{ name: "mcp__s__deep", arguments: { x: 5 } }] };
  const session = (levels) => ({ tools: [doublingReferences(levels)], toolsets: { mcp__s__deep: "mcp-s" } });
  // A few levels: checked, and the wrong type is refused.
  const refused = JSON.parse(await ts.toolCall(call, session(4)));
  assert.equal(refused.constraint, "type");
  assert.deepEqual(ran, []);
  // 40 levels are 2^40 applications of the leaf: past the budget the check
  // is skipped (it fails open; the server checks its own arguments) and the
  // tool runs. Before the budget this call blocked for minutes, until the
  // validator ran out of memory and trapped...
  assert.equal(await ts.toolCall(call, session(40)), "ran");
  assert.deepEqual(ran, [{ x: 5 }]);
  // ...and every later call went unchecked: the validator still refuses.
  assert.equal(JSON.parse(await ts.toolCall(call, session(4))).constraint, "type");
  assert.deepEqual(ran, [{ x: 5 }]);
});

/** A tool whose policy asks above 1,000 and whose schema takes numbers and booleans. */
const TRANSFER = {
  name: "mcp__bank__transfer",
  description: "Transfer money to an account.",
  inputSchema: { type: "object", properties: { amount: { type: "integer" }, confirm: { type: "boolean" } }, required: ["amount"] },
};
const TRANSFER_SESSION = { tools: [TRANSFER], toolsets: { mcp__bank__transfer: "mcp-bank" } };
/** What a model sends: numbers and booleans as text, which the bridge coerces before the tool runs. */
const AS_TEXT = { amount: "5000", confirm: "true" };

test("resolveToolCall gives a local call's arguments as tool_call runs them: coerced", () => {
  const ts = new ToolSearch();
  const call = { calls: [{ name: TRANSFER.name, arguments: AS_TEXT }] };
  assert.deepEqual(ts.resolveToolCall(call, TRANSFER_SESSION), { kind: "local", name: TRANSFER.name, arguments: { amount: 5000, confirm: true } });
  assert.deepEqual(ts.resolveToolCall(call, ts.prepare(TRANSFER_SESSION)).arguments, { amount: 5000, confirm: true });
  // A tool without a schema, or a deferred name with no tool, keeps what was sent.
  const bare = { tools: [{ name: "mcp__s__bare", description: "Bare" }], toolsets: { mcp__s__bare: "mcp-s", mcp__s__other: "mcp-s" } };
  assert.deepEqual(ts.resolveToolCall({ calls: [{ name: "mcp__s__bare", arguments: AS_TEXT }] }, bare).arguments, AS_TEXT);
  assert.deepEqual(ts.resolveToolCall({ calls: [{ name: "mcp__s__other", arguments: AS_TEXT }] }, bare).arguments, AS_TEXT);
});

test("host.approve sees the coerced arguments, through the core and through the OpenAI and Anthropic adapters", async () => {
  const asked = [];
  const ran = [];
  const ts = new ToolSearch({
    host: {
      executeTool: async (name, args) => { ran.push(args); return "sent"; },
      approve: (name, args) => { asked.push(args); return args.amount > 1000 ? { allow: false, reason: "over the limit" } : true; },
    },
  });
  const call = { calls: [{ name: TRANSFER.name, arguments: AS_TEXT }] };
  assert.match(JSON.parse(await ts.toolCall(call, TRANSFER_SESSION)).error, /over the limit/);
  const chat = await chatToolMessage(ts, TRANSFER_SESSION, { id: "c1", type: "function", function: { name: "tool_call", arguments: JSON.stringify(call) } });
  assert.match(chat.content, /over the limit/);
  const responses = await functionCallOutput(ts, TRANSFER_SESSION, { type: "function_call", call_id: "r1", name: TRANSFER.name, arguments: JSON.stringify(AS_TEXT) });
  assert.match(responses.output, /over the limit/);
  const messages = await toolResult(ts, TRANSFER_SESSION, { id: "u1", name: "tool_call", input: call });
  assert.equal(messages.is_error, true);
  assert.deepEqual(asked, Array(4).fill({ amount: 5000, confirm: true }));
  assert.deepEqual(ran, []);
});

test("ai: needsApproval judges the arguments the tool runs with, not the model's text", async () => {
  const ran = [];
  const policy = [];
  const { tools } = await aiTools({
    transfer: tool({
      description: "Transfer money to an account.",
      inputSchema: z.object({ amount: z.number().int(), confirm: z.boolean().optional() }),
      needsApproval: async ({ amount }) => { policy.push(amount); return amount > 1000; },
      execute: async ({ amount }) => { ran.push(amount); return "sent"; },
    }),
  }, { contextLength: 2000 });
  const input = { calls: [{ name: "transfer", arguments: AS_TEXT }] };
  // The tool's own schema rejects "5000", but the bridge runs 5000: ask.
  assert.equal(await tools.tool_call.needsApproval(input, { toolCallId: "x", messages: [] }), true);
  assert.deepEqual(policy, [5000]);
  // Through generateText: the SDK asks, and nothing runs unasked.
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
  const step = (content, unified) => ({ content, finishReason: { unified, raw: unified }, usage, warnings: [] });
  const model = new MockLanguageModelV4({
    doGenerate: [
      step([{ type: "tool-call", toolCallId: "1", toolName: "tool_call", input: JSON.stringify(input) }], "tool-calls"),
      step([{ type: "text", text: "done" }], "stop"),
    ],
  });
  const result = await generateText({ model, tools, prompt: "send 5000", stopWhen: stepCountIs(3) });
  assert.equal(result.content.filter((part) => part.type === "tool-approval-request").length, 1);
  assert.deepEqual(ran, []);
  // A call whose coerced arguments its schema still rejects cannot run (its execute is never reached): no question.
  assert.equal(await tools.tool_call.needsApproval({ calls: [{ name: "transfer", arguments: { amount: "lots" } }] }, { toolCallId: "y", messages: [] }), false);
  await assert.rejects(tools.tool_call.execute({ calls: [{ name: "transfer", arguments: { amount: "lots" } }] }, { toolCallId: "y", messages: [] }), /arguments\.amount/);
  assert.deepEqual(ran, []);
  // A JSON-schema tool: the same.
  const json = await aiTools({
    transfer: tool({
      description: "Transfer money to an account.",
      inputSchema: jsonSchema(TRANSFER.inputSchema),
      needsApproval: async ({ amount }) => amount > 1000,
      execute: async () => "sent",
    }),
  }, { contextLength: 2000 });
  assert.equal(await json.tools.tool_call.needsApproval(input, { toolCallId: "z", messages: [] }), true);
});

test("langchain: interruptOn judges the coerced arguments", async () => {
  const ran = [];
  const transfer = langchainTool(async ({ amount }) => { ran.push(amount); return "sent"; }, {
    name: "transfer", description: "Transfer money to an account.", schema: z.object({ amount: z.number().int(), confirm: z.boolean().optional() }),
  });
  const judged = [];
  const { tools } = await langchainTools([transfer], {
    contextLength: 500,
    interruptOn: (name, args) => { judged.push(args); return false; },
  });
  const call = tools.find((t) => t.name === "tool_call");
  assert.equal(await call.invoke({ calls: [{ name: "transfer", arguments: AS_TEXT }] }), "sent");
  assert.deepEqual(judged, [{ amount: 5000, confirm: true }]);
  assert.deepEqual(ran, [5000]);
});

test("a host's reason that ends its sentence is not followed by a second period", async () => {
  const reason = "The user declined this call when asked to approve it.";
  const ts = new ToolSearch({ host: { executeTool: async () => "sent", approve: () => ({ allow: false, reason }) } });
  const { error } = JSON.parse(await ts.toolCall({ calls: [{ name: TRANSFER.name, arguments: { amount: 5 } }] }, TRANSFER_SESSION));
  assert.match(error, /approve it\. The tool was NOT invoked;/);
  assert.doesNotMatch(error, /\.\./);
});

test("when every server failed to start, an empty search says the sources are unavailable, not that the tools are listed", async () => {
  const session = {
    tools: [],
    declaredSources: [
      { name: "github", unavailable: "github did not start (exit 1). Check its command in servers.json." },
      { name: "slack", unavailable: "slack did not start (exit 1). Check its command in servers.json." },
    ],
  };
  for (const ranking of ["enhanced", "reference"]) {
    const out = JSON.parse(await new ToolSearch({ config: { ranking } }).toolSearch({ queries: ["post a message"] }, session));
    const [group] = out.results;
    assert.match(group.hint, /every source of deferred tools is unavailable/, ranking);
    assert.doesNotMatch(group.hint, /every tool there is/);
    assert.deepEqual(group.available_sources.map((s) => s.name), ["github", "slack"]);
  }
});

test("a 40 MiB tool result passes through without growing the wasm memory", async () => {
  const big = "x".repeat(40 * 1024 * 1024);
  const session = { tools: [{ name: "mcp__s__t", description: "T", inputSchema: { type: "object" } }], toolsets: { mcp__s__t: "mcp-s" } };
  const call = { calls: [{ name: "mcp__s__t", arguments: {} }] };
  await new ToolSearch({ host: { executeTool: async () => "small" } }).toolCall(call, session);
  const memory = wasmMemory();
  assert.ok(memory !== null, "the library's instance was seen");
  const before = memory.buffer.byteLength;
  const text = new ToolSearch({ host: { executeTool: async () => big } });
  assert.equal((await text.toolCall(call, session)).length, big.length);
  const object = new ToolSearch({ host: { executeTool: async () => ({ data: big }) } });
  const answer = await object.answer("tool_call", call, session);
  assert.equal(answer?.kind, "tool");
  assert.equal(answer.text.length, big.length + 11);
  assert.equal(answer.result.data, big);
  // Before, each result was copied in: +45 MiB that the memory kept.
  assert.ok(memory.buffer.byteLength - before < 4 * 1024 * 1024, `grew by ${memory.buffer.byteLength - before} bytes`);
});

test("fromMcpServers imports many servers in one pass: 20,000 servers of one tool each", () => {
  // Each server's import read the names of every server before it: 20,000
  // servers took minutes of one synchronous call, so it runs in a child
  // that is stopped after a minute. A server named like another gets a suffix.
  const script = `
    const { ToolSearch } = require("toolsearch");
    const count = 20000;
    const servers = Object.fromEntries(Array.from({ length: count }, (_, i) => ["s." + i, { tools: [{ name: "t", inputSchema: { type: "object" } }] }]));
    servers.s_0 = [{ name: "t" }];
    const session = ToolSearch.fromMcpServers(servers);
    process.stdout.write(JSON.stringify({
      tools: session.tools.length, distinct: new Set(session.tools.map((t) => t.name)).size, last: session.tools.at(-1).name,
      origin: session.origins.mcp__s_0_2__t, toolset: session.toolsets.mcp__s_19999__t, merged: "toolset" in session, warning: session.warnings[0],
    }));`;
  const child = spawnSync(process.execPath, ["-e", script], { cwd: import.meta.dirname, timeout: 60_000, encoding: "utf8" });
  assert.equal(child.signal, null, "the import did not end within a minute");
  const out = JSON.parse(child.stdout);
  assert.deepEqual(out, {
    tools: 20_001, distinct: 20_001, last: "mcp__s_0_2__t", origin: { server: "s_0", tool: "t" }, toolset: "mcp-s_19999", merged: false,
    warning: "server 's_0': its tools are named mcp__s_0_2__*, since mcp__s_0__* names are taken",
  });
});
