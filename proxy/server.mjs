// One configured MCP server and its connection, whose state is one value
// (`Connection`, a tagged union): not started yet, its tools from the
// cache, starting, connected, stopped (it starts again on its next call),
// failed (tried again later), or closed with the host.
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { kindsIn, servedBy } from "./catalogs.mjs";
import { withheldNote } from "./environment.mjs";
import { ProxyError } from "./errors.mjs";
import { ToolImporter } from "./importer.mjs";
import { listAll } from "./listing.mjs";
import { MAX_REASON_CHARS, Redactor, errorText } from "./redact.mjs";
import { secretsOf } from "./secrets.mjs";
import { endProcesses, fallsBackToSse, guardAgainstFloods, stopProcess, transportOf } from "./transport.mjs";

/** @import { CallToolResult } from "@modelcontextprotocol/sdk/types.js" */
/** @import { McpImport } from "toolsearch" */
/** @import { Kind } from "./catalogs.mjs" */
/** @import { McpCallOptions } from "toolsearch-mcp" */
/** @import { ServerEntry, ServerPool } from "./pool.mjs" */
/** @import { HostTransport } from "./transport.mjs" */

/**
 * The listing of one connection's tools in progress, and whether changes were announced meanwhile.
 * @typedef {{ listing: boolean, again: boolean, relist: () => Promise<void> }} Follow
 */
/**
 * One connection to the server, from its start to its end: its client and
 * transport (for what the server wrote to stderr), its listings (`follow`),
 * why it was stopped if it flooded, and the first error of its latest burst.
 * @typedef {object} Link
 * @property {Client} client
 * @property {HostTransport} transport
 * @property {Follow} follow
 * @property {string | null} flood
 * @property {{ error: Error, at: number } | null} lastError
 */
/**
 * Why a start of the server failed (its redactor's words), and its next try
 * (`timer`, after `delay` ms), if it is tried again.
 * @typedef {{ reason: string, retry: { timer: NodeJS.Timeout, delay: number } | null }} Failure
 */
/**
 * The server's connection, one of:
 * - `idle`: not started yet;
 * - `cached`: its tools read from the cache; it starts on its first call;
 * - `starting`: the `start` in progress;
 * - `connected`: its `link`, made by `start` (null for the host's own first start);
 * - `stopped`: its connection closed or flooded; it starts again on its next call;
 * - `failed`: its latest start failed; it is tried again (`failure.retry`);
 * - `closed`: closed with the host.
 * A `failure` stands from a failed start until a start lists its tools:
 * one in progress carries the failure it tries again, which the host
 * reports meanwhile and whose delay the next try doubles.
 * @typedef {{ kind: "idle" }
 *   | { kind: "cached" }
 *   | { kind: "starting", start: Promise<Link>, failure: Failure | null }
 *   | { kind: "connected", link: Link, start: Promise<Link> | null, failure: Failure | null }
 *   | { kind: "stopped", failure: Failure | null }
 *   | { kind: "failed", failure: Failure }
 *   | { kind: "closed" }} Connection
 */

const CLIENT = { name: "toolsearch-mcp", version: createRequire(import.meta.url)("./package.json").version };
/** Errors of a connection this close together are one event: the first tells why, the rest are its wake. */
const ERROR_BURST_MS = 1_000;
/** An unchanged listing rewrites a server's cache entry at most this often (keeping it fresh). */
const CACHE_REFRESH_MS = 60_000;
/** The longest wait between two tries of a server that keeps failing (5 minutes). */
const RETRY_MAX_DELAY_MS = 300_000;
/**
 * The shortest time between the starts of two listings of a server's
 * changed tools: one that changes them every few milliseconds costs a
 * listing (and a cache write, and a notice to the client) a second.
 */
const RELIST_INTERVAL_MS = 1_000;
/**
 * A listing after an announced change, end to end (the server's answer, its
 * import, the session and the host's work on the change), takes at most
 * this share of the time: after one that took 2 s, the next starts 20 s
 * after it began. A server of 60,000 tools that changes every second is
 * followed less often, and the other servers' searches do not wait behind it.
 */
const RELIST_SHARE = 0.1;
/** The longest time between the starts of two listings of changed tools, however costly. */
const RELIST_MAX_INTERVAL_MS = 300_000;

/**
 * `error` as a reason may quote it (`redactor`: the server's), after
 * `prefix`, with what its transport saw beside it (what the server last
 * wrote to stderr), within MAX_REASON_CHARS.
 * @param {unknown} error
 * @param {HostTransport | null | undefined} transport
 * @param {Redactor} redactor
 * @param {string} [prefix]
 * @returns {Error}
 */
function explained(error, transport, redactor, prefix = "") {
  const aside = transport?.aside(redactor) ?? "";
  const room = MAX_REASON_CHARS - prefix.length - (aside === "" ? 0 : aside.length + 2);
  const message = redactor.reason(errorText(error), room);
  return new Error(`${prefix}${message}${aside === "" || message.includes(aside) ? "" : `; ${aside}`}`);
}

/**
 * Whether `error` is the SDK's timeout of a request.
 * @param {unknown} error
 */
const timedOut = (error) => error instanceof McpError && error.code === ErrorCode.RequestTimeout;

/**
 * A stdio server's timeout, with the proxy's variables it was not given
 * named: a server that cannot reach the network (no proxy, no CA) times out
 * without a word of why.
 * @param {unknown} error
 * @param {ServerEntry} spec
 * @returns {unknown}
 */
function withWithheld(error, spec) {
  const note = typeof spec.command === "string" ? withheldNote(spec.env) : "";
  return note === "" ? error : new Error(`${errorText(error)}; ${note}`);
}

/**
 * The failure `connection` carries (its own, or the one its start tries again), or null.
 * @param {Connection} connection
 * @returns {Failure | null}
 */
const failureOf = (connection) => ("failure" in connection ? connection.failure : null);

export class Server {
  /** @type {Connection} */
  #connection = { kind: "idle" };
  /** What `ToolSearch.fromMcp` made of its latest listing, while the session holds its tools. @type {McpImport | null} */
  imported = null;
  /**
   * What it serves besides tools, as it declared at its latest start, or
   * as the cache says before it starts; null when unknown.
   * @type {Kind[] | null}
   */
  serves = null;
  /** @type {ServerPool} */
  #pool;
  /** The number of its latest listing: an older one that ends later is dropped. */
  #generation = 0;
  /** When its latest listing began. */
  #listedAt = 0;
  /** The ttlMs its server gave with its latest listing, from the listing's end (undefined: none). @type {number | undefined} */
  #ttlMs;
  /**
   * When the listing the session holds goes stale by its server's ttlMs, for
   * `refreshIfStale`; null when its server gave none, or announces its changes.
   * @type {number | null}
   */
  #staleAt = null;
  /** How long its latest listing after an announced change took, end to end (ms): the next one waits in proportion. */
  #relistCost = 0;

  /**
   * @param {ServerEntry} spec
   * @param {ServerPool} pool
   */
  constructor(spec, pool) {
    this.spec = spec;
    this.name = spec.name;
    /** What of its text may be quoted: the values passed to it left out. */
    this.redactor = new Redactor(secretsOf(spec));
    /** Its listings as session parts, each at the cost of what changed. */
    this.importer = new ToolImporter(spec.name);
    this.#pool = pool;
  }

  /** Its connection now (a value: a change replaces it). */
  get connection() {
    return this.#connection;
  }

  /** Its client while connected, else null. */
  get client() {
    const connection = this.#connection;
    return connection.kind === "connected" ? connection.link.client : null;
  }

  /** Why it is unavailable (redacted), from a failed start until a start succeeds; else null. */
  get failure() {
    return failureOf(this.#connection)?.reason ?? null;
  }

  /**
   * Takes `tools` as its listing: imported clear of the other servers' names.
   * @param {unknown[]} tools
   */
  adopt(tools) {
    this.imported = this.#pool.importTools(this, tools);
  }

  /**
   * The first start: its cached tools when they stand, else connected and
   * listed within one deadline for both. `{tools}` (null when overtaken by
   * a newer listing) or `{failure}`.
   * @returns {Promise<{ tools: unknown[] | null, failure?: undefined } | { failure: string, tools?: undefined }>}
   */
  async open() {
    const pool = this.#pool;
    const cached = pool.cache.freshTools(this.spec);
    if (cached !== null) {
      this.#connection = { kind: "cached" };
      this.serves = kindsIn(pool.cache.serves(this.spec));
      this.#staleAt = pool.cache.staleAt(this.name);
      return { tools: cached };
    }
    const deadline = Date.now() + pool.startTimeout;
    let link;
    try {
      link = await this.#connect();
    } catch (error) {
      return { failure: errorText(error) };
    }
    try {
      // The connection's first listing: announced changes wait for it
      // (firstListed), so no other listing of the server overtakes it.
      const tools = await this.#list(link.client, Math.max(1, deadline - Date.now()));
      if (tools !== null) pool.cache.remember(this.spec, tools, this.#ttlMs, this.serves);
      return { tools };
    } catch (error) {
      this.#drop(link);
      await link.client.close().catch(() => {});
      return { failure: explained(error, link.transport, this.redactor, "tools/list failed: ").message };
    }
  }

  /**
   * Its client, started now if it was left to its first call, has stopped
   * since, or failed before (a try again); the fresh listing replaces the
   * one the session holds.
   * @returns {Promise<Client>}
   */
  async connected() {
    return (await this.#linked()).client;
  }

  /**
   * Runs its tool `tool`: the result as the server gave it, but for an
   * error's (isError), which leaves out the values passed to the server as
   * its errors do (a result's own text may hold them by right).
   * @param {string} tool
   * @param {Record<string, unknown>} args
   * @param {McpCallOptions} [callOptions]
   * @returns {Promise<CallToolResult>}
   */
  async call(tool, args, callOptions) {
    const link = await this.#linked();
    /** @type {CallToolResult} */
    let result;
    try {
      // Read with the SDK's default result schema, CallToolResultSchema (its
      // types also allow the old `{toolResult}` shape, which only another schema reads).
      result = /** @type {CallToolResult} */ (await link.client.callTool({ name: tool, arguments: args }, undefined, callOptions));
    } catch (error) {
      if (this.#isCurrent(link) || this.#pool.closed) throw this.#quotable(error);
      const cause = link.flood ?? this.#causeOfClose(link) ?? this.redactor.reason(errorText(error));
      const message = `the connection to the MCP server ${this.name} closed during the call (${cause}); it starts again on the next call`;
      throw new ProxyError("connection_closed", message, { cause: this.#quotable(error) });
    }
    return result.isError ? this.redactor.scrub(result) : result;
  }

  /**
   * Ends the first listing of a connection (its own, by default), once its
   * caller has taken it: a change announced during it is listed now.
   * @param {Link | null} [link]
   */
  firstListed(link = this.#current()) {
    if (!link) return;
    const { follow } = link;
    if (follow.again && !this.#pool.closed && this.#isCurrent(link)) follow.relist().catch(() => {});
    else follow.listing = false;
  }

  /**
   * Lists its tools again, in the background, when the listing the session
   * holds has outlived the ttlMs its server gave: a cached one by starting
   * the server, a connected one as an announced change is (one listing at a
   * time, paced). Once per listing: the next one sets the time again.
   */
  refreshIfStale() {
    if (this.#staleAt === null || Date.now() < this.#staleAt || this.#pool.closed) return;
    const connection = this.#connection;
    if (connection.kind === "cached") {
      this.#staleAt = null;
      this.connected().catch(() => {});
      return;
    }
    // A listing in progress sets the time again when it ends.
    if (connection.kind !== "connected" || connection.link.follow.listing) return;
    const { follow } = connection.link;
    this.#staleAt = null;
    follow.listing = true;
    follow.relist().catch(() => {});
  }

  /**
   * Its start failed: it is unavailable, for `unredacted` (as its redactor
   * quotes it), and tried again later: after the first delay, then twice
   * as long each time, up to RETRY_MAX_DELAY_MS (or the first delay, if
   * longer). An entry that can never start (neither a command nor a url)
   * is not tried again.
   * @param {string} unredacted
   */
  fail(unredacted) {
    const previous = failureOf(this.#connection);
    if (previous?.retry) clearTimeout(previous.retry.timer);
    const retry = this.#nextTry(previous?.retry?.delay);
    this.#connection = { kind: "failed", failure: { reason: this.redactor.reason(unredacted), retry } };
    this.#pool.listFailures();
  }

  /** Cancels its next try. */
  stopRetry() {
    const retry = failureOf(this.#connection)?.retry;
    if (retry) clearTimeout(retry.timer);
  }

  /** Closes its connection (the host is closing). */
  close() {
    this.stopRetry();
    const connection = this.#connection;
    this.#connection = { kind: "closed" };
    return connection.kind === "connected" ? connection.link.client.close() : undefined;
  }

  /**
   * Its connection's link, started now if it is not connected nor starting.
   * @returns {Promise<Link>}
   */
  #linked() {
    const connection = this.#connection;
    if (connection.kind === "connected") return Promise.resolve(connection.link);
    if (connection.kind === "starting") return connection.start;
    if (this.#pool.closed) return Promise.reject(new ProxyError("server_unavailable", `the MCP server ${this.name} is not connected`));
    /** @type {{ link: Link | null }} */
    const attempt = { link: null };
    /** @type {Promise<Link>} */
    const start = this.#startAgain(attempt).catch((error) => this.#notStarted(error, attempt.link, start));
    this.#connection = { kind: "starting", start, failure: failureOf(connection) };
    return start;
  }

  /** Its link while connected, else null. */
  #current() {
    const connection = this.#connection;
    return connection.kind === "connected" ? connection.link : null;
  }

  /**
   * Whether `link` is its connection now.
   * @param {Link} link
   */
  #isCurrent(link) {
    return this.#current() === link;
  }

  /**
   * The next try after a failed start, after the first delay or twice
   * `delay` (the previous try's); null when it is not tried again.
   * @param {number} [delay]
   * @returns {Failure["retry"]}
   */
  #nextTry(delay) {
    const pool = this.#pool;
    if (pool.closed || pool.retryDelay === 0 || (typeof this.spec.command !== "string" && typeof this.spec.url !== "string")) return null;
    const next = delay === undefined ? pool.retryDelay : Math.min(delay * 2, Math.max(RETRY_MAX_DELAY_MS, pool.retryDelay));
    const timer = setTimeout(() => {
      const { kind } = this.#connection;
      if (!pool.closed && (kind === "failed" || kind === "stopped")) this.connected().catch(() => {});
    }, next);
    timer.unref?.();
    return { timer, delay: next };
  }

  /**
   * Forgets its failure, and its next try, once a start has listed its tools; true if it had failed.
   * @returns {boolean}
   */
  #recover() {
    const connection = this.#connection;
    const failure = failureOf(connection);
    if (failure === null) return false;
    if (failure.retry) clearTimeout(failure.retry.timer);
    if (connection.kind === "starting" || connection.kind === "connected" || connection.kind === "stopped") this.#connection = { ...connection, failure: null };
    this.#pool.listFailures();
    return true;
  }

  /**
   * `error` of a call, its text as a reason may quote it: an Error keeps its
   * kind and fields, its message (and its stack's) cleaned.
   * @param {unknown} error
   * @returns {Error}
   */
  #quotable(error) {
    if (!(error instanceof Error)) return new Error(this.redactor.reason(errorText(error)));
    const message = this.redactor.reason(error.message);
    if (message !== error.message) {
      error.message = message;
      error.stack = `${error.name}: ${message}`;
    }
    return error;
  }

  /**
   * Connects it and follows its tools/list_changed: its connection becomes
   * `connected`, from the start in progress (if any), whose failure it keeps
   * until its listing.
   * @returns {Promise<Link>}
   */
  async #connect() {
    const pool = this.#pool;
    const { client, transport } = await this.#opened(false).catch(async (error) => {
      // A URL that takes no streamable HTTP may speak the older SSE (the MCP specification's backwards compatibility).
      if (!fallsBackToSse(this.spec, error.cause)) throw error;
      return this.#opened(true).catch((sse) => {
        throw new Error(`${error.message}; over SSE: ${sse.message}`);
      });
    });
    if (pool.closed) {
      await client.close().catch(() => {});
      throw new Error("the host is closed");
    }
    pool.options.onStart?.(this.name);
    /** @type {Link} */
    const link = { client, transport, flood: null, lastError: null, follow: { listing: true, again: false, relist: () => this.#relist(link) } };
    const before = this.#connection;
    this.#connection = { kind: "connected", link, start: before.kind === "starting" ? before.start : null, failure: failureOf(before) };
    this.serves = servedBy(client.getServerCapabilities());
    this.#watch(link);
    this.#follow(link);
    for (const catalog of pool.catalogs) catalog.started(this, client);
    return link;
  }

  /**
   * A client connected through a new transport (`sse`: the older SSE one, for a `url`).
   * @param {boolean} sse
   * @returns {Promise<{ client: Client, transport: HostTransport }>}
   */
  async #opened(sse) {
    const pool = this.#pool;
    const client = new Client(CLIENT);
    const transport = transportOf(this.spec, pool.children, pool.maxMessageBytes, pool.warn, sse);
    try {
      await client.connect(transport, { timeout: pool.startTimeout });
      return { client, transport };
    } catch (error) {
      await client.close().catch(() => {});
      if (transport.child) await endProcesses([transport.child]);
      const explanation = explained(timedOut(error) ? withWithheld(error, this.spec) : error, transport, this.redactor);
      explanation.cause = error;
      throw explanation;
    }
  }

  /**
   * Keeps its connection's errors, and drops the link when it floods or closes: the next call starts it again.
   * @param {Link} link
   */
  #watch(link) {
    const pool = this.#pool;
    const { client, transport } = link;
    client.onerror = (error) => {
      const last = link.lastError;
      if (!last || Date.now() - last.at > ERROR_BURST_MS) link.lastError = { error, at: Date.now() };
    };
    guardAgainstFloods(transport, (flood) => {
      link.flood = flood;
      if (!this.#drop(link)) return;
      if (!pool.closed) pool.warn(`server '${this.name}' was stopped: ${flood}; it starts again on its next call`);
      if (transport.child) stopProcess(transport.child);
      client.close().catch(() => {});
    });
    client.onclose = () => {
      if (!this.#drop(link)) return;
      const cause = this.#causeOfClose(link);
      if (!pool.closed) pool.warn(`server '${this.name}' closed its connection${cause ? ` (${cause})` : ""}; it starts again on its next call`);
    };
  }

  /**
   * Forgets `link` when it is its connection (true then): the next call starts it again.
   * @param {Link} link
   * @returns {boolean}
   */
  #drop(link) {
    const connection = this.#connection;
    if (connection.kind !== "connected" || connection.link !== link) return false;
    this.#connection = { kind: "stopped", failure: connection.failure };
    return true;
  }

  /**
   * Why `link` broke: an error just before it closed (not a stray line long before), if any.
   * @param {Link} link
   * @returns {string | undefined}
   */
  #causeOfClose(link) {
    const last = link.lastError;
    return last && Date.now() - last.at <= ERROR_BURST_MS ? this.redactor.reason(errorText(last.error)) : undefined;
  }

  /**
   * Lists its tools within `timeout` ms; a listing overtaken by a newer one
   * is dropped (null). A listing taken keeps its ttlMs, and when it goes
   * stale: a server that announces its changes (tools.listChanged) is
   * followed by them, and is never listed for its ttlMs alone.
   * @param {Client} client
   * @param {number} [timeout]
   * @returns {Promise<unknown[] | null>}
   */
  async #list(client, timeout = this.#pool.startTimeout) {
    const generation = ++this.#generation;
    this.#listedAt = Date.now();
    const { tools, skipped, ttlMs } = await listAll(client, timeout).catch((error) => {
      // A server that declares no tools (it serves prompts or resources) need not answer tools/list.
      if (client.getServerCapabilities()?.tools || !(error instanceof McpError && error.code === ErrorCode.MethodNotFound)) throw error;
      return { tools: [], skipped: [], ttlMs: undefined };
    });
    if (this.#generation !== generation) return null;
    this.#ttlMs = ttlMs;
    const announces = client.getServerCapabilities()?.tools?.listChanged === true;
    this.#staleAt = ttlMs === undefined || announces ? null : Date.now() + ttlMs;
    for (const warning of skipped) this.#pool.warn(`server '${this.name}': ${this.redactor.reason(warning)}`);
    return tools;
  }

  /**
   * One listing at a time per connection, its first (by whoever connected
   * it) included: a change announced while one runs is listed once more
   * after it, however often it was announced (a server that announces in a
   * loop costs one listing at a time, not one each).
   * @param {Link} link
   */
  #follow({ client, follow }) {
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (follow.listing) {
        follow.again = true;
        return;
      }
      follow.listing = true;
      await follow.relist();
    });
  }

  /**
   * Lists its tools again, as long as changes were announced meanwhile.
   * @param {Link} link
   */
  async #relist(link) {
    const { follow } = link;
    try {
      do {
        follow.again = false;
        const interval = Math.min(Math.max(RELIST_INTERVAL_MS, this.#relistCost / RELIST_SHARE), RELIST_MAX_INTERVAL_MS);
        const wait = this.#listedAt + interval - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref?.());
        if (this.#pool.closed || !this.#isCurrent(link)) return;
        const began = performance.now();
        try {
          const tools = await this.#list(link.client);
          if (tools !== null) this.#relisted(tools);
        } catch (error) {
          this.#pool.warn(`server '${this.name}': its tools could not be listed again (${this.redactor.reason(errorText(error))})`);
        }
        this.#relistCost = performance.now() - began;
      } while (follow.again && !this.#pool.closed && this.#isCurrent(link));
    } finally {
      follow.listing = false;
    }
  }

  /**
   * A new listing of a running connection: an unchanged one changes
   * nothing, and is cached only to keep its entry fresh (or, of ttlMs 0, to
   * drop it).
   * @param {unknown[]} tools
   */
  #relisted(tools) {
    const cache = this.#pool.cache;
    if (this.imported && this.importer.unchanged(tools)) {
      if (Date.now() - cache.listedAt(this.name) >= CACHE_REFRESH_MS || this.#ttlMs === 0) cache.remember(this.spec, tools, this.#ttlMs, this.serves);
      return;
    }
    cache.remember(this.spec, tools, this.#ttlMs, this.serves);
    this.adopt(tools);
    this.#pool.changed();
  }

  /**
   * Starts it again; the session takes its listing when it changed, or when it had failed.
   * @param {{ link: Link | null }} attempt
   * @returns {Promise<Link>}
   */
  async #startAgain(attempt) {
    const pool = this.#pool;
    const link = await this.#connect();
    attempt.link = link;
    const tools = await this.#list(link.client);
    if (tools !== null) pool.cache.remember(this.spec, tools, this.#ttlMs, this.serves);
    const recovered = this.#recover();
    // Adopted again when the session dropped it (a failed start) or its tools changed.
    const fresh = tools !== null && (!this.imported || !this.importer.unchanged(tools));
    if (fresh) this.adopt(tools);
    if (fresh || recovered) pool.changed();
    this.firstListed(link);
    return link;
  }

  /**
   * A start that failed: it is no longer offered (its cached tools go),
   * reported as unavailable, forgotten by the cache so that the next launch
   * tries it, and tried again later. A connection whose listing failed is
   * closed, its process ended. A newer start (after a close during this
   * one's listing) decides what becomes of it instead.
   * @param {unknown} error
   * @param {Link | null} link
   * @param {Promise<Link>} start
   * @returns {Promise<never>}
   */
  async #notStarted(error, link, start) {
    const pool = this.#pool;
    const reason = explained(error, link?.transport, this.redactor).message;
    if (link !== null) {
      this.#drop(link);
      await link.client.close().catch(() => {});
    }
    const now = this.#connection;
    const newer = (now.kind === "starting" || now.kind === "connected") && now.start !== start;
    if (!pool.closed && !newer) {
      const had = this.imported !== null;
      this.imported = null;
      this.importer.forget();
      const before = this.failure;
      this.fail(reason);
      pool.cache.remember(this.spec, null);
      pool.rebuild();
      // The session changed: tools left it, or its report of the server did.
      if (had || before !== reason) pool.options.onToolsChanged?.();
      const delay = failureOf(this.#connection)?.retry?.delay;
      const wait = delay === undefined ? null : delay < 1000 ? `${delay} ms` : `${Math.round(delay / 1000)} s`;
      if (wait) pool.warn(`server '${this.name}' did not start (${reason}); it is tried again in ${wait}`);
    }
    throw new ProxyError("server_unavailable", `the MCP server ${this.name} did not start (${reason})`);
  }
}
