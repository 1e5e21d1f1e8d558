// Servers that speak only the older HTTP with Server-Sent Events: an entry
// whose `type` is "sse" is spoken to in SSE, and a plain `url` entry falls
// back to SSE when streamable HTTP is answered 400, 404 or 405, as the MCP
// specification's backwards compatibility says. An entry that says "http"
// does not fall back.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { connectMcpServers } from "toolsearch-mcp";
import { startSseServer } from "./sse-server.mjs";

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
