// The public ToolSearch class over the raw wasm engine: it moves data and
// plumbs host callbacks, and every decision of the spec is made in Rust. It
// and the package's functions read the runtime that the entry bound
// (runtime.js); each entry of pkg/src/entry binds its own and exports these,
// and scripts/entries.mjs bundles each entry with esbuild.

import { report } from "./events.js";
import { importMcp, importMcpServers } from "./mcp.js";
import { validator, wasm } from "./runtime.js";
import { readSession, sessionOf } from "./sessions.js";
import { ToolIds } from "./tool-ids.js";
import {
  argsText,
  bytesOf,
  contextOf,
  field,
  isRecord,
  optionsText,
  recordField,
  stringItems,
  typeName,
  withSafeEmbed,
} from "./values.js";

export { isError } from "./answers.js";
export { bindRuntime } from "./runtime.js";
export { summarizeEvents } from "./summary.js";
export { toolName, toolSchema } from "./tool-shape.js";

/** @import { Engine, SessionValue } from "./entry/toolsearch.js" */
/** @import { Answer, Findability, McpImport, ToolSearchEvent } from "../toolsearch.js" */

/** The largest count the engine takes (u32); the engine clamps further. */
const COUNT_MAX = 0xffffffff;

/** Stemmed tokens of `text` (spec §5.4). @param {unknown} text */
export function tokenize(text) {
  return wasm().tokenize(typeof text === "string" ? text : "");
}

/**
 * True for a name no host tool may take where bridges are built for it: a
 * bridge's, or `manage_connections`.
 * @param {unknown} name
 */
export function isReservedName(name) {
  return typeof name === "string" && wasm().isReservedName(name);
}

/** The package version. */
export function version() {
  return wasm().version();
}

/** The public class; see pkg/toolsearch.d.ts. */
export class ToolSearch {
  /**
   * The raw engine; null once freed.
   * @type {Engine | null}
   */
  #raw;
  /**
   * The ids of the engine's tools, and every cache kept by identity (tool-ids.js).
   * @type {ToolIds}
   */
  #toolIds;
  /**
   * `host.onEvent`, told of each bridge call; null without one.
   * @type {((event: ToolSearchEvent) => void) | null}
   */
  #onEvent = null;
  /** Events of calls carry their arguments (`host.eventArguments`). */
  #eventArguments = false;

  /**
   * Never throws on bad configuration: a value it cannot read is left at its
   * default, and `config.warnings` says so.
   * @param {unknown} [options]
   */
  constructor(options) {
    const host = withSafeEmbed((isRecord(options) && recordField(options, "host")) || {});
    const onEvent = field(host, "onEvent");
    if (typeof onEvent === "function") this.#onEvent = /** @type {(event: ToolSearchEvent) => void} */ (onEvent);
    this.#eventArguments = field(host, "eventArguments") === true;
    this.#raw = new (wasm().Engine)(optionsText(options), host, validator());
    this.#toolIds = new ToolIds(() => this.#engine, this.config.ranking === "enhanced");
  }

  /** The raw engine; a clear error once `free` has released it. */
  get #engine() {
    if (this.#raw === null) throw new Error("toolsearch: this ToolSearch was freed; create a new one");
    return this.#raw;
  }

  /** The resolved configuration (spec §2). */
  get config() {
    return this.#engine.config();
  }

  /**
   * The model-visible tool array (spec §4): visible tools as the host's own
   * objects, then the three bridge tools in `options.format`.
   * @param {unknown} session
   * @param {unknown} [options]
   */
  assemble(session, options) {
    const s = this.#session(session);
    s.sizes = this.#toolIds.sizes(s.tools);
    const o = isRecord(options) ? options : {};
    const [askedLength, askedFormat] = [field(o, "contextLength"), field(o, "format")];
    const contextLength = typeof askedLength === "number" ? askedLength : NaN;
    const format = typeof askedFormat === "string" ? askedFormat : "openai";
    const deferLoading = field(o, "deferLoading") === true;
    const record = this.#engine.assemble(s, contextLength, format, deferLoading);
    const tools = record.visible.map((i) => s.tools[i]);
    for (const bridge of record.bridge) tools.push(bridge);
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
    return this.#engine.manageConnectionsTool(typeof format === "string" ? format : "openai");
  }

  /**
   * What a tool_call means (spec §10.1-10.3); pure, nothing runs.
   * @param {unknown} args
   * @param {unknown} session
   */
  resolveToolCall(args, session) {
    const s = this.#session(session);
    return this.#engine.resolveToolCall(argsText(args), s);
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
    const names = stringItems(field(o, "names")) ?? undefined;
    const asked = field(o, "limit");
    const limit = typeof asked === "number" && Number.isInteger(asked) && asked > 0 ? Math.min(asked, COUNT_MAX) : 10;
    const text = typeof query === "string" ? query : "";
    return this.#engine.explain(text, names, limit, s);
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
    return this.#engine.findability(this.#session(session));
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
    return importMcp(serverName, listToolsResult, taken);
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
    return importMcpServers(servers);
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
    return this.#toolIds.isPinned(session) ? session : this.#toolIds.pin(readSession(session, this.#toolIds));
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
    const onEvent = this.#onEvent;
    if (onEvent === null) return this.#engine.call(name, argsText(args), s, contextOf(ctx), loaded, false);
    const started = performance.now();
    const raw = await this.#engine.call(name, argsText(args), s, contextOf(ctx), loaded, true);
    if (raw === null) return null;
    const { facts, ...answer } = raw;
    const ms = performance.now() - started;
    // Read only of an object: reading a key of undefined throws, and a throw costs more than the event.
    const turn = isRecord(ctx) ? field(ctx, "turn") : undefined;
    report(onEvent, { name, args, answer, facts, turn, ms, loaded, withArguments: this.#eventArguments });
    return answer;
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
   * src/wasm/source.rs), from sessions.js: a prepared session as prepared,
   * any other read afresh.
   * @param {unknown} session
   * @returns {SessionValue}
   */
  #session(session) {
    return sessionOf(session, this.#toolIds);
  }
}

