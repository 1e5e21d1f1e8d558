// toolsearch/openai: the bridges in the shapes of OpenAI's Chat Completions
// and Responses APIs, and the Responses API's own deferred loading
// (`defer_loading` tools found by a client-executed `tool_search`).
import { isError } from "toolsearch";
import { isRecord, namedCall, plainTool, split, toolsOf } from "./common.mjs";

/** @import { Answer, CallContext, PreparedSession, Session, ToolSearch } from "toolsearch" */
/** @import { ChatFunctionTool, ChatToolMessage, FunctionCallOutputItem, ResponsesFunctionTool, ResponsesToolSearchTool, ToolListOptions, ToolSearchOutputItem } from "./openai.mjs" */

/**
 * A Chat Completions tool as the API takes it: a named function tool, or a
 * custom tool (which the declarations type as a function tool, returned as it is).
 * @param {unknown} def
 * @returns {def is ChatFunctionTool}
 */
const isChatTool = (def) =>
  isRecord(def) &&
  ((def.type === "function" && isRecord(def.function) && typeof def.function.name === "string") || (def.type === "custom" && isRecord(def.custom)));

/**
 * A Responses API tool as the API takes it: a named flat function tool, or
 * one of its own types (built-in or custom), which carry no JSON schema of
 * another provider's shape.
 * @param {unknown} def
 * @returns {def is ResponsesFunctionTool}
 */
const isResponsesTool = (def) =>
  isRecord(def) &&
  (def.type === "function"
    ? typeof def.name === "string" && !isRecord(def.function)
    : typeof def.type === "string" && !isRecord(def.function) && !isRecord(def.custom) && !("input_schema" in def) && !("inputSchema" in def));

/**
 * A tool of any shape as a Chat Completions tool: one already in that shape
 * (a function tool, or a custom tool) as it is, with its own keys such as
 * `strict`; null without a name.
 * @param {unknown} def
 * @returns {ChatFunctionTool | null}
 */
export function toChatTool(def) {
  if (isChatTool(def)) return def;
  const tool = plainTool(def);
  return tool && { type: "function", function: tool };
}

/**
 * A tool of any shape as a Responses API tool: one already in that shape (a
 * flat function tool, or a built-in tool) as it is. Converted tools are not
 * `strict` unless their definition says so (the API's default is strict).
 * @param {unknown} def
 * @returns {ResponsesFunctionTool | null}
 */
export function toResponsesTool(def) {
  if (isResponsesTool(def)) return def;
  const tool = plainTool(def);
  return tool && { type: "function", name: tool.name, description: tool.description, parameters: tool.parameters, strict: tool.strict ?? false };
}

/**
 * Chat Completions `tools`: the tools the model sees, then the three bridges.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {ToolListOptions} [options]
 * @returns {ChatFunctionTool[]}
 */
export function chatTools(ts, session, options) {
  const tools = ts.assemble(session, { contextLength: options?.contextLength, format: "openai" }).tools.map(toChatTool);
  return /** @type {ChatFunctionTool[]} */ (tools.filter(Boolean));
}

/**
 * Responses API `tools`: the tools the model sees, then the three bridges.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {ToolListOptions} [options]
 * @returns {ResponsesFunctionTool[]}
 */
export function responsesTools(ts, session, options) {
  const tools = ts.assemble(session, { contextLength: options?.contextLength, format: "openai" }).tools.map(toResponsesTool);
  return /** @type {ResponsesFunctionTool[]} */ (tools.filter(Boolean));
}

/**
 * Runs a Chat Completions tool call when it names a bridge tool: the `tool`
 * message to append, or null for the host's own tools.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {{ id: string, function?: { name: string, arguments: string } }} toolCall
 * @param {CallContext} [ctx]
 * @returns {Promise<ChatToolMessage | null>}
 */
export async function chatToolMessage(ts, session, toolCall, ctx) {
  if (!namedCall(toolCall?.function?.name)) return null;
  const text = await ts.handle(toolCall.function.name, toolCall.function.arguments, session, ctx);
  return text === null ? null : { role: "tool", tool_call_id: toolCall.id, content: text };
}

/**
 * Runs a Responses `function_call` item when it names a bridge tool, or a
 * deferred tool that OpenAI's own deferred loading loaded: the
 * `function_call_output` item to send back, or null for the host's own tools.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {{ call_id: string, name?: string, arguments?: string }} item
 * @param {CallContext} [ctx]
 * @returns {Promise<FunctionCallOutputItem | null>}
 */
export async function functionCallOutput(ts, session, item, ctx) {
  if (!namedCall(item?.name)) return null;
  const answer = (await ts.answer(item.name, item.arguments, session, ctx)) ?? (await ts.runTool(item.name, item.arguments, session, ctx));
  return answer === null ? null : { type: "function_call_output", call_id: item.call_id, output: answer.text };
}

/**
 * Responses API `tools` for OpenAI's own deferred loading: every tool of the
 * session, the deferred ones with `defer_loading`, and a client-executed
 * `tool_search` whose description carries the listing. Below the threshold
 * nothing defers and no search tool is added.
 * @param {ToolSearch} ts
 * @param {Session} session
 * @param {ToolListOptions} [options]
 * @returns {Array<ResponsesFunctionTool | ResponsesToolSearchTool>}
 */
export function deferredResponsesTools(ts, session, options) {
  const { visible, bridges, deferred, activated } = split(ts, session, options);
  /** @type {Array<ResponsesFunctionTool | ResponsesToolSearchTool>} */
  const tools = /** @type {ResponsesFunctionTool[]} */ (visible.map(toResponsesTool).filter(Boolean));
  if (!activated) return tools;
  for (const def of deferred) {
    const tool = toResponsesTool(def);
    if (tool) tools.push({ ...tool, defer_loading: true });
  }
  // An assembly that defers has tool_search, described, with its parameters.
  const search = /** @type {ChatFunctionTool} */ (bridges.get("tool_search")).function;
  tools.push({ type: "tool_search", execution: "client", description: search.description, parameters: search.parameters });
  return tools;
}

/**
 * Answers a client-executed `tool_search_call` item with our ranking: the
 * `tool_search_output` item that loads the matched tools.
 * @param {ToolSearch} ts
 * @param {Session} session
 * @param {{ call_id: string | null, arguments: unknown }} call
 * @param {CallContext} [ctx]
 * @returns {Promise<ToolSearchOutputItem>}
 */
export async function toolSearchOutput(ts, session, call, ctx) {
  const byName = new Map(toolsOf(session).map((def) => [plainTool(def)?.name, def]));
  // A bridge always answers.
  const answer = /** @type {Answer} */ (await ts.answer("tool_search", call.arguments, session, ctx));
  const tools = (answer.kind === "bridge" ? answer.matches : [])
    .filter((name) => byName.has(name))
    // Named (it is in byName): a tool of the Responses API.
    .map((name) => ({ .../** @type {ResponsesFunctionTool} */ (toResponsesTool(byName.get(name))), defer_loading: true }));
  return { type: "tool_search_output", call_id: call.call_id, execution: "client", status: isError(answer) ? "incomplete" : "completed", tools };
}
