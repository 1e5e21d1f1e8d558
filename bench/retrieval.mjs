// Retrieval quality on the development queries (../shared/bench/queries-dev.json):
// every case through toolSearch with limit 10, scored as ../shared/bench/README.md says.
// Run: node bench/retrieval.mjs [queries-file]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ToolSearch } from "toolsearch";
import { loadCatalog, sessionOf, sharedDir } from "./common.mjs";

const dir = sharedDir();
const file = process.argv[2] ?? join(dir, "bench", "queries-dev.json");
const { cases } = JSON.parse(readFileSync(file, "utf8"));
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

async function run(ts) {
  const rows = [];
  for (const c of cases) {
    const out = JSON.parse(await ts.toolSearch({ queries: [c.query], limit: 10 }, session));
    rows.push({ style: c.style, lang: c.lang, ...score(c.gold, out.results[0].matches) });
  }
  return rows;
}

function summarize(rows, label) {
  const mean = (xs, k) => xs.reduce((s, r) => s + r[k], 0) / xs.length;
  const fmt = (x) => x.toFixed(3);
  const groups = new Map();
  for (const r of rows) {
    const key = r.style === "multilingual" ? `multilingual ${r.lang}` : r.style;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  const answerable = rows.filter((r) => !("correct_empty" in r));
  if (answerable.length && groups.size > 1) groups.set(`all ${answerable.length}`, answerable);
  console.log(`\n${label}\n`);
  console.log("| style | n | hit@1 | hit@5 | recall@5 | MRR | false-empty | correct-empty |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [key, xs] of groups) {
    const impossible = xs.filter((r) => "correct_empty" in r);
    const ans = xs.filter((r) => !("correct_empty" in r));
    const cells = ans.length
      ? ["hit1", "hit5", "recall5", "rr", "false_empty"].map((k) => fmt(mean(ans, k)))
      : ["", "", "", "", ""];
    const ce = impossible.length ? fmt(mean(impossible, "correct_empty")) : "";
    console.log(`| ${key} | ${xs.length} | ${cells.join(" | ")} | ${ce} |`);
  }
}

summarize(await run(new ToolSearch()), `ranking: reference (spec §6), ${file.split("/").pop()}, limit 10`);
