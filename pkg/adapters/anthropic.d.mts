// `toolsearch/anthropic`: the bridges in Anthropic's Messages API shapes,
// `tool_result` blocks with `is_error`, and the Messages API's own deferred
// loading. No dependency on `@anthropic-ai/sdk`: the shapes are structural
// and match its types.
import type { CallContext, JsonSchema, PreparedSession, Session, ToolSearch } from "../toolsearch.mjs";

/** A Messages API tool. */
export interface MessagesTool {
  name: string;
  description: string;
  input_schema: JsonSchema & { type: "object" };
  /** Set on deferred tools: loaded when a search returns a `tool_reference` to them. */
  defer_loading?: boolean;
}

/** A reference that loads a deferred tool. */
export interface ToolReferenceBlock {
  type: "tool_reference";
  tool_name: string;
}

/** The `tool_result` block answering a `tool_use`. */
export interface ToolResultBlock<Content = string> {
  type: "tool_result";
  tool_use_id: string;
  content: Content;
  /** Set when the bridge reports an error. */
  is_error?: boolean;
}

/** A `tool_use` block of the model. */
export interface ToolUse {
  id: string;
  /** Absent from blocks of another kind (a server tool's), which give null. */
  name?: string;
  input?: unknown;
}

/** Options of the tool lists: the model's context length, for the listing budget. */
export interface ToolListOptions {
  contextLength?: number;
}

/**
 * A tool of any shape as a Messages API tool; null without a name. A tool
 * already in that shape (with `input_schema`, or a server tool of another
 * `type`) is returned as it is; a converted schema gets `type: "object"`.
 */
export function toAnthropicTool(def: unknown): MessagesTool | null;
/** Messages API `tools`: the tools the model sees, then the three bridges. */
export function messagesTools(ts: ToolSearch, session: Session | PreparedSession, options?: ToolListOptions): MessagesTool[];
/**
 * Runs a bridge `tool_use`, or one of a deferred tool the Messages API's own
 * deferred loading loaded: the `tool_result` block, or null for the host's
 * own tools.
 */
export function toolResult(ts: ToolSearch, session: Session | PreparedSession, toolUse: ToolUse, ctx?: CallContext): Promise<ToolResultBlock | null>;
/**
 * `tools` for Anthropic's own deferred loading: every tool of the session,
 * the deferred ones with `defer_loading`, and `tool_search` as a client-side
 * search tool; the deferred tools are sorted by name, so the array does not
 * depend on the order servers were found in. It reads the session's tools, so it takes the session itself,
 * not a prepared one (a TypeError says so); so does `toolSearchResult`.
 */
export function deferredMessagesTools(ts: ToolSearch, session: Session, options?: ToolListOptions): MessagesTool[];
/** Answers the search tool's `tool_use`: `tool_reference` blocks, or our answer as text when nothing matched. */
export function toolSearchResult(
  ts: ToolSearch,
  session: Session,
  toolUse: ToolUse,
  ctx?: CallContext,
): Promise<ToolResultBlock<string | ToolReferenceBlock[]>>;
