// The proxy's config, cache and approvals against hostile input:
// a "cache" naming a file that is not ours (the config itself) leaves it as
// it is, and a key file planted as a link is not followed; a cached listing
// that imports to nothing does not hide its server;
// a pinned tool called directly runs under its server's approval policy; the
// approval question shows every argument and none of the server's words; a
// server named __proto__ is served; a cache lock held by another process
// never holds the proxy's thread.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { connectMcpServers } from "toolsearch-mcp";
import { demoServers } from "../../examples/demo-servers.mjs";
import { question } from "../../proxy/approval.mjs";
import { ManifestCache } from "../../proxy/cache.mjs";
import { parseJsonc, readConfig } from "../../proxy/config.mjs";
import { eventually, root } from "./support.mjs";

const PROXY = join(root, "proxy", "bin", "toolsearch-mcp.mjs");
/** A server of tests/node/listing-server.mjs that lists `steady`. */
const steady = () => ({ command: process.execPath, args: [join(root, "tests", "node", "listing-server.mjs")], env: { LISTING: "steady" } });
const folder = () => mkdtempSync(join(tmpdir(), "toolsearch-hostile-config-"));

/** What the proxy wrote to stderr while a client of it, over `config`, ran `use(client)`. */
async function proxyRun(config, use, capabilities = {}) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [PROXY, config], stderr: "pipe" });
  let stderr = "";
  transport.stderr.on("data", (chunk) => (stderr += chunk));
  const client = new Client({ name: "hostile-config-test", version: "1.0.0" }, { capabilities });
  try {
    await client.connect(transport);
    await use(client);
  } finally {
    await client.close();
  }
  return stderr;
}

test("a cache naming the config itself, or any file that is not a manifest cache of ours, leaves it as it is; the servers are served", async () => {
  const dir = folder();
  const config = join(dir, "servers.json");
  const text = JSON.stringify({ mcpServers: { steady: steady() }, cache: "servers.json" }, null, 2);
  writeFileSync(config, text);
  const stderr = await proxyRun(config, async (client) => {
    const found = await client.callTool({ name: "tool_search", arguments: { queries: ["steady tool"] } });
    assert.match(found.content[0].text, /mcp__steady__steady/);
  });
  assert.equal(readFileSync(config, "utf8"), text, "the config is kept");
  assert.match(stderr, /the manifest cache .*servers\.json cannot be written, and is not used: it is not a manifest cache of toolsearch-mcp/);
  // An empty file, notes, and JSON of another program: each kept, and the servers started.
  for (const foreign of ["", "my notes\n", '{"servers": {}, "version": "1"}', '{"version": 2, "servers": {}, "inputs": []}']) {
    const file = join(dir, "notes.json");
    writeFileSync(file, foreign);
    const warnings = [];
    const started = [];
    const host = await connectMcpServers({ steady: steady() }, { cache: file, onStart: (name) => started.push(name), onWarning: (w) => warnings.push(w) });
    await host.close();
    assert.equal(readFileSync(file, "utf8"), foreign);
    assert.deepEqual(started, ["steady"]);
    assert.match(warnings.join("\n"), /is not used: it is not a manifest cache of toolsearch-mcp/, JSON.stringify(foreign));
  }
});

test("a manifest cache of ours is recognised, a marked one and one written before the marker; a file put in its place later is not written over", async () => {
  const dir = folder();
  const file = join(dir, "manifest.json");
  writeFileSync(file, JSON.stringify({ version: 2, servers: {} }));
  await (await connectMcpServers({ steady: steady() }, { cache: file })).close();
  const written = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(written.format, "toolsearch-mcp manifest cache");
  assert.deepEqual(Object.keys(written.servers), ["steady"]);
  const started = [];
  await (await connectMcpServers({ steady: steady() }, { cache: file, onStart: (name) => started.push(name) })).close();
  assert.deepEqual(started, [], "served from the marked cache");
  // Between the start and a write, another file takes the cache's place: it is kept, and the cache is no longer written.
  const warnings = [];
  const cache = new ManifestCache(file, 60_000, (w) => warnings.push(w));
  writeFileSync(file, "someone else's");
  cache.remember({ name: "s", command: "x" }, [{ name: "t" }]);
  cache.remember({ name: "s", command: "x" }, [{ name: "u" }]);
  assert.equal(readFileSync(file, "utf8"), "someone else's");
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0], /cannot be written, and is not used: it is not a manifest cache/);
});

test("the cache's key file is read only as a file of its own: one planted as a link is not followed", (t) => {
  if (process.platform === "win32") return t.skip("symbolic links");
  const dir = folder();
  const known = join(dir, "known");
  writeFileSync(known, "0".repeat(64));
  symlinkSync(known, join(dir, ".toolsearch-salt"));
  const warnings = [];
  new ManifestCache(join(dir, "manifest.json"), 60_000, (w) => warnings.push(w)).remember({ name: "s", command: "x" }, [{ name: "t" }]);
  assert.match(warnings.join("\n"), /is not used: its key file cannot be made beside it/);
  assert.equal(existsSync(join(dir, "manifest.json")), false, "nothing cached under a key someone else chose");
});

test("a cached listing whose tools have no usable name, or cannot be read, does not hide its server: it starts, and the entry is replaced", async () => {
  const dir = folder();
  const file = join(dir, "manifest.json");
  await (await connectMcpServers({ steady: steady() }, { cache: file })).close();
  const deep = `{"name":"deep","inputSchema":${'{"type":"object","properties":{"a":'.repeat(300)}{}${"}}".repeat(300)}}`;
  for (const tools of ['[{"description":"No name."},{"name":42},{"name":["x"]}]', `[${deep}]`]) {
    writeFileSync(file, readFileSync(file, "utf8").replace(/"tools":\[.*\]\}\}\}$/, `"tools":${tools}}}}`));
    assert.ok(readFileSync(file, "utf8").includes(tools), "the entry is planted");
    const started = [];
    const warnings = [];
    const host = await connectMcpServers({ steady: steady() }, { cache: file, onStart: (name) => started.push(name), onWarning: (w) => warnings.push(w) });
    try {
      assert.deepEqual(started, ["steady"]);
      assert.deepEqual(host.session.tools.map((t) => t.name), ["mcp__steady__steady"]);
      assert.match(warnings.join("\n"), /server 'steady': none of its \d cached tools can be used; it is started/);
    } finally {
      await host.close();
    }
    assert.match(readFileSync(file, "utf8"), /"tools":\[\{"name":"steady"/, "the server's own listing replaces the entry");
  }
});

/** A proxy in front of the filesystem server with `entry` added to its config entry, whose client answers elicitation with `answer`. */
async function filesystemProxy(entry, answer, extra = {}) {
  const demo = demoServers();
  const { name, ...spec } = demo.specs.find((s) => s.name === "filesystem");
  const config = join(folder(), "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { filesystem: { ...spec, ...entry } }, cache: false, ...extra }));
  const asked = [];
  const client = new Client({ name: "hostile-approval-test", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return answer;
  });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [PROXY, config], stderr: "ignore" }));
  return { client, asked, workdir: demo.workdir };
}

test("a pinned tool called directly runs under its server's approval policy: asked, and a decline runs nothing", async () => {
  const declining = await filesystemProxy({ approval: "always", alwaysLoad: ["read_text_file", "write_file"] }, { action: "decline" });
  try {
    const { tools } = await declining.client.listTools();
    assert.ok(tools.some((t) => t.name === "mcp__filesystem__write_file"), "pinned");
    const path = join(declining.workdir, "written.txt");
    const write = await declining.client.callTool({ name: "mcp__filesystem__write_file", arguments: { path, content: "x" } });
    assert.equal(write.isError, true);
    assert.match(write.content[0].text, /declined this call.*The tool was not run/);
    assert.equal(existsSync(path), false);
    writeFileSync(path, "kept");
    const read = await declining.client.callTool({ name: "mcp__filesystem__read_text_file", arguments: { path } });
    assert.equal(read.isError, true, "a read-only tool asks too under \"always\"");
    assert.equal(declining.asked.length, 2);
    assert.match(declining.asked[0], /mcp__filesystem__write_file/);
  } finally {
    await declining.client.close();
  }
  // The default policy asks for the destructive one only; an accepted call runs.
  const accepting = await filesystemProxy({ alwaysLoad: ["read_text_file", "write_file"] }, { action: "accept", content: {} });
  try {
    const path = join(accepting.workdir, "accepted.txt");
    assert.equal((await accepting.client.callTool({ name: "mcp__filesystem__write_file", arguments: { path, content: "x" } })).isError, false);
    assert.equal(readFileSync(path, "utf8"), "x");
    assert.equal((await accepting.client.callTool({ name: "mcp__filesystem__read_text_file", arguments: { path } })).isError, false);
    assert.equal(accepting.asked.length, 1);
  } finally {
    await accepting.client.close();
  }
  // With tool search off, every tool is called directly: asked too.
  const plain = await filesystemProxy({ approval: "always" }, { action: "decline" }, { toolSearch: { enabled: "off" } });
  try {
    const path = join(plain.workdir, "plain.txt");
    assert.equal((await plain.client.callTool({ name: "mcp__filesystem__write_file", arguments: { path, content: "x" } })).isError, true);
    assert.equal(existsSync(path), false);
    assert.equal(plain.asked.length, 1);
  } finally {
    await plain.client.close();
  }
});

test("the approval question shows every argument's key and a bounded view of each value, and none of the server's words", () => {
  const padded = question("mcp__fs__write_file", { content: "x".repeat(600), path: "~/.ssh/authorized_keys" }, { title: "Safe to allow: it only reads", destructiveHint: true });
  assert.match(padded, /^Allow the tool mcp__fs__write_file to run with these arguments\? Its server marks it destructive\./);
  assert.match(padded, /- path: "~\/\.ssh\/authorized_keys"/);
  assert.match(padded, /- content: "x{80}" … "x{40}" \(600 characters; the middle is not shown\)/);
  assert.doesNotMatch(padded, /Safe to allow/);
  // Padding inside one value: its end shows; invisible characters are written out.
  const hidden = question("t", { path: `${" ".repeat(600)}~/.ssh/authorized_keys`, note: "a\u202eb\u2028c\nd\u200be\u00a0f" }, {});
  assert.match(hidden, /"\s+~\/\.ssh\/authorized_keys" \(622 characters/);
  assert.ok(hidden.includes(String.raw`- note: "a\u202eb\u2028c\nd\u200be\u00a0f"`), hidden);
  // Nested values by their key paths; keys that are no names quoted.
  const nested = question("t", { opts: { list: [1, null, {}], "we ird\n": true } }, {});
  assert.deepEqual(nested.split("\n").slice(1), ["- opts.list[0]: 1", "- opts.list[1]: null", "- opts.list[2]: {}", String.raw`- opts["we ird\n"]: true`]);
  // Many values: a bounded number shown, the rest counted; no arguments said so.
  const many = question("t", Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])), {});
  assert.equal(many.split("\n").length, 1 + 30 + 1);
  assert.match(many, /- and 70 more values, not shown \(100 in all\)\.$/);
  assert.equal(question("t", {}, {}), "Allow the tool t to run, with no arguments?");
  // Deep nesting and a long key: no overflow, and a bounded line.
  let deep = {};
  const top = deep;
  for (let i = 0; i < 100_000; i++) deep = deep[`k${"e".repeat(i % 3)}`] = {};
  deep.end = "here";
  const lines = question("t", { ...top, [`long${"y".repeat(10_000)}`]: 1 }, {}).split("\n");
  assert.ok(lines.every((line) => line.length < 400), String(Math.max(...lines.map((line) => line.length))));
});

test("a server named __proto__ is a server like any other; config keys are the config's own", async () => {
  assert.deepEqual(Object.keys(parseJsonc('{"__proto__": {"polluted": true}}')), ["__proto__"]);
  assert.equal({}.polluted, undefined);
  // Written as text: in a JavaScript literal, __proto__ would set the prototype.
  const { servers, approvals } = readConfig(`{"mcpServers": {"__proto__": ${JSON.stringify({ ...steady(), approval: "never" })}, "other": ${JSON.stringify(steady())}}}`);
  assert.deepEqual(Object.keys(servers), ["__proto__", "other"]);
  assert.equal(approvals.get("__proto__"), "never");
  const host = await connectMcpServers(servers, { retryDelayMs: 0 });
  try {
    assert.deepEqual(host.failures, []);
    assert.deepEqual(host.session.tools.map((t) => t.name).sort(), ["mcp____proto____steady", "mcp__other__steady"].sort());
  } finally {
    await host.close();
  }
  for (const key of ["__proto__", "constructor", "toString"]) {
    assert.throws(() => readConfig(`{"mcpServers": {}, "${key}": {}}`), (error) => error.problems.some((p) => p.startsWith(`unknown key "${key}"`)), key);
  }
  assert.throws(() => readConfig('{"mcpServers": {"a": {"command": "x", "type": "toString"}}}'), (error) => /"type" must be one of stdio/.test(error.problems.join()));
});

test("a cache lock held by another process never holds the thread: the write is tried again later, and a foreign lock file is never removed", async () => {
  const dir = folder();
  const file = join(dir, "manifest.json");
  const lock = `${file}.lock`;
  const warnings = [];
  const cache = new ManifestCache(file, 60_000, (w) => warnings.push(w));
  writeFileSync(lock, "toolsearch-mcp manifest cache lock\n");
  cache.remember({ name: "a", command: "x" }, [{ name: "t" }]);
  cache.remember({ name: "b", command: "x" }, [{ name: "t" }]);
  // remember returned while the lock is held: nothing given up, nothing written yet.
  assert.deepEqual(warnings, []);
  assert.equal(existsSync(file), false);
  rmSync(lock);
  await eventually(() => existsSync(file), "the write once the lock is free");
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(file, "utf8")).servers), ["a", "b"], "both writes, in one");
  assert.deepEqual(warnings, []);
  // A lock of ours left long ago is taken over at once.
  writeFileSync(lock, "toolsearch-mcp manifest cache lock\n");
  const old = new Date(Date.now() - 60_000);
  utimesSync(lock, old, old);
  cache.remember({ name: "c", command: "x" }, [{ name: "t" }]);
  assert.ok(JSON.parse(readFileSync(file, "utf8")).servers.c, "written");
  // A file of that name that is not our lock is never removed, however old: the write is given up, said once.
  writeFileSync(lock, "someone's notes");
  utimesSync(lock, old, old);
  cache.remember({ name: "d", command: "x" }, [{ name: "t" }]);
  await eventually(() => warnings.length > 0, "the write to be given up");
  assert.equal(readFileSync(lock, "utf8"), "someone's notes");
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /cannot be written \(another process has held .*manifest\.json\.lock for \d+ ms\)/);
  assert.equal(JSON.parse(readFileSync(file, "utf8")).servers.d, undefined);
});
