// The provider adapters with the real SDK clients and a scripted model: each
// client's fetch answers from a script (no network), and the test checks what
// the client sent and what the adapters answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { ToolSearch } from "toolsearch";
import { chatToolMessage, chatTools, deferredResponsesTools, functionCallOutput, responsesTools, toolSearchOutput } from "toolsearch/openai";
import { deferredMessagesTools, messagesTools, toolResult, toolSearchResult } from "toolsearch/anthropic";

/** A session of MCP-shaped tools, large enough to defer in a small context. */
function fixture() {
  const tool = (name, description, properties, required = []) => ({
    name,
    description,
    inputSchema: { type: "object", properties, required },
  });
  const text = { type: "string", description: "Free text of the item, as long as the user wrote it." };
  const tools = [
    tool("mcp__github__create_issue", "Open a new issue in a GitHub repository.", { owner: text, repo: text, title: text, body: text }, ["title"]),
    tool("mcp__github__list_issues", "List the issues of a GitHub repository.", { owner: text, repo: text, state: text }),
    tool("mcp__slack__post_message", "Post a message to a Slack channel.", { channel: text, text }, ["channel", "text"]),
    tool("mcp__slack__list_channels", "List the channels of a Slack workspace.", { cursor: text }),
    tool("mcp__jira__create_ticket", "Create a Jira ticket in a project.", { project: text, summary: text }, ["summary"]),
    tool("mcp__jira__search", "Search Jira tickets with JQL.", { jql: text }, ["jql"]),
  ];
  const toolsets = Object.fromEntries(tools.map((t) => [t.name, `mcp-${t.name.split("__")[1]}`]));
  const ran = [];
  const ts = new ToolSearch({ host: { executeTool: async (name, args) => { ran.push([name, args]); return `ran ${name}`; } } });
  return { ts, session: { tools, toolsets }, ran };
}

/** A fetch that answers each request with the next scripted body, recording what was sent. */
function scripted(bodies) {
  const sent = [];
  const fetch = async (_url, init) => {
    sent.push(JSON.parse(init.body));
    const body = bodies[sent.length - 1];
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch, sent };
}

const contextLength = 8000;

test("openai: Chat Completions through search, describe and call", async () => {
  const { ts, session, ran } = fixture();
  const call = (id, name, args) => ({ id, type: "function", function: { name, arguments: JSON.stringify(args) } });
  const turn = (toolCalls) => ({
    id: "c", object: "chat.completion", created: 0, model: "mock",
    choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: toolCalls } }],
  });
  const model = scripted([
    turn([call("1", "tool_search", { queries: ["github create issue"] })]),
    turn([call("2", "tool_describe", { names: ["mcp__github__create_issue"] })]),
    turn([call("3", "tool_call", { calls: [{ name: "mcp__github__create_issue", arguments: {} }] }),
      call("4", "tool_call", { calls: [{ name: "mcp__github__create_issue", arguments: { title: "Crash" } }] })]),
  ]);
  const client = new OpenAI({ apiKey: "test", baseURL: "http://model.invalid/v1", fetch: model.fetch });
  const messages = [{ role: "user", content: "File a bug about the crash" }];
  const answers = [];
  for (let i = 0; i < 3; i++) {
    const completion = await client.chat.completions.create({ model: "mock", messages, tools: chatTools(ts, session, { contextLength }) });
    const message = completion.choices[0].message;
    messages.push(message);
    for (const toolCall of message.tool_calls ?? []) {
      const answer = await chatToolMessage(ts, session, toolCall);
      answers.push(answer);
      messages.push(answer);
    }
  }
  // The model saw the three bridges only, the listing in tool_search's description.
  assert.deepEqual(model.sent[0].tools.map((t) => t.function.name), ["tool_search", "tool_describe", "tool_call"]);
  assert.match(model.sent[0].tools[0].function.description, /mcp__slack__post_message/);
  assert.deepEqual(answers.map((a) => a.tool_call_id), ["1", "2", "3", "4"]);
  assert.deepEqual(JSON.parse(answers[0].content).results[0].matches[0], "mcp__github__create_issue");
  assert.deepEqual(JSON.parse(answers[1].content).tools.mcp__github__create_issue.parameters.required, ["title"]);
  assert.match(answers[2].content, /^\{"error"/);
  assert.equal(answers[3].content, "ran mcp__github__create_issue");
  assert.deepEqual(ran, [["mcp__github__create_issue", { title: "Crash" }]]);
  // A call of the host's own tool is the host's to run.
  assert.equal(await chatToolMessage(ts, session, call("5", "terminal", {})), null);
});

test("openai: Responses API, with the bridges and with its own deferred loading", async () => {
  const { ts, session } = fixture();
  const bridges = responsesTools(ts, session, { contextLength });
  assert.deepEqual(bridges.map((t) => [t.type, t.name, t.strict]), [["function", "tool_search", false], ["function", "tool_describe", false], ["function", "tool_call", false]]);
  const output = await functionCallOutput(ts, session, { call_id: "f1", name: "tool_search", arguments: '{"queries":["slack post message"]}' });
  assert.equal(output.type, "function_call_output");
  assert.equal(JSON.parse(output.output).results[0].matches[0], "mcp__slack__post_message");

  const model = scripted([{
    id: "r", object: "response", created_at: 0, model: "mock", status: "completed",
    output: [{ type: "tool_search_call", id: "s", call_id: "ts1", execution: "client", status: "completed", arguments: { queries: ["jira create ticket"] } }],
  }]);
  const client = new OpenAI({ apiKey: "test", baseURL: "http://model.invalid/v1", fetch: model.fetch });
  const tools = deferredResponsesTools(ts, session, { contextLength });
  const response = await client.responses.create({ model: "mock", input: "Open a Jira ticket", tools });
  const sentTools = model.sent[0].tools;
  assert.equal(sentTools.filter((t) => t.defer_loading).length, 6);
  assert.deepEqual(sentTools.at(-1).type, "tool_search");
  assert.match(sentTools.at(-1).description, /mcp__jira__create_ticket/);
  // Only tool_search is offered: its words name no other bridge.
  assert.doesNotMatch(sentTools.at(-1).description, /tool_describe|tool_call/);
  const [item, ...after] = await toolSearchOutput(ts, session, response.output[0]);
  assert.deepEqual([item.type, item.call_id, item.status], ["tool_search_output", "ts1", "completed"]);
  assert.deepEqual(after, [], "a search that loads tools needs no word of ours");
  assert.equal(item.tools[0].name, "mcp__jira__create_ticket");
  assert.equal(item.tools[0].defer_loading, true);
  assert.deepEqual(item.tools[0].parameters.required, ["summary"]);
  // The model calls the tool it loaded by its own name: it runs, validated,
  // and a rejection sends it to no tool_call, which it does not have here.
  const ran = await functionCallOutput(ts, session, { call_id: "f2", name: "mcp__jira__create_ticket", arguments: '{"summary":"Login crash"}' });
  assert.deepEqual(ran, { type: "function_call_output", call_id: "f2", output: "ran mcp__jira__create_ticket" });
  const refused = await functionCallOutput(ts, session, { call_id: "f3", name: "mcp__jira__create_ticket", arguments: "{}" });
  assert.match(refused.output, /The call to 'mcp__jira__create_ticket' is missing required argument\(s\): summary/);
  assert.doesNotMatch(refused.output, /tool_call/);
  assert.equal(await functionCallOutput(ts, session, { call_id: "f4", name: "terminal", arguments: "{}" }), null);
});

test("openai: a tool_search_call that loads nothing says why, in the words the Anthropic adapter gives", async () => {
  const { ts, session } = fixture();
  const malformed = { call_id: "ts2", arguments: { query: "jira" } };
  const [output, why, ...more] = await toolSearchOutput(ts, session, malformed);
  assert.deepEqual(output, { type: "tool_search_output", call_id: "ts2", execution: "client", status: "incomplete", tools: [] });
  assert.deepEqual(more, []);
  // The item has no text of its own: a developer message carries the reason.
  const anthropic = await toolSearchResult(ts, session, { id: "u1", name: "tool_search", input: malformed.arguments });
  assert.equal(anthropic.is_error, true);
  assert.deepEqual([why.type, why.role], ["message", "developer"]);
  assert.match(why.content, /^The tool_search call ts2 loaded no tools\. Its answer:\n/);
  assert.ok(why.content.endsWith(anthropic.content), why.content);
  assert.match(why.content, /`queries` is required/);
  // A search that matches nothing passes on its hint, as Anthropic's text does; a call with no id says so.
  const [none, hint] = await toolSearchOutput(ts, session, { call_id: null, arguments: { queries: ["fax"] } });
  assert.deepEqual([none.status, none.tools], ["completed", []]);
  assert.match(hint.content, /^The tool_search call loaded no tools\./);
  assert.match(hint.content, /available_sources/);
  // Both go back to the API as input items, after the call they answer.
  const model = scripted([{ id: "r", object: "response", created_at: 0, model: "mock", status: "completed", output: [] }]);
  const client = new OpenAI({ apiKey: "test", baseURL: "http://model.invalid/v1", fetch: model.fetch });
  const call = { type: "tool_search_call", id: "s", execution: "client", status: "completed", ...malformed };
  await client.responses.create({ model: "mock", input: [call, output, why], tools: deferredResponsesTools(ts, session, { contextLength }) });
  assert.deepEqual(model.sent[0].input.map((i) => i.type), ["tool_search_call", "tool_search_output", "message"]);
});

/** A session with a server of more functions than a namespace takes (12), two small ones, and tools of the host's own. */
function manyFunctions() {
  const tool = (name, description) => ({ name, description, inputSchema: { type: "object", properties: { id: { type: "string" } } } });
  const verbs = ["assign", "close", "comment", "create", "delete", "fork", "get", "label", "list", "merge", "review", "update"];
  const tools = [
    ...verbs.map((verb) => tool(`mcp__github__${verb}_issue`, `${verb} an issue of a GitHub repository.`)),
    tool("mcp__slack__post_message", "Post a message to a Slack channel."),
    tool("mcp__jira__search", "Search Jira tickets with JQL."),
    tool("mcp__jira__create_ticket", "Create a Jira ticket in a project."),
    // The host's own tool, visible, named as a server is: the namespace takes another name.
    tool("slack", "The host's own Slack shortcut."),
    // Deferred with no toolset (config.defer): a function of its own.
    tool("fax", "Send a fax."),
  ];
  const toolsets = Object.fromEntries(tools.filter((t) => t.name.startsWith("mcp__")).map((t) => [t.name, `mcp-${t.name.split("__")[1]}`]));
  const ts = new ToolSearch({ config: { defer: ["fax"] }, host: { executeTool: async (name) => `ran ${name}` } });
  return { ts, session: { tools, toolsets } };
}

test("openai: namespaces, one per server, split past 9 functions, loaded in their namespace and called by name", async () => {
  const { ts, session } = manyFunctions();
  const options = { contextLength, namespaces: true };
  const model = scripted([{
    id: "r", object: "response", created_at: 0, model: "mock", status: "completed",
    output: [{ type: "tool_search_call", id: "s", call_id: "ts1", execution: "client", status: "completed", arguments: { queries: ["jira create ticket"], limit: 1 } }],
  }]);
  const client = new OpenAI({ apiKey: "test", baseURL: "http://model.invalid/v1", fetch: model.fetch });
  const response = await client.responses.create({ model: "mock", input: "Open a Jira ticket", tools: deferredResponsesTools(ts, session, options) });
  const sent = model.sent[0].tools;
  assert.deepEqual(sent.map((t) => [t.type, t.name]), [
    ["function", "slack"], ["function", "fax"],
    ["namespace", "github_1"], ["namespace", "github_2"], ["namespace", "jira"], ["namespace", "slack_2"],
    ["tool_search", undefined],
  ]);
  const [github1, github2, jira] = sent.slice(2);
  assert.deepEqual(github1.tools.map((t) => t.name), ["assign", "close", "comment", "create", "delete", "fork", "get", "label", "list"].map((verb) => `mcp__github__${verb}_issue`));
  assert.deepEqual(github2.tools.map((t) => t.name), ["mcp__github__merge_issue", "mcp__github__review_issue", "mcp__github__update_issue"]);
  assert.match(github2.description, /^Tools of mcp-github \(part 2 of 2\): mcp__github__merge_issue, /);
  assert.equal(jira.description, "Tools of mcp-jira: mcp__jira__create_ticket, mcp__jira__search.");
  // defer_loading is on the functions inside, not on the namespace; the loose deferred tool keeps its own.
  assert.ok(sent.filter((t) => t.type === "namespace").every((n) => n.defer_loading === undefined && n.tools.every((f) => f.defer_loading === true && f.strict === false)));
  assert.equal(sent[1].defer_loading, true);
  assert.equal(sent[0].defer_loading, undefined);
  // The same array whatever order the servers were found in.
  const reversed = { ...session, tools: [...session.tools].reverse() };
  assert.equal(JSON.stringify(deferredResponsesTools(ts, reversed, options)), JSON.stringify(sent));
  // Without the option, each deferred function on its own, as before.
  assert.ok(deferredResponsesTools(ts, session, { contextLength }).every((t) => t.type !== "namespace"));

  const [output, ...after] = await toolSearchOutput(ts, session, response.output[0], undefined, options);
  assert.deepEqual(after, []);
  assert.deepEqual(output.tools.map((t) => [t.type, t.name, t.description]), [["namespace", "jira", jira.description]]);
  assert.deepEqual(output.tools[0].tools, [jira.tools.find((t) => t.name === "mcp__jira__create_ticket")]);
  // A loose tool loads on its own beside the namespaces.
  const [both] = await toolSearchOutput(ts, session, { call_id: "ts2", arguments: { queries: ["send a fax", "merge github issue"], limit: 1 } }, undefined, options);
  assert.deepEqual(both.tools.map((t) => [t.type, t.name]), [["function", "fax"], ["namespace", "github_2"]]);
  // The model calls a namespaced function by its name (the call names its namespace too).
  const ran = await functionCallOutput(ts, session, { type: "function_call", call_id: "f1", namespace: "jira", name: "mcp__jira__create_ticket", arguments: "{}" });
  assert.deepEqual(ran, { type: "function_call_output", call_id: "f1", output: "ran mcp__jira__create_ticket" });
});

test("anthropic: Messages API through the bridges, is_error, and its own deferred loading", async () => {
  const { ts, session } = fixture();
  const message = (content) => ({
    id: "m", type: "message", role: "assistant", model: "mock", content, stop_reason: "tool_use",
    stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 },
  });
  const model = scripted([
    message([{ type: "tool_use", id: "u1", name: "tool_call", input: { calls: [{ name: "mcp__slack__post_message", arguments: { channel: "general" } }] } }]),
    message([{ type: "tool_use", id: "u2", name: "tool_search", input: { queries: ["slack list channels"] } }]),
  ]);
  const client = new Anthropic({ apiKey: "test", baseURL: "http://model.invalid", fetch: model.fetch });
  const first = await client.messages.create({ model: "mock", max_tokens: 100, messages: [{ role: "user", content: "Say hi in #general" }], tools: messagesTools(ts, session, { contextLength }) });
  assert.deepEqual(model.sent[0].tools.map((t) => t.name), ["tool_search", "tool_describe", "tool_call"]);
  assert.ok(model.sent[0].tools.every((t) => t.input_schema.type === "object"));
  const rejected = await toolResult(ts, session, first.content[0]);
  assert.deepEqual([rejected.type, rejected.tool_use_id, rejected.is_error], ["tool_result", "u1", true]);
  assert.match(rejected.content, /missing required argument\(s\): text/);
  assert.equal(await toolResult(ts, session, { id: "u9", name: "terminal", input: {} }), null);
  // A tool's own output that reads like an error is not flagged: only the bridge's errors are.
  const quiet = new ToolSearch({ host: { executeTool: async () => '{"error":"no such channel"}' } });
  const own = await toolResult(quiet, session, { id: "u8", name: "tool_call", input: { calls: [{ name: "mcp__slack__list_channels", arguments: {} }] } });
  assert.deepEqual(own, { type: "tool_result", tool_use_id: "u8", content: '{"error":"no such channel"}' });

  const second = await client.messages.create({ model: "mock", max_tokens: 100, messages: [{ role: "user", content: "Which channels?" }], tools: deferredMessagesTools(ts, session, { contextLength }) });
  assert.equal(model.sent[1].tools.filter((t) => t.defer_loading).length, 6);
  assert.equal(model.sent[1].tools.at(-1).name, "tool_search");
  assert.doesNotMatch(model.sent[1].tools.at(-1).description, /tool_describe|tool_call/);
  const found = await toolSearchResult(ts, session, second.content[0]);
  assert.deepEqual(found.content[0], { type: "tool_reference", tool_name: "mcp__slack__list_channels" });
  assert.equal(found.is_error, undefined);
  const none = await toolSearchResult(ts, session, { id: "u3", name: "tool_search", input: { queries: ["fax"] } });
  assert.equal(typeof none.content, "string");
  // A tool it loaded, called by its own name, runs; invalid arguments are an is_error result that names no tool_call.
  const ran = await toolResult(ts, session, { id: "u4", name: "mcp__slack__list_channels", input: {} });
  assert.deepEqual(ran, { type: "tool_result", tool_use_id: "u4", content: "ran mcp__slack__list_channels" });
  const refused = await toolResult(ts, session, { id: "u5", name: "mcp__slack__post_message", input: { channel: 5 } });
  assert.equal(refused.is_error, true);
  assert.doesNotMatch(refused.content, /tool_call/);
});

test("adapters refuse a prepared session where they read its tools, and never defer a reserved name", async () => {
  const { ts, session } = fixture();
  const prepared = ts.prepare(session);
  assert.throws(() => deferredResponsesTools(ts, prepared, { contextLength }), /not a prepared session/);
  await assert.rejects(toolSearchOutput(ts, prepared, { call_id: "c", arguments: { queries: ["jira"] } }), /not a prepared session/);
  assert.equal(chatTools(ts, prepared, { contextLength }).length, 3);
  const own = { name: "tool_search", description: "The host's own search.", inputSchema: { type: "object" } };
  const clash = { tools: [...session.tools, own], toolsets: { ...session.toolsets, tool_search: "mcp-own" } };
  const names = deferredMessagesTools(ts, clash, { contextLength }).map((t) => t.name);
  assert.deepEqual(names.filter((n) => n === "tool_search"), ["tool_search"]);
});

test("adapters pass the host's own provider-shaped tools on unchanged, and convert the rest", () => {
  const { ts, session } = fixture();
  const own = {
    chat: { type: "function", function: { name: "lookup", description: "Look up a word.", parameters: { type: "object", properties: {} }, strict: true } },
    custom: { type: "custom", custom: { name: "sql", description: "Run SQL." } },
    responses: { type: "web_search" },
    anthropic: { name: "lookup", description: "Look up a word.", input_schema: { type: "object", properties: {} }, cache_control: { type: "ephemeral" } },
    server: { type: "web_search_20250305", name: "web_search", max_uses: 3 },
  };
  const visible = (tools) => ({ ...session, tools: [...tools, ...session.tools] });
  const chat = chatTools(ts, visible([own.chat, own.custom]), { contextLength });
  assert.equal(chat[0], own.chat);
  assert.equal(chat[1], own.custom);
  const responses = responsesTools(ts, visible([own.chat, own.responses]), { contextLength });
  assert.deepEqual(responses[0], { type: "function", name: "lookup", description: "Look up a word.", parameters: own.chat.function.parameters, strict: true });
  assert.equal(responses[1], own.responses);
  const messages = messagesTools(ts, visible([own.anthropic, own.server]), { contextLength });
  assert.equal(messages[0], own.anthropic);
  assert.equal(messages[1], own.server);
  // Another provider's tool is converted, never passed on: Anthropic's custom client tool for OpenAI.
  const anthropicCustom = { type: "custom", name: "lookup", description: "Look up a word.", input_schema: { type: "object", properties: {} } };
  assert.deepEqual(chatTools(ts, visible([anthropicCustom]), { contextLength })[0], {
    type: "function",
    function: { name: "lookup", description: "Look up a word.", parameters: anthropicCustom.input_schema },
  });
  assert.equal(messagesTools(ts, visible([anthropicCustom]), { contextLength })[0], anthropicCustom);
  // An MCP tool whose schema has no type becomes an object schema, as the Messages API requires.
  const untyped = { name: "ping", description: "Ping.", inputSchema: { properties: {} } };
  assert.deepEqual(messagesTools(ts, visible([untyped]), { contextLength })[0].input_schema, { type: "object", properties: {} });
});

test("deferred-loading arrays do not depend on the order the servers were found in", () => {
  const { ts, session } = fixture();
  const reversed = { ...session, tools: [...session.tools].reverse() };
  for (const build of [deferredResponsesTools, deferredMessagesTools]) {
    assert.equal(JSON.stringify(build(ts, reversed, { contextLength })), JSON.stringify(build(ts, session, { contextLength })));
  }
});

test("a tool call of another kind (a custom tool's) is the host's, not a bridge's", async () => {
  const { ts, session } = fixture();
  assert.equal(await chatToolMessage(ts, session, { id: "c1", type: "custom", custom: { name: "sql", input: "select 1" } }), null);
  assert.equal(await functionCallOutput(ts, session, { type: "custom_tool_call", call_id: "c2", input: "x" }), null);
  assert.equal(await toolResult(ts, session, { type: "server_tool_use", id: "c3" }), null);
});
