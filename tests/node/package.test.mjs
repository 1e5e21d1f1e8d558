// The package as TypeScript and tooling see it: every declared export used
// under strict TypeScript with node16 and bundler resolution (tests/types/),
// and publint finding nothing to warn about in pkg/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
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

for (const config of ["tsconfig.json", "tsconfig.bundler.json"]) {
  test(`the declarations type-check under strict TypeScript (${config})`, () => {
    run(bin("tsc"), ["-p", join("tests", "types", config)]);
  });
}

test("publint finds nothing to warn about", () => {
  const out = run(bin("publint"), ["pkg", "--strict"]);
  assert.match(out, /All good!/);
});
