// `toolsearch/langchain`: LangChain.js (`@langchain/core`, an optional peer dependency).
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { Host, Session, ToolAnnotations, ToolSearch, ToolSearchOptions } from "../toolsearch.mjs";

/**
 * Options of `toolSearchTools`: those of `new ToolSearch()` (its host
 * without `executeTool`: each tool runs its own `invoke`), and what stays visible.
 */
export interface ToolSearchToolsOptions extends Omit<ToolSearchOptions, "host"> {
  host?: Omit<Host, "executeTool">;
  /** Names of tools the model keeps seeing directly; the others defer. */
  visible?: string[];
  /** The model's context length, for the listing budget (default 200,000). */
  contextLength?: number;
  /**
   * Tools that need a human's approval: names mapped to `true`, or a function
   * of the tool's name, arguments and annotations. Before tool_call runs one,
   * it calls LangGraph's `interrupt({type: "tool_approval", name, args,
   * annotations})` (`@langchain/langgraph`, an optional peer dependency), so
   * the graph pauses as it would for that tool called directly. Resume with
   * `true` to run it, or `false` / `{allow: false, reason}` to deny it (the
   * model reads the reason). Other tools go to `host.approve`, if any.
   */
  interruptOn?: Record<string, boolean> | ((name: string, args: Record<string, unknown>, annotations: ToolAnnotations) => boolean);
  /**
   * The turn a bridge call belongs to (one user request and the calls it
   * leads to), from the call's LangChain config, for the search guard
   * (`max_searches_per_turn`): e.g. the thread id and the id of the run
   * that answers the user. Without it, searches are not counted.
   */
  turnOf?: (config: unknown) => string | number | undefined;
}

/** What `interruptOn` hands to LangGraph's `interrupt()`. */
export interface ToolApprovalInterrupt {
  type: "tool_approval";
  name: string;
  args: Record<string, unknown>;
  annotations: ToolAnnotations;
}

/**
 * The bridges for LangChain tools: `tools` holds the visible tools (those of
 * `visible` and every `returnDirect` tool), then tool_search, tool_describe
 * and tool_call, which runs a deferred tool's own `invoke` after validating
 * its arguments. An `interrupt()` inside that tool pauses the graph as for a
 * direct call, and a `Command` it returns is tool_call's result when it was
 * the only call. A human-in-the-loop middleware that approves by name sees
 * tool_call, not the tool: name the tools in `interruptOn` instead, or keep
 * them `visible`.
 * The bridges run on `ts.prepare(session)`, made here: the tools are read
 * and indexed once, so a turn costs its queries; `session` is what was
 * prepared, and a change to it is not seen.
 */
export function toolSearchTools(
  tools: StructuredToolInterface[],
  options?: ToolSearchToolsOptions,
): Promise<{ tools: StructuredToolInterface[]; ts: ToolSearch; session: Session }>;
