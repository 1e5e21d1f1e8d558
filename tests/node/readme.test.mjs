// The README's runnable examples run as written: each ```js block after a
// "README test: runs as written" marker runs in its own Node process, as an
// ES module, or as CommonJS when it uses require, with no warning on
// stderr; and the same blocks
// type-check under strict TypeScript (checkJs), as a user's code would.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./support.mjs";

const MARKER = "<!-- README test: runs as written";
const readme = readFileSync(join(root, "README.md"), "utf8");
const blocks = readme
  .split(MARKER)
  .slice(1)
  .map((part) => part.match(/```js\n([\s\S]*?)```/)[1]);

test("the README has runnable examples", () => {
  assert.ok(blocks.length >= 2, `${blocks.length} marked blocks`);
});

blocks.forEach((code, i) => {
  test(`README example ${i + 1} runs as written`, () => {
    const dir = join(root, "tests", "output");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `readme-${i + 1}.${/\brequire\(/.test(code) ? "cjs" : "mjs"}`);
    writeFileSync(file, code);
    const run = spawnSync(process.execPath, [file], { cwd: root, encoding: "utf8", timeout: 30_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /mcp__/, run.stdout);
    // No warning either: an index snapshot refused, say.
    assert.equal(run.stderr, "");
  });
});

test("the README's runnable examples type-check under strict TypeScript, as a user's code would", () => {
  const dir = join(root, "tests", "output", "readme-types");
  mkdirSync(dir, { recursive: true });
  const files = blocks.map((code, i) => {
    const file = join(dir, `readme-${i + 1}.${/\brequire\(/.test(code) ? "cjs" : "mjs"}`);
    writeFileSync(file, code);
    return file;
  });
  const options = ["--noEmit", "--strict", "--allowJs", "--checkJs", "--module", "node16", "--moduleResolution", "node16", "--target", "es2022", "--types", "node"];
  try {
    execFileSync(join(root, "node_modules", ".bin", "tsc"), [...options, ...files], { cwd: root, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    assert.fail(`tsc --strict finds errors in the README's examples:\n${error.stdout}${error.stderr}`);
  }
});

test("the README's configuration table lists every key with its default", async () => {
  const { ToolSearch } = await import("toolsearch");
  const table = readme.split("<!-- config keys:")[1].split("\n\n")[0];
  const rows = [...table.matchAll(/^\| `(\w+)` \| ([^|]+) \|/gm)].map(([, key, value]) => [key, value.trim()]);
  const config = new ToolSearch().config;
  const keys = Object.keys(config).filter((key) => key !== "connectors" && key !== "warnings");
  assert.deepEqual(rows.map(([key]) => key), keys);
  for (const [key, documented] of rows) {
    if (key === "defer") continue; // a curated list, too long for the table
    assert.equal(documented, `\`${JSON.stringify(config[key])}\``, key);
  }
});

test("every repository path the README names exists in the checkout", () => {
  const TOP = /^(bench|docs|examples|fuzz|pkg|proxy|scripts|src|tests|wasm-validator|www)\//;
  const cited = [...new Set([...readme.matchAll(/`([\w.\/-]+)`/g)].map(([, path]) => path))].filter((path) => TOP.test(path));
  assert.ok(cited.length >= 20, `${cited.length} paths`);
  // What the demo writes when it runs is not in a checkout.
  const missing = cited.filter((path) => !path.startsWith("www/generated/") && !existsSync(join(root, path)));
  assert.deepEqual(missing, []);
});
