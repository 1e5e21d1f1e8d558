// `toolsearch/langchain`: LangChain.js (`@langchain/core`, an optional peer dependency).
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { Session, ToolSearch, ToolSearchOptions } from "../toolsearch.mjs";

/** Options of `toolSearchTools`: those of `new ToolSearch()`, and what stays visible. */
export interface ToolSearchToolsOptions extends ToolSearchOptions {
  /** Names of tools the model keeps seeing directly; the others defer. */
  visible?: string[];
  /** The model's context length, for the listing budget (default 200,000). */
  contextLength?: number;
}

/**
 * The bridges for LangChain tools: `tools` holds the visible tools, then
 * tool_search, tool_describe and tool_call, which runs a deferred tool's own
 * `invoke` after validating its arguments.
 * The bridges run on `ts.prepare(session)`, made here: the tools are read
 * and indexed once, so a turn costs its queries; `session` is what was
 * prepared, and a change to it is not seen.
 */
export function toolSearchTools(
  tools: StructuredToolInterface[],
  options?: ToolSearchToolsOptions,
): { tools: StructuredToolInterface[]; ts: ToolSearch; session: Session };
