// The package surface: every entry exports the same names, version = Cargo.toml.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as esm from "toolsearch";
import { root } from "./support.mjs";

const require = createRequire(import.meta.url);
const EXPECTED = {
  ToolSearch: "function", default: "function", initSync: "function", isError: "function", isReservedName: "function",
  summarizeEvents: "function", tokenize: "function", toolName: "function", toolSchema: "function", version: "function",
};

function surface(module) {
  return Object.fromEntries(
    Object.keys(module)
      .filter((k) => k !== "__esModule")
      .sort()
      .map((k) => [k, typeof module[k]]),
  );
}

test("require and import expose the same names", () => {
  assert.deepEqual(surface(esm), EXPECTED);
  assert.deepEqual(surface(require("toolsearch")), EXPECTED);
});

/** The class's members: instance methods and accessors, and statics. */
function members(ToolSearch) {
  const own = (object) => Object.getOwnPropertyNames(object).filter((k) => !["constructor", "length", "name", "prototype"].includes(k)).sort();
  return { instance: own(ToolSearch.prototype), static: own(ToolSearch) };
}

test("ToolSearch has the members of the declarations, and no others", () => {
  const declared = readFileSync(join(root, "pkg", "toolsearch.d.ts"), "utf8");
  const body = declared.slice(declared.indexOf("export class ToolSearch"));
  const classBody = body.slice(0, body.indexOf("\n}\n"));
  // Overloads declare a method more than once: each name counts once.
  const names = [...new Set([...classBody.matchAll(/^  (static )?(?:readonly |get )?([A-Za-z]\w*)\s*[(<:]/gm)].map((m) => `${m[1] ? "static" : "instance"} ${m[2]}`))]
    .map((key) => key.split(" "));
  const expected = { instance: [], static: [] };
  for (const [kind, name] of names) if (name !== "constructor") expected[kind].push(name);
  expected.instance.sort();
  expected.static.sort();
  assert.ok(expected.instance.includes("toolSearch") && expected.static.includes("fromMcp"), JSON.stringify(expected));
  assert.deepEqual(members(esm.ToolSearch), expected);
  assert.deepEqual(members(require("toolsearch").ToolSearch), expected);
  assert.equal(typeof esm.ToolSearch.prototype[Symbol.dispose], "function");
});

test("the web entry exposes the same names and works after init(bytes, validatorBytes)", async () => {
  const web = await import("toolsearch/web");
  assert.deepEqual(surface(web), EXPECTED);
  assert.deepEqual(members(web.ToolSearch), members(esm.ToolSearch));
  // Before init, a use says what to do, not where the glue failed.
  assert.throws(() => new web.ToolSearch(), /the wasm is not loaded yet; await init\(\)/);
  assert.throws(() => web.tokenize("x"), /not loaded yet/);
  const [bytes, validator] = ["toolsearch_bg.wasm", "validator_bg.wasm"].map((f) => readFileSync(join(root, "pkg", "web", f)));
  await web.default(bytes, validator);
  await web.default(); // a second, defensive init keeps the validator's source
  assert.deepEqual(web.tokenize("Creating issues"), ["creat", "issu"]);
  const ts = new web.ToolSearch();
  const out = JSON.parse(await ts.toolSearch({ queries: ["x"] }, { tools: [] }));
  assert.equal(out.total_available, 0);
  const tool = { name: "mcp__kv__set", description: "Set a key", inputSchema: { type: "object", properties: { ttl: { type: "integer" } } } };
  const session = { tools: [tool], toolsets: { mcp__kv__set: "mcp-kv" } };
  const rejected = JSON.parse(await ts.toolCall({ calls: [{ name: "mcp__kv__set", arguments: { ttl: "soon" } }] }, session));
  assert.equal(rejected.path, "arguments.ttl");
});

test("version matches Cargo.toml and both packages, and the proxy depends on this one", () => {
  const cargo = readFileSync(join(root, "Cargo.toml"), "utf8").match(/^version = "(.+)"$/m)[1];
  const manifest = (dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
  const [pkg, proxy] = [manifest("pkg"), manifest("proxy")];
  assert.equal(esm.version(), cargo);
  assert.equal(pkg.version, cargo);
  assert.equal(proxy.version, cargo);
  assert.equal(proxy.dependencies.toolsearch, `^${cargo}`);
  // The library carries no runtime dependency; the proxy brings the MCP SDK.
  assert.equal(pkg.dependencies, undefined);
  assert.ok(proxy.dependencies["@modelcontextprotocol/sdk"]);
});

test("Node needs no init, but init() exists and resolves", async () => {
  await esm.default();
  assert.deepEqual(esm.tokenize("sending emails"), ["send", "email"]);
  assert.deepEqual(esm.tokenize(""), []);
  assert.deepEqual(esm.tokenize(42), []);
});

test("isError reads an answer's kind, never its text; toolName and toolSchema read any tool shape", async () => {
  assert.equal(esm.isError({ kind: "error", text: "{}", class: "unknown_tool" }), true);
  assert.equal(esm.isError({ kind: "connectors", text: "{}", succeeded: 0, failed: 2 }), true);
  assert.equal(esm.isError({ kind: "connectors", text: "{}", succeeded: 1, failed: 1 }), false);
  assert.equal(esm.isError({ kind: "tool", text: '{"error":"not found"}', result: { error: "not found" } }), false);
  for (const value of [null, undefined, 3, [], {}]) assert.equal(esm.isError(value), false);
  assert.throws(() => esm.isError('{"error":"bad"}'), /takes the answer of ts\.answer/);
  const ts = new esm.ToolSearch();
  const session = { tools: [{ name: "mcp__kv__get", inputSchema: { type: "object", required: ["key"] } }], toolsets: { mcp__kv__get: "mcp-kv" } };
  const refused = await ts.answer("tool_call", { calls: [{ name: "mcp__kv__get", arguments: {} }] }, session);
  assert.equal(refused.kind, "error");
  assert.equal(refused.class, "missing_arguments");
  assert.equal(esm.isError(refused), true);
  const found = await ts.answer("tool_search", { queries: ["get"] }, session);
  assert.deepEqual(found, { kind: "bridge", text: await ts.toolSearch({ queries: ["get"] }, session), matches: ["mcp__kv__get"] });
  assert.equal(esm.isError(found), false);
  const schema = { type: "object" };
  assert.deepEqual(
    [{ type: "function", function: { name: "a", parameters: schema } }, { name: "b", input_schema: schema }, { name: "c", inputSchema: schema }]
      .map((def) => [esm.toolName(def), esm.toolSchema(def)]),
    [["a", schema], ["b", schema], ["c", schema]],
  );
  assert.deepEqual([esm.toolName({}), esm.toolSchema({ name: "x" }), esm.toolName(null)], [null, null, null]);
});

test("a freed ToolSearch says so on every use, and a second free does nothing", async () => {
  const ts = new esm.ToolSearch();
  const session = { tools: [], toolsets: {} };
  ts.free();
  ts.free();
  assert.throws(() => ts.config, /this ToolSearch was freed/);
  assert.throws(() => ts.assemble(session), /this ToolSearch was freed/);
  assert.throws(() => ts.prepare(session), /this ToolSearch was freed/);
  await assert.rejects(ts.toolSearch({ queries: ["x"] }, session), /this ToolSearch was freed/);
});
