// How the host reaches a server: a stdio process it keeps track of (and
// ends), or streamable HTTP for a `url`; and the guards that stop a server
// flooding the host: with messages, with one message over the size limit
// (HTTP here, stdio in line-buffer.mjs), or with stderr.
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { serverEnvironment } from "./environment.mjs";
import { limitedFetch } from "./http-limit.mjs";
import { LineBuffer } from "./line-buffer.mjs";
import { wordStart } from "./redact.mjs";
import { readThrough, spawnedProcess } from "./sdk-private.mjs";

/** @import { ChildProcess } from "node:child_process" */
/** @import { Readable } from "node:stream" */
/** @import { StdioServerParameters } from "@modelcontextprotocol/sdk/client/stdio.js" */
/** @import { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js" */
/** @import { ServerEntry } from "./pool.mjs" */
/** @import { Redactor } from "./redact.mjs" */

/**
 * How the host reaches a server: `child` is a stdio server's process (none
 * for HTTP), and `aside` says what the transport saw beside the server's
 * messages, for a reason.
 * @typedef {TrackedStdioTransport | ((StreamableHTTPClientTransport | SSEClientTransport) & HttpParts)} HostTransport
 */

/** What is kept of a server's stderr (bytes), and quoted of it in a reason (characters). */
const STDERR_TAIL_BYTES = 4096;
const STDERR_QUOTED_CHARS = 400;
/**
 * The most of a server's stderr read in a second (1 MiB: some 10,000 lines
 * of log a second, more than any server logs, at a cost the host does not
 * notice). Past it, reading waits for the next second: the pipe fills, and
 * the server's own writes to it wait. A server that writes without end is
 * held back by it; the host's CPU is not.
 */
const STDERR_BYTES_PER_SECOND = 1024 * 1024;
/** The most processes under one server that are ended with it. */
const MAX_DESCENDANTS = 1024;
/** How long a server's process may take to end once asked, before it is killed. */
export const END_GRACE_MS = 2_000;
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

/**
 * A stdio transport that keeps its server's process in `children` while it
 * runs, so that the host can end it whatever became of the connection (the
 * SDK does not wait for the process of a connection that failed), reads its
 * messages in linear time (`LineBuffer`), and reads its stderr no faster
 * than STDERR_BYTES_PER_SECOND, keeping only its end.
 */
class TrackedStdioTransport extends StdioClientTransport {
  #children;
  /** The end of what the server wrote to stderr (STDERR_TAIL_BYTES at most). */
  #stderr = Buffer.alloc(0);
  /** The second stderr is read in: when it began, and the bytes read in it. */
  #second = { start: 0, bytes: 0 };
  /** The server's process once started. @type {ChildProcess | null} */
  child = null;

  /**
   * `warn` is told, once, that the server writes more to stderr than is read.
   * @param {StdioServerParameters & { maxBufferSize: number }} params
   * @param {Set<ChildProcess>} children
   * @param {(warning: string) => void} warn
   * @param {string} name the server's, for the warning
   */
  constructor(params, children, warn, name) {
    super(params);
    this.#children = children;
    // Through the SDK's private field (sdk-private.mjs); should it go, the SDK's own buffer reads.
    readThrough(this, new LineBuffer(params.maxBufferSize));
    // Its stderr is read as it comes, only its end kept: it says why a
    // server did not start ("GITHUB_TOKEN is not set").
    // A readable stream (the SDK types it as any stream).
    const stderr = /** @type {Readable | null} */ (this.stderr);
    let warned = false;
    stderr?.on("data", (/** @type {Buffer} */ chunk) => {
      this.#keep(chunk);
      const now = Date.now();
      if (now - this.#second.start >= 1_000) this.#second = { start: now, bytes: 0 };
      this.#second.bytes += chunk.length;
      if (this.#second.bytes < STDERR_BYTES_PER_SECOND) return;
      stderr.pause();
      setTimeout(() => stderr.resume(), this.#second.start + 1_000 - now).unref();
      if (warned) return;
      warned = true;
      warn(`server '${name}' writes more than ${STDERR_BYTES_PER_SECOND / 1024 / 1024} MiB a second to stderr: it is read no faster, and only its last ${STDERR_TAIL_BYTES} bytes are kept`);
    });
  }

  /**
   * Keeps the end of what the server wrote to stderr, `chunk` included.
   * @param {Buffer} chunk
   */
  #keep(chunk) {
    const end = chunk.length > STDERR_TAIL_BYTES ? chunk.subarray(chunk.length - STDERR_TAIL_BYTES) : chunk;
    const joined = Buffer.concat([this.#stderr, end]);
    this.#stderr = joined.length > STDERR_TAIL_BYTES ? joined.subarray(joined.length - STDERR_TAIL_BYTES) : joined;
  }

  /**
   * The last lines the server wrote to stderr, on one line, after "it wrote: "; "" when none.
   * @param {Redactor} redactor what of the server's text may be quoted
   * @returns {string}
   */
  aside(redactor) {
    const lines = redactor.tail(this.#stderr.toString("utf8"), STDERR_QUOTED_CHARS).split("\n");
    const tail = lines.map((line) => line.trim()).filter((line) => line !== "" && line !== "…").join(" | ");
    return tail === "" ? "" : `it wrote: ${tail.slice(wordStart(tail, Math.max(0, tail.length - STDERR_QUOTED_CHARS)))}`;
  }

  async start() {
    await super.start();
    // Through the SDK's private field (sdk-private.mjs); should it go,
    // processes are left to the SDK's own closing, as without this class.
    const child = spawnedProcess(this);
    if (child === null || child.exitCode !== null) return;
    this.child = child;
    this.#children.add(child);
    child.once("exit", () => this.#children.delete(child));
  }
}

/**
 * An HTTP transport as the host uses it: no process, and `aside`, why an
 * answer of the server was refused ("" when none was).
 * @typedef {{ child: null, aside: (redactor: Redactor) => string }} HttpParts
 */

/**
 * A transport of the SDK's, streamable HTTP or the older SSE (`Transport`),
 * that reads no message over the host's limit (http-limit.mjs): one that is
 * over it closes the connection, as over stdio, and the next call starts it
 * again.
 * @template {StreamableHTTPClientTransport | SSEClientTransport} T
 * @param {new (url: URL, options: { requestInit?: RequestInit, fetch: FetchLike }) => T} Transport
 * @param {URL} url
 * @param {Record<string, string> | undefined} headers
 * @param {number} maxMessageBytes
 * @returns {T & HttpParts}
 */
function limitedHttp(Transport, url, headers, maxMessageBytes) {
  /** @type {string | null} */
  let refusal = null;
  /** @type {T | null} */
  let made = null;
  const fetch = limitedFetch(maxMessageBytes, (error) => {
    refusal ??= error.message;
    // Once the error has reached what waited for the message (a request sent as JSON fails with it).
    setImmediate(() => made?.close().catch(() => {}));
  });
  made = new Transport(url, headers ? { requestInit: { headers }, fetch } : { fetch });
  return Object.assign(made, { child: null, aside: () => refusal ?? "" });
}

/**
 * The answers to a first POST that say a server takes no streamable HTTP (the
 * MCP specification's backwards compatibility names 404 and 405): not 401
 * or 403, which ask for credentials that SSE would need as much.
 */
const NO_STREAMABLE_HTTP = [400, 404, 405];

/**
 * Whether a server at a `url` whose entry names no `type` should be spoken
 * to with the older SSE transport, after streamable HTTP failed with `error`.
 * @param {ServerEntry} spec
 * @param {unknown} error
 */
export function fallsBackToSse(spec, error) {
  return typeof spec.url === "string" && spec.type === undefined && error instanceof StreamableHTTPError && NO_STREAMABLE_HTTP.includes(error.code ?? 0);
}

/**
 * The transport of a server's entry: for a `url` (with its `headers`),
 * streamable HTTP, or SSE when its `type` says `"sse"` (or `sse` is true: a
 * try after streamable HTTP failed); else its `command` over stdio.
 * @param {ServerEntry} spec
 * @param {Set<ChildProcess>} children
 * @param {number} maxMessageBytes
 * @param {(warning: string) => void} [warn] told when the server misbehaves beside its messages
 * @param {boolean} [sse]
 * @returns {HostTransport}
 */
export function transportOf(spec, children, maxMessageBytes, warn = () => {}, sse = false) {
  if (typeof spec.url === "string") {
    // Names to strings, as servers.json is checked to say.
    const headers = spec.headers !== null && typeof spec.headers === "object" ? /** @type {Record<string, string>} */ (spec.headers) : undefined;
    // The older HTTP with Server-Sent Events for `"type": "sse"`, or a URL that takes no streamable HTTP.
    if (sse || spec.type === "sse") return limitedHttp(SSEClientTransport, new URL(spec.url), headers, maxMessageBytes);
    return limitedHttp(StreamableHTTPClientTransport, new URL(spec.url), headers, maxMessageBytes);
  }
  if (typeof spec.command !== "string") throw new Error("it has neither a command nor a url");
  if (spec.args !== undefined && !(Array.isArray(spec.args) && spec.args.every((arg) => typeof arg === "string"))) {
    throw new Error("its args are not a list of strings");
  }
  if (spec.cwd !== undefined && (typeof spec.cwd !== "string" || !isFolder(spec.cwd))) {
    throw new Error(`its cwd ${JSON.stringify(spec.cwd)} is not a folder`);
  }
  const params = {
    command: spec.command,
    args: spec.args ?? [],
    // The entry's own variables, the few every program needs and the
    // network ones (environment.mjs): the secrets the host was started with
    // are not every server's.
    env: serverEnvironment(spec.env),
    cwd: spec.cwd,
    stderr: /** @type {const} */ ("pipe"),
    maxBufferSize: maxMessageBytes,
  };
  return new TrackedStdioTransport(params, children, warn, spec.name);
}

/**
 * Whether `path` is a folder that exists.
 * @param {string} path
 */
function isFolder(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Counts what a server sends, second by second; `count` is true once it floods (see FLOOD_MESSAGES_PER_SECOND). */
class FloodMeter {
  #second = 0;
  #messages = 0;
  #bytes = 0;
  #hot = false;
  #streak = 0;
  /** Why the server flooded, once it did. @type {string | null} */
  reason = null;

  /**
   * Counts `messages` and `bytes` more; true once the server floods.
   * @param {number} messages
   * @param {number} bytes
   * @returns {boolean}
   */
  count(messages, bytes) {
    if (this.reason !== null) return true;
    const now = Date.now();
    if (now - this.#second >= 1_000) {
      // A new second: the streak goes on only from a flooded second just before.
      if (!this.#hot || now - this.#second >= 2_000) this.#streak = 0;
      this.#second = now;
      this.#messages = 0;
      this.#bytes = 0;
      this.#hot = false;
    }
    this.#messages += messages;
    this.#bytes += bytes;
    const tooMany = this.#messages > FLOOD_MESSAGES_PER_SECOND;
    if (!this.#hot && (tooMany || this.#bytes > FLOOD_BYTES_PER_SECOND)) {
      this.#hot = true;
      this.#streak += 1;
      if (this.#streak >= FLOOD_SECONDS) {
        const what = tooMany ? `${FLOOD_MESSAGES_PER_SECOND} messages` : `${FLOOD_BYTES_PER_SECOND} bytes`;
        this.reason = `it sent more than ${what} a second for ${FLOOD_SECONDS} seconds`;
      }
    }
    return this.reason !== null;
  }
}

/**
 * Calls `onFlood` (once) with the reason when the server behind `transport`
 * floods (see FLOOD_MESSAGES_PER_SECOND), and from then on drops what it
 * sends unread. Everything counts: notifications, requests, responses
 * (those to nothing the host asked included) and lines that are no message.
 * `transport.onmessage` and `onerror` are the client's, set when it
 * connected.
 * @param {Transport & { child?: ChildProcess | null }} transport
 * @param {(reason: string) => void} onFlood
 */
export function guardAgainstFloods(transport, onFlood) {
  const deliver = transport.onmessage;
  if (typeof deliver !== "function") return;
  const report = transport.onerror;
  const meter = new FloodMeter();
  /** @type {FloodMeter["count"]} */
  const count = (messages, bytes) => {
    const flooded = meter.reason !== null;
    if (meter.count(messages, bytes) && !flooded) onFlood(/** @type {string} */ (meter.reason));
    return meter.reason !== null;
  };
  transport.child?.stdout?.on("data", (/** @type {Buffer} */ chunk) => count(0, chunk.length));
  transport.onmessage = (message, extra) => {
    if (!count(1, 0)) deliver(message, extra);
  };
  transport.onerror = (error) => {
    if (!count(1, 0)) report?.(error);
  };
}

/**
 * Stops a server process at once, whatever holds its pipes: they are closed
 * first (a wrapper's child that still writes gets EPIPE, and the connection
 * closes without waiting for every holder of the pipe), then it is ended.
 * @param {ChildProcess} child
 */
export function stopProcess(child) {
  child.stdout?.removeAllListeners("data");
  child.stdout?.destroy();
  child.stdin?.destroy();
  return endProcesses([child]);
}

/**
 * Ends server processes: asked first (SIGTERM), killed after a grace period,
 * with every process they started (a server behind a shell wrapper), which
 * a wrapper that ends first leaves running. The descendants are found where
 * the system tells them (Linux's /proc); elsewhere only the servers' own
 * processes are ended.
 * @param {Iterable<ChildProcess>} children
 */
export async function endProcesses(children) {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) return;
  // Read before any signal: once a wrapper ends, its children are no longer its.
  const spawned = running.flatMap((child) => descendants(child.pid));
  const ended = running.map((child) => new Promise((resolve) => child.once("exit", resolve)));
  for (const child of running) child.kill("SIGTERM");
  for (const pid of spawned) signal(pid, "SIGTERM");
  const grace = new Promise((resolve) => setTimeout(resolve, END_GRACE_MS).unref());
  await Promise.race([Promise.all(ended), grace]);
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const pid of spawned) signal(pid, "SIGKILL");
}

/**
 * Sends `name` to process `pid`, if it still runs.
 * @param {number} pid
 * @param {NodeJS.Signals} name
 */
function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // ended already
  }
}

/**
 * The processes `pid` started, and theirs, from /proc (none where there is no /proc).
 * @param {number | undefined} pid
 * @returns {number[]}
 */
function descendants(pid) {
  /** @type {number[]} */
  const found = [];
  const pending = pid === undefined ? [] : [pid];
  while (pending.length > 0 && found.length < MAX_DESCENDANTS) {
    const parent = pending.pop();
    /** @type {string[]} */
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = "";
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, "utf8");
      } catch {
        continue;
      }
      for (const child of children.split(" ").filter(Boolean).map(Number)) {
        found.push(child);
        pending.push(child);
      }
    }
  }
  return found;
}
