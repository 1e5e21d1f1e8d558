// What a host's servers serve besides tools, one kind at a time: their
// prompts or their resources. A list asks every server that serves the kind
// at once, each within one deadline for its start and every page of its
// answer, and keeps at most MAX_LIST_ITEMS of each; a server that fails or
// misses the deadline is left out of that answer (and said once), never
// fails it. A server whose cached tools spared its start is started for a
// list only when the cache says it serves the kind, or does not say. The
// host is told when a server's list changed (its list_changed), and when a
// server it has not read the kind of starts; a burst of these is one
// notice a second. prompts.mjs and resources.mjs name and route what is read.
import {
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResultSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { unreadable } from "./listing.mjs";
import { errorText } from "./redact.mjs";

/** @import { Client } from "@modelcontextprotocol/sdk/client/index.js" */
/** @import { ServerPool } from "./pool.mjs" */
/** @import { Server } from "./server.mjs" */

/** What a server may serve besides tools. @typedef {"prompts" | "resources"} Kind */
/**
 * One server's items of a list, each an object the MCP schema of its kind reads.
 * @typedef {{ server: Server, items: Record<string, unknown>[] }} Listed
 */
/**
 * A list method: its name, the field of its answer that holds the items,
 * what they are called, and what reads one (its MCP schema).
 * @typedef {{ method: string, key: string, noun: string, schema: { safeParse: (value: unknown) => { success: boolean } } }} ListMethod
 */

/** @type {Kind[]} */
const KINDS = ["prompts", "resources"];
/** The most pages of one list. */
const MAX_LIST_PAGES = 1000;
/** The most items of one list kept per server: the rest are not read. */
const MAX_LIST_ITEMS = 10_000;
/** The shortest time between two notices that a kind's list changed. */
const NOTICE_INTERVAL_MS = 1_000;
/** Per kind, the notice a server sends when its list changed. */
const CHANGES = { prompts: PromptListChangedNotificationSchema, resources: ResourceListChangedNotificationSchema };

/**
 * The kinds a server declared at its start (`capabilities`: its `initialize` answer's).
 * @param {Record<string, unknown> | undefined} capabilities
 * @returns {Kind[]}
 */
export const servedBy = (capabilities) => KINDS.filter((kind) => Boolean(capabilities?.[kind]));

/**
 * The kinds among `names` (what the manifest cache says a server serves), or null when it says nothing.
 * @param {string[] | null} names
 * @returns {Kind[] | null}
 */
export const kindsIn = (names) => names && KINDS.filter((kind) => names.includes(kind));

/**
 * `promise`, or a throw with `why` after `ms`.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} why
 * @returns {Promise<T>}
 */
function within(promise, ms, why) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(why)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Every page of `list` from `client` within `timeout` ms: a cursor that
 * comes back, or more than MAX_LIST_PAGES pages, is refused. Items past
 * MAX_LIST_ITEMS are not read (`cut`); one its schema does not read, or
 * nested too deep to serialise, is skipped (counted).
 * @param {Client} client
 * @param {ListMethod} list
 * @param {number} timeout
 * @returns {Promise<{ items: Record<string, unknown>[], skipped: number, cut: boolean }>}
 */
async function readPages(client, { method, key, schema }, timeout) {
  const deadline = Date.now() + timeout;
  /** @type {Record<string, unknown>[]} */
  const items = [];
  let skipped = 0;
  /** @type {Set<string>} */
  const cursors = new Set();
  /** @type {string | undefined} */
  let cursor;
  for (let pages = 1; ; pages++) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`its ${method} pages did not end within ${timeout} ms`);
    const page = await client.request({ method, params: cursor === undefined ? {} : { cursor } }, ResultSchema, { timeout: left });
    const listed = page[key];
    if (!Array.isArray(listed)) throw new Error(`its ${method} answer holds no list of ${key}`);
    for (const item of listed) {
      if (items.length === MAX_LIST_ITEMS) return { items, skipped, cut: true };
      if (unreadable(item) === null && schema.safeParse(item).success) items.push(/** @type {Record<string, unknown>} */ (item));
      else skipped += 1;
    }
    cursor = typeof page.nextCursor === "string" && page.nextCursor !== "" ? page.nextCursor : undefined;
    if (cursor === undefined) return { items, skipped, cut: false };
    if (items.length === MAX_LIST_ITEMS) return { items, skipped, cut: true };
    if (cursors.has(cursor)) throw new Error(`its ${method} cursor ${JSON.stringify(cursor).slice(0, 80)} came back`);
    if (pages >= MAX_LIST_PAGES) throw new Error(`its ${method} has more than ${MAX_LIST_PAGES} pages`);
    cursors.add(cursor);
  }
}

/**
 * `error` of a request a server answered, as the host passes it on: its
 * code, and its text as the server's reasons are quoted (`server`'s
 * redactor), naming the server. Its data is left out.
 * @param {unknown} error
 * @param {Server} server
 * @returns {McpError}
 */
function relayed(error, server) {
  const code = error instanceof McpError ? error.code : ErrorCode.InternalError;
  const text = errorText(error).replace(/^MCP error -?\d+: /, "");
  return new McpError(code, `the MCP server ${server.name}: ${server.redactor.reason(text)}`);
}

export class Catalog {
  /** @type {ServerPool} */
  #pool;
  /** Whether a list of this kind was asked for: before, no server's start is news. */
  #asked = false;
  /** The servers whose lists the latest answers hold, or that a list in progress asks. @type {Set<Server>} */
  #seen = new Set();
  /** Per server and method, what was last said of its list: the same is not said again. @type {Map<string, string>} */
  #said = new Map();
  /** The quiet time after a notice, and whether another is due at its end. @type {{ timer: NodeJS.Timeout | null, again: boolean }} */
  #notice = { timer: null, again: false };

  /**
   * @param {Kind} kind
   * @param {Server[]} servers in configuration order
   * @param {ServerPool} pool
   */
  constructor(kind, servers, pool) {
    this.kind = kind;
    this.servers = servers;
    this.#pool = pool;
  }

  /**
   * The items of `list` of every server that may serve the kind, in
   * configuration order. A server that failed is not asked (it is tried
   * again in the background, and its start is news); one not started is
   * started unless it is known to serve none; one that fails or misses the
   * deadline is left out.
   * @param {ListMethod} list
   * @returns {Promise<Listed[]>}
   */
  async read(list) {
    this.#asked = true;
    const deadline = Date.now() + this.#pool.startTimeout;
    const asked = this.servers.filter((server) => this.#mayServe(server));
    for (const server of this.servers) {
      if (asked.includes(server)) this.#seen.add(server);
      else this.#seen.delete(server);
    }
    const lists = await Promise.all(asked.map((server) => this.#readOne(server, list, deadline)));
    /** @type {Listed[]} */
    const read = [];
    asked.forEach((server, i) => {
      const items = lists[i];
      if (items === null) this.#seen.delete(server);
      else read.push({ server, items });
    });
    return read;
  }

  /**
   * The servers that may serve the kind and have not failed, in configuration order.
   * @returns {Server[]}
   */
  serving() {
    return this.servers.filter((server) => this.#mayServe(server));
  }

  /**
   * Runs `request` on `server`, started if need be: its answer, or an
   * McpError that says why not (the server did not start; what it answered).
   * @template T
   * @param {Server} server
   * @param {(client: Client) => Promise<T>} request
   * @returns {Promise<T>}
   */
  async ask(server, request) {
    let client;
    try {
      client = await server.connected();
    } catch (error) {
      throw new McpError(ErrorCode.InternalError, errorText(error));
    }
    try {
      return await request(client);
    } catch (error) {
      throw relayed(error, server);
    }
  }

  /**
   * `server` has connected through `client`: its changes of the kind's list
   * are followed, and the host is told when it serves what the latest
   * answers left out.
   * @param {Server} server
   * @param {Client} client
   */
  started(server, client) {
    client.setNotificationHandler(CHANGES[this.kind], async () => {
      if (server.client === client) this.notify();
    });
    if (this.#asked && !this.#seen.has(server) && servedBy(client.getServerCapabilities()).includes(this.kind)) this.notify();
  }

  /**
   * Says `warnings` of `server`'s `topic` (a method, or what of it), unless they were the last said of it.
   * @param {Server} server
   * @param {string} topic
   * @param {string[]} warnings
   */
  report(server, topic, warnings) {
    const key = JSON.stringify([server.name, topic]);
    const text = warnings.join("\n");
    if ((this.#said.get(key) ?? "") === text) return;
    this.#said.set(key, text);
    for (const warning of warnings) this.#pool.warn(warning);
  }

  /** Tells the host the kind's list changed: at once, then at most once per NOTICE_INTERVAL_MS. */
  notify() {
    const notice = this.#notice;
    if (this.#pool.closed) return;
    if (notice.timer !== null) {
      notice.again = true;
      return;
    }
    this.#pool.options.onListChanged?.(this.kind);
    notice.timer = setTimeout(() => {
      notice.timer = null;
      if (!notice.again) return;
      notice.again = false;
      this.notify();
    }, NOTICE_INTERVAL_MS);
    notice.timer.unref?.();
  }

  /**
   * Whether `server` is asked for the kind: not failed or closed, and not
   * known to serve none (what it declared at its latest start, or what the
   * cache says of it; unknown, it is asked).
   * @param {Server} server
   * @returns {boolean}
   */
  #mayServe(server) {
    const { kind } = server.connection;
    if (kind === "failed" || kind === "closed") return false;
    return server.serves === null || server.serves.includes(this.kind);
  }

  /**
   * `server`'s items of `list` by `deadline`, or null when it is left out.
   * A server that answers the method is not found serves none of it.
   * @param {Server} server
   * @param {ListMethod} list
   * @param {number} deadline
   * @returns {Promise<Record<string, unknown>[] | null>}
   */
  async #readOne(server, list, deadline) {
    const timeout = this.#pool.startTimeout;
    try {
      const client = await within(server.connected(), deadline - Date.now(), `it did not start within ${timeout} ms`);
      if (!servedBy(client.getServerCapabilities()).includes(this.kind)) return [];
      const { items, skipped, cut } = await readPages(client, list, Math.max(1, deadline - Date.now()));
      /** @type {string[]} */
      const warnings = [];
      if (skipped > 0) warnings.push(`server '${server.name}': ${skipped} of its ${list.noun} ${skipped === 1 ? "was" : "were"} skipped, the MCP schema does not read them`);
      if (cut) warnings.push(`server '${server.name}' lists more than ${MAX_LIST_ITEMS} ${list.noun}: only its first ${MAX_LIST_ITEMS} are served`);
      this.report(server, list.method, warnings);
      return items;
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) return [];
      this.report(server, list.method, [`server '${server.name}': its ${list.noun} are left out (${server.redactor.reason(errorText(error))})`]);
      return null;
    }
  }
}
