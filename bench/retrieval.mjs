// Retrieval quality on the development queries: every case through toolSearch
// with limit 10, scored as ../shared/bench/README.md says, for the reference and
// the enhanced ranking side by side, then the enhanced ranking with each of its
// rules switched off in turn (the ablation).
// Run: node bench/retrieval.mjs [queries-file ...]
// (default: queries-dev.json and queries-dev-multilingual.json)
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { ToolSearch } from "toolsearch";
import { loadCatalog, sessionOf, sharedDir } from "./common.mjs";

const RULES = ["synonyms", "details", "fields", "actions", "coverage", "services", "objects"];

const dir = sharedDir();
const files = process.argv.length > 2
  ? process.argv.slice(2)
  : ["queries-dev.json", "queries-dev-multilingual.json"].map((f) => join(dir, "bench", f));
const sets = files.map((file) => ({ name: basename(file), cases: JSON.parse(readFileSync(file, "utf8")).cases }));
const session = sessionOf(loadCatalog(dir));

/** Per-case metrics, as the reference scorer defines them. */
function score(gold, ranked) {
  const g = new Set(gold);
  if (g.size === 0) return { correct_empty: ranked.length === 0 ? 1 : 0 };
  const first = ranked.findIndex((n) => g.has(n));
  return {
    hit1: ranked.length > 0 && g.has(ranked[0]) ? 1 : 0,
    hit5: ranked.slice(0, 5).some((n) => g.has(n)) ? 1 : 0,
    recall5: ranked.slice(0, 5).filter((n) => g.has(n)).length / g.size,
    rr: first < 0 ? 0 : 1 / (first + 1),
    false_empty: ranked.length === 0 ? 1 : 0,
  };
}

async function run(config, cases) {
  const ts = new ToolSearch({ config });
  const rows = [];
  for (const c of cases) {
    const out = JSON.parse(await ts.toolSearch({ queries: [c.query], limit: 10 }, session));
    rows.push({ style: c.style === "multilingual" ? `multilingual ${c.lang}` : c.style, ...score(c.gold, out.results[0].matches) });
  }
  ts.free();
  return rows;
}

const mean = (xs, k) => (xs.length ? xs.reduce((s, r) => s + r[k], 0) / xs.length : NaN);
const fmt = (x) => (Number.isNaN(x) ? "" : x.toFixed(3));

/** Rows grouped by style, plus an "all" group when there are several. */
function groups(rows) {
  const out = new Map();
  for (const r of rows) {
    if (!out.has(r.style)) out.set(r.style, []);
    out.get(r.style).push(r);
  }
  if (out.size > 1) out.set("all", rows);
  return out;
}

function table(rows, label) {
  console.log(`\n${label}\n`);
  console.log("| style | n | hit@1 | hit@5 | recall@5 | MRR | false-empty | correct-empty |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [key, xs] of groups(rows)) {
    const impossible = xs.filter((r) => "correct_empty" in r);
    const answerable = xs.filter((r) => !("correct_empty" in r));
    const cells = ["hit1", "hit5", "recall5", "rr", "false_empty"].map((k) => fmt(mean(answerable, k)));
    console.log(`| ${key} | ${xs.length} | ${cells.join(" | ")} | ${fmt(mean(impossible, "correct_empty"))} |`);
  }
}

/** hit@5 and correct-empty per style (one style for a multilingual set). */
function headline(rowsBySet) {
  const cells = [];
  for (const rows of rowsBySet) {
    const multilingual = rows.every((r) => r.style.startsWith("multilingual"));
    const byStyle = multilingual ? new Map([["multilingual", rows]]) : groups(rows);
    byStyle.delete("all");
    for (const [style, xs] of byStyle) {
      const answerable = xs.filter((r) => !("correct_empty" in r));
      const impossible = xs.filter((r) => "correct_empty" in r);
      if (answerable.length) cells.push([`${style} hit@5`, mean(answerable, "hit5")]);
      if (impossible.length) cells.push([`${style} correct-empty`, mean(impossible, "correct_empty")]);
    }
  }
  return cells;
}

const results = new Map();
for (const ranking of ["reference", "enhanced"]) {
  results.set(ranking, []);
  for (const set of sets) {
    const rows = await run({ ranking }, set.cases);
    results.get(ranking).push(rows);
    table(rows, `ranking: ${ranking}, ${set.name}, limit 10`);
  }
}

console.log("\nAblation: the enhanced ranking with one rule switched off (`ranking_ablation`)\n");
const full = headline(results.get("enhanced"));
console.log(`| configuration | ${full.map(([k]) => k).join(" | ")} |`);
console.log(`| --- | ${full.map(() => "---:").join(" | ")} |`);
console.log(`| reference | ${headline(results.get("reference")).map(([, v]) => fmt(v)).join(" | ")} |`);
console.log(`| enhanced, all rules | ${full.map(([, v]) => fmt(v)).join(" | ")} |`);
for (const rule of RULES) {
  const rowsBySet = [];
  for (const set of sets) rowsBySet.push(await run({ ranking: "enhanced", ranking_ablation: [rule] }, set.cases));
  console.log(`| without ${rule} | ${headline(rowsBySet).map(([, v]) => fmt(v)).join(" | ")} |`);
}
