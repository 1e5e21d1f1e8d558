// Tool views: what search and listing read of each tool, and the row each
// view crosses into wasm as.
//
// Speed: an agent passes a freshly built `tools` array of the same tool
// objects every turn. Sending 1,873 whole schemas into wasm each turn would
// cost milliseconds, so only what search reads crosses (name, description,
// property names, required names, and for the enhanced ranking the property
// descriptions and enumerated values: the "view"), once per tool: tool-ids.js
// remembers each tool's view and id, and asks `isFresh` whether a tool still
// reads as its view. Whole schemas are read live from the host's objects
// whenever describe or call needs them.

import { ENUM_ITEMS_MAX, isList, isRecord } from "./values.js";

/**
 * A tool definition as the host passed it: an object of any shape.
 * @typedef {Record<string, unknown>} Tool
 */
/**
 * What search and listing read of one tool (see snapshot), with the objects
 * it came from.
 * @typedef {object} View
 * @property {unknown} fn
 * @property {unknown} parameters
 * @property {unknown} properties
 * @property {unknown} required
 * @property {unknown} name
 * @property {unknown} description
 * @property {string[]} keys
 * @property {unknown[]} requiredItems
 * @property {unknown[] | null} params see paramParts
 * @property {unknown} meta the tool's `_meta` (read by the enhanced ranking only)
 * @property {unknown} keywords its search-only keywords, `_meta[KEYWORDS_META]`
 * @property {unknown[] | null} keywordItems their items as read now, for a list
 */

/** The `_meta` key of a tool's search-only keywords (`ToolDef::keywords`). */
const KEYWORDS_META = "toolsearch/keywords";
/**
 * The most UTF-16 units of keywords sent per tool: twice the 1,000
 * characters the engine keeps, so that its exact clip comes first (and no
 * surrogate pair cut here reaches it).
 */
const KEYWORDS_UNITS = 2000;

/**
 * The definition's parameters schema, as the engine reads it (`parameters_of`
 * in src/session/tooldef.rs): an OpenAI tool's `function.parameters`, else
 * the first of `inputSchema`, `input_schema` and a flat Responses tool's
 * `parameters` that is there.
 * @param {Tool} tool
 */
function parametersOf(tool) {
  if (isRecord(tool.function)) return tool.function.parameters;
  if (tool.inputSchema !== undefined) return tool.inputSchema;
  return tool.input_schema !== undefined ? tool.input_schema : tool.parameters;
}

// Tool rows cross into wasm as UTF-8 text (see src/wasm/decode.rs): rows
// end with ROW, fields are separated by FIELD, list items end with ITEM, ABSENT
// stands for null, and inside strings each of these five characters is
// written as ESCAPE plus the character 0x40 higher.
const ROW = "\u0000";
const FIELD = "\u0001";
const ITEM = "\u0002";
const ABSENT = "\u0003";
const ESCAPE = "\u0004";
const FRAMING = /[\u0000-\u0004]/;
const FRAMING_ALL = /[\u0000-\u0004]/g;
/** @param {string} c */
const escapeFraming = (c) => ESCAPE + String.fromCharCode(0x40 + c.charCodeAt(0));
/** @param {string} text */
const plain = (text) => (FRAMING.test(text) ? text.replace(FRAMING_ALL, escapeFraming) : text);

/**
 * What the enhanced ranking reads of each property, flat, three slots each:
 * its description, its enum, and the enum's items as read now (null for no
 * list): an enum edited in place is told from the copy.
 * @param {Record<string, unknown>} properties
 * @param {string[]} keys
 * @returns {unknown[]}
 */
function paramParts(properties, keys) {
  const parts = new Array(3 * keys.length);
  for (let i = 0; i < keys.length; i++) {
    const property = properties[keys[i]];
    const values = isRecord(property) ? property.enum : undefined;
    parts[3 * i] = isRecord(property) ? property.description : undefined;
    parts[3 * i + 1] = values;
    parts[3 * i + 2] = isList(values) ? itemsOf(values) : null;
  }
  return parts;
}

/**
 * The items of a list, up to ENUM_ITEMS_MAX or a read that throws (a hostile list: what was read).
 * @param {unknown[]} list
 */
function itemsOf(list) {
  /** @type {unknown[]} */
  const items = [];
  try {
    const length = Math.min(list.length, ENUM_ITEMS_MAX);
    for (let k = 0; k < length; k++) items.push(list[k]);
  } catch {
    // keep what was read
  }
  return items;
}

/**
 * The parts of a definition that search and listing read, mirroring
 * `ToolDef::read` in src/session/tooldef.rs, with the objects they came from;
 * `params` (see paramParts) only when `withParams`.
 * @param {Tool} tool
 * @param {boolean} withParams
 * @returns {View}
 */
export function snapshot(tool, withParams) {
  const fn = tool.function;
  const block = isRecord(fn) ? fn : tool;
  const parameters = parametersOf(tool);
  const properties = isRecord(parameters) ? parameters.properties : undefined;
  const required = isRecord(parameters) ? parameters.required : undefined;
  const keys = isRecord(properties) ? Object.keys(properties) : [];
  const meta = withParams ? tool._meta : undefined;
  const keywords = isRecord(meta) ? meta[KEYWORDS_META] : undefined;
  return {
    fn,
    parameters,
    properties,
    required,
    name: block.name,
    description: block.description,
    keys,
    requiredItems: isList(required) ? required.slice() : [],
    params: withParams ? paramParts(isRecord(properties) ? properties : {}, keys) : null,
    meta,
    keywords,
    keywordItems: isList(keywords) ? itemsOf(/** @type {unknown[]} */ (keywords)) : null,
  };
}

/**
 * `ToolDef::keywords`: the strings of a tool's keywords (one, or a list's),
 * each ended by a line break, at most about KEYWORDS_UNITS before the engine
 * clips them exactly.
 * @param {View} snap
 */
function keywordText(snap) {
  const items = snap.keywordItems ?? [snap.keywords];
  let text = "";
  for (let k = 0; k < items.length && text.length < KEYWORDS_UNITS; k++) {
    const item = items[k];
    if (typeof item === "string") text += item.slice(0, KEYWORDS_UNITS) + "\n";
  }
  return text;
}

/**
 * `ToolDef::param_text`: each description, then each string enum value, one per line.
 * @param {unknown[] | null} params see paramParts
 */
function paramText(params) {
  let text = "";
  for (let i = 0; params !== null && i < params.length; i += 3) {
    const description = params[i];
    if (typeof description === "string") text += description + "\n";
    const items = /** @type {unknown[] | null} */ (params[i + 2]);
    for (let k = 0; items !== null && k < items.length; k++) if (typeof items[k] === "string") text += items[k] + "\n";
  }
  return text;
}

/**
 * True while `tool` still reads as `snap`. Allocates one key list at most.
 * @param {Tool} tool
 * @param {View} snap
 */
export function isFresh(tool, snap) {
  const fn = tool.function;
  const parameters = parametersOf(tool);
  if (fn !== snap.fn || parameters !== snap.parameters) return false;
  const block = isRecord(fn) ? fn : tool;
  if (block.name !== snap.name || block.description !== snap.description) return false;
  if (!isRecord(parameters)) return true;
  const properties = parameters.properties;
  const required = parameters.required;
  if (properties !== snap.properties || required !== snap.required) return false;
  if (isRecord(properties) && !sameList(Object.keys(properties), snap.keys)) return false;
  if (isList(required) && !sameList(required, snap.requiredItems)) return false;
  // The enhanced ranking reads the search-only keywords too.
  if (snap.params !== null && !freshKeywords(tool, snap)) return false;
  // Properties that are no record have no keys: nothing more to compare.
  if (snap.params === null || !isRecord(properties)) return true;
  for (let i = 0; i < snap.keys.length; i++) {
    const property = properties[snap.keys[i]];
    const description = snap.params[3 * i];
    const values = snap.params[3 * i + 1];
    const items = snap.params[3 * i + 2];
    if (!isRecord(property)) {
      if (description !== undefined || values !== undefined) return false;
    } else if (property.description !== description || property.enum !== values) {
      return false;
    } else if (items !== null && !sameItems(/** @type {unknown[]} */ (values), /** @type {unknown[]} */ (items))) {
      return false;
    }
  }
  return true;
}

/**
 * True while `tool`'s `_meta` and search-only keywords still read as `snap`'s.
 * @param {Tool} tool
 * @param {View} snap
 */
function freshKeywords(tool, snap) {
  const meta = tool._meta;
  if (meta !== snap.meta) return false;
  if (!isRecord(meta)) return true;
  const keywords = meta[KEYWORDS_META];
  if (keywords !== snap.keywords) return false;
  return snap.keywordItems === null || sameItems(/** @type {unknown[]} */ (keywords), snap.keywordItems);
}

/**
 * One row of the string the engine interns (see ROW). Built by concatenation,
 * with no arrays or closures: this runs once per tool in a fresh process, in
 * V8's first tiers, where that halves the cost of the catalog's rows.
 * @param {View | null} snap
 * @param {string | null} toolset
 * @param {string | null} owner
 */
export function toolRow(snap, toolset, owner) {
  const framed = textField(toolset) + FIELD + textField(owner) + FIELD;
  if (snap === null) return FIELD + ABSENT + FIELD + FIELD + FIELD + framed + FIELD + ROW;
  const name = typeof snap.name === "string" ? plain(snap.name) : "";
  const head = name + FIELD + textField(snap.description) + FIELD;
  const texts = plain(paramText(snap.params)) + FIELD + plain(keywordText(snap));
  // ABSENT keys: no schema in any place a shape keeps one (`ToolDef::schema_missing`).
  const keys = isRecord(snap.fn) || isRecord(snap.parameters) ? listField(snap.keys) : ABSENT;
  return head + keys + FIELD + listField(snap.requiredItems) + FIELD + framed + texts + ROW;
}

/**
 * A string field, or ABSENT for anything else.
 * @param {unknown} value
 */
function textField(value) {
  return typeof value === "string" ? plain(value) : ABSENT;
}

/**
 * The strings of a list, each ended by ITEM (so that [""] is told from []).
 * @param {unknown[]} items
 */
function listField(items) {
  let field = "";
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item === "string") field += plain(item) + ITEM;
  }
  return field;
}

/**
 * True while `list` still holds `items` (as itemsOf read them; NaN equals NaN).
 * @param {unknown[]} list
 * @param {unknown[]} items
 */
function sameItems(list, items) {
  const length = Math.min(list.length, ENUM_ITEMS_MAX);
  if (length !== items.length) return false;
  for (let k = 0; k < length; k++) if (!Object.is(list[k], items[k])) return false;
  return true;
}

/**
 * True when both lists hold the same items in the same order.
 * @param {unknown[]} a
 * @param {unknown[]} b
 */
function sameList(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
