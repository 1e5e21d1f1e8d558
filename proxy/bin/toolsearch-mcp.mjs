#!/usr/bin/env node
// toolsearch-mcp: one MCP server (stdio) in front of many. It connects to the
// servers of a config file in the `mcpServers` shape that Claude Desktop and
// Cursor use, and exposes tool_search, tool_describe and tool_call (with the
// budgeted listing in their descriptions) instead of every tool's schema.
//
//   npx -y toolsearch-mcp servers.json
//   npx -y toolsearch-mcp --report servers.json [--json]
//
// --report prints which of the servers' tools a model would not find with
// their own words (`ts.findability`), as text or JSON, and exits.
//
// servers.json (JSON, or JSONC with comments and trailing commas; proxy/config.mjs checks every key):
//   {"mcpServers": {"<name>": {"command", "args"?, "env"?, "cwd"?, "type"?: "stdio", "disabled"?, "approval"?}
//                           | {"url", "headers"?, "type"?: "http", "disabled"?, "approval"?}},
//    "toolSearch"?: <config.tool_search>, "contextLength"?: <tokens, default 200000>,
//    "toolTimeoutMs"?: <a tool call's deadline, default 600000; progress restarts it>,
//    "toolMaxTimeoutMs"?: <a tool call's deadline whatever its progress, default 3600000, at least toolTimeoutMs>,
//    "startTimeoutMs"?: <a server's start and listing, default 30000>,
//    "retryDelayMs"?: <the first wait before a failed server is tried again, default 5000; 0: never>,
//    "maxMessageBytes"?: <the largest message read, default 64 MiB>,
//    "approvalWithoutElicitation"?: <"allow" (default) or "refuse": a call an approval policy asks about, when the client cannot be asked>,
//    "cache"?: <manifest file, or false; default in $XDG_CACHE_HOME/toolsearch-mcp/>}
// With the manifest cache, a server whose tools are cached for its current
// configuration starts on its first tool_call, not before. Before the proxy
// runs a tool its server's "approval" names ("destructive" by default, or
// "always", "never"), through tool_call or called directly (a pinned tool),
// the client's user is asked through MCP elicitation, when the client
// supports it. The client is
// answered from the start; requests wait until the servers have started or
// failed to (each within startTimeoutMs).
// An MCP client names no turn of its agent: for the search guard, a turn is
// the calls up to one that runs a tool, or up to a pause of two minutes
// (turns.mjs). The servers' prompts (named mcp__<server>__<prompt>, as tools
// are) and resources (by their own URIs) are passed on, each list in one
// page, with their list_changed (catalogs.mjs). Logs go to stderr; stdout
// carries MCP.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { ToolSearch, isError } from "toolsearch";
import { DEFAULT_APPROVAL, approveThroughClient, canBeAsked } from "../approval.mjs";
import { ConfigError, cacheFolder, cachePath, readConfig } from "../config.mjs";
import { connectMcpServers, resultText } from "../host.mjs";
import { LONGEST_DELAY_MS, MAX_MESSAGE_BYTES, positive } from "../limits.mjs";
import { LineBuffer } from "../line-buffer.mjs";
import { errorText } from "../redact.mjs";
import { reportText } from "../report.mjs";
import { Turns } from "../turns.mjs";

/** @import { CallToolResult, GetPromptResult, Progress, ProgressToken, ReadResourceResult, ServerNotification, Tool } from "@modelcontextprotocol/sdk/types.js" */
/** @import { PreparedSession } from "toolsearch" */
/** @import { McpCallOptions, McpHost } from "toolsearch-mcp" */
/** @import { Config, ServerSpec } from "../config.mjs" */

/**
 * What a call to a server takes of the client's request: its cancellation,
 * its progress token, and the way to notify it.
 * @typedef {{ signal?: AbortSignal, progressToken?: ProgressToken, notify: (notification: ServerNotification) => Promise<void> }} ClientRequest
 */

/** @param {string} line */
const log = (line) => process.stderr.write(`toolsearch-mcp: ${line}\n`);
const { version } = createRequire(import.meta.url)("../package.json");

const USAGE = `usage: toolsearch-mcp servers.json
       toolsearch-mcp --report servers.json [--json]
  servers.json: {"mcpServers": {"<name>": {"command", "args"?, "env"?, "cwd"?} | {"url", "headers"?}}, "toolSearch"?: {...}}
  (JSON or JSONC; the keys are in the README of toolsearch-mcp)
  --report: which tools a model would not find with their own words, with
  near-duplicates and thin descriptions (--json: as JSON); then it exits.
  The servers' tools are cached in ${cacheFolder()} (a file per config;
  MCP clients may launch it with another XDG_CACHE_HOME), unless the config
  says "cache": "<file>" or false.
toolsearch-mcp ${version}`;

const flags = process.argv.slice(2);
const reporting = flags.includes("--report");
const asJson = flags.includes("--json");
const [configPath] = flags.filter((flag) => flag !== "--report" && flag !== "--json");
if (!configPath || configPath === "--help" || configPath === "-h") {
  process.stderr.write(`${USAGE}\n`);
  process.exit(configPath ? 0 : 2);
}
if (configPath === "--version") {
  process.stderr.write(`${version}\n`);
  process.exit(0);
}
let text;
try {
  text = readFileSync(configPath, "utf8");
} catch (error) {
  log(`cannot read ${configPath}: ${errorText(error)}`);
  process.exit(2);
}
/** @type {Config} */
let config;
/** @type {Record<string, ServerSpec>} */
let servers;
/** @type {string[]} */
let disabled;
/** @type {Map<string, string>} */
let approvals;
try {
  ({ config, servers, disabled, approvals } = readConfig(text));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  for (const problem of error.problems) log(`${configPath}: ${problem}`);
  process.exit(2);
}
for (const name of disabled) log(`server '${name}' is disabled`);
const cache = cachePath(config, configPath);
log(cache ? `tools cache: ${cache}` : "tools cache: off");
if (reporting) await report();

/**
 * A positive whole option, or `fallback`; at most the longest delay a timer takes.
 * @param {unknown} value
 * @param {number} fallback
 */
const bounded = (value, fallback) => positive(value, fallback, LONGEST_DELAY_MS);
const maxMessageBytes = bounded(config.maxMessageBytes, MAX_MESSAGE_BYTES);
const capabilities = { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true } };
const server = new Server({ name: "toolsearch-mcp", version }, { capabilities });
// The session as prepared (`ts.prepare`): a turn reads none of its tools.
// A change of the servers' tools prepares it again at once, as part of the
// change: the server's next listing waits in proportion (proxy/server.mjs).
/** @type {PreparedSession | null} */
let prepared = null;
/** The tools the last assembly shows the client, by name: the only ones called directly. @type {Map<string, Tool> | null} */
let shown = null;
/** @type {McpHost | null} */
let host = null;
/** The host, as whatever waited for `hostReady` reads it. */
const ready = () => /** @type {McpHost} */ (host);
/**
 * The client's user, asked before a tool its server's approval policy
 * names runs: through tool_call (the engine asks) and when called directly.
 */
const withoutElicitation = config.approvalWithoutElicitation ?? "allow";
const approve = approveThroughClient(
  server,
  (name) => {
    const { origins } = ready();
    const origin = Object.hasOwn(origins, name) ? origins[name] : undefined;
    return (origin && approvals.get(origin.server)) ?? DEFAULT_APPROVAL;
  },
  withoutElicitation,
);
// A client that cannot be asked is said once, at its start: what the
// servers' approval policies name then runs unasked, or is refused.
server.oninitialized = () => {
  const asking = [...approvals].filter(([, policy]) => policy !== "never").map(([name]) => name);
  if (canBeAsked(server) || asking.length === 0) return;
  const then = withoutElicitation === "refuse" ? "are refused" : "run without asking (set \"approvalWithoutElicitation\": \"refuse\" to refuse them)";
  log(`the client cannot be asked to approve a call (it takes no MCP elicitation): the tools that the approval policies of ${asking.join(", ")} name ${then}`);
};
/** Aborted on shutdown: servers still starting are ended, not waited for. */
const starting = new AbortController();
const hostReady = connectMcpServers(servers, {
  signal: starting.signal,
  cache,
  startTimeoutMs: config.startTimeoutMs,
  retryDelayMs: config.retryDelayMs,
  maxMessageBytes,
  onStart: (name) => log(`server '${name}' started`),
  onToolsChanged: () => {
    prepared = host && ts.prepare(host.session);
    shown = null;
    server.sendToolListChanged().catch(() => {});
  },
  onListChanged: (list) => (list === "prompts" ? server.sendPromptListChanged() : server.sendResourceListChanged()).catch(() => {}),
  onWarning: log,
}).then((connected) => {
  host = connected;
  if (!closing) for (const failure of host.failures) log(`server '${failure.server}' is unavailable: ${failure.reason}`);
  return host;
});

// One deadline for a tool call, here and in the engine (10 minutes by default);
// progress notifications from the server restart it, but never past the
// longest a call may take (an hour by default): a server that reports
// progress for ever does not hold a call for ever.
const toolTimeout = bounded(config.toolTimeoutMs, 600_000);
const toolMaxTimeout = Math.max(toolTimeout, bounded(config.toolMaxTimeoutMs, 3_600_000));
const ts = new ToolSearch({
  config: config.toolSearch,
  // The MCP client's timeout is the deadline (progress restarts it); the
  // engine's own only ends a call that outlives it by far.
  timeouts: { tool: 0xffffffff },
  host: {
    // The server's result as it is: a tool_call answer of kind "tool"
    // carries it back whole. The client's cancellation (`ctx.signal`)
    // reaches the server, and the server's progress reaches the client.
    executeTool: async (name, args, ctx) => {
      // The ctx of the request handler below, which the engine hands back.
      const request = /** @type {ClientRequest} */ (ctx);
      const result = await callServer(request, (options) => ready().callToolResult(name, args, options));
      if (result.isError) throw new Error(resultText(result));
      return result;
    },
    // The client's user, asked before a tool the server's approval policy names.
    approve,
  },
});
for (const warning of ts.config.warnings) log(warning);
/**
 * The session, prepared once per listing of the servers' tools. Reading it
 * is a need of the servers' tools: those whose listing outlived its ttlMs
 * are listed again, in the background (this request reads what is held).
 */
const session = () => {
  ready().refresh();
  return (prepared ??= ts.prepare(ready().session));
};
const contextLength = config.contextLength ?? 200_000;
/**
 * The tools the client sees: the bridges, and whatever the assembly left
 * visible (tools of MCP servers, as the MCP format leaves them).
 */
const assembled = () => /** @type {Tool[]} */ (ts.assemble(session(), { contextLength, format: "mcp" }).tools);

/**
 * @param {string} text
 * @param {boolean} isError
 * @returns {CallToolResult}
 */
const textResult = (text, isError) => ({ content: [{ type: "text", text }], isError });
/**
 * A server's own result, which tool_call ran: its content blocks (images, resources) reach the client whole.
 * @param {CallToolResult} result
 * @returns {CallToolResult}
 */
const ownResult = (result) => ({ content: result.content, structuredContent: result.structuredContent, isError: false });

/**
 * Calls a server for a client's request: `call(options)` with the client's
 * cancellation, the deadline (which the server's progress restarts), and the
 * server's progress passed on to the client under the client's own token.
 * Past the longest a call may take, whatever its progress, the call is
 * cancelled (the server is told) and fails.
 * @template T
 * @param {ClientRequest} request
 * @param {(options: McpCallOptions) => Promise<T>} call
 * @returns {Promise<T>}
 */
async function callServer({ signal, progressToken, notify }, call) {
  // Progress is always asked for, since it restarts the deadline; it is
  // passed on only to a client that asked for it, one notification at a
  // time: what arrives while one is being written waits, and only the
  // latest of it is sent (a server that floods progress must not flood the
  // client's pipe, nor the proxy's memory).
  let sending = false;
  /** @type {Progress | null} */
  let latest = null;
  let ended = false;
  /**
   * Sends `progress` on; only for a client that asked for it (with a token).
   * @param {Progress} progress
   */
  const forward = (progress) => {
    sending = true;
    notify({ method: "notifications/progress", params: { ...progress, progressToken: /** @type {ProgressToken} */ (progressToken) } })
      .catch(() => {})
      .finally(() => {
        sending = false;
        const next = latest;
        latest = null;
        if (next !== null && !ended) forward(next);
      });
  };
  /** @param {Progress} progress */
  const onprogress = (progress) => {
    if (progressToken === undefined || ended) return;
    if (sending) latest = progress;
    else forward(progress);
  };
  const bounded = new AbortController();
  const cancel = () => bounded.abort(signal?.reason);
  if (signal?.aborted) cancel();
  else signal?.addEventListener("abort", cancel, { once: true });
  const timer = setTimeout(
    // A string: the SDK puts the reason into its own error's text.
    () => bounded.abort(`the call ran for ${toolMaxTimeout} ms, the longest a call may take (toolMaxTimeoutMs), and was cancelled`),
    toolMaxTimeout,
  );
  try {
    return await call({ signal: bounded.signal, timeout: toolTimeout, resetTimeoutOnProgress: true, onprogress });
  } finally {
    ended = true;
    latest = null;
    clearTimeout(timer);
    signal?.removeEventListener("abort", cancel);
  }
}

server.setRequestHandler(ListToolsRequestSchema, async () => {
  await hostReady;
  const tools = assembled();
  shown = new Map(tools.map((tool) => [tool.name, tool]));
  return { tools };
});

// The servers' prompts and resources: each list whole, in one page; a get or
// a read goes to its server (the host's errors are MCP errors, as they are).
server.setRequestHandler(ListPromptsRequestSchema, async () => (await hostReady).listPrompts());
server.setRequestHandler(GetPromptRequestSchema, async ({ params }, extra) => {
  await hostReady;
  // As its server answered it (the SDK's client read it with GetPromptResultSchema).
  return /** @type {GetPromptResult} */ (await ready().getPrompt(params.name, params.arguments, { signal: extra.signal }));
});
server.setRequestHandler(ListResourcesRequestSchema, async () => (await hostReady).listResources());
server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => (await hostReady).listResourceTemplates());
server.setRequestHandler(ReadResourceRequestSchema, async ({ params }, extra) => {
  await hostReady;
  // As its server answered it (the SDK's client read it with ReadResourceResultSchema).
  return /** @type {ReadResourceResult} */ (await ready().readResource(params.uri, { signal: extra.signal }));
});

/** The client's turns, inferred for the search guard (see turns.mjs). */
const turns = new Turns();

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  await hostReady;
  const { name, arguments: args = {} } = request.params;
  const ctx = { signal: extra.signal, progressToken: request.params._meta?.progressToken, notify: extra.sendNotification, turn: turns.of(name) };
  const answer = await ts.answer(name, args, session(), ctx);
  // A tool's result is what executeTool returned: a server's CallToolResult.
  if (answer !== null) return answer.kind === "tool" ? ownResult(/** @type {CallToolResult} */ (answer.result)) : textResult(answer.text, isError(answer));
  // Only a tool the assembly left visible is called directly; a deferred one goes through tool_call.
  shown ??= new Map(assembled().map((tool) => [tool.name, tool]));
  const tool = shown.get(name);
  if (!tool) return textResult(`'${name}' is not a tool of this server; find tools with tool_search and call them with tool_call.`, true);
  // Asked as tool_call asks: a tool shown to the client runs under its server's approval policy too.
  const verdict = await approve(name, args, tool.annotations, ctx);
  if (verdict !== true) return textResult(`${verdict.reason} The tool was not run.`, true);
  let reply;
  try {
    const result = await callServer(ctx, (options) => ready().callToolResult(name, args, options));
    reply = { content: result.content, structuredContent: result.structuredContent, isError: result.isError === true };
  } catch (error) {
    return textResult(errorText(error), true);
  }
  // A result the client cannot be sent (too long for one string) would leave the request unanswered.
  try {
    JSON.stringify(reply);
  } catch (error) {
    return textResult(`the result of '${name}' cannot be sent to the client (${errorText(error)})`, true);
  }
  return reply;
});

/** --report: the findability report of the servers' tools on stdout, then the end. */
async function report() {
  const reported = await connectMcpServers(servers, { cache, startTimeoutMs: config.startTimeoutMs, retryDelayMs: 0, onWarning: log });
  try {
    for (const failure of reported.failures) log(`server '${failure.server}' is unavailable: ${failure.reason}`);
    const reader = new ToolSearch({ config: config.toolSearch });
    const findings = reader.findability(reported.session);
    const read = Object.keys(servers).length - reported.failures.length;
    process.stdout.write(asJson ? `${JSON.stringify(findings, null, 2)}\n` : reportText(findings, read, reader.config.ranking));
  } finally {
    await reported.close();
  }
  process.exit(0);
}

const transport = new StdioServerTransport(undefined, undefined, { maxBufferSize: maxMessageBytes });
// The client's messages in linear time; the SDK's buffer is `_readBuffer`
// (should that change, its own is used).
// @ts-expect-error the SDK's private read buffer, replaced by one that reads in linear time
transport._readBuffer = new LineBuffer(maxMessageBytes);
let closing = false;
/**
 * Ends the proxy: its servers first (their processes too), then itself.
 * @param {number} [code]
 */
async function shutdown(code = 0) {
  if (closing) return;
  closing = true;
  starting.abort();
  await (await hostReady.catch(() => null))?.close();
  process.exit(code);
}
transport.onerror = (error) => log(`client connection: ${error?.message ?? error}`);
transport.onclose = () => shutdown(0);
// A client that went away mid-answer: writing to it fails (EPIPE), which is a shutdown, not a crash.
process.stdout.on("error", () => shutdown(0));
// Many answers at once each wait for the pipe to drain.
process.stdout.setMaxListeners(0);
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
process.stdin.on("end", () => shutdown(0));
await server.connect(transport);
await hostReady.catch((error) => {
  log(`cannot start: ${error?.message ?? error}`);
  process.exit(1);
});
if (!closing) {
  session();
  log(`serving ${ready().session.tools.length} tools of ${Object.keys(servers).length - ready().failures.length} servers`);
}
