// The proxy's event log (proxy/event-log.mjs) and its report
// (proxy/log-report.mjs): a real proxy, run in-process or as the bin,
// writes one JSON line per event of the library (`host.onEvent`) with the
// server of each tool it names beside the name, and the client's name; a
// secret of any configured server typed into a query never reaches the
// file; the file moves to `.1` at its cap; a full queue drops its oldest
// lines and says so; a file that cannot be written is said once while the
// proxy serves on; with no log there is no file and no handler;
// `--log-report` sums a log up, as text and as JSON.
//
// A loader hook puts a spy in front of `toolsearch` for the proxy's modules
// (which are imported after it): the spy keeps the host each ToolSearch is
// built with, so that a test sees whether the proxy set `onEvent`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { root } from "./support.mjs";

const spy = pathToFileURL(join(root, "tests", "node", "toolsearch-spy.mjs")).href;
const proxyFolder = pathToFileURL(join(root, "proxy")).href;
register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === "toolsearch" && context.parentURL?.startsWith(${JSON.stringify(`${proxyFolder}/`)})) return { url: ${JSON.stringify(spy)}, shortCircuit: true };
      return next(specifier, context);
    }`)}`,
);
const { ToolSearchProxy, resolveConfig } = await import("toolsearch-mcp");
const { EventLog } = await import("../../proxy/event-log.mjs");
const { summarizeLog } = await import("../../proxy/log-report.mjs");

const faulty = join(root, "tests", "node", "faulty-server.mjs");
const listing = join(root, "tests", "node", "listing-server.mjs");
const proxyBin = join(root, "proxy", "bin", "toolsearch-mcp.mjs");
/** The hosts the proxies built their ToolSearch with, latest last (toolsearch-spy.mjs). */
const hosts = () => globalThis.toolsearchSpyHosts ?? [];

/** A fresh folder; removed by `done`. */
const folder = (name) => mkdtempSync(join(tmpdir(), `toolsearch-log-${name}-`));

/**
 * A proxy of `config` (servers.json as a value, read as the file `path`
 * holds it) served to a client named `client` over an in-memory pair.
 */
async function served(config, { path, client: name = "log-test", env } = {}) {
  const lines = [];
  const proxy = new ToolSearchProxy(resolveConfig({ cache: false, ...config }, { path, env }), { log: (line) => lines.push(line) });
  const [clientSide, proxySide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name, version: "1.0.0" });
  await Promise.all([proxy.connect(proxySide), client.connect(clientSide)]);
  return { proxy, client, lines };
}

/** The JSON lines of the file `path`. */
const linesOf = (path) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const search = (client, ...queries) => client.callTool({ name: "tool_search", arguments: { queries } });

test("a proxy with a log writes a line per event: the library's event, the server of each tool it names beside it, and the client's name", async () => {
  const dir = folder("lines");
  const mcpServers = { faulty: { command: process.execPath, args: [faulty] }, steady: { command: process.execPath, args: [listing] } };
  // A relative log is read from the config file's folder.
  const { proxy, client } = await served({ mcpServers, log: "logs/events.jsonl" }, { path: join(dir, "servers.json"), client: "log-test-client" });
  try {
    const found = await search(client, "process id of this server", "steady tool");
    assert.match(found.content[0].text, /mcp__faulty__pid/);
    await client.callTool({ name: "tool_describe", arguments: { names: ["mcp__faulty__pid", "mcp__nowhere__x"] } });
    const pid = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__pid", arguments: {} }] } });
    assert.equal(pid.isError, false, JSON.stringify(pid));
  } finally {
    await proxy.close();
  }
  const events = linesOf(join(dir, "logs", "events.jsonl"));
  assert.deepEqual(events.map((e) => e.type), ["search", "describe", "call"]);
  for (const event of events) {
    assert.equal(event.client, "log-test-client");
    assert.equal(typeof event.time, "number");
    assert.equal(typeof event.ms, "number");
    assert.match(event.turn, /^proxy-[0-9a-f]{8}-turn-\d+$/);
  }
  const [searched, described, called] = events;
  assert.deepEqual(searched.queries, ["process id of this server", "steady tool"]);
  assert.ok(searched.groups[0].matches.includes("mcp__faulty__pid"), JSON.stringify(searched.groups[0]));
  assert.ok(searched.groups[1].matches.includes("mcp__steady__steady"), JSON.stringify(searched.groups[1]));
  // Each name a search returned, with its server beside it.
  for (const group of searched.groups) {
    assert.deepEqual(Object.keys(group), ["query", "confidence", "matches", "servers", "empty", "repeated"]);
    assert.deepEqual(group.servers, group.matches.map((name) => (name.startsWith("mcp__faulty__") ? "faulty" : "steady")), JSON.stringify(group));
  }
  assert.deepEqual(described.names, ["mcp__faulty__pid", "mcp__nowhere__x"]);
  // A name no server offers has no server.
  assert.deepEqual(described.servers, ["faulty", null]);
  assert.deepEqual(described.found, ["mcp__faulty__pid"]);
  assert.deepEqual(called.calls, [{ name: "mcp__faulty__pid", server: "faulty", ran: true }]);
  // The calls up to one that runs a tool are one turn.
  assert.equal(new Set(events.map((e) => e.turn)).size, 1);
  assert.equal(statSync(join(dir, "logs", "events.jsonl")).mode & 0o777, 0o600);
  rmSync(dir, { recursive: true, force: true });
});

test("a secret of any configured server, typed into a query, never reaches the log", async () => {
  const dir = folder("secret");
  const log = join(dir, "events.jsonl");
  const token = "s3cr3t-t0ken-value";
  const expanded = "expanded-secret-4242";
  const mcpServers = {
    faulty: { command: process.execPath, args: [faulty] },
    // Neither of these is the server the queries find: their secrets are kept out all the same.
    keyed: { command: process.execPath, args: [listing], env: { API_TOKEN: token } },
    other: { command: process.execPath, args: [listing, "--key", "${OTHER_KEY}"] },
  };
  const { proxy, client } = await served({ mcpServers, log }, { env: { OTHER_KEY: expanded } });
  try {
    await search(client, `process id of this server ${token}`, `what is ${expanded}?`, `https://user:${"hunter22"}@example.com/api?key=${token}`);
    await client.callTool({ name: "tool_describe", arguments: { names: [`mcp__faulty__${token}`] } });
  } finally {
    await proxy.close();
  }
  const text = readFileSync(log, "utf8");
  for (const secret of [token, expanded, "hunter22"]) assert.ok(!text.includes(secret), `${secret} is in the log:\n${text}`);
  const [searched, described] = linesOf(log);
  assert.deepEqual(searched.queries, ["process id of this server ***", "what is ***?", "https://***@example.com/api?key=***"]);
  assert.deepEqual(described.names, ["mcp__faulty__***"]);
  rmSync(dir, { recursive: true, force: true });
});

test("the log moves to <file>.1 at its cap, one previous file kept, every line whole", async () => {
  const dir = folder("rotate");
  const log = join(dir, "events.jsonl");
  const { proxy, client } = await served({ mcpServers: { faulty: { command: process.execPath, args: [faulty] } }, log, logMaxBytes: 4096 });
  try {
    // Each search is its own turn (a call between them), so the guard never steps in.
    for (let i = 0; i < 40; i++) {
      await search(client, `process id of this server ${i}`);
      await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__pid", arguments: {} }] } });
    }
  } finally {
    await proxy.close();
  }
  assert.deepEqual(readdirSync(dir).sort(), ["events.jsonl", "events.jsonl.1"]);
  for (const file of [log, `${log}.1`]) assert.ok(statSync(file).size <= 4096, `${file}: ${statSync(file).size} bytes`);
  const previous = linesOf(`${log}.1`);
  const current = linesOf(log);
  // The previous file holds older lines, and the two hold the latest ones in order.
  assert.ok(previous.at(-1).time <= current[0].time);
  const queries = [...previous, ...current].filter((e) => e.type === "search").map((e) => Number(e.queries[0].split(" ").at(-1)));
  assert.equal(queries.at(-1), 39);
  assert.deepEqual(queries, queries.map((_, i) => queries[0] + i));
  assert.ok(queries[0] > 0, "older lines left with the file before .1");
  // The report reads both, the older first.
  const { read } = await summarizeLog(log);
  assert.deepEqual(read.files, [`${log}.1`, log]);
  assert.equal(read.events, previous.length + current.length);
  rmSync(dir, { recursive: true, force: true });
});

test("the queue is bounded: when it is full its oldest lines are dropped, and a line says how many", async () => {
  const dir = folder("queue");
  const path = join(dir, "events.jsonl");
  const log = new EventLog(path, { maxBytes: 1 << 20, maxQueuedChars: 1000, say: () => assert.fail("nothing to say") });
  // All in one turn of the event loop: the writer has not run yet.
  for (let i = 0; i < 100; i++) log.write(JSON.stringify({ type: "call", ms: 0, time: i, calls: [{ name: `tool_${i}`, ran: true }] }));
  await log.close();
  const lines = linesOf(path);
  assert.equal(lines[0].type, "dropped");
  const kept = lines.slice(1).map((line) => line.time);
  assert.equal(lines[0].lines + kept.length, 100);
  assert.deepEqual(kept, kept.map((_, i) => 100 - kept.length + i), "the latest lines are kept, in order");
  assert.ok(JSON.stringify(lines.slice(1)).length <= 1100);
  rmSync(dir, { recursive: true, force: true });
});

test("a log that cannot be written is said once; the proxy serves on", async () => {
  const dir = folder("unwritable");
  // A folder where the file should be.
  const { proxy, client, lines } = await served({ mcpServers: { faulty: { command: process.execPath, args: [faulty] } }, log: dir });
  try {
    for (let i = 0; i < 5; i++) {
      const found = await search(client, "process id of this server");
      assert.match(found.content[0].text, /mcp__faulty__pid/);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const pid = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__pid", arguments: {} }] } });
    assert.equal(pid.isError, false);
  } finally {
    await proxy.close();
  }
  const said = lines.filter((line) => line.startsWith("cannot write the log"));
  assert.deepEqual(said, [`cannot write the log ${dir} (EISDIR: illegal operation on a directory, open '${dir}'): no more events are logged; the proxy serves on`]);
  // The bin, with a log under a file: it says so once on stderr, and serves on.
  const file = join(dir, "plain.txt");
  writeFileSync(file, "not a folder");
  const config = join(dir, "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { faulty: { command: process.execPath, args: [faulty] } }, cache: false }));
  const transport = new StdioClientTransport({ command: process.execPath, args: [proxyBin, "--log", join(file, "events.jsonl"), config], stderr: "pipe" });
  let stderr = "";
  transport.stderr.on("data", (chunk) => (stderr += chunk));
  const binClient = new Client({ name: "bin", version: "1.0.0" });
  await binClient.connect(transport);
  for (let i = 0; i < 3; i++) {
    const found = await search(binClient, "process id of this server");
    assert.match(found.content[0].text, /mcp__faulty__pid/);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await binClient.close();
  assert.equal(stderr.match(/cannot write the log/g)?.length, 1, stderr);
  assert.match(stderr, new RegExp(`cannot write the log ${join(file, "events.jsonl").replace(/[.\\/]/g, "\\$&")} \\(E[A-Z]+: `));
  rmSync(dir, { recursive: true, force: true });
});

test("with no log nothing is written and no handler is set; with one, onEvent is the proxy's", async () => {
  const dir = folder("none");
  const path = join(dir, "servers.json");
  const mcpServers = { faulty: { command: process.execPath, args: [faulty] } };
  writeFileSync(path, JSON.stringify({ mcpServers }));
  const without = await served({ mcpServers }, { path });
  const host = hosts().at(-1);
  try {
    await search(without.client, "process id of this server");
  } finally {
    await without.proxy.close();
  }
  assert.deepEqual(Object.keys(host).sort(), ["approve", "executeTool"]);
  assert.deepEqual(readdirSync(dir), ["servers.json"]);
  const withLog = await served({ mcpServers, log: "events.jsonl" }, { path });
  assert.equal(typeof hosts().at(-1).onEvent, "function");
  await withLog.proxy.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the bin's --log wins over the config's log", async () => {
  const dir = folder("flag");
  const config = join(dir, "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { faulty: { command: process.execPath, args: [faulty] } }, cache: false, log: "from-config.jsonl" }));
  const transport = new StdioClientTransport({ command: process.execPath, args: [proxyBin, config, "--log", join(dir, "from-flag.jsonl")], stderr: "pipe" });
  const client = new Client({ name: "flag-client", version: "2.0.0" });
  await client.connect(transport);
  await search(client, "process id of this server");
  await client.close();
  assert.ok(!existsSync(join(dir, "from-config.jsonl")));
  const [event] = linesOf(join(dir, "from-flag.jsonl"));
  assert.equal(event.type, "search");
  assert.equal(event.client, "flag-client");
  assert.deepEqual(event.groups[0].servers, event.groups[0].matches.map(() => "faulty"));
  rmSync(dir, { recursive: true, force: true });
});

test("--log-report sums a log and its .1 up, as text and as JSON, skipping the lines it cannot read", () => {
  const dir = folder("report");
  const log = join(dir, "events.jsonl");
  const line = (event) => JSON.stringify(event);
  const group = (query, confidence, matches, repeated = false) => ({ query, confidence, matches, empty: matches.length === 0, repeated });
  const older = [
    line({ type: "search", ms: 2, time: 1, turn: "t1", queries: ["send a fax"], groups: [group("send a fax", "low", ["mcp__mail__send", "mcp__print__print"])], connectors: null, client: "c" }),
    line({ type: "call", ms: 5, time: 2, turn: "t1", calls: [{ name: "mcp__files__read", ran: true }], client: "c" }),
    "this line is cut off {",
  ];
  const newer = [
    line({ type: "search", ms: 2, time: 3, turn: "t2", queries: ["read a file", "Send a fax"], groups: [group("read a file", "high", ["mcp__files__read", "mcp__files__stat"]), group("Send a fax", "low", ["mcp__print__print"])], connectors: null, client: "c" }),
    line({ type: "search", ms: 1, time: 4, turn: "t2", queries: ["teleport me"], groups: [group("teleport me", "low", [])], connectors: null, client: "c" }),
    line({ type: "guard", ms: 0, time: 5, turn: "t2", action: "refused", queries: ["read a file"] }),
    line({ type: "dropped", lines: 7, time: 6 }),
    line({ type: "call", ms: 9, time: 7, turn: "t2", error: "tool_failed", calls: [{ name: "mcp__files__read", ran: false, error: "tool_failed" }], client: "c" }),
    "[1, 2]",
  ];
  writeFileSync(`${log}.1`, `${older.join("\n")}\n`);
  writeFileSync(log, `${newer.join("\n")}\n`);
  const json = spawnSync(process.execPath, [proxyBin, "--log-report", log, "--json"], { encoding: "utf8", timeout: 30_000 });
  assert.equal(json.status, 0, json.stderr);
  const { log: read, summary } = JSON.parse(json.stdout);
  assert.deepEqual(read, { files: [`${log}.1`, log], events: 6, unreadable: 2, dropped: 7 });
  assert.equal(summary.searches, 3);
  assert.deepEqual(summary.searchesPerTurn, { turns: 2, mean: 1.5, max: 2 });
  assert.deepEqual(summary.groups, { total: 4, low: 2, empty: 1, lowOrEmptyShare: 0.75 });
  assert.deepEqual(summary.unanswered, [
    { request: "send a fax", count: 2, low: 2, empty: 0, closest: ["mcp__print__print", "mcp__mail__send"] },
    { request: "teleport me", count: 1, low: 0, empty: 1, closest: [] },
  ]);
  assert.deepEqual(summary.foundNeverCalled, [
    { name: "mcp__print__print", found: 2 },
    { name: "mcp__files__stat", found: 1 },
    { name: "mcp__mail__send", found: 1 },
  ]);
  assert.deepEqual(summary.calledMost, [{ name: "mcp__files__read", calls: 2, failed: 1 }]);
  assert.deepEqual(summary.guard, { refused: 1, shortened: 0, steps: [{ turn: "t2", action: "refused", queries: ["read a file"] }] });
  const text = spawnSync(process.execPath, [proxyBin, "--log-report", log], { encoding: "utf8", timeout: 30_000 });
  assert.equal(text.status, 0, text.stderr);
  assert.equal(
    text.stdout,
    [
      `6 events in ${log}.1 then ${log}; 2 unreadable lines skipped, 7 lines dropped by the writer.`,
      "",
      "Searches: 3 in 2 turns: 1.5 a turn on average, 2 at most.",
      "Requests (query groups): 4; labelled low 2, empty 1: 75% low or empty.",
      "",
      "Unanswered requests, most asked first (2):",
      '  "send a fax": asked 2× (low 2, empty 0); closest: mcp__print__print, mcp__mail__send',
      '  "teleport me": asked 1× (low 0, empty 1)',
      "",
      "Found but never called (3):",
      "  mcp__print__print: found 2×",
      "  mcp__files__stat: found 1×",
      "  mcp__mail__send: found 1×",
      "",
      "Called most (1):",
      "  mcp__files__read: 2 calls, 1 did not run or failed",
      "",
      "Search guard: 1 search refused, 0 shortened.",
      '  refused in t2: "read a file"',
      "",
    ].join("\n"),
  );
  const missing = spawnSync(process.execPath, [proxyBin, "--log-report", join(dir, "nothing.jsonl")], { encoding: "utf8", timeout: 30_000 });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot report on .*nothing\.jsonl: there is no log at /);
  rmSync(dir, { recursive: true, force: true });
});
