// The proxy's event log (`"log"` in servers.json, or `--log`): one JSON line
// per event of the library (`host.onEvent`: one per bridge call, and one
// per step of the search guard), with the server of each tool name it names
// beside the name, and the client's name. `--log-report` sums a log up
// (log-report.mjs).
//
// A line is made when its event comes (its strings cleaned of the secrets
// of every configured server and of URL credentials, as every text that
// leaves the proxy is), then queued; one writer appends the queue to the
// file, off the request path: a slow or failing disk never delays an
// answer. The queue is bounded: when it is full, its oldest lines are
// dropped, and a line says how many. The file is bounded too: a line that
// would take it past its cap first moves it to `<file>.1` (one previous
// file kept). A file that cannot be written is said once, and the log stops;
// the proxy serves on.
import { constants } from "node:fs";
import { mkdir, open, rename } from "node:fs/promises";
import { dirname } from "node:path";
import { Redactor, errorText } from "./redact.mjs";
import { secretsOf } from "./secrets.mjs";

/** @import { FileHandle } from "node:fs/promises" */
/** @import { ToolSearchEvent } from "toolsearch" */
/** @import { McpServersMap } from "toolsearch-mcp" */

/** The most queued, in characters of its lines (1 Mi): past it, the oldest lines are dropped. */
export const QUEUE_MAX_CHARS = 1024 * 1024;
/** How long closing waits for the queue to be written. */
const CLOSE_WAIT_MS = 2_000;
/**
 * How the file is opened: appended to, made 0600 when missing, never
 * through a link, and never blocking (a FIFO without a reader is an error,
 * not a wait). O_NOFOLLOW and O_NONBLOCK are 0 where the system has none.
 */
const OPEN_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * The redactor of the log: the secrets of every configured server (secrets.mjs).
 * @param {Readonly<McpServersMap>} servers
 * @returns {Redactor}
 */
export function logRedactor(servers) {
  return new Redactor(Object.values(servers).flatMap((spec) => secretsOf(spec)));
}

/**
 * `record` with `key` set to `value` right after `after` (at its end when it has no `after`).
 * @template {object} T
 * @param {T} record
 * @param {string} after
 * @param {string} key
 * @param {unknown} value
 * @returns {T}
 */
function besides(record, after, key, value) {
  /** @type {[string, unknown][]} */
  const entries = [];
  for (const entry of Object.entries(record)) {
    entries.push(entry);
    if (entry[0] === after) entries.push([key, value]);
  }
  if (!Object.hasOwn(record, after)) entries.push([key, value]);
  return /** @type {T} */ (Object.fromEntries(entries));
}

/**
 * The log's line of `event` (without its newline): the event, with the
 * server of each tool name it names beside the name (null for a name no
 * server offers): a search group's `servers` beside its `matches`, a
 * describe's `servers` beside its `names`, a call's `server` beside its
 * `name`; and `client`, the MCP client's name (null before it said one).
 * Every string is cleaned by `redactor`.
 * @param {ToolSearchEvent} event
 * @param {{ origins: Readonly<Record<string, { server: string }>>, client: string | undefined, redactor: Redactor }} context
 * @returns {string}
 */
export function eventLine(event, { origins, client, redactor }) {
  /** @param {string} name */
  const serverOf = (name) => (Object.hasOwn(origins, name) ? origins[name].server : null);
  /** @type {object} */
  let line = event;
  if (event.type === "search") line = { ...event, groups: event.groups.map((group) => besides(group, "matches", "servers", group.matches.map(serverOf))) };
  else if (event.type === "describe") line = besides(event, "names", "servers", event.names.map(serverOf));
  else if (event.type === "call") line = { ...event, calls: event.calls.map((call) => besides(call, "name", "server", serverOf(call.name))) };
  return JSON.stringify({ ...line, client: client ?? null }, (_key, value) => (typeof value === "string" ? redactor.whole(value) : value));
}

/**
 * Where the writer is: nothing open yet; appending to `file`, which holds
 * `size` bytes; or stopped (the file could not be written, or the log is closed).
 * @typedef {{ kind: "new" } | { kind: "open", file: FileHandle, size: number } | { kind: "stopped" }} WriterState
 */

export class EventLog {
  /** @type {string} */
  #path;
  /** @type {number} */
  #maxBytes;
  /** @type {number} */
  #maxQueued;
  /** @type {(line: string) => void} */
  #say;
  /** Lines waiting for the writer, oldest first. @type {string[]} */
  #queue = [];
  /** Their characters. */
  #queued = 0;
  /** Lines dropped since the last line that said so. */
  #dropped = 0;
  /** The writer, while it runs. @type {Promise<void> | null} */
  #writing = null;
  /** @type {WriterState} */
  #state = { kind: "new" };
  #closed = false;

  /**
   * A log appended to the file `path`, opened at its first line.
   * @param {string} path
   * @param {{ maxBytes: number, maxQueuedChars?: number, say: (line: string) => void }} options `maxBytes`: the file's cap;
   *   `maxQueuedChars`: the queue's (default QUEUE_MAX_CHARS); `say`: told, once, that the file cannot be written
   */
  constructor(path, { maxBytes, maxQueuedChars = QUEUE_MAX_CHARS, say }) {
    this.#path = path;
    this.#maxBytes = maxBytes;
    this.#maxQueued = maxQueuedChars;
    this.#say = say;
  }

  /**
   * Queues `line` (one JSON text, no newline) for the writer, and returns:
   * nothing here waits for the disk. When the queue is full, its oldest
   * lines are dropped and counted.
   * @param {string} line
   */
  write(line) {
    if (this.#closed || this.#state.kind === "stopped") return;
    this.#queue.push(line);
    this.#queued += line.length;
    while (this.#queued > this.#maxQueued && this.#queue.length > 0) {
      this.#queued -= /** @type {string} */ (this.#queue.shift()).length;
      this.#dropped += 1;
    }
    this.#writing ??= this.#drain();
  }

  /**
   * Writes what is queued (waiting up to CLOSE_WAIT_MS for it), then closes
   * the file. Lines written after are dropped.
   * @returns {Promise<void>}
   */
  async close() {
    this.#closed = true;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const late = new Promise((done) => {
      timer = setTimeout(done, CLOSE_WAIT_MS, "late");
      timer.unref?.();
    });
    const ended = await Promise.race([this.#writing ?? Promise.resolve(), late]);
    clearTimeout(timer);
    const state = this.#state;
    this.#state = { kind: "stopped" };
    // A write still pending after the wait is left to finish: closing would wait for it.
    if (state.kind === "open" && ended !== "late") await state.file.close().catch(() => {});
  }

  /** The one writer: appends the queue, a batch at a time, until it is empty. */
  async #drain() {
    try {
      // The lines of this turn of the event loop go in one batch.
      await new Promise((done) => setImmediate(done));
      while (this.#state.kind !== "stopped" && (this.#queue.length > 0 || this.#dropped > 0)) {
        const lines = this.#queue;
        this.#queue = [];
        this.#queued = 0;
        if (this.#dropped > 0) lines.unshift(JSON.stringify({ type: "dropped", lines: this.#dropped, time: Date.now() }));
        this.#dropped = 0;
        await this.#append(lines);
      }
    } catch (error) {
      this.#stop(error);
    } finally {
      this.#writing = null;
    }
  }

  /**
   * Appends `lines`, moving the file to `<file>.1` first when one would
   * take it past its cap. A line longer than the cap alone is dropped and counted.
   * @param {string[]} lines
   */
  async #append(lines) {
    let state = this.#state.kind === "open" ? this.#state : await this.#open();
    let chunk = "";
    let bytes = 0;
    for (const line of lines) {
      const text = `${line}\n`;
      const size = Buffer.byteLength(text);
      if (size > this.#maxBytes) {
        this.#dropped += 1;
        continue;
      }
      if (state.size + bytes + size > this.#maxBytes && state.size + bytes > 0) {
        if (chunk) await state.file.appendFile(chunk);
        state = await this.#rotate(state);
        [chunk, bytes] = ["", 0];
      }
      chunk += text;
      bytes += size;
    }
    if (chunk) await state.file.appendFile(chunk);
    state.size += bytes;
  }

  /**
   * Opens the file (and its folder, made 0700 when missing) to append to it.
   * @returns {Promise<{ kind: "open", file: FileHandle, size: number }>}
   */
  async #open() {
    await mkdir(dirname(this.#path), { recursive: true, mode: 0o700 });
    const file = await open(this.#path, OPEN_FLAGS, 0o600);
    const stats = await file.stat();
    if (!stats.isFile()) {
      await file.close();
      throw new Error("it is not a regular file");
    }
    /** @type {{ kind: "open", file: FileHandle, size: number }} */
    const state = { kind: "open", file, size: stats.size };
    this.#state = state;
    return state;
  }

  /**
   * Moves the full file to `<file>.1` (over the one before) and opens a new one.
   * @param {{ file: FileHandle }} state
   */
  async #rotate({ file }) {
    this.#state = { kind: "new" };
    await file.close();
    await rename(this.#path, `${this.#path}.1`);
    return this.#open();
  }

  /**
   * The file cannot be written: said once, and the log stops (what is queued is dropped).
   * @param {unknown} error
   */
  #stop(error) {
    const state = this.#state;
    this.#state = { kind: "stopped" };
    this.#queue = [];
    this.#queued = 0;
    if (state.kind === "open") state.file.close().catch(() => {});
    this.#say(`cannot write the log ${this.#path} (${errorText(error)}): no more events are logged; the proxy serves on`);
  }
}
