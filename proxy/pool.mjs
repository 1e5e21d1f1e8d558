// The servers of one host: it starts them, names their tools (no two share
// a name), keeps the session and the routes of calls up to date, and says
// which servers are unavailable and why. Their prompts and resources are
// read when asked for (catalogs.mjs, prompts.mjs, resources.mjs).
import { CACHE_MAX_AGE_MS, ManifestCache } from "./cache.mjs";
import { Catalog } from "./catalogs.mjs";
import { hostSettings } from "./config.mjs";
import { ProxyError } from "./errors.mjs";
import { withKeywords } from "./keywords.mjs";
import { withPinning } from "./pinning.mjs";
import { Prompts } from "./prompts.mjs";
import { Resources } from "./resources.mjs";
import { Server } from "./server.mjs";
import { END_GRACE_MS, endProcesses } from "./transport.mjs";

/** @import { ChildProcess } from "node:child_process" */
/** @import { McpImport, Session } from "toolsearch" */
/** @import { McpCallOptions, McpHost, McpHostOptions, McpServerSpec, McpServersMap } from "toolsearch-mcp" */

/**
 * A server's entry as the host reads it: an `McpServerSpec`, with the
 * pinning keys of servers.json. A caller may pass anything, so what the host
 * checks before it uses it is `unknown` here.
 * @typedef {object} ServerEntry
 * @property {string} name
 * @property {unknown} [command]
 * @property {unknown} [args]
 * @property {Record<string, string>} [env]
 * @property {unknown} [cwd]
 * @property {unknown} [url]
 * @property {unknown} [headers]
 * @property {unknown} [type]
 * @property {unknown} [disabled]
 * @property {unknown} [defer]
 * @property {unknown} [alwaysLoad]
 * @property {unknown} [keywords]
 * @property {unknown} [secrets]
 */

/**
 * `[{name, ...spec}]` from an array of specs or an `mcpServers` map: disabled ones and repeated names left out.
 * @param {McpServerSpec[] | McpServersMap | null | undefined} servers
 * @returns {ServerEntry[]}
 */
function specsOf(servers) {
  /** @type {ServerEntry[]} */
  const specs = Array.isArray(servers) ? servers : Object.entries(servers ?? {}).map(([name, spec]) => ({ name, ...spec }));
  /** @type {Set<unknown>} */
  const names = new Set();
  return specs.filter((spec) => spec?.disabled !== true && !names.has(spec?.name) && names.add(spec?.name));
}

export class ServerPool {
  /** The session every server's tools make up, updated in place. @type {McpHost["session"] & { toolsets: Record<string, string> }} */
  session = { tools: [], toolsets: {}, declaredSources: [] };
  /** Per tool name, `{server, tool}`: where its calls go. @type {McpImport["origins"]} */
  origins = {};
  /** The unavailable servers, in configuration order: `{server, reason}`. @type {McpHost["failures"]} */
  failures = [];
  /** The processes of stdio servers, while they run. @type {Set<ChildProcess>} */
  children = new Set();
  closed = false;
  /** @type {Server[]} */
  #servers;
  /** @type {Map<string, Server>} */
  #byName;

  /**
   * @param {McpServerSpec[] | McpServersMap} servers
   * @param {McpHostOptions} options
   */
  constructor(servers, options) {
    this.options = options;
    /** @param {string} warning */
    this.warn = (warning) => options.onWarning?.(warning);
    const maxAge = typeof options.cacheMaxAgeMs === "number" && options.cacheMaxAgeMs >= 0 ? options.cacheMaxAgeMs : CACHE_MAX_AGE_MS;
    this.cache = new ManifestCache(options.cache, maxAge, this.warn);
    const settings = hostSettings(options);
    /** How long a server may take to start and list its tools before it counts as unavailable. */
    this.startTimeout = settings.startTimeoutMs;
    this.maxMessageBytes = settings.maxMessageBytes;
    /** The first wait before a server that failed to start is tried again (each failure doubles it); 0: never. */
    this.retryDelay = settings.retryDelayMs;
    this.#servers = specsOf(servers).map((spec) => new Server(spec, this));
    this.#byName = new Map(this.#servers.map((server) => [server.name, server]));
    const prompts = new Catalog("prompts", this.#servers, this);
    const resources = new Catalog("resources", this.#servers, this);
    /** What the servers serve besides tools, each told when a server connects. */
    this.catalogs = [prompts, resources];
    this.prompts = new Prompts(prompts);
    this.resources = new Resources(resources);
    // Aborting the signal ends the servers' processes, started or starting,
    // so that a host closed before it has connected need not wait for them.
    options.signal?.addEventListener("abort", () => this.#abort(), { once: true });
  }

  /**
   * Starts every server at once, each within one deadline for its start
   * and listing (servers that hang cost one deadline, not one each); the
   * outcomes are taken in configuration order, so names and failures do
   * not depend on which server answered first.
   */
  async start() {
    const outcomes = await Promise.all(this.#servers.map((server) => server.open()));
    this.#servers.forEach((server, i) => {
      const { tools, failure } = outcomes[i];
      if (failure !== undefined) server.fail(failure);
      else if (tools !== null) server.adopt(tools);
    });
    this.rebuild();
    for (const server of this.#servers) server.firstListed();
  }

  /**
   * `tools` of `server` as session tools, clear of every other server's names.
   * @param {Server} server
   * @param {unknown[]} tools
   * @returns {McpImport}
   */
  importTools(server, tools) {
    /** @type {string[]} */
    const taken = [];
    for (const other of this.#servers) {
      if (other !== server && other.imported) for (const tool of other.imported.tools) taken.push(tool.name);
    }
    const imported = server.importer.import(tools, taken);
    for (const warning of imported.warnings) this.warn(warning);
    const warn = (/** @type {string} */ warning) => this.warn(`server '${server.name}': ${warning}`);
    return withKeywords(withPinning(imported, server.spec, warn), server.spec.keywords, warn);
  }

  /** The session and routes again, from every server's tools and failures. */
  rebuild() {
    const { session, origins } = this;
    session.tools = [];
    session.toolsets = {};
    for (const key of Object.keys(origins)) delete origins[key];
    for (const server of this.#servers) {
      if (!server.imported) continue;
      // One by one: a spread of a very long listing would overflow the stack.
      for (const tool of server.imported.tools) session.tools.push(tool);
      Object.assign(session.toolsets, server.imported.toolsets);
      Object.assign(origins, server.imported.origins);
    }
    const later =
      this.retryDelay > 0
        ? " It is tried again from time to time; if it stays down, check its entry in the configuration."
        : " Check its entry in the configuration, then restart.";
    session.declaredSources = this.failures.map((f) => ({
      name: f.server,
      unavailable: `The MCP server ${f.server} did not start (${f.reason}).${later}`,
    }));
  }

  /** Lists again, in the background, the tools of each server whose listing outlived its ttlMs. */
  refresh() {
    for (const server of this.#servers) server.refreshIfStale();
  }

  /** The session changed: rebuilt, and the host told. */
  changed() {
    this.rebuild();
    this.options.onToolsChanged?.();
  }

  /**
   * Runs a tool by its session name: the server's result as it came.
   * @param {string} name
   * @param {Record<string, unknown>} args
   * @param {McpCallOptions} [callOptions]
   */
  callToolResult(name, args, callOptions) {
    const origin = Object.hasOwn(this.origins, name) ? this.origins[name] : undefined;
    const server = origin && this.#byName.get(origin.server);
    if (!server) return Promise.reject(new ProxyError("unknown_tool", `no MCP server offers '${name}'`));
    return server.call(origin.tool, args, callOptions);
  }

  /** Closes every connection, and ends every server process still running (a start in progress too). */
  async close() {
    this.closed = true;
    const closing = Promise.allSettled(this.#servers.map((server) => server.close()));
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, END_GRACE_MS).unref())]);
    await endProcesses(this.children);
  }

  /** `failures` again, in configuration order, in place (hosts hold the array): a server failed, or started. */
  listFailures() {
    this.failures.length = 0;
    for (const server of this.#servers) if (server.failure !== null) this.failures.push({ server: server.name, reason: server.failure });
  }

  #abort() {
    this.closed = true;
    for (const server of this.#servers) server.stopRetry();
    endProcesses(this.children);
  }
}
