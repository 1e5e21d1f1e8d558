// What the engine answers crosses into JavaScript as plain values
// (src/wasm/encode.rs), which the package hands on as the declarations in
// pkg/toolsearch.d.ts type them. Values of every kind that crosses, made by
// the built package, are written into a TypeScript module where each must
// `satisfy` its declared type: a key the Rust types add, drop or rename
// fails `tsc --strict` here, so the declarations cannot drift from them.
// (The error classes are checked against the Rust variants natively, in
// src/bridge/error.rs.)
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ToolSearch } from "toolsearch";
import { callbacks, connectorSession, startGateway } from "./gateway.mjs";
import { root, tool } from "./support.mjs";

let gateway;
before(async () => {
  gateway = await startGateway();
});
after(() => gateway.close());

const schema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
const session = {
  tools: [
    tool("terminal", "Run a shell command", ["command"]),
    { name: "mcp__files__read_file", description: "Read a file from disk", inputSchema: schema, annotations: { readOnlyHint: true } },
    { name: "mcp__files__write_file", description: "Write a file to disk", inputSchema: schema },
  ],
  toolsets: { mcp__files__read_file: "mcp-files", mcp__files__write_file: "mcp-files" },
};

/** Every kind of value that crosses, with the declared type it must satisfy. */
async function crossing() {
  const host = { executeTool: async () => "done", gateway: callbacks(gateway) };
  const ts = new ToolSearch({ coreTools: ["terminal", "manage_connections"], host });
  const reference = new ToolSearch({ config: { ranking: "reference", bogus: 1 }, coreTools: ["terminal"], host });
  const answer = (name, args, s = session) => ts.answer(name, args, s);
  const connectors = { ...connectorSession, tools: [...connectorSession.tools] };
  /** @type {[string, string, unknown][]} */
  const values = [
    ["ResolvedConfig", "config", ts.config],
    ["ResolvedConfig", "configWithWarnings", reference.config],
    ["Assembly", "assembly", ts.assemble(session, { contextLength: 200_000, format: "mcp" })],
    ["Assembly", "passThrough", ts.assemble({ tools: session.tools }, { format: "anthropic" })],
    ["Answer", "bridgeAnswer", await answer("tool_search", { queries: ["read file"] })],
    ["Answer", "errorAnswer", await answer("tool_search", { queries: 3 })],
    ["Answer", "toolAnswer", await answer("tool_call", { calls: [{ name: "mcp__files__read_file", arguments: { path: "a" } }] })],
    ["Answer", "connectorsAnswer", await answer("tool_call", { calls: [{ name: "connectors__gmail__GMAIL_SEND_EMAIL", arguments: { to: "a", subject: "b" } }] }, connectors)],
    ["Resolution", "localResolution", ts.resolveToolCall({ calls: [{ name: "mcp__files__read_file", arguments: {} }] }, session)],
    ["Resolution", "errorResolution", ts.resolveToolCall({ calls: [] }, session)],
    ["Resolution", "connectorResolution", ts.resolveToolCall({ calls: [{ name: "connectors__gmail__X", arguments: {} }] }, connectors)],
    ["Explanation", "enhancedExplanation", ts.explain("read a file", session)],
    ["Explanation", "referenceExplanation", reference.explain("read file", session, { names: ["mcp__files__read_file"] })],
    ["Findability", "findability", ts.findability(session)],
    ["McpImport", "mcpImport", ToolSearch.fromMcp("files", { tools: [{ name: "read", inputSchema: schema }, { name: 3 }] })],
    ["McpImport", "mcpImports", ToolSearch.fromMcpServers({ a: { tools: [{ name: "x" }] }, b: { tools: [{ name: "x" }] } })],
    ["ToolDef", "manageConnectionsTool", ts.manageConnectionsTool("anthropic")],
  ];
  ts.free();
  reference.free();
  return values;
}

test("every value the engine answers satisfies its declared type under tsc --strict", async () => {
  const values = await crossing();
  // Each kind's variants are all there (an answer of each kind, ...).
  assert.deepEqual(values.filter(([type]) => type === "Answer").map(([, , v]) => v.kind), ["bridge", "error", "tool", "connectors"]);
  assert.deepEqual(values.filter(([type]) => type === "Resolution").map(([, , v]) => v.kind), ["local", "error", "connectors"]);
  const types = [...new Set(values.map(([type]) => type))].sort();
  const lines = [`import type { ${types.join(", ")} } from "toolsearch";`];
  for (const [type, name, value] of values) {
    // A function-free copy: the assembly's visible tools are the host's own objects.
    lines.push(`export const ${name} = ${JSON.stringify(value, null, 1)} satisfies ${type};`);
  }
  const dir = join(root, "tests", "output", "boundary");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "values.mts");
  writeFileSync(file, `${lines.join("\n")}\n`);
  const options = ["--noEmit", "--strict", "--exactOptionalPropertyTypes", "--module", "node16", "--moduleResolution", "node16", "--target", "es2022", "--types", "node"];
  try {
    execFileSync(join(root, "node_modules", ".bin", "tsc"), [...options, file], { cwd: root, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    assert.fail(`a value that crossed does not satisfy its declared type:\n${error.stdout}${error.stderr}`);
  }
});
