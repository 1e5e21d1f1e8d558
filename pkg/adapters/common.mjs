// What the provider adapters share: the session split into the tools the
// model sees and the deferred ones, and the bridge tools of an assembly.
import { isReservedName, toolName, toolSchema } from "toolsearch";

/** @import { JsonSchema, OpenAiTool, PreparedSession, Session, SessionTool, ToolSearch, ToolSearchOptions } from "toolsearch" */

/**
 * A tool as the adapters convert it: its name, description and parameters, and its `strict` when it has one.
 * @typedef {{ name: string, description: string, parameters: JsonSchema, strict?: boolean }} PlainTool
 */


/**
 * The session's own tools; a prepared session, which holds none to read, is refused.
 * @param {Session | PreparedSession} session
 * @returns {SessionTool[]}
 */
export function toolsOf(session) {
  const tools = /** @type {{ tools?: unknown } | null | undefined} */ (session)?.tools;
  if (!Array.isArray(tools)) {
    throw new TypeError("toolsearch: this adapter needs the session itself (with its tools), not a prepared session");
  }
  return tools;
}

/**
 * Whether `value` is a plain object (not null, not an array).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * A tool of any shape as `{name, description, parameters, strict?}`; null
 * without a name. A flat Responses function tool's `parameters` are read too.
 * @param {unknown} def
 * @returns {PlainTool | null}
 */
export function plainTool(def) {
  const name = toolName(def);
  if (name === null) return null;
  // It has a name: an object.
  const fields = /** @type {Record<string, unknown>} */ (def);
  const block = isRecord(fields.function) ? fields.function : fields;
  const description = typeof block.description === "string" ? block.description : "";
  const parameters = toolSchema(def) ?? (isRecord(fields.parameters) ? fields.parameters : { type: "object", properties: {} });
  /** @type {PlainTool} */
  const tool = { name, description, parameters };
  if (typeof block.strict === "boolean") tool.strict = block.strict;
  return tool;
}

/**
 * Code-point order of names: the same on every machine and locale.
 * @param {SessionTool} a
 * @param {SessionTool} b
 */
const byName = (a, b) => {
  const [x, y] = [toolName(a) ?? "", toolName(b) ?? ""];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * `ts.assemble` split for a provider's own deferred loading: `visible`, the
 * session's tools the model sees; `bridges`, the bridge tools by name (OpenAI
 * shape; tool_search alone, worded for tools the provider loads); `deferred`,
 * the session's tools behind it; `activated`, whether anything defers.
 * @param {ToolSearch} ts
 * @param {Session} session
 * @param {{ contextLength?: number }} [options]
 * @returns {{ visible: SessionTool[], bridges: Map<string, OpenAiTool>, deferred: SessionTool[], activated: boolean }}
 */
export function split(ts, session, options = {}) {
  const tools = toolsOf(session);
  const assembly = ts.assemble(session, { contextLength: options.contextLength, format: "openai", deferLoading: true });
  const own = new Set(tools);
  /** @type {Map<string, OpenAiTool>} */
  const bridges = new Map();
  /** @type {SessionTool[]} */
  const visible = [];
  for (const tool of assembly.tools) {
    if (own.has(tool)) visible.push(tool);
    // Not the session's own: a bridge, named, in the OpenAI shape asked for.
    else bridges.set(/** @type {string} */ (toolName(tool)), /** @type {OpenAiTool} */ (tool));
  }
  const shown = new Set(visible);
  // Sorted by name, as the listing is: the array does not depend on the order servers were found in (§4.5).
  const deferred = tools.filter((tool) => !shown.has(tool) && !isReservedName(toolName(tool))).sort(byName);
  return { visible, bridges, deferred, activated: assembly.activated };
}

/**
 * Refuses `options.host.executeTool` for an adapter whose tool_call runs each
 * tool's own function (`how`), instead of silently replacing it.
 * @param {ToolSearchOptions} options
 * @param {string} adapter
 * @param {string} how
 */
export function refuseExecuteTool(options, adapter, how) {
  if (typeof options?.host?.executeTool === "function") {
    throw new TypeError(`toolsearch/${adapter}: tool_call runs each tool's own ${how}, so options.host.executeTool cannot be set`);
  }
}

/**
 * `read(tool)` for the tool named `name`, or a TypeError that names the tool
 * and the adapter when the tool is no object or `read` throws (a schema the
 * SDK cannot write as JSON Schema, such as a zod BigInt).
 * @template T, R
 * @param {T} tool
 * @param {string} name
 * @param {string} adapter
 * @param {(tool: NonNullable<T> & object) => R | Promise<R>} read
 * @returns {Promise<R>}
 */
export async function readTool(tool, name, adapter, read) {
  if (tool === null || typeof tool !== "object") {
    throw new TypeError(`toolsearch/${adapter}: the tool '${name}' is ${tool === null ? "null" : typeof tool}, not a tool`);
  }
  try {
    return await read(tool);
  } catch (error) {
    throw new TypeError(`toolsearch/${adapter}: the schema of the tool '${name}' cannot be read as JSON Schema (${thrownText(error)})`);
  }
}

/**
 * Refuses tools an adapter cannot route: two of one name (the bridge would
 * describe one and run the other) or one named as a bridge (the bridge would
 * take its place).
 * @param {unknown[]} names
 * @param {string} adapter
 */
export function refuseAmbiguousNames(names, adapter) {
  /** @type {Set<unknown>} */
  const seen = new Set();
  for (const name of names) {
    if (isReservedName(name)) throw new TypeError(`toolsearch/${adapter}: a tool is named '${name}', the name of a bridge tool; rename it`);
    if (seen.has(name)) throw new TypeError(`toolsearch/${adapter}: two tools are named '${name}'; each tool needs a name of its own`);
    seen.add(name);
  }
}

/**
 * What a thrown value says: its `message` when it has one, else the value itself.
 * @param {unknown} error
 * @returns {string}
 */
function thrownText(error) {
  const message = error !== null && typeof error === "object" && "message" in error ? error.message : undefined;
  return String(message ?? error);
}

/**
 * Whether a model's tool call names a tool: a call of another kind (a custom tool's) has no name to route.
 * @param {unknown} name
 * @returns {name is string}
 */
export const namedCall = (name) => typeof name === "string";
