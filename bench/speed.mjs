// Speed of toolSearch on the real catalog (1,873 tools) and scaled copies, in
// Node on the built package. Run: node bench/speed.mjs  (after npm run build)
//
// (a) to (c) measure the default ranking (the enhanced one).
// (a) steady state: 3 queries, the host passes a freshly built `tools` array
//     of the same tool objects on every call; "prepared": the host passes
//     the snapshot of ToolSearch.prepare instead; "frozen": a new session
//     object each call around one frozen array of frozen tools;
// (b) the first call in a fresh process (first-call.mjs in child processes;
//     the package's load time is reported apart);
// (c) the same at 10,000 and 50,000 tools;
// (e) the first call of a fresh process with and without an index snapshot
//     (importIndex of exportIndex bytes read from a file), and after
//     ToolSearch.prepare (which builds the indexes; timed apart), both rankings;
// (d) the reference and enhanced rankings side by side on the real catalog,
//     on keyword queries (stateless and prepared) and on natural and
//     multilingual ones, and the first enhanced search of a catalog (which
//     builds its field index).
//     `--baseline DIR` adds the same rows for another build of the package
//     (DIR/node/index.cjs, e.g. a checkout of an earlier commit), measured
//     in the same process right after this build. (d) runs first, while
//     both builds' wasm memories are fresh.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ToolSearch } from "toolsearch";
import { loadCatalog, ms, scaled, sessionOf, sharedDir, stats } from "./common.mjs";

const QUERIES = { queries: ["github create issue", "slack post message", "kubernetes pod logs"] };
const NATURAL = {
  queries: [
    "could you open a bug in our tracker about the login crash",
    "スラックのチャンネル一覧を見せて",
    "Datei im GitHub-Repository aktualisieren",
  ],
};

/** `value` frozen all the way down. */
function deepFreeze(value) {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze(value[key]);
  }
  return value;
}

/**
 * Turn times of `tools`; `mode` is how the host passes them: "stateless" (a
 * new array of the same tool objects), "prepared" (ToolSearch.prepare's
 * snapshot) or "frozen" (one frozen array of frozen tools, in a new session
 * object each turn).
 */
function steady(tools, runs, config = {}, queries = QUERIES, Engine = ToolSearch, mode = "stateless") {
  const ts = new Engine({ config });
  const { toolsets } = sessionOf(tools);
  const snapshot = mode === "prepared" ? ts.prepare({ tools: [...tools], toolsets }) : null;
  const frozen = mode === "frozen" ? { tools: deepFreeze(structuredClone(tools)), toolsets: Object.freeze({ ...toolsets }) } : null;
  const samples = [];
  return (async () => {
    for (let i = 0; i < runs + 20; i++) {
      const session = snapshot ?? (frozen ? { ...frozen } : { tools: [...tools], toolsets });
      const t0 = performance.now();
      await ts.toolSearch(queries, session);
      if (i >= 20) samples.push(performance.now() - t0);
    }
    return stats(samples);
  })();
}

function firstCalls(count, runs, ...more) {
  const loads = [];
  const firsts = [];
  const prepares = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [fileURLToPath(new URL("first-call.mjs", import.meta.url)), String(count), ...more]);
    const { load, first, prepare } = JSON.parse(out.toString());
    loads.push(load);
    firsts.push(first);
    if (prepare !== undefined) prepares.push(prepare);
  }
  return { load: stats(loads), first: stats(firsts), prepare: prepares.length ? stats(prepares) : null };
}

const catalog = loadCatalog(sharedDir());
console.log(`toolsearch speed, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`);
console.log("(d) rankings side by side, 1,873 tools, 3 queries per call\n");
console.log("| ranking | keyword median | keyword p95 | keyword prepared median | keyword frozen median | natural + multilingual median | natural + multilingual p95 | first search of the catalog |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
const at = process.argv.indexOf("--baseline");
const builds = [["", ToolSearch]];
if (at > 0) {
  const dir = resolve(process.argv[at + 1]);
  builds.push([" (baseline)", createRequire(import.meta.url)(`${dir}/node/index.cjs`).ToolSearch]);
}
for (const ranking of ["reference", "enhanced"]) {
  for (const [label, Engine] of builds) {
    const config = { ranking };
    const fresh = new Engine({ config });
    const t0 = performance.now();
    await fresh.toolSearch(QUERIES, sessionOf(catalog));
    const first = performance.now() - t0;
    fresh.free();
    const keyword = await steady(catalog, 300, config, QUERIES, Engine);
    const prepared = await steady(catalog, 300, config, QUERIES, Engine, "prepared");
    const frozen = await steady(catalog, 300, config, QUERIES, Engine, "frozen");
    const natural = await steady(catalog, 300, config, NATURAL, Engine);
    console.log(`| ${ranking}${label} | ${ms(keyword.median)} | ${ms(keyword.p95)} | ${ms(prepared.median)} | ${ms(frozen.median)} | ${ms(natural.median)} | ${ms(natural.p95)} | ${ms(first)} |`);
  }
}

console.log("");
console.log("| tools | (a) steady median | (a) p95 | (a) prepared median | (a) prepared p95 | (b) first call median | (b) p95 | package load median |");
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const [count, steadyRuns, freshRuns] of [[catalog.length, 500, 15], [10_000, 200, 7], [50_000, 50, 5]]) {
  const tools = count === catalog.length ? catalog : scaled(catalog, count);
  const a = await steady(tools, steadyRuns);
  const p = await steady(tools, steadyRuns, {}, QUERIES, ToolSearch, "prepared");
  const b = firstCalls(count, freshRuns);
  console.log(
    `| ${count.toLocaleString("en")} | ${ms(a.median)} | ${ms(a.p95)} | ${ms(p.median)} | ${ms(p.p95)} | ${ms(b.first.median)} | ${ms(b.first.p95)} | ${ms(b.load.median)} |`,
  );
}


console.log("");
console.log("(e) first call of a fresh process, 1,873 tools, without and with an index snapshot (file read and importIndex included), and after prepare (timed apart)\n");
console.log("| ranking | without median | without p95 | with snapshot median | with snapshot p95 | snapshot bytes | prepare median | first call after prepare median |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
const scratch = mkdtempSync(join(tmpdir(), "toolsearch-snapshot-"));
for (const ranking of ["reference", "enhanced"]) {
  const file = join(scratch, `${ranking}.tsix`);
  const bytes = new ToolSearch({ config: { ranking } }).exportIndex(sessionOf(catalog));
  writeFileSync(file, bytes);
  const without = [];
  const withSnapshot = [];
  const prepares = [];
  const afterPrepare = [];
  for (let i = 0; i < 9; i++) {
    without.push(firstCalls(catalog.length, 1, ranking).first.median);
    withSnapshot.push(firstCalls(catalog.length, 1, ranking, file).first.median);
    const prepared = firstCalls(catalog.length, 1, ranking, "prepare");
    prepares.push(prepared.prepare.median);
    afterPrepare.push(prepared.first.median);
  }
  const [a, b, p, f] = [stats(without), stats(withSnapshot), stats(prepares), stats(afterPrepare)];
  console.log(`| ${ranking} | ${ms(a.median)} | ${ms(a.p95)} | ${ms(b.median)} | ${ms(b.p95)} | ${bytes.length.toLocaleString("en")} | ${ms(p.median)} | ${ms(f.median)} |`);
}
rmSync(scratch, { recursive: true, force: true });
