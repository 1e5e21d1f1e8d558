// The ids of one engine's tools: the one owner of the caches the package
// keeps by identity for an engine, and of their step with its interner.
//
// The engine interns tool rows (views.js writes them): equal rows share an
// id, an id is a place in the engine's interner, and `clear` empties it. A
// call passes its session as ids. So that an unchanged catalog crosses as ids
// alone, this class remembers, by identity (WeakMap):
//
// - per tool object (#memo): the view it was read as, the id, toolset and
//   owner its row was interned with, and its compact JSON length;
// - per frozen tools array (#frozen): its ids and the maps they were made with;
// - per prepared session (#pins): the session as read at `prepare` (its maps
//   copied), the views of its tools, and its ids.
//
// frozen.js remembers, for every instance, which host values cannot change
// (freezing cannot be undone); nothing there depends on an engine.
//
// When an entry is trusted:
// - a tool's, when the tool cannot change (found immutable just after its
//   view was read) or still reads as its view on this call (views.js
//   `isFresh`), and its toolset and owner are this call's: looked up again,
//   unless both maps are the lasting ones it was last found in;
// - a frozen array's, when it holds only tools that cannot change, and this
//   call's toolsets and owners are the maps its ids were made with and both
//   are lasting (absent, or immutable and no proxy revoked since);
// - a pin's, always: a prepared session keeps what its tools were.
//
// What voids them: a tool that no longer reads as its view, or is met with
// another toolset or owner, is read and interned again (its old row stays in
// the engine). The engine forgetting its tools (#forget, once it holds far
// more than a call's tools and the largest prepared session) voids every id.
//
// Invariant: every id passed to the engine was given by its interner since
// its last `clear`. Only #forget clears it, and in the same step it drops
// #memo and counts the clear in #epoch (private: nothing else moves it); an
// entry of #frozen or #pins keeps the epoch of its ids, and one of an older
// epoch is made again: a frozen array's from its tools, a pin's from its
// views (never from the host's objects, which may have changed since).
import { isImmutableList, isImmutableTool, isLastingMap } from "./frozen.js";
import { isList, isRecord, jsonText, ownCopy, ownString } from "./values.js";
import { isFresh, snapshot, toolRow } from "./views.js";

/** @import { Engine, SessionValue } from "./entry/toolsearch.js" */
/** @import { Tool, View } from "./views.js" */

/** @typedef {Record<string, unknown> | null} NameMap a session's toolsets or owners */
/**
 * A session as one call reads it: what the engine reads, and the owners its rows were made with.
 * @typedef {SessionValue & { owners: NameMap }} Read
 */
/**
 * A tool's interned view, as remembered per tool object.
 * @typedef {object} Interned
 * @property {number} id
 * @property {string} name the view's name, "" for none
 * @property {string | null} toolset
 * @property {string | null} owner
 * @property {NameMap | undefined} toolsetsIn the lasting toolsets map in which `toolset` was last found (undefined for none)
 * @property {NameMap | undefined} ownersIn the same for `owner`
 * @property {View} snap
 * @property {boolean} immutable the tool cannot change (frozen.js): its view is never read again
 * @property {number} [chars] its compact JSON length, once asked for
 */
/**
 * A prepared session: read once, with the views its tools were read as and the epoch of its ids.
 * @typedef {Read & { views: (View | null)[], epoch: number }} Pin
 */

/** Extra interned tools allowed beyond a call's tools and the largest pin before the engine forgets them. */
const INTERN_SLACK = 4096;
/** An id the engine reads as a nameless tool. */
const UNKNOWN_ID = 0xffffffff;
/** Every prepared session of every instance, so that another instance's is told from a plain object. */
const pinnedAnywhere = new WeakSet();
const utf8 = new TextEncoder();
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

/** The ids of one engine's tools (see the top of this file). */
export class ToolIds {
  /**
   * Returns the engine: read on each use, as it throws once the instance is freed.
   * @type {() => Engine}
   */
  #engine;
  /**
   * The enhanced ranking also reads property descriptions and enums.
   * @type {boolean}
   */
  #withParams;
  /** The times the engine forgot its tools: ids of an older epoch are void. */
  #epoch = 0;
  /** @type {WeakMap<Tool, Interned>} */
  #memo = new WeakMap();
  /**
   * Frozen tools arrays already read, with the maps and epoch their ids were made under.
   * @type {WeakMap<unknown[], { toolsets: NameMap, owners: NameMap, epoch: number, ids: Uint32Array }>}
   */
  #frozen = new WeakMap();
  /**
   * Prepared sessions of this instance, by the handle a host passes.
   * @type {WeakMap<object, Pin>}
   */
  #pins = new WeakMap();
  /** The largest prepared session: the engine keeps room for it beside any call's tools. */
  #kept = 0;

  /**
   * @param {() => Engine} engine
   * @param {boolean} withParams
   */
  constructor(engine, withParams) {
    this.#engine = engine;
    this.#withParams = withParams;
  }

  /**
   * The tools of a session's `tools` value, and their ids. A frozen array of
   * tools that cannot change is taken as it is, trusted by identity (see
   * #frozenIds); any other list is copied, so that a proxy or getter in it
   * is read once, here; anything else holds no tools.
   * @param {unknown} listed
   * @param {NameMap} toolsets
   * @param {NameMap} owners
   * @returns {{ tools: unknown[], ids: Uint32Array }}
   */
  read(listed, toolsets, owners) {
    const frozen = isList(listed) ? this.#frozenIds(listed, toolsets, owners) : null;
    if (frozen !== null) return { tools: /** @type {unknown[]} */ (listed), ids: frozen };
    /** @type {unknown[]} */
    let tools = [];
    try {
      if (isList(listed)) tools = Array.prototype.slice.call(listed);
    } catch {
      // unreadable: no tools
    }
    return { tools, ids: this.#ids(tools, toolsets, owners) };
  }

  /**
   * A session read afresh, prepared: the handle a host passes in its place.
   * Its maps are copied, and the views of its tools kept, so that it can be
   * interned again as it was read after the engine forgot its tools.
   * @param {Read} read
   * @returns {object}
   */
  pin(read) {
    const views = read.tools.map((tool) => (isRecord(tool) ? this.#memo.get(tool)?.snap ?? null : null));
    const handle = Object.freeze({ size: read.tools.length });
    this.#pins.set(handle, { ...read, toolsets: ownCopy(read.toolsets), owners: ownCopy(read.owners), views, epoch: this.#epoch });
    pinnedAnywhere.add(handle);
    this.#kept = Math.max(this.#kept, read.tools.length);
    return handle;
  }

  /**
   * True for a prepared session of this instance, false for any other value
   * (a TypeError for another instance's, see #pinOf).
   * @param {unknown} session
   * @returns {session is object}
   */
  isPinned(session) {
    return this.#pinOf(session) !== undefined;
  }

  /**
   * What the engine reads of a prepared session of this instance, its ids
   * interned again if the engine has forgotten them; undefined for any other
   * value (a TypeError for another instance's, see #pinOf).
   * @param {unknown} session
   * @returns {SessionValue | undefined}
   */
  pinned(session) {
    const pin = this.#pinOf(session);
    if (pin === undefined) return undefined;
    if (pin.epoch !== this.#epoch) {
      pin.ids = this.#idsOfViews(pin.views, pin.toolsets, pin.owners);
      pin.epoch = this.#epoch;
    }
    return { ids: pin.ids, tools: pin.tools, toolsets: pin.toolsets, declared: pin.declared };
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
   * The pin of a prepared session of this instance; undefined for any other
   * value, and a TypeError for another instance's.
   * @param {unknown} session
   */
  #pinOf(session) {
    if (!isRecord(session)) return undefined;
    const pin = this.#pins.get(session);
    if (pin === undefined && pinnedAnywhere.has(session)) {
      throw new TypeError("toolsearch: this prepared session belongs to another ToolSearch; prepare it with this one");
    }
    return pin;
  }

  /** Empties the engine's interner, and with it every id handed out (see the invariant at the top). */
  #forget() {
    this.#engine().clear();
    this.#memo = new WeakMap();
    this.#epoch++;
  }

  /**
   * Ids of `tools`; changed or new ones are interned in one engine call.
   * When the engine holds far more tools than the call and the largest pin,
   * it forgets them all and the call's tools are interned afresh.
   * @param {unknown[]} tools
   * @param {NameMap} toolsets
   * @param {NameMap} owners
   * @returns {Uint32Array}
   */
  #ids(tools, toolsets, owners) {
    const ids = this.#intern(tools, toolsets, owners);
    if (this.#engine().interned() <= INTERN_SLACK + 4 * (tools.length + this.#kept)) return ids;
    this.#forget();
    return this.#intern(tools, toolsets, owners);
  }

  /**
   * Ids of a tools array that cannot change, trusted by its identity: a
   * frozen array of tools frozen in every part their views read, with
   * toolsets and owners frozen too, is read once; later calls with the same
   * array and maps reuse its ids in the same epoch, reading none of its
   * tools. Null for an array that can change (the caller copies it).
   * @param {unknown[]} tools
   * @param {NameMap} toolsets
   * @param {NameMap} owners
   * @returns {Uint32Array | null}
   */
  #frozenIds(tools, toolsets, owners) {
    if (!isLastingMap(toolsets) || !isLastingMap(owners)) return null;
    const known = this.#frozen.get(tools);
    if (known !== undefined && known.toolsets === toolsets && known.owners === owners && known.epoch === this.#epoch) {
      return known.ids;
    }
    if (!isImmutableList(tools)) return null;
    const ids = this.#ids(tools, toolsets, owners);
    this.#frozen.set(tools, { toolsets, owners, epoch: this.#epoch, ids });
    return ids;
  }

  /**
   * Ids of tools as a pin's views read them, with their toolsets and owners from these maps.
   * @param {(View | null)[]} views
   * @param {NameMap} toolsets
   * @param {NameMap} owners
   * @returns {Uint32Array}
   */
  #idsOfViews(views, toolsets, owners) {
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
   * True when `tool` cannot change and still reads as `snap`, read just
   * before it was found immutable: it will read so for ever.
   * @param {Tool} tool
   * @param {View} snap
   */
  #staysAsRead(tool, snap) {
    try {
      return isImmutableTool(tool) && isFresh(tool, snap);
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
    const lasting = isLastingMap(toolsets) && isLastingMap(owners);
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
