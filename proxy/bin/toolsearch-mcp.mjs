#!/usr/bin/env node
// toolsearch-mcp: one MCP server (stdio) in front of the servers of a config
// file in the `mcpServers` shape of Claude Desktop and Cursor (config.mjs;
// the keys are in the README), showing tool_search, tool_describe and
// tool_call instead of every tool's schema (proxy.mjs).
//
//   npx -y toolsearch-mcp servers.json
//   npx -y toolsearch-mcp --report servers.json [--json]
//
// --report prints which of the servers' tools a model would not find with
// their own words (report.mjs), as text or JSON, and exits. Logs go to
// stderr; stdout carries MCP.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ConfigError, cacheFolder, resolveConfig } from "../config.mjs";
import { ToolSearchProxy } from "../proxy.mjs";
import { errorText } from "../redact.mjs";
import { report } from "../report.mjs";
import { StdioTransport } from "../stdio.mjs";

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

/** @param {string} line */
const log = (line) => process.stderr.write(`toolsearch-mcp: ${line}\n`);

const flags = process.argv.slice(2);
const [path] = flags.filter((flag) => flag !== "--report" && flag !== "--json");
if (!path || path === "--help" || path === "-h" || path === "--version") {
  process.stderr.write(`${path === "--version" ? version : USAGE}\n`);
  process.exit(path ? 0 : 2);
}
const config = configAt(path);
for (const name of config.disabled) log(`server '${name}' is disabled`);
log(config.cache ? `tools cache: ${config.cache}` : "tools cache: off");
if (flags.includes("--report")) {
  process.stdout.write(await report(config, { json: flags.includes("--json"), log }));
  process.exit(0);
}

const proxy = new ToolSearchProxy(config, { log });
const transport = new StdioTransport(process.stdin, process.stdout, config.maxMessageBytes);
/** Ends the proxy (its servers' processes too), then the process. */
const shutdown = () => proxy.close().then(() => process.exit(0));
transport.onerror = (error) => log(`client connection: ${errorText(error)}`);
transport.onclose = shutdown;
// A client that went away mid-answer: writing to it fails (EPIPE), which is a shutdown, not a crash.
process.stdout.on("error", shutdown);
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
process.stdin.on("end", shutdown);
await proxy.connect(transport).catch((error) => {
  log(`cannot start: ${errorText(error)}`);
  process.exit(1);
});

/**
 * The config of the file at `path`, resolved; or, when it cannot be read or
 * served, the exit (2), having said why.
 * @param {string} path
 */
function configAt(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    log(`cannot read ${path}: ${errorText(error)}`);
    return process.exit(2);
  }
  try {
    return resolveConfig(text, { path });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) log(`${path}: ${problem}`);
    return process.exit(2);
  }
}
