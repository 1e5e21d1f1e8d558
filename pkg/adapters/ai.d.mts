// `toolsearch/ai`: the Vercel AI SDK (`ai`, an optional peer dependency).
import type { Tool, ToolSet } from "ai";
import type { Host, Session, ToolSearch, ToolSearchOptions } from "../toolsearch.mjs";

/**
 * Options of `toolSearchTools`: those of `new ToolSearch()` (its host
 * without `executeTool`: each tool runs its own `execute`), and what stays visible.
 */
export interface ToolSearchToolsOptions extends Omit<ToolSearchOptions, "host"> {
  host?: Omit<Host, "executeTool">;
  /** Names of tools the model keeps seeing directly; the others defer. */
  visible?: string[];
  /** The model's context length, for the listing budget (default 200,000). */
  contextLength?: number;
}

/**
 * The bridges for a ToolSet: `tools` holds the visible tools and
 * tool_search, tool_describe and tool_call, which runs a deferred tool's own
 * `execute` after validating its arguments (a streaming `execute`'s last
 * value is the output). Tools without `execute` stay visible, so the SDK
 * runs them itself. A deferred tool's `needsApproval` (true, or a function
 * of its arguments) becomes tool_call's for a call of that tool: the SDK
 * asks for approval of the tool_call (its input names the tool and the
 * arguments) and runs it once approved. `options.host.approve` is asked too.
 * The bridges run on `ts.prepare(session)`, made here: the tools are read
 * and indexed once, so a turn costs its queries; `session` is what was
 * prepared, and a change to it is not seen.
 */
export function toolSearchTools<TOOLS extends ToolSet>(
  toolSet: TOOLS,
  options?: ToolSearchToolsOptions,
): Promise<{ tools: BridgedToolSet<TOOLS>; ts: ToolSearch; session: Session }>;

/**
 * What `toolSearchTools` gives for a ToolSet: the tools kept visible, with
 * their own types, and the three bridges.
 */
export type BridgedToolSet<TOOLS extends ToolSet> = Partial<TOOLS> & {
  tool_search: Tool;
  tool_describe: Tool;
  tool_call: Tool;
};

/** A `search` for the AI SDK's own `toolSearch({ search })`: our ranking (enhanced by default), best first. */
export function searchTools(
  options?: ToolSearchOptions,
): (options: { query: string; tools: Array<{ name: string; description?: string }>; maxResults?: number }) => Promise<string[]>;
