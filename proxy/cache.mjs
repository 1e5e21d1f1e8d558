// The manifest cache: each server's latest listing under a digest of its
// configuration, so that a server whose tools are cached is not started
// until a call needs it. The file is read as anyone may have written it, and
// written so that nobody else can read it: the file 0600 in a folder made
// 0700, through a temporary file of its own (opened O_EXCL, so no planted
// file or link is followed) renamed over it.
import { createHmac, randomBytes } from "node:crypto";
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { unreadable } from "./listing.mjs";
import { SHOWING_KEYS } from "./pinning.mjs";
import { errorText } from "./redact.mjs";

/** @import { ServerEntry } from "./pool.mjs" */

/**
 * A server's entry of the cache file, as anyone may have written it.
 * @typedef {{ key?: unknown, listedAt?: unknown, tools?: unknown }} CachedEntry
 */

/** The manifest cache's format; another version reads as empty. */
const CACHE_VERSION = 2;
/** How long cached tools stand for a server that was not started (7 days). */
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * A keyed digest of a server's configuration: cached tools stand only for
 * the same one. Its env values take part, so it is keyed by a secret kept
 * apart from the cache (`saltOf`): the file alone, copied or read by
 * another, does not let anyone test a guessed value.
 * @param {ServerEntry} spec
 * @param {string} salt
 * @returns {string}
 */
function configKey(spec, salt) {
  /** @type {(value: unknown) => unknown} */
  const sorted = (value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(/** @type {Record<string, unknown>} */ (value)[k])]))
      : value;
  // How the server starts: pinning and keywords change what is shown of its tools, not them.
  const launch = Object.fromEntries(Object.entries(spec).filter(([key]) => !SHOWING_KEYS.includes(key)));
  return createHmac("sha256", salt).update(JSON.stringify(sorted(launch))).digest("hex");
}

/**
 * The servers of a cache file by name; none when it is unreadable.
 * @param {string} path
 * @returns {Map<string, unknown>}
 */
function readEntries(path) {
  try {
    const cache = JSON.parse(readFileSync(path, "utf8"));
    const servers = cache?.version === CACHE_VERSION ? cache.servers : null;
    return new Map(servers !== null && typeof servers === "object" ? Object.entries(servers) : []);
  } catch {
    return new Map();
  }
}

/**
 * The secret of the cache at `path`: a file of 32 random bytes (hex) beside
 * it, readable by its owner only, made on first use (O_EXCL: when two hosts
 * make it at once, both read the one that was written).
 * @param {string} path
 * @returns {string | null}
 */
function saltOf(path) {
  const file = join(dirname(path), ".toolsearch-salt");
  const read = () => {
    const salt = readFileSync(file, "utf8").trim();
    return /^[0-9a-f]{64}$/.test(salt) ? salt : null;
  };
  try {
    return read();
  } catch {
    // not made yet
  }
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const fd = openSync(file, "wx", 0o600);
    const salt = randomBytes(32).toString("hex");
    try {
      writeSync(fd, salt);
    } finally {
      closeSync(fd);
    }
    return salt;
  } catch {
    return read();
  }
}

/**
 * Writes `text` to `path` whole: a temporary file of its own beside it, then renamed over it.
 * @param {string} path
 * @param {string} text
 */
function replaceFile(path, text) {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const partial = join(folder, `.${randomBytes(8).toString("hex")}.tmp`);
  const fd = openSync(partial, "wx", 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** How long a write waits for another process's lock, and when a lock counts as left behind. */
const LOCK_WAIT_MS = 2_000;
const LOCK_STALE_MS = 10_000;
/** What a wait for a lock sleeps on. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `write` holding the lock file beside `path` (made O_EXCL), so that
 * hosts writing one cache at once take turns instead of losing each other's
 * entries. A lock older than LOCK_STALE_MS was left by a process that ended
 * and is taken over.
 * @param {string} path
 * @param {() => void} write
 */
function locked(path, write) {
  const lock = `${path}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx", 0o600));
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException | null} */ (error)?.code !== "EEXIST") throw error;
    }
    let age = 0;
    try {
      age = Date.now() - lstatSync(lock).mtimeMs;
    } catch {
      continue; // gone meanwhile: try again
    }
    if (age > LOCK_STALE_MS) rmSync(lock, { force: true });
    else if (Date.now() > deadline) throw new Error(`another process has held ${lock} for ${Math.round(age)} ms`);
    else Atomics.wait(PAUSE, 0, 0, 5);
  }
  try {
    write();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Sets one server's entry of the manifest file (`null` removes it): the file
 * is read again under the lock first, so other processes' entries stay.
 * @param {string} path
 * @param {string} name
 * @param {CachedEntry | null} entry
 */
function writeEntry(path, name, entry) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  locked(path, () => {
    const servers = readEntries(path);
    if (entry === null) servers.delete(name);
    else servers.set(name, entry);
    replaceFile(path, JSON.stringify({ version: CACHE_VERSION, servers: Object.fromEntries(servers) }));
  });
}

/** The manifest cache at `path` (none when `path` is not a string). */
export class ManifestCache {
  /** @type {string | null} */
  #path;
  /** @type {number} */
  #maxAge;
  /** @type {(warning: string) => void} */
  #warn;
  /** @type {string | null} */
  #salt;
  /** @type {Map<string, unknown>} */
  #entries;

  /**
   * @param {unknown} path
   * @param {number} maxAge
   * @param {(warning: string) => void} warn
   */
  constructor(path, maxAge, warn) {
    this.#path = typeof path === "string" && path !== "" ? path : null;
    this.#maxAge = maxAge;
    this.#warn = warn;
    this.#entries = this.#path === null ? new Map() : readEntries(this.#path);
    // Without a salt (its folder cannot be written), nothing is cached.
    this.#salt = this.#path === null ? null : saltOf(this.#path);
    if (this.#path !== null && this.#salt === null) {
      warn(`the manifest cache ${this.#path} is not used: its key file cannot be made beside it`);
      this.#path = null;
    }
  }

  /**
   * The cached tools of `spec`, when they were listed under its present
   * configuration, not in the future, and within the cache's age, and are
   * not none (a server that listed nothing is started, not hidden); those
   * too deep to read left out (and said). Null otherwise.
   * @param {ServerEntry} spec
   * @returns {unknown[] | null}
   */
  freshTools(spec) {
    const entry = this.#entry(spec.name);
    const age = Date.now() - Number(entry?.listedAt);
    const listed = Array.isArray(entry?.tools) && entry.tools.length > 0;
    const fresh = listed && this.#salt !== null && typeof spec.url !== "string" && entry.key === configKey(spec, this.#salt) && age >= 0 && age <= this.#maxAge;
    if (!fresh) return null;
    // A list: it is `listed`.
    return /** @type {unknown[]} */ (entry.tools).filter((tool, index) => {
      const problem = unreadable(tool);
      if (problem) this.#warn(`server '${spec.name}': cached tool #${index} was skipped, it cannot be read as JSON (${problem})`);
      return !problem;
    });
  }

  /**
   * When the cached listing of server `name` was taken (0 when none).
   * @param {string} name
   * @returns {number}
   */
  listedAt(name) {
    const listedAt = this.#entry(name)?.listedAt;
    return typeof listedAt === "number" ? listedAt : 0;
  }

  /**
   * Records a server's listing (`null` forgets it). Remote (`url`) servers
   * are not cached: their tools change with no change to their configuration.
   * @param {ServerEntry} spec
   * @param {unknown[] | null} tools
   */
  remember(spec, tools) {
    if (this.#path === null || typeof spec.url === "string") return;
    // A cache with a path has its salt (see the constructor).
    const salt = /** @type {string} */ (this.#salt);
    const entry = tools === null ? null : { key: configKey(spec, salt), listedAt: Date.now(), tools };
    if (entry === null) this.#entries.delete(spec.name);
    else this.#entries.set(spec.name, entry);
    try {
      writeEntry(this.#path, spec.name, entry);
    } catch (error) {
      this.#warn(`the manifest cache ${this.#path} cannot be written (${errorText(error)})`);
    }
  }

  /**
   * The entry of server `name` as read (anyone may have written the file), when it is an object.
   * @param {string} name
   * @returns {CachedEntry | undefined}
   */
  #entry(name) {
    const entry = this.#entries.get(name);
    return entry !== null && typeof entry === "object" ? entry : undefined;
  }
}
