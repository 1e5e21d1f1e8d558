// The errors toolsearch-mcp throws of its own: each says what went wrong in
// a stable `code` (a program reads it, never the text), and carries what it
// wraps as its `cause` where that is safe to keep (a server's words are
// cleaned first: redact.mjs). Errors of the MCP SDK (McpError) pass as
// they are, with their JSON-RPC codes.

/**
 * What went wrong, stable across releases:
 * - `config_invalid`: a config that cannot be served (`ConfigError`);
 * - `tool_failed`: a tool's server answered `isError` (`ToolFailedError`);
 * - `unknown_tool`: no server offers the tool;
 * - `server_unavailable`: its server did not start, or the host is closed;
 * - `connection_closed`: its server's connection closed during the call;
 * - `proxy_closed`: the proxy was closed, or connected twice.
 * @typedef {"config_invalid" | "tool_failed" | "unknown_tool" | "server_unavailable" | "connection_closed" | "proxy_closed"} ProxyErrorCode
 */

/** An error of toolsearch-mcp's own: `code` says what went wrong. */
export class ProxyError extends Error {
  /**
   * @param {ProxyErrorCode} code
   * @param {string} message
   * @param {{ cause?: unknown }} [options]
   */
  constructor(code, message, options) {
    super(message, options);
    this.name = "ProxyError";
    /** @type {ProxyErrorCode} */
    this.code = code;
  }
}

/** A config that cannot be served, with every reason (`problems`). */
export class ConfigError extends ProxyError {
  /** @param {string[]} problems */
  constructor(problems) {
    super("config_invalid", problems.join("\n"));
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/**
 * A tool whose server answered `isError`: its message is the result's text,
 * and its `cause` the result as the server gave it (its values cleaned out
 * of it), content blocks and all.
 */
export class ToolFailedError extends ProxyError {
  /**
   * @param {string} tool the tool's name in the session
   * @param {string} text the result's text
   * @param {import("@modelcontextprotocol/sdk/types.js").CallToolResult} result
   */
  constructor(tool, text, result) {
    super("tool_failed", text, { cause: result });
    this.name = "ToolFailedError";
    this.tool = tool;
    // The same value, typed (Error's own `cause` is unknown).
    /** @type {import("@modelcontextprotocol/sdk/types.js").CallToolResult} */
    this.cause = result;
  }
}
