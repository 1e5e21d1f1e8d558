// `toolsearch/langchain`: LangChain.js (`@langchain/core`, an optional peer dependency).
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { Host, Session, ToolSearch, ToolSearchOptions } from "../toolsearch.mjs";

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
}

/**
 * The bridges for LangChain tools: `tools` holds the visible tools (those of
 * `visible` and every `returnDirect` tool), then tool_search, tool_describe
 * and tool_call, which runs a deferred tool's own `invoke` after validating
 * its arguments. An `interrupt()` inside that tool pauses the graph as for a
 * direct call, and a `Command` it returns is tool_call's result when it was
 * the only call. Tools a human-in-the-loop middleware must approve by name
 * belong in `visible`: the middleware sees tool_call, not the tool.
 * The bridges run on `ts.prepare(session)`, made here: the tools are read
 * and indexed once, so a turn costs its queries; `session` is what was
 * prepared, and a change to it is not seen.
 */
export function toolSearchTools(
  tools: StructuredToolInterface[],
  options?: ToolSearchToolsOptions,
): Promise<{ tools: StructuredToolInterface[]; ts: ToolSearch; session: Session }>;
