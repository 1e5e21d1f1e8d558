// `toolsearch-mcp`: a host for many MCP servers (Node), on the MCP SDK, and
// the proxy in front of them (`ToolSearchProxy`), to run in-process.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpTool, Session, ToolSearchConfig } from "toolsearch";

/**
 * Which of a server's tools stay visible instead of behind tool_search:
 * those its `_meta` pins (`anthropic/alwaysLoad`), unless `defer` is true;
 * every tool with `defer: false` or `alwaysLoad: true`; and the tools
 * `alwaysLoad` names (the server's own names).
 */
export interface McpPinning {
  defer?: boolean;
  alwaysLoad?: true | string[];
  /**
   * Search-only keywords per tool (the server's own names): words the
   * enhanced ranking finds the tool by, added to its
   * `_meta["toolsearch/keywords"]`. The client never sees them.
   */
  keywords?: Record<string, string | string[]>;
}

/**
 * Values a server's text must never carry on to the model or the logs,
 * besides its env and header values and its URL's credentials (which are
 * always kept out): toolsearch-mcp puts here what it expanded from
 * `${VAR}` in servers.json.
 */
export interface McpSecrets {
  secrets?: string[];
}

/** One MCP server: a command over stdio, or a URL over streamable HTTP or SSE (with the headers its requests carry). `disabled: true` leaves it out. */
export type McpServerSpec =
  | ({ name: string; command: string; args?: string[]; env?: Record<string, string>; cwd?: string; disabled?: boolean } & McpPinning & McpSecrets)
  | ({ name: string; url: string; headers?: Record<string, string>; type?: McpHttpType; disabled?: boolean } & McpPinning & McpSecrets);

/**
 * How a `url` server is spoken to: streamable HTTP (`"http"`, or
 * `"streamable-http"`), or the older HTTP with Server-Sent Events (`"sse"`).
 * Without a type, streamable HTTP is tried first, and SSE when the server
 * answers it 400, 404 or 405.
 */
export type McpHttpType = "http" | "streamable-http" | "sse";

/** A server spec without its name (each member of the union alike). */
type Unnamed<T> = T extends unknown ? Omit<T, "name"> : never;

/** An `mcpServers` map as Claude Desktop and Cursor write it. */
export type McpServersMap = Record<string, Unnamed<McpServerSpec>>;

/** The connected servers as one session. */
export interface McpHost {
  /** Tools named `mcp__<server>__<tool>` in toolsets `mcp-<server>`; servers that did not start are `declaredSources`. Updated in place. */
  session: Session & { tools: McpTool[]; declaredSources: NonNullable<Session["declaredSources"]> };
  /** Each tool name -> the server and the tool's own name there. */
  origins: Record<string, { server: string; tool: string }>;
  /** Servers that are unavailable (they did not start, or failed to start again), and why; one leaves it when a later try starts it. Updated in place. */
  failures: { server: string; reason: string }[];
  /** Runs a tool by its session name: the text of its result; throws a `ToolFailedError` with that text (and the result as its `cause`) when the server reports isError. */
  callTool(name: string, args: Record<string, unknown>, options?: McpCallOptions): Promise<string>;
  /**
   * Runs a tool by its session name: the server's result as it came (its
   * content blocks: text, images, resources); throws only when no server
   * offers the name (`ProxyError` "unknown_tool"), its server cannot start
   * ("server_unavailable") or the connection fails ("connection_closed",
   * or the SDK's McpError).
   */
  callToolResult(name: string, args: Record<string, unknown>, options?: McpCallOptions): Promise<McpToolResult>;
  /**
   * Lists again, in the background, the tools of each server whose latest
   * listing has outlived the `ttlMs` its server gave with it (MCP
   * 2026-07-28): a cached server is started, a connected one listed (unless
   * it announces its changes). Call it when the session is about to be
   * read; the session changes in place, and `onToolsChanged` is called, when
   * the new listing differs. Cheap when no listing is stale.
   */
  refresh(): void;
  /**
   * The prompts of the servers that serve them, in one list, named
   * `mcp__<server>__<prompt>` as their tools are. A server not started yet
   * is started when the cache does not say it serves none; one that fails
   * or takes longer than `startTimeoutMs` is left out. At most 10,000 a server.
   */
  listPrompts(): Promise<{ prompts: McpPrompt[] }>;
  /** A prompt by the name `listPrompts` gave it, from its server: an McpError says why it cannot be had. */
  getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: McpCallOptions,
  ): Promise<{ description?: string; messages: Array<{ role: string; content: { type: string; [key: string]: unknown } }>; [key: string]: unknown }>;
  /** The resources of the servers, in one list, their URIs as the servers gave them: a URI that several list is kept for the first in configuration order. */
  listResources(): Promise<{ resources: McpResource[] }>;
  /** The resource templates of the servers, in one list; a template that several list is kept for the first in configuration order. */
  listResourceTemplates(): Promise<{ resourceTemplates: McpResourceTemplate[] }>;
  /**
   * A resource by URI, from the server that lists it, else the one with the
   * template it fits best, else the first of those that serve resources to
   * read it; an McpError (-32002) when none does.
   */
  readResource(uri: string, options?: McpCallOptions): Promise<{ contents: Array<{ uri: string; [key: string]: unknown }>; [key: string]: unknown }>;
  /** Closes every connection, and ends every server process still running (after a grace period, killed). */
  close(): Promise<void>;
}

/** A tool's result as its server gave it. */
export interface McpToolResult {
  content: Array<{ type: string; [key: string]: unknown }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A prompt of a server, as it listed it but for its name. */
export interface McpPrompt {
  name: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
  [key: string]: unknown;
}

/** A resource of a server, as it listed it. */
export interface McpResource {
  uri: string;
  name: string;
  mimeType?: string;
  [key: string]: unknown;
}

/** A resource template of a server, as it listed it. */
export interface McpResourceTemplate {
  uriTemplate: string;
  name: string;
  [key: string]: unknown;
}

/** Options of a call to a server: its cancellation and deadline, and its progress. */
export interface McpCallOptions {
  signal?: AbortSignal;
  timeout?: number;
  resetTimeoutOnProgress?: boolean;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** Options of `connectMcpServers`. */
export interface McpHostOptions {
  /** Aborting it ends the servers' processes, those still starting too: the host resolves without waiting for them. */
  signal?: AbortSignal;
  /** How long a server may take to start and list its tools, in milliseconds (default 30,000); a slower one is ended and reported. */
  startTimeoutMs?: number;
  /**
   * The first wait before a server that failed to start is tried again, in
   * milliseconds (default 5,000); each failure doubles it, up to 5 minutes
   * (or this wait, if longer). 0 never tries again: the server stays
   * unavailable until the host is connected anew.
   */
  retryDelayMs?: number;
  /** The largest message read from a server, stdio or HTTP (an event of a stream, for HTTP), in bytes (default 64 MiB); a larger one is not read, and closes that connection. */
  maxMessageBytes?: number;
  /**
   * A manifest cache file: servers whose tools it holds for their current
   * configuration are not started until a call needs them.
   */
  cache?: string;
  /** How long a cached listing stands, in milliseconds (default 7 days; `Infinity` for ever). Remote (`url`) servers are never cached. */
  cacheMaxAgeMs?: number;
  /** Called when a server starts (at connect, on its first call, on the next call after it exited, or on a try again after it failed). */
  onStart?: (server: string) => void;
  /** Called when the session's tools changed (a server's tools/list_changed, a lazy start, a server that failed or started again). */
  onToolsChanged?: () => void;
  /**
   * Called when a server's list of prompts or resources changed (its
   * list_changed), or a server that serves them started and the latest
   * lists left it out; at most once a second per list.
   */
  onListChanged?: (list: "prompts" | "resources") => void;
  /** Called with what went wrong without stopping anything. */
  onWarning?: (message: string) => void;
}

/**
 * Connects to `servers` and lists their tools; a server that fails is
 * reported, not thrown, and tried again in the background (`retryDelayMs`).
 * A server that exits later starts again on the next call that needs it (the
 * calls in flight then fail with an error that says so).
 */
export function connectMcpServers(servers: McpServerSpec[] | McpServersMap, options?: McpHostOptions): Promise<McpHost>;

/** The text parts of an MCP tool result, or the whole result as JSON. */
export function resultText(result: unknown): string;

/**
 * What went wrong, stable across releases: `config_invalid` (a config that
 * cannot be served), `tool_failed` (a tool's server answered isError),
 * `unknown_tool` (no server offers it), `server_unavailable` (its server did
 * not start, or the host is closed), `connection_closed` (its server's
 * connection closed during the call), `proxy_closed` (the proxy was closed,
 * or connected twice).
 */
export type ProxyErrorCode = "config_invalid" | "tool_failed" | "unknown_tool" | "server_unavailable" | "connection_closed" | "proxy_closed";

/** An error of toolsearch-mcp's own: read `code`, never the text. */
export class ProxyError extends Error {
  readonly code: ProxyErrorCode;
}

/** A config that cannot be served: `problems` says every reason, each a line of the message. */
export class ConfigError extends ProxyError {
  readonly code: "config_invalid";
  readonly problems: string[];
}

/** A tool whose server answered isError: the message is the result's text; `cause`, the result, content blocks and all. */
export class ToolFailedError extends ProxyError {
  readonly code: "tool_failed";
  /** The tool's name in the session. */
  readonly tool: string;
  readonly cause: McpToolResult;
}

/** One server's entry in servers.json (the README's table says each key). */
export type ProxyServerEntry = (
  | { command: string; args?: string[]; env?: Record<string, string>; cwd?: string; type?: "stdio" }
  | { url: string; headers?: Record<string, string>; type?: McpHttpType }
) & { disabled?: boolean; approval?: "destructive" | "always" | "never" } & McpPinning;

/**
 * servers.json as the proxy reads it (the README's table says each key):
 * `mcpServers` and the settings. `resolveConfig` takes it, or its text.
 */
export interface ProxyConfigInput {
  mcpServers: Record<string, ProxyServerEntry>;
  toolSearch?: ToolSearchConfig;
  contextLength?: number;
  toolTimeoutMs?: number;
  toolMaxTimeoutMs?: number;
  startTimeoutMs?: number;
  retryDelayMs?: number;
  maxMessageBytes?: number;
  approvalWithoutElicitation?: "allow" | "refuse";
  cache?: string | false;
  /** The event log: a JSON line per event of a bridge call (a relative path is read from the config file's folder). */
  log?: string;
  /** The event log's size cap in bytes (default 10 MiB, at least 4096): past it the file moves to `<log>.1`. */
  logMaxBytes?: number;
}

/** The proxy's config, resolved once: every setting given or defaulted, within its bounds; frozen. */
export interface ProxyConfig {
  /** The servers to start, disabled ones left out; `${VAR}`s expanded. */
  readonly servers: Readonly<McpServersMap>;
  /** The servers left out (`disabled: true`), by name. */
  readonly disabled: readonly string[];
  /** Each server's approval policy, by name. */
  readonly approvals: Readonly<Record<string, "destructive" | "always" | "never">>;
  readonly toolSearch: ToolSearchConfig | undefined;
  /** Default 200,000 tokens. */
  readonly contextLength: number;
  /** Default 600,000 ms. */
  readonly toolTimeoutMs: number;
  /** Default 3,600,000 ms; never less than `toolTimeoutMs`. */
  readonly toolMaxTimeoutMs: number;
  /** Default 30,000 ms. */
  readonly startTimeoutMs: number;
  /** Default 5,000 ms; 0: a failed server is not tried again. */
  readonly retryDelayMs: number;
  /** Default 64 MiB. */
  readonly maxMessageBytes: number;
  /** Default "allow". */
  readonly approvalWithoutElicitation: "allow" | "refuse";
  /** The manifest cache file; undefined for none. */
  readonly cache: string | undefined;
  /** The event log file; undefined for none (no event is made then). */
  readonly log: string | undefined;
  /** Default 10 MiB. */
  readonly logMaxBytes: number;
}

/**
 * Checks a config (servers.json's text, or the value it holds) and resolves
 * it, once: every default applied, every value within its bounds, frozen.
 * `path` is the file's: a relative `cache` or `log` is read from its
 * folder, and without a `cache` key the cache is a file of its own in
 * `$XDG_CACHE_HOME/toolsearch-mcp/` (with no `path`: a relative `cache` or
 * `log` is read from the working folder, and there is no cache by
 * default). `env` is what `${VAR}` reads (default `process.env`). `log`
 * is the event log whatever the config says (the command line's `--log`),
 * read from the working folder. Throws `ConfigError`.
 */
export function resolveConfig(
  source: string | ProxyConfigInput,
  options?: { path?: string; env?: Record<string, string | undefined>; log?: string },
): ProxyConfig;

/** Options of a `ToolSearchProxy`. */
export interface ToolSearchProxyOptions {
  /** Told what the proxy has to say, a line at a time: servers that start or are unavailable, warnings (default: nothing). */
  log?: (line: string) => void;
  /** The clock of the turns it infers for the search guard, in ms (default `Date.now`). */
  now?: () => number;
}

/**
 * The proxy: an MCP server that shows its client tool_search,
 * tool_describe and tool_call in front of the servers of its config. The
 * bin serves it over stdio; here, over any transport of the MCP SDK.
 */
export class ToolSearchProxy {
  /** A proxy of `config` (which `resolveConfig` made); nothing starts until `connect`. */
  constructor(config: ProxyConfig, options?: ToolSearchProxyOptions);
  /**
   * Serves its client through `transport` and starts its servers: the
   * client is answered at once, and its requests wait for the servers.
   * Resolves once each server has started or failed to; rejects when they
   * cannot be started at all. Once per proxy; when the client's connection
   * closes, the proxy closes.
   */
  connect(transport: Transport): Promise<void>;
  /** Ends its servers (their processes too), writes what its event log (`log`) still holds, then ends its client's connection. */
  close(): Promise<void>;
}
