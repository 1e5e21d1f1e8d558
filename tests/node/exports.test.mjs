// The package surface: every entry exports the same names, version = Cargo.toml.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as esm from "toolsearch";
import { root } from "./support.mjs";

const require = createRequire(import.meta.url);
const EXPECTED = { ToolSearch: "function", default: "function", tokenize: "function", version: "function" };

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

test("the web entry exposes the same names and works after init(bytes)", async () => {
  const web = await import("toolsearch/web");
  assert.deepEqual(surface(web), EXPECTED);
  const bytes = readFileSync(join(root, "pkg", "web", "toolsearch_bg.wasm"));
  await web.default(bytes);
  assert.deepEqual(web.tokenize("Creating issues"), ["creat", "issu"]);
  const ts = new web.ToolSearch();
  const out = JSON.parse(await ts.toolSearch({ queries: ["x"] }, { tools: [] }));
  assert.equal(out.total_available, 0);
});

test("version matches Cargo.toml and pkg/package.json", () => {
  const cargo = readFileSync(join(root, "Cargo.toml"), "utf8").match(/^version = "(.+)"$/m)[1];
  const pkg = JSON.parse(readFileSync(join(root, "pkg", "package.json"), "utf8"));
  assert.equal(esm.version(), cargo);
  assert.equal(pkg.version, cargo);
});

test("Node needs no init, but init() exists and resolves", async () => {
  await esm.default();
  assert.deepEqual(esm.tokenize("sending emails"), ["send", "email"]);
  assert.deepEqual(esm.tokenize(""), []);
  assert.deepEqual(esm.tokenize(42), []);
});
