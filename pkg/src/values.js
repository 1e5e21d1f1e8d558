// Reading the host's values without trusting them: a getter or proxy that
// throws, a cycle, a BigInt or a value of the wrong type reads as absent, so
// no call into the engine ever starts from a throw. Part of the body of
// createToolSearch (scripts/entries.mjs joins pkg/src/*.js).

const hasOwn = Object.prototype.hasOwnProperty;
/** `Array.isArray`, false where it throws (a revoked proxy). */
const isList = (v) => {
  try {
    return Array.isArray(v);
  } catch {
    return false;
  }
};
const isRecord = (v) => v !== null && typeof v === "object" && !isList(v);

/** `object[key]`, undefined where the read throws (a getter, a proxy trap). */
function field(object, key) {
  try {
    return object[key];
  } catch {
    return undefined;
  }
}

/** The strings of a list, or null when `v` is no list (a throwing read ends it). */
function stringItems(v) {
  if (!isList(v)) return null;
  const items = [];
  try {
    for (const item of v) if (typeof item === "string") items.push(item);
  } catch {
    // a hostile list: keep what was read
  }
  return items;
}

function typeName(value) {
  if (value === null) return "null";
  if (isList(value)) return "array";
  return typeof value;
}

/**
 * The bytes of a Uint8Array (or any typed array or DataView) or an
 * ArrayBuffer, from any realm; null for anything else.
 */
function bytesOf(value) {
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  const tag = Object.prototype.toString.call(value);
  if (tag === "[object ArrayBuffer]" || tag === "[object SharedArrayBuffer]") return new Uint8Array(value);
  return null;
}

/** JSON text of `value`, or `fallback` when it has none (cycles, BigInt, undefined). */
function jsonText(value, fallback) {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? fallback : text;
  } catch {
    return fallback;
  }
}

/** `map[key]` when it is an own string property. */
function ownString(map, key) {
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
 */
function optionsText(options) {
  const o = isRecord(options) ? options : {};
  const part = (key, keep) => {
    const value = field(o, key);
    return keep(value) ? jsonText(value, "null") : "null";
  };
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

/** The per-call context handed to host callbacks. */
const contextOf = (ctx) => (isRecord(ctx) ? ctx : {});

/**
 * The model's arguments as JSON text (objects are serialised). An object
 * JSON cannot hold (BigInt, a cycle, a throwing getter, too deep) becomes
 * NUL plus the reason, which the engine answers with an error naming it
 * (src/bridge/args.rs).
 */
function argsText(args) {
  if (typeof args === "string") return args;
  try {
    const text = JSON.stringify(args === undefined ? null : args);
    return text === undefined ? "null" : text;
  } catch (error) {
    return "\u0000" + thrownMessage(error);
  }
}

/** The message of a thrown value, never throwing itself; empty when it has none to read. */
function thrownMessage(error) {
  try {
    if (error !== null && typeof error === "object" && typeof error.message === "string") return error.message;
    return String(error);
  } catch {
    return "";
  }
}

/** A plain copy of a map's own string values (null stays null); a throwing read ends it. */
function ownCopy(map) {
  if (map === null) return null;
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
 * Names already in use, from an array of names, or from an object with
 * `tools` (a session or an earlier `fromMcp` result).
 */
function takenNames(taken) {
  const items = isList(taken) ? taken : isRecord(taken) && isList(field(taken, "tools")) ? field(taken, "tools") : [];
  const names = [];
  try {
    for (const item of items) {
      if (typeof item === "string") names.push(item);
      else if (isRecord(item)) {
        const fn = field(item, "function");
        const name = field(isRecord(fn) ? fn : item, "name");
        if (typeof name === "string") names.push(name);
      }
    }
  } catch {
    // a hostile list: keep what was read
  }
  return names;
}

/**
 * The host with its `embed` answers checked here, in JavaScript, where a
 * hostile value (a proxy, a throwing getter) can only reject: the engine
 * then reads a plain array of Float32Array, or goes on without the leg.
 * Every other callback is the host's own, reached through the prototype.
 */
function withSafeEmbed(host) {
  const embed = field(host, "embed");
  if (typeof embed !== "function") return host;
  const checked = async (texts, kind) => {
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
