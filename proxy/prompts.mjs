// The prompts of a host's servers as one list, named as their tools are:
// `mcp__<server>__<prompt>`, by ToolSearch.fromMcp's rule (a character
// outside [A-Za-z0-9_-] becomes "_", a name given twice gets `_2`, `_3`),
// and with the server part its tools have, so that one prefix names one
// server whatever it serves. prompts/get goes by that name to the server,
// under the prompt's own name.
import { ErrorCode, McpError, PromptSchema } from "@modelcontextprotocol/sdk/types.js";
import { ToolSearch } from "toolsearch";

/** @import { McpCallOptions, McpPrompt } from "toolsearch-mcp" */
/** @import { Catalog, ListMethod } from "./catalogs.mjs" */
/** @import { Server } from "./server.mjs" */

/** Where a prompt's name leads: its server, and its name there. @typedef {{ server: Server, name: string }} Route */

/** @type {ListMethod} */
const LIST = { method: "prompts/list", key: "prompts", noun: "prompts", schema: PromptSchema };

export class Prompts {
  /** @type {Catalog} */
  #catalog;
  /** Per name given to the client, where it leads; null before the first list. @type {Map<string, Route> | null} */
  #routes = null;

  /** @param {Catalog} catalog the prompts' catalog */
  constructor(catalog) {
    this.#catalog = catalog;
  }

  /**
   * Every server's prompts, named. A name of a server left out of this list
   * (down, or too slow) still leads to it, until another takes the name: a
   * get says why it cannot answer.
   * @returns {Promise<{ prompts: McpPrompt[] }>}
   */
  async list() {
    const lists = await this.#catalog.read(LIST);
    const listed = new Set(lists.map(({ server }) => server));
    /** @type {Map<string, Route>} */
    const routes = new Map();
    for (const [name, route] of this.#routes ?? []) if (!listed.has(route.server)) routes.set(name, route);
    /** @type {McpPrompt[]} */
    const prompts = [];
    /** @type {string[]} */
    const named = [];
    for (const { server, items } of lists) {
      const { tools } = ToolSearch.fromMcp(server.name, items.map((item) => ({ name: item.name })), [...this.#partsBesides(server), ...named]);
      items.forEach((item, i) => {
        const name = tools[i].name;
        // What PromptSchema reads: a prompt, its name a string.
        const prompt = /** @type {McpPrompt} */ (item);
        prompts.push({ ...prompt, name });
        routes.set(name, { server, name: prompt.name });
      });
      if (tools.length > 0) named.push(tools[0].name);
    }
    this.#routes = routes;
    return { prompts };
  }

  /**
   * The prompt `name` (as the list names it) with `args`, from its server.
   * An unknown name is an InvalidParams error, as MCP says.
   * @param {string} name
   * @param {Record<string, string> | undefined} args
   * @param {McpCallOptions} [options]
   */
  async get(name, args, options) {
    if (this.#routes === null) await this.list();
    const route = this.#routes?.get(name);
    if (!route) throw new McpError(ErrorCode.InvalidParams, `no MCP server offers the prompt '${name}' (prompts/list names them)`);
    return this.#catalog.ask(route.server, (client) => client.getPrompt({ name: route.name, arguments: args }, options));
  }

  /**
   * A tool name of each other server that has tools: the server parts
   * fromMcp must keep clear of, so that prompts and tools of one server
   * share its part, and no two servers do.
   * @param {Server} server
   * @returns {string[]}
   */
  #partsBesides(server) {
    /** @type {string[]} */
    const parts = [];
    for (const other of this.#catalog.servers) {
      const first = other === server ? undefined : other.imported?.tools[0];
      if (first) parts.push(first.name);
    }
    return parts;
  }
}
