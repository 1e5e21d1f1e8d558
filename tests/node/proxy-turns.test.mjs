// The search guard behind the proxy: an MCP client names no turn, so the
// proxy infers one (proxy/turns.mjs). A model that searches again and again
// without calling a tool is refused past max_searches_per_turn; a tool call,
// or a pause, begins a new turn.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { IDLE_MS, Turns } from "../../proxy/turns.mjs";
import { root } from "./support.mjs";

test("a turn is the calls up to one that runs a tool, or up to a pause", () => {
  let now = 0;
  const turns = new Turns(() => now);
  const first = turns.of("tool_search");
  assert.equal(turns.of("tool_describe"), first);
  assert.equal(turns.of("tool_search"), first);
  // The call that runs a tool ends its turn: it belongs to it, the next call does not.
  assert.equal(turns.of("tool_call"), first);
  const second = turns.of("tool_search");
  assert.notEqual(second, first);
  // A tool the client calls directly ends its turn too.
  assert.equal(turns.of("mcp__files__write"), second);
  const third = turns.of("tool_search");
  now += IDLE_MS - 1;
  assert.equal(turns.of("tool_search"), third);
  now += IDLE_MS;
  assert.notEqual(turns.of("tool_search"), third);
});

let folder;
let client;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), "toolsearch-turns-"));
  const config = join(folder, "servers.json");
  const faulty = { command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")] };
  writeFileSync(config, JSON.stringify({ mcpServers: { faulty }, cache: false }));
  client = new Client({ name: "turns-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), config], stderr: "ignore" }),
  );
});

after(async () => {
  await client?.close();
  rmSync(folder, { recursive: true, force: true });
});

const search = (query) => client.callTool({ name: "tool_search", arguments: { queries: [query] } });

test("behind the proxy, searches past the cap in one turn are refused, and a tool call begins a new turn", async () => {
  const queries = ["process id", "which process answers", "pid of the server", "server process number", "wait some time", "sleep then answer"];
  for (const query of queries) assert.notEqual((await search(query)).isError, true, query);
  const refused = await search("environment variables");
  assert.equal(refused.isError, true);
  assert.match(refused.content[0].text, /search_limit|searches/);
  const ran = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__pid", arguments: {} }] } });
  assert.notEqual(ran.isError, true, ran.content[0].text);
  assert.notEqual((await search("environment variables")).isError, true);
});
