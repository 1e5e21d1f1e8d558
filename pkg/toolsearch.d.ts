// Type declarations of the toolsearch package (Node entry and web entry).
// Section numbers (§) refer to docs/behaviour.md (in this package), the behaviour the library implements.
// `Symbol.dispose` (for `using`) is declared by the disposable lib, named here
// so that a project whose `lib` stops at es2022 still reads these types.
/// <reference lib="esnext.disposable" />

/**
 * A tool's `_meta`, in any shape. `"toolsearch/keywords"` (a string, or a
 * list of strings) gives it search-only keywords: words the enhanced ranking
 * indexes like its description's (at most 1,000 characters), which no answer
 * shows to the model. A catalog author adds the words users ask with that
 * the description lacks ("parcel", "courier" for a create_shipment tool).
 * The reference ranking reads none. `findability` counts them.
 */
export interface ToolMeta {
  "toolsearch/keywords"?: string | string[];
  [key: string]: unknown;
}

/** An OpenAI function tool. */
export interface OpenAiTool {
  type: "function";
  function: { name: string; description?: string; parameters?: JsonSchema };
  /** Read by toolsearch (a deferred tool is never sent; strip it from visible ones). */
  _meta?: ToolMeta;
}

/** An Anthropic tool (the SDK's `Tool`: no `type`, or "custom"). */
export interface AnthropicTool {
  type?: "custom" | null;
  name: string;
  description?: string;
  input_schema?: JsonSchema;
  /** Read by toolsearch (a deferred tool is never sent; strip it from visible ones). */
  _meta?: ToolMeta;
}

/** An MCP tool as `tools/list` returns it. */
export interface McpTool {
  type?: undefined;
  name: string;
  title?: string;
  description?: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  _meta?: ToolMeta;
}

/**
 * MCP tool annotations: hints a server gives about a tool. The bridges read
 * them from a tool object's `annotations` (whatever its shape), show them in
 * search and describe records under the enhanced ranking (the reference
 * ranking's records are the spec's), and pass them to `host.approve` under both. Servers
 * write them: treat them as hints, not guarantees.
 */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/**
 * What `host.approve` answers: `true` (or nothing) lets the call run;
 * `false` or `{allow: false, reason?}` denies it, and the model reads the
 * reason; `"ask"` or `{ask: true, reason?}` stops it until the user approves,
 * and the model is told to ask them (the reason is what to ask).
 */
export type ApprovalVerdict =
  | boolean
  | void
  | "ask"
  | { allow: true }
  | { allow: false; reason?: string }
  | { ask: true; reason?: string };

/**
 * A tool definition in one of the spec's three shapes; visible tools are
 * returned unchanged. `def.type === "function"` narrows it to an OpenAI
 * tool, `"input_schema" in def` to an Anthropic one. A session takes these
 * and more (`SessionTool`).
 */
export type ToolDef = OpenAiTool | AnthropicTool | McpTool;

/**
 * A function tool of OpenAI's Responses API (the SDK's `FunctionTool`): flat,
 * its `parameters` beside its name.
 */
export interface OpenAiResponsesTool {
  type: "function";
  name: string;
  description?: string | null;
  parameters?: JsonSchema | null;
  strict?: boolean | null;
  /** Set by OpenAI's own deferred loading. */
  defer_loading?: boolean;
  /** Read by toolsearch (a deferred tool is never sent; strip it from visible ones). */
  _meta?: ToolMeta;
}

/**
 * A provider's tool of its own kind, with no schema toolsearch reads: a
 * server tool (Anthropic's `web_search_20250305`, OpenAI's `file_search`), a
 * custom tool (grammar or free text), a namespace. It is passed on as it is;
 * one without a name always stays visible. The second form admits an object
 * literal with the tool's own keys (`max_uses`); the first, the SDKs'
 * interfaces, which declare no index signature.
 */
export type ProviderTool = { type: string; name?: string } | { type: string; name?: string; [key: string]: unknown };

/**
 * Any tool a session may hold: a definition in a shape toolsearch reads
 * (`ToolDef`, or a flat Responses function tool), or a provider's own tool.
 * The SDKs' tool types fit as they are: OpenAI's `ChatCompletionTool` and
 * Responses `Tool`, Anthropic's `ToolUnion`.
 */
export type SessionTool = ToolDef | OpenAiResponsesTool | ProviderTool;

/** `tool_search` arguments (§8.1); a single string counts as one query. */
export interface ToolSearchArgs {
  queries: string[] | string;
  /** Matches per query (default 5, at most `max_search_limit`). */
  limit?: number;
}

/** `tool_describe` arguments (§9); a single string counts as one name. */
export interface ToolDescribeArgs {
  names: string[] | string;
}

/** `tool_call` arguments (§10.1): one local call, or connector calls. */
export interface ToolCallArgs {
  calls: Array<{ name: string; arguments?: Record<string, unknown> | string }> | string;
}

/** `manage_connections` arguments (§11.11). */
export interface ManageConnectionsArgs {
  action?: "status" | "connect" | "reconnect" | "rename" | "install" | "enable" | "authorize";
  connectors?: Array<string | { name: string; alias?: string; to?: string; mcp?: boolean }> | string;
  force?: boolean;
}

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** A declared source that is currently unusable (§7.5). */
export interface DeclaredSource {
  name: string;
  tool_count?: number;
  /** The "<reason> <action>" sentence, e.g. "Grafana is not running. Start Grafana, then try again." */
  unavailable: string;
}

/** A session snapshot from `ToolSearch.prepare`. */
export interface PreparedSession {
  /** Number of tools in the snapshot. */
  readonly size: number;
}

/** What `ToolSearch.importIndex` gives. */
export interface IndexImport {
  /** The session, prepared (see `ToolSearch.prepare`). */
  session: PreparedSession;
  /**
   * `null` when the snapshot was used; otherwise why it was refused (another
   * catalog, another version of the package, damaged bytes, or not needed
   * because this instance had built the session's indexes already), and the
   * indexes are built from the tools as usual. A refused snapshot is never used.
   */
  refused: string | null;
}

/** What the host knows about this turn. Nothing is cached per session. */
export interface Session<T extends SessionTool = SessionTool> {
  /**
   * The session's raw tool definitions, before assembly. Each turn reads
   * what search needs of every tool that can change. A tool frozen in every
   * part search reads is read once and then known by its identity, in any
   * array (and with frozen `toolsets` and `owners`, its toolset and owner are
   * not looked up again); a frozen array of such tools is not even walked, as
   * with a prepared session. A proxy is read as its frozen target shows.
   */
  tools: T[] | readonly T[];
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
  /**
   * "enhanced" (default): exact names in any spelling first; keywords,
   * natural-language requests and queries in the languages of the package
   * (Chinese, Japanese, Korean, German, French, Spanish, Portuguese, Italian)
   * ranked by BM25F with alternatives from glossaries and from the catalog
   * itself, fused with a plain BM25 of the request's own words; a request
   * that asks for several things gets the best tool of each among its first;
   * a request longer than 4,096 characters is read in part (its questions
   * and last sentences). Each group carries `confidence`: "high", or "low"
   * with a hint when no tool clearly does what it asks; either way the group
   * lists its candidates up to the limit. A group is empty only when no tool
   * holds any of its words. With
   * `host.embed`, a semantic leg is fused in.
   * "reference": spec §6 exactly, for short keyword queries; its groups carry
   * no label, and its description asks for keywords.
   */
  ranking?: "enhanced" | "reference";
  /** For benchmarks: enhanced-ranking rules to switch off (see `RankingRule`). */
  ranking_ablation?: RankingRule[];
  /**
   * Which tools `tool_call` runs: "session" (every tool of the session,
   * visible ones validated like deferred ones; the enhanced ranking's
   * default) or "deferred" (the spec's: a visible tool is refused).
   */
  tool_call_scope?: "session" | "deferred";
  /**
   * The search guard, for turns named in `ctx.turn`: the most `tool_search`
   * calls a turn may make (default 6 under the enhanced ranking, none under
   * the reference one); `false` turns it off.
   */
  max_searches_per_turn?: number | false;
  [key: string]: unknown;
}

/**
 * A rule of the enhanced ranking that `ranking_ablation` can switch off:
 * `glossary` (alternatives from the English glossary), `catalog` (alternatives
 * learned from the catalog), `details` (values and names set apart), `fields`
 * (field weights), `decision` (the confidence label: without it, every
 * group is labelled high), `sentences` (the label judged on a request's
 * surest sentence: without it, on the whole request only),
 * `proximity` (concepts written side by side in a tool's name or
 * description add to its score), `translation` (queries in other languages
 * recognised and rewritten into English: without it, read as English),
 * `implied` (concepts a request implies without naming them: a value's kind,
 * phrases such as "how many"), `negation` (a negated word left out of the
 * query), `exact_names` (a catalog name in any spelling ranks its tools
 * first), `needs` (a request that asks for several things gets each one's
 * best tool among its first), `bm25` (a plain BM25 of the request's own
 * words fused in as a second leg, its tools among the candidates).
 */
export type RankingRule =
  | "glossary"
  | "catalog"
  | "details"
  | "fields"
  | "decision"
  | "sentences"
  | "proximity"
  | "translation"
  | "implied"
  | "negation"
  | "exact_names"
  | "needs"
  | "bm25";

/** Per-call context, handed to host callbacks. */
export interface CallContext {
  /** Aborting it stops a connector batch between entries (§11.9). */
  signal?: AbortSignal;
  /** How CONNECTION_REQUIRED is shaped (§11.7.1): a link (default), a card, or a side agent. */
  surface?: "link" | "card" | "side";
  /** Where a connection flow returns to. */
  returnTo?: string;
  /**
   * The agent's current turn (one user request and the tool calls it leads
   * to), for the search guard (`max_searches_per_turn`): searches and
   * describes are counted per turn. Without it nothing is counted.
   */
  turn?: string | number;
  [key: string]: unknown;
}

/** Options of a gateway callback. */
export interface GatewayCallOptions {
  /** UUIDv4 of an execute request, the same for its retry (execute only). */
  idempotencyKey?: string;
  /** Aborted when the library's timeout passes (search 30 s, schemas 10 s, execute 60 s). */
  signal: AbortSignal;
}

/** Options of the gateway's execute callback, which always has an idempotency key. */
export interface GatewayExecuteOptions extends GatewayCallOptions {
  idempotencyKey: string;
}

/**
 * The hosted connector gateway as callbacks (desktop app: IPC to the main
 * process). Each resolves to the parsed JSON body of a 2xx answer. Throwing
 * `{ status, body?, headers? }` is treated as that HTTP answer (401/403 auth,
 * 404 dark, 409, 429, 5xx retryable, §11.3); any other throw is a transport error.
 */
export interface GatewayCallbacks {
  /** POST v1/connectors/search: `{queries: [{useCase}]}` (§11.4). */
  search(body: object, opts: GatewayCallOptions): Promise<object>;
  /** POST v1/connectors/schemas: `{tools: [slug]}` (§11.6). */
  schemas(body: object, opts: GatewayCallOptions): Promise<object>;
  /** POST v1/connectors/execute: `{tools: [{connector, tool, arguments}], returnTo?}` (§11.7). */
  execute(body: object, opts: GatewayExecuteOptions): Promise<object>;
  /** POST v1/connectors/connections: `{action, connectors, force?, returnTo?}` (manage_connections). */
  connections?(body: object, opts: GatewayCallOptions): Promise<object>;
}

/** A connector call about to be sent, as `beforeConnectorCall` sees it. */
export interface ConnectorCall {
  name: string;
  connector: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** The host application's callbacks. */
export interface Host {
  /**
   * Runs a local deferred tool after the bridge resolved and validated the
   * call. A string result reaches the model as is; any other value as JSON. A
   * throw or rejection becomes an error JSON naming the tool.
   */
  executeTool?(name: string, args: Record<string, unknown>, ctx: CallContext): unknown;
  /** The connector gateway as callbacks; takes precedence over `gatewayHttp`. */
  gateway?: GatewayCallbacks;
  /** The built-in fetch client: POSTs to `<origin>/v1/connectors/...` with `headers` (e.g. authorization). */
  gatewayHttp?: { origin: string; headers?: Record<string, string> };
  /**
   * Asked before each connector entry is sent, in order: return `false` or
   * `{ allow: false, reason? }` to deny it (the entry gets a `DENIED` error);
   * anything else lets it go. Use it for approvals and audit logs.
   */
  beforeConnectorCall?(call: ConnectorCall, ctx: CallContext): unknown;
  /**
   * Asked before a local deferred tool runs (through `tool_call` or
   * `runTool`), once its arguments hold: `annotations` are the tool's
   * (`{}` when it has none). A throw or rejection denies the call
   * (`approval_failed`); see `ApprovalVerdict` for the answers. It is not
   * asked for connector calls (`beforeConnectorCall` is).
   */
  approve?(name: string, args: Record<string, unknown>, annotations: ToolAnnotations, ctx: CallContext):
    ApprovalVerdict | Promise<ApprovalVerdict>;
  /** Shows connect cards; resolves when every app is connected or skipped (manage_connections connect/reconnect). */
  connectCard?(request: { apps: { connector: string; connect_url?: string; alias?: string }[] }):
    Promise<{ connector: string; status: "connected" | "skipped" | "failed" }[]>;
  /** Runs install / enable / authorize on local MCP servers; its result reaches the model as JSON. */
  manageMcp?(request: { action: "install" | "enable" | "authorize"; servers: string[] }, ctx: CallContext): unknown;
  /**
   * Embeds texts for the semantic leg of `ranking: "enhanced"`: one vector per
   * text, all of one dimension. `kind` tells a search query from a tool
   * document (e5-style models prefix the two differently). Tool vectors are
   * asked once per tool content and kept; the queries of a `toolSearch` call
   * are asked once, together. A throw, a rejection, a wrong shape or no answer
   * within 30 s leaves the turn to the lexical ranking alone.
   */
  embed?(texts: string[], kind: "query" | "document"): Promise<(Float32Array | number[])[]> | (Float32Array | number[])[];
  /**
   * Told of each bridge call once it is answered (search, describe, call,
   * manage), and once more when the search guard refuses or shortens a
   * search: see `ToolSearchEvent`. Called synchronously and never awaited;
   * what it throws is ignored, so it cannot change an answer. A turn without
   * it makes no event. `summarizeEvents` sums events up.
   */
  onEvent?(event: ToolSearchEvent): void;
  /** Events of calls carry each call's `arguments` (default: false; they may hold what the user typed). */
  eventArguments?: boolean;
}

/** What every event says. */
export interface EventBase {
  /** The host's `ctx.turn`, when it named one. */
  turn?: string;
  /** How long the call took, in milliseconds (0 for a guard event). */
  ms: number;
  /** When it was answered (`Date.now()`). */
  time: number;
  /** The error class, when the call was answered with an error. */
  error?: ErrorClass;
}

/** One query's group of a search event. */
export interface SearchGroupEvent {
  /** The query as searched. */
  query: string;
  /** Its label under the enhanced ranking; null under the reference one. */
  confidence: "high" | "low" | null;
  /** The names it returned, best first. */
  matches: string[];
  /** It returned nothing. */
  empty: boolean;
  /** The search guard found nothing in it new to the turn. */
  repeated: boolean;
}

/** One call of a call event. */
export interface CallOutcomeEvent {
  /** The tool called. */
  name: string;
  /** Its arguments, when `host.eventArguments` is true. */
  arguments?: unknown;
  /** It ran (and, for a connector, succeeded). */
  ran: boolean;
  /** Why it did not run or failed: an error class, or a connector's error code. */
  error?: string;
}

/**
 * An event of `host.onEvent`. Argument values are in it only when the host
 * opts in (`host.eventArguments`); queries and names always are.
 */
export type ToolSearchEvent =
  | (EventBase & {
      type: "search";
      queries: string[];
      groups: SearchGroupEvent[];
      /** The connector leg: null when it did not run, `"answered"`, or the code it failed with. */
      connectors: string | null;
    })
  | (EventBase & { type: "describe"; names: string[]; found: string[] })
  | (EventBase & { type: "call"; calls: CallOutcomeEvent[] })
  | (EventBase & { type: "manage"; action: string })
  | (EventBase & {
      type: "guard";
      /** `refused`: past `max_searches_per_turn`; `shortened`: groups that brought nothing new (`repeated`). */
      action: "refused" | "shortened";
      queries: string[];
    });

/** What `summarizeEvents` makes of a session's events. */
export interface EventSummary {
  searches: number;
  searchesPerTurn: { turns: number; mean: number; max: number };
  /** Groups of all searches, those labelled low and those empty, and their share. */
  groups: { total: number; low: number; empty: number; lowOrEmptyShare: number };
  /**
   * The requests answered low or empty, most asked first, each with the
   * tools that came closest: what the catalog lacks (at most 50).
   */
  unanswered: { request: string; count: number; low: number; empty: number; closest: string[] }[];
  /** Tools searches returned that no call named, most found first (at most 50). */
  foundNeverCalled: { name: string; found: number }[];
  /** Tools called, most first, with the calls that did not run or failed (at most 50). */
  calledMost: { name: string; calls: number; failed: number }[];
  /** The search guard's steps: how many, and the first 20 with their turn. */
  guard: { refused: number; shortened: number; steps: { turn: string | null; action: "refused" | "shortened"; queries: string[] }[] };
}

/**
 * What a tool_call means (§10.1-10.3). A local call's `arguments` are those
 * tool_call runs the tool with, and `host.approve` sees: the model's,
 * coerced toward the tool's schema (§10.7; `"5000"` becomes 5000 where it
 * takes an integer, `"true"` true where it takes a boolean). A host's own
 * approval policy judges these, never the model's raw text.
 */
export type Resolution =
  | { kind: "local"; name: string; arguments: Record<string, unknown> }
  | { kind: "connectors"; calls: { name: string; arguments: Record<string, unknown> }[] }
  | { kind: "error"; error: string };

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
  /** Callbacks into the host application. */
  host?: Host;
  /**
   * Timeouts in milliseconds. Gateway requests: the spec's values by default
   * (search 30,000, schemas 10,000, execute 60,000, connections 30,000).
   * `tool`: `host.executeTool` (default 600,000); `callback`:
   * `beforeConnectorCall`, `approve`, `connectCard` and `manageMcp` (default 300,000).
   * A host call also ends when `ctx.signal` aborts; either way the bridge
   * answers with its error shape.
   */
  timeouts?: {
    search?: number;
    schemas?: number;
    execute?: number;
    connections?: number;
    tool?: number;
    callback?: number;
  };
  /** Largest gateway answer read, in characters of its JSON text (default 8,388,608); a larger one is a failed request. */
  limits?: { gatewayAnswerChars?: number };
  /**
   * How the semantic leg (`host.embed`) is fused; cosine scales differ by
   * model, so these are the host's to set. `weight`: share of the
   * min-max-normalised cosine in the fused score, 0 to 1 (default 0.5; 0.3 was
   * best for multilingual-e5-small on the development sets). `rescue`: when
   * the lexical ranking labels a group low, it is labelled high if the best
   * cosine reaches this (default: never).
   */
  semantic?: { weight?: number; rescue?: number };
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
  ranking: "enhanced" | "reference";
  ranking_ablation: RankingRule[];
  tool_call_scope: "session" | "deferred";
  max_searches_per_turn: number | null;
  /** What was ignored while resolving: a `defer` that is not a list, an unknown ranking, a setting no key reads (`treshold_pct`: "did you mean `threshold_pct`?"). */
  warnings: string[];
}

/** Options of `assemble`. */
/** The shape of the bridge tools for each `format` of `assemble`. */
export interface BridgeToolShapes {
  openai: OpenAiTool;
  anthropic: AnthropicTool;
  mcp: McpTool;
}

/** A `format` of `assemble`. */
export type ToolFormat = keyof BridgeToolShapes;

export interface AssembleOptions<F extends ToolFormat = ToolFormat> {
  /** The model's context length in tokens; unknown (or not a positive number) means a 10,000-token leg (§4.3). */
  contextLength?: number;
  /** Shape of the three bridge tools (default "openai"); visible tools are never reshaped. */
  format?: F;
  /**
   * The provider loads deferred tools itself (OpenAI's and Anthropic's
   * `defer_loading`): the bridge is tool_search alone, its description and
   * listing say that the tools it finds are loaded for the model to call, and
   * connector tools are left out. The deferred-loading helpers of
   * `toolsearch/openai` and `toolsearch/anthropic` set it. Default false.
   */
  deferLoading?: boolean;
}

/** How much of the deferred catalog the listing shows (§7.4). */
export type ListingForm = "full" | "names" | "mixed" | "groups" | "none";

/** The assembled tool array and what it costs (§4.2). */
export interface Assembly<T = SessionTool> {
  /**
   * Visible tools (the host's own objects, in order), then tool_search,
   * tool_describe, tool_call in the shape `format` asked for: typed as the
   * session's tools or that shape (`toolName(tool)` reads either).
   */
  tools: T[];
  /** False when nothing defers or tool search is off: `tools` is the input minus bridge tools. */
  activated: boolean;
  /** 0 pass-through; 1 bridge with a per-tool listing; 2 bare bridge, server summaries, or connectors only. */
  tier: 0 | 1 | 2;
  listingForm: ListingForm;
  /** Deferrable tools. */
  deferredCount: number;
  /**
   * ceil(compact JSON characters of the deferrable tools / 4): what sending
   * every schema would cost. A tool's length is measured when the instance
   * first reads that object (and again when its name, description or
   * property names change); after editing a schema deep in place, pass a
   * new tool object.
   */
  deferredTokens: number;
  /** The listing budget when activated, else floor(contextLength × threshold_pct / 100). */
  thresholdTokens: number;
  /**
   * What the host may not have meant; today: tools that stay visible only
   * because `session.toolsets` does not register them (none can defer).
   */
  warnings: string[];
}

/** One query token as the catalog sees it. */
export interface TokenStat {
  token: string;
  /** Documents (tools) containing it. */
  df: number;
  idf: number;
}

/** Why a tool is in or out of a query's results. */
export type Verdict = "exact_name" | "admitted" | "no_gate" | "below_floor" | "no_tokens";

/** `ts.explain`: the explanation of the configured ranking. */
export type Explanation = ReferenceExplanation | EnhancedExplanation;

/** Under the reference ranking (§6): tokens, gate, floor, and one report per tool. */
export interface ReferenceExplanation {
  query: string;
  ranking: "reference";
  tokens: TokenStat[];
  /** The rarest query token, which every admitted tool must contain. */
  gate: string | null;
  /** Distinct query tokens some tool contains. */
  answerable: string[];
  /** How many answerable tokens an admitted tool must contain. */
  requiredCoverage: number;
  tools: {
    name: string;
    /** 1-based rank among the admitted tools, or null. */
    rank: number | null;
    verdict: Verdict;
    /** BM25 score; null for an exact name (infinite). */
    score: number | null;
    /** Answerable tokens the tool contains. */
    covered: number;
    /** Per query token, in query order. */
    terms: { token: string; tf: number; idf: number; contribution: number }[];
  }[];
}

/** Why tools rank as they do under `ranking: "enhanced"` (lexical; the semantic leg is not explained). */
export interface EnhancedExplanation {
  query: string;
  ranking: "enhanced";
  /** The language code when the query was translated ("ja", "de", "fr", "es", "pt", "it"); null for English. */
  language: string | null;
  /** The query's words in English, when it was translated. */
  translation: string[] | null;
  /** Written as a sentence rather than keywords. */
  natural: boolean;
  /** What the query asks for, in order. */
  concepts: {
    /** The query word (two joined words, or an implied concept in brackets). */
    word: string;
    /** Its IDF: what answering it is worth. */
    importance: number;
    /** 1 when it counts in the share, 0 for a value or name (a detail). */
    weight: number;
    /** Some tool names or describes it. */
    known: boolean;
    /** The servers it names. */
    servers: string[];
    /** The ways a tool can hold it: stems (all present), weight, and where the alternative comes from. */
    matches: { stems: string[]; weight: number; via: "word" | "glossary" | "catalog" }[];
  }[];
  /** The group's label, as `toolSearch` gives it without a semantic leg. */
  confidence: "high" | "low";
  /** How the label was reached. */
  decision: {
    signals: {
      /** The largest part of the query's concepts a top tool answers (each alike), 0 to 1. */
      answered: number;
      /** The top score relative to an ideal tool's, 0 to 1. */
      relative: number;
      /** How much more of the operation the best tool answers than the best tool of a server the query names. */
      service_gap: number;
      /** How much one of the top tools covers the query's least covered concept, 0 to 1: whether a single tool touches all it asks. */
      covered: number;
      /** 1 for a request in sentences, 0 for keywords. */
      natural: number;
      /** `ln(1 + n)` for the n concepts the share counts, n at most 8: the more a query says, the smaller the share even its right tool answers. */
      breadth: number;
      /** How the two legs agree: `1 / r` for the rank r the rules' best tool has in the plain BM25 leg (0 past its first 50; 1 when that leg ranks nothing). */
      agreement: number;
    };
    /** 0 to 1. */
    confidence: number;
    /** The confidence a high label needs. */
    threshold: number;
    /** "high" when `confidence` reaches `threshold`. An exact name, or two needs or more, label the group high whatever it says. */
    label: "high" | "low";
  };
  /**
   * The sentence whose signals the decision read, when the query has several
   * and one of them was surer than the whole (the ask among sentences that
   * set the scene); null otherwise. When set, `decision.signals` and
   * `decision.confidence` are that sentence's (with the whole query's
   * `service_gap` if the sentence names no server), while `concepts` and each
   * tool's `coverage` describe the whole query, which the ranking reads.
   */
  decided_by: string | null;
  /**
   * The clauses read as needs of their own (each clearly answered by some
   * tool), when the request asks for several things: with two or more, the
   * best tool of each moves among the first and the group is labelled high.
   */
  needs: string[];
  tools: {
    name: string;
    /** 1-based rank in the answer, or null. */
    rank: number | null;
    /** `below_limit`: ranked, not among the first `limit` (or the first 3 of a low group). */
    verdict: "exact_name" | "returned" | "below_limit" | "no_match";
    /** null for an exact name. */
    score: number | null;
    /** Share of the query's content the tool answers (concepts weighed by IDF), 0 to 1. */
    share: number;
    /** What the query's concepts written side by side in the tool's name or description add to its score (0 beyond the best 50 by BM25F). */
    proximity: number;
    /** Per concept, in order: how well the tool covers it, 0 to 1. */
    coverage: number[];
  }[];
}

/** The findability report (`ts.findability`). */
export interface Findability {
  /** The deferred tools checked. */
  tools: number;
  /** Those that both of their queries put in the first 5. */
  found: number;
  /** Queries of a tool's own words that did not put it in the first 5. */
  unfound: {
    name: string;
    /** Its server (or toolset) label. */
    source: string;
    query: string;
    /** What the query was made of: the words of its name, or its description's first sentence. */
    from: "name" | "description";
    /** Its place (1 is first), if within the first 25. */
    rank: number | null;
    /** The tools ranked first for the query. */
    ahead: string[];
    reason: string;
    fix: string;
  }[];
  /** Tools of several servers named with the same words. */
  duplicates: { words: string; names: string[]; fix: string }[];
  /** Tools with an empty or one-word description. */
  thin: { name: string; description: string; fix: string }[];
  /** The deferred tools that carry search-only keywords (`_meta["toolsearch/keywords"]`). */
  keywords: number;
}

/** Session parts for one MCP server (`ToolSearch.fromMcp`). */
export interface McpImport {
  /** The server's tools in MCP shape, named `mcp__<server>__<tool>`. */
  tools: McpTool[];
  /** Each name that defers -> `mcp-<server>`. */
  toolsets: Record<string, string>;
  /** The toolset of the server's deferred tools, `mcp-<server>` (`fromMcp` only). */
  toolset?: string;
  /** Each name -> the server and tool name as the server gave them, for routing calls. */
  origins: Record<string, { server: string; tool: string }>;
  /**
   * The names of tools their server pins (`_meta["anthropic/alwaysLoad"]: true`):
   * they are left out of `toolsets`, so they stay visible.
   */
  pinned: string[];
  /** Tools renamed to keep names apart, and tools skipped as unreadable (cycles, BigInt, nesting past 128 levels). */
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
   * The model-visible tool array (§4). Byte-stable: the same capability set
   * gives byte-identical `JSON.stringify(result.tools)`, whatever the order of
   * the deferred tools; assembling an assembled array changes nothing.
   * Throws a TypeError only when `session` is not an object.
   */
  assemble<T extends SessionTool = SessionTool, F extends ToolFormat = "openai">(
    session: Session<T> | PreparedSession,
    options?: AssembleOptions<F>,
  ): Assembly<T | BridgeToolShapes[F]>;
  /**
   * tool_search (§8): the JSON text the model reads. `args` is the model's
   * arguments, an object or JSON text. Bad arguments give an error JSON.
   * Rejects with a TypeError only when `session` is not an object.
   */
  toolSearch(args: ToolSearchArgs | string, session: Session | PreparedSession, ctx?: CallContext): Promise<string>;
  /** Any value a model sent: wrong shapes get an error JSON, never an exception. */
  toolSearch(args: unknown, session: Session | PreparedSession, ctx?: CallContext): Promise<string>;
  /** tool_describe (§9): the JSON text the model reads. */
  toolDescribe(args: ToolDescribeArgs | string, session: Session | PreparedSession, ctx?: CallContext): Promise<string>;
  toolDescribe(args: unknown, session: Session | PreparedSession, ctx?: CallContext): Promise<string>;
  /** manage_connections (§11.11): connection status, connect links or cards, renames, local MCP actions. */
  manageConnections(args: ManageConnectionsArgs | string, session: Session | PreparedSession, ctx?: CallContext): Promise<string>;
  manageConnections(args: unknown, session: Session | PreparedSession, ctx?: CallContext): Promise<string>;
  /** The manage_connections tool definition, for hosts that offer it. */
  manageConnectionsTool(format?: "openai" | "anthropic" | "mcp"): ToolDef;
  /**
   * What a tool_call means (§10.1-10.3), without running anything; a local
   * call's arguments as tool_call would run them (coerced, see `Resolution`).
   */
  resolveToolCall(args: unknown, session: Session | PreparedSession): Resolution;
  /**
   * tool_call (§10.4-10.5): resolves the call, checks that the tool is a
   * deferred tool of this session, validates the arguments against its schema
   * (after coercion), then runs it with `host.executeTool`. Resolves to the
   * text the model reads; every failure is an error JSON. Validation fails
   * open: a schema it cannot use, or one whose check of these arguments
   * would apply more than 100,000 keywords (§10.5), lets the call run. The
   * tool's result passes through as it is, never copied into the wasm
   * memory.
   */
  toolCall(args: ToolCallArgs | string, session: Session | PreparedSession, ctx?: CallContext): Promise<string>;
  toolCall(args: unknown, session: Session | PreparedSession, ctx?: CallContext): Promise<string>;
  /** Runs tool_search, tool_describe, tool_call or manage_connections by name; null for any other name. */
  handle(name: string, args: unknown, session: Session | PreparedSession, ctx?: CallContext): Promise<string | null>;
  /**
   * Runs the bridge tool `name`, like `handle`, and says what its answer is
   * (see `Answer`): read `kind`, never the text, to tell an error from a
   * tool's own output. Resolves to null when `name` is not a bridge tool.
   */
  answer(name: string, args: unknown, session: Session | PreparedSession, ctx?: CallContext): Promise<Answer | null>;
  /**
   * Runs the deferred tool `name` that the model called by its own name, as
   * a provider's own deferred loading lets it (`deferredResponsesTools`,
   * `deferredMessagesTools`): validated and run through `host.executeTool`
   * as `tool_call` runs it, with errors that do not mention `tool_call`.
   * Resolves to null when `name` is no deferred tool of the session (the
   * host's own tool).
   */
  runTool(name: string, args: unknown, session: Session | PreparedSession, ctx?: CallContext): Promise<Answer | null>;
  /**
   * Why tools rank as they do for `query` (§6). Explains the top
   * `options.limit` tools (default 10), or the tools named in `options.names`:
   * at most 100 either way, for the query's first 4,096 characters.
   */
  explain(query: string, session: Session | PreparedSession, options?: { names?: string[]; limit?: number }): Explanation;
  /**
   * Which deferred tools a model would not find. Each is searched for, under
   * the configured ranking, with its own words: its name's, and its
   * description's first sentence. A query that does not put it in the first
   * 5 is a finding (`unfound`), as are tools of several servers named with the
   * same words (`duplicates`) and empty or one-word descriptions (`thin`);
   * each comes with its reason and a fix. In a catalog of more than 2,000
   * tools, a word in more than 2,000 of them is left out of the queries (it
   * tells a tool from none, and would make the report quadratic); a query
   * of nothing else is a finding of its own, with no rank.
   */
  findability(session: Session | PreparedSession): Findability;
  /**
   * Session parts for an MCP server's `tools/list` result (or its `tools`
   * array). Characters outside [A-Za-z0-9_-] in names become "_". No name
   * routes to two tools: when composed names collide, a tool whose name
   * needed no change keeps it and the others get `_2`, `_3`, ... in list
   * order; a server whose part names in `taken` (earlier imports, or their
   * names) already use gets `<server>_2`. Each rename is in `warnings`.
   */
  static fromMcp(serverName: string, listToolsResult: unknown, taken?: string[] | { tools: unknown[] }): McpImport;
  /**
   * One session from several servers' `tools/list` results (or `tools`
   * arrays), keyed by server name: `fromMcp` for each, names kept apart across
   * servers, everything merged. The servers are imported in one pass: the
   * cost is their tools', however many servers bring them.
   */
  static fromMcpServers(servers: Record<string, unknown>): McpImport;
  /**
   * A snapshot of `session` that every method takes in its place, so that a
   * turn costs its queries, not its catalog (nothing of the session is read
   * again). Its search indexes are built now (the enhanced index too under
   * the enhanced ranking), so the first call after it builds nothing; use
   * `importIndex` in its place to restore them from a snapshot instead.
   * Search and listing keep what the tools were at `prepare`;
   * describe and call read the tools' current schemas. Prepare a changed
   * session again. The snapshot belongs to this instance.
   */
  prepare(session: Session): PreparedSession;
  /**
   * The search indexes of the session's catalog as bytes to cache across
   * starts (with the enhanced index under the enhanced ranking), keyed inside
   * by a digest of the catalog's deferred tools and the package version.
   */
  exportIndex(session: Session | PreparedSession): Uint8Array;
  /**
   * Prepares `session` with its search indexes restored from bytes of
   * `exportIndex`, so that its first search builds none. Bytes of another
   * catalog or version, or damaged ones, are refused (`refused` says why) and
   * the indexes are built as usual: a snapshot never changes an answer. A
   * snapshot taken under the reference ranking restores the reference index
   * only (the enhanced one is built when first needed). Throws a TypeError
   * when `bytes` are no bytes or the session was prepared by another instance.
   */
  importIndex(bytes: Uint8Array | ArrayBuffer, session: Session | PreparedSession): IndexImport;
  /** Releases the wasm memory now. Any later use throws an Error that says so; a second `free` does nothing. */
  free(): void;
  [Symbol.dispose](): void;
}

/** The stemmed tokens of `text` (§5.4). */
export function tokenize(text: string): string[];

/** The package version. */
export function version(): string;

/**
 * True for a name no host tool may take where bridges are built for it
 * (`tool_search`, `tool_describe`, `tool_call`, `manage_connections`): the
 * adapters refuse such tools.
 */
export function isReservedName(name: unknown): boolean;

/**
 * Which error a bridge answered with: stable across releases, unlike its
 * text. `internal` is an answer the engine could not write.
 */
export type ErrorClass =
  | "arguments_unserialisable" | "arguments_not_json" | "list_required" | "list_empty" | "list_too_long"
  | "item_too_long" | "calls_required" | "calls_not_array" | "calls_not_json" | "call_not_object"
  | "call_without_name" | "call_to_bridge" | "call_arguments_not_object" | "call_arguments_not_json"
  | "local_batch" | "directly_listed" | "not_in_session" | "unknown_tool" | "not_in_session_scope"
  | "connectors_unavailable" | "no_executor" | "tool_failed" | "too_many_calls" | "missing_arguments"
  | "invalid_arguments" | "manage_action" | "manage_targets" | "no_local_servers" | "callback_failed"
  | "gateway_failed" | "denied" | "approval_required" | "approval_failed" | "search_limit" | "internal";

/**
 * What a bridge call answered (`ts.answer`). `text` is always what the model
 * reads; the kind says what it is.
 */
export type Answer =
  /** A bridge's own answer; `matches`, the tool names a `tool_search` returned, each once, in order (empty for the other bridges). */
  | { kind: "bridge"; text: string; matches: string[] }
  /** The call cannot go on: `class` says why. */
  | { kind: "error"; text: string; class: ErrorClass }
  /** The tool ran: `result` is what `host.executeTool` returned, untouched; `text`, it as text. */
  | { kind: "tool"; text: string; result: unknown }
  /** A connector batch ran (§11.9): how many of its calls succeeded and failed. */
  | { kind: "connectors"; text: string; succeeded: number; failed: number };

/**
 * True when an answer of `ts.answer` is one a host should flag as failed
 * (MCP `isError`, Anthropic `is_error`): an error, or a connector batch in
 * which no call succeeded. A tool's own output never is. Throws a TypeError
 * for a string: the text alone does not say what it is.
 */
export function isError(answer: Answer | null): boolean;

/**
 * Sums up events of `host.onEvent` (or the lines of toolsearch-mcp's log):
 * searches per turn, the share of groups labelled low or empty, the
 * requests the catalog could not answer with the tools that came closest,
 * tools found but never called, tools called most, and the guard's steps.
 * Anything that is no event is skipped.
 */
export function summarizeEvents(events: Iterable<unknown>): EventSummary;

/** The name of a tool in any supported shape; null when it has none. */
export function toolName(def: unknown): string | null;

/** The parameters schema of a tool in any supported shape; null when it has none. */
export function toolSchema(def: unknown): JsonSchema | null;

/**
 * Loads the wasm. Needed once before use in browsers (`toolsearch/web`);
 * a no-op in Node, where the package is ready on import. `input` is where
 * the library's wasm comes from (a URL, Response, bytes or
 * WebAssembly.Module; by default `toolsearch_bg.wasm` next to the entry),
 * `validator` the same for the argument validator (`validator_bg.wasm`),
 * which loads on the first `tool_call` that validates.
 */
export default function init(input?: unknown, validator?: unknown): Promise<void>;

/**
 * `init` without a promise, from the wasm's bytes (or a compiled
 * WebAssembly.Module), for bundles and workers that cannot fetch the .wasm
 * files; `validator`, the validator's bytes, is kept until the first
 * `tool_call` that validates. The web entry throws a TypeError without
 * `input`; in Node it is a no-op.
 */
export function initSync(input?: BufferSource | WebAssembly.Module, validator?: BufferSource | WebAssembly.Module): void;
