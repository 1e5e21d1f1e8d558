// `toolsearch/openai`: the bridges in OpenAI's Chat Completions and Responses
// shapes, and the Responses API's own deferred loading (functions alone or in
// namespaces). No dependency on the `openai` package: the shapes are
// structural and match its types.
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

/**
 * A Responses API namespace (the SDK's `NamespaceTool`, and in a
 * `tool_search_output` its `ToolSearchOutputNamespaceTool`): the deferred
 * functions of one server, which the model sees by the namespace's name and
 * description until a search loads them.
 */
export interface ResponsesNamespaceTool {
  type: "namespace";
  /** The server's name (`github` for the toolset `mcp-github`); `github_1`, `github_2`, ... when split. */
  name: string;
  /** The toolset and the names of the functions inside. */
  description: string;
  /** Each with `defer_loading`, in name order. */
  tools: ResponsesFunctionTool[];
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
  /** "incomplete" when the call was malformed (or refused, as by the search guard). */
  status: "completed" | "incomplete";
  /** Namespaced tools inside their namespace, which holds the ones that matched. */
  tools: Array<ResponsesFunctionTool | ResponsesNamespaceTool>;
}

/** A developer message of the Responses API input (the SDK's `EasyInputMessage`). */
export interface DeveloperMessage {
  type: "message";
  role: "developer";
  content: string;
}

/**
 * The input items answering a client-executed `tool_search_call`: the
 * `tool_search_output`, then, when it loads no tool, a developer message with
 * our answer: why the call was malformed, or the hint of a search that
 * matched nothing (the item has no text of its own to say it).
 */
export type ToolSearchItems = [ToolSearchOutputItem] | [ToolSearchOutputItem, DeveloperMessage];

/** Options of the tool lists: the model's context length, for the listing budget. */
export interface ToolListOptions {
  contextLength?: number;
}

/** Options of the Responses API's deferred loading. */
export interface ResponsesToolListOptions extends ToolListOptions {
  /**
   * Deferred function tools in namespaces, one per toolset (server), split
   * in parts of at most 9 when larger (OpenAI advises fewer than 10 per
   * namespace): the surface its tool search is trained on. Toolsets in name
   * order, each function in one, in name order. A deferred tool with no
   * toolset stays a function of its own with `defer_loading`. Default false:
   * each deferred function on its own.
   */
  namespaces?: boolean;
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
 * depend on the order servers were found in; in namespaces with
 * `options.namespaces`), and a client-executed `tool_search`.
 * It reads the session's tools, so it takes the session itself, not a
 * prepared one (a TypeError says so); so does `toolSearchOutput`.
 */
export function deferredResponsesTools(
  ts: ToolSearch,
  session: Session,
  options?: ResponsesToolListOptions,
): Array<ResponsesFunctionTool | ResponsesNamespaceTool | ResponsesToolSearchTool>;
/**
 * Answers a client-executed `tool_search_call` with our ranking: the items
 * to append to the input (see `ToolSearchItems`). `options` are those given
 * to `deferredResponsesTools`, so that a namespaced tool loads in its namespace.
 */
export function toolSearchOutput(
  ts: ToolSearch,
  session: Session,
  call: { call_id: string | null; arguments: unknown },
  ctx?: CallContext,
  options?: ResponsesToolListOptions,
): Promise<ToolSearchItems>;
