// Reading the host's values without trusting them: a getter or proxy that
// throws, a cycle, a BigInt or a value of the wrong type reads as absent, so
// no call into the engine ever starts from a throw.

const hasOwn = Object.prototype.hasOwnProperty;

/** The most items of an enum that a tool's view reads (a hostile list may claim billions). */
export const ENUM_ITEMS_MAX = 65536;
/**
 * `Array.isArray`, false where it throws (a revoked proxy).
 * @param {unknown} v
 * @returns {v is unknown[]}
 */
export const isList = (v) => {
  try {
    return Array.isArray(v);
  } catch {
    return false;
  }
};
/**
 * An object that is no list: one whose keys the engine may read.
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
export const isRecord = (v) => v !== null && typeof v === "object" && !isList(v);

/**
 * `object[key]`, undefined where the read throws (a getter, a proxy trap).
 * @param {unknown} object any value: reading a key of a primitive is harmless, of null or undefined it throws
 * @param {string} key
 * @returns {unknown}
 */
export function field(object, key) {
  try {
    return /** @type {Record<string, unknown>} */ (object)[key];
  } catch {
    return undefined;
  }
}

/**
 * `object[key]` when it is a record (read once), else null.
 * @param {unknown} object
 * @param {string} key
 * @returns {Record<string, unknown> | null}
 */
export function recordField(object, key) {
  const value = field(object, key);
  return isRecord(value) ? value : null;
}

/**
 * The strings of a list, or null when `v` is no list (a throwing read ends it).
 * @param {unknown} v
 * @returns {string[] | null}
 */
export function stringItems(v) {
  if (!isList(v)) return null;
  /** @type {string[]} */
  const items = [];
  try {
    for (const item of v) if (typeof item === "string") items.push(item);
  } catch {
    // a hostile list: keep what was read
  }
  return items;
}

/**
 * The kind of `value` for a TypeError's message: `typeof`, with null and array told apart.
 * @param {unknown} value
 */
export function typeName(value) {
  if (value === null) return "null";
  if (isList(value)) return "array";
  return typeof value;
}

/**
 * The bytes of a Uint8Array (or any typed array or DataView) or an
 * ArrayBuffer, from any realm; null for anything else.
 * @param {unknown} value
 * @returns {Uint8Array | null}
 */
export function bytesOf(value) {
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  const tag = Object.prototype.toString.call(value);
  // The tag, not instanceof, so that a buffer of another realm counts.
  if (tag === "[object ArrayBuffer]" || tag === "[object SharedArrayBuffer]") return new Uint8Array(/** @type {ArrayBufferLike} */ (value));
  return null;
}

/**
 * JSON text of `value`, or `fallback` when it has none (cycles, BigInt, undefined).
 * @param {unknown} value
 * @param {string} fallback
 * @returns {string}
 */
export function jsonText(value, fallback) {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? fallback : text;
  } catch {
    return fallback;
  }
}

/**
 * `map[key]` when it is an own string property.
 * @param {Record<string, unknown> | null} map
 * @param {string} key
 * @returns {string | null}
 */
export function ownString(map, key) {
  if (map === null) return null;
  try {
    if (!hasOwn.call(map, key)) return null;
    const value = map[key];
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The options object the engine reads, as JSON text: each part on its own,
 * so one unreadable part (a BigInt, a cycle, a throwing getter) is only
 * that part left to its default.
 * @param {unknown} options
 * @returns {string}
 */
export function optionsText(options) {
  const o = isRecord(options) ? options : {};
  /**
   * @param {string} key
   * @param {(value: unknown) => boolean} keep
   */
  const part = (key, keep) => {
    const value = field(o, key);
    return keep(value) ? jsonText(value, "null") : "null";
  };
  /** @param {unknown} v */
  const present = (v) => v !== undefined;
  const parts = [
    ["config", part("config", present)],
    ["connectors", part("connectors", present)],
    ["coreTools", jsonText(stringItems(field(o, "coreTools")), "null")],
    ["directSurfaceToolsets", jsonText(stringItems(field(o, "directSurfaceToolsets")), "null")],
    ["timeouts", part("timeouts", isRecord)],
    ["limits", part("limits", isRecord)],
    ["semantic", part("semantic", isRecord)],
  ];
  return `{${parts.map(([key, text]) => `"${key}":${text}`).join(",")}}`;
}

/**
 * The per-call context handed to host callbacks.
 * @param {unknown} ctx
 * @returns {Record<string, unknown>}
 */
export const contextOf = (ctx) => (isRecord(ctx) ? ctx : {});

/**
 * The model's arguments as JSON text (objects are serialised). An object
 * JSON cannot hold (BigInt, a cycle, a throwing getter, too deep) becomes
 * NUL plus the reason, which the engine answers with an error naming it
 * (src/bridge/args.rs).
 * @param {unknown} args
 * @returns {string}
 */
export function argsText(args) {
  if (typeof args === "string") return args;
  try {
    const text = JSON.stringify(args === undefined ? null : args);
    return text === undefined ? "null" : text;
  } catch (error) {
    return "\u0000" + thrownMessage(error);
  }
}

/**
 * The message of a thrown value, never throwing itself; empty when it has none to read.
 * @param {unknown} error
 * @returns {string}
 */
export function thrownMessage(error) {
  try {
    // One read of `message`, which may be a getter.
    const message = error !== null && typeof error === "object" ? /** @type {{message?: unknown}} */ (error).message : undefined;
    if (typeof message === "string") return message;
    return String(error);
  } catch {
    return "";
  }
}

/**
 * A plain copy of a map's own string values (null stays null); a throwing read ends it.
 * @param {Record<string, unknown> | null} map
 * @returns {Record<string, string> | null}
 */
export function ownCopy(map) {
  if (map === null) return null;
  /** @type {Record<string, string>} */
  const copy = Object.create(null);
  try {
    for (const key of Object.keys(map)) {
      const value = ownString(map, key);
      if (value !== null) copy[key] = value;
    }
  } catch {
    // a hostile map: keep what was read
  }
  return copy;
}

/**
 * The host with its `embed` answers checked here, in JavaScript, where a
 * hostile value (a proxy, a throwing getter) can only reject: the engine
 * then reads a plain array of Float32Array, or goes on without the leg.
 * Every other callback is the host's own, reached through the prototype.
 * @template {object} T
 * @param {T} host
 * @returns {T}
 */
export function withSafeEmbed(host) {
  const embed = field(host, "embed");
  if (typeof embed !== "function") return host;
  /**
   * @param {string[]} texts
   * @param {string} kind
   * @returns {Promise<Float32Array[]>}
   */
  const checked = async (texts, kind) => {
    /** @type {unknown} */
    const vectors = await embed.call(host, texts, kind);
    if (!isList(vectors)) throw new TypeError("embed must return an array of vectors");
    const out = [];
    for (const vector of vectors) {
      if (vector instanceof Float32Array) out.push(vector);
      else if (isList(vector)) out.push(Float32Array.from(vector, (x) => (typeof x === "number" ? x : NaN)));
      else throw new TypeError("a vector is neither a Float32Array nor an array of numbers");
    }
    return out;
  };
  return Object.create(host, { embed: { value: checked } });
}
