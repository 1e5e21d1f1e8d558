// The proxy run in-process (proxy/proxy.mjs): a ToolSearchProxy built from
// a resolved config, served to an MCP client over the SDK's in-memory
// transport pair, no child process of its own. It serves the bridges, runs
// tools through tool_call and directly, passes a failed tool's own result on
// (content blocks and all), keeps one deadline per call, logs through its
// logger, and ends its servers when it closes or its client goes away. The
// README's in-process example runs as written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ConfigError, ProxyError, ToolFailedError, ToolSearchProxy, connectMcpServers, resolveConfig } from "toolsearch-mcp";
import { eventually, readmeBlocksAfter, root } from "./support.mjs";

const BRIDGES = ["tool_search", "tool_describe", "tool_call"];
const faulty = join(root, "tests", "node", "faulty-server.mjs");
const failing = join(root, "tests", "node", "failing-server.mjs");
/** A 1×1 PNG, as tests/node/failing-server.mjs draws it. */
const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const drawFailed = {
  content: [
    { type: "text", text: "the drawing failed here:" },
    { type: "image", data: png, mimeType: "image/png" },
  ],
  isError: true,
};

/** Whether a process whose command line holds `marker` is running. */
const running = (marker) => execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).includes(marker);

/**
 * A proxy of `config` (servers.json as a value) served to a new client over
 * an in-memory pair: `{proxy, client, lines}`, `lines` what it logged.
 */
async function served(config, options = {}) {
  const lines = [];
  const proxy = new ToolSearchProxy(resolveConfig({ cache: false, ...config }), { log: (line) => lines.push(line), ...options });
  const [clientSide, proxySide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "in-process", version: "1.0.0" });
  await Promise.all([proxy.connect(proxySide), client.connect(clientSide)]);
  return { proxy, client, lines };
}

test("a ToolSearchProxy serves a client in-process: the bridges, search, tool_call, a pinned tool, and its log", async () => {
  const marker = `in-process-${process.pid}-${Date.now()}`;
  const mcpServers = { faulty: { command: process.execPath, args: [faulty, marker] }, failing: { command: process.execPath, args: [failing], alwaysLoad: ["sketch"] } };
  const { proxy, client, lines } = await served({ mcpServers });
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["mcp__failing__sketch", ...BRIDGES]);
    const found = await client.callTool({ name: "tool_search", arguments: { queries: ["process id of this server"] } });
    assert.match(found.content[0].text, /mcp__faulty__pid/);
    const pid = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__pid", arguments: {} }] } });
    assert.equal(pid.isError, false, JSON.stringify(pid));
    assert.match(pid.content[0].text, /^\d+$/);
    const sketch = await client.callTool({ name: "mcp__failing__sketch", arguments: {} });
    assert.deepEqual(sketch.content.map((c) => c.type), ["image"]);
    assert.ok(lines.includes("server 'faulty' started"), lines.join("\n"));
    assert.ok(lines.some((line) => /^serving \d+ tools of 2 servers$/.test(line)), lines.join("\n"));
    assert.equal(running(marker), true);
  } finally {
    await proxy.close();
  }
  assert.equal(running(marker), false, "closing the proxy ends its servers");
});

test("a tool whose server answers isError comes back as the server gave it, content blocks and all: through tool_call, called directly, and from the host", async () => {
  const mcpServers = { failing: { command: process.execPath, args: [failing], alwaysLoad: ["draw"] } };
  const { proxy, client } = await served({ mcpServers });
  try {
    const called = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__failing__draw", arguments: {} }] } });
    assert.deepEqual(called, drawFailed);
    const direct = await client.callTool({ name: "mcp__failing__draw", arguments: {} });
    assert.deepEqual(direct, drawFailed);
  } finally {
    await proxy.close();
  }
  const host = await connectMcpServers({ failing: { command: process.execPath, args: [failing] } }, { retryDelayMs: 0 });
  try {
    const error = await host.callTool("mcp__failing__draw", {}).then(
      () => assert.fail("an isError result throws"),
      (thrown) => thrown,
    );
    assert.ok(error instanceof ToolFailedError && error instanceof ProxyError);
    assert.equal(error.code, "tool_failed");
    assert.equal(error.tool, "mcp__failing__draw");
    assert.deepEqual(error.cause, drawFailed);
    // The text of a result that is not all text is the result as JSON, as before.
    assert.equal(error.message, JSON.stringify(drawFailed));
    await assert.rejects(host.callToolResult("mcp__nowhere__x", {}), { name: "ProxyError", code: "unknown_tool", message: "no MCP server offers 'mcp__nowhere__x'" });
  } finally {
    await host.close();
  }
});

test("one deadline per call: idle past toolTimeoutMs, or past toolMaxTimeoutMs however much progress, the call is cancelled", async () => {
  const mcpServers = { faulty: { command: process.execPath, args: [faulty] } };
  const { proxy, client } = await served({ mcpServers, toolTimeoutMs: 200, toolMaxTimeoutMs: 600 });
  try {
    const slept = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__sleep", arguments: { ms: 2_000 } }] } });
    assert.equal(slept.isError, true);
    assert.match(slept.content[0].text, /MCP error -32001: Request timed out/);
    const progress = [];
    const started = Date.now();
    const babbled = await client.callTool(
      { name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__babble", arguments: {} }] } },
      undefined,
      { onprogress: (p) => progress.push(p.progress), timeout: 10_000 },
    );
    assert.equal(babbled.isError, true);
    assert.match(babbled.content[0].text, /the call ran for 600 ms, the longest a call may take \(toolMaxTimeoutMs\), and was cancelled/);
    assert.ok(Date.now() - started >= 600 && progress.length > 5, `${Date.now() - started} ms, ${progress.length} notifications`);
  } finally {
    await proxy.close();
  }
});

test("when its client goes away the proxy closes, its servers too; it connects once, from a resolved config only", async () => {
  const marker = `in-process-gone-${process.pid}-${Date.now()}`;
  const { proxy, client } = await served({ mcpServers: { faulty: { command: process.execPath, args: [faulty, marker] } } });
  assert.equal(running(marker), true);
  await client.close();
  await eventually(() => !running(marker), "the proxy's server to end with its client");
  await proxy.close();
  await assert.rejects(proxy.connect(InMemoryTransport.createLinkedPair()[1]), { name: "ProxyError", code: "proxy_closed" });
  assert.throws(() => new ToolSearchProxy({ mcpServers: {} }), TypeError);
  assert.throws(() => resolveConfig({ mcpServer: {} }), (error) => error instanceof ConfigError && error.code === "config_invalid");
});

test("the README's in-process example runs as written, its server aside", () => {
  const [block] = readmeBlocksAfter(join(root, "proxy", "README.md"), "in-process");
  const server = '{ command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] }';
  assert.ok(block.includes(server), block);
  // In the repository, so that "toolsearch-mcp" resolves as for a user; only the server is the test's.
  const folder = join(root, "tests", "output");
  mkdirSync(folder, { recursive: true });
  const file = join(folder, "readme-in-process.mjs");
  writeFileSync(file, block.replace(server, JSON.stringify({ command: process.execPath, args: [faulty] })));
  const out = execFileSync(process.execPath, [file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  assert.match(out, /\[ 'tool_search', 'tool_describe', 'tool_call' \]/);
});
