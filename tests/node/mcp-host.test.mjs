// toolsearch/mcp's servers on their edges: a cached server that no longer
// starts leaves the session and is reported, once; closing the host while a
// server starts leaves no process behind; a server that exits starts again,
// once for all the calls that wait for it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectMcpServers } from "toolsearch/mcp";
import { root } from "./support.mjs";

/** A server launched through a script of its own, so that removing the script breaks it. */
function memoryServer() {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-host-"));
  const script = join(dir, "memory-server");
  writeFileSync(script, `#!/bin/sh\nexec "${join(root, "node_modules", ".bin", "mcp-server-memory")}"\n`);
  chmodSync(script, 0o755);
  return { dir, script, spec: { name: "memory", command: script, env: { MEMORY_FILE_PATH: join(dir, "memory.jsonl") } } };
}

test("a cached server that no longer starts leaves the session and is reported", async () => {
  const { dir, script, spec } = memoryServer();
  const cache = join(dir, "manifest.json");
  const first = await connectMcpServers([spec], { cache });
  const tools = first.session.tools.length;
  assert.ok(tools > 0 && existsSync(cache));
  await first.close();

  rmSync(script);
  const started = [];
  let changed = 0;
  const lazy = await connectMcpServers([spec], { cache, onStart: (name) => started.push(name), onToolsChanged: () => changed++ });
  try {
    // Search still sees the cached tools; nothing started.
    assert.equal(lazy.session.tools.length, tools);
    assert.deepEqual([started, lazy.failures], [[], []]);
    const name = lazy.session.tools[0].name;
    await assert.rejects(lazy.callTool(name, {}), /did not start/);
    assert.equal(lazy.session.tools.length, 0);
    assert.deepEqual(lazy.failures.map((f) => f.server), ["memory"]);
    assert.equal(lazy.session.declaredSources[0].name, "memory");
    assert.equal(changed, 1);
    // The cache forgot it: the next launch tries the server again.
    const again = await connectMcpServers([spec], { cache });
    assert.deepEqual(again.failures.map((f) => f.server), ["memory"]);
    await again.close();
  } finally {
    await lazy.close();
  }
});

test("closing the host while a lazy server starts leaves it closed", async () => {
  const { dir, spec } = memoryServer();
  const cache = join(dir, "manifest.json");
  await (await connectMcpServers([spec], { cache })).close();
  const started = [];
  const lazy = await connectMcpServers([spec], { cache, onStart: (name) => started.push(name) });
  const call = lazy.callTool(lazy.session.tools[0].name, {}).catch((error) => error);
  await lazy.close();
  const outcome = await call;
  assert.ok(outcome instanceof Error, String(outcome));
  assert.deepEqual(started, []);
});

test("a server that exits starts again on its next call, once for every call waiting", async () => {
  const spec = { name: "crashing", command: process.execPath, args: [join(root, "tests", "node", "crashing-server.mjs")] };
  const started = [];
  const warnings = [];
  const host = await connectMcpServers([spec], { onStart: (name) => started.push(name), onWarning: (w) => warnings.push(w) });
  try {
    const first = await host.callTool("mcp__crashing__pid", {});
    await assert.rejects(host.callTool("mcp__crashing__crash", {}), /the MCP server crashing exited during the call/);
    assert.match(warnings.join("\n"), /server 'crashing' closed its connection/);
    const pids = await Promise.all(Array.from({ length: 20 }, () => host.callTool("mcp__crashing__pid", {})));
    assert.equal(new Set(pids).size, 1);
    assert.notEqual(pids[0], first);
    assert.deepEqual(started, ["crashing", "crashing"]);
    assert.deepEqual(host.session.tools.map((t) => t.name), ["mcp__crashing__crash", "mcp__crashing__pid"]);
    assert.deepEqual(host.failures, []);
  } finally {
    await host.close();
  }
});
