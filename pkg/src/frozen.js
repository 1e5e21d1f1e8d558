// Host values that cannot change: frozen, with every part the tool views
// read held in data properties (a getter of a frozen object may still answer
// differently each time), and every part they lack lacking for good: their
// prototypes are frozen too, or are Object.prototype or Array.prototype (a
// host that adds keys to those changes every object it has). Freezing is for
// ever, so a value found immutable once stays so (remembered here, for every
// instance), and a frozen tool can be trusted by identity (tool-ids.js). A
// proxy is trusted as its frozen target shows.
import { ENUM_ITEMS_MAX, isList, isRecord } from "./values.js";

/** The keys of a tool object that its view reads (see `snapshot` in views.js). */
const TOOL_KEYS = ["function", "inputSchema", "input_schema", "parameters", "name", "description", "_meta"];
/** The key of a tool's `_meta` that its view reads: its search-only keywords. */
const META_KEYS = ["toolsearch/keywords"];
/** The keys of an OpenAI tool's `function` that its view reads. */
const FUNCTION_KEYS = ["name", "description", "parameters"];
/** The keys of a parameters schema that its view reads. */
const PARAMETERS_KEYS = ["properties", "required"];
/** The keys of a property schema that its view reads. */
const PROPERTY_KEYS = ["description", "enum"];

/** The most prototypes walked: a chain of proxies may be endless. */
const PROTOTYPES_MAX = 16;

/**
 * True when no key can appear on `value` through its prototypes: each is
 * frozen, Object.prototype or Array.prototype.
 * @param {object} value
 */
function lastingPrototypes(value) {
  let proto = Object.getPrototypeOf(value);
  for (let depth = 0; proto !== null; depth++) {
    if (depth === PROTOTYPES_MAX) return false;
    if (proto !== Object.prototype && proto !== Array.prototype && !Object.isFrozen(proto)) return false;
    proto = Object.getPrototypeOf(proto);
  }
  return true;
}

/**
 * How `key` stands on `value`: "data" (a data property of its own), "absent"
 * (from it and its prototypes), or null (an accessor, or inherited).
 * @param {object} value
 * @param {string} key
 */
function keyState(value, key) {
  const own = Object.getOwnPropertyDescriptor(value, key);
  if (own !== undefined) return "value" in own ? "data" : null;
  return key in value ? null : "absent";
}

/**
 * True when `value` is frozen and each of `keys` is, on the value itself, a
 * data property, or absent for good (see lastingPrototypes).
 * @param {object} value
 * @param {Iterable<string>} keys
 */
function frozenData(value, keys) {
  if (!Object.isFrozen(value)) return false;
  let lacks = false;
  for (const key of keys) {
    const state = keyState(value, key);
    if (state === null) return false;
    lacks ||= state === "absent";
  }
  return !lacks || lastingPrototypes(value);
}

/**
 * The keys of a list's first `count` items.
 * @param {number} count
 */
function* indexKeys(count) {
  for (let i = 0; i < count; i++) yield String(i);
}

/**
 * True when `list` is no list, or a frozen list whose first `max` items are
 * data (its holes lacking for good): a frozen list's length cannot change.
 * @param {unknown} list
 * @param {number} max
 */
function immutableList(list, max) {
  if (!isList(list)) return true;
  const items = /** @type {unknown[]} */ (list);
  return frozenData(items, indexKeys(Math.min(items.length, max)));
}

/**
 * True when `property` is no record, or one whose description and enum cannot
 * change (the views read an enum's first ENUM_ITEMS_MAX items only).
 * @param {unknown} property
 */
function immutableProperty(property) {
  if (!isRecord(property)) return true;
  return frozenData(property, PROPERTY_KEYS) && immutableList(property.enum, ENUM_ITEMS_MAX);
}

/**
 * True when `parameters` is no record, or a schema whose properties and required names cannot change.
 * @param {unknown} parameters
 */
function immutableParameters(parameters) {
  if (!isRecord(parameters)) return true;
  if (!frozenData(parameters, PARAMETERS_KEYS)) return false;
  // The views read every required name: a list longer than an enum's cap
  // is read each call, not checked item by item.
  const required = parameters.required;
  if (isList(required) && /** @type {unknown[]} */ (required).length > ENUM_ITEMS_MAX) return false;
  if (!immutableList(required, ENUM_ITEMS_MAX)) return false;
  const properties = parameters.properties;
  if (!isRecord(properties)) return true;
  const keys = Object.keys(properties);
  return frozenData(properties, keys) && keys.every((key) => immutableProperty(properties[key]));
}

/**
 * True when `meta` is no record, or one whose search-only keywords cannot change.
 * @param {unknown} meta
 */
function immutableMeta(meta) {
  if (!isRecord(meta)) return true;
  return frozenData(meta, META_KEYS) && immutableList(meta[META_KEYS[0]], ENUM_ITEMS_MAX);
}

/** Tools found immutable: freezing is for ever, so each is checked once. */
const immutableTools = new WeakSet();
/** Toolsets and owners maps found immutable. */
const immutableMaps = new WeakSet();
/** Frozen tools arrays found to hold a tool that can change: never checked again. */
const mutableLists = new WeakSet();

/**
 * True when nothing a tool view reads of `tool` can change; remembered.
 * @param {object} tool
 */
export function isImmutableTool(tool) {
  if (immutableTools.has(tool)) return true;
  if (!readsImmutable(tool)) return false;
  immutableTools.add(tool);
  return true;
}

/**
 * True when nothing a tool view reads of `tool` can change, checked now.
 * @param {unknown} tool
 */
function readsImmutable(tool) {
  try {
    if (!isRecord(tool) || !frozenData(tool, TOOL_KEYS) || !immutableMeta(tool._meta)) return false;
    const fn = tool.function;
    if (isRecord(fn)) return frozenData(fn, FUNCTION_KEYS) && immutableParameters(fn.parameters);
    return immutableParameters(tool.inputSchema) && immutableParameters(tool.input_schema) && immutableParameters(tool.parameters);
  } catch {
    // a proxy that throws: not to be trusted
    return false;
  }
}

/**
 * True when `map` (a session's toolsets or owners) is absent, or cannot
 * change and is no proxy revoked since (which reads as empty); remembered.
 * @param {Record<string, unknown> | null} map
 */
export function isLastingMap(map) {
  if (map === null) return true;
  if (immutableMaps.has(map)) return isUnrevoked(map);
  if (!isImmutableMap(map)) return false;
  immutableMaps.add(map);
  return true;
}

/**
 * True when `map` is frozen with data properties only.
 * @param {Record<string, unknown>} map
 */
function isImmutableMap(map) {
  try {
    // Every own key, enumerable or not: a tool's toolset is read as an own
    // property. Frozen first: the keys of a catalog's map cost 0.4 ms to list.
    return Object.isFrozen(map) && frozenData(map, Object.getOwnPropertyNames(map));
  } catch {
    return false;
  }
}

/**
 * False for a revoked proxy, whose every read now throws: a map found
 * immutable is asked this on each use (a frozen object answers at once).
 * @param {object} map
 */
function isUnrevoked(map) {
  try {
    Object.isExtensible(map);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when `tools` is a frozen array of data items that are immutable tools
 * or no records (anything but a record reads as a nameless tool, whatever it
 * holds); a frozen array found otherwise is not checked again.
 * @param {unknown[]} tools
 */
export function isImmutableList(tools) {
  if (mutableLists.has(tools)) return false;
  try {
    if (!Object.isFrozen(tools)) return false;
    if (immutableList(tools, tools.length) && tools.every((tool) => !isRecord(tool) || isImmutableTool(tool))) return true;
  } catch {
    // a proxy that throws: read as any other list
  }
  mutableLists.add(tools);
  return false;
}
