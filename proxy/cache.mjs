// The manifest cache: each server's latest listing under a digest of its
// configuration, so that a server whose tools are cached is not started
// until a call needs it. The file is read as anyone may have written it, and
// written so that nobody else can read it: the file 0600 in a folder made
// 0700, through a temporary file of its own (opened O_EXCL, so no planted
// file or link is followed) renamed over it. A file in its place that is not
// a manifest cache of ours (the config itself, say) is never written over,
// and a lock another process holds is tried again later, never waited for.
//
// A listing stands for its server up to CACHE_MAX_AGE_MS, or for the `ttlMs`
// its server gave with it (MCP 2026-07-28), when shorter: one of ttlMs 0 is
// never cached. Its `cacheScope` asks nothing more of this cache, so it is
// not kept: "private" keeps a listing to one authorization context, and an
// entry stands only for the configuration it was listed under (the env
// values and args a stdio server's credentials come in included), in a
// file its owner alone reads; remote (`url`) servers are never cached.
import { createHmac, randomBytes } from "node:crypto";
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { ToolSearch } from "toolsearch";
import { ttlMsOf, unreadable } from "./listing.mjs";
import { SHOWING_KEYS } from "./pinning.mjs";
import { errorText } from "./redact.mjs";

/** @import { ServerEntry } from "./pool.mjs" */

/**
 * A server's entry of the cache file, as anyone may have written it.
 * `ttlMs`: the one its server gave with the listing, if any (older files
 * have none: their entries stand for CACHE_MAX_AGE_MS). `serves`: what its
 * server declared it serves besides tools (`prompts`, `resources`), if known.
 * @typedef {{ key?: unknown, listedAt?: unknown, tools?: unknown, ttlMs?: unknown, serves?: unknown }} CachedEntry
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
 * What marks a manifest cache of ours. Files written before the marker hold
 * exactly `version` and `servers`.
 */
const MARKER = { key: "format", value: "toolsearch-mcp manifest cache" };

/**
 * Whether `cache` (a parsed file) is a manifest cache of ours: the marker,
 * or the two keys and nothing else of the files written before it.
 * @param {unknown} cache
 * @returns {boolean}
 */
function isOurs(cache) {
  if (cache === null || typeof cache !== "object" || Array.isArray(cache)) return false;
  const fields = /** @type {Record<string, unknown>} */ (cache);
  if (fields[MARKER.key] === MARKER.value) return true;
  return Object.keys(fields).length === 2 && typeof fields.version === "number" && fields.servers !== null && typeof fields.servers === "object";
}

/**
 * The servers of the cache file at `path` by name, or why it must never be
 * written over: a file that is not a manifest cache of ours (the config
 * itself, say), a folder, or a file that cannot be read. Nothing there, a
 * cache of another version, or a link (replaced by the next write, its
 * target never read nor written) reads as no servers.
 * @param {string} path
 * @returns {{ servers: Map<string, unknown>, foreign?: undefined } | { foreign: string, servers?: undefined }}
 */
function readCache(path) {
  let text;
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return { servers: new Map() };
    if (stat.isDirectory()) return { foreign: "a folder is in its place" };
    if (!stat.isFile()) return { foreign: "it is no regular file" };
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException | null} */ (error)?.code === "ENOENT") return { servers: new Map() };
    return { foreign: `it cannot be read (${errorText(error)})` };
  }
  let cache;
  try {
    cache = JSON.parse(text);
  } catch {
    cache = null;
  }
  if (!isOurs(cache)) return { foreign: `it is not a manifest cache of toolsearch-mcp, and is left as it is (name another file in "cache", or remove this one)` };
  const servers = cache.version === CACHE_VERSION ? cache.servers : {};
  return { servers: new Map(servers !== null && typeof servers === "object" ? Object.entries(servers) : []) };
}

/**
 * The secret of the cache at `path`: a file of 32 random bytes (hex) beside
 * it, readable by its owner only, made on first use (O_EXCL: when two hosts
 * make it at once, both read the one that was written). Only a regular
 * file is read: no link is followed, and no pipe waited on.
 * @param {string} path
 * @returns {string | null}
 */
function saltOf(path) {
  const file = join(dirname(path), ".toolsearch-salt");
  const read = () => {
    try {
      const stat = lstatSync(file);
      const salt = stat.isFile() && stat.size <= 128 ? readFileSync(file, "utf8").trim() : "";
      return /^[0-9a-f]{64}$/.test(salt) ? salt : null;
    } catch {
      return null;
    }
  };
  const made = read();
  if (made !== null) return made;
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

/**
 * How long writes wait for another process's lock before they are given up
 * (the thread never waits: they are tried again on a timer, so a busy
 * machine where other proxies write often costs no entry), and when a lock
 * counts as left behind.
 */
const LOCK_WAIT_MS = 10_000;
const LOCK_STALE_MS = 10_000;
/** The first and the longest pause between two tries of a held lock. */
const LOCK_RETRY_MS = 5;
const LOCK_RETRY_MAX_MS = 100;
/** What a lock of ours holds: a file of that name that does not is never removed. */
const LOCK_TEXT = "toolsearch-mcp manifest cache lock\n";

/**
 * Takes the lock file beside `path` (made O_EXCL), so that hosts writing one
 * cache at once take turns instead of losing each other's entries; false
 * when another process holds it. A lock of ours older than LOCK_STALE_MS
 * was left by a process that ended, and is taken over. Never waits.
 * @param {string} lock
 * @returns {boolean}
 */
function tryLock(lock) {
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(lock, "wx", 0o600);
      try {
        writeSync(fd, LOCK_TEXT);
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException | null} */ (error)?.code !== "EEXIST") throw error;
    }
    try {
      const stat = lstatSync(lock);
      const stale = stat.isFile() && stat.size <= LOCK_TEXT.length && Date.now() - stat.mtimeMs > LOCK_STALE_MS;
      // Empty: its process ended between making it and writing it.
      if (!stale || !["", LOCK_TEXT].includes(readFileSync(lock, "utf8"))) return false;
      rmSync(lock, { force: true });
    } catch {
      // gone meanwhile: try again
    }
  }
  return false;
}

/**
 * Sets servers' entries of the manifest file (`null` removes one), holding
 * its lock: the file is read again first, so other processes' entries stay.
 * False when another process holds the lock; a throw when the file cannot
 * be written, or is not ours.
 * @param {string} path
 * @param {Map<string, CachedEntry | null>} changes
 * @returns {boolean}
 */
function writeEntries(path, changes) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const lock = `${path}.lock`;
  if (!tryLock(lock)) return false;
  try {
    const read = readCache(path);
    if (read.foreign !== undefined) throw new ForeignFile(read.foreign);
    const { servers } = read;
    for (const [name, entry] of changes) {
      if (entry === null) servers.delete(name);
      else servers.set(name, entry);
    }
    replaceFile(path, JSON.stringify({ [MARKER.key]: MARKER.value, version: CACHE_VERSION, servers: Object.fromEntries(servers) }));
  } finally {
    rmSync(lock, { force: true });
  }
  return true;
}

/** A file in the cache's place that is not ours: it is never written over. */
class ForeignFile extends Error {}

/**
 * Whether `ToolSearch.fromMcp` keeps any of a server's `tools`: read in
 * slices twice as long each time, so that a usable first tool costs the
 * import of one, and none usable costs one import of them all.
 * @param {string} server
 * @param {unknown[]} tools
 * @returns {boolean}
 */
function anyImports(server, tools) {
  for (let start = 0, size = 1; start < tools.length; start += size, size *= 2) {
    if (ToolSearch.fromMcp(server, tools.slice(start, start + size)).tools.length > 0) return true;
  }
  return false;
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
  #entries = new Map();
  /** Entries recorded but not written yet (`null`: removed), while another process holds the file's lock. @type {Map<string, CachedEntry | null>} */
  #unwritten = new Map();
  /** While the lock is held: when the first try found it so, and the pause before the next try. @type {{ since: number, pause: number } | null} */
  #waiting = null;

  /**
   * @param {unknown} path
   * @param {number} maxAge
   * @param {(warning: string) => void} warn
   */
  constructor(path, maxAge, warn) {
    this.#path = typeof path === "string" && path !== "" ? path : null;
    this.#maxAge = maxAge;
    this.#warn = warn;
    const read = this.#path === null ? null : readCache(this.#path);
    if (read?.foreign !== undefined) this.#notUsed(read.foreign);
    else if (read) this.#entries = read.servers;
    // Without a salt (its folder cannot be written), nothing is cached.
    this.#salt = this.#path === null ? null : saltOf(this.#path);
    if (this.#path !== null && this.#salt === null) {
      warn(`the manifest cache ${this.#path} is not used: its key file cannot be made beside it`);
      this.#path = null;
    }
  }

  /**
   * The cached tools of `spec`, when they were listed under its present
   * configuration, not in the future, and within the cache's age and the
   * ttlMs its server gave (`standsFor`), and some
   * of them import (a server that listed nothing, or whose cached tools
   * all lack a usable name or cannot be read, is started, not hidden: such
   * an entry is dropped); those too deep to read left out (and said). Null
   * otherwise.
   * @param {ServerEntry} spec
   * @returns {unknown[] | null}
   */
  freshTools(spec) {
    const entry = this.#entry(spec.name);
    const age = Date.now() - Number(entry?.listedAt);
    const listed = Array.isArray(entry?.tools) && entry.tools.length > 0;
    const fresh = listed && this.#salt !== null && typeof spec.url !== "string" && entry.key === configKey(spec, this.#salt) && this.#standsFor(entry, age);
    if (!fresh) return null;
    // A list: it is `listed`.
    const cached = /** @type {unknown[]} */ (entry.tools);
    const tools = cached.filter((tool, index) => {
      const problem = unreadable(tool);
      if (problem) this.#warn(`server '${spec.name}': cached tool #${index} was skipped, it cannot be read as JSON (${problem})`);
      return !problem;
    });
    if (anyImports(spec.name, tools)) return tools;
    this.#warn(`server '${spec.name}': none of its ${cached.length} cached tools can be used; it is started, and its cache entry dropped`);
    this.remember(spec, null);
    return null;
  }

  /**
   * When the cached listing of server `name` goes stale by the ttlMs its
   * server gave (null when it gave none, or there is none).
   * @param {string} name
   * @returns {number | null}
   */
  staleAt(name) {
    const entry = this.#entry(name);
    const ttl = ttlMsOf(entry?.ttlMs);
    return entry === undefined || ttl === undefined ? null : Number(entry.listedAt) + ttl;
  }

  /**
   * What the server of `spec` serves besides tools (`prompts`, `resources`),
   * as its entry says under its present configuration; null when it says
   * nothing (an entry written before it was asked).
   * @param {ServerEntry} spec
   * @returns {string[] | null}
   */
  serves(spec) {
    const entry = this.#entry(spec.name);
    const serves = entry?.serves;
    if (!Array.isArray(serves) || this.#salt === null || entry?.key !== configKey(spec, this.#salt)) return null;
    return serves.filter((kind) => typeof kind === "string");
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
   * Records a server's listing (`null` forgets it), with the ttlMs its
   * server gave, up to CACHE_MAX_AGE_MS: one of ttlMs 0 is forgotten, not
   * cached. What is not cached is not forgotten again (no write). Remote
   * (`url`) servers are not cached: their tools change with no change to
   * their configuration.
   * @param {ServerEntry} spec
   * @param {unknown[] | null} tools
   * @param {number} [ttlMs]
   * @param {string[] | null} [serves] what it serves besides tools, if known
   */
  remember(spec, tools, ttlMs, serves) {
    if (this.#path === null || typeof spec.url === "string") return;
    const kept = tools !== null && ttlMs !== 0;
    if (!kept && !this.#entries.has(spec.name)) return;
    // A cache with a path has its salt (see the constructor).
    const salt = /** @type {string} */ (this.#salt);
    const lifetime = ttlMs === undefined ? {} : { ttlMs: Math.min(ttlMs, CACHE_MAX_AGE_MS) };
    const entry = kept ? { key: configKey(spec, salt), listedAt: Date.now(), tools, ...lifetime, ...(serves && { serves }) } : null;
    if (entry === null) this.#entries.delete(spec.name);
    else this.#entries.set(spec.name, entry);
    this.#unwritten.set(spec.name, entry);
    // While another process holds the lock, its next try writes this too.
    if (this.#waiting === null) this.#write();
  }

  /**
   * Writes the entries not written yet. While another process holds the
   * file's lock, it tries again a little later, up to LOCK_WAIT_MS: the
   * thread never waits for the lock.
   */
  #write() {
    const path = this.#path;
    if (path === null) return;
    let written = true;
    try {
      written = writeEntries(path, this.#unwritten);
    } catch (error) {
      if (error instanceof ForeignFile) this.#notUsed(error.message);
      else this.#warn(`the manifest cache ${path} cannot be written (${errorText(error)})`);
    }
    const waiting = this.#waiting ?? { since: Date.now(), pause: LOCK_RETRY_MS };
    const held = Date.now() - waiting.since;
    if (written || held > LOCK_WAIT_MS) {
      if (!written) this.#warn(`the manifest cache ${path} cannot be written (another process has held ${path}.lock for ${held} ms)`);
      this.#unwritten.clear();
      this.#waiting = null;
      return;
    }
    this.#waiting = { since: waiting.since, pause: Math.min(waiting.pause * 2, LOCK_RETRY_MAX_MS) };
    setTimeout(() => this.#write(), waiting.pause);
  }

  /**
   * Stops using the cache, whose file must not be written over: `why`.
   * @param {string} why
   */
  #notUsed(why) {
    this.#warn(`the manifest cache ${this.#path} cannot be written, and is not used: ${why}`);
    this.#path = null;
  }

  /**
   * Whether `entry`, `age` ms old, still stands: listed not in the future,
   * within the cache's age, and within the ttlMs its server gave (read as
   * any: one that is no whole number counts as none).
   * @param {CachedEntry} entry
   * @param {number} age
   * @returns {boolean}
   */
  #standsFor(entry, age) {
    const ttl = ttlMsOf(entry.ttlMs);
    return age >= 0 && age <= this.#maxAge && (ttl === undefined || age < ttl);
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
