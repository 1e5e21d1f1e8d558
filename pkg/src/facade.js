// The public ToolSearch class over the raw wasm engine. This file is the body
// shared by the Node and web entries: scripts/build.sh wraps it with the
// loading code of each target. It only moves data: every decision of the spec
// is made in Rust.
//
// Speed: an agent passes a freshly built `tools` array of the same tool
// objects every turn. Sending 1,873 whole schemas into wasm each turn would
// cost milliseconds, so only what search reads crosses (name, description,
// property names, required names, and for the enhanced ranking the property
// descriptions and enumerated values: the "view"), and each tool object is
// remembered (WeakMap) with the id its view was interned under. A remembered
// tool is re-read every call and re-sent only when its view, the objects the
// view came from, its toolset or its owner changed. Whole schemas are read
// live from the host's objects whenever describe or call needs them.

function createToolSearch(raw) {
  "use strict";

  /** Extra interned tools allowed beyond the session before the memo resets. */
  const INTERN_SLACK = 4096;
  /** The largest count the engine takes (u32); the engine clamps further. */
  const COUNT_MAX = 0xffffffff;
  /** An id the engine reads as a nameless tool. */
  const UNKNOWN_ID = 0xffffffff;

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

  /** The definition's parameters schema, as the engine reads it. */
  function parametersOf(tool) {
    if (isRecord(tool.function)) return tool.function.parameters;
    return tool.inputSchema !== undefined ? tool.inputSchema : tool.input_schema;
  }

  // Tool rows cross into wasm as UTF-8 text (see src/wasm/decode.rs): rows
  // end with ROW, fields are separated by FIELD, list items by ITEM, ABSENT
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
  const escapeFraming = (c) => ESCAPE + String.fromCharCode(0x40 + c.charCodeAt(0));
  const plain = (text) => (FRAMING.test(text) ? text.replace(FRAMING_ALL, escapeFraming) : text);

  /** Each property's description and enum, flat: what the enhanced ranking reads. */
  function paramParts(properties, keys) {
    const parts = new Array(2 * keys.length);
    for (let i = 0; i < keys.length; i++) {
      const property = properties[keys[i]];
      parts[2 * i] = isRecord(property) ? property.description : undefined;
      parts[2 * i + 1] = isRecord(property) ? property.enum : undefined;
    }
    return parts;
  }

  /**
   * The parts of a definition that search and listing read, mirroring
   * `ToolDef::read` in src/session/tooldef.rs, with the objects they came from;
   * `params` (see paramParts) only when `withParams`.
   */
  function snapshot(tool, withParams) {
    const fn = tool.function;
    const block = isRecord(fn) ? fn : tool;
    const parameters = parametersOf(tool);
    const properties = isRecord(parameters) ? parameters.properties : undefined;
    const required = isRecord(parameters) ? parameters.required : undefined;
    const keys = isRecord(properties) ? Object.keys(properties) : [];
    return {
      fn,
      parameters,
      properties,
      required,
      name: block.name,
      description: block.description,
      keys,
      requiredItems: isList(required) ? required.slice() : [],
      params: withParams ? paramParts(properties, keys) : null,
    };
  }

  /** `ToolDef::param_text`: each description, then each string enum value, one per line. */
  function paramText(params) {
    let text = "";
    for (let i = 0; params !== null && i < params.length; i += 2) {
      const [description, values] = [params[i], params[i + 1]];
      if (typeof description === "string") text += description + "\n";
      for (const value of stringItems(values) ?? []) text += value + "\n";
    }
    return text;
  }

  /** True while `tool` still reads as `snap`. Allocates one key list at most. */
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
    if (snap.params === null) return true;
    for (let i = 0; i < snap.keys.length; i++) {
      const property = properties[snap.keys[i]];
      if (!isRecord(property)) {
        if (snap.params[2 * i] !== undefined || snap.params[2 * i + 1] !== undefined) return false;
      } else if (property.description !== snap.params[2 * i] || property.enum !== snap.params[2 * i + 1]) {
        return false;
      }
    }
    return true;
  }

  /** One row of the string the engine interns (see ROW). */
  function toolRow(snap, toolset, owner) {
    const text = (value) => (typeof value === "string" ? plain(value) : ABSENT);
    const list = (items) => items.filter((item) => typeof item === "string").map(plain).join(ITEM);
    if (snap === null) return ["", ABSENT, "", "", text(toolset), text(owner), ""].join(FIELD) + ROW;
    const name = typeof snap.name === "string" ? plain(snap.name) : "";
    const fields = [name, text(snap.description), list(snap.keys), list(snap.requiredItems), text(toolset), text(owner)];
    return [...fields, plain(paramText(snap.params))].join(FIELD) + ROW;
  }

  function sameList(a, b) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  const SURROGATE_PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

  /** Code points of `value` as compact JSON. */
  function jsonChars(value) {
    const text = jsonText(value, "null");
    const pairs = text.match(SURROGATE_PAIRS);
    return text.length - (pairs === null ? 0 : pairs.length);
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

  /** The message of a thrown value, never throwing itself. */
  function thrownMessage(error) {
    try {
      if (error !== null && typeof error === "object" && typeof error.message === "string") return error.message;
      return String(error);
    } catch {
      return "unreadable error";
    }
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

  class ToolSearch {
    #engine;
    #memo = new WeakMap();
    /** The enhanced ranking also reads property descriptions and enums. */
    #withParams = false;

    /** See API.md: never throws on bad configuration. */
    constructor(options) {
      const host = withSafeEmbed(isRecord(options) && isRecord(field(options, "host")) ? field(options, "host") : {});
      this.#engine = new raw.Engine(optionsText(options), host);
      this.#withParams = this.config.ranking === "enhanced";
    }

    /** The resolved configuration (spec §2). */
    get config() {
      return JSON.parse(this.#engine.configJson());
    }

    /**
     * The model-visible tool array (spec §4): visible tools as the host's own
     * objects, then the three bridge tools in `options.format`.
     */
    assemble(session, options) {
      const s = this.#session(session);
      const o = isRecord(options) ? options : {};
      const [askedLength, askedFormat] = [field(o, "contextLength"), field(o, "format")];
      const contextLength = typeof askedLength === "number" ? askedLength : NaN;
      const format = typeof askedFormat === "string" ? askedFormat : "openai";
      const sizes = this.#sizes(s.tools);
      const [recordText, bridgeText] = this.#engine.assemble(
        s.ids, s.tools, s.toolsets, s.declared, sizes, contextLength, format,
      );
      const record = JSON.parse(recordText);
      const tools = record.visible.map((i) => s.tools[i]);
      for (const bridge of JSON.parse(bridgeText)) tools.push(bridge);
      return {
        tools,
        activated: record.activated,
        tier: record.tier,
        listingForm: record.listingForm,
        deferredCount: record.deferredCount,
        deferredTokens: record.deferredTokens,
        thresholdTokens: record.thresholdTokens,
        warnings: record.warnings,
      };
    }

    /** tool_search (spec §8): the JSON text the model sees. */
    async toolSearch(args, session, ctx) {
      const s = this.#session(session);
      return this.#engine.toolSearch(argsText(args), s.ids, s.tools, s.toolsets, s.declared, contextOf(ctx));
    }

    /** tool_describe (spec §9): the JSON text the model sees. */
    async toolDescribe(args, session, ctx) {
      const s = this.#session(session);
      return this.#engine.toolDescribe(argsText(args), s.ids, s.tools, s.toolsets, s.declared, contextOf(ctx));
    }

    /** manage_connections (spec §11.11): the JSON text the model sees. */
    async manageConnections(args, session, ctx) {
      const s = this.#session(session);
      return this.#engine.manageConnections(argsText(args), s.ids, s.tools, s.toolsets, s.declared, contextOf(ctx));
    }

    /** The manage_connections tool definition, in `format` ("openai" by default). */
    manageConnectionsTool(format) {
      return JSON.parse(this.#engine.manageConnectionsTool(typeof format === "string" ? format : "openai"));
    }

    /** What a tool_call means (spec §10.1-10.3); pure, nothing runs. */
    resolveToolCall(args, session) {
      const s = this.#session(session);
      return JSON.parse(this.#engine.resolveToolCall(argsText(args), s.ids, s.tools, s.toolsets, s.declared));
    }

    /** tool_call (spec §10.4-10.5): resolve, scope, validate, run through host.executeTool. */
    async toolCall(args, session, ctx) {
      const s = this.#session(session);
      return this.#engine.toolCall(argsText(args), s.ids, s.tools, s.toolsets, s.declared, contextOf(ctx));
    }

    /** Runs a bridge tool by name; resolves to null for any other name. */
    async handle(name, args, session, ctx) {
      const s = this.#session(session);
      return this.#engine.handle(
        typeof name === "string" ? name : "", argsText(args), s.ids, s.tools, s.toolsets, s.declared, contextOf(ctx),
      );
    }

    /**
     * Why tools rank as they do for `query` (spec §6): tokens, gate, floor, and
     * per tool its verdict, score and each query term's contribution. Explains
     * the top `options.limit` (default 10) tools, or the tools `options.names`.
     */
    explain(query, session, options) {
      const s = this.#session(session);
      const o = isRecord(options) ? options : {};
      const names = jsonText(stringItems(field(o, "names")), "null");
      const asked = field(o, "limit");
      const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, COUNT_MAX) : 10;
      const text = typeof query === "string" ? query : "";
      return JSON.parse(this.#engine.explain(text, names, limit, s.ids, s.tools, s.toolsets, s.declared));
    }

    /**
     * Session parts for one MCP server's `tools/list` result: tools named
     * `mcp__<server>__<tool>` in toolset `mcp-<server>`, `origins` mapping
     * each name back to `{server, tool}` for routing calls, and `warnings`.
     * Names in `taken` (other servers' imports) are never reused.
     */
    static fromMcp(serverName, listToolsResult, taken) {
      const server = typeof serverName === "string" ? serverName : thrownMessage(serverName ?? "");
      const list = isList(listToolsResult) ? listToolsResult : field(listToolsResult ?? {}, "tools");
      const texts = [];
      try {
        for (const tool of isList(list) ? list : []) texts.push(isRecord(tool) ? argsText(tool) : "null");
      } catch {
        // a hostile list: import what was read
      }
      return JSON.parse(raw.fromMcp(server, texts, takenNames(taken)));
    }

    /**
     * One session from several MCP servers' `tools/list` results, keyed by
     * server name: `fromMcp` for each in turn, so no two tools share a name,
     * with every server's toolsets, origins and warnings merged.
     */
    static fromMcpServers(servers) {
      const session = { tools: [], toolsets: {}, origins: {}, warnings: [] };
      if (!isRecord(servers)) return session;
      let names = [];
      try {
        names = Object.keys(servers);
      } catch {
        // a revoked proxy: no servers
      }
      for (const name of names) {
        const imported = ToolSearch.fromMcp(name, field(servers, name), session.tools);
        session.tools.push(...imported.tools);
        Object.assign(session.toolsets, imported.toolsets);
        Object.assign(session.origins, imported.origins);
        session.warnings.push(...imported.warnings);
      }
      return session;
    }

    /** Releases the wasm memory now instead of at garbage collection. */
    free() {
      this.#engine.free();
    }

    [Symbol.dispose]() {
      this.free();
    }

    #session(session) {
      if (!isRecord(session)) {
        throw new TypeError(`toolsearch: session must be an object, got ${typeName(session)}`);
      }
      const listed = field(session, "tools");
      // A plain copy: a proxy or getter in the host's list is read once, here.
      let tools = [];
      try {
        if (isList(listed)) tools = Array.prototype.slice.call(listed);
      } catch {
        // unreadable: no tools
      }
      const toolsets = isRecord(field(session, "toolsets")) ? field(session, "toolsets") : null;
      const owners = isRecord(field(session, "owners")) ? field(session, "owners") : null;
      let ids = this.#ids(tools, toolsets, owners);
      if (this.#engine.interned() > INTERN_SLACK + 4 * tools.length) {
        this.#engine.clear();
        this.#memo = new WeakMap();
        ids = this.#ids(tools, toolsets, owners);
      }
      const declared = isList(field(session, "declaredSources"))
        ? jsonText(field(session, "declaredSources"), "[]")
        : "[]";
      return { ids, tools, toolsets, declared };
    }

    /**
     * Compact JSON length of each tool (token estimates, §4.2), remembered
     * with the tool's view: a change deep inside a schema that leaves the
     * view alone keeps the old length until the tool object is replaced.
     */
    #sizes(tools) {
      const sizes = new Uint32Array(tools.length);
      for (let i = 0; i < tools.length; i++) {
        const known = isRecord(tools[i]) ? this.#memo.get(tools[i]) : undefined;
        if (known === undefined) {
          sizes[i] = jsonChars(tools[i]);
        } else {
          if (known.chars === undefined) known.chars = jsonChars(tools[i]);
          sizes[i] = known.chars;
        }
      }
      return sizes;
    }

    /** Ids of the tools; changed or new ones are interned in one engine call. */
    #ids(tools, toolsets, owners) {
      const ids = new Uint32Array(tools.length);
      const pending = [];
      for (let i = 0; i < tools.length; i++) {
        const tool = tools[i];
        const known = isRecord(tool) ? this.#memo.get(tool) : undefined;
        try {
          if (known !== undefined && isFresh(tool, known.snap)) {
            const name = typeof known.snap.name === "string" ? known.snap.name : "";
            if (known.toolset === ownString(toolsets, name) && known.owner === ownString(owners, name)) {
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
      const snaps = [];
      const rows = pending.map((i) => {
        let snap = null;
        try {
          snap = isRecord(tools[i]) ? snapshot(tools[i], this.#withParams) : null;
        } catch {
          // unreadable: a nameless tool
        }
        snaps.push(snap);
        const name = snap !== null && typeof snap.name === "string" ? snap.name : "";
        const toolset = ownString(toolsets, name);
        const owner = ownString(owners, name);
        return { toolset, owner, row: toolRow(snap, toolset, owner) };
      });
      const got = this.#engine.internAll(utf8.encode(rows.map((r) => r.row).join("")));
      for (let k = 0; k < pending.length; k++) {
        const id = k < got.length ? got[k] : UNKNOWN_ID;
        ids[pending[k]] = id;
        const snap = snaps[k];
        if (snap !== null) {
          this.#memo.set(tools[pending[k]], { id, toolset: rows[k].toolset, owner: rows[k].owner, snap });
        }
      }
      return ids;
    }
  }

  /** Stemmed tokens of `text` (spec §5.4). */
  function tokenize(text) {
    return raw.tokenize(typeof text === "string" ? text : "");
  }

  /** The package version. */
  function version() {
    return raw.version();
  }

  return { ToolSearch, tokenize, version };
}
