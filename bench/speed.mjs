// Speed of toolSearch on the real catalog (1,873 tools) and scaled copies, in
// Node on the built package. Run: node bench/speed.mjs [--baseline DIR]
// (after npm run build). Turns are 3 queries; the host passes the tools as
// a "stateless" call does (a freshly built `tools` array of the same tool
// objects each call), "prepared" (the snapshot of ToolSearch.prepare) or
// "frozen" (a new session object each call around one frozen array of
// frozen tools) or "frozen tools" (a new array of the same frozen tools each
// call). Turns compared in one table run in alternating rounds.
//
// (d) the reference and enhanced rankings side by side on the real catalog:
//     keyword turns stateless, prepared, prepared with a `host.onEvent`
//     that keeps each event (a baseline without events ignores it), frozen
//     and with frozen tools,
//     natural and multilingual turns, and the first search of a catalog
//     (which builds its indexes).
//     `--baseline DIR` adds the same rows for another build of the package
//     (DIR/node/index.cjs, e.g. a checkout of an earlier commit), measured
//     in the same rounds. (d) runs first, while the wasm memories are fresh.
// (c) both rankings at 1,873, 10,000 and 50,000 tools: stateless and
//     prepared turns, the first call in a fresh process (first-call.mjs in
//     child processes; the package's load reported apart), and the wasm
//     memory after that call; with --baseline, the baseline's prepared turn
//     and first call beside them.
// (e) the first call of a fresh process with and without an index snapshot
//     (importIndex of exportIndex bytes read from a file), and after
//     ToolSearch.prepare (which builds the indexes; timed apart), both rankings
//     (and the baseline's, its processes interleaved with these).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ToolSearch } from "toolsearch";
import { alternating, loadCatalog, ms, scaled, sessionOf, sharedDir, stats, timedTurn } from "./common.mjs";

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
 * A timed turn on `tools` (see `timedTurn`); `mode` is how the host passes
 * them: "stateless" (a new array of the same tool objects), "prepared"
 * (ToolSearch.prepare's snapshot), "frozen" (one frozen array of frozen
 * tools, in a new session object each turn) or "frozen tools" (a new array
 * of the same frozen tools each turn); "prepared, events" is "prepared"
 * with a `host.onEvent` that keeps the latest event.
 */
function turns(tools, config = {}, queries = QUERIES, Engine = ToolSearch, mode = "stateless") {
  let latest = null;
  const host = mode === "prepared, events" ? { onEvent: (event) => (latest = event) } : {};
  const ts = new Engine({ config, host });
  const { toolsets } = sessionOf(tools);
  const snapshot = mode.startsWith("prepared") ? ts.prepare({ tools: [...tools], toolsets }) : null;
  const frozen = mode.startsWith("frozen") ? { tools: deepFreeze(structuredClone(tools)), toolsets: Object.freeze({ ...toolsets }) } : null;
  const newSession = () => {
    if (mode === "frozen tools") return { ...frozen, tools: [...frozen.tools] };
    return frozen ? { ...frozen } : { tools: [...tools], toolsets };
  };
  const runner = timedTurn((session) => ts.toolSearch(queries, session), () => snapshot ?? newSession());
  return { ...runner, free: () => ts.free() };
}

/**
 * One first call in a fresh process (first-call.mjs with `more` as its
 * arguments), of this build or of the build in `dir`.
 */
function firstCall(count, more = [], dir = undefined) {
  const env = dir === undefined ? process.env : { ...process.env, TOOLSEARCH_PACKAGE: dir };
  const script = fileURLToPath(new URL("first-call.mjs", import.meta.url));
  return JSON.parse(execFileSync(process.execPath, [script, String(count), ...more], { env }).toString());
}

/** Stats of first calls, each as `firstCall` gives it. */
function firstStats(calls) {
  const of = (key) => stats(calls.map((call) => call[key]));
  const prepared = calls.every((call) => call.prepare !== undefined);
  return { load: of("load"), first: of("first"), prepare: prepared ? of("prepare") : null, memory: Math.max(...calls.map((c) => c.memory)) };
}

/** `runs` first calls of each build, interleaved: their stats, build by build. */
function firstCalls(count, runs, more = []) {
  const calls = builds.map(() => []);
  for (let i = 0; i < runs; i++) builds.forEach((build, b) => calls[b].push(firstCall(count, more, build.dir)));
  return calls.map(firstStats);
}

const catalog = loadCatalog(sharedDir());
console.log(`toolsearch speed, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`);
console.log("(d) rankings side by side, 1,873 tools, 3 queries per call\n");
console.log("| ranking | keyword median | keyword p95 | keyword prepared median | keyword prepared, onEvent median | keyword frozen median | keyword frozen tools median | natural + multilingual median | natural + multilingual p95 | first search of the catalog |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
const at = process.argv.indexOf("--baseline");
/** The builds measured: this one, and the baseline's with `--baseline DIR`. */
const builds = [{ label: "", Engine: ToolSearch, dir: undefined }];
if (at > 0) {
  const dir = resolve(process.argv[at + 1]);
  builds.push({ label: " (baseline)", Engine: createRequire(import.meta.url)(`${dir}/node/index.cjs`).ToolSearch, dir });
}
for (const ranking of ["reference", "enhanced"]) {
  const config = { ranking };
  const firsts = [];
  for (const { Engine } of builds) {
    const fresh = new Engine({ config });
    const t0 = performance.now();
    await fresh.toolSearch(QUERIES, sessionOf(catalog));
    firsts.push(performance.now() - t0);
    fresh.free();
  }
  // Every build's six turns, in alternating rounds.
  const runners = builds.flatMap(({ Engine }) => [
    turns(catalog, config, QUERIES, Engine),
    turns(catalog, config, QUERIES, Engine, "prepared"),
    turns(catalog, config, QUERIES, Engine, "prepared, events"),
    turns(catalog, config, QUERIES, Engine, "frozen"),
    turns(catalog, config, QUERIES, Engine, "frozen tools"),
    turns(catalog, config, NATURAL, Engine),
  ]);
  const results = await alternating(runners, 300);
  runners.forEach((r) => r.free());
  builds.forEach(({ label }, b) => {
    const [keyword, prepared, events, frozen, frozenTools, natural] = results.slice(6 * b, 6 * b + 6);
    console.log(`| ${ranking}${label} | ${ms(keyword.median)} | ${ms(keyword.p95)} | ${ms(prepared.median)} | ${ms(events.median)} | ${ms(frozen.median)} | ${ms(frozenTools.median)} | ${ms(natural.median)} | ${ms(natural.p95)} | ${ms(firsts[b])} |`);
  });
}

console.log("");
console.log("(c) both rankings at scale, 3 keyword queries per call: a turn stateless and prepared (with --baseline, the other build's prepared turn in the same rounds, and its first calls interleaved with these), the first call of a fresh process, and the wasm memory after it beside the catalog's JSON\n");
const baseline = builds.length > 1;
const extra = (cells) => (baseline ? cells : "");
console.log(`| tools | ranking | stateless median | stateless p95 | prepared median | prepared p95 |${extra(" prepared median (baseline) |")} first call median | first call p95 |${extra(" first call median (baseline) |")} package load median | wasm memory after the first call | catalog JSON | memory / JSON |${extra(" memory / JSON (baseline) |")}`);
console.log(`| ---: | --- | ---: | ---: | ---: | ---: |${extra(" ---: |")} ---: | ---: |${extra(" ---: |")} ---: | ---: | ---: | ---: |${extra(" ---: |")}`);
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
for (const [count, steadyRuns, freshRuns] of [[catalog.length, 400, 9], [10_000, 100, 5], [50_000, 40, 3]]) {
  const tools = count === catalog.length ? catalog : scaled(catalog, count);
  const json = Buffer.byteLength(JSON.stringify(tools));
  for (const ranking of ["reference", "enhanced"]) {
    const config = { ranking };
    const runners = [turns(tools, config), turns(tools, config, QUERIES, ToolSearch, "prepared")];
    if (baseline) runners.push(turns(tools, config, QUERIES, builds[1].Engine, "prepared"));
    const [a, p, base] = await alternating(runners, steadyRuns, 10);
    runners.forEach((r) => r.free());
    const [b, bBase] = firstCalls(count, freshRuns, [ranking]);
    const ratio = (calls) => (calls.memory / json).toFixed(2);
    console.log(
      `| ${count.toLocaleString("en")} | ${ranking} | ${ms(a.median)} | ${ms(a.p95)} | ${ms(p.median)} | ${ms(p.p95)} |${extra(` ${ms(base?.median ?? 0)} |`)} ${ms(b.first.median)} | ${ms(b.first.p95)} |${extra(` ${ms(bBase?.first.median ?? 0)} |`)} ${ms(b.load.median)} | ${mib(b.memory)} | ${mib(json)} | ${ratio(b)} |${extra(` ${bBase ? ratio(bBase) : ""} |`)}`,
    );
  }
}

console.log("");
console.log("(e) first call of a fresh process, 1,873 tools, without and with an index snapshot (file read and importIndex included), and after prepare (timed apart); builds interleaved\n");
console.log("| ranking | without median | without p95 | with snapshot median | with snapshot p95 | snapshot bytes | prepare median | first call after prepare median |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
const scratch = mkdtempSync(join(tmpdir(), "toolsearch-snapshot-"));
for (const ranking of ["reference", "enhanced"]) {
  // Each build reads a snapshot of its own.
  const files = builds.map(({ Engine }, b) => {
    const file = join(scratch, `${ranking}-${b}.tsix`);
    const bytes = new Engine({ config: { ranking } }).exportIndex(sessionOf(catalog));
    writeFileSync(file, bytes);
    return { file, bytes: bytes.length };
  });
  const calls = builds.map(() => ({ without: [], withSnapshot: [], prepared: [] }));
  for (let i = 0; i < 9; i++) {
    builds.forEach(({ dir }, b) => {
      calls[b].without.push(firstCall(catalog.length, [ranking], dir));
      calls[b].withSnapshot.push(firstCall(catalog.length, [ranking, files[b].file], dir));
      calls[b].prepared.push(firstCall(catalog.length, [ranking, "prepare"], dir));
    });
  }
  builds.forEach(({ label }, b) => {
    const [a, w, p] = [firstStats(calls[b].without), firstStats(calls[b].withSnapshot), firstStats(calls[b].prepared)];
    console.log(`| ${ranking}${label} | ${ms(a.first.median)} | ${ms(a.first.p95)} | ${ms(w.first.median)} | ${ms(w.first.p95)} | ${files[b].bytes.toLocaleString("en")} | ${ms(p.prepare.median)} | ${ms(p.first.median)} |`);
  });
}
rmSync(scratch, { recursive: true, force: true });
