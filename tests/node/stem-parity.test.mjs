// Stemmer parity: our Snowball English against Python snowballstemmer==3.1.1
// (the version the reference pins) on every distinct word of the real catalog
// and the development queries. Installs the Python package into .cache/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { tokenize } from "toolsearch";
import { SKIP_SHARED, root, sharedDir } from "./support.mjs";

const SNOWBALL = "snowballstemmer==3.1.1";

function python() {
  const venv = join(root, ".cache", "parity-venv");
  const bin = join(venv, "bin", "python");
  if (!existsSync(bin)) execFileSync("python3", ["-m", "venv", venv], { stdio: "inherit" });
  execFileSync(bin, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", SNOWBALL], {
    stdio: "inherit",
  });
  return bin;
}

function words(dir) {
  const texts = [readFileSync(join(dir, "catalogs", "all-openai.json"), "utf8")];
  for (const file of ["queries-dev.json", "queries-dev-multilingual.json"]) {
    const path = join(dir, "bench", file);
    if (existsSync(path)) texts.push(...JSON.parse(readFileSync(path, "utf8")).cases.map((c) => c.query));
  }
  const set = new Set();
  for (const text of texts) for (const run of text.match(/[A-Za-z0-9]+/g) ?? []) set.add(run.toLowerCase());
  return [...set].sort();
}

test(`stems equal ${SNOWBALL} on every catalog and query word`, { timeout: 300_000 }, (t) => {
  const dir = sharedDir();
  if (!dir) return t.skip(SKIP_SHARED);
  const list = words(dir);
  const output = execFileSync(python(), [join(root, "tests", "parity", "snowball_stems.py")], {
    input: list.join("\n") + "\n",
    maxBuffer: 64 << 20,
  });
  const reference = output.toString("utf8").split("\n").slice(0, list.length);
  const differences = list
    .map((word, i) => ({ word, reference: reference[i], ours: tokenize(word)[0] }))
    .filter((d) => d.reference !== d.ours);
  t.diagnostic(`${list.length} distinct words compared, ${differences.length} differences`);
  assert.deepEqual(differences, []);
  assert.ok(list.length > 8000);
});
