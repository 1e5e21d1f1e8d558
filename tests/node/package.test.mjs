// The package as TypeScript and tooling see it: every declared export used
// under strict TypeScript with node16 and bundler resolution (tests/types/),
// and publint finding nothing to warn about in pkg/; the packed tarball
// installed into a fresh folder as a user would.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./support.mjs";

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

test("publint finds nothing to warn about", () => {
  const out = run(bin("publint"), ["pkg", "--strict"]);
  assert.match(out, /All good!/);
});

test("npm publish --dry-run accepts the package", () => {
  // --force: no question to the registry about the version (offline, or once a version exists).
  const out = execFileSync("npm", ["publish", "--dry-run", "--force", "./pkg"], { cwd: root, encoding: "utf8", stdio: "pipe", timeout: 120_000 });
  assert.match(out, /\+ toolsearch@\d+\.\d+\.\d+/);
});

// Node's own resolution (node16, from ESM and CommonJS) and bundlers'. The
// subpaths other than the root (web, mcp, the .wasm files) are ESM by design
// (CommonJS code requires the root), hence cjs-resolves-to-esm; node10 knows
// no subpaths at all.
test("are-the-types-wrong finds nothing wrong in the packed package", () => {
  run(bin("attw"), ["--pack", "pkg", "--profile", "node16", "--ignore-rules", "cjs-resolves-to-esm"]);
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

test("the packed tarball installs into a fresh folder and runs from CommonJS, ESM and npx", { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-install-"));
  const tarball = run("npm", ["pack", "--silent", "--pack-destination", dir, "./pkg"]).trim().split("\n").pop();
  const files = run("tar", ["tzf", join(dir, tarball)]).trim().split("\n");
  for (const doc of ["README.md", "LICENSE", "CHANGELOG.md"]) assert.ok(files.includes(`package/${doc}`), `${doc} is not in the tarball`);
  assert.deepEqual(files.filter((f) => f.endsWith(".wasm")), ["package/web/toolsearch_bg.wasm", "package/web/validator_bg.wasm"]);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", join(dir, tarball)], { cwd: dir, stdio: "pipe", timeout: 150_000 });
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
  const help = spawnSync("npx", ["--no-install", "toolsearch-mcp", "--help"], { cwd: dir, encoding: "utf8", timeout: 30_000 });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stderr, /usage: toolsearch-mcp servers\.json/);
  rmSync(dir, { recursive: true, force: true });
});
