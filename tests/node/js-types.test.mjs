// The repository's own JavaScript type-checks from its JSDoc under strict
// TypeScript (checkJs): tests/types/tsconfig.js.json lists what it covers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { root } from "./support.mjs";

test("the repository's JavaScript type-checks under strict TypeScript (tests/types/tsconfig.js.json)", () => {
  const tsc = join(root, "node_modules", ".bin", "tsc");
  try {
    execFileSync(tsc, ["-p", join("tests", "types", "tsconfig.js.json")], { cwd: root, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    assert.fail(`tsc finds errors in the repository's JavaScript:\n${error.stdout}${error.stderr}`);
  }
});
