// The wasm-bindgen glue of the library (src/wasm/mod.rs), which scripts/build.sh
// writes beside each entry: pkg/web/toolsearch.js (ESM, all of this) and
// pkg/node/toolsearch.js (CommonJS, which loads the wasm as it is required:
// all but `default` and `initSync`). Declared by hand, for the type check of
// pkg/src, since the build writes no declarations (--no-typescript).

import type { Answer, Assembly, Explanation, Findability, McpImport, Resolution, ResolvedConfig, ToolDef } from "../../toolsearch.js";

/** What the facade passes on each call (`SessionValue` in src/wasm/source.rs). */
export interface SessionValue {
  /** The interned id of each tool, in session order. */
  ids: Uint32Array;
  /** The host's own tool objects. */
  tools: unknown[];
  /** The host's toolsets map, or null. */
  toolsets: Record<string, unknown> | null;
  /** `declaredSources` as JSON text. */
  declared: string;
  /** Each tool's compact JSON length, for assembly. */
  sizes?: Uint32Array;
}

/**
 * What a bridge answer says to the host's events (`bridge_facts` in
 * src/wasm/encode.rs), written only when asked for, each key only when it
 * says something: a search's groups (per group, in query order: its number
 * of matches n, its label 0 none, 1 low, 2 high, 1 when repeated, then the
 * n positions of its matches in the answer's `matches`), its connector leg
 * when it ran, the names a describe gave; or a batch's per-entry error codes.
 */
export type RawFacts =
  | { groups?: Uint32Array; connectorLeg?: string; described?: string[] }
  | { errors: (string | null)[] };

/** An answer as src/wasm/encode.rs writes it: the public `Answer`, with `facts` when they were asked for. */
export type RawAnswer = Answer & { facts?: RawFacts };

/** An assembly as src/wasm/encode.rs writes it: the record, the visible tools' positions and the bridges. */
export type RawAssembly = Omit<Assembly, "tools"> & { visible: number[]; bridge: ToolDef[] };

/** Checks `instance` against `schema`, both JSON text: the violation as JSON text, or "null". */
export type Validate = (schema: string, instance: string) => string | Promise<string>;

/** The raw engine behind one ToolSearch. */
export class Engine {
  constructor(options: string, host: object, validator: Validate);
  config(): ResolvedConfig;
  internAll(rows: Uint8Array): Uint32Array;
  interned(): number;
  clear(): void;
  assemble(session: SessionValue, contextLength: number, format: string, deferLoading: boolean): RawAssembly;
  call(name: string, args: string, session: SessionValue, ctx: object, loaded: boolean, facts: boolean): Promise<RawAnswer | null>;
  warm(session: SessionValue): void;
  exportIndex(session: SessionValue): Uint8Array;
  /** Why the bytes were refused; undefined when they were restored. */
  importIndex(session: SessionValue, bytes: Uint8Array): string | undefined;
  resolveToolCall(args: string, session: SessionValue): Resolution;
  explain(query: string, names: string[] | undefined, limit: number, session: SessionValue): Explanation;
  findability(session: SessionValue): Findability;
  manageConnectionsTool(format: string): ToolDef;
  free(): void;
}

export function fromMcp(server: string, tools: string[], taken: string[]): McpImport;
export function fromMcpServers(servers: string[], tools: string[], counts: number[]): McpImport[];
export function tokenize(text: string): string[];
export function isReservedName(name: string): boolean;
export function version(): string;

/** What wasm-bindgen's web init takes. */
export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

/** Web only: fetches (or takes) and instantiates the wasm. */
export default function init(input?: { module_or_path: InitInput | Promise<InitInput> }): Promise<unknown>;
/** Web only: instantiates the wasm from bytes or a compiled module. */
export function initSync(input: { module: BufferSource | WebAssembly.Module }): unknown;
