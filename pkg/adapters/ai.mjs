// toolsearch/ai: the Vercel AI SDK. A ToolSet becomes the three bridges (its
// tools run behind tool_call with their own `execute`), and our ranking can
// serve as the `search` of the SDK's own `toolSearch()`.
import { asSchema, jsonSchema, tool } from "ai";
import { ToolSearch, toolName } from "toolsearch";

/** The toolset every tool of a ToolSet defers under. */
const TOOLSET = "ai-sdk";

/** A tool's output as the text the model reads. */
const asText = (output) => (typeof output === "string" ? output : JSON.stringify(output ?? null));

/** What a deferred tool's `execute` gets when the bridge was called outside generateText. */
const NO_EXECUTION = { toolCallId: "", messages: [] };

/**
 * The bridges for an AI SDK `ToolSet`: `{ tools, ts, session }`. `tools` is a
 * ToolSet of the tools kept visible (`options.visible`, names, and every tool
 * without an `execute`, such as a provider's) and tool_search, tool_describe
 * and tool_call; tool_call validates the arguments, reads them through the
 * tool's own schema (defaults and transforms apply) and runs its `execute`.
 * The other options are those of `new ToolSearch()` (its host's
 * `executeTool` is ours), and `contextLength`.
 */
export async function toolSearchTools(toolSet, options = {}) {
  const { visible = [], contextLength = 200_000, ...toolSearchOptions } = options;
  const names = Object.keys(toolSet);
  const kept = new Set([...visible, ...names.filter((name) => typeof toolSet[name].execute !== "function")]);
  const tools = await Promise.all(
    names.map(async (name) => ({
      name,
      description: toolSet[name].description ?? "",
      inputSchema: await asSchema(toolSet[name].inputSchema).jsonSchema,
    })),
  );
  const toolsets = Object.fromEntries(names.filter((name) => !kept.has(name)).map((name) => [name, TOOLSET]));
  const session = { tools, toolsets };
  const executeTool = async (name, args, ctx) => {
    const own = toolSet[name];
    const read = await asSchema(own.inputSchema).validate?.(args);
    if (read && !read.success) throw new Error(String(read.error?.message ?? read.error));
    return asText(await own.execute(read ? read.value : args, ctx.execution ?? NO_EXECUTION));
  };
  const ts = new ToolSearch({ ...toolSearchOptions, host: { ...toolSearchOptions.host, executeTool } });
  // The tool set is fixed: the bridges run on a prepared snapshot, so a turn
  // reads none of it and the first one builds no index.
  const prepared = ts.prepare(session);
  const out = {};
  for (const def of ts.assemble(prepared, { contextLength, format: "openai" }).tools) {
    const name = toolName(def);
    if (!session.tools.includes(def)) {
      out[name] = tool({
        description: def.function.description,
        inputSchema: jsonSchema(def.function.parameters),
        execute: async (input, execution) => ts.handle(name, input, prepared, { execution, signal: execution?.abortSignal }),
      });
    } else {
      out[name] = toolSet[name];
    }
  }
  return { tools: out, ts, session };
}

/**
 * A `search` for the AI SDK's own `toolSearch({ search })`: our ranking over
 * the tools it offers, best first. `options` are those of `new ToolSearch()`;
 * the ranking is the enhanced one unless `options.config.ranking` says, as a
 * model writes these queries in words of its own.
 */
export function searchTools(options = {}) {
  const ts = new ToolSearch({ ...options, config: { ranking: "enhanced", ...options.config } });
  /** The same object for the same tool, so unchanged tools are not read again. */
  const known = new Map();
  return async ({ query, tools, maxResults }) => {
    const session = { tools: [], toolsets: {} };
    for (const { name, description = "" } of tools) {
      const key = `${name}\u0000${description}`;
      if (!known.has(key)) known.set(key, { name, description });
      session.tools.push(known.get(key));
      session.toolsets[name] = TOOLSET;
    }
    const limit = typeof maxResults === "number" ? maxResults : 25;
    const answer = JSON.parse(await ts.toolSearch({ queries: [query], limit }, session));
    return answer.results?.[0]?.matches ?? [];
  };
}
