// toolsearch/anthropic: the bridges in the shapes of Anthropic's Messages API,
// `tool_result` blocks that carry `is_error`, and the Messages API's own
// deferred loading (`defer_loading` tools found through `tool_reference`
// blocks of a client-side search tool).
import { isError } from "toolsearch";
import { isRecord, namedCall, plainTool, split, toolsOf } from "./common.mjs";

/** @import { Answer, CallContext, PreparedSession, Session, ToolSearch } from "toolsearch" */
/** @import { MessagesTool, ToolListOptions, ToolReferenceBlock, ToolResultBlock, ToolUse } from "./anthropic.mjs" */

/**
 * A Messages API tool as the API takes it: a client tool (no `type`, or
 * "custom") with its `input_schema`, or a named server tool of its own
 * `type` (`web_search_20250305`, ...), which carries no schema (which the
 * declarations type as a client tool, returned as it is).
 * @param {unknown} def
 * @returns {def is MessagesTool}
 */
const isMessagesTool = (def) =>
  isRecord(def) &&
  typeof def.name === "string" &&
  (((def.type === undefined || def.type === "custom") && isRecord(def.input_schema)) ||
    (typeof def.type === "string" &&
      def.type !== "function" &&
      def.type !== "custom" &&
      !isRecord(def.function) &&
      !("input_schema" in def) &&
      !("inputSchema" in def) &&
      !("parameters" in def)));

/**
 * A tool of any shape as a Messages API tool: one already in that shape (a
 * client tool with `input_schema`, or a server tool of another `type`) as it
 * is, with its own keys such as `cache_control`. A converted tool's schema is
 * an object schema, as the API requires.
 * @param {unknown} def
 * @returns {MessagesTool | null}
 */
export function toAnthropicTool(def) {
  if (isMessagesTool(def)) return def;
  const tool = plainTool(def);
  if (tool === null) return null;
  // An object schema: one that says no `type` gets "object" (the schemas tools take say it).
  const input_schema = /** @type {MessagesTool["input_schema"]} */ (tool.parameters.type === undefined ? { type: "object", ...tool.parameters } : tool.parameters);
  return { name: tool.name, description: tool.description, input_schema };
}

/**
 * Messages API `tools`: the tools the model sees, then the three bridges.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {ToolListOptions} [options]
 * @returns {MessagesTool[]}
 */
export function messagesTools(ts, session, options) {
  const tools = ts.assemble(session, { contextLength: options?.contextLength, format: "anthropic" }).tools.map(toAnthropicTool);
  return /** @type {MessagesTool[]} */ (tools.filter(Boolean));
}

/**
 * Runs a `tool_use` block when it names a bridge tool, or a deferred tool
 * that the Messages API's own deferred loading loaded: the `tool_result`
 * block to send back (with `is_error` when the answer is an error), or null
 * for the host's own tools.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {ToolUse} toolUse
 * @param {CallContext} [ctx]
 * @returns {Promise<ToolResultBlock | null>}
 */
export async function toolResult(ts, session, toolUse, ctx) {
  if (!namedCall(toolUse?.name)) return null;
  const answer = (await ts.answer(toolUse.name, toolUse.input, session, ctx)) ?? (await ts.runTool(toolUse.name, toolUse.input, session, ctx));
  if (answer === null) return null;
  /** @type {ToolResultBlock} */
  const result = { type: "tool_result", tool_use_id: toolUse.id, content: answer.text };
  return isError(answer) ? { ...result, is_error: true } : result;
}

/**
 * Messages API `tools` for Anthropic's own deferred loading: every tool of
 * the session, the deferred ones with `defer_loading`, and `tool_search` (our
 * ranking, the listing in its description) as a client-side search tool.
 * Below the threshold nothing defers and no search tool is added.
 * @param {ToolSearch} ts
 * @param {Session} session
 * @param {ToolListOptions} [options]
 * @returns {MessagesTool[]}
 */
export function deferredMessagesTools(ts, session, options) {
  const { visible, bridges, deferred, activated } = split(ts, session, options);
  const tools = /** @type {MessagesTool[]} */ (visible.map(toAnthropicTool).filter(Boolean));
  if (!activated) return tools;
  for (const def of deferred) {
    const tool = toAnthropicTool(def);
    if (tool) tools.push({ ...tool, defer_loading: true });
  }
  // An assembly that defers has tool_search, which converts.
  tools.push(/** @type {MessagesTool} */ (toAnthropicTool(bridges.get("tool_search"))));
  return tools;
}

/**
 * Answers a `tool_use` of the client-side search tool: `tool_reference`
 * blocks that load the matched tools, or, when nothing matched, our answer
 * as text (it names the sources that are connected).
 * @param {ToolSearch} ts
 * @param {Session} session
 * @param {ToolUse} toolUse
 * @param {CallContext} [ctx]
 * @returns {Promise<ToolResultBlock<string | ToolReferenceBlock[]>>}
 */
export async function toolSearchResult(ts, session, toolUse, ctx) {
  const known = new Set(toolsOf(session).map((def) => plainTool(def)?.name));
  // A bridge always answers.
  const answer = /** @type {Answer} */ (await ts.answer("tool_search", toolUse.input, session, ctx));
  const names = answer.kind === "bridge" ? answer.matches.filter((name) => known.has(name)) : [];
  /** @type {string | ToolReferenceBlock[]} */
  const content = names.length > 0 ? names.map((name) => ({ type: "tool_reference", tool_name: name })) : answer.text;
  /** @type {ToolResultBlock<string | ToolReferenceBlock[]>} */
  const result = { type: "tool_result", tool_use_id: toolUse.id, content };
  return isError(answer) ? { ...result, is_error: true } : result;
}
