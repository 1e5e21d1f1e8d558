// Sessions, configuration and robustness: what the host can pass, and what it gets.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { tool } from "./support.mjs";

test("only a non-object session throws (TypeError)", async () => {
  const ts = new ToolSearch();
  for (const bad of [undefined, null, 5, "x", [], true]) {
    await assert.rejects(ts.toolSearch({ queries: ["a"] }, bad), TypeError);
    await assert.rejects(ts.toolDescribe({ names: ["a"] }, bad), TypeError);
  }
  for (const odd of [{}, { tools: "x" }, { tools: [null, 5, "s", [], { function: 3 }] }, { tools: [], toolsets: 7, owners: [] }]) {
    const out = JSON.parse(await ts.toolSearch({ queries: ["a"] }, odd));
    assert.equal(out.total_available, 0);
  }
});

test("bad options never throw; config shows the resolved values", () => {
  for (const options of [undefined, null, 3, "x", { config: "yes" }, { config: { defer: 5 } }, { coreTools: "x" }, { host: 7 }]) {
    assert.doesNotThrow(() => new ToolSearch(options));
  }
  const ts = new ToolSearch({ config: { threshold_pct: "250", max_search_limit: 0, enabled: true, defer: "computer_use" } });
  assert.equal(ts.config.threshold_pct, 100);
  assert.equal(ts.config.max_search_limit, 1);
  assert.equal(ts.config.search_default_limit, 1);
  assert.equal(ts.config.enabled, "on");
  assert.equal(ts.config.defer.length, 17);
  assert.equal(ts.config.warnings.length, 1);
  assert.equal(new ToolSearch({ config: false }).config.enabled, "off");
  assert.equal(new ToolSearch({ connectors: { enabled: "no" } }).config.connectors.enabled, false);
});

test("changes to the tools show in the next call (no stale catalog)", async () => {
  const ts = new ToolSearch();
  const t = tool("mcp_x_alpha", "first words");
  const session = { tools: [t], toolsets: { mcp_x_alpha: "mcp-x" } };
  const matches = async (q) => JSON.parse(await ts.toolSearch({ queries: [q] }, session)).results[0].matches;
  assert.deepEqual(await matches("first"), ["mcp_x_alpha"]);
  t.function.description = "second words";
  assert.deepEqual(await matches("first"), []);
  assert.deepEqual(await matches("second"), ["mcp_x_alpha"]);
  t.function.parameters.properties.zeta = { type: "string" };
  assert.deepEqual(await matches("zeta"), ["mcp_x_alpha"]);
  t.function.parameters.required.push("zeta");
  const out = JSON.parse(await ts.toolSearch({ queries: ["zeta"] }, session));
  assert.deepEqual(out.tools.mcp_x_alpha.required, ["zeta"]);
  t.function.name = "mcp_x_beta";
  assert.deepEqual(await matches("zeta"), []);
  session.toolsets.mcp_x_beta = "mcp-x";
  assert.deepEqual(await matches("zeta"), ["mcp_x_beta"]);
  session.toolsets.mcp_x_beta = "desktop_ui";
  assert.deepEqual(await matches("zeta"), []);
  session.tools = [t, tool("mcp_x_gamma", "zeta too")];
  session.toolsets.mcp_x_beta = "mcp-x";
  session.toolsets.mcp_x_gamma = "mcp-x";
  assert.equal((await matches("zeta")).length, 2);
});

test("the change check sees removed, reordered and inherited keys, swapped tools and edited MCP schemas", async () => {
  const ts = new ToolSearch();
  const a = tool("mcp_x_alpha", "first words");
  a.function.parameters.properties.zeta = { type: "string" };
  const mcp = { name: "mcp_x_beta", description: "second words", inputSchema: { type: "object", properties: { eta: { type: "string" } } } };
  const session = { tools: [a, mcp], toolsets: { mcp_x_alpha: "mcp-x", mcp_x_beta: "mcp-x" } };
  const matches = async (q) => JSON.parse(await ts.toolSearch({ queries: [q] }, session)).results[0].matches;
  assert.deepEqual(await matches("zeta"), ["mcp_x_alpha"]);
  delete a.function.parameters.properties.zeta;
  assert.deepEqual(await matches("zeta"), []);
  // Same names, other order: the view changed, so the tool is read again.
  Object.assign(a.function.parameters.properties, { omega: { type: "string" }, theta: { type: "string" } });
  assert.deepEqual(await matches("omega"), ["mcp_x_alpha"]);
  const reordered = { theta: { type: "string" }, omega: { type: "string" } };
  for (const key of Object.keys(a.function.parameters.properties)) delete a.function.parameters.properties[key];
  Object.assign(a.function.parameters.properties, reordered);
  assert.deepEqual(await matches("omega"), ["mcp_x_alpha"]);
  // Properties that inherit an enumerable key: only their own keys count, on every call.
  mcp.inputSchema.properties = Object.assign(Object.create({ inherited: {} }), { iota: { type: "string" } });
  assert.deepEqual(await matches("iota"), ["mcp_x_beta"]);
  assert.deepEqual(await matches("inherited"), []);
  assert.deepEqual(await matches("iota"), ["mcp_x_beta"]);
  // An MCP-shaped tool's schema edited in place, and the tools swapped.
  mcp.inputSchema.properties.kappa = { type: "string" };
  session.tools = [mcp, a];
  assert.deepEqual(await matches("kappa"), ["mcp_x_beta"]);
  mcp.inputSchema = { type: "object", properties: {} };
  assert.deepEqual(await matches("kappa"), []);
  assert.deepEqual(await matches("omega"), ["mcp_x_alpha"]);
  // An own key removed while the prototype now holds the same name: gone.
  const defaults = {};
  mcp.inputSchema.properties = Object.assign(Object.create(defaults), { lambda: { type: "string" } });
  assert.deepEqual(await matches("lambda"), ["mcp_x_beta"]);
  delete mcp.inputSchema.properties.lambda;
  defaults.lambda = { type: "string" };
  assert.deepEqual(await matches("lambda"), []);
  // A schema behind a proxy that is revoked later: the tool becomes unreadable.
  const { proxy, revoke } = Proxy.revocable({ type: "object", properties: { mu: { type: "string" } } }, {});
  mcp.inputSchema = proxy;
  assert.deepEqual(await matches("mu"), ["mcp_x_beta"]);
  revoke();
  assert.deepEqual(await matches("mu"), []);
});

test("the enhanced ranking sees a property's description and enum edited in place", async () => {
  const ts = new ToolSearch({ config: { ranking: "enhanced" } });
  const mode = { type: "string", description: "the kind", enum: ["lemon", "pepper"] };
  const session = {
    tools: [
      { name: "mcp_x_paint", description: "Paint a wall", inputSchema: { type: "object", properties: { mode } } },
      { name: "mcp_x_send", description: "Send an email", inputSchema: { type: "object", properties: { to: { type: "string" } } } },
    ],
    toolsets: { mcp_x_paint: "mcp-x", mcp_x_send: "mcp-x" },
  };
  // A concept matches nothing when no tool of the catalog holds the word.
  const known = (word) => ts.explain(`paint ${word}`, session).concepts.find((c) => c.word === word).matches.length > 0;
  assert.equal(known("lemon"), true);
  assert.equal(known("marble"), false);
  mode.enum[0] = "marble";
  assert.equal(known("marble"), true);
  assert.equal(known("lemon"), false);
  mode.description = "the granite finish";
  assert.equal(known("granite"), true);
});

test("owners make unregistered tools plugin tools", async () => {
  const ts = new ToolSearch({ config: { defer: ["recall"] } });
  const session = { tools: [tool("recall", "Recall memories")], owners: { recall: "memory-plugin" } };
  const out = JSON.parse(await ts.toolSearch({ queries: ["recall"] }, session));
  assert.deepEqual(out.tools.recall.source, "plugin");
  assert.deepEqual(out.tools.recall.source_name, "memory-plugin");
});

test("hostile values from a model or host never trap the wasm", async () => {
  const ts = new ToolSearch();
  const cyclic = { queries: ["a"] };
  cyclic.self = cyclic;
  const weird = [
    cyclic, 10n, Symbol("s"), () => 1, "\u0000\u0001\u0002", "{\"queries\":[\"\\ud800\"]}",
    { queries: ["\ud800 lone", "\u0000", "a".repeat(100000)] }, { queries: new Array(100000).fill("x") },
    { queries: [{ nested: [1, 2] }, [1], 1e308, -0] }, { limit: {}, queries: ["a"] },
  ];
  const session = {
    tools: [
      tool("mcp_a_\u0001odd\u0000", "desc \u0002 with \u0003 framing \ud800"),
      { name: "__proto__", description: "proto" },
      { get function() { throw new Error("getter"); } },
    ],
    toolsets: { "mcp_a_\u0001odd\u0000": "mcp-a", __proto__: "mcp-p" },
  };
  for (const args of weird) {
    const out = JSON.parse(await ts.toolSearch(args, session));
    assert.ok("error" in out || "results" in out);
    JSON.parse(await ts.toolDescribe(args, session));
  }
  const odd = JSON.parse(await ts.toolSearch({ queries: ["odd framing"] }, session));
  assert.deepEqual(odd.results[0].matches, ["mcp_a_\u0001odd\u0000"]);
  assert.equal(odd.tools["mcp_a_\u0001odd\u0000"].description, "desc \u0002 with \u0003 framing \ufffd");
});

test("a prepared session answers as the session did, and keeps what it was", async () => {
  const ts = new ToolSearch();
  const t = tool("mcp_x_alpha", "first words");
  const session = { tools: [t, tool("mcp_x_beta", "other words")], toolsets: { mcp_x_alpha: "mcp-x", mcp_x_beta: "mcp-x" } };
  const prepared = ts.prepare(session);
  assert.equal(prepared.size, 2);
  const args = { queries: ["first", "words"] };
  assert.equal(await ts.toolSearch(args, prepared), await ts.toolSearch(args, session));
  assert.deepEqual(ts.assemble(prepared, { contextLength: 1000 }), ts.assemble(session, { contextLength: 1000 }));
  // Describe and call know its deferred tools as the session does (its
  // toolsets are an object without a prototype, which once read as none).
  const describe = { names: ["mcp_x_alpha", "mcp_x_gamma"] };
  assert.equal(await ts.toolDescribe(describe, prepared), await ts.toolDescribe(describe, session));
  for (const name of ["mcp_x_alpha", "mcp_x_gamma"]) {
    const call = { calls: [{ name, arguments: {} }] };
    assert.deepEqual(ts.resolveToolCall(call, prepared), ts.resolveToolCall(call, session));
  }
  const alpha = ts.resolveToolCall({ calls: [{ name: "mcp_x_alpha", arguments: {} }] }, prepared);
  assert.doesNotMatch(JSON.stringify(alpha), /directly-listed/);
  // Search keeps the snapshot; preparing again sees the change.
  t.function.description = "second words";
  session.toolsets.mcp_x_alpha = "desktop_ui";
  const matches = async (s, q) => JSON.parse(await ts.toolSearch({ queries: [q] }, s)).results[0].matches;
  assert.deepEqual(await matches(prepared, "first"), ["mcp_x_alpha"]);
  assert.deepEqual(await matches(ts.prepare(session), "first"), []);
  assert.deepEqual(await matches(session, "other"), ["mcp_x_beta"]);
});

test("toolsets without a prototype are toolsets", async () => {
  const toolsets = Object.create(null);
  toolsets.mcp_x_alpha = "mcp-x";
  const session = { tools: [tool("mcp_x_alpha", "first words"), tool("local", "second words")], toolsets };
  const ts = new ToolSearch({ host: { executeTool: async (name) => `ran ${name}` }, config: { tool_call_scope: "deferred" } });
  const call = (name) => ts.toolCall({ calls: [{ name, arguments: {} }] }, session);
  assert.equal(await call("mcp_x_alpha"), "ran mcp_x_alpha");
  assert.match(JSON.parse(await call("local")).error, /directly-listed/);
});

test("a prepared session survives the engine forgetting its tools, and belongs to its instance", async () => {
  const ts = new ToolSearch();
  const session = { tools: [tool("mcp_x_alpha", "first words")], toolsets: { mcp_x_alpha: "mcp-x" } };
  const prepared = ts.prepare(session);
  // Edited in place after prepare: the prepared session keeps what it read,
  // also when it has to be interned again.
  session.tools[0].function.name = "mcp_x_beta";
  session.tools[0].function.description = "other words";
  // Enough other tools that the engine forgets every interned tool.
  const many = Array.from({ length: 5000 }, (_, i) => tool(`mcp_y_t${i}`, `tool ${i}`));
  await ts.toolSearch({ queries: ["tool"] }, { tools: many, toolsets: {} });
  await ts.toolSearch({ queries: ["tool"] }, { tools: [tool("mcp_z_one", "one tool")], toolsets: {} });
  const out = JSON.parse(await ts.toolSearch({ queries: ["first"] }, prepared));
  assert.deepEqual(out.results[0].matches, ["mcp_x_alpha"]);
  assert.deepEqual(JSON.parse(await ts.toolSearch({ queries: ["other"] }, prepared)).results[0].matches, []);
  await assert.rejects(new ToolSearch().toolSearch({ queries: ["first"] }, prepared), /belongs to another ToolSearch/);
  assert.throws(() => new ToolSearch().prepare(prepared), /belongs to another ToolSearch/);
  assert.equal(ts.prepare(prepared), prepared);
});
