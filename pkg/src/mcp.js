// Session parts from MCP servers' `tools/list` results (ToolSearch.fromMcp
// and fromMcpServers): the host's values read here, without trusting them,
// as the JSON text of each tool; the engine names and merges them.
import { wasm } from "./runtime.js";
import { argsText, field, isList, isRecord, thrownMessage } from "./values.js";

/** @import { McpImport } from "../toolsearch.js" */

/**
 * `ToolSearch.fromMcp`: session parts for one server's `tools/list` result.
 * @param {unknown} serverName
 * @param {unknown} listToolsResult
 * @param {unknown} [taken]
 * @returns {McpImport}
 */
export function importMcp(serverName, listToolsResult, taken) {
  const server = typeof serverName === "string" ? serverName : thrownMessage(serverName ?? "");
  return wasm().fromMcp(server, toolTexts(listToolsResult), takenNames(taken));
}

/**
 * `ToolSearch.fromMcpServers`: one session from several servers' results,
 * imported by the engine in one call.
 * @param {unknown} servers
 * @returns {McpImport}
 */
export function importMcpServers(servers) {
  /** @type {McpImport} */
  const session = { tools: [], toolsets: {}, origins: {}, pinned: [], warnings: [] };
  if (!isRecord(servers)) return session;
  /** @type {string[]} */
  let names = [];
  try {
    names = Object.keys(servers);
  } catch {
    // a revoked proxy: no servers
  }
  const lists = names.map((name) => toolTexts(field(servers, name)));
  const texts = lists.flat();
  const imports = wasm().fromMcpServers(names, texts, lists.map((list) => list.length));
  for (const imported of imports) {
    // One at a time: a spread of a large array overflows the call stack.
    for (const tool of imported.tools) session.tools.push(tool);
    for (const name of imported.pinned) session.pinned.push(name);
    for (const warning of imported.warnings) session.warnings.push(warning);
    Object.assign(session.toolsets, imported.toolsets);
    Object.assign(session.origins, imported.origins);
  }
  return session;
}

/**
 * The JSON text of each tool of a `tools/list` result (or of its `tools`
 * array), `null` for one that is no object; a hostile list gives what was
 * read of it.
 * @param {unknown} listToolsResult
 * @returns {string[]}
 */
function toolTexts(listToolsResult) {
  /** @type {string[]} */
  const texts = [];
  try {
    const list = isList(listToolsResult) ? listToolsResult : field(listToolsResult ?? {}, "tools");
    for (const tool of isList(list) ? list : []) texts.push(isRecord(tool) ? argsText(tool) : "null");
  } catch {
    // a hostile list: import what was read
  }
  return texts;
}

/**
 * Names already in use, from an array of names, or from an object with
 * `tools` (a session or an earlier `fromMcp` result).
 * @param {unknown} taken
 * @returns {string[]}
 */
function takenNames(taken) {
  const listed = isRecord(taken) ? field(taken, "tools") : undefined;
  const items = isList(taken) ? taken : isList(listed) ? listed : [];
  /** @type {string[]} */
  const names = [];
  try {
    for (const item of items) {
      if (typeof item === "string") names.push(item);
      else if (isRecord(item)) {
        const fn = field(item, "function");
        const name = field(isRecord(fn) ? fn : item, "name");
        if (typeof name === "string") names.push(name);
      }
    }
  } catch {
    // a hostile list: keep what was read
  }
  return names;
}
