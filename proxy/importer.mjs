// A server's listings as session parts (ToolSearch.fromMcp), each at the
// cost of what changed since the one before: the engine reads a tool again
// only when its JSON changed, and names the tools again only when their
// names, or the names other servers use, changed. A server of 60,000 tools
// that changes one of them reads one tool, not 60,000. The parts are the ones
// fromMcp gives for the whole listing (hostile-proxy-schemas.test.mjs
// compares them on listings that rename, pin and skip).
import { ToolSearch } from "toolsearch";

/** @import { McpImport, McpTool } from "toolsearch" */

/**
 * What fromMcp makes of one tool: the tool (its name set by the naming) and
 * whether its server pins it; `null` when fromMcp skips it (no name, or
 * unreadable).
 * @typedef {{ tool: McpTool, pinned: boolean } | null} Reading
 */

/**
 * True for a tool fromMcp may keep: an object with a name.
 * @param {unknown} tool
 * @returns {tool is { name: string }}
 */
const named = (tool) => tool !== null && typeof tool === "object" && !Array.isArray(tool) && typeof (/** @type {{ name?: unknown }} */ (tool).name) === "string";

export class ToolImporter {
  /** @type {string} */
  #server;
  /** Per tool's JSON text in the latest listing, what fromMcp read of it. @type {Map<string, Reading>} */
  #readings = new Map();
  /** The latest listing, tool by tool as JSON. @type {string[] | null} */
  #texts = null;
  /** The latest naming: what it was of (names listed, names taken), and fromMcp's answer. @type {{ key: string, parts: McpImport } | null} */
  #naming = null;
  /** The texts of the listing last read, kept for the import that follows. @type {{ tools: unknown[], texts: string[] } | null} */
  #read = null;

  /** @param {string} server the server's name */
  constructor(server) {
    this.#server = server;
  }

  /**
   * True when `tools` is the listing imported last, tool for tool.
   * @param {unknown[]} tools
   */
  unchanged(tools) {
    const texts = this.#textsOf(tools);
    const last = this.#texts;
    const same = last !== null && texts.length === last.length && texts.every((text, i) => text === last[i]);
    // Not imported: its texts need not be kept.
    if (same) this.#read = null;
    return same;
  }

  /**
   * `ToolSearch.fromMcp(server, tools, taken)`, reading only the tools that
   * changed since the latest import.
   * @param {unknown[]} tools
   * @param {string[]} taken the names of other servers' tools
   * @returns {McpImport}
   */
  import(tools, taken) {
    const texts = this.#textsOf(tools);
    /** @type {Map<string, Reading>} */
    const readings = new Map();
    /** @type {number[]} */
    const unread = [];
    for (let i = 0; i < tools.length; i++) {
      if (readings.has(texts[i])) continue;
      const known = this.#readings.get(texts[i]);
      readings.set(texts[i], known === undefined ? null : known);
      if (known === undefined) unread.push(i);
    }
    this.#readAll(unread.map((i) => tools[i]), unread.map((i) => texts[i]), readings);
    // Named like this in the whole listing's import: fromMcp names a skipped
    // tool (passed whole, so that it is skipped and said as there) nothing,
    // and the others by their names alone.
    const stubs = tools.map((tool, i) => (readings.get(texts[i]) ? { name: /** @type {{ name: string }} */ (tool).name } : tool));
    const key = JSON.stringify([stubs, taken]);
    const parts = this.#naming?.key === key ? this.#naming.parts : ToolSearch.fromMcp(this.#server, stubs, taken);
    /** @type {McpImport} */
    const imported = { tools: [], toolsets: {}, toolset: parts.toolset, origins: parts.origins, pinned: [], warnings: parts.warnings };
    let next = 0;
    for (let i = 0; i < tools.length; i++) {
      const reading = readings.get(texts[i]);
      if (!reading) continue;
      const name = parts.tools[next++].name;
      imported.tools.push({ ...reading.tool, name });
      if (reading.pinned) imported.pinned.push(name);
      else imported.toolsets[name] = /** @type {string} */ (parts.toolset);
    }
    this.#readings = readings;
    this.#texts = texts;
    this.#naming = { key, parts };
    this.#read = null;
    return imported;
  }

  /** Forgets the latest listing (its server left the session). */
  forget() {
    this.#readings = new Map();
    this.#texts = null;
    this.#naming = null;
    this.#read = null;
  }

  /**
   * Reads `tools` (whose JSON texts are `texts`) in one fromMcp, each named
   * by its place, so that what it made of each is found again.
   * @param {unknown[]} tools
   * @param {string[]} texts
   * @param {Map<string, Reading>} readings set here
   */
  #readAll(tools, texts, readings) {
    /** @type {object[]} */
    const batch = [];
    /** @type {string[]} */
    const of = [];
    tools.forEach((tool, i) => {
      if (!named(tool)) return;
      batch.push({ ...tool, name: `t${batch.length}` });
      of.push(texts[i]);
    });
    if (batch.length === 0) return;
    const read = ToolSearch.fromMcp(this.#server, batch);
    const pinned = new Set(read.pinned);
    for (const tool of read.tools) readings.set(of[Number(read.origins[tool.name].tool.slice(1))], { tool, pinned: pinned.has(tool.name) });
  }

  /**
   * Each tool of `tools` as JSON (the texts of the listing last read are kept, not made again).
   * @param {unknown[]} tools
   * @returns {string[]}
   */
  #textsOf(tools) {
    if (this.#read?.tools !== tools) this.#read = { tools, texts: tools.map((tool) => JSON.stringify(tool)) };
    return this.#read.texts;
  }
}
