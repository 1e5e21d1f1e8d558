// Tool views: what search and listing read of each tool, remembered per tool
// object so that an unchanged catalog crosses into wasm as ids alone.
//
// Speed: an agent passes a freshly built `tools` array of the same tool
// objects every turn. Sending 1,873 whole schemas into wasm each turn would
// cost milliseconds, so only what search reads crosses (name, description,
// property names, required names, and for the enhanced ranking the property
// descriptions and enumerated values: the "view"), and each tool object is
// remembered (WeakMap) with the id its view was interned under. A remembered
// tool is re-read every call, unless it is frozen in every part its view reads
// (frozen.js), and re-sent only when its view, the objects the view came from,
// its toolset or its owner changed. Whole schemas are read live from the
// host's objects whenever describe or call needs them.

import { isFrozenList, isImmutableMap, isImmutableTool } from "./frozen.js";
import { ENUM_ITEMS_MAX, isList, isRecord, jsonText, ownString } from "./values.js";

/** @import { Engine } from "./entry/toolsearch.js" */

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
/**
 * A tool's interned view, as remembered per tool object.
 * @typedef {object} Interned
 * @property {number} id
 * @property {string} name the view's name, "" for none
 * @property {string | null} toolset
 * @property {string | null} owner
 * @property {NameMap | undefined} toolsetsIn the toolsets that cannot change in which `toolset` was last found (undefined for none)
 * @property {NameMap | undefined} ownersIn the same for `owner`
 * @property {View} snap
 * @property {boolean} immutable the tool cannot change (frozen.js): its view is never read again
 * @property {number} [chars] its compact JSON length, once asked for
 */
/** @typedef {Record<string, unknown> | null} NameMap a session's toolsets or owners */

/** The `_meta` key of a tool's search-only keywords (`ToolDef::keywords`). */
const KEYWORDS_META = "toolsearch/keywords";
/**
 * The most UTF-16 units of keywords sent per tool: twice the 1,000
 * characters the engine keeps, so that its exact clip comes first (and no
 * surrogate pair cut here reaches it).
 */
const KEYWORDS_UNITS = 2000;

/** Extra interned tools allowed beyond the session before the memo resets. */
const INTERN_SLACK = 4096;
/** An id the engine reads as a nameless tool. */
const UNKNOWN_ID = 0xffffffff;

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
const utf8 = new TextEncoder();
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
function snapshot(tool, withParams) {
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
 * True while `tool` still reads as `snap`. Allocates one key list at most.
 * @param {Tool} tool
 * @param {View} snap
 */
function isFresh(tool, snap) {
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
function toolRow(snap, toolset, owner) {
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

const SURROGATE_PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * Code points of `value` as compact JSON.
 * @param {unknown} value
 */
function jsonChars(value) {
  const text = jsonText(value, "null");
  const pairs = text.match(SURROGATE_PAIRS);
  return text.length - (pairs === null ? 0 : pairs.length);
}

/**
 * The views of one engine's tools: interned ids for a session's tool list,
 * with only new or changed tools sent, and their compact JSON lengths.
 */
export class ToolViews {
  /**
   * Returns the engine: read on each use, as it throws once the instance is freed.
   * @type {() => Engine}
   */
  #engine;
  /** @type {WeakMap<Tool, Interned>} */
  #memo = new WeakMap();
  /** Counts the times the engine forgot its tools: ids of an older epoch are void. */
  epoch = 0;
  /**
   * Frozen tools arrays already read, with the maps and epoch their ids were made under.
   * @type {WeakMap<unknown[], { toolsets: NameMap, owners: NameMap, epoch: number, ids: Uint32Array }>}
   */
  #frozen = new WeakMap();
  /**
   * Tools found immutable (see frozen.js): freezing is for ever.
   * @type {WeakSet<object>}
   */
  #immutable = new WeakSet();
  /**
   * Toolsets and owners maps found immutable (see frozen.js).
   * @type {WeakSet<object>}
   */
  #immutableMaps = new WeakSet();
  /**
   * Frozen tools arrays found to hold something that can change: read as any other list.
   * @type {WeakSet<unknown[]>}
   */
  #mutable = new WeakSet();
  /** The largest prepared session: the engine keeps room for it beside any other. */
  #kept = 0;
  /**
   * The enhanced ranking also reads property descriptions and enums.
   * @type {boolean}
   */
  #withParams;

  /**
   * @param {() => Engine} engine
   * @param {boolean} withParams
   */
  constructor(engine, withParams) {
    this.#engine = engine;
    this.#withParams = withParams;
  }

  /**
   * Ids of `tools`; changed or new ones are interned in one engine call.
   * When the engine holds far more tools than the session, it forgets them
   * all and the session's tools are interned afresh.
   * @param {unknown[]} tools
   * @param {NameMap} toolsets
   * @param {NameMap} owners
   * @returns {Uint32Array}
   */
  ids(tools, toolsets, owners) {
    const ids = this.#intern(tools, toolsets, owners);
    if (this.#engine().interned() <= INTERN_SLACK + 4 * (tools.length + this.#kept)) return ids;
    this.#engine().clear();
    this.#memo = new WeakMap();
    this.epoch++;
    return this.#intern(tools, toolsets, owners);
  }

  /**
   * Ids of a tools array that cannot change, trusted by its identity: a
   * frozen array of tools frozen in every part their views read, with
   * toolsets and owners frozen too, is read once; later turns with the same
   * array and maps reuse its ids while the engine keeps them, reading none
   * of its tools. Null for an array that can change (the caller reads it).
   * @param {unknown[]} tools
   * @param {NameMap} toolsets
   * @param {NameMap} owners
   * @returns {Uint32Array | null}
   */
  frozenIds(tools, toolsets, owners) {
    if (!this.#isLastingMap(toolsets) || !this.#isLastingMap(owners)) return null;
    const known = this.#frozen.get(tools);
    if (known !== undefined && known.toolsets === toolsets && known.owners === owners && known.epoch === this.epoch) {
      return known.ids;
    }
    if (this.#mutable.has(tools) || !Object.isFrozen(tools)) return null;
    const immutable =
      isFrozenList(tools) &&
      // Anything but a record reads as a nameless tool, whatever it holds.
      tools.every((tool) => !isRecord(tool) || this.#isImmutable(tool));
    if (!immutable) {
      this.#mutable.add(tools);
      return null;
    }
    const ids = this.ids(tools, toolsets, owners);
    this.#frozen.set(tools, { toolsets, owners, epoch: this.epoch, ids });
    return ids;
  }

  /**
   * The views `tools` were last read as (null for one read as nameless): a
   * prepared session keeps them, so that it can be interned again as it was
   * read after the engine forgot its tools.
   * @param {unknown[]} tools
   * @returns {(View | null)[]}
   */
  viewsOf(tools) {
    return tools.map((tool) => (isRecord(tool) ? this.#memo.get(tool)?.snap ?? null : null));
  }

  /**
   * Ids of tools as `viewsOf` read them, with their toolsets and owners from these maps.
   * @param {(View | null)[]} views
   * @param {NameMap} toolsets
   * @param {NameMap} owners
   * @returns {Uint32Array}
   */
  idsOfViews(views, toolsets, owners) {
    let text = "";
    for (const snap of views) {
      const name = snap !== null && typeof snap.name === "string" ? snap.name : "";
      text += toolRow(snap, ownString(toolsets, name), ownString(owners, name));
    }
    const got = this.#engine().internAll(utf8.encode(text));
    const ids = new Uint32Array(views.length).fill(UNKNOWN_ID);
    ids.set(got.subarray(0, views.length));
    return ids;
  }

  /**
   * Keeps room for a prepared session of `count` tools, so other sessions do not make the engine forget it.
   * @param {number} count
   */
  keep(count) {
    this.#kept = Math.max(this.#kept, count);
  }

  /**
   * Compact JSON length of each tool (token estimates, §4.2), remembered
   * with the tool's view: a change deep inside a schema that leaves the
   * view alone keeps the old length until the tool object is replaced.
   * @param {unknown[]} tools
   * @returns {Uint32Array}
   */
  sizes(tools) {
    const sizes = new Uint32Array(tools.length);
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[i];
      const known = isRecord(tool) ? this.#memo.get(tool) : undefined;
      if (known === undefined) {
        sizes[i] = jsonChars(tools[i]);
      } else {
        if (known.chars === undefined) known.chars = jsonChars(tools[i]);
        sizes[i] = known.chars;
      }
    }
    return sizes;
  }

  /**
   * True when `map` (toolsets or owners) is absent or cannot change (see frozen.js), remembered.
   * @param {NameMap} map
   */
  #isLastingMap(map) {
    if (map === null) return true;
    if (this.#immutableMaps.has(map)) return isUnrevoked(map);
    if (!isImmutableMap(map)) return false;
    this.#immutableMaps.add(map);
    return true;
  }

  /**
   * True when nothing `tool`'s view reads can change (see frozen.js), remembered.
   * @param {object} tool
   */
  #isImmutable(tool) {
    if (this.#immutable.has(tool)) return true;
    if (!isImmutableTool(tool)) return false;
    this.#immutable.add(tool);
    return true;
  }

  /**
   * True when `tool` cannot change and still reads as `snap`, read just
   * before it was found immutable: it will read so for ever.
   * @param {Tool} tool
   * @param {View} snap
   */
  #staysAsRead(tool, snap) {
    try {
      return this.#isImmutable(tool) && isFresh(tool, snap);
    } catch {
      // a proxy that throws: read it every call
      return false;
    }
  }

  /**
   * Ids of `tools`, interning those new or changed since they were last read.
   * @param {unknown[]} tools
   * @param {NameMap} toolsets
   * @param {NameMap} owners
   * @returns {Uint32Array}
   */
  #intern(tools, toolsets, owners) {
    const ids = new Uint32Array(tools.length);
    // Maps that cannot change need not be looked up again for a tool found in them.
    const lasting = this.#isLastingMap(toolsets) && this.#isLastingMap(owners);
    /** @type {number[]} */
    const pending = [];
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[i];
      const known = isRecord(tool) ? this.#memo.get(tool) : undefined;
      // `known` implies that `tool` is a record: only records are remembered.
      try {
        if (known !== undefined && (known.immutable || isFresh(/** @type {Tool} */ (tool), known.snap))) {
          if (lasting && known.toolsetsIn === toolsets && known.ownersIn === owners) {
            ids[i] = known.id;
            continue;
          }
          if (known.toolset === ownString(toolsets, known.name) && known.owner === ownString(owners, known.name)) {
            if (lasting) {
              known.toolsetsIn = toolsets;
              known.ownersIn = owners;
            }
            ids[i] = known.id;
            continue;
          }
        }
      } catch {
        // a getter or proxy threw: read the tool again below
      }
      pending.push(i);
    }
    if (pending.length === 0) return ids;
    /** @type {(View | null)[]} */
    const snaps = [];
    let text = "";
    const rows = pending.map((i) => {
      const tool = tools[i];
      /** @type {View | null} */
      let snap = null;
      try {
        snap = isRecord(tool) ? snapshot(tool, this.#withParams) : null;
      } catch {
        // unreadable: a nameless tool
      }
      if (snap === null && isRecord(tool)) this.#memo.delete(tool);
      snaps.push(snap);
      const name = snap !== null && typeof snap.name === "string" ? snap.name : "";
      const toolset = ownString(toolsets, name);
      const owner = ownString(owners, name);
      text += toolRow(snap, toolset, owner);
      return { name, toolset, owner };
    });
    const got = this.#engine().internAll(utf8.encode(text));
    for (let k = 0; k < pending.length; k++) {
      const id = k < got.length ? got[k] : UNKNOWN_ID;
      ids[pending[k]] = id;
      const snap = snaps[k];
      const tool = tools[pending[k]];
      if (snap !== null && isRecord(tool)) {
        const immutable = this.#staysAsRead(tool, snap);
        const { name, toolset, owner } = rows[k];
        const toolsetsIn = lasting ? toolsets : undefined;
        const ownersIn = lasting ? owners : undefined;
        this.#memo.set(tool, { id, name, toolset, owner, toolsetsIn, ownersIn, snap, immutable });
      }
    }
    return ids;
  }
}
