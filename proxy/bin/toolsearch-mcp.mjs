#!/usr/bin/env node
// toolsearch-mcp: one MCP server (stdio) in front of the servers of a config
// file in the `mcpServers` shape of Claude Desktop and Cursor (config.mjs;
// the keys are in the README), showing tool_search, tool_describe and
// tool_call instead of every tool's schema (proxy.mjs).
//
//   npx -y toolsearch-mcp [--log events.jsonl] servers.json
//   npx -y toolsearch-mcp --report servers.json [--json]
//   npx -y toolsearch-mcp --log-report events.jsonl [--json]
//
// --report prints which of the servers' tools a model would not find with
// their own words (report.mjs), as text or JSON, and exits. --log appends
// a JSON line per event of a bridge call to a file (event-log.mjs; it wins
// over the config's "log"); --log-report sums such a log up
// (log-report.mjs) and exits. Logs go to stderr; stdout carries MCP.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { ConfigError, cacheFolder, resolveConfig } from "../config.mjs";
import { errorText } from "../redact.mjs";

const { version } = createRequire(import.meta.url)("../package.json");
const USAGE = `usage: toolsearch-mcp servers.json [--log <file>]
       toolsearch-mcp --report servers.json [--json]
       toolsearch-mcp --log-report <file> [--json]
  servers.json: {"mcpServers": {"<name>": {"command", "args"?, "env"?, "cwd"?} | {"url", "headers"?}}, "toolSearch"?: {...}}
  (JSON or JSONC; the keys are in the README of toolsearch-mcp)
  --report: which tools a model would not find with their own words, with
  near-duplicates and thin descriptions (--json: as JSON); then it exits.
  --log: append a JSON line per search, describe and call to <file> (it
  wins over the config's "log"; past "logMaxBytes", 10 MiB by default, the
  file moves to <file>.1).
  --log-report: sum up such a log (and its .1): searches per turn, the
  requests that found nothing good, tools found but never called, tools
  called most, the search guard's steps (--json: as JSON); then it exits.
  The servers' tools are cached in ${cacheFolder()} (a file per config;
  MCP clients may launch it with another XDG_CACHE_HOME), unless the config
  says "cache": "<file>" or false.
toolsearch-mcp ${version}`;

/** @param {string} line */
const log = (line) => process.stderr.write(`toolsearch-mcp: ${line}\n`);

const args = argsOf(process.argv.slice(2));
if (args.version || args.help) {
  process.stderr.write(`${args.version ? version : USAGE}\n`);
  process.exit(0);
}
// Each mode loads the modules it needs, no more: the proxy's (the MCP SDK's)
// take longer to load than a report of a long log takes to make.
if (args.logReport !== undefined) {
  const { logReport } = await import("../log-report.mjs");
  const text = await logReport(args.logReport, { json: args.json }).catch((error) => {
    log(`cannot report on ${args.logReport}: ${errorText(error)}`);
    return process.exit(2);
  });
  process.stdout.write(text);
  process.exit(0);
}
const { path } = args;
if (path === undefined) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const config = configAt(path, args.log);
for (const name of config.disabled) log(`server '${name}' is disabled`);
log(config.cache ? `tools cache: ${config.cache}` : "tools cache: off");
if (args.report) {
  const { report } = await import("../report.mjs");
  process.stdout.write(await report(config, { json: args.json, log }));
  process.exit(0);
}
if (config.log) log(`event log: ${config.log}`);

const [{ ToolSearchProxy }, { StdioTransport }] = await Promise.all([import("../proxy.mjs"), import("../stdio.mjs")]);
const proxy = new ToolSearchProxy(config, { log });
const transport = new StdioTransport(process.stdin, process.stdout, config.maxMessageBytes);
/** Ends the proxy (its servers' processes too; the event log written), then the process. */
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
 * The command line: the config's path, or `--log-report`'s log; `--log`;
 * and the switches. One that cannot be read is the usage and the exit (2).
 * @param {string[]} argv
 * @returns {{ path?: string, log?: string, logReport?: string, report: boolean, json: boolean, help: boolean, version: boolean }}
 */
function argsOf(argv) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        report: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        log: { type: "string" },
        "log-report": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
        version: { type: "boolean", default: false },
      },
    });
    if (positionals.length > 1) throw new Error(`one config file, not ${positionals.length}`);
    return { path: positionals[0], log: values.log, logReport: values["log-report"], report: values.report, json: values.json, help: values.help, version: values.version };
  } catch (error) {
    log(errorText(error));
    process.stderr.write(`${USAGE}\n`);
    return process.exit(2);
  }
}

/**
 * The config of the file at `path` (the event log `log`, when the command
 * line names one), resolved; or, when it cannot be read or served, the
 * exit (2), having said why.
 * @param {string} path
 * @param {string | undefined} logFile
 */
function configAt(path, logFile) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    log(`cannot read ${path}: ${errorText(error)}`);
    return process.exit(2);
  }
  try {
    return resolveConfig(text, { path, log: logFile });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) log(`${path}: ${problem}`);
    return process.exit(2);
  }
}
