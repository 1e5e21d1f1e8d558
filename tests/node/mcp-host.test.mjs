// toolsearch-mcp's servers on their edges: a cached server that no longer
// starts leaves the session and is reported, once; closing the host while a
// server starts leaves no process behind; a server that exits starts again,
// once for all the calls that wait for it; one that floods is stopped (a
// burst is not a flood) and starts again on its next call; a server that never answers is
// given up after its start deadline, and its process ended; a server that
// fails to start is tried again in the background and rejoins the session;
// hostile listings (tests/node/listing-server.mjs): pages that never end,
// servers that list only together, bursts of announced changes, a change
// announced during the first listing, and malformed tools.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { connectMcpServers } from "toolsearch-mcp";
import { eventually, root } from "./support.mjs";

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
  const spec = { name: "crashing", command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")] };
  const started = [];
  const warnings = [];
  const host = await connectMcpServers([spec], { onStart: (name) => started.push(name), onWarning: (w) => warnings.push(w) });
  try {
    const first = await host.callTool("mcp__crashing__pid", {});
    await assert.rejects(host.callTool("mcp__crashing__crash", {}), /the connection to the MCP server crashing closed during the call/);
    assert.match(warnings.join("\n"), /server 'crashing' closed its connection/);
    const pids = await Promise.all(Array.from({ length: 20 }, () => host.callTool("mcp__crashing__pid", {})));
    assert.equal(new Set(pids).size, 1);
    assert.notEqual(pids[0], first);
    assert.deepEqual(started, ["crashing", "crashing"]);
    assert.deepEqual(host.session.tools.map((t) => t.name).slice(0, 2), ["mcp__crashing__crash", "mcp__crashing__pid"]);
    assert.deepEqual(host.failures, []);
  } finally {
    await host.close();
  }
});

/** Whether a process whose command line holds `marker` is running. */
const running = (marker) => execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).includes(marker);

test("a server that floods is stopped at once, though a wrapper started it; its call fails saying why, and it starts again on its next call", async () => {
  const marker = `flood-${process.pid}-${Date.now()}`;
  const faulty = join(root, "tests", "node", "faulty-server.mjs");
  // As npx and shell scripts do: the server is the wrapper's child, and holds its pipes too.
  const spec = { name: "flood", command: "sh", args: ["-c", `"${process.execPath}" "${faulty}" ${marker}; exit $?`] };
  const warnings = [];
  const host = await connectMcpServers([spec], { onWarning: (w) => warnings.push(w) });
  try {
    const first = await host.callTool("mcp__flood__pid", {});
    // A burst is no flood: thousands of notifications within a second, then an answer.
    assert.equal(await host.callTool("mcp__flood__burst", { count: 6_000 }), "sent 6000");
    assert.deepEqual(warnings, []);
    // Far sooner than the call's own deadline: the flood, not the clock, ends it.
    await assert.rejects(
      host.callTool("mcp__flood__flood", {}, { timeout: 30_000 }),
      /the connection to the MCP server flood closed during the call \(it sent more than 5000 messages a second for 3 seconds\)/,
    );
    assert.match(warnings.join("\n"), /server 'flood' was stopped: it sent more than 5000 messages a second for 3 seconds; it starts again on its next call/);
    await eventually(() => !running(marker), "the flooding server's process to end");
    const again = await host.callTool("mcp__flood__pid", {});
    assert.match(again, /^\d+$/);
    assert.notEqual(again, first);
  } finally {
    await host.close();
  }
});

test("a server that never answers is given up after its start deadline, and its process ended", async () => {
  const marker = `mute-${process.pid}-${Date.now()}`;
  const faulty = join(root, "tests", "node", "faulty-server.mjs");
  const specs = [
    { name: "mute", command: process.execPath, args: [faulty, marker], env: { FAULT: "mute" } },
    { name: "fine", command: process.execPath, args: [faulty] },
  ];
  // Long enough for the fine server to start on a loaded machine.
  const host = await connectMcpServers(specs, { startTimeoutMs: 2_000 });
  try {
    assert.deepEqual(host.failures.map((f) => f.server), ["mute"]);
    assert.match(host.failures[0].reason, /timed out/i);
    assert.equal(running(marker), false);
    assert.ok(host.session.tools.some((t) => t.name === "mcp__fine__pid"));
  } finally {
    await host.close();
  }
});

test("aborting the host's signal ends servers still starting; a start deadline too long for a timer is capped", async () => {
  const marker = `mute-${process.pid}-${Date.now()}-abort`;
  const faulty = join(root, "tests", "node", "faulty-server.mjs");
  const abort = new AbortController();
  setTimeout(() => abort.abort(), 300);
  const host = await connectMcpServers(
    [{ name: "mute", command: process.execPath, args: [faulty, marker], env: { FAULT: "mute" } }],
    { signal: abort.signal, startTimeoutMs: 600_000 },
  );
  // Ended by the abort, not by its deadline, which the test never reaches.
  assert.deepEqual(host.failures.map((f) => f.server), ["mute"]);
  assert.doesNotMatch(host.failures[0].reason, /timed out/i);
  await host.close();
  assert.equal(running(marker), false);
  const fine = await connectMcpServers([{ name: "fine", command: process.execPath, args: [faulty] }], { startTimeoutMs: 2 ** 31 });
  try {
    assert.deepEqual(fine.failures, []);
  } finally {
    await fine.close();
  }
});

/** The fixture server as `flaky`, down (exiting at once) until its state file says otherwise. */
function flakyServer() {
  const state = join(mkdtempSync(join(tmpdir(), "toolsearch-host-flaky-")), "state");
  writeFileSync(state, "down");
  const spec = { name: "flaky", command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")], env: { FAULT_FILE: state } };
  return { spec, up: () => writeFileSync(state, "up"), down: () => writeFileSync(state, "down") };
}

test("a server that fails to start is tried again in the background, and rejoins the session when it starts", async () => {
  const { spec, up, down } = flakyServer();
  let changes = 0;
  const changed = () => changes++;
  const warnings = [];
  const host = await connectMcpServers([spec], {
    retryDelayMs: 50,
    onToolsChanged: changed,
    onWarning: (w) => warnings.push(w),
  });
  try {
    assert.deepEqual(host.failures.map((f) => f.server), ["flaky"]);
    assert.match(host.session.declaredSources[0].unavailable, /tried again/);
    // It keeps failing, quietly for the session: warnings say when it is tried next.
    await eventually(() => warnings.length >= 2, "two failed tries");
    assert.match(warnings[0], /server 'flaky' did not start .*; it is tried again in \d+ m?s/);
    assert.equal(host.failures.length, 1);
    // Failing again with the same reason changes nothing in the session.
    assert.equal(changes, 0);
    up();
    await eventually(() => changes === 1, "the server to start");
    assert.deepEqual(host.failures, []);
    assert.deepEqual(host.session.declaredSources, []);
    const pid = await host.callTool("mcp__flaky__pid", {});
    // Once running, a crash is followed by a start that fails: the server leaves the session, then comes back.
    down();
    await assert.rejects(host.callTool("mcp__flaky__crash", {}));
    await assert.rejects(host.callTool("mcp__flaky__pid", {}), /did not start/);
    assert.equal(changes, 2);
    assert.equal(host.session.tools.length, 0);
    assert.deepEqual(host.failures.map((f) => f.server), ["flaky"]);
    up();
    await eventually(() => changes === 3, "the server to start again");
    assert.notEqual(await host.callTool("mcp__flaky__pid", {}), pid);
    assert.deepEqual(host.failures, []);
  } finally {
    await host.close();
  }
});

test("with retryDelayMs 0 a server that failed is not tried again", async () => {
  const { spec, up } = flakyServer();
  const started = [];
  const host = await connectMcpServers([spec], { retryDelayMs: 0, onStart: (name) => started.push(name) });
  try {
    up();
    // Several of the shortest waits pass; nothing starts it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(started, []);
    assert.deepEqual(host.failures.map((f) => f.server), ["flaky"]);
    assert.match(host.session.declaredSources[0].unavailable, /then restart/);
  } finally {
    await host.close();
  }
});

test("a server with neither a command nor a url is reported once and never tried again", async () => {
  const warnings = [];
  const started = [];
  const host = await connectMcpServers([{ name: "nothing" }], { retryDelayMs: 10, onWarning: (w) => warnings.push(w), onStart: (name) => started.push(name) });
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(host.failures.map((f) => f.server), ["nothing"]);
    assert.match(host.failures[0].reason, /neither a command nor a url/);
    assert.deepEqual([warnings, started], [[], []]);
  } finally {
    await host.close();
  }
});

/** A spec of tests/node/listing-server.mjs misbehaving as `listing` says. */
const listingServer = (name, listing, env = {}) => ({
  name,
  command: process.execPath,
  args: [join(root, "tests", "node", "listing-server.mjs")],
  env: { LISTING: listing, NAME: name, ...env },
});

test("a server whose tools/list never ends, or repeats its cursor, is refused", async () => {
  const host = await connectMcpServers([listingServer("endless", "endless"), listingServer("repeat", "repeat")], { startTimeoutMs: 60_000, retryDelayMs: 0 });
  try {
    assert.equal(host.session.tools.length, 0);
    const reasons = Object.fromEntries(host.failures.map((f) => [f.server, f.reason]));
    assert.match(reasons.endless, /more than 1000 pages/);
    assert.match(reasons.repeat, /cursor "same" came back/);
  } finally {
    await host.close();
  }
});

test("servers are started and listed at once: none waits for another's listing", async () => {
  // Each answers tools/list only once all three have asked: listed one
  // after another, the first would wait until its deadline.
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-barrier-"));
  const names = ["one", "two", "three"];
  const env = { BARRIER: names.join(","), BARRIER_DIR: dir };
  const host = await connectMcpServers(names.map((name) => listingServer(name, "barrier", env)), { startTimeoutMs: 60_000, retryDelayMs: 0 });
  try {
    assert.deepEqual(host.failures, []);
    assert.deepEqual(host.session.tools.map((t) => t.name), ["mcp__one__ready", "mcp__two__ready", "mcp__three__ready"]);
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a server that announces tool changes in a burst is listed one time after another, and unchanged tools change nothing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-announce-"));
  const log = join(dir, "lists.log");
  let changed = 0;
  const host = await connectMcpServers([listingServer("noisy", "announce", { LOG: log })], { onToolsChanged: () => changed++, retryDelayMs: 0 });
  try {
    assert.deepEqual(host.session.tools.map((t) => t.name), ["mcp__noisy__steady"]);
    const listed = () => readFileSync(log, "utf8").trim().split("\n").length;
    assert.equal(listed(), 1);
    // 500 announcements: the listing that runs, and one more for all that
    // came during it (a few, as the burst arrives in pieces).
    await host.callTool("mcp__noisy__steady", {});
    await eventually(() => listed() >= 3, "the announcements' listings");
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(listed() <= 20, `${listed()} listings for 500 announcements`);
    assert.equal(changed, 0);
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a server that announces a change while it is first listed is in the session the host starts with", async () => {
  let changed = 0;
  const host = await connectMcpServers([listingServer("early", "early")], { onToolsChanged: () => changed++, retryDelayMs: 0 });
  try {
    assert.deepEqual(host.failures, []);
    assert.deepEqual(host.session.tools.map((t) => t.name), ["mcp__early__steady"]);
    // The change is listed after the first listing, and nothing changed.
    await host.callTool("mcp__early__steady", {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(changed, 0);
    assert.deepEqual(host.session.tools.map((t) => t.name), ["mcp__early__steady"]);
  } finally {
    await host.close();
  }
});

test("a malformed tool costs its server only itself", async () => {
  const warnings = [];
  const host = await connectMcpServers([listingServer("mixed", "mixed")], { onWarning: (w) => warnings.push(w), retryDelayMs: 0 });
  try {
    assert.deepEqual(host.failures, []);
    const names = host.session.tools.map((t) => t.name);
    assert.ok(names.includes("mcp__mixed__fine"), names.join());
    assert.ok(!names.some((n) => n === "mcp__mixed__"), names.join());
    assert.equal(await host.callTool("mcp__mixed__fine", {}), "done");
  } finally {
    await host.close();
  }
});

test("a server gets its entry's environment and the few variables every program needs, not the host's secrets", async () => {
  process.env.TOOLSEARCH_HOST_SECRET = "s3cret";
  try {
    const host = await connectMcpServers({
      faulty: { command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")], env: { OWN_SETTING: "1" } },
    });
    const names = JSON.parse(await host.callTool("mcp__faulty__env", {}));
    await host.close();
    assert.ok(names.includes("OWN_SETTING") && names.includes("PATH"), JSON.stringify(names));
    assert.ok(!names.includes("TOOLSEARCH_HOST_SECRET"), JSON.stringify(names));
  } finally {
    delete process.env.TOOLSEARCH_HOST_SECRET;
  }
});

test("a URL's credentials never reach a failure's reason, the session or the log", async () => {
  const warnings = [];
  const host = await connectMcpServers(
    { remote: { url: "http://user:hunter2@127.0.0.1:1/mcp?token=abc123" } },
    { retryDelayMs: 0, startTimeoutMs: 5_000, onWarning: (line) => warnings.push(line) },
  );
  const said = JSON.stringify([host.failures, host.session.declaredSources, warnings]);
  await host.close();
  assert.equal(host.failures.length, 1, said);
  assert.ok(!said.includes("hunter2") && !said.includes("abc123"), said);
});

test("a tool nested too deep is left out, from a server or a planted cache, and the rest is served", async () => {
  const listing = (mode) => ({ command: process.execPath, args: [join(root, "tests", "node", "listing-server.mjs")], env: { LISTING: mode } });
  const warnings = [];
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-deep-"));
  const cache = join(dir, "manifest.json");
  const host = await connectMcpServers({ deep: listing("deep") }, { cache, onWarning: (line) => warnings.push(line) });
  assert.deepEqual(host.session.tools.map((t) => t.name), ["mcp__deep__fine"]);
  assert.match(warnings.join("\n"), /server 'deep': tool #0 was skipped, it cannot be read as JSON \(nested more than 256 levels deep\)/);
  await host.close();
  // The cache holds the readable tools; a deep one planted there is left out too.
  const depth = 10_000;
  const deep = `{"name":"planted","inputSchema":${'{"type":"object","properties":{"a":'.repeat(depth)}{}${"}}".repeat(depth)}}`;
  writeFileSync(cache, readFileSync(cache, "utf8").replace('"tools":[', `"tools":[${deep},`));
  const started = [];
  const lazy = await connectMcpServers({ deep: listing("deep") }, { cache, onStart: (name) => started.push(name), onWarning: (line) => warnings.push(line) });
  assert.deepEqual(lazy.session.tools.map((t) => t.name), ["mcp__deep__fine"]);
  assert.deepEqual(started, [], "served from the cache");
  assert.match(warnings.join("\n"), /cached tool #0 was skipped/);
  await lazy.close();
  // An entry listed in the future is stale: the server starts.
  writeFileSync(cache, readFileSync(cache, "utf8").replace(/"listedAt":\d+/g, `"listedAt":${Date.now() + 86_400_000}`));
  const fresh = await connectMcpServers({ deep: listing("deep") }, { cache, onStart: (name) => started.push(name) });
  assert.deepEqual(started, ["deep"]);
  await fresh.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the manifest cache is the owner's alone: 0600 in a new 0700 folder, keyed by a secret kept beside it", async (t) => {
  if (process.platform === "win32") return t.skip("POSIX modes");
  const { dir, spec } = memoryServer();
  const folder = join(dir, "cache");
  const cache = join(folder, "manifest.json");
  await (await connectMcpServers([spec], { cache })).close();
  const mode = (path) => statSync(path).mode & 0o777;
  assert.equal(mode(folder), 0o700);
  assert.equal(mode(cache), 0o600);
  assert.equal(mode(join(folder, ".toolsearch-salt")), 0o600);
  assert.deepEqual(readdirSync(folder).sort(), [".toolsearch-salt", "manifest.json"], "no temporary file left");
  // The env value takes part in the key, but the file alone does not let
  // anyone test a guess: copied without its secret, it is not trusted.
  const text = readFileSync(cache, "utf8");
  assert.doesNotMatch(text, new RegExp(spec.env.MEMORY_FILE_PATH.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")));
  const elsewhere = join(dir, "copy", "manifest.json");
  mkdirSync(dirname(elsewhere));
  writeFileSync(elsewhere, text);
  const started = [];
  await (await connectMcpServers([spec], { cache: elsewhere, onStart: (name) => started.push(name) })).close();
  assert.deepEqual(started, ["memory"]);
});

test("the manifest cache never writes through a planted link, and a folder in its place leaves nothing behind", async () => {
  const { dir, spec } = memoryServer();
  const victim = join(dir, "victim.txt");
  writeFileSync(victim, "untouched");
  const cache = join(dir, "manifest.json");
  symlinkSync(victim, cache);
  const warnings = [];
  await (await connectMcpServers([spec], { cache, onWarning: (w) => warnings.push(w) })).close();
  assert.equal(readFileSync(victim, "utf8"), "untouched");
  assert.equal(lstatSync(cache).isSymbolicLink(), false, "the link was replaced, its target left alone");
  // A folder where the file should be: a warning, and no temporary file anywhere.
  const blocked = join(dir, "blocked");
  mkdirSync(join(blocked, "manifest.json"), { recursive: true });
  await (await connectMcpServers([spec], { cache: join(blocked, "manifest.json"), onWarning: (w) => warnings.push(w) })).close();
  assert.match(warnings.join("\n"), /cannot be written/);
  assert.deepEqual(readdirSync(blocked).filter((name) => name.endsWith(".tmp")), []);
  assert.deepEqual(readdirSync(dir).filter((name) => name.endsWith(".tmp")), []);
});

test("a cached listing of no tools does not hide its server: it starts at launch", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-host-"));
  const cache = join(dir, "manifest.json");
  await (await connectMcpServers([listingServer("empty", "empty")], { cache })).close();
  const started = [];
  await (await connectMcpServers([listingServer("empty", "empty")], { cache, onStart: (name) => started.push(name) })).close();
  assert.deepEqual(started, ["empty"]);
});

test("a server whose tools change every 20 ms is listed at most once a second", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-host-"));
  const log = join(dir, "listings.log");
  let changes = 0;
  const host = await connectMcpServers([listingServer("churn", "churn", { LOG: log })], { cache: join(dir, "manifest.json"), onToolsChanged: () => changes++ });
  try {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const listings = readFileSync(log, "utf8").split("\n").filter(Boolean).length;
    // The first listing, then one a second at most (about 150 unpaced).
    assert.ok(listings <= 5, `${listings} listings in 3 s`);
    assert.ok(changes <= 4, `${changes} changes in 3 s`);
    assert.match(host.session.tools[0].name, /changed_\d+/);
  } finally {
    await host.close();
  }
});

test("junk lines and answers to no request count toward a flood", async () => {
  const warnings = [];
  const host = await connectMcpServers([listingServer("junk", "junk")], { onWarning: (w) => warnings.push(w) });
  try {
    const outcome = await host.callTool(host.session.tools[0].name, {}, { timeout: 30_000 }).catch((error) => error);
    assert.ok(outcome instanceof Error, String(outcome));
    assert.match(outcome.message, /more than 5000 messages a second/);
    assert.match(warnings.join("\n"), /'junk' was stopped/);
  } finally {
    await host.close();
  }
});

test("a server that cannot start says why: what it wrote to stderr, a missing cwd, args that are no list", async () => {
  const host = await connectMcpServers(
    {
      token: { command: "sh", args: ["-c", "echo 'GITHUB_TOKEN is not set' >&2; exit 1"] },
      nowhere: { command: process.execPath, cwd: join(tmpdir(), `missing-${process.pid}-${Date.now()}`) },
      text: { command: process.execPath, args: "--version" },
    },
    { retryDelayMs: 0 },
  );
  try {
    const reasons = Object.fromEntries(host.failures.map((f) => [f.server, f.reason]));
    assert.match(reasons.token, /it wrote: GITHUB_TOKEN is not set/);
    assert.match(reasons.nowhere, /its cwd ".*missing-.*" is not a folder/);
    assert.match(reasons.text, /its args are not a list of strings/);
  } finally {
    await host.close();
  }
});

test("hosts writing one manifest cache at once keep each other's entries", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-host-"));
  const cache = join(dir, "manifest.json");
  const writer = (name) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(root, "tests", "node", "cache-writer.mjs")], { env: { ...process.env, CACHE: cache, NAME: name, COUNT: "60" }, stdio: ["ignore", "ignore", "pipe"] });
      let errors = "";
      child.stderr.on("data", (chunk) => (errors += chunk));
      child.on("exit", (code) => (code === 0 && errors === "" ? resolve() : reject(new Error(`${name}: ${code} ${errors}`))));
    });
  await Promise.all(["a", "b", "c"].map(writer));
  const names = Object.keys(JSON.parse(readFileSync(cache, "utf8")).servers);
  assert.equal(names.length, 180, `${180 - names.length} entries lost`);
  assert.deepEqual(readdirSync(dir).sort(), [".toolsearch-salt", "manifest.json"], "no lock or temporary file left");
});

test("a server behind a shell wrapper that ignores SIGTERM and the end of its input ends with the host", async (t) => {
  if (!existsSync("/proc")) return t.skip("descendants are found through /proc");
  const marker = `stubborn-${process.pid}-${Date.now()}`;
  const faulty = join(root, "tests", "node", "faulty-server.mjs");
  const spec = { name: "stubborn", command: "sh", args: ["-c", `"${process.execPath}" "${faulty}" ${marker}; exit $?`], env: { FAULT: "stubborn" } };
  const host = await connectMcpServers([spec], { startTimeoutMs: 1_000, retryDelayMs: 0 });
  await host.close();
  assert.equal(host.failures.length, 1);
  assert.equal(running(marker), false, "the server outlived its wrapper and the host");
});

test("pinning: a tool its server pins stays visible; an entry's defer and alwaysLoad decide over it", async () => {
  const listing = (extra = {}) => ({ command: process.execPath, args: [join(root, "tests", "node", "listing-server.mjs")], env: { LISTING: "pinned" }, ...extra });
  const warnings = [];
  const host = await connectMcpServers(
    {
      meta: listing(),
      hidden: listing({ defer: true }),
      shown: listing({ defer: false }),
      some: listing({ alwaysLoad: ["read", "nothing_like_it"] }),
    },
    { onWarning: (w) => warnings.push(w) },
  );
  try {
    const deferred = Object.keys(host.session.toolsets).sort();
    assert.deepEqual(deferred, [
      "mcp__hidden__fetch", "mcp__hidden__read", "mcp__hidden__search",
      "mcp__meta__fetch", "mcp__meta__read",
      "mcp__some__fetch",
    ]);
    assert.equal(host.session.tools.length, 12, "every tool stays in the session");
    assert.ok(warnings.some((w) => /server 'some': "alwaysLoad" names 'nothing_like_it'/.test(w)), warnings.join("\n"));
    // What the model sees: the pinned tools beside the bridges, and the listing names the rest.
    const { ToolSearch, toolName } = await import("toolsearch");
    const shown = new ToolSearch().assemble(host.session, { contextLength: 200_000 }).tools.map(toolName);
    for (const name of ["mcp__meta__search", "mcp__shown__fetch", "mcp__shown__read", "mcp__shown__search", "mcp__some__read", "mcp__some__search"]) {
      assert.ok(shown.includes(name), `${name} is not visible`);
    }
    assert.ok(!shown.includes("mcp__hidden__search") && !shown.includes("mcp__meta__fetch"));
  } finally {
    await host.close();
  }
});
