// The public ToolSearch class over the raw wasm engine: it moves data and
// plumbs host callbacks, and every decision of the spec is made in Rust.
// createToolSearch binds it to one wasm-bindgen module; each entry of
// pkg/src/entry calls it with the module of its target and the loader of the
// argument validator, and scripts/entries.mjs bundles each entry with esbuild.

import {
  argsText,
  bytesOf,
  contextOf,
  field,
  isList,
  isRecord,
  jsonText,
  optionsText,
  ownCopy,
  recordField,
  stringItems,
  takenNames,
  thrownMessage,
  toolTexts,
  typeName,
  withSafeEmbed,
} from "./values.js";
import { ToolViews } from "./views.js";

/** @import { Engine, RawAnswer, SessionValue, Validate } from "./entry/toolsearch.js" */
/** @import { View, NameMap } from "./views.js" */
/** @import { Answer, Findability, McpImport } from "../toolsearch.js" */

/**
 * The exports of the library's wasm-bindgen module that the facade uses.
 * @typedef {Pick<typeof import("./entry/toolsearch.js"), "Engine" | "fromMcp" | "fromMcpServers" | "isReservedName" | "tokenize" | "version">} Raw
 */
/**
 * A session as one call reads it (see ToolSearch#session).
 * @typedef {SessionValue & { toolsets: NameMap, owners: NameMap, epoch: number }} ReadSession
 */
/**
 * A prepared session: read once, with the views its tools were read as.
 * @typedef {ReadSession & { views: (View | null)[] }} Prepared
 */
/**
 * What `Engine.assemble` says of the tool array, besides the bridges.
 * @typedef {object} AssemblyRecord
 * @property {number[]} visible positions of the visible tools in the session
 * @property {unknown} activated
 * @property {unknown} tier
 * @property {unknown} listingForm
 * @property {unknown} deferredCount
 * @property {unknown} deferredTokens
 * @property {unknown} thresholdTokens
 * @property {unknown} warnings
 */

/** The largest count the engine takes (u32); the engine clamps further. */
const COUNT_MAX = 0xffffffff;
/** Every prepared session of every instance (see ToolSearch.prepare). */
const preparedSessions = new WeakSet();

/**
 * The package's API over one wasm-bindgen module.
 * @param {Raw} raw the library's module
 * @param {Validate} validateArguments the argument validator, loaded on its first use
 * @param {() => boolean} isLoaded whether `raw` is instantiated (the web entry instantiates it in `init`)
 */
export function createToolSearch(raw, validateArguments, isLoaded) {
  /** The wasm module's exports, once it is loaded. */
  function wasm() {
    if (!isLoaded()) {
      throw new Error('toolsearch: the wasm is not loaded yet; await init() (or call initSync()) from "toolsearch/web" first');
    }
    return raw;
  }

  /** Stemmed tokens of `text` (spec §5.4). @param {unknown} text */
  function tokenize(text) {
    return wasm().tokenize(typeof text === "string" ? text : "");
  }

  /**
   * True for a name no host tool may take where bridges are built for it: a
   * bridge's, or `manage_connections`.
   * @param {unknown} name
   */
  function isReservedName(name) {
    return typeof name === "string" && wasm().isReservedName(name);
  }

  /** The package version. */
  function version() {
    return wasm().version();
  }

  /** The public class; see pkg/toolsearch.d.ts. */
  class ToolSearch {
    /**
     * The raw engine; null once freed.
     * @type {Engine | null}
     */
    #raw;
    /** @type {ToolViews} */
    #views;
    /**
     * Sessions prepared by this instance (see prepare), with what they read as.
     * @type {WeakMap<object, Prepared>}
     */
    #prepared = new WeakMap();

    /** See API.md: never throws on bad configuration. @param {unknown} [options] */
    constructor(options) {
      const host = withSafeEmbed((isRecord(options) && recordField(options, "host")) || {});
      this.#raw = new (wasm().Engine)(optionsText(options), host, validateArguments);
      this.#views = new ToolViews(() => this.#engine, this.config.ranking === "enhanced");
    }

    /** The raw engine; a clear error once `free` has released it. */
    get #engine() {
      if (this.#raw === null) throw new Error("toolsearch: this ToolSearch was freed; create a new one");
      return this.#raw;
    }

    /** The resolved configuration (spec §2). */
    get config() {
      return JSON.parse(this.#engine.configJson());
    }

    /**
     * The model-visible tool array (spec §4): visible tools as the host's own
     * objects, then the three bridge tools in `options.format`.
     * @param {unknown} session
     * @param {unknown} [options]
     */
    assemble(session, options) {
      const s = this.#session(session);
      s.sizes = this.#views.sizes(s.tools);
      const o = isRecord(options) ? options : {};
      const [askedLength, askedFormat] = [field(o, "contextLength"), field(o, "format")];
      const contextLength = typeof askedLength === "number" ? askedLength : NaN;
      const format = typeof askedFormat === "string" ? askedFormat : "openai";
      const deferLoading = field(o, "deferLoading") === true;
      const [recordText, bridgeText] = this.#engine.assemble(s, contextLength, format, deferLoading);
      /** @type {AssemblyRecord} */
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

    /**
     * tool_search (spec §8): the JSON text the model sees.
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} [ctx]
     */
    async toolSearch(args, session, ctx) {
      return this.#bridgeText("tool_search", args, session, ctx);
    }

    /**
     * tool_describe (spec §9): the JSON text the model sees.
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} [ctx]
     */
    async toolDescribe(args, session, ctx) {
      return this.#bridgeText("tool_describe", args, session, ctx);
    }

    /**
     * manage_connections (spec §11.11): the JSON text the model sees.
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} [ctx]
     */
    async manageConnections(args, session, ctx) {
      return this.#bridgeText("manage_connections", args, session, ctx);
    }

    /**
     * tool_call (spec §10.4-10.5): resolve, scope, validate, run through host.executeTool.
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} [ctx]
     */
    async toolCall(args, session, ctx) {
      return this.#bridgeText("tool_call", args, session, ctx);
    }

    /**
     * Runs a bridge tool by name: the text the model sees; null for any other name.
     * @param {unknown} name
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} [ctx]
     */
    async handle(name, args, session, ctx) {
      return (await this.answer(name, args, session, ctx))?.text ?? null;
    }

    /**
     * Runs a bridge tool by name and says what its answer is: `{kind, text}`
     * with `matches` (a bridge's answer), `class` (an error), `result` (the
     * value `host.executeTool` returned) or `succeeded` and `failed` (a
     * connector batch); null for any other name.
     * @param {unknown} name
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} [ctx]
     */
    async answer(name, args, session, ctx) {
      return this.#call(typeof name === "string" ? name : "", args, session, ctx);
    }

    /**
     * Runs the deferred tool `name` that the model called by its own name, as
     * a provider's deferred loading lets it (the tools of `tool_search` it
     * loaded): validated and run through host.executeTool as `tool_call` runs
     * it, with errors that do not send the model to `tool_call`. Resolves to
     * its answer (as `answer`), or null when `name` is no deferred tool of the
     * session.
     * @param {unknown} name
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} [ctx]
     */
    async runTool(name, args, session, ctx) {
      return this.#call(typeof name === "string" ? name : "", args, session, ctx, true);
    }

    /**
     * The manage_connections tool definition, in `format` ("openai" by default).
     * @param {unknown} [format]
     */
    manageConnectionsTool(format) {
      return JSON.parse(this.#engine.manageConnectionsTool(typeof format === "string" ? format : "openai"));
    }

    /**
     * What a tool_call means (spec §10.1-10.3); pure, nothing runs.
     * @param {unknown} args
     * @param {unknown} session
     */
    resolveToolCall(args, session) {
      const s = this.#session(session);
      return JSON.parse(this.#engine.resolveToolCall(argsText(args), s));
    }

    /**
     * Why tools rank as they do for `query` (spec §6): tokens, gate, floor, and
     * per tool its verdict, score and each query term's contribution. Explains
     * the top `options.limit` (default 10) tools, or the tools `options.names`.
     * @param {unknown} query
     * @param {unknown} session
     * @param {unknown} [options]
     */
    explain(query, session, options) {
      const s = this.#session(session);
      const o = isRecord(options) ? options : {};
      const names = jsonText(stringItems(field(o, "names")), "null");
      const asked = field(o, "limit");
      const limit = typeof asked === "number" && Number.isInteger(asked) && asked > 0 ? Math.min(asked, COUNT_MAX) : 10;
      const text = typeof query === "string" ? query : "";
      return JSON.parse(this.#engine.explain(text, names, limit, s));
    }

    /**
     * Which deferred tools a model would not find: each is searched for with
     * its own words (its name's, its description's first sentence), and
     * missing from the first 5 is a finding, as are tools of several servers
     * named alike and empty or one-word descriptions; each with its reason
     * and a fix.
     * @param {unknown} session
     * @returns {Findability}
     */
    findability(session) {
      return JSON.parse(this.#engine.findability(this.#session(session)));
    }

    /**
     * Session parts for one MCP server's `tools/list` result: tools named
     * `mcp__<server>__<tool>` in toolset `mcp-<server>`, `origins` mapping
     * each name back to `{server, tool}` for routing calls, and `warnings`.
     * Names in `taken` (other servers' imports) are never reused.
     * @param {unknown} serverName
     * @param {unknown} listToolsResult
     * @param {unknown} [taken]
     * @returns {McpImport}
     */
    static fromMcp(serverName, listToolsResult, taken) {
      const server = typeof serverName === "string" ? serverName : thrownMessage(serverName ?? "");
      return JSON.parse(wasm().fromMcp(server, toolTexts(listToolsResult), takenNames(taken)));
    }

    /**
     * One session from several MCP servers' `tools/list` results, keyed by
     * server name: `fromMcp` for each in turn, so no two tools share a name,
     * with every server's toolsets, origins and warnings merged. The engine
     * imports them in one call, keeping the names once: the cost is the
     * tools', however many servers bring them.
     * @param {unknown} servers
     * @returns {McpImport}
     */
    static fromMcpServers(servers) {
      /** @type {McpImport} */
      const session = { tools: [], toolsets: {}, origins: {}, pinned: [], warnings: [] };
      if (!isRecord(servers)) return session;
      /** @type {string[]} */
      let names = [];
      try {
        names = Object.keys(servers);
      } catch {
        // a revoked proxy: no servers
      }
      const lists = names.map((name) => toolTexts(field(servers, name)));
      const texts = lists.flat();
      /** @type {McpImport[]} */
      const imports = JSON.parse(wasm().fromMcpServers(names, texts, lists.map((list) => list.length)));
      for (const imported of imports) {
        // One at a time: a spread of a large array overflows the call stack.
        for (const tool of imported.tools) session.tools.push(tool);
        for (const name of imported.pinned) session.pinned.push(name);
        for (const warning of imported.warnings) session.warnings.push(warning);
        Object.assign(session.toolsets, imported.toolsets);
        Object.assign(session.origins, imported.origins);
      }
      return session;
    }

    /**
     * A snapshot of `session` that every call takes in its place, so that a
     * turn costs its queries, not its catalog: nothing of the session is read
     * again, and its search indexes are built now, not on the first call.
     * Search and listing keep what the tools were at `prepare`; describe and
     * call read the tools' current schemas.
     * @param {unknown} session
     */
    prepare(session) {
      const prepared = this.#snapshot(session);
      this.#engine.warm(this.#session(prepared));
      return prepared;
    }

    /**
     * The snapshot of prepare, its indexes left to be built or restored.
     * @param {unknown} session
     * @returns {object} the handle a host passes as the session
     */
    #snapshot(session) {
      if (isRecord(session) && this.#prepared.has(session)) return session;
      if (isRecord(session) && preparedSessions.has(session)) {
        throw new TypeError("toolsearch: this prepared session belongs to another ToolSearch; prepare it with this one");
      }
      const read = this.#read(session);
      /** @type {Prepared} */
      const prepared = { ...read, toolsets: ownCopy(read.toolsets), owners: ownCopy(read.owners), views: this.#views.viewsOf(read.tools) };
      const handle = Object.freeze({ size: prepared.tools.length });
      this.#prepared.set(handle, prepared);
      preparedSessions.add(handle);
      this.#views.keep(prepared.tools.length);
      return handle;
    }

    /**
     * The search indexes of the session's catalog as bytes a host can cache
     * (the enhanced index too under the enhanced ranking); see importIndex.
     * @param {unknown} session
     */
    exportIndex(session) {
      return this.#engine.exportIndex(this.#session(session));
    }

    /**
     * Prepares `session` (see prepare) with its search indexes restored from
     * bytes of exportIndex, so that its first search builds none. Bytes of
     * another catalog or version, or damaged ones, are refused: `refused` says
     * why, and the indexes are built from the tools as usual.
     * @param {unknown} bytes
     * @param {unknown} session
     */
    importIndex(bytes, session) {
      const snapshot = bytesOf(bytes);
      if (snapshot === null) {
        throw new TypeError(`toolsearch: importIndex takes the bytes of exportIndex (a Uint8Array or ArrayBuffer), got ${typeName(bytes)}`);
      }
      const prepared = this.#snapshot(session);
      const refused = this.#engine.importIndex(this.#session(prepared), snapshot);
      return { session: prepared, refused: refused ?? null };
    }

    /** Releases the wasm memory now instead of at garbage collection; later calls throw, a second free does nothing. */
    free() {
      this.#raw?.free();
      this.#raw = null;
    }

    /** `free`, for `using`. */
    [Symbol.dispose]() {
      this.free();
    }

    /**
     * Runs the bridge tool `name`; the session is read (and checked) first.
     * @param {string} name
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} ctx
     * @param {boolean} [loaded] `name` is a deferred tool the model loaded, called by its own name
     * @returns {Promise<Answer | null>}
     */
    async #call(name, args, session, ctx, loaded = false) {
      const s = this.#session(session);
      return answerOf(await this.#engine.call(name, argsText(args), s, contextOf(ctx), loaded));
    }

    /**
     * Runs one of the bridge tools, which always answer (only other names
     * answer null): the text the model sees.
     * @param {string} name
     * @param {unknown} args
     * @param {unknown} session
     * @param {unknown} ctx
     */
    async #bridgeText(name, args, session, ctx) {
      const answer = /** @type {Answer} */ (await this.#call(name, args, session, ctx));
      return answer.text;
    }

    /**
     * The one value the engine reads per call (`SessionValue` in
     * src/wasm/source.rs): the tools' ids, the host's tools and toolsets, and
     * the declared rows as JSON text. A prepared session is read as prepared;
     * if the engine has forgotten its tools since, they are interned again
     * from the views kept at prepare, never from the host's objects.
     * @param {unknown} session
     * @returns {ReadSession}
     */
    #session(session) {
      const prepared = isRecord(session) ? this.#prepared.get(session) : undefined;
      if (prepared === undefined) {
        if (isRecord(session) && preparedSessions.has(session)) {
          throw new TypeError("toolsearch: this prepared session belongs to another ToolSearch; prepare it with this one");
        }
        return this.#read(session);
      }
      if (prepared.epoch !== this.#views.epoch) {
        prepared.ids = this.#views.idsOfViews(prepared.views, prepared.toolsets, prepared.owners);
        prepared.epoch = this.#views.epoch;
      }
      return prepared;
    }

    /**
     * Reads a session object afresh (see #session).
     * @param {unknown} session
     * @returns {ReadSession}
     */
    #read(session) {
      if (!isRecord(session)) {
        throw new TypeError(`toolsearch: session must be an object, got ${typeName(session)}`);
      }
      const listed = field(session, "tools");
      const toolsets = recordField(session, "toolsets");
      const owners = recordField(session, "owners");
      const declared = isList(field(session, "declaredSources")) ? jsonText(field(session, "declaredSources"), "[]") : "[]";
      // A list that cannot change is trusted by identity (see frozenIds).
      const frozen = isList(listed) ? this.#views.frozenIds(/** @type {unknown[]} */ (listed), toolsets, owners) : null;
      if (frozen !== null) {
        return { ids: frozen, tools: /** @type {unknown[]} */ (listed), toolsets, owners, declared, epoch: this.#views.epoch };
      }
      // A plain copy: a proxy or getter in the host's list is read once, here.
      /** @type {unknown[]} */
      let tools = [];
      try {
        if (isList(listed)) tools = Array.prototype.slice.call(listed);
      } catch {
        // unreadable: no tools
      }
      const ids = this.#views.ids(tools, toolsets, owners);
      return { ids, tools, toolsets, owners, declared, epoch: this.#views.epoch };
    }
  }

  return { ToolSearch, tokenize, version, isError, isReservedName, toolName, toolSchema };
}

/**
 * The engine's `[kind, text, facts]` (src/wasm/answer.rs) as the `Answer` of the declarations.
 * @param {RawAnswer | null} raw
 * @returns {Answer | null}
 */
function answerOf(raw) {
  if (raw === null) return null;
  switch (raw[0]) {
    case "bridge":
      return { kind: raw[0], text: raw[1], matches: raw[2] };
    case "error":
      return { kind: raw[0], text: raw[1], class: raw[2] };
    case "tool":
      return { kind: raw[0], text: raw[1], result: raw[2] };
    default:
      return { kind: raw[0], text: raw[1], succeeded: raw[2][0], failed: raw[2][1] };
  }
}

/**
 * The name of a tool in any supported shape (OpenAI, Anthropic, MCP); null when it has none.
 * @param {unknown} def
 */
function toolName(def) {
  if (!isRecord(def)) return null;
  const fn = field(def, "function");
  const name = field(isRecord(fn) ? fn : def, "name");
  return typeof name === "string" ? name : null;
}

/**
 * The parameters schema of a tool in any supported shape; null when it has none.
 * @param {unknown} def
 */
function toolSchema(def) {
  if (!isRecord(def)) return null;
  const fn = field(def, "function");
  if (isRecord(fn)) return recordField(fn, "parameters");
  // The first key that is there, as the engine reads it (null included).
  const key = ["inputSchema", "input_schema", "parameters"].find((k) => field(def, k) !== undefined);
  return key === undefined ? null : recordField(def, key);
}

/**
 * True when a bridge answer (of `ts.answer`) is one a host should flag as
 * failed (MCP `isError`, Anthropic `is_error`): an error, or a connector
 * batch in which no call succeeded. A tool's own output never is.
 * @param {unknown} answer
 */
function isError(answer) {
  if (typeof answer === "string") {
    throw new TypeError("toolsearch: isError takes the answer of ts.answer(name, args, session), not its text");
  }
  if (!isRecord(answer)) return false;
  const kind = field(answer, "kind");
  // Number(x) > 0 is what x > 0 computes, for any x.
  return kind === "error" || (kind === "connectors" && field(answer, "succeeded") === 0 && Number(field(answer, "failed")) > 0);
}
