// toolsearch-mcp: a host for many MCP servers on the official SDK client. It
// connects to each server (stdio, or streamable HTTP for a `url`), lists its
// tools (every page) into one session with ToolSearch.fromMcp (names never
// shared between servers), follows each server's tools/list_changed, and
// routes calls back to the server that owns a tool. A server that cannot start
// is no crash: it becomes a declared source that search reports as unusable,
// and it is tried again in the background, less often each time it fails. A
// server that exits later (or drops its connection) starts again on the next
// call that needs it.
//
// With a manifest cache (`options.cache`, a file), a server whose tools are
// cached under its current configuration is not started at all until a call
// needs it: search, describe and the listing read the cache.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResultSchema, ToolListChangedNotificationSchema, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { ToolSearch } from "toolsearch";
import { LineBuffer } from "./line-buffer.mjs";

const CLIENT = { name: "toolsearch-mcp", version: createRequire(import.meta.url)("./package.json").version };
/** The manifest cache's format; another version reads as empty. */
const CACHE_VERSION = 1;
/** How long cached tools stand for a server that was not started (7 days). */
const CACHE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** How long a server may take to start and list its tools before it counts as unavailable. */
const START_TIMEOUT_MS = 30_000;
/** The largest message read from a stdio server (the SDK's own default is 10 MiB). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** How long a server's process may take to end once asked, before it is killed. */
const END_GRACE_MS = 2_000;
/** Errors of a connection this close together are one event: the first tells why, the rest are its wake. */
const ERROR_BURST_MS = 1_000;
/** An unchanged listing rewrites a server's cache entry at most this often (keeping it fresh). */
const CACHE_REFRESH_MS = 60_000;
/**
 * A server floods when, for FLOOD_SECONDS seconds in a row, it sends more
 * than this many notifications and requests each second (progress written
 * in a loop, or for a call it was told to cancel), or, over stdio, more than
 * FLOOD_BYTES_PER_SECOND: reading them would hold the host's CPU for as
 * long as it writes. It is stopped, and starts again on its next call.
 */
const FLOOD_MESSAGES_PER_SECOND = 5_000;
/** See FLOOD_MESSAGES_PER_SECOND (64 MiB). */
const FLOOD_BYTES_PER_SECOND = 64 * 1024 * 1024;
/** See FLOOD_MESSAGES_PER_SECOND: a burst shorter than this is no flood. */
const FLOOD_SECONDS = 3;
/** The first wait before a server that failed to start is tried again; each failure doubles it. */
const RETRY_DELAY_MS = 5_000;
/** The longest wait between two tries of a server that keeps failing (5 minutes). */
const RETRY_MAX_DELAY_MS = 300_000;

/** A digest of a server's configuration: cached tools stand only for the same one (env values included, never stored). */
function configKey(spec) {
  const sorted = (value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]))
      : value;
  return createHash("sha256").update(JSON.stringify(sorted(spec))).digest("hex");
}

/** The cached servers of a manifest file: `{name: {key, listedAt, tools}}`; empty when unreadable. */
function readCache(path) {
  try {
    const cache = JSON.parse(readFileSync(path, "utf8"));
    return cache?.version === CACHE_VERSION && cache.servers !== null && typeof cache.servers === "object" ? cache.servers : {};
  } catch {
    return {};
  }
}

/**
 * Sets one server's entry of the manifest file (`null` removes it): the file
 * is read again first, so other processes' entries stay, and written whole
 * through a temporary file, so a reader never sees half of it.
 */
function writeCacheEntry(path, name, entry) {
  const servers = readCache(path);
  if (entry === null) delete servers[name];
  else servers[name] = entry;
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify({ version: CACHE_VERSION, servers }));
  renameSync(partial, path);
}

/**
 * `text` with the credentials of the URLs in it left out: their user and
 * password, and the values of their query (`?token=...`). A reason reaches
 * the model (in `available_sources`) and the logs.
 */
function redacted(text) {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, "$1***@")
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*[?&][^\s#]*)/gi, (url) => url.replace(/([?&][^=&\s#]*=)[^&\s#]*/g, "$1***"));
}

/** `[{name, ...spec}]` from an array of specs or an `mcpServers` map, disabled ones left out. */
function specsOf(servers) {
  const specs = Array.isArray(servers) ? servers : Object.entries(servers ?? {}).map(([name, spec]) => ({ name, ...spec }));
  return specs.filter((spec) => spec?.disabled !== true);
}

/**
 * A stdio transport that keeps its server's process in `children` while it
 * runs, so that the host can end it whatever became of the connection (the
 * SDK does not wait for the process of a connection that failed), and reads
 * its messages in linear time (`LineBuffer`).
 */
class TrackedStdioTransport extends StdioClientTransport {
  #children;
  /** The server's process once started. */
  child = null;

  constructor(params, children) {
    super(params);
    this.#children = children;
    // The SDK's buffer is `_readBuffer`; should that change, its own is used.
    this._readBuffer = new LineBuffer(params.maxBufferSize);
  }

  async start() {
    await super.start();
    // The SDK keeps the process in `_process`; should that change, processes
    // are left to the SDK's own closing, as without this class.
    const child = this._process;
    if (child === undefined || child.exitCode !== null) return;
    this.child = child;
    this.#children.add(child);
    child.once("exit", () => this.#children.delete(child));
  }
}

function transportOf(spec, children, maxMessageBytes) {
  if (typeof spec.url === "string") {
    const headers = spec.headers !== null && typeof spec.headers === "object" ? spec.headers : undefined;
    return new StreamableHTTPClientTransport(new URL(spec.url), headers ? { requestInit: { headers } } : undefined);
  }
  if (typeof spec.command !== "string") throw new Error("it has neither a command nor a url");
  const params = {
    command: spec.command,
    args: spec.args ?? [],
    // Only the entry's own variables and the few every program needs
    // (HOME, PATH, SHELL, TERM, USER, LOGNAME, or Windows' own): the secrets
    // the host was started with are not every server's.
    env: { ...getDefaultEnvironment(), ...(spec.env ?? {}) },
    cwd: spec.cwd,
    stderr: "ignore",
    maxBufferSize: maxMessageBytes,
  };
  return new TrackedStdioTransport(params, children);
}

/**
 * Calls `onFlood` (once) with the reason when the server behind `transport`
 * floods (see FLOOD_MESSAGES_PER_SECOND), and from then on drops what it
 * sends unread. `transport.onmessage` is the client's, set when it
 * connected; responses are not counted (the host asked for them).
 */
function guardAgainstFloods(transport, onFlood) {
  const deliver = transport.onmessage;
  if (typeof deliver !== "function") return;
  let second = 0;
  let messages = 0;
  let bytes = 0;
  let hot = false;
  let streak = 0;
  let flooded = false;
  /** Counts what arrived; true once the server floods. */
  const count = (message, size) => {
    if (flooded) return true;
    const now = Date.now();
    if (now - second >= 1_000) {
      // A new second: the streak goes on only from a flooded second just before.
      if (!hot || now - second >= 2_000) streak = 0;
      second = now;
      messages = 0;
      bytes = 0;
      hot = false;
    }
    messages += message;
    bytes += size;
    if (!hot && (messages > FLOOD_MESSAGES_PER_SECOND || bytes > FLOOD_BYTES_PER_SECOND)) {
      hot = true;
      streak += 1;
      if (streak >= FLOOD_SECONDS) {
        flooded = true;
        const what = messages > FLOOD_MESSAGES_PER_SECOND ? `${FLOOD_MESSAGES_PER_SECOND} messages` : `${FLOOD_BYTES_PER_SECOND} bytes`;
        onFlood(`it sent more than ${what} a second for ${FLOOD_SECONDS} seconds`);
      }
    }
    return flooded;
  };
  transport.child?.stdout?.on("data", (chunk) => count(0, chunk.length));
  transport.onmessage = (message, extra) => {
    const isResponse = message?.method === undefined && message?.id !== undefined;
    if (isResponse ? flooded : count(1, 0)) return;
    deliver(message, extra);
  };
}

/**
 * Stops a server process at once, whatever holds its pipes: they are closed
 * first (a wrapper's child that still writes gets EPIPE, and the connection
 * closes without waiting for every holder of the pipe), then it is ended.
 */
function stopProcess(child) {
  child.stdout?.removeAllListeners("data");
  child.stdout?.destroy();
  child.stdin?.destroy();
  return endProcesses([child]);
}

/** Ends server processes: asked first (SIGTERM), killed after a grace period. */
async function endProcesses(children) {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) return;
  const ended = running.map((child) => new Promise((resolve) => child.once("exit", resolve)));
  for (const child of running) child.kill("SIGTERM");
  const grace = new Promise((resolve) => setTimeout(resolve, END_GRACE_MS).unref());
  await Promise.race([Promise.all(ended), grace]);
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** The longest delay a timer takes (Node reads a longer one as 1 ms). */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/** A positive count from an option, or `fallback`; at most `max`. */
const positive = (value, fallback, max = Number.MAX_SAFE_INTEGER) => (Number.isFinite(value) && value > 0 ? Math.min(value, max) : fallback);

/** The most pages and tools one listing may have. */
const MAX_LIST_PAGES = 1000;
const MAX_LIST_TOOLS = 100_000;

/** Deeper than this, a tool is not read: nothing downstream (the engine reads 128 levels) would read it. */
const MAX_TOOL_DEPTH = 256;

/**
 * Why a listed tool cannot be kept, or `null`: nesting past
 * `MAX_TOOL_DEPTH` (which would overflow the stack of every JSON.stringify
 * of the listing, and stop the proxy), or a value JSON cannot carry.
 */
function unreadable(tool) {
  // Iterative, so that the depth check itself cannot overflow.
  const stack = [[tool, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_TOOL_DEPTH) return `nested more than ${MAX_TOOL_DEPTH} levels deep`;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return null;
}

/**
 * Every page of a server's tools/list, within one deadline for all of them
 * (`timeout` ms): a server whose cursor never ends, repeats or pages past
 * the bounds is refused rather than listed for ever. The pages are read
 * leniently: a tool the MCP schema refuses does not cost the server its
 * other tools (`fromMcp` skips what it cannot read), and a tool nested too
 * deep is left out here, named in `skipped`; the SDK learns the output
 * schemas and task support of the well-formed ones.
 */
async function listAll(client, timeout) {
  const deadline = Date.now() + timeout;
  const tools = [];
  const skipped = [];
  const cursors = new Set();
  let cursor;
  let listed = 0;
  for (let pages = 1; ; pages++) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`its tools/list pages did not end within ${timeout} ms`);
    const params = cursor === undefined ? {} : { cursor };
    const page = await client.request({ method: "tools/list", params }, ResultSchema, { timeout: left });
    if (!Array.isArray(page.tools)) throw new Error("its tools/list answer holds no list of tools");
    for (const tool of page.tools) {
      const problem = unreadable(tool);
      if (problem) skipped.push(`tool #${listed} was skipped, it cannot be read as JSON (${problem})`);
      else tools.push(tool);
      listed += 1;
    }
    if (listed > MAX_LIST_TOOLS) throw new Error(`it lists more than ${MAX_LIST_TOOLS} tools`);
    cursor = typeof page.nextCursor === "string" ? page.nextCursor : undefined;
    if (!cursor) {
      client.cacheToolMetadata(tools.filter((tool) => ToolSchema.safeParse(tool).success));
      return { tools, skipped };
    }
    if (cursors.has(cursor)) throw new Error(`its tools/list cursor ${JSON.stringify(cursor).slice(0, 80)} came back`);
    if (pages >= MAX_LIST_PAGES) throw new Error(`its tools/list has more than ${MAX_LIST_PAGES} pages`);
    cursors.add(cursor);
  }
}

/** The text parts of an MCP tool result, or the whole result as JSON. */
export function resultText(result) {
  const content = Array.isArray(result?.content) ? result.content : [];
  if (content.length > 0 && content.every((c) => c.type === "text")) return content.map((c) => c.text).join("\n");
  return JSON.stringify(result?.structuredContent ?? result);
}

/**
 * Connects to `servers` (an array of `{name, command, args?, env?, cwd?}` or
 * `{name, url}`, or an `mcpServers` map of the same without `name`). Resolves
 * to `{ session, origins, failures, callTool(name, args), close() }`; the
 * session object is updated in place when a server's tools change, and
 * `options.onToolsChanged()` is called then. With `options.cache` (a file
 * path), servers whose tools are cached for their configuration start on
 * their first call instead (`options.cacheMaxAgeMs`, default 7 days, ends a
 * cached listing); `options.onStart(name)` tells when a server starts.
 */
export async function connectMcpServers(servers, options = {}) {
  const clients = new Map();
  const starting = new Map(); // server name -> the promise of its start
  const lists = new Map(); // server name -> its imported tools, in config order
  const failures = [];
  const session = { tools: [], toolsets: {}, declaredSources: [] };
  const origins = {};
  const specs = specsOf(servers);
  const cached = options.cache ? readCache(options.cache) : {};
  const maxAge = typeof options.cacheMaxAgeMs === "number" && options.cacheMaxAgeMs >= 0 ? options.cacheMaxAgeMs : CACHE_MAX_AGE_MS;
  const startTimeout = positive(options.startTimeoutMs, START_TIMEOUT_MS, LONGEST_DELAY_MS);
  const maxMessageBytes = positive(options.maxMessageBytes, MAX_MESSAGE_BYTES);
  const children = new Set(); // the processes of stdio servers, while they run
  const connectionErrors = new Map(); // server name -> {error, at}: the first error of its latest burst
  const floods = new WeakMap(); // client -> why it was stopped, when it flooded
  // 0 turns the tries again off.
  const retryDelay = options.retryDelayMs === 0 ? 0 : positive(options.retryDelayMs, RETRY_DELAY_MS, LONGEST_DELAY_MS);
  const retries = new Map(); // server name -> {timer, delay}: its next try after a failed start
  let closed = false;
  // Aborting the signal ends the servers' processes, started or starting,
  // so that a host closed before it has connected need not wait for them.
  options.signal?.addEventListener(
    "abort",
    () => {
      closed = true;
      stopRetries();
      endProcesses(children);
    },
    { once: true },
  );

  function rebuild() {
    session.tools = [];
    session.toolsets = {};
    for (const key of Object.keys(origins)) delete origins[key];
    for (const spec of specs) {
      const imported = lists.get(spec.name);
      if (!imported) continue;
      session.tools.push(...imported.tools);
      Object.assign(session.toolsets, imported.toolsets);
      Object.assign(origins, imported.origins);
    }
    const later = retryDelay > 0 ? " It is tried again from time to time; if it stays down, check its entry in the configuration." : " Check its entry in the configuration, then restart.";
    session.declaredSources = failures.map((f) => ({
      name: f.server,
      unavailable: `The MCP server ${f.server} did not start (${f.reason}).${later}`,
    }));
  }

  /** Records why a server is unavailable, once per server (the latest reason). */
  function fail(name, unredacted) {
    const reason = redacted(unredacted);
    const known = failures.find((f) => f.server === name);
    if (known) known.reason = reason;
    else failures.push({ server: name, reason });
    failures.sort((a, b) => specs.findIndex((s) => s.name === a.server) - specs.findIndex((s) => s.name === b.server));
  }

  /** Forgets a server's failure; true if it had one. */
  function recover(name) {
    const at = failures.findIndex((f) => f.server === name);
    if (at >= 0) failures.splice(at, 1);
    const retry = retries.get(name);
    if (retry) clearTimeout(retry.timer);
    retries.delete(name);
    return at >= 0;
  }

  /**
   * Tries a server that failed to start again later: after the first delay,
   * then twice as long each time, up to RETRY_MAX_DELAY_MS (or the first
   * delay, if longer). A spec that can never start (neither a command nor a
   * url) is not tried again.
   */
  function retryLater(spec) {
    if (closed || retryDelay === 0 || (typeof spec.command !== "string" && typeof spec.url !== "string")) return;
    const previous = retries.get(spec.name);
    const delay = previous ? Math.min(previous.delay * 2, Math.max(RETRY_MAX_DELAY_MS, retryDelay)) : retryDelay;
    const timer = setTimeout(() => {
      if (!closed && !clients.has(spec.name) && !starting.has(spec.name)) clientOf(spec.name).catch(() => {});
    }, delay);
    timer.unref?.();
    retries.set(spec.name, { timer, delay });
  }

  /** Cancels every try to come. */
  function stopRetries() {
    for (const retry of retries.values()) clearTimeout(retry.timer);
    retries.clear();
  }

  /** Why a server's connection broke: an error just before it closed (not a stray line long before), if any. */
  function causeOfClose(name) {
    const last = connectionErrors.get(name);
    return last && Date.now() - last.at <= ERROR_BURST_MS ? String(last.error?.message ?? last.error) : undefined;
  }

  const generations = new Map(); // server name -> number of its latest listing
  const listings = new Map(); // server name -> its adopted tools/list result, as JSON

  /** Imports a server's tools, keeping clear of every other server's names. */
  function adopt(name, tools) {
    const taken = [...lists.entries()].filter(([other]) => other !== name).flatMap(([, i]) => i.tools.map((t) => t.name));
    const imported = ToolSearch.fromMcp(name, tools, taken);
    for (const warning of imported.warnings) options.onWarning?.(warning);
    lists.set(name, imported);
    listings.set(name, JSON.stringify(tools));
  }

  /**
   * Records a server's listing in the manifest cache (`null` forgets it).
   * Remote (`url`) servers are not cached: their tools change with no change
   * to their configuration.
   */
  function remember(spec, tools) {
    if (!options.cache || typeof spec.url === "string") return;
    const entry = tools === null ? null : { key: configKey(spec), listedAt: Date.now(), tools };
    if (entry === null) delete cached[spec.name];
    else cached[spec.name] = entry;
    try {
      writeCacheEntry(options.cache, spec.name, entry);
    } catch (error) {
      options.onWarning?.(`the manifest cache ${options.cache} cannot be written (${error?.message ?? error})`);
    }
  }

  /**
   * Lists a server's tools within `timeout` ms; a listing overtaken by a
   * newer one of the same server is dropped (null).
   */
  async function list(spec, client, timeout = startTimeout) {
    const generation = (generations.get(spec.name) ?? 0) + 1;
    generations.set(spec.name, generation);
    const { tools, skipped } = await listAll(client, timeout);
    if (generations.get(spec.name) !== generation) return null;
    for (const warning of skipped) options.onWarning?.(`server '${spec.name}': ${warning}`);
    return tools;
  }

  /** Per connection, its listing in progress and the changes announced meanwhile. */
  const follows = new WeakMap();

  /**
   * Ends the first listing of a server's connection (its caller's, once the
   * caller has taken it): a change announced during it is listed now.
   */
  function firstListed(name, client) {
    const follow = follows.get(client);
    if (!follow) return;
    if (follow.again && !closed && clients.get(name) === client) follow.relist().catch(() => {});
    else follow.listing = false;
  }

  /** Connects one server and follows its tools/list_changed. */
  async function connect(spec) {
    const client = new Client(CLIENT);
    const transport = transportOf(spec, children, maxMessageBytes);
    try {
      await client.connect(transport, { timeout: startTimeout });
    } catch (error) {
      await client.close().catch(() => {});
      if (transport.child) await endProcesses([transport.child]);
      throw error;
    }
    if (closed) {
      await client.close().catch(() => {});
      throw new Error("the host is closed");
    }
    options.onStart?.(spec.name);
    clients.set(spec.name, client);
    connectionErrors.delete(spec.name);
    client.onerror = (error) => {
      if (clients.get(spec.name) !== client) return;
      const last = connectionErrors.get(spec.name);
      if (!last || Date.now() - last.at > ERROR_BURST_MS) connectionErrors.set(spec.name, { error, at: Date.now() });
    };
    // A flooding server is stopped at once (its calls fail with the reason),
    // and the next call starts it again.
    guardAgainstFloods(transport, (flood) => {
      floods.set(client, flood);
      if (clients.get(spec.name) !== client) return;
      clients.delete(spec.name);
      starting.delete(spec.name);
      if (!closed) options.onWarning?.(`server '${spec.name}' was stopped: ${flood}; it starts again on its next call`);
      if (transport.child) stopProcess(transport.child);
      client.close().catch(() => {});
    });
    // One that exits or drops the connection starts again on its next call.
    client.onclose = () => {
      if (clients.get(spec.name) !== client) return;
      clients.delete(spec.name);
      starting.delete(spec.name);
      const cause = causeOfClose(spec.name);
      if (!closed) options.onWarning?.(`server '${spec.name}' closed its connection${cause ? ` (${cause})` : ""}; it starts again on its next call`);
    };
    // One listing at a time per connection, its first (by whoever
    // connected it) included: a change announced while one runs is listed
    // once more after it, however often it was announced (a server that
    // announces in a loop costs one listing at a time, not one each).
    const follow = { listing: true, again: false };
    follow.relist = async () => {
      try {
        do {
          follow.again = false;
          try {
            const tools = await list(spec, client);
            if (tools === null) continue;
            // An unchanged listing changes nothing: no rebuild and no notice,
            // and the cache is written only to keep its entry fresh.
            if (lists.has(spec.name) && JSON.stringify(tools) === listings.get(spec.name)) {
              if (Date.now() - (cached[spec.name]?.listedAt ?? 0) >= CACHE_REFRESH_MS) remember(spec, tools);
              continue;
            }
            remember(spec, tools);
            adopt(spec.name, tools);
            rebuild();
            options.onToolsChanged?.();
          } catch (error) {
            options.onWarning?.(`server '${spec.name}': its tools could not be listed again (${error?.message ?? error})`);
          }
        } while (follow.again && !closed && clients.get(spec.name) === client);
      } finally {
        follow.listing = false;
      }
    };
    follows.set(client, follow);
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (follow.listing) {
        follow.again = true;
        return;
      }
      follow.listing = true;
      await follow.relist();
    });
    return client;
  }

  // A cache entry is a file anyone may have written: an entry listed in the
  // future is stale, and its tools are read as a server's listing is.
  const isFresh = (spec) => {
    const entry = cached[spec.name];
    const age = Date.now() - entry?.listedAt;
    return typeof spec.url !== "string" && entry?.key === configKey(spec) && Array.isArray(entry.tools) && age >= 0 && age <= maxAge;
  };
  /** A cached listing's tools, those too deep to read left out (and said). */
  const cachedTools = (name) =>
    cached[name].tools.filter((tool, index) => {
      const problem = unreadable(tool);
      if (problem) options.onWarning?.(`server '${name}': cached tool #${index} was skipped, it cannot be read as JSON (${problem})`);
      return !problem;
    });
  const lazy = specs.filter(isFresh).map((spec) => spec.name);
  // Every server is started and listed at once, each within one deadline
  // for both (servers that hang cost one deadline, not one each); the
  // outcomes are taken in config order, so names and failures do not depend
  // on which server answered first.
  const outcomes = await Promise.all(
    specs.map(async (spec) => {
      if (lazy.includes(spec.name)) return { tools: cachedTools(spec.name) };
      const deadline = Date.now() + startTimeout;
      let client;
      try {
        client = await connect(spec);
      } catch (error) {
        return { failure: String(error?.message ?? error) };
      }
      try {
        // The connection's first listing: announced changes wait for it
        // (firstListed), so no other listing of the server overtakes it.
        const tools = await list(spec, client, Math.max(1, deadline - Date.now()));
        if (tools !== null) remember(spec, tools);
        return { tools };
      } catch (error) {
        if (clients.get(spec.name) === client) clients.delete(spec.name);
        await client.close().catch(() => {});
        return { failure: `tools/list failed: ${error?.message ?? error}` };
      }
    }),
  );
  specs.forEach((spec, i) => {
    const { tools, failure } = outcomes[i];
    if (failure !== undefined) fail(spec.name, failure);
    else if (tools !== null) adopt(spec.name, tools);
  });
  rebuild();
  for (const [name, client] of clients) firstListed(name, client);
  for (const failure of failures) retryLater(specs.find((spec) => spec.name === failure.server));

  /**
   * The client of a server, started now if it was left to its first call, has
   * exited since, or failed before (a try again); its fresh listing replaces
   * the one the session holds.
   */
  function clientOf(name) {
    const client = clients.get(name);
    if (client) return Promise.resolve(client);
    const spec = specs.find((s) => s.name === name);
    if (!spec || closed) return Promise.reject(new Error(`the MCP server ${name} is not connected`));
    if (!starting.has(name)) {
      // `start` is read in its own catch, which runs after an await, so
      // after this assignment.
      const start = (async () => {
        let started = null;
        try {
          const before = listings.get(name);
          started = await connect(spec);
          const tools = await list(spec, started);
          if (tools !== null) remember(spec, tools);
          const recovered = recover(name);
          // Adopted again when the session dropped it (a failed start) or its tools changed.
          const fresh = tools !== null && (!lists.has(name) || JSON.stringify(tools) !== before);
          if (fresh) adopt(name, tools);
          if (fresh || recovered) {
            rebuild();
            options.onToolsChanged?.();
          }
          firstListed(name, started);
          return started;
        } catch (error) {
          // Not started: no longer offered (its cached tools go), reported as
          // unavailable, forgotten by the cache so the next launch tries it,
          // and tried again later. A connection whose listing failed is
          // closed, its process ended.
          const reason = redacted(String(error?.message ?? error));
          if (started !== null) {
            if (clients.get(name) === started) clients.delete(name);
            await started.close().catch(() => {});
          }
          // A newer start (after a close during this one's listing) keeps
          // its entry, and decides what becomes of the server.
          const newer = starting.has(name) && starting.get(name) !== start;
          if (!newer) starting.delete(name);
          if (!closed && !newer) {
            const had = lists.delete(name);
            listings.delete(name);
            const before = failures.find((f) => f.server === name)?.reason;
            fail(name, reason);
            remember(spec, null);
            rebuild();
            // The session changed: tools left it, or its report of the server did.
            if (had || before !== reason) options.onToolsChanged?.();
            retryLater(spec);
            const next = retries.get(name);
            const wait = next && (next.delay < 1000 ? `${next.delay} ms` : `${Math.round(next.delay / 1000)} s`);
            if (next) options.onWarning?.(`server '${name}' did not start (${reason}); it is tried again in ${wait}`);
          }
          throw new Error(`the MCP server ${name} did not start (${reason})`);
        }
      })();
      starting.set(name, start);
    }
    return starting.get(name);
  }

  /**
   * Runs a tool by its session name: the server's result as it came, its
   * content blocks included. Throws when no server offers the name or the
   * connection fails.
   */
  async function callToolResult(name, args, callOptions) {
    const origin = Object.hasOwn(origins, name) ? origins[name] : undefined;
    if (!origin) throw new Error(`no MCP server offers '${name}'`);
    const client = await clientOf(origin.server);
    try {
      return await client.callTool({ name: origin.tool, arguments: args }, undefined, callOptions);
    } catch (error) {
      if (clients.get(origin.server) === client || closed) throw error;
      const cause = floods.get(client) ?? causeOfClose(origin.server) ?? error?.message ?? String(error);
      throw new Error(`the connection to the MCP server ${origin.server} closed during the call (${cause}); it starts again on the next call`);
    }
  }

  /** Runs a tool by its session name: its result's text, or a throw with that text when the server says isError. */
  async function callTool(name, args, callOptions) {
    const result = await callToolResult(name, args, callOptions);
    const text = resultText(result);
    if (result.isError) throw new Error(text);
    return text;
  }

  /** Closes every connection, and ends every server process still running (a start in progress too). */
  async function close() {
    closed = true;
    stopRetries();
    const closing = Promise.allSettled([...clients.values()].map((c) => c.close()));
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, END_GRACE_MS).unref())]);
    await endProcesses(children);
  }

  return { session, origins, failures, callTool, callToolResult, close };
}
