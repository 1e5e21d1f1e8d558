// toolsearch-mcp end to end: an MCP SDK client spawns the proxy over stdio in
// front of the demo's three real MCP servers (and one that cannot start), then
// lists tools, searches, describes, writes a file and reads it back, and calls
// with invalid arguments. A second proxy on the warm manifest cache starts no
// server until a call needs one. Proxies in front of a faulty server answer
// the client while a server hangs, pass images on, end cleanly when the
// client goes away mid-call, and end a call whose progress never stops.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { demoServers } from "../../examples/demo-servers.mjs";
import { eventually, root } from "./support.mjs";

const BRIDGES = ["tool_search", "tool_describe", "tool_call"];
let client;
let workdir;
let config;

before(async () => {
  const demo = demoServers();
  workdir = demo.workdir;
  const mcpServers = Object.fromEntries(demo.specs.map(({ name, ...spec }) => [name, spec]));
  mcpServers.broken = { command: join(workdir, "no-such-server") };
  const folder = mkdtempSync(join(tmpdir(), "toolsearch-proxy-"));
  config = join(folder, "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers, cache: join(folder, "manifest.json") }));
  client = new Client({ name: "proxy-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), config],
      stderr: "ignore",
    }),
  );
});

after(async () => {
  await client?.close();
});

const call = async (name, args) => {
  const result = await client.callTool({ name, arguments: args });
  return { text: result.content.map((c) => c.text).join(""), isError: result.isError === true };
};

test("the proxy lists only the three bridges, with the listing in tool_search", async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), BRIDGES);
  assert.equal(tools[0].inputSchema.type, "object");
  assert.match(tools[0].description, /filesystem/);
});

test("search and describe reach every server's tools; a broken server is reported, not fatal", async () => {
  const found = await call("tool_search", { queries: ["write a file", "create entities in the knowledge graph"] });
  assert.equal(found.isError, false);
  const out = JSON.parse(found.text);
  assert.ok(out.results[0].matches.includes("mcp__filesystem__write_file"), found.text);
  assert.ok(out.results[1].matches.some((m) => m.startsWith("mcp__memory__")), found.text);
  const unavailable = JSON.parse((await call("tool_search", { queries: ["no such capability at all zzz"] })).text);
  assert.ok(
    JSON.stringify(unavailable).includes("broken"),
    `the broken server shows among the sources: ${JSON.stringify(unavailable)}`,
  );
  const described = JSON.parse((await call("tool_describe", { names: ["mcp__filesystem__write_file"] })).text);
  assert.deepEqual(Object.keys(described.tools.mcp__filesystem__write_file.parameters.properties).sort(), ["content", "path"]);
});

test("tool_call writes a file through the filesystem server and reads it back", async () => {
  const path = join(workdir, "hello.txt");
  const wrote = await call("tool_call", { calls: [{ name: "mcp__filesystem__write_file", arguments: { path, content: "hello proxy" } }] });
  assert.equal(wrote.isError, false, wrote.text);
  assert.equal(readFileSync(path, "utf8"), "hello proxy");
  const read = await call("tool_call", { calls: [{ name: "mcp__filesystem__read_text_file", arguments: { path } }] });
  assert.equal(read.isError, false, read.text);
  assert.match(read.text, /hello proxy/);
});

test("invalid arguments and failing tools come back with isError", async () => {
  const invalid = await call("tool_call", { calls: [{ name: "mcp__filesystem__write_file", arguments: { path: 5 } }] });
  assert.equal(invalid.isError, true);
  assert.match(invalid.text, /content/);
  const outside = await call("tool_call", { calls: [{ name: "mcp__filesystem__read_text_file", arguments: { path: "/etc/passwd" } }] });
  assert.equal(outside.isError, true, outside.text);
  const unknown = await call("tool_call", { calls: [{ name: "mcp__nowhere__tool", arguments: {} }] });
  assert.equal(unknown.isError, true);
  assert.equal(existsSync(join(workdir, "no-such-server")), false);
});

test("a server's progress reaches the client through tool_call", async () => {
  const progress = [];
  const result = await client.callTool(
    { name: "tool_call", arguments: { calls: [{ name: "mcp__everything__trigger-long-running-operation", arguments: { duration: 0.3, steps: 3 } }] } },
    undefined,
    { onprogress: (p) => progress.push(p.progress) },
  );
  assert.equal(result.isError === true, false, JSON.stringify(result));
  // The server reports each step; the last may cross its own answer.
  assert.ok(progress.length >= 2, JSON.stringify(progress));
  assert.deepEqual(progress, [...progress].sort((a, b) => a - b));
});

test("on a warm manifest cache, no server starts before the first call that needs it", async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), config],
    stderr: "pipe",
  });
  let log = "";
  transport.stderr.on("data", (chunk) => (log += chunk));
  const warm = new Client({ name: "proxy-test-warm", version: "1.0.0" });
  await warm.connect(transport);
  try {
    const { tools } = await warm.listTools();
    assert.match(tools[0].description, /filesystem/);
    const found = await warm.callTool({ name: "tool_search", arguments: { queries: ["write a file"] } });
    assert.match(found.content[0].text, /mcp__filesystem__write_file/);
    const described = await warm.callTool({ name: "tool_describe", arguments: { names: ["mcp__memory__create_entities"] } });
    assert.match(described.content[0].text, /entities/);
    assert.doesNotMatch(log, /started/, log);
    const path = join(workdir, "warm.txt");
    const wrote = await warm.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__filesystem__write_file", arguments: { path, content: "warm" } }] } });
    assert.equal(wrote.isError, false, JSON.stringify(wrote));
    assert.equal(readFileSync(path, "utf8"), "warm");
    assert.deepEqual(log.match(/server '\w+' started/g), ["server 'filesystem' started"]);
  } finally {
    await warm.close();
  }
});

test("a server's changed tools are searched after it announces them", async () => {
  const folder = mkdtempSync(join(tmpdir(), "toolsearch-proxy-changing-"));
  const changing = join(folder, "servers.json");
  const script = join(root, "tests", "node", "changing-server.mjs");
  // The test polls tool_search, which the search guard would refuse past its cap in one turn.
  const toolSearch = { max_searches_per_turn: false };
  writeFileSync(changing, JSON.stringify({ mcpServers: { changing: { command: process.execPath, args: [script] } }, cache: false, toolSearch }));
  const proxy = new Client({ name: "proxy-test-changing", version: "1.0.0" });
  await proxy.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), changing], stderr: "ignore" }));
  try {
    const search = async () => {
      const result = await proxy.callTool({ name: "tool_search", arguments: { queries: ["greet a person"] } });
      return JSON.parse(result.content[0].text).results[0].matches;
    };
    assert.deepEqual(await search(), []);
    const grown = await proxy.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__changing__grow", arguments: {} }] } });
    assert.equal(grown.content[0].text, "grown");
    // The proxy lists the server's tools again when it hears of the change.
    let matches = [];
    for (let i = 0; i < 100 && matches.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      matches = await search();
    }
    assert.deepEqual(matches, ["mcp__changing__greet_person"]);
  } finally {
    await proxy.close();
  }
});

/** A config file for a proxy in front of the faulty test server (tests/node/faulty-server.mjs). */
function faultyConfig(servers, extra = {}) {
  const folder = mkdtempSync(join(tmpdir(), "toolsearch-proxy-faulty-"));
  const file = join(folder, "servers.json");
  const faulty = join(root, "tests", "node", "faulty-server.mjs");
  const mcpServers = Object.fromEntries(
    Object.entries(servers).map(([name, { env, marker }]) => [name, { command: process.execPath, args: [faulty, ...(marker ? [marker] : [])], env }]),
  );
  writeFileSync(file, JSON.stringify({ mcpServers, cache: false, ...extra }));
  return file;
}

/** Whether a process whose command line holds `marker` is running. */
const running = (marker) => execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).includes(marker);

test("initialize does not wait for a server that never answers, and closing the client ends that server", async () => {
  const marker = `mute-${process.pid}-${Date.now()}-early`;
  // A deadline the test never reaches: the proxy logs "serving" only once every server has started or failed.
  const file = faultyConfig({ mute: { env: { FAULT: "mute" }, marker } }, { startTimeoutMs: 600_000 });
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], stderr: "pipe" });
  let log = "";
  transport.stderr.on("data", (chunk) => (log += chunk));
  const proxy = new Client({ name: "proxy-test-early", version: "1.0.0" });
  await proxy.connect(transport);
  assert.doesNotMatch(log, /serving/, log);
  await proxy.close();
  assert.equal(running(marker), false);
});

test("a server that never answers is given up at its deadline; images pass through; deferred tools are not called by name", async () => {
  const marker = `mute-${process.pid}-${Date.now()}`;
  const file = faultyConfig({ mute: { env: { FAULT: "mute" }, marker }, fine: {} }, { startTimeoutMs: 1000 });
  const proxy = new Client({ name: "proxy-test-faulty", version: "1.0.0" });
  await proxy.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], stderr: "ignore" }));
  try {
    const { tools } = await proxy.listTools();
    assert.deepEqual(tools.map((t) => t.name), BRIDGES);
    assert.equal(running(marker), false);
    const unavailable = await proxy.callTool({ name: "tool_search", arguments: { queries: ["zzz nothing"] } });
    assert.match(unavailable.content[0].text, /mute/);
    // A tool's image reaches the client as an image; a deferred tool is not called by its own name.
    const picture = await proxy.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__fine__picture", arguments: {} }] } });
    assert.equal(picture.isError, false, JSON.stringify(picture));
    assert.deepEqual(picture.content.map((c) => [c.type, c.mimeType]), [["image", "image/png"]]);
    // A tool's own text that reads like an error is its output, not an error of the bridge.
    const looked = await proxy.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__fine__lookup", arguments: {} }] } });
    assert.deepEqual(looked, { content: [{ type: "text", text: '{"error":"no such key"}' }], isError: false });
    const direct = await proxy.callTool({ name: "mcp__fine__pid", arguments: {} });
    assert.equal(direct.isError, true);
    assert.match(direct.content[0].text, /not a tool of this server; find tools with tool_search/);
  } finally {
    await proxy.close();
  }
});

test("a client that goes away mid-call ends the proxy cleanly, its servers too", async () => {
  const marker = `fine-${process.pid}-${Date.now()}`;
  const file = faultyConfig({ fine: { marker } });
  const proxy = spawn(process.execPath, [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  proxy.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => proxy.on("exit", (code, signal) => resolve({ code, signal })));
  const send = (message) => proxy.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  let out = "";
  const initialized = new Promise((resolve) => proxy.stdout.on("data", (chunk) => ((out += chunk), out.includes('"id":0') && resolve())));
  send({ id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "gone", version: "1" } } });
  await initialized;
  send({ method: "notifications/initialized" });
  for (let id = 1; id <= 20; id++) {
    send({ id, method: "tools/call", params: { name: "tool_call", arguments: { calls: [{ name: "mcp__fine__sleep", arguments: { ms: 300 } }] } } });
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  proxy.stdout.destroy();
  proxy.stdin.destroy();
  const { code, signal } = await exited;
  assert.deepEqual({ code, signal }, { code: 0, signal: null }, stderr);
  assert.equal(running(marker), false);
});

test("a server that reports progress for ever is given up at the longest a call may take, and told to stop", async () => {
  const file = faultyConfig({ chatty: {} }, { toolTimeoutMs: 200, toolMaxTimeoutMs: 1000 });
  const mark = join(dirname(file), "babble.mark");
  const proxy = new Client({ name: "proxy-test-chatty", version: "1.0.0" });
  await proxy.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], stderr: "ignore" }));
  try {
    const progress = [];
    const result = await proxy.callTool(
      { name: "tool_call", arguments: { calls: [{ name: "mcp__chatty__babble", arguments: { mark } }] } },
      undefined,
      { onprogress: (p) => progress.push(p.progress), timeout: 10_000 },
    );
    // Progress restarted the 200 ms deadline many times; the hour's bound (here 1 s) ended the call.
    assert.equal(result.isError, true, JSON.stringify(result));
    assert.match(result.content[0].text, /the call ran for 1000 ms, the longest a call may take \(toolMaxTimeoutMs\)/);
    assert.doesNotMatch(result.content[0].text, /Error: the call/);
    assert.ok(progress.length > 5, JSON.stringify(progress));
    // The server was told to cancel: its tool stops and says so.
    await eventually(() => existsSync(mark), "the server's tool to be cancelled");
    assert.equal(readFileSync(mark, "utf8"), "cancelled");
  } finally {
    await proxy.close();
  }
});

test("with tool search off, the proxy lists the servers' own tools and calls them directly", async () => {
  const file = faultyConfig({ plain: {} }, { toolSearch: { enabled: "off" } });
  const proxy = new Client({ name: "proxy-test-plain", version: "1.0.0" });
  await proxy.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], stderr: "ignore" }));
  try {
    const { tools } = await proxy.listTools();
    assert.ok(tools.some((t) => t.name === "mcp__plain__pid"), JSON.stringify(tools.map((t) => t.name)));
    const pid = await proxy.callTool({ name: "mcp__plain__pid", arguments: {} });
    assert.equal(pid.isError, false, JSON.stringify(pid));
    assert.match(pid.content[0].text, /^\d+$/);
    const picture = await proxy.callTool({ name: "mcp__plain__picture", arguments: {} });
    assert.deepEqual(picture.content.map((c) => c.type), ["image"]);
  } finally {
    await proxy.close();
  }
});

/** A client of a proxy in front of the filesystem server (whose write_file is marked destructive) with `approval`, answering elicitation with `answer`. */
async function approvingProxy(approval, answer) {
  const demo = demoServers();
  const filesystem = demo.specs.find((spec) => spec.name === "filesystem");
  const { name, ...spec } = filesystem;
  const folder = mkdtempSync(join(tmpdir(), "toolsearch-approval-"));
  const file = join(folder, "servers.json");
  writeFileSync(file, JSON.stringify({ mcpServers: { filesystem: { ...spec, ...(approval && { approval }) } }, cache: false }));
  const asked = [];
  const proxy = new Client({ name: "proxy-test-approval", version: "1.0.0" }, { capabilities: answer ? { elicitation: {} } : {} });
  if (answer) {
    proxy.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return answer;
    });
  }
  await proxy.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], stderr: "ignore" }));
  const write = async (path) => {
    const result = await proxy.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__filesystem__write_file", arguments: { path, content: "x" } }] } });
    return { text: result.content.map((c) => c.text).join(""), isError: result.isError === true };
  };
  const read = async (path) => proxy.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__filesystem__read_text_file", arguments: { path } }] } });
  return { proxy, asked, write, read, workdir: demo.workdir };
}

test("the proxy asks its client through elicitation before a destructive tool runs; a decline runs nothing", async () => {
  const declining = await approvingProxy(undefined, { action: "decline" });
  try {
    const path = join(declining.workdir, "declined.txt");
    const denied = await declining.write(path);
    assert.equal(denied.isError, true);
    assert.match(denied.text, /declined this call/);
    assert.equal(existsSync(path), false);
    assert.equal(declining.asked.length, 1);
    assert.match(declining.asked[0], /mcp__filesystem__write_file/);
    assert.match(declining.asked[0], /destructive/);
    // A read-only tool runs without asking.
    await declining.read(path);
    assert.equal(declining.asked.length, 1);
  } finally {
    await declining.proxy.close();
  }
  const accepting = await approvingProxy(undefined, { action: "accept", content: {} });
  try {
    const path = join(accepting.workdir, "accepted.txt");
    assert.equal((await accepting.write(path)).isError, false);
    assert.equal(readFileSync(path, "utf8"), "x");
    assert.equal(accepting.asked.length, 1);
  } finally {
    await accepting.proxy.close();
  }
});

test("a server's approval policy: never asks for nothing, always for every tool; a client without elicitation is not asked", async () => {
  const never = await approvingProxy("never", { action: "decline" });
  try {
    assert.equal((await never.write(join(never.workdir, "never.txt"))).isError, false);
    assert.deepEqual(never.asked, []);
  } finally {
    await never.proxy.close();
  }
  const always = await approvingProxy("always", { action: "decline" });
  try {
    const path = join(always.workdir, "always.txt");
    writeFileSync(path, "kept");
    assert.equal((await always.read(path)).isError, true);
    assert.equal(always.asked.length, 1, "a read-only tool asks too");
  } finally {
    await always.proxy.close();
  }
  const unable = await approvingProxy(undefined, null);
  try {
    assert.equal((await unable.write(join(unable.workdir, "unasked.txt"))).isError, false);
  } finally {
    await unable.proxy.close();
  }
});

test("pinned tools stay in the client's list through the proxy: the server's own pins and alwaysLoad", async () => {
  const folder = mkdtempSync(join(tmpdir(), "toolsearch-pinned-"));
  const file = join(folder, "servers.json");
  const listing = { command: process.execPath, args: [join(root, "tests", "node", "listing-server.mjs")], env: { LISTING: "pinned" } };
  writeFileSync(file, JSON.stringify({ mcpServers: { web: listing, more: { ...listing, alwaysLoad: ["fetch"] } }, cache: false }));
  const proxy = new Client({ name: "proxy-test-pinned", version: "1.0.0" });
  await proxy.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], stderr: "ignore" }));
  try {
    const { tools } = await proxy.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["mcp__web__search", "mcp__more__search", "mcp__more__fetch", ...BRIDGES]);
    const direct = await proxy.callTool({ name: "mcp__more__fetch", arguments: {} });
    assert.equal(direct.isError, false, JSON.stringify(direct));
  } finally {
    await proxy.close();
  }
});
