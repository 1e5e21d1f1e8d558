// The wasm-bindgen glue of the library (src/wasm/mod.rs), which scripts/build.sh
// writes beside each entry: pkg/web/toolsearch.js (ESM, all of this) and
// pkg/node/toolsearch.js (CommonJS, which loads the wasm as it is required:
// all but `default` and `initSync`). Declared by hand, for the type check of
// pkg/src, since the build writes no declarations (--no-typescript).

import type { ErrorClass } from "../../toolsearch.js";

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

/** An answer as `[kind, text, facts]` (src/wasm/answer.rs). */
export type RawAnswer =
  | ["bridge", string, string[]]
  | ["error", string, ErrorClass]
  | ["tool", string, unknown]
  | ["connectors", string, [number, number]];

/** Checks `instance` against `schema`, both JSON text: the violation as JSON text, or "null". */
export type Validate = (schema: string, instance: string) => string | Promise<string>;

/** The raw engine behind one ToolSearch. */
export class Engine {
  constructor(options: string, host: object, validator: Validate);
  configJson(): string;
  internAll(rows: Uint8Array): Uint32Array;
  interned(): number;
  clear(): void;
  /** `[record, bridges]`, both JSON text. */
  assemble(session: SessionValue, contextLength: number, format: string, deferLoading: boolean): string[];
  call(name: string, args: string, session: SessionValue, ctx: object, loaded: boolean): Promise<RawAnswer | null>;
  warm(session: SessionValue): void;
  exportIndex(session: SessionValue): Uint8Array;
  /** Why the bytes were refused; undefined when they were restored. */
  importIndex(session: SessionValue, bytes: Uint8Array): string | undefined;
  resolveToolCall(args: string, session: SessionValue): string;
  explain(query: string, names: string, limit: number, session: SessionValue): string;
  findability(session: SessionValue): string;
  manageConnectionsTool(format: string): string;
  free(): void;
}

export function fromMcp(server: string, tools: string[], taken: string[]): string;
export function fromMcpServers(servers: string[], tools: string[], counts: number[]): string;
export function tokenize(text: string): string[];
export function isReservedName(name: string): boolean;
export function version(): string;

/** What wasm-bindgen's web init takes. */
export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

/** Web only: fetches (or takes) and instantiates the wasm. */
export default function init(input?: { module_or_path: InitInput | Promise<InitInput> }): Promise<unknown>;
/** Web only: instantiates the wasm from bytes or a compiled module. */
export function initSync(input: { module: BufferSource | WebAssembly.Module }): unknown;
