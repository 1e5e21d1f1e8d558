// One conversation carried across providers: OpenAI (Chat Completions), then
// Anthropic, then the AI SDK, then OpenAI again (Responses) and Anthropic
// again, each step with the real SDK and a scripted model (no network). The
// bridges are plain function tools, so the history holds nothing one provider
// wrote for itself (no tool_reference, no tool_search_call): each request is
// valid for the SDK that sends it, and the bridges answer as in a
// conversation that never switched.
import { test } from "node:test";
import assert from "node:assert/strict";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { generateText, jsonSchema, stepCountIs, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { toolSearchTools } from "toolsearch/ai";
import { messagesTools, toolResult } from "toolsearch/anthropic";
import { chatToolMessage, chatTools, functionCallOutput, responsesTools } from "toolsearch/openai";

const contextLength = 2000;

/**
 * The history as a host that switches providers keeps it: user text,
 * the model's calls, and their results.
 * @typedef {{ kind: "user", text: string }
 *   | { kind: "calls", calls: { id: string, name: string, input: object }[] }
 *   | { kind: "results", results: { id: string, name: string, text: string, error: boolean }[] }
 *   | { kind: "text", text: string }} Entry
 */

/** The history as Chat Completions messages. */
const toChat = (history) =>
  history.flatMap((entry) => {
    if (entry.kind === "user") return [{ role: "user", content: entry.text }];
    if (entry.kind === "text") return [{ role: "assistant", content: entry.text }];
    if (entry.kind === "calls") {
      const tool_calls = entry.calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: JSON.stringify(c.input) } }));
      return [{ role: "assistant", content: null, tool_calls }];
    }
    return entry.results.map((r) => ({ role: "tool", tool_call_id: r.id, content: r.text }));
  });

/** The history as Responses API input items. */
const toResponses = (history) =>
  history.flatMap((entry) => {
    if (entry.kind === "user") return [{ role: "user", content: entry.text }];
    if (entry.kind === "text") return [{ role: "assistant", content: entry.text }];
    if (entry.kind === "calls") return entry.calls.map((c) => ({ type: "function_call", call_id: c.id, name: c.name, arguments: JSON.stringify(c.input) }));
    return entry.results.map((r) => ({ type: "function_call_output", call_id: r.id, output: r.text }));
  });

/** The history as Anthropic messages: results are the user's turn, errors flagged. */
const toMessages = (history) =>
  history.map((entry) => {
    if (entry.kind === "user") return { role: "user", content: entry.text };
    if (entry.kind === "text") return { role: "assistant", content: entry.text };
    if (entry.kind === "calls") return { role: "assistant", content: entry.calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.input })) };
    const content = entry.results.map((r) => ({ type: "tool_result", tool_use_id: r.id, content: r.text, ...(r.error ? { is_error: true } : {}) }));
    return { role: "user", content };
  });

/** The history as AI SDK model messages. */
const toAi = (history) =>
  history.map((entry) => {
    if (entry.kind === "user") return { role: "user", content: entry.text };
    if (entry.kind === "text") return { role: "assistant", content: entry.text };
    if (entry.kind === "calls") return { role: "assistant", content: entry.calls.map((c) => ({ type: "tool-call", toolCallId: c.id, toolName: c.name, input: c.input })) };
    const content = entry.results.map((r) => ({
      type: "tool-result", toolCallId: r.id, toolName: r.name, output: { type: r.error ? "error-text" : "text", value: r.text },
    }));
    return { role: "tool", content };
  });

/**
 * Calls and their results, in order: each call answered before the next
 * turn of the model, and only by a result of a call it made.
 * @param {Array<{ calls?: { id: string, name: string }[], results?: string[] }>} turns
 * @param {Set<string>} offered
 */
function assertPaired(turns, offered) {
  const open = new Set();
  for (const { calls = [], results = [] } of turns) {
    if (calls.length > 0) assert.equal(open.size, 0, "a call is answered before the model's next turn");
    for (const call of calls) {
      assert.ok(offered.has(call.name), `${call.name} is offered`);
      open.add(call.id);
    }
    for (const id of results) assert.ok(open.delete(id), `the result ${id} answers a call`);
  }
  assert.equal(open.size, 0, "every call has its result");
}

/** Nothing a provider's own deferred loading wrote for itself. */
const assertPlain = (body) => assert.doesNotMatch(JSON.stringify(body), /tool_reference|tool_search_call|tool_search_output|defer_loading/);

function assertChatRequest(body) {
  assertPlain(body);
  const turns = body.messages.map((m) => {
    if (m.tool_calls) for (const c of m.tool_calls) assert.equal(typeof JSON.parse(c.function.arguments), "object");
    return { calls: m.tool_calls?.map((c) => ({ id: c.id, name: c.function.name })), results: m.role === "tool" ? [m.tool_call_id] : [] };
  });
  assertPaired(turns, new Set(body.tools.map((t) => t.function.name)));
}

function assertResponsesRequest(body) {
  assertPlain(body);
  const turns = body.input.map((item) => ({
    calls: item.type === "function_call" ? [{ id: item.call_id, name: item.name }] : [],
    results: item.type === "function_call_output" ? [item.call_id] : [],
  }));
  // Parallel calls of one response sit side by side: pair per call, not per item.
  const calls = turns.flatMap((t) => t.calls);
  assertPaired([{ calls }, { results: turns.flatMap((t) => t.results) }], new Set(body.tools.map((t) => t.name)));
}

function assertMessagesRequest(body) {
  assertPlain(body);
  assert.ok(body.tools.every((t) => t.input_schema.type === "object"));
  body.messages.forEach((m, i) => assert.equal(m.role, i % 2 === 0 ? "user" : "assistant", "roles alternate, user first"));
  const blocks = (m) => (Array.isArray(m.content) ? m.content : []);
  const turns = body.messages.map((m) => ({
    calls: blocks(m).filter((b) => b.type === "tool_use").map((b) => {
      assert.match(b.id, /^[a-zA-Z0-9_-]+$/, "Anthropic's tool_use id pattern");
      assert.equal(typeof b.input, "object");
      return { id: b.id, name: b.name };
    }),
    results: blocks(m).filter((b) => b.type === "tool_result").map((b) => b.tool_use_id),
  }));
  assertPaired(turns, new Set(body.tools.map((t) => t.name)));
}

function assertAiPrompt(call) {
  const turns = call.prompt.map((m) => ({
    calls: m.role === "assistant" ? m.content.filter((p) => p.type === "tool-call").map((p) => ({ id: p.toolCallId, name: p.toolName })) : [],
    results: m.role === "tool" ? m.content.filter((p) => p.type === "tool-result").map((p) => p.toolCallId) : [],
  }));
  assertPaired(turns, new Set(call.tools.map((t) => t.name)));
}

/** A fetch that answers with `body`, recording what was sent. */
function scripted(body) {
  const sent = [];
  const fetch = async (_url, init) => {
    sent.push(JSON.parse(init.body));
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch, sent };
}

const anthropicReply = (content, stop_reason) => ({
  id: "m", type: "message", role: "assistant", model: "mock", content, stop_reason, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 },
});

test("one conversation moves from OpenAI to Anthropic to the AI SDK and back, and the bridges answer throughout", async () => {
  const sent = [];
  const object = (properties, required) => jsonSchema({ type: "object", properties, required });
  // One catalog and one executor for every provider: the AI SDK adapter's.
  const { tools: aiTools, ts, session } = await toolSearchTools({
    send_email: tool({
      description: "Send an email message to a recipient.",
      inputSchema: object({ to: { type: "string" }, subject: { type: "string" } }, ["to", "subject"]),
      execute: async (input) => { sent.push(input); return "sent"; },
    }),
    list_files: tool({ description: "List the files of a folder.", inputSchema: object({ path: { type: "string" } }, ["path"]), execute: async () => [] }),
    weather: tool({ description: "Current weather for a city.", inputSchema: object({ city: { type: "string" } }, ["city"]), execute: async () => "clear" }),
  }, { contextLength });
  /** @type {Entry[]} */
  const history = [{ kind: "user", text: "Email a@b.c to say hi" }];
  const results = (entries) => history.push({ kind: "results", results: entries });

  // 1. OpenAI Chat Completions: tool_search.
  const search = { id: "call_1", name: "tool_search", input: { queries: ["send an email"] } };
  const chatModel = scripted({
    id: "c", object: "chat.completion", created: 0, model: "mock",
    choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: toChat([{ kind: "calls", calls: [search] }])[0].tool_calls } }],
  });
  const openai = new OpenAI({ apiKey: "test", baseURL: "http://model.invalid/v1", fetch: chatModel.fetch });
  const completion = await openai.chat.completions.create({ model: "mock", messages: toChat(history), tools: chatTools(ts, session, { contextLength }) });
  assertChatRequest(chatModel.sent[0]);
  const [searchCall] = completion.choices[0].message.tool_calls;
  history.push({ kind: "calls", calls: [search] });
  const searched = await chatToolMessage(ts, session, searchCall);
  assert.equal(JSON.parse(searched.content).results[0].matches[0], "send_email");
  results([{ id: "call_1", name: "tool_search", text: searched.content, error: false }]);

  // 2. Anthropic Messages: tool_describe, reading OpenAI's call and result.
  const describe = { type: "tool_use", id: "toolu_2", name: "tool_describe", input: { names: ["send_email"] } };
  const claude = scripted(anthropicReply([describe], "tool_use"));
  const anthropic = new Anthropic({ apiKey: "test", baseURL: "http://model.invalid", fetch: claude.fetch });
  const reply = await anthropic.messages.create({ model: "mock", max_tokens: 100, messages: toMessages(history), tools: messagesTools(ts, session, { contextLength }) });
  assertMessagesRequest(claude.sent[0]);
  history.push({ kind: "calls", calls: [{ id: describe.id, name: describe.name, input: describe.input }] });
  const described = await toolResult(ts, session, reply.content[0]);
  assert.equal(described.is_error, undefined);
  assert.deepEqual(JSON.parse(described.content).tools.send_email.parameters.required, ["to", "subject"]);
  results([{ id: "toolu_2", name: "tool_describe", text: described.content, error: false }]);

  // 3. The AI SDK: a tool_call missing an argument, which the bridge refuses.
  const missing = { calls: [{ name: "send_email", arguments: { to: "a@b.c" } }] };
  const aiModel = new MockLanguageModelV4({
    doGenerate: [{
      content: [{ type: "tool-call", toolCallId: "ai_3", toolName: "tool_call", input: JSON.stringify(missing) }],
      finishReason: { unified: "tool-calls", raw: "tool-calls" },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
      warnings: [],
    }],
  });
  const generated = await generateText({ model: aiModel, tools: aiTools, messages: toAi(history), stopWhen: stepCountIs(1) });
  assertAiPrompt(aiModel.doGenerateCalls[0]);
  const [refusal] = generated.steps[0].content.filter((part) => part.type === "tool-error");
  assert.match(JSON.parse(refusal.error.message).error, /missing required argument\(s\): subject/);
  history.push({ kind: "calls", calls: [{ id: "ai_3", name: "tool_call", input: missing }] });
  results([{ id: "ai_3", name: "tool_call", text: refusal.error.message, error: true }]);
  assert.deepEqual(sent, []);

  // 4. Back to OpenAI, the Responses API: the corrected tool_call runs.
  const call = { calls: [{ name: "send_email", arguments: { to: "a@b.c", subject: "Hi" } }] };
  const responsesModel = scripted({
    id: "r", object: "response", created_at: 0, model: "mock", status: "completed",
    output: [{ type: "function_call", id: "fc_4", call_id: "call_4", name: "tool_call", arguments: JSON.stringify(call), status: "completed" }],
  });
  const responses = new OpenAI({ apiKey: "test", baseURL: "http://model.invalid/v1", fetch: responsesModel.fetch });
  const response = await responses.responses.create({ model: "mock", input: toResponses(history), tools: responsesTools(ts, session, { contextLength }) });
  assertResponsesRequest(responsesModel.sent[0]);
  history.push({ kind: "calls", calls: [{ id: "call_4", name: "tool_call", input: call }] });
  const ran = await functionCallOutput(ts, session, response.output[0]);
  assert.deepEqual(ran, { type: "function_call_output", call_id: "call_4", output: "sent" });
  assert.deepEqual(sent, [{ to: "a@b.c", subject: "Hi" }]);
  results([{ id: "call_4", name: "tool_call", text: ran.output, error: false }]);

  // 5. Anthropic again reads the whole conversation, the AI SDK's refusal flagged as an error.
  const last = scripted(anthropicReply([{ type: "text", text: "Sent." }], "end_turn"));
  const closing = new Anthropic({ apiKey: "test", baseURL: "http://model.invalid", fetch: last.fetch });
  await closing.messages.create({ model: "mock", max_tokens: 100, messages: toMessages(history), tools: messagesTools(ts, session, { contextLength }) });
  assertMessagesRequest(last.sent[0]);
  const flagged = last.sent[0].messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((b) => b.is_error);
  assert.deepEqual(flagged.map((b) => b.tool_use_id), ["ai_3"]);
  // Every provider was offered the same three bridges, by the same names.
  const offered = [
    chatModel.sent[0].tools.map((t) => t.function.name),
    claude.sent[0].tools.map((t) => t.name),
    aiModel.doGenerateCalls[0].tools.map((t) => t.name),
    responsesModel.sent[0].tools.map((t) => t.name),
  ];
  for (const names of offered) assert.deepEqual(names, ["tool_search", "tool_describe", "tool_call"]);
  ts.free();
});
