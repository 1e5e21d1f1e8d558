// toolsearch/langchain: LangChain.js tools behind the bridges. The bridges
// are LangChain tools whose schemas accept what the bridges accept (a single
// string counts as one query or name), and tool_call runs each deferred
// tool's own `invoke`.
import { tool } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { ToolSearch, toolName } from "toolsearch";

/** The toolset every deferred LangChain tool is registered under. */
const TOOLSET = "langchain";

/** A list argument of a bridge: a list of strings, or one string. */
const listOrString = (schema) => ({ anyOf: [schema, { type: "string" }], description: schema.description });

/** The bridge's parameters, widened to what the bridge reads (§8.1, §10.1). */
function accepting(name, parameters) {
  const properties = { ...parameters.properties };
  if (name === "tool_search") properties.queries = listOrString(properties.queries);
  if (name === "tool_describe") properties.names = listOrString(properties.names);
  if (name === "tool_call") properties.calls = listOrString(properties.calls);
  return { ...parameters, properties };
}

/** A tool's output as the text the model reads: a ToolMessage's content, text as it is, anything else as JSON. */
function asText(output) {
  const isToolMessage = typeof output?._getType === "function" && output._getType() === "tool";
  const value = isToolMessage ? output.content : output;
  return typeof value === "string" ? value : JSON.stringify(value ?? null);
}

/**
 * The bridges for LangChain tools: `{ tools, ts, session }`. `tools` holds the
 * tools kept visible (`options.visible`, names), then tool_search,
 * tool_describe and tool_call; tool_call validates and runs a deferred tool's
 * own `invoke`. The other options are those of `new ToolSearch()`, and
 * `contextLength`.
 */
export function toolSearchTools(lcTools, options = {}) {
  const { visible = [], contextLength = 200_000, ...toolSearchOptions } = options;
  const byName = new Map(lcTools.map((t) => [t.name, t]));
  const kept = new Set(visible);
  const defs = lcTools.map((t) => ({ name: t.name, description: t.description ?? "", inputSchema: toJsonSchema(t.schema) }));
  const toolsets = Object.fromEntries(lcTools.filter((t) => !kept.has(t.name)).map((t) => [t.name, TOOLSET]));
  const session = { tools: defs, toolsets };
  const executeTool = async (name, args, ctx) => asText(await byName.get(name).invoke(args, ctx.config));
  const ts = new ToolSearch({ ...toolSearchOptions, host: { ...toolSearchOptions.host, executeTool } });
  // The tools are fixed: the bridges run on a prepared snapshot, so a turn
  // reads none of them and the first one builds no index.
  const prepared = ts.prepare(session);
  const tools = [];
  for (const def of ts.assemble(prepared, { contextLength, format: "openai" }).tools) {
    const name = toolName(def);
    if (session.tools.includes(def)) {
      tools.push(byName.get(name));
      continue;
    }
    const { description, parameters } = def.function;
    tools.push(
      tool(async (input, config) => ts.handle(name, input, prepared, { config, signal: config?.signal }), {
        name,
        description,
        schema: accepting(name, parameters),
      }),
    );
  }
  return { tools, ts, session };
}
