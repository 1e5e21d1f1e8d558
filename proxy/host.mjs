// toolsearch-mcp: a host for many MCP servers on the official SDK client. It
// connects to each server (stdio, or streamable HTTP for a `url`), lists its
// tools (every page) into one session with ToolSearch.fromMcp (names never
// shared between servers), follows each server's tools/list_changed, and
// routes calls back to the server that owns a tool. A server that cannot start
// is no crash: it becomes a declared source that search reports as unusable,
// and it is tried again in the background, less often each time it fails. A
// server that exits later (or drops its connection) starts again on the next
// call that needs it.
//
// With a manifest cache (`options.cache`, a file), a server whose tools are
// cached under its current configuration is not started at all until a call
// needs it: search, describe and the listing read the cache.
//
// Their prompts and resources are read when asked for, from the servers
// that serve them: prompts named as tools are, resources by their own URIs.
//
// The parts: pool.mjs (the servers of one host, the session, naming),
// server.mjs (one server and its states), transport.mjs (processes, HTTP,
// floods; sdk-private.mjs, the two private fields of the SDK it reaches),
// config.mjs (its settings' defaults), errors.mjs (what it throws),
// environment.mjs (what a stdio server is started with),
// http-limit.mjs (HTTP messages within maxMessageBytes), listing.mjs
// (tools/list), importer.mjs (a listing read at the cost of what changed),
// cache.mjs (the manifest cache), catalogs.mjs (the servers' prompts and
// resources), prompts.mjs (their names and gets), resources.mjs (their
// URIs and reads), secrets.mjs and redact.mjs (what of a server's text may
// be quoted).
import { ToolFailedError } from "./errors.mjs";
import { ServerPool } from "./pool.mjs";

/** @import { McpCallOptions, McpHost, McpHostOptions, McpServerSpec, McpServersMap } from "toolsearch-mcp" */

/**
 * The text parts of an MCP tool result, or the whole result as JSON.
 * @param {unknown} result
 * @returns {string}
 */
export function resultText(result) {
  /** @type {{ content?: unknown, structuredContent?: unknown } | null | undefined} */
  const read = result !== null && typeof result === "object" ? result : undefined;
  /** @type {{ type?: unknown, text?: unknown }[]} */
  const content = Array.isArray(read?.content) ? read.content : [];
  if (content.length > 0 && content.every((c) => c.type === "text")) return content.map((c) => c.text).join("\n");
  return JSON.stringify(read?.structuredContent ?? result);
}

/**
 * Connects to `servers` (an array of `{name, command, args?, env?, cwd?}` or
 * `{name, url}`, or an `mcpServers` map of the same without `name`). Resolves
 * to `{ session, origins, failures, callTool(name, args), refresh(), close() }`;
 * the session object is updated in place when a server's tools change, and
 * `options.onToolsChanged()` is called then (`refresh()` lists again the
 * servers whose listing outlived the ttlMs their server gave). With
 * `options.cache` (a file path), servers whose tools are cached for their
 * configuration start on their first call instead (`options.cacheMaxAgeMs`,
 * default 7 days, ends a cached listing); `options.onStart(name)` tells
 * when a server starts. `listPrompts()`, `getPrompt()`, `listResources()`,
 * `listResourceTemplates()` and `readResource()` reach the servers' prompts
 * and resources, and `options.onListChanged(list)` tells when they change.
 * @param {McpServerSpec[] | McpServersMap} servers
 * @param {McpHostOptions} [options]
 * @returns {Promise<McpHost>}
 */
export async function connectMcpServers(servers, options = {}) {
  const pool = new ServerPool(servers, options);
  await pool.start();
  /** Runs a tool by its session name: the server's result as it came, its content blocks included. */
  /** @type {McpHost["callToolResult"]} */
  const callToolResult = (name, args, callOptions) => pool.callToolResult(name, args, callOptions);
  /** Runs a tool by its session name: its result's text, or a ToolFailedError with that text (and the result) when the server says isError. */
  /** @type {McpHost["callTool"]} */
  const callTool = async (name, args, callOptions) => {
    const result = await pool.callToolResult(name, args, callOptions);
    const text = resultText(result);
    if (result.isError) throw new ToolFailedError(name, text, result);
    return text;
  };
  return {
    session: pool.session,
    origins: pool.origins,
    failures: pool.failures,
    callTool,
    callToolResult,
    refresh: () => pool.refresh(),
    listPrompts: () => pool.prompts.list(),
    getPrompt: (name, args, callOptions) => pool.prompts.get(name, args, callOptions),
    listResources: () => pool.resources.list(),
    listResourceTemplates: () => pool.resources.listTemplates(),
    readResource: (uri, callOptions) => pool.resources.read(uri, callOptions),
    close: () => pool.close(),
  };
}
