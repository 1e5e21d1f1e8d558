// `toolsearch/openai`: the bridges in OpenAI's Chat Completions and Responses
// shapes, and the Responses API's own deferred loading. No dependency on the
// `openai` package: the shapes are structural and match its types.
import type { CallContext, JsonSchema, PreparedSession, Session, ToolSearch } from "../toolsearch.mjs";

/** A Chat Completions function tool. */
export interface ChatFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema; strict?: boolean };
}

/** A Responses API function tool. */
export interface ResponsesFunctionTool {
  type: "function";
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
  /** Set on deferred tools: found and loaded through `tool_search`. */
  defer_loading?: boolean;
}

/** The Responses API's tool search, executed by the client (our ranking). */
export interface ResponsesToolSearchTool {
  type: "tool_search";
  execution: "client";
  description: string;
  parameters: JsonSchema;
}

/** The `tool` message answering a Chat Completions tool call. */
export interface ChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** The item answering a Responses `function_call`. */
export interface FunctionCallOutputItem {
  type: "function_call_output";
  call_id: string;
  output: string;
}

/** The item answering a client-executed `tool_search_call`: the tools to load. */
export interface ToolSearchOutputItem {
  type: "tool_search_output";
  call_id: string | null;
  execution: "client";
  status: "completed" | "incomplete";
  tools: ResponsesFunctionTool[];
}

/** Options of the tool lists: the model's context length, for the listing budget. */
export interface ToolListOptions {
  contextLength?: number;
}

/**
 * A tool of any shape as a Chat Completions function tool; null without a
 * name. A tool already in the Chat shape, or of another `type` (a custom
 * tool), is returned as it is.
 */
export function toChatTool(def: unknown): ChatFunctionTool | null;
/**
 * A tool of any shape as a Responses API function tool; null without a name.
 * A flat function tool, or a built-in tool, is returned as it is; a converted
 * one keeps its `strict`, false when it has none.
 */
export function toResponsesTool(def: unknown): ResponsesFunctionTool | null;
/** Chat Completions `tools`: the tools the model sees, then the three bridges. */
export function chatTools(ts: ToolSearch, session: Session | PreparedSession, options?: ToolListOptions): ChatFunctionTool[];
/** Responses API `tools`: the tools the model sees, then the three bridges. */
export function responsesTools(ts: ToolSearch, session: Session | PreparedSession, options?: ToolListOptions): ResponsesFunctionTool[];
/** Runs a bridge tool call: the `tool` message, or null for the host's own tools. */
export function chatToolMessage(
  ts: ToolSearch,
  session: Session | PreparedSession,
  /** A function tool call; a call of another kind (a custom tool's) gives null. */
  toolCall: { id: string; function?: { name: string; arguments: string } },
  ctx?: CallContext,
): Promise<ChatToolMessage | null>;
/**
 * Runs a bridge `function_call`, or one of a deferred tool OpenAI's own
 * deferred loading loaded: the `function_call_output` item, or null for the
 * host's own tools.
 */
export function functionCallOutput(
  ts: ToolSearch,
  session: Session | PreparedSession,
  /** A `function_call` item; an item of another kind gives null. */
  item: { call_id: string; name?: string; arguments?: string },
  ctx?: CallContext,
): Promise<FunctionCallOutputItem | null>;
/**
 * `tools` for OpenAI's own deferred loading: every tool of the session, the
 * deferred ones with `defer_loading` (sorted by name, so the array does not
 * depend on the order servers were found in), and a client-executed `tool_search`.
 * It reads the session's tools, so it takes the session itself, not a
 * prepared one (a TypeError says so); so does `toolSearchOutput`.
 */
export function deferredResponsesTools(
  ts: ToolSearch,
  session: Session,
  options?: ToolListOptions,
): Array<ResponsesFunctionTool | ResponsesToolSearchTool>;
/** Answers a client-executed `tool_search_call` with our ranking. */
export function toolSearchOutput(
  ts: ToolSearch,
  session: Session,
  call: { call_id: string | null; arguments: unknown },
  ctx?: CallContext,
): Promise<ToolSearchOutputItem>;
