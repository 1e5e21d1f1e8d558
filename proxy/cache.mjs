// The manifest cache: each server's latest listing under a digest of its
// configuration, so that a server whose tools are cached is not started
// until a call needs it. The file is read as anyone may have written it.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { unreadable } from "./listing.mjs";

/** The manifest cache's format; another version reads as empty. */
const CACHE_VERSION = 1;
/** How long cached tools stand for a server that was not started (7 days). */
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** A digest of a server's configuration: cached tools stand only for the same one (env values included, never stored). */
function configKey(spec) {
  const sorted = (value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]))
      : value;
  return createHash("sha256").update(JSON.stringify(sorted(spec))).digest("hex");
}

/** The cached servers of a manifest file, by name; empty when unreadable. */
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
 * Sets one server's entry of the manifest file (`null` removes it): the file
 * is read again first, so other processes' entries stay, and written whole
 * through a temporary file, so a reader never sees half of it.
 */
function writeEntry(path, name, entry) {
  const servers = readEntries(path);
  if (entry === null) servers.delete(name);
  else servers.set(name, entry);
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify({ version: CACHE_VERSION, servers: Object.fromEntries(servers) }));
  renameSync(partial, path);
}

/** The manifest cache at `path` (none when `path` is not a string). */
export class ManifestCache {
  #path;
  #maxAge;
  #warn;
  #entries;

  constructor(path, maxAge, warn) {
    this.#path = typeof path === "string" && path !== "" ? path : null;
    this.#maxAge = maxAge;
    this.#warn = warn;
    this.#entries = this.#path === null ? new Map() : readEntries(this.#path);
  }

  /**
   * The cached tools of `spec`, when they were listed under its present
   * configuration, not in the future, and within the cache's age; those too
   * deep to read left out (and said). Null otherwise.
   */
  freshTools(spec) {
    const entry = this.#entries.get(spec.name);
    const age = Date.now() - entry?.listedAt;
    const fresh = typeof spec.url !== "string" && entry?.key === configKey(spec) && Array.isArray(entry.tools) && age >= 0 && age <= this.#maxAge;
    if (!fresh) return null;
    return entry.tools.filter((tool, index) => {
      const problem = unreadable(tool);
      if (problem) this.#warn(`server '${spec.name}': cached tool #${index} was skipped, it cannot be read as JSON (${problem})`);
      return !problem;
    });
  }

  /** When the cached listing of server `name` was taken (0 when none). */
  listedAt(name) {
    const listedAt = this.#entries.get(name)?.listedAt;
    return typeof listedAt === "number" ? listedAt : 0;
  }

  /**
   * Records a server's listing (`null` forgets it). Remote (`url`) servers
   * are not cached: their tools change with no change to their configuration.
   */
  remember(spec, tools) {
    if (this.#path === null || typeof spec.url === "string") return;
    const entry = tools === null ? null : { key: configKey(spec), listedAt: Date.now(), tools };
    if (entry === null) this.#entries.delete(spec.name);
    else this.#entries.set(spec.name, entry);
    try {
      writeEntry(this.#path, spec.name, entry);
    } catch (error) {
      this.#warn(`the manifest cache ${this.#path} cannot be written (${error?.message ?? error})`);
    }
  }
}
