#!/usr/bin/env node
// toolsearch-mcp: one MCP server (stdio) in front of many. It connects to the
// servers of a config file in the `mcpServers` shape that Claude Desktop and
// Cursor use, and exposes tool_search, tool_describe and tool_call (with the
// budgeted listing in their descriptions) instead of every tool's schema.
//
//   npx toolsearch-mcp servers.json
//
// servers.json: {"mcpServers": {"<name>": {"command", "args"?, "env"?, "cwd"?} | {"url"}},
//                "toolSearch"?: <config.tool_search>, "contextLength"?: <tokens, default 200000>,
//                "toolTimeoutMs"?: <a tool call's deadline, default 600000>,
//                "cache"?: <manifest file, or false; default in $XDG_CACHE_HOME/toolsearch-mcp/>}
// With the manifest cache, a server whose tools are cached for its current
// configuration starts on its first tool_call, not before.
// Logs go to stderr; stdout carries MCP.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { ToolSearch, isError, version } from "../node/index.mjs";
import { connectMcpServers } from "../mcp/host.mjs";

const log = (line) => process.stderr.write(`toolsearch-mcp: ${line}\n`);

const [configPath] = process.argv.slice(2);
if (!configPath || configPath === "--help" || configPath === "-h") {
  log("usage: toolsearch-mcp servers.json   ({\"mcpServers\": {name: {command, args, env} | {url}}})");
  process.exit(configPath ? 0 : 2);
}
let config;
try {
  config = JSON.parse(readFileSync(configPath, "utf8"));
} catch (error) {
  log(`cannot read ${configPath}: ${error.message}`);
  process.exit(2);
}

/** The manifest cache: the config's own, or one per config file in the user's cache folder. */
function cachePath() {
  if (config.cache === false) return undefined;
  if (typeof config.cache === "string") return resolve(dirname(resolve(configPath)), config.cache);
  const folder = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  const id = createHash("sha256").update(resolve(configPath)).digest("hex").slice(0, 16);
  return join(folder, "toolsearch-mcp", `${id}.json`);
}

const server = new Server({ name: "toolsearch-mcp", version: version() }, { capabilities: { tools: { listChanged: true } } });
// The session as prepared (`ts.prepare`): a turn reads none of its tools.
// A change of the servers' tools drops it, to be prepared again.
let prepared = null;
const host = await connectMcpServers(config.mcpServers ?? {}, {
  cache: cachePath(),
  onStart: (name) => log(`server '${name}' started`),
  onToolsChanged: () => {
    prepared = null;
    server.sendToolListChanged().catch(() => {});
  },
  onWarning: log,
});
for (const failure of host.failures) log(`server '${failure.server}' is unavailable: ${failure.reason}`);

// One deadline for a tool call, here and in the engine (10 minutes by default);
// progress notifications from the server restart it.
const toolTimeout = Number.isInteger(config.toolTimeoutMs) && config.toolTimeoutMs > 0 ? config.toolTimeoutMs : 600_000;
const ts = new ToolSearch({
  config: config.toolSearch,
  // The MCP client's timeout is the deadline (progress restarts it); the
  // engine's own only ends a call that outlives it by far.
  timeouts: { tool: 0xffffffff },
  host: {
    // `ctx.ran` tells a tool's own answer from the bridge's error JSON; the
    // client's cancellation (`ctx.signal`) reaches the server, and the
    // server's progress reaches the client.
    executeTool: async (name, args, ctx) => {
      const text = await host.callTool(name, args, callOptions(ctx));
      ctx.ran = true;
      return text;
    },
  },
});
for (const warning of ts.config.warnings) log(warning);
/** The session, prepared once per listing of the servers' tools. */
const session = () => (prepared ??= ts.prepare(host.session));
session();
const contextLength = typeof config.contextLength === "number" ? config.contextLength : 200_000;

const textResult = (text, isError) => ({ content: [{ type: "text", text }], isError });

/**
 * The options of a call to a server for a client's request: its cancellation,
 * the deadline (which the server's progress restarts), and the server's
 * progress passed on to the client under the client's own token.
 */
function callOptions({ signal, progressToken, notify }) {
  // Progress is always asked for, since it restarts the deadline; it is
  // passed on only to a client that asked for it.
  const onprogress = (progress) => {
    if (progressToken === undefined) return;
    notify({ method: "notifications/progress", params: { ...progress, progressToken } }).catch(() => {});
  };
  return { signal, timeout: toolTimeout, resetTimeoutOnProgress: true, onprogress };
}

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: ts.assemble(session(), { contextLength, format: "mcp" }).tools,
}));

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const { name, arguments: args = {} } = request.params;
  const ctx = { ran: false, signal: extra.signal, progressToken: request.params._meta?.progressToken, notify: extra.sendNotification };
  const answer = await ts.handle(name, args, session(), ctx);
  if (answer !== null) return textResult(answer, !ctx.ran && isError(answer));
  // A tool the assembly left visible is called directly.
  try {
    return textResult(await host.callTool(name, args, callOptions(ctx)), false);
  } catch (error) {
    return textResult(String(error?.message ?? error), true);
  }
});

const transport = new StdioServerTransport();
let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await host.close();
  process.exit(0);
}
transport.onclose = shutdown;
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
process.stdin.on("end", shutdown);
await server.connect(transport);
log(`serving ${host.session.tools.length} tools of ${Object.keys(config.mcpServers ?? {}).length - host.failures.length} servers`);
