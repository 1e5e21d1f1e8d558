// assemble through the package (spec §4, §7).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { SKIP_SHARED, realCatalogSession, sharedDir, tool } from "./support.mjs";

function fixture() {
  const tools = [tool("terminal", "Run a shell command.", ["command"])];
  const toolsets = {};
  for (const [server, count] of [["github", 3], ["stripe", 30]]) {
    for (let i = 0; i < count; i++) {
      const name = `mcp__${server}__op_${String(i).padStart(2, "0")}`;
      tools.push(tool(name, `Operation ${i} of ${server}. More text follows.`, ["id"]));
      toolsets[name] = `mcp-${server}`;
    }
  }
  return { tools, toolsets };
}

const ts = new ToolSearch({ coreTools: ["terminal"] });

test("visible tools pass through as the host's objects, then the three bridges", () => {
  const session = fixture();
  const out = ts.assemble(session, { contextLength: 200_000 });
  assert.equal(out.tools.length, 4);
  assert.equal(out.tools[0], session.tools[0]);
  assert.deepEqual(out.tools.slice(1).map((t) => t.function.name), ["tool_search", "tool_describe", "tool_call"]);
  assert.deepEqual(Object.keys(out), [
    "tools", "activated", "tier", "listingForm", "deferredCount", "deferredTokens", "thresholdTokens", "warnings",
  ]);
  assert.equal(out.activated, true);
  assert.equal(out.tier, 1);
  assert.equal(out.listingForm, "full");
  assert.equal(out.deferredCount, 33);
  assert.equal(out.thresholdTokens, 4000);
  assert.deepEqual(out.warnings, []);
  // Without toolsets nothing can defer, and the result says so.
  const bare = ts.assemble({ tools: session.tools }, { contextLength: 200_000 });
  assert.equal(bare.activated, false);
  assert.match(bare.warnings[0], /^33 of 34 tools have no toolset/);
  const deferredChars = session.tools.slice(1).reduce((n, t) => n + JSON.stringify(t).length, 0);
  assert.equal(out.deferredTokens, Math.ceil(deferredChars / 4));
});

test("byte-stable whatever the order of the deferred tools, and idempotent", () => {
  const session = fixture();
  const first = JSON.stringify(ts.assemble(session, { contextLength: 2000 }).tools);
  const shuffled = { ...session, tools: [session.tools[0], ...session.tools.slice(1).reverse()] };
  assert.equal(JSON.stringify(ts.assemble(shuffled, { contextLength: 2000 }).tools), first);
  const assembled = ts.assemble(session, { contextLength: 2000 });
  const again = ts.assemble({ ...session, tools: [...assembled.tools, ...session.tools.slice(1)] }, { contextLength: 2000 });
  assert.equal(JSON.stringify(again.tools), first);
});

test("forms across context lengths, and the listing text", () => {
  const wide = new ToolSearch({ coreTools: ["terminal"], config: { listing_max_tokens: 60000 } });
  const form = (ctx) => wide.assemble(fixture(), { contextLength: ctx });
  assert.deepEqual([8200, 8000, 3800, 1000].map((c) => [form(c).listingForm, form(c).tier]), [
    ["full", 1], ["names", 1], ["mixed", 1], ["none", 2],
  ]);
  const mixed = form(2000).tools[1].function.description;
  assert.match(mixed, /github tools \(3\):\nmcp__github__op_00, mcp__github__op_01, mcp__github__op_02/);
  assert.match(mixed, /stripe \(30 tools — names not listed; discover via `tool_search`\)/);
  const full = form(1_000_000).tools[1].function.description;
  assert.match(full, /\n- mcp__github__op_00: Operation 0 of github\.\n/);
  assert.ok(!full.endsWith("\n"));
});

test("pass-through, listing off, connector-only, unknown context", () => {
  const off = new ToolSearch({ coreTools: ["terminal"], config: { enabled: "off" } }).assemble(fixture(), {});
  assert.deepEqual([off.activated, off.tier, off.tools.length, off.thresholdTokens], [false, 0, 34, 0]);
  const bare = new ToolSearch({ coreTools: ["terminal"], config: { listing: "off" } }).assemble(fixture(), {});
  assert.deepEqual([bare.activated, bare.tier, bare.listingForm, bare.tools.length], [true, 2, "none", 4]);
  const connectors = new ToolSearch({ coreTools: ["manage_connections"] }).assemble(
    { tools: [tool("manage_connections", "Connect apps")] }, {},
  );
  assert.deepEqual([connectors.activated, connectors.tier, connectors.deferredCount], [true, 2, 0]);
  assert.match(connectors.tools[1].function.description, /^Search remote connector tools/);
  const unknown = ts.assemble(fixture(), { contextLength: "lots", format: "xml" });
  assert.equal(unknown.thresholdTokens, 4000);
  assert.equal(unknown.tools[1].type, "function");
});

test("anthropic and mcp formats reshape only the bridges", () => {
  const session = fixture();
  const anthropic = ts.assemble(session, { format: "anthropic" });
  assert.equal(anthropic.tools[0], session.tools[0]);
  assert.deepEqual(Object.keys(anthropic.tools[1]), ["name", "description", "input_schema"]);
  const mcp = ts.assemble(session, { format: "mcp" });
  assert.deepEqual(Object.keys(mcp.tools[3]), ["name", "description", "inputSchema"]);
});

test("real catalog: mixed at 200K with small servers named, none below 20K; the saving", (t) => {
  const dir = sharedDir();
  if (!dir) return t.skip(SKIP_SHARED);
  const session = realCatalogSession(dir);
  const plain = new ToolSearch();
  const out = plain.assemble(session, { contextLength: 200_000 });
  assert.equal(out.listingForm, "mixed");
  assert.equal(out.deferredCount, 1873);
  const text = out.tools[0].function.description;
  assert.match(text, /\npostgres tools \(1\):\nmcp_postgres_query\n/);
  assert.match(text, /\ndigitalocean \(353 tools — names not listed; discover via `tool_search`\)\n/);
  const sent = Math.ceil(JSON.stringify(out.tools).length / 4);
  assert.ok(out.deferredTokens > 550_000 && sent < 5_000, `${out.deferredTokens} -> ${sent}`);
  assert.equal(plain.assemble(session, { contextLength: 16_000 }).listingForm, "none");
  const wide = new ToolSearch({ config: { listing_max_tokens: 60000 } });
  assert.equal(wide.assemble(session, { contextLength: 1_000_000 }).listingForm, "full");
  assert.equal(wide.assemble(session, { contextLength: 400_000 }).listingForm, "names");
});
