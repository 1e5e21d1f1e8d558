// The resources and resource templates of a host's servers, as one list
// each. A URI stays as its server gave it: tool results and prompts quote
// resources by URI, and a renamed one would lead nowhere. So
// resources/read goes by URI: to the server that lists it (the first in
// configuration order when several list it: the others' entries of that
// URI are left out of the list, and said); else to the server with a
// template the URI fits (the one with the most literal text; the first in
// configuration order on a tie); else to each server that serves
// resources, in configuration order, until one reads it. Templates that
// several servers list are kept for the first alike.
import { McpError, ResourceSchema, ResourceTemplateSchema } from "@modelcontextprotocol/sdk/types.js";

/** @import { McpCallOptions, McpResource, McpResourceTemplate } from "toolsearch-mcp" */
/** @import { Catalog, ListMethod, Listed } from "./catalogs.mjs" */
/** @import { Server } from "./server.mjs" */

/** MCP's error for a resource no server has. */
const RESOURCE_NOT_FOUND = -32002;
/** @type {ListMethod} */
const RESOURCES = { method: "resources/list", key: "resources", noun: "resources", schema: ResourceSchema };
/** @type {ListMethod} */
const TEMPLATES = { method: "resources/templates/list", key: "resourceTemplates", noun: "resource templates", schema: ResourceTemplateSchema };

/**
 * The literal parts of a URI template (RFC 6570): the text around its expressions.
 * @param {string} template
 * @returns {string[]}
 */
const literalsOf = (template) => template.split(/\{[^{}]*\}/);

/**
 * Whether `uri` may be one of a template whose literal parts are
 * `literals`: it starts with the first, ends with the last, and holds the
 * others in order between them (the expressions match anything).
 * @param {string} uri
 * @param {string[]} literals
 * @returns {boolean}
 */
function fits(uri, literals) {
  const first = literals[0];
  if (literals.length === 1) return uri === first;
  const last = literals[literals.length - 1];
  const end = uri.length - last.length;
  if (end < first.length || !uri.startsWith(first) || !uri.endsWith(last)) return false;
  let at = first.length;
  for (const literal of literals.slice(1, -1)) {
    const found = uri.indexOf(literal, at);
    if (found === -1 || found + literal.length > end) return false;
    at = found + literal.length;
  }
  return true;
}

export class Resources {
  /** @type {Catalog} */
  #catalog;
  /** Per URI listed, the server that reads it; null before the first list. @type {Map<string, Server> | null} */
  #uris = null;
  /** Per URI template listed, its server; null before the first list. @type {Map<string, Server> | null} */
  #templates = null;
  /** The templates' literal parts, with their servers. @type {{ server: Server, literals: string[] }[]} */
  #fits = [];

  /** @param {Catalog} catalog the resources' catalog */
  constructor(catalog) {
    this.#catalog = catalog;
  }

  /**
   * Every server's resources, a URI once.
   * @returns {Promise<{ resources: McpResource[] }>}
   */
  async list() {
    const { items, owners } = this.#merge(await this.#catalog.read(RESOURCES), RESOURCES, "uri", this.#uris);
    this.#uris = owners;
    // What ResourceSchema reads.
    return { resources: /** @type {McpResource[]} */ (items) };
  }

  /**
   * Every server's resource templates, a template once.
   * @returns {Promise<{ resourceTemplates: McpResourceTemplate[] }>}
   */
  async listTemplates() {
    const { items, owners } = this.#merge(await this.#catalog.read(TEMPLATES), TEMPLATES, "uriTemplate", this.#templates);
    this.#templates = owners;
    this.#fits = [...owners].map(([template, server]) => ({ server, literals: literalsOf(template) }));
    // What ResourceTemplateSchema reads.
    return { resourceTemplates: /** @type {McpResourceTemplate[]} */ (items) };
  }

  /**
   * The resource `uri`, from the server it goes to (see the module's comment).
   * @param {string} uri
   * @param {McpCallOptions} [options]
   */
  async read(uri, options) {
    if (this.#uris === null) await this.list();
    let server = this.#uris?.get(uri);
    if (!server) {
      if (this.#templates === null) await this.listTemplates();
      server = this.#fitting(uri);
    }
    if (server) return this.#catalog.ask(server, (client) => client.readResource({ uri }, options));
    /** @type {string[]} */
    const tried = [];
    for (const other of this.#catalog.serving()) {
      try {
        return await this.#catalog.ask(other, (client) => client.readResource({ uri }, options));
      } catch {
        tried.push(other.name);
      }
    }
    const none = tried.length === 0 ? "no MCP server serves resources" : `none of the MCP servers that serve resources reads it (${tried.join(", ")})`;
    throw new McpError(RESOURCE_NOT_FOUND, `no MCP server lists the resource '${uri}', and ${none}`);
  }

  /**
   * The items of `lists`, each `field` once: the first server in
   * configuration order keeps it, and another that lists it too is said.
   * `owners`: per value, its server; those of a server left out of `lists`
   * (down, or too slow) are kept from `before`, unless another lists them.
   * @param {Listed[]} lists
   * @param {ListMethod} list
   * @param {"uri" | "uriTemplate"} field
   * @param {Map<string, Server> | null} before
   * @returns {{ items: Record<string, unknown>[], owners: Map<string, Server> }}
   */
  #merge(lists, list, field, before) {
    const listed = new Set(lists.map(({ server }) => server));
    /** @type {Map<string, Server>} */
    const owners = new Map();
    for (const [value, server] of before ?? []) if (!listed.has(server)) owners.set(value, server);
    /** @type {Map<string, Server>} */
    const first = new Map();
    /** @type {Record<string, unknown>[]} */
    const items = [];
    for (const { server, items: own } of lists) {
      /** @type {Set<string>} */
      const earlier = new Set();
      let left = 0;
      for (const item of own) {
        const value = /** @type {string} */ (item[field]);
        const owner = first.get(value);
        if (owner !== undefined) {
          if (owner !== server) {
            left += 1;
            earlier.add(owner.name);
          }
          continue;
        }
        first.set(value, server);
        owners.set(value, server);
        items.push(item);
      }
      const those = `${left} of its ${list.noun} ${left === 1 ? "is" : "are"} left out`;
      const said = left === 0 ? [] : [`server '${server.name}': ${those}, since ${[...earlier].join(", ")} (before it in the configuration) listed the same ${field}`];
      this.#catalog.report(server, `${list.method} shared`, said);
    }
    return { items, owners };
  }

  /**
   * The server of the template `uri` fits with the most literal text (the first in configuration order on a tie), if any.
   * @param {string} uri
   * @returns {Server | undefined}
   */
  #fitting(uri) {
    const order = this.#catalog.servers;
    /** @type {{ server: Server, score: number } | undefined} */
    let best;
    for (const { server, literals } of this.#fits) {
      if (!fits(uri, literals)) continue;
      const score = literals.reduce((sum, literal) => sum + literal.length, 0);
      if (!best || score > best.score || (score === best.score && order.indexOf(server) < order.indexOf(best.server))) best = { server, score };
    }
    return best?.server;
  }
}
