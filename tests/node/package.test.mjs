// The packages as TypeScript and tooling see them: every declared export used
// under strict TypeScript with node16 and bundler resolution (tests/types/),
// and publint finding nothing to warn about in pkg/ (toolsearch) and proxy/
// (toolsearch-mcp); the packed tarballs installed into a fresh folder as a
// user would.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readmeBlocksAfter, root } from "./support.mjs";

const bin = (name) => join(root, "node_modules", ".bin", name);
const run = (command, args) => {
  try {
    return execFileSync(command, args, { cwd: root, encoding: "utf8", stdio: "pipe", timeout: 120_000 });
  } catch (error) {
    assert.fail(`${[command, ...args].join(" ")} failed:\n${error.stdout}${error.stderr}`);
  }
};

for (const config of ["tsconfig.json", "tsconfig.bundler.json", "tsconfig.adapters.json"]) {
  test(`the declarations type-check under strict TypeScript (${config})`, () => {
    run(bin("tsc"), ["-p", join("tests", "types", config)]);
  });
}

for (const [dir, name] of [["pkg", "toolsearch"], ["proxy", "toolsearch-mcp"]]) {
  test(`publint finds nothing to warn about in ${name}`, () => {
    const out = run(bin("publint"), [dir, "--strict"]);
    assert.match(out, /All good!/);
  });

  test(`npm publish --dry-run accepts ${name}`, () => {
    // --force: no question to the registry about the version (offline, or once a version exists).
    const out = execFileSync("npm", ["publish", "--dry-run", "--force", `./${dir}`], { cwd: root, encoding: "utf8", stdio: "pipe", timeout: 120_000 });
    assert.match(out, new RegExp(`\\+ ${name}@\\d+\\.\\d+\\.\\d+`));
  });
}

// Node's own resolution (node16, from ESM and CommonJS) and bundlers'. The
// subpaths other than the root (web, mcp, the .wasm files) are ESM by design
// (CommonJS code requires the root), hence cjs-resolves-to-esm; node10 knows
// no subpaths at all.
test("are-the-types-wrong finds nothing wrong in the packed packages", () => {
  run(bin("attw"), ["--pack", "pkg", "--profile", "node16", "--ignore-rules", "cjs-resolves-to-esm"]);
  // toolsearch-mcp is ESM only, as its README says.
  run(bin("attw"), ["--pack", "proxy", "--profile", "esm-only"]);
});

test("an esbuild bundle of the web entry runs in Node from bytes (initSync), validator included", () => {
  // The entry lives in the repository, so that "toolsearch" resolves as for a user.
  const sources = join(root, "tests", "output");
  mkdirSync(sources, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-esbuild-"));
  const entry = join(sources, "esbuild-entry.mjs");
  writeFileSync(entry, `import { readFileSync } from "node:fs";
import { initSync, ToolSearch } from "toolsearch/web";
initSync(readFileSync(process.argv[2]), readFileSync(process.argv[3]));
const ts = new ToolSearch();
const session = { tools: [{ name: "mcp__kv__set", description: "Set a key", inputSchema: { type: "object", properties: { ttl: { type: "integer" } } } }], toolsets: { mcp__kv__set: "mcp-kv" } };
console.log(await ts.toolSearch({ queries: ["set key"] }, session));
console.log(await ts.toolCall({ calls: [{ name: "mcp__kv__set", arguments: { ttl: "soon" } }] }, session));
`);
  const bundle = join(dir, "bundle.mjs");
  execFileSync(bin("esbuild"), [entry, "--bundle", "--platform=node", "--format=esm", `--outfile=${bundle}`, "--log-level=error"], { cwd: root, stdio: "pipe" });
  const wasm = (name) => join(root, "pkg", "web", name);
  const out = execFileSync(process.execPath, [bundle, wasm("toolsearch_bg.wasm"), wasm("validator_bg.wasm")], { cwd: dir, encoding: "utf8", timeout: 30_000 });
  assert.match(out, /"matches":\["mcp__kv__set"\]/, out);
  assert.match(out, /failed argument validation at arguments\.ttl \(type\)/, out);
  rmSync(dir, { recursive: true, force: true });
});

test("the packed tarballs install into a fresh folder: the library alone with no dependency, then the proxy through npx", { timeout: 240_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-install-"));
  const pack = (folder) => run("npm", ["pack", "--silent", "--pack-destination", dir, folder]).trim().split("\n").pop();
  const [library, proxy] = [pack("./pkg"), pack("./proxy")];
  const files = run("tar", ["tzf", join(dir, library)]).trim().split("\n");
  for (const doc of ["README.md", "LICENSE", "CHANGELOG.md", "docs/behaviour.md"]) assert.ok(files.includes(`package/${doc}`), `${doc} is not in the tarball`);
  assert.deepEqual(files.filter((f) => f.endsWith(".wasm")), ["package/web/toolsearch_bg.wasm", "package/web/validator_bg.wasm"]);
  const proxyFiles = run("tar", ["tzf", join(dir, proxy)]).trim().split("\n");
  for (const file of ["README.md", "LICENSE", "bin/toolsearch-mcp.mjs", "host.mjs", "config.mjs", "index.d.mts"]) {
    assert.ok(proxyFiles.includes(`package/${file}`), `${file} is not in the proxy's tarball`);
  }
  // The READMEs' links resolve on the npm page: each relative one names a file of its package.
  for (const [readme, held] of [["README.md", files], ["proxy/README.md", proxyFiles]]) {
    for (const [, target] of readFileSync(join(root, readme), "utf8").matchAll(/\]\(([^)#\s]+)[^)]*\)/g)) {
      if (!/^[a-z]+:/.test(target)) assert.ok(held.includes(`package/${target}`), `${readme} links to ${target}, which its package does not hold`);
    }
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  const install = (...tarballs) =>
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", ...tarballs.map((t) => join(dir, t))], { cwd: dir, stdio: "pipe", timeout: 200_000 });
  install(library);
  // The library brings nothing else.
  assert.deepEqual(readdirSync(join(dir, "node_modules")).filter((d) => !d.startsWith(".")), ["toolsearch"]);
  // toolsearch/otel imports nothing: it loads without @opentelemetry/api.
  const otel = execFileSync(process.execPath, ["--input-type=module", "-e", 'console.log(typeof (await import("toolsearch/otel")).otelEventHandler)'], { cwd: dir, encoding: "utf8", timeout: 30_000 });
  assert.equal(otel.trim(), "function");
  const session = `{ tools: [{ name: "mcp__fs__read_file", description: "Read a file", inputSchema: { type: "object", properties: { path: { type: "string" } } } }], toolsets: { mcp__fs__read_file: "mcp-fs" } }`;
  // A search, then a call the validator module (loaded on first use) rejects.
  const calls = `const session = ${session};\n` +
    `console.log(await ts.toolSearch({ queries: ["read file"] }, session));\n` +
    `console.log(await ts.toolCall({ calls: [{ name: "mcp__fs__read_file", arguments: { path: 7 } }] }, session));\n`;
  writeFileSync(join(dir, "cjs.cjs"), `const { ToolSearch } = require("toolsearch");\nconst ts = new ToolSearch();\n(async () => {\n${calls}})();\n`);
  writeFileSync(join(dir, "esm.mjs"), `import init, { ToolSearch } from "toolsearch";\nawait init();\nconst ts = new ToolSearch();\n${calls}`);
  for (const file of ["cjs.cjs", "esm.mjs"]) {
    const out = execFileSync(process.execPath, [file], { cwd: dir, encoding: "utf8", timeout: 30_000 });
    assert.match(out, /"matches":\["mcp__fs__read_file"\]/, `${file}: ${out}`);
    assert.match(out, /failed argument validation at arguments\.path \(type\)/, `${file}: ${out}`);
  }
  install(library, proxy);
  const help = spawnSync("npx", ["--no-install", "toolsearch-mcp", "--help"], { cwd: dir, encoding: "utf8", timeout: 30_000 });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stderr, /usage: toolsearch-mcp servers\.json/);
  assert.match(help.stderr, /cached in .*toolsearch-mcp/);
  // The proxy in front of a real server, started as a client's config says.
  const servers = join(dir, "servers.json");
  writeFileSync(servers, `{"mcpServers": {"listing": {"command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(join(root, "tests", "node", "listing-server.mjs"))}]}},}`);
  const client = new Client({ name: "consumer", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: "npx", args: ["--no-install", "toolsearch-mcp", servers], cwd: dir, stderr: "ignore" }));
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), ["tool_search", "tool_describe", "tool_call"]);
  const found = await client.callTool({ name: "tool_search", arguments: { queries: ["the steady tool"] } });
  assert.match(found.content[0].text, /mcp__listing__steady/);
  await client.close();
  // The findability report of the same servers, from the installed bin.
  const report = JSON.parse(execFileSync("npx", ["--no-install", "toolsearch-mcp", "--report", servers, "--json"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 60_000 }));
  assert.equal(report.found + new Set(report.unfound.map((u) => u.name)).size, report.tools);
  assert.ok(report.tools > 0);
  underInspector(dir, servers);
  await hostileServers(dir);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The installed proxy under MCP Inspector's CLI, started from the README's
 * Claude Desktop config as written: its bridge schemas pass the Inspector's
 * portability check (`--strict`), and a search and a call go through.
 */
function underInspector(dir, servers) {
  const [desktop] = readmeBlocksAfter(join(root, "proxy", "README.md"), "client");
  const config = JSON.parse(desktop);
  config.mcpServers.tools.args = config.mcpServers.tools.args.map((arg) => (arg === "/path/to/servers.json" ? servers : arg));
  const file = join(dir, "client.json");
  writeFileSync(file, JSON.stringify(config));
  const inspector = (...args) =>
    execFileSync(join(root, "node_modules", ".bin", "mcp-inspector"), ["--cli", "--config", file, "--server", "tools", "--cwd", dir, ...args], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  const listed = JSON.parse(inspector("--strict", "--method", "tools/list"));
  assert.deepEqual(listed.tools.map((t) => t.name), ["tool_search", "tool_describe", "tool_call"]);
  const found = JSON.parse(inspector("--method", "tools/call", "--tool-name", "tool_search", "--tool-arg", 'queries=["the steady tool"]'));
  assert.match(found.content[0].text, /mcp__listing__steady/);
  const ran = JSON.parse(inspector("--method", "tools/call", "--tool-name", "tool_call", "--tool-arg", 'calls=[{"name": "mcp__listing__steady", "arguments": {}}]'));
  assert.equal(ran.isError, false, JSON.stringify(ran));
}

/**
 * The installed proxy in front of hostile servers at once: a tool nested
 * 10,000 levels, a server that floods junk on its call, one whose tools
 * change every 20 ms, a URL with credentials that fails, and a secret in the
 * proxy's own environment. It serves the rest, stops the flood, keeps the
 * secrets, and goes on answering.
 */
async function hostileServers(dir) {
  const listing = (mode, env = {}) => ({ command: process.execPath, args: [join(root, "tests", "node", "listing-server.mjs")], env: { LISTING: mode, ...env } });
  const servers = {
    deep: listing("deep"),
    junk: listing("junk"),
    churn: listing("churn", { LOG: join(dir, "churn.log") }),
    faulty: { command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")] },
    remote: { url: "http://someone:hunter2@127.0.0.1:9/mcp?token=hunter3" },
  };
  const file = join(dir, "hostile.json");
  writeFileSync(file, JSON.stringify({ mcpServers: servers, startTimeoutMs: 5000, cache: join(dir, "cache", "manifest.json") }));
  const client = new Client({ name: "consumer", version: "1.0.0" });
  const env = { ...process.env, PROXY_SECRET_TOKEN: "hunter4" };
  await client.connect(new StdioClientTransport({ command: "npx", args: ["--no-install", "toolsearch-mcp", file], cwd: dir, env, stderr: "ignore" }));
  try {
    const text = async (name, args) => (await client.callTool({ name, arguments: args }, undefined, { timeout: 30_000 })).content.map((c) => c.text).join("");
    const found = await text("tool_search", { queries: ["the fine tool", "nothing like it at all"] });
    assert.match(found, /mcp__deep__fine/);
    assert.doesNotMatch(found, /hunter[23]/, "the URL's credentials reach the model");
    const env = await text("tool_call", { calls: [{ name: "mcp__faulty__env", arguments: {} }] });
    assert.doesNotMatch(env, /PROXY_SECRET_TOKEN/);
    const flooded = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__junk__steady", arguments: {} }] } }, undefined, { timeout: 30_000 });
    assert.equal(flooded.isError, true);
    assert.match(flooded.content[0].text, /more than 5000 messages a second/);
    // It still answers, the churning server's latest tools among the rest.
    assert.match(await text("tool_search", { queries: ["the changed tool"] }), /mcp__churn__changed_\d+/);
  } finally {
    await client.close();
  }
}
