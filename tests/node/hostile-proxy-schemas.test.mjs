// A server's output schemas and churning listings against the proxy: an
// output schema's pattern never runs, however it backtracks; no
// output schema is compiled, at a listing or at a relisting; a schema that
// cannot be compiled costs its server nothing; a relisting reads only the
// tools that changed, and names them as fromMcp names the whole listing; a
// costly relisting puts the next one off in proportion.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import { ToolSearch } from "toolsearch";
import { connectMcpServers } from "toolsearch-mcp";
import { ToolImporter } from "../../proxy/importer.mjs";
import { eventually, generator, root } from "./support.mjs";

/** A server of tests/node/<script>, with `env`. */
const fixture = (name, script, env = {}) => ({ name, command: process.execPath, args: [join(root, "tests", "node", script)], env });

/**
 * Counts the calls of `object[method]` until the returned `restore()`:
 * `counted.value` adds up what `count` makes of each call's arguments.
 * @param {any} object
 * @param {string} method
 * @param {(...args: any[]) => number} count
 */
function counting(object, method, count) {
  const original = object[method];
  const counted = { value: 0 };
  object[method] = function (...args) {
    counted.value += count(...args);
    return original.apply(this, args);
  };
  return { counted, restore: () => (object[method] = original) };
}

test("an output schema's pattern never runs: a result it would backtrack on for ever reaches the caller, whole", async () => {
  // 40 a's and a b against ^(a+)+$: about 2^40 steps for a backtracking check.
  const host = await connectMcpServers([fixture("schemas", "output-schema-server.mjs", { LENGTH: "40", COUNT: "1" })], { retryDelayMs: 0 });
  try {
    const result = await host.callToolResult("mcp__schemas__match", {});
    assert.deepEqual(result.structuredContent, { word: `${"a".repeat(40)}b` });
    assert.equal(await host.callTool("mcp__schemas__report_0", {}), '{"field_0":"value"}');
  } finally {
    await host.close();
  }
});

test("no output schema is compiled, at a server's listing or at its relisting", async () => {
  let changes = 0;
  const { counted, restore } = counting(Ajv.prototype, "compile", () => 1);
  const server = fixture("schemas", "output-schema-server.mjs", { COUNT: "300", ANNOUNCE: "1" });
  const host = await connectMcpServers([server], { retryDelayMs: 0, onToolsChanged: () => changes++ });
  try {
    assert.equal(host.session.tools.length, 301);
    // The change it announces: listed again, with one more tool.
    await eventually(() => changes > 0, "the server's second listing");
    assert.ok(host.session.tools.some((tool) => tool.name === "mcp__schemas__late"));
    assert.equal(counted.value, 0, "schemas compiled");
  } finally {
    restore();
    await host.close();
  }
});

test("a tool whose output schema cannot be compiled costs its server nothing: every tool is served, that one too", async () => {
  const host = await connectMcpServers([fixture("schemas", "output-schema-server.mjs", { BROKEN: "1", COUNT: "20" })], { retryDelayMs: 0 });
  try {
    assert.deepEqual(host.failures, []);
    const names = host.session.tools.map((tool) => tool.name);
    assert.equal(names.filter((name) => name.startsWith("mcp__schemas__report_")).length, 20);
    assert.ok(names.includes("mcp__schemas__broken"), names.join());
    assert.equal(await host.callTool("mcp__schemas__broken", {}), '{"item":"anything"}');
    assert.equal(await host.callTool("mcp__schemas__report_7", {}), '{"field_7":"value"}');
  } finally {
    await host.close();
  }
});

test("a relisting of 2,000 tools of which a few changed reads those few, and the session shows the change", async () => {
  let changes = 0;
  const server = fixture("churning", "churning-server.mjs", { COUNT: "2000", PERIOD: "300" });
  const host = await connectMcpServers([server], { retryDelayMs: 0, onToolsChanged: () => changes++ });
  const { counted, restore } = counting(ToolSearch, "fromMcp", (_server, tools) => tools.length);
  try {
    await eventually(() => changes > 0, "a relisting");
    // A change every 300 ms, a relisting a second at most: a few tools read, not 2,000.
    assert.ok(counted.value > 0 && counted.value <= 10, `${counted.value} tools read`);
    assert.equal(host.session.tools.length, 2000);
    assert.ok(
      host.session.tools.some((tool) => /revision [1-9]/.test(tool.description)),
      "a changed description",
    );
  } finally {
    restore();
    await host.close();
  }
});

test("the importer's session parts are fromMcp's for the whole listing, through renames, pins, skipped tools and other servers' names", () => {
  const random = generator(53);
  const pick = (items) => items[Math.floor(random() * items.length)];
  /** Nested `depth` levels: past the engine's 128, a tool it skips. */
  const nested = (depth) => {
    let schema = { type: "string" };
    for (let i = 0; i < depth; i++) schema = { type: "object", properties: { a: schema } };
    return schema;
  };
  const tool = () => {
    const roll = random();
    if (roll < 0.05) return null;
    if (roll < 0.08) return { description: "No name." };
    if (roll < 0.1) return { name: "deep", inputSchema: nested(140) };
    const made = { name: pick(["read", "read", "write", "a.b", "a_b", "a b", "search", "ä"]), description: `Version ${Math.floor(random() * 3)}.`, inputSchema: { type: "object" } };
    if (random() < 0.2) made._meta = { "anthropic/alwaysLoad": true };
    return made;
  };
  for (let run = 0; run < 150; run++) {
    const server = pick(["s", "s.x", "t"]);
    const importer = new ToolImporter(server);
    let tools = Array.from({ length: 1 + Math.floor(random() * 8) }, tool);
    for (let listing = 0; listing < 6; listing++) {
      const taken = random() < 0.5 ? [] : ["mcp__s__read", "mcp__s_x__x", "other"];
      assert.deepEqual(importer.import(tools, taken), ToolSearch.fromMcp(server, tools, taken), JSON.stringify({ server, tools, taken }));
      assert.equal(importer.unchanged(tools), true);
      // The next listing: a tool changed, added, removed, or the order turned.
      tools = tools.slice();
      const change = random();
      if (change < 0.3) tools[Math.floor(random() * tools.length)] = tool();
      else if (change < 0.5) tools.push(tool());
      else if (change < 0.6 && tools.length > 1) tools.splice(Math.floor(random() * tools.length), 1);
      else if (change < 0.7) tools.reverse();
    }
  }
});

test("a relisting that costs much puts the next one off in proportion: a tenth of the time at most", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-relist-"));
  const log = join(dir, "listings.log");
  // The host's own work on each change, 500 ms (as preparing a large session may take).
  const work = () => {
    const until = Date.now() + 500;
    while (Date.now() < until);
  };
  const host = await connectMcpServers([fixture("churn", "listing-server.mjs", { LISTING: "churn", LOG: log })], { retryDelayMs: 0, onToolsChanged: work });
  try {
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const listings = readFileSync(log, "utf8").split("\n").filter(Boolean).length;
    // The first listing, the relisting a second later, then none for at
    // least 5 s (ten times its cost); once a second would be 5.
    assert.ok(listings <= 3, `${listings} listings in 4.5 s`);
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
