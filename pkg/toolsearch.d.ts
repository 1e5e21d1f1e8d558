// Type declarations of the toolsearch package (Node entry and web entry).
// Section numbers (§) refer to the behaviour specification, hermes-tool-search.md.

/** An OpenAI function tool. */
export interface OpenAiTool {
  type: "function";
  function: { name: string; description?: string; parameters?: JsonSchema };
}

/** An Anthropic tool. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema?: JsonSchema;
}

/** An MCP tool as `tools/list` returns it. */
export interface McpTool {
  name: string;
  description?: string;
  inputSchema?: JsonSchema;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Any accepted tool definition; visible tools are returned unchanged. */
export type ToolDef = OpenAiTool | AnthropicTool | McpTool;

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** A declared source that is currently unusable (§7.5). */
export interface DeclaredSource {
  name: string;
  tool_count?: number;
  /** The "<reason> <action>" sentence, e.g. "Grafana is not running. Start Grafana, then try again." */
  unavailable: string;
}

/** What the host knows about this turn. Nothing is cached per session. */
export interface Session {
  /** The session's raw tool definitions, before assembly. */
  tools: ToolDef[];
  /** Tool name -> toolset ("mcp-github", "kanban", "desktop_ui", ...). No entry = unregistered (§3.2 rule 4). */
  toolsets?: Record<string, string>;
  /** Tool name -> plugin owner, for unregistered tools (§5.2). */
  owners?: Record<string, string>;
  /** Rows for apps that declare a server but cannot run now (§7.5). */
  declaredSources?: DeclaredSource[];
}

/** `tools.tool_search` keys (§2.1), snake_case as in the spec. Any value is accepted and clamped. */
export interface ToolSearchConfig {
  enabled?: "auto" | "on" | "off" | boolean | string | number | null;
  threshold_pct?: number | string;
  search_default_limit?: number | string;
  max_search_limit?: number | string;
  listing?: "auto" | "on" | "off" | boolean | string | number | null;
  listing_max_tokens?: number | string;
  defer?: string[] | null;
  [key: string]: unknown;
}

/** Constructor options. */
export interface ToolSearchOptions {
  /** The `tools.tool_search` value; a bare `false` turns tool search off (§2.2). */
  config?: ToolSearchConfig | boolean | null;
  /** The `tools.connectors` value (`{ enabled }` or a bare boolean). */
  connectors?: { enabled?: unknown } | boolean | null;
  /** Tools that never defer unless named in `config.defer` (default []). */
  coreTools?: string[];
  /** Toolsets that stay direct (default ["desktop_ui", "project", "setup"]). */
  directSurfaceToolsets?: string[];
}

/** The resolved configuration (`ts.config`). */
export interface ResolvedConfig {
  enabled: "auto" | "on" | "off";
  threshold_pct: number;
  search_default_limit: number;
  max_search_limit: number;
  listing: "auto" | "on" | "off";
  listing_max_tokens: number;
  defer: string[];
  connectors: { enabled: boolean };
  /** What was ignored while resolving (e.g. a `defer` that is not a list). */
  warnings: string[];
}

/**
 * Tool search over one host's tools. Every call takes the session; nothing is
 * cached per session (a content-keyed cache makes repeated calls fast).
 * Instances hold wasm memory, released by `free()` or at garbage collection.
 */
export class ToolSearch {
  /** Never throws on bad options: they are clamped and defaulted (§2). */
  constructor(options?: ToolSearchOptions);
  /** The resolved configuration. */
  readonly config: ResolvedConfig;
  /**
   * tool_search (§8): the JSON text the model reads. `args` is the model's
   * arguments, an object or JSON text. Bad arguments give an error JSON.
   * Rejects with a TypeError only when `session` is not an object.
   */
  toolSearch(args: unknown, session: Session): Promise<string>;
  /** tool_describe (§9): the JSON text the model reads. */
  toolDescribe(args: unknown, session: Session): Promise<string>;
  /** Releases the wasm memory now. */
  free(): void;
  [Symbol.dispose](): void;
}

/** The stemmed tokens of `text` (§5.4). */
export function tokenize(text: string): string[];

/** The package version. */
export function version(): string;

/**
 * Loads the wasm. Needed once before use in browsers (`toolsearch/web`);
 * a no-op in Node, where the package is ready on import.
 */
export default function init(input?: unknown): Promise<void>;
