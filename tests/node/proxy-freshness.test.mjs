// toolsearch-mcp and the freshness of MCP 2026-07-28 (SEP-2549): the `ttlMs`
// a server gives with its tools/list (tests/node/fresh-server.mjs) bounds how
// long the manifest cache stands for it (the shortest of its pages'; 0, or
// a negative one, never cached; past 7 days, 7 days; one that is no whole
// number ignored), and a server whose listing outlived it is listed again on
// the next need: a cached one started, a connected one listed, unless it
// announces its changes; through the proxy, a search is such a need.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectMcpServers } from "toolsearch-mcp";
import { eventually, root } from "./support.mjs";

const SCRIPT = join(root, "tests", "node", "fresh-server.mjs");
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** A server entry of fresh-server.mjs named `name`, with `env` (TTL, SCOPE, ANNOUNCES, LOG). */
const freshServer = (name, env = {}) => ({ name, command: process.execPath, args: [SCRIPT], env: { NAME: name, ...env } });

/** A new folder of the test's own. */
const folder = () => mkdtempSync(join(tmpdir(), "toolsearch-fresh-"));

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The entries of the manifest cache at `cache`, by server. */
const entries = (cache) => JSON.parse(readFileSync(cache, "utf8")).servers;

/** The lines of the file `log` (a listing each). */
const listings = (log) => readFileSync(log, "utf8").split("\n").filter(Boolean).length;

/** Connects a host of `specs` on the manifest cache `cache`, and closes it: the servers that started, sorted. */
async function launch(specs, cache) {
  const started = [];
  await (await connectMcpServers(specs, { cache, onStart: (name) => started.push(name) })).close();
  return started.sort();
}

test("a cached listing stands no longer than the shortest ttlMs of its pages, a private one as a public one", async () => {
  const cache = join(folder(), "manifest.json");
  const spec = freshServer("fresh", { TTL: "600000;2500", SCOPE: "private" });
  assert.deepEqual(await launch([spec], cache), ["fresh"]);
  const { ttlMs } = entries(cache).fresh;
  assert.ok(ttlMs > 0 && ttlMs <= 2500, `ttlMs ${ttlMs}`);
  assert.deepEqual(await launch([spec], cache), [], "within its ttlMs, the cached listing stands for the server");
  await sleep(2_600);
  assert.deepEqual(await launch([spec], cache), ["fresh"], "past it, the server starts at launch");
});

test("a listing of ttlMs 0, or a negative one, is never cached, and the older entry of its server goes", async () => {
  const cache = join(folder(), "manifest.json");
  assert.deepEqual(await launch([freshServer("zero"), freshServer("negative")], cache), ["negative", "zero"]);
  assert.deepEqual(Object.keys(entries(cache)).sort(), ["negative", "zero"]);
  const specs = [freshServer("zero", { TTL: "0" }), freshServer("negative", { TTL: "-5" })];
  assert.deepEqual(await launch(specs, cache), ["negative", "zero"]);
  assert.deepEqual(entries(cache), {});
  assert.deepEqual(await launch(specs, cache), ["negative", "zero"]);
});

test("a ttlMs that is no whole number leaves the cache's own rule; one past 7 days is held to 7 days", async () => {
  const cache = join(folder(), "manifest.json");
  const ttls = { text: '"5000"', fraction: "1.5", object: "{}", empty: "null", infinite: "1e400", huge: "1e12" };
  const specs = Object.entries(ttls).map(([name, ttl]) => freshServer(name, { TTL: ttl }));
  assert.equal((await launch(specs, cache)).length, specs.length);
  const stored = Object.fromEntries(Object.entries(entries(cache)).map(([name, entry]) => [name, entry.ttlMs]));
  assert.deepEqual(stored, { text: undefined, fraction: undefined, object: undefined, empty: undefined, infinite: undefined, huge: WEEK_MS });
  assert.deepEqual(await launch(specs, cache), [], "each stands as a listing without ttlMs does");
  // One planted in the file is read as the server's would be.
  writeFileSync(cache, readFileSync(cache, "utf8").replace(`"ttlMs":${WEEK_MS}`, '"ttlMs":"soon"'));
  assert.deepEqual(await launch(specs, cache), []);
});

test("a connected server is listed again on the first need past its ttlMs, once for many needs, and never unneeded", async () => {
  const log = join(folder(), "listings.log");
  let changes = 0;
  const host = await connectMcpServers([freshServer("fresh", { TTL: "300", LOG: log })], { onToolsChanged: () => changes++ });
  try {
    assert.deepEqual(host.session.tools.map((tool) => tool.name), ["mcp__fresh__listed_1"]);
    host.refresh();
    // Past its ttlMs, and past the pace of one listing a second.
    await sleep(1_200);
    assert.equal(listings(log), 1, "no listing within its ttlMs, nor without a need");
    for (let i = 0; i < 5; i++) host.refresh();
    await eventually(() => host.session.tools[0]?.name === "mcp__fresh__listed_2", "the listing after the ttlMs");
    host.refresh();
    await sleep(200);
    assert.equal(listings(log), 2, "one listing for all the needs");
    assert.equal(changes, 1);
  } finally {
    await host.close();
  }
});

test("a server that announces its changes is not listed again for its ttlMs", async () => {
  const log = join(folder(), "listings.log");
  const host = await connectMcpServers([freshServer("announcing", { TTL: "100", ANNOUNCES: "1", LOG: log })]);
  try {
    await sleep(1_100);
    host.refresh();
    await sleep(500);
    assert.equal(listings(log), 1);
  } finally {
    await host.close();
  }
});

test("a cached server whose ttlMs passes during the session starts on the next need", async () => {
  const cache = join(folder(), "manifest.json");
  const spec = freshServer("fresh", { TTL: "2500" });
  await launch([spec], cache);
  const started = [];
  const host = await connectMcpServers([spec], { cache, onStart: (name) => started.push(name) });
  try {
    host.refresh();
    assert.deepEqual(started, [], "within its ttlMs, its cached listing stands");
    await sleep(2_600);
    host.refresh();
    await eventually(() => started.length > 0, "the start of the server past its ttlMs");
    assert.deepEqual(started, ["fresh"]);
    assert.deepEqual(host.session.tools.map((tool) => tool.name), ["mcp__fresh__listed_1"]);
  } finally {
    await host.close();
  }
});

test("through the proxy, a search past a server's ttlMs lists it again", async () => {
  const config = join(folder(), "servers.json");
  // The test polls, which the search guard would refuse past its cap in one turn.
  const toolSearch = { max_searches_per_turn: false };
  writeFileSync(config, JSON.stringify({ mcpServers: { fresh: { command: process.execPath, args: [SCRIPT], env: { TTL: "300" } } }, cache: false, toolSearch }));
  const proxy = new Client({ name: "proxy-test-fresh", version: "1.0.0" });
  await proxy.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), config], stderr: "ignore" }));
  try {
    const describe = async (name) => (await proxy.callTool({ name: "tool_describe", arguments: { names: [name] } })).content[0].text;
    assert.match(await describe("mcp__fresh__listed_1"), /The listed_1 tool/);
    await sleep(1_100);
    let text = "";
    for (let i = 0; i < 100 && !/The listed_2 tool/.test(text); i++) {
      text = await describe("mcp__fresh__listed_2");
      await sleep(50);
    }
    assert.match(text, /The listed_2 tool/);
  } finally {
    await proxy.close();
  }
});
