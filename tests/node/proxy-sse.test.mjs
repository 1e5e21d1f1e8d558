// Servers that speak only the older HTTP with Server-Sent Events: an entry
// whose `type` is "sse" is spoken to in SSE, and a plain `url` entry falls
// back to SSE when streamable HTTP is answered 400, 404 or 405, as the MCP
// specification's backwards compatibility says. An entry that says "http"
// does not fall back.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectMcpServers } from "toolsearch-mcp";
import { startSseServer } from "./sse-server.mjs";
import { readmeBlocksAfter, root } from "./support.mjs";

let server;

before(async () => {
  server = await startSseServer();
});

after(() => server.close());

/** Connects to the SSE server through an entry of `extra` keys, and calls its tool. */
async function echoes(extra) {
  const host = await connectMcpServers({ old: { url: server.url, ...extra } }, { cache: false, retryDelayMs: 0 });
  try {
    assert.deepEqual(host.failures, []);
    assert.deepEqual(host.session.tools.map((tool) => tool.name), ["mcp__old__echo_words"]);
    return await host.callTool("mcp__old__echo_words", { words: "hello there" });
  } finally {
    await host.close();
  }
}

test('"type": "sse" speaks SSE', async () => {
  assert.equal(await echoes({ type: "sse" }), "echo: hello there");
});

test("a url without a type falls back to SSE when streamable HTTP is refused (405)", async () => {
  assert.equal(await echoes({}), "echo: hello there");
});

test('"type": "http" speaks streamable HTTP only: the SSE server is unavailable, and says why', async () => {
  const host = await connectMcpServers({ old: { url: server.url, type: "http" } }, { cache: false, retryDelayMs: 0 });
  try {
    assert.equal(host.failures.length, 1);
    assert.match(host.failures[0].reason, /405|Method Not Allowed/);
  } finally {
    await host.close();
  }
});

test("servers.json passes a url entry's type on", async () => {
  const { readConfig } = await import("../../proxy/config.mjs");
  const { servers } = readConfig(JSON.stringify({ mcpServers: { old: { type: "sse", url: server.url }, new: { url: server.url } } }));
  assert.deepEqual(servers, { old: { url: server.url, type: "sse" }, new: { url: server.url } });
});

test("the README's SSE entry, with its token from ${LEGACY_TOKEN}, is served as written", async () => {
  const [block] = readmeBlocksAfter(join(root, "proxy", "README.md"), "sse");
  assert.match(block, /"Bearer \$\{LEGACY_TOKEN\}"/);
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-mcp-sse-"));
  const config = join(dir, "servers.json");
  // Only the address is the test server's; the rest is the README's.
  writeFileSync(config, block.replace("http://127.0.0.1:8931/sse", server.url));
  const client = new Client({ name: "client", version: "1.0.0" });
  const env = { PATH: process.env.PATH ?? "", LEGACY_TOKEN: "token-from-the-environment" };
  const proxy = join(root, "proxy", "bin", "toolsearch-mcp.mjs");
  const seen = server.authorizations.length;
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [proxy, config], env, stderr: "ignore" }));
  try {
    const found = await client.callTool({ name: "tool_search", arguments: { queries: ["echo words"] } });
    assert.match(found.content[0].text, /mcp__legacy__echo_words/);
    const calls = [{ name: "mcp__legacy__echo_words", arguments: { words: "as written" } }];
    const result = await client.callTool({ name: "tool_call", arguments: { calls } });
    assert.deepEqual(result.content, [{ type: "text", text: "echo: as written" }]);
    const sent = server.authorizations.slice(seen);
    assert.ok(sent.length > 0 && sent.every((value) => value === "Bearer token-from-the-environment"), JSON.stringify(sent));
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
