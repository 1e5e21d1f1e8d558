// Retrieval quality: every case of every query set through toolSearch at
// limit 10, scored as ../shared/bench/README.md says, for the enhanced ranking
// (the default), a plain BM25 beside it (the floor: the public sets' baseline,
// which cuts Han, kana and Hangul into bigrams) and the reference ranking.
// First one table of every set beside its BM25 row, then each set by style,
// the confidence label's trade-off curve and the ablation.
//
// Run: node bench/retrieval.mjs [options]
//   --embeddings FILE        also rank with the semantic leg: FILE's vectors
//                            (bench/embed.py) fed through host.embed
//   --semantic JSON          its fusion options (default {"weight": 0.5})
//   --embedding-texts FILE   write the texts the engine asks to embed (every
//                            tool document, every query) for bench/embed.py
//   --signals FILE           write each case's label signals (JSON lines) for
//                            bench/calibrate.mjs
//   --sets a,b               only these sets (default: all)
//   --no-ablation            skip the ablation
//   --misses SET             list the cases of a development set that the
//                            enhanced ranking misses (held-out sets refuse)
//
// Development sets are read and tuned on. Held-out sets (the shared val set,
// the public BFCL set, our held-out sets) only measure whether a change
// generalizes: never read their cases to fix them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ToolSearch } from "toolsearch";
import { loadCatalog, sessionOf, sharedDir } from "./common.mjs";

const RULES = ["glossary", "catalog", "details", "fields", "decision", "sentences", "proximity", "translation", "implied", "negation", "exact_names", "needs", "bm25"];
const LIMIT = 10;
const CURVE = [0.2, 0.25, 0.3, 0.32, 0.34, 0.36, 0.38, 0.4, 0.42, 0.44, 0.46, 0.48, 0.5, 0.55, 0.6, 0.7];

const argv = process.argv.slice(2);
const option = (name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const dir = sharedDir();
const json = (file) => JSON.parse(readFileSync(file, "utf8"));
const shared = (file) => json(join(dir, "bench", file)).cases;
const ours = (file) => json(new URL(file, import.meta.url)).cases;

const catalog = loadCatalog(dir);
const mcp = { tools: catalog, session: sessionOf(catalog) };

/** A public set of `../shared/bench/public/`: its tools, toolsets and cases
 * (its `kind`, or single and multi by gold size, as the style). */
function publicSet(name, folder, heldOut = false) {
  const at = join(dir, "bench", "public", folder);
  const tools = json(join(at, "tools.json"));
  const toolsets = existsSync(join(at, "toolsets.json"))
    ? json(join(at, "toolsets.json"))
    : Object.fromEntries(tools.map((t) => [t.function.name, `mcp-${folder}`]));
  const cases = json(join(at, "cases.json")).cases.map((c) => ({
    ...c,
    style: c.gold_loose ? "exact" : (c.kind ?? (c.gold.length > 1 ? "multi" : "single")),
  }));
  return { name, cases, catalog: { tools, session: { tools, toolsets } }, heldOut, public: true };
}

const ALL_SETS = [
  { name: "dev", cases: [...shared("queries-dev.json"), ...shared("queries-dev-multilingual.json")], catalog: mcp },
  // Ours: requests written for the project, to develop on.
  { name: "written", cases: ours("queries-written.json"), catalog: mcp },
  // Ours: long requests with context around the ask.
  { name: "long", cases: ours("queries-long.json"), catalog: mcp },
  // Ours: requests that ask for several things at once (`needs`: per need, the tools that serve it).
  { name: "needs", cases: ours("queries-needs.json"), catalog: mcp },
  // Ours: Chinese and Korean requests to the English catalog.
  { name: "cjk", cases: ours("queries-cjk.json"), catalog: mcp },
  // Public sets written by others, to develop on.
  publicSet("seal-tools", "seal-tools"),
  publicSet("metatool", "metatool"),
  publicSet("hammerbench-zh", "hammerbench-zh"),
  publicSet("functionchat-ko", "functionchat-ko"),
  { name: "val", cases: shared("queries-val.json"), catalog: mcp, heldOut: true },
  { name: "held-out", cases: ours("queries-heldout.json"), catalog: mcp, heldOut: true },
  { name: "needs held-out", cases: ours("queries-needs-heldout.json"), catalog: mcp, heldOut: true },
  { name: "cjk held-out", cases: ours("queries-cjk-heldout.json"), catalog: mcp, heldOut: true },
  // Public, written by users of hosted function calling: exact gold, and name
  // level (`gold_loose`: any pooled variant of the function).
  publicSet("BFCL", "bfcl-live-multiple", true),
];
const only = option("--sets")?.split(",");
const sets = only ? ALL_SETS.filter((s) => only.includes(s.name)) : ALL_SETS;

/** The styles a case is reported under (BFCL cases count twice: exact and name level). */
function stylesOf(c) {
  if (c.style === "exact") return [["exact", c.gold], ["name level", c.gold_loose]];
  if (c.style !== "multilingual") return [[c.style, c.gold]];
  return [[c.gold.length ? "multilingual" : "multilingual impossible", c.gold]];
}
const STYLE_ORDER = ["keyword", "natural", "exact-name", "multilingual", "single", "multi", "opening", "external", "singlecall", "calldecision", "dialog", "exact", "name level", "impossible", "multilingual impossible"];

/** Per-case metrics as the shared README defines them, plus the label and, for
 * several needs, the share of needs met at 5 and 10. */
function score(gold, needs, ranked, confidence) {
  const g = new Set(gold);
  const empty = ranked.length === 0 ? 1 : 0;
  const low = confidence === "low" ? 1 : 0;
  if (g.size === 0) return { impossible: true, empty, caught: empty || low ? 1 : 0 };
  const first = ranked.findIndex((n) => g.has(n));
  const met = (k) => (needs ? needs.filter((need) => ranked.slice(0, k).some((n) => need.includes(n))).length / needs.length : undefined);
  return {
    impossible: false,
    hit1: ranked.length > 0 && g.has(ranked[0]) ? 1 : 0,
    hit5: ranked.slice(0, 5).some((n) => g.has(n)) ? 1 : 0,
    recall5: ranked.slice(0, 5).filter((n) => g.has(n)).length / g.size,
    all5: ranked.slice(0, 5).filter((n) => g.has(n)).length === g.size ? 1 : 0,
    needs5: met(5),
    needs10: met(10),
    rr: first < 0 ? 0 : 1 / (first + 1),
    empty,
    low,
  };
}

/** Words a BM25 baseline leaves out. */
const STOP = new Set("a an the of to in for on and or is are be with by at from as it this that my me i you your can".split(" "));
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]+/u;

/** The baseline's tokens: ASCII letter and digit runs, lowercased, less a
 * short stop list; each run of Han, kana or Hangul as overlapping character
 * bigrams (a lone character as itself). No stemming. */
function baselineTokens(text) {
  const out = [];
  for (const [run] of text.matchAll(/[A-Za-z0-9]+|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]+/gu)) {
    if (!CJK.test(run)) {
      const word = run.toLowerCase();
      if (!STOP.has(word)) out.push(word);
    } else {
      const chars = [...run];
      if (chars.length === 1) out.push(run);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    }
  }
  return out;
}

/** The BM25 baseline of the public sets' READMEs (k1 1.2, b 0.75) over each
 * tool's name, description, and parameter names and descriptions: a plain
 * BM25 with no gate and no floor, the floor every row is read against (for
 * Chinese and Korean, the bigram BM25). */
function plainBm25(tools) {
  const docs = tools.map((t) => {
    const f = t.function;
    const parts = [f.name.replace(/[^\p{L}\p{N}]+/gu, " "), f.description ?? ""];
    for (const [key, schema] of Object.entries(f.parameters?.properties ?? {})) parts.push(key, schema?.description ?? "");
    const tokens = baselineTokens(parts.join(" "));
    const tf = new Map();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { name: f.name, tf, len: tokens.length };
  });
  const df = new Map();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const avg = docs.reduce((s, d) => s + d.len, 0) / n;
  return (query) => {
    const q = baselineTokens(query);
    const scored = [];
    docs.forEach((d, i) => {
      let s = 0;
      for (const t of q) {
        const tf = d.tf.get(t);
        if (!tf) continue;
        const idf = Math.log(1 + (n - df.get(t) + 0.5) / (df.get(t) + 0.5));
        s += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * d.len) / Math.max(avg, 1)));
      }
      if (s > 0) scored.push([s, i]);
    });
    scored.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    return { matches: scored.slice(0, LIMIT).map(([, i]) => docs[i].name) };
  };
}

/** `host.embed` answering from a fixture of bench/embed.py. */
function fixtureEmbedder(file) {
  const fixture = json(file);
  const decode = (b64) => new Float32Array(new Uint8Array(Buffer.from(b64, "base64")).buffer);
  return (texts, kind) =>
    texts.map((text) => {
      const b64 = fixture[kind]?.[text];
      if (b64 === undefined) throw new Error(`${file} has no ${kind} vector for ${JSON.stringify(text.slice(0, 60))}`);
      return decode(b64);
    });
}

/** One query through `ts`: its matches and label. */
async function group(ts, session, query) {
  const out = JSON.parse(await ts.toolSearch({ queries: [query], limit: LIMIT }, session));
  return out.results?.[0] ?? { matches: [] };
}

/** Every case of every set through one ranking: `{set: [{c, style, s}]}`. */
async function run(searchOf) {
  const out = {};
  for (const set of sets) {
    const search = searchOf(set.catalog);
    out[set.name] = [];
    for (const c of set.cases) {
      const { matches, confidence } = await search(c.query);
      for (const [style, gold] of stylesOf(c)) {
        out[set.name].push({ c, style, matches, s: score(gold, c.needs, matches, confidence) });
      }
    }
  }
  return out;
}

async function runTs(options) {
  const ts = new ToolSearch(options);
  const result = await run((cat) => (q) => group(ts, cat.session, q));
  ts.free();
  return result;
}

const mean = (xs, k) => (xs.length ? xs.reduce((s, r) => s + r.s[k], 0) / xs.length : NaN);
const fmt = (x) => (x === undefined || Number.isNaN(x) ? "" : x.toFixed(3));

function byStyle(rows) {
  const out = new Map();
  for (const style of STYLE_ORDER) {
    const xs = rows.filter((r) => r.style === style);
    if (xs.length) out.set(style, xs);
  }
  return out;
}

/** One set: per style, a row per ranking. */
function setTable(set, rankings) {
  const needs = set.cases.some((c) => c.needs);
  const head = ["style", "ranking", "n", "hit@1", "hit@5", "recall@5", "all@5", ...(needs ? ["needs@5", "needs@10"] : []), "MRR", "empty", "labelled low", "impossible caught"];
  console.log(`\n### ${set.name}${set.heldOut ? " (held out)" : ""}\n`);
  console.log(`| ${head.join(" | ")} |`);
  console.log(`| ${head.map((_, i) => (i < 2 ? "---" : "---:")).join(" | ")} |`);
  const styles = [...byStyle(rankings[0][1][set.name]).keys()];
  // A set of requests with several needs gets a row for all its cases.
  if (needs) styles.push("all");
  for (const style of styles) {
    for (const [label, result] of rankings) {
      const xs = style === "all" ? result[set.name] : byStyle(result[set.name]).get(style);
      const answerable = xs.filter((r) => !r.s.impossible);
      const impossible = xs.filter((r) => r.s.impossible);
      const labelled = label.startsWith("enhanced");
      const cells = [
        style,
        label,
        xs.length,
        ...["hit1", "hit5", "recall5", "all5", ...(needs ? ["needs5", "needs10"] : []), "rr", "empty"].map((k) => fmt(mean(answerable, k))),
        labelled ? fmt(mean(answerable, "low")) : "",
        fmt(mean(impossible, labelled ? "caught" : "empty")),
      ];
      console.log(`| ${cells.join(" | ")} |`);
    }
  }
}

/** Every set in one table, each beside its plain BM25 row (BFCL twice:
 * exact and name level): the answerable cases' hit@1, hit@5, recall@5,
 * all@5 (every gold tool in the top 5), needs@5 (several-needs sets), the
 * empty rate and the share labelled low; the impossible cases' share caught
 * (labelled low, or empty). With embeddings, the semantic leg's hit@5 and
 * recall@5 beside. */
function summaryTable(rankings) {
  const of = (label) => rankings.find(([l]) => l.startsWith(label))?.[1];
  const [enhanced, bm25, e5] = [of("enhanced"), of("plain BM25"), rankings.find(([l]) => l.includes("e5"))?.[1]];
  const head = ["set", "use", "n", "hit@1", "hit@5", "BM25 hit@5", "recall@5", "BM25 recall@5", "all@5", "BM25 all@5", "needs@5", "BM25 needs@5", "empty", "labelled low", "impossible caught", "BM25 caught (empty)", ...(e5 ? ["hit@5 + e5", "recall@5 + e5"] : [])];
  console.log("\n## Every set beside its plain BM25 (limit 10, default config)\n");
  console.log(`| ${head.join(" | ")} |`);
  console.log(`| ${head.map((_, i) => (i < 2 ? "---" : "---:")).join(" | ")} |`);
  for (const set of sets) {
    const levels = set.cases.some((c) => c.gold_loose) ? ["exact", "name level"] : [null];
    for (const level of levels) {
      const pick = (result) => result[set.name].filter((r) => level === null || r.style === level);
      const [rows, base, fused] = [pick(enhanced), pick(bm25), e5 ? pick(e5) : null];
      const answerable = (xs) => xs.filter((r) => !r.s.impossible);
      const impossible = (xs) => xs.filter((r) => r.s.impossible);
      const needs = set.cases.some((c) => c.needs);
      const cells = [
        level ? `${set.name} (${level})` : set.name,
        set.heldOut ? "held out" : "development",
        set.cases.length,
        fmt(mean(answerable(rows), "hit1")),
        fmt(mean(answerable(rows), "hit5")),
        fmt(mean(answerable(base), "hit5")),
        fmt(mean(answerable(rows), "recall5")),
        fmt(mean(answerable(base), "recall5")),
        fmt(mean(answerable(rows), "all5")),
        fmt(mean(answerable(base), "all5")),
        needs ? fmt(mean(answerable(rows), "needs5")) : "",
        needs ? fmt(mean(answerable(base), "needs5")) : "",
        fmt(mean(answerable(rows), "empty")),
        fmt(mean(answerable(rows), "low")),
        fmt(mean(impossible(rows), "caught")),
        fmt(mean(impossible(base), "empty")),
        ...(fused ? [fmt(mean(answerable(fused), "hit5")), fmt(mean(answerable(fused), "recall5"))] : []),
      ];
      console.log(`| ${cells.join(" | ")} |`);
    }
  }
}

/** hit@5 per set and style (needs@5 for requests with several needs; caught
 * for impossible styles), for the ablation. */
function headline(result) {
  const cells = [];
  for (const set of sets) {
    const metric = set.cases.some((c) => c.needs) ? "needs5" : "hit5";
    for (const [style, xs] of byStyle(result[set.name])) {
      cells.push(fmt(mean(xs, style.includes("impossible") ? "caught" : metric)));
    }
  }
  return cells;
}

/** The label's confidence per case, from `explain`: `sure` when the label is
 * high whatever the threshold (an exact name, or two needs or more). */
function confidences() {
  const ts = new ToolSearch();
  const out = {};
  for (const set of sets) {
    out[set.name] = set.cases.map((c) => {
      const report = ts.explain(c.query, set.catalog.session, { limit: 1 });
      const sure = report.needs.length >= 2 || report.tools[0]?.verdict === "exact_name";
      return { c, decision: report.decision, sure, candidates: report.tools.length };
    });
  }
  ts.free();
  return out;
}

/** A missed label (an impossible request labelled high) costs this many false
 * ones (an answerable request labelled low), as in bench/calibrate.mjs: a low
 * group lists every candidate, so a false label costs a caution and a missed
 * one a tool trusted wrongly. */
const MISSED_COST = 1;

/** The label's trade-off: per set, by threshold, the share of answerable
 * requests labelled low and of impossible ones caught (labelled low or
 * empty). The cost is the mean share labelled low over the development sets
 * plus MISSED_COST times their mean share missed. */
function curve(decided) {
  console.log("\n### The confidence label: answerable cases labelled low, and impossible cases labelled low or empty, by threshold\n");
  const development = sets.filter((s) => !s.heldOut);
  console.log(`The cost is the mean share of answerable requests labelled low + ${MISSED_COST} × the mean share of impossible ones missed, over the development sets (${development.map((s) => s.name).join(", ")}); the threshold is chosen where it is least.\n`);
  const head = sets.flatMap((s) => (s.cases.some((c) => !c.gold.length) ? [`${s.name} low`, `${s.name} caught`] : [`${s.name} low`]));
  const used = decided[sets[0].name][0]?.decision.threshold;
  const isLow = (r, t) => !r.sure && r.decision.confidence < t;
  const rates = (s, t) => {
    const answerable = decided[s.name].filter((r) => r.c.gold.length);
    const impossible = decided[s.name].filter((r) => !r.c.gold.length);
    return {
      low: answerable.filter((r) => isLow(r, t)).length / answerable.length,
      caught: impossible.length ? impossible.filter((r) => isLow(r, t) || r.candidates === 0).length / impossible.length : null,
    };
  };
  const average = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
  const developmentCost = (t) => {
    const each = development.map((s) => rates(s, t));
    const missed = each.filter((e) => e.caught !== null).map((e) => 1 - e.caught);
    return average(each.map((e) => e.low)) + MISSED_COST * average(missed);
  };
  let least = 0.5;
  for (let step = 1; step < 100; step++) if (developmentCost(step / 100) < developmentCost(least) - 1e-12) least = step / 100;
  console.log(`Least cost at ${least.toFixed(2)} (${developmentCost(least).toFixed(3)}).\n`);
  console.log(`| threshold | development cost | ${head.join(" | ")} |`);
  console.log(`| ---: | ---: | ${head.map(() => "---:").join(" | ")} |`);
  for (const t of [...new Set([...CURVE, used])].sort((a, b) => a - b)) {
    const cells = sets.flatMap((s) => {
      const { low, caught } = rates(s, t);
      return caught === null ? [low.toFixed(3)] : [low.toFixed(3), caught.toFixed(3)];
    });
    console.log(`| ${t.toFixed(2)}${t === used ? " (used)" : ""} | ${developmentCost(t).toFixed(3)} | ${cells.join(" | ")} |`);
  }
  console.log("\nROC AUC of the confidence, answerable against impossible (exact names aside):");
  for (const s of sets) {
    const rows = decided[s.name].filter((r) => r.c.style !== "exact-name");
    const pos = rows.filter((r) => r.c.gold.length).map((r) => r.decision.confidence);
    const neg = rows.filter((r) => !r.c.gold.length).map((r) => r.decision.confidence);
    if (!neg.length) continue;
    let wins = 0;
    for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
    console.log(`- ${s.name}: ${(wins / (pos.length * neg.length)).toFixed(3)}`);
  }
}

function misses(result, name) {
  const set = sets.find((s) => s.name === name);
  if (!set) return console.error(`--misses: no set ${name}`);
  if (set.heldOut) return console.error(`--misses: ${name} is held out; its cases are not read`);
  console.log(`\n### ${name}: cases the enhanced ranking misses (hit@5, or impossible not caught)\n`);
  for (const r of result[name]) {
    const right = r.s.impossible ? r.s.caught : r.s.hit5;
    if (!right) console.log(`- ${r.c.id} [${r.style}] ${JSON.stringify(r.c.query)} → ${JSON.stringify(r.matches.slice(0, 3))}${r.s.low ? " (low)" : ""}`);
  }
}

// --- main ---

const textsFile = option("--embedding-texts");
if (textsFile) {
  const asked = { document: new Set(), query: new Set() };
  const ts = new ToolSearch({
    host: {
      embed: (texts, kind) => {
        for (const t of texts) asked[kind].add(t);
        return texts.map(() => new Float32Array([1]));
      },
    },
  });
  for (const set of sets) for (const c of set.cases) await group(ts, set.catalog.session, c.query);
  mkdirSync(dirname(textsFile), { recursive: true });
  writeFileSync(textsFile, JSON.stringify({ document: [...asked.document], query: [...asked.query] }));
  console.log(`${asked.document.size} documents and ${asked.query.size} queries written to ${textsFile}`);
  process.exit(0);
}

const rankings = [["enhanced", await runTs({})]];
const embeddings = option("--embeddings");
const semantic = JSON.parse(option("--semantic") ?? '{"weight": 0.5}');
if (embeddings) {
  rankings.push([`enhanced + e5 ${JSON.stringify(semantic)}`, await runTs({ host: { embed: fixtureEmbedder(embeddings) }, semantic })]);
}
rankings.push(["plain BM25", await run((cat) => { const bm25 = plainBm25(cat.tools); return async (q) => bm25(q); })]);
rankings.push(["reference", await runTs({ config: { ranking: "reference" } })]);

summaryTable(rankings);
console.log("\n## Per set and style (limit 10)");
for (const set of sets) setTable(set, rankings);

const decided = confidences();
curve(decided);

const signalsFile = option("--signals");
if (signalsFile) {
  const lines = [];
  for (const set of sets) {
    for (const { c, decision, sure, candidates } of decided[set.name]) {
      const line = { set: set.name, id: c.id, style: c.style, answerable: c.gold.length > 0, sure, empty: candidates === 0, signals: decision };
      lines.push(JSON.stringify(line));
    }
  }
  mkdirSync(dirname(signalsFile), { recursive: true });
  writeFileSync(signalsFile, `${lines.join("\n")}\n`);
}

const missesOf = option("--misses");
if (missesOf) misses(rankings[0][1], missesOf);

if (!argv.includes("--no-ablation")) {
  console.log("\n### Ablation: the enhanced ranking with one rule switched off (`ranking_ablation`); hit@5 (needs@5 for the several-needs sets), or for impossible styles caught (low or empty)\n");
  const columns = sets.flatMap((s) => [...byStyle(rankings[0][1][s.name]).keys()].map((st) => `${s.name} ${st}`));
  console.log(`| configuration | ${columns.join(" | ")} |`);
  console.log(`| --- | ${columns.map(() => "---:").join(" | ")} |`);
  for (const [label, result] of rankings) console.log(`| ${label} | ${headline(result).join(" | ")} |`);
  for (const rule of RULES) {
    const off = await runTs({ config: { ranking_ablation: [rule] } });
    console.log(`| without ${rule} | ${headline(off).join(" | ")} |`);
  }
}
