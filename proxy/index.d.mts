// `toolsearch-mcp`: a host for many MCP servers (Node), on the MCP SDK.
import type { McpTool, Session } from "toolsearch";

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
  /** Runs a tool by its session name: the text of its result; throws with that text when the server reports isError. */
  callTool(name: string, args: Record<string, unknown>, options?: McpCallOptions): Promise<string>;
  /**
   * Runs a tool by its session name: the server's result as it came (its
   * content blocks: text, images, resources); throws only when no server
   * offers the name or the connection fails.
   */
  callToolResult(
    name: string,
    args: Record<string, unknown>,
    options?: McpCallOptions,
  ): Promise<{ content: Array<{ type: string; [key: string]: unknown }>; structuredContent?: Record<string, unknown>; isError?: boolean }>;
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
