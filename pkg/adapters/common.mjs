// What the provider adapters share: the session split into the tools the
// model sees and the deferred ones, the bridge tools of an assembly, and the
// names a tool_search answer matched.
import { toolName, toolSchema } from "toolsearch";

const BRIDGES = new Set(["tool_search", "tool_describe", "tool_call"]);
/** Names no session tool may take (the engine leaves such tools out). */
const RESERVED = new Set([...BRIDGES, "manage_connections"]);

/** The session's own tools; a prepared session, which holds none to read, is refused. */
export function toolsOf(session) {
  const tools = session?.tools;
  if (!Array.isArray(tools)) {
    throw new TypeError("toolsearch: this adapter needs the session itself (with its tools), not a prepared session");
  }
  return tools;
}

/** A tool of any shape as `{name, description, parameters}`; null without a name. */
export function plainTool(def) {
  const name = toolName(def);
  if (name === null) return null;
  const block = def.function !== null && typeof def.function === "object" ? def.function : def;
  const description = typeof block.description === "string" ? block.description : "";
  return { name, description, parameters: toolSchema(def) ?? { type: "object", properties: {} } };
}

/**
 * `ts.assemble` split for a provider: `visible`, the session's tools the
 * model sees; `bridges`, the bridge tools by name (OpenAI shape); `deferred`,
 * the session's tools behind the bridge; `activated`, whether anything defers.
 */
export function split(ts, session, options = {}) {
  const tools = toolsOf(session);
  const assembly = ts.assemble(session, { contextLength: options.contextLength, format: "openai" });
  const own = new Set(tools);
  const bridges = new Map();
  const visible = [];
  for (const tool of assembly.tools) {
    if (own.has(tool)) visible.push(tool);
    else bridges.set(toolName(tool), tool);
  }
  const shown = new Set(visible);
  const deferred = tools.filter((tool) => !shown.has(tool) && !RESERVED.has(toolName(tool)));
  return { visible, bridges, deferred, activated: assembly.activated };
}

/** The tool names of a tool_search answer, every query's, once each, in order. */
export function matchedNames(text) {
  const names = [];
  try {
    for (const group of JSON.parse(text).results ?? []) {
      for (const name of group.matches ?? []) if (!names.includes(name)) names.push(name);
    }
  } catch {
    // an error answer: no names
  }
  return names;
}
