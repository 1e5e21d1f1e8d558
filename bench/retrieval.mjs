// Retrieval quality: every case of the development sets and of the validation
// set through toolSearch with limit 10, scored as ../shared/bench/README.md
// says, for a plain BM25 (the floor), the reference ranking and the enhanced
// ranking, dev and val side by side. Then the cases one ranking answers and the
// other misses, the no-match decision's trade-off curve, and the ablation.
//
// Run: node bench/retrieval.mjs [options]
//   --embeddings FILE        also rank with the semantic leg: FILE's vectors
//                            (bench/embed.py) fed through host.embed
//   --semantic JSON          its fusion options (default {"weight": 0.3})
//   --embedding-texts FILE   write the texts the engine asks to embed (every
//                            tool document, every query) for bench/embed.py
//   --signals FILE           write each case's decision signals (JSON lines)
//                            for bench/calibrate.mjs
//   --no-ablation            skip the ablation
//
// The validation set and our held-out set measure whether a change
// generalizes; they are never read to fix their cases. So their differences
// list case ids only.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ToolSearch, tokenize } from "toolsearch";
import { loadCatalog, sessionOf, sharedDir } from "./common.mjs";

const RULES = ["glossary", "catalog", "details", "fields", "decision", "sentences", "proximity", "translation", "implied", "negation", "exact_names", "reference"];
const LIMIT = 10;

const argv = process.argv.slice(2);
const option = (name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const dir = sharedDir();
const read = (file) => JSON.parse(readFileSync(join(dir, "bench", file), "utf8")).cases;
const ours = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")).cases;
const sets = [
  { name: "dev", cases: [...read("queries-dev.json"), ...read("queries-dev-multilingual.json")] },
  { name: "val", cases: read("queries-val.json"), heldOut: true },
  // Ours: long requests with context around the ask (bench/queries-long.json).
  { name: "long", cases: ours("queries-long.json") },
  // Ours: requests written for the project, to develop on (bench/queries-written.json).
  { name: "written", cases: ours("queries-written.json") },
  // Ours, held out like val: measured, never tuned on (bench/queries-heldout.json).
  { name: "held-out", cases: ours("queries-heldout.json"), heldOut: true },
];
const tools = loadCatalog(dir);
const session = sessionOf(tools);

/** The style a case is reported under. */
function styleOf(c) {
  if (c.style !== "multilingual") return c.style;
  return c.gold.length ? "multilingual" : "multilingual impossible";
}
const STYLES = ["keyword", "natural", "exact-name", "multilingual", "impossible", "multilingual impossible"];

/** Per-case metrics, as the reference scorer defines them. */
function score(gold, ranked) {
  const g = new Set(gold);
  if (g.size === 0) return { impossible: true, empty: ranked.length === 0 ? 1 : 0 };
  const first = ranked.findIndex((n) => g.has(n));
  return {
    impossible: false,
    hit1: ranked.length > 0 && g.has(ranked[0]) ? 1 : 0,
    hit5: ranked.slice(0, 5).some((n) => g.has(n)) ? 1 : 0,
    recall5: ranked.slice(0, 5).filter((n) => g.has(n)).length / g.size,
    rr: first < 0 ? 0 : 1 / (first + 1),
    empty: ranked.length === 0 ? 1 : 0,
  };
}

/** A plain BM25 (k1 1.5, b 0.75) over the spec's documents (§5.3, §5.4), with no gate and no floor. */
function plainBm25() {
  const docs = tools.map((t) => {
    const f = t.function;
    const words = f.name.replace(/^mcp__/, "").replace(/[_.:-]/g, " ");
    const label = t["x-source"];
    const parts = [words];
    if (!words.split(/\s+/).includes(label)) parts.push(label);
    parts.push(f.description ?? "", ...Object.keys(f.parameters?.properties ?? {}));
    const tokens = tokenize(parts.join(" "));
    const tf = new Map();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { name: f.name, tf, len: tokens.length };
  });
  const df = new Map();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const avg = docs.reduce((s, d) => s + d.len, 0) / n;
  return (query) => {
    const q = tokenize(query);
    const scored = [];
    docs.forEach((d, i) => {
      let s = 0;
      for (const t of q) {
        const tf = d.tf.get(t);
        if (!tf) continue;
        const idf = Math.log(1 + (n - df.get(t) + 0.5) / (df.get(t) + 0.5));
        s += (idf * tf * 2.5) / (tf + 1.5 * (0.25 + (0.75 * d.len) / Math.max(avg, 1)));
      }
      if (s > 0) scored.push([s, i]);
    });
    scored.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    return scored.slice(0, LIMIT).map(([, i]) => docs[i].name);
  };
}

/** `host.embed` answering from a fixture of bench/embed.py. */
function fixtureEmbedder(file) {
  const fixture = JSON.parse(readFileSync(file, "utf8"));
  const decode = (b64) => new Float32Array(new Uint8Array(Buffer.from(b64, "base64")).buffer);
  return (texts, kind) =>
    texts.map((text) => {
      const b64 = fixture[kind]?.[text];
      if (b64 === undefined) throw new Error(`${file} has no ${kind} vector for ${JSON.stringify(text.slice(0, 60))}`);
      return decode(b64);
    });
}

async function rank(ts, query) {
  const out = JSON.parse(await ts.toolSearch({ queries: [query], limit: LIMIT }, session));
  return out.results[0].matches;
}

/** Every case of every set through one ranking: `{set: [{case, ranked, score}]}`. */
async function run(search) {
  const out = {};
  for (const set of sets) {
    out[set.name] = [];
    for (const c of set.cases) {
      const ranked = await search(c.query);
      out[set.name].push({ c, ranked, s: score(c.gold, ranked) });
    }
  }
  return out;
}

async function runTs(options) {
  const ts = new ToolSearch(options);
  const result = await run((q) => rank(ts, q));
  ts.free();
  return result;
}

const mean = (xs, k) => (xs.length ? xs.reduce((s, r) => s + r.s[k], 0) / xs.length : NaN);
const fmt = (x) => (Number.isNaN(x) ? "" : x.toFixed(3));

function byStyle(rows) {
  const out = new Map(STYLES.map((s) => [s, []]));
  for (const r of rows) out.get(styleOf(r.c)).push(r);
  return out;
}

/** One ranking, dev and val side by side. "empty" is the false-empty rate of
 * answerable styles and the correct-empty rate of impossible ones. */
function table(label, result) {
  console.log(`\n${label}\n`);
  const head = ["n", "hit@1", "hit@5", "recall@5", "MRR", "empty"];
  console.log(`| style | ${sets.map((s) => head.map((h) => `${s.name} ${h}`).join(" | ")).join(" | ")} |`);
  console.log(`| --- | ${sets.map(() => head.map(() => "---:").join(" | ")).join(" | ")} |`);
  const groups = sets.map((s) => byStyle(result[s.name]));
  for (const style of STYLES) {
    const cells = groups.map((g) => {
      const xs = g.get(style);
      const answerable = xs.filter((r) => !r.s.impossible);
      return [xs.length, ...["hit1", "hit5", "recall5", "rr"].map((k) => fmt(mean(answerable, k))), fmt(mean(xs, "empty"))].join(" | ");
    });
    console.log(`| ${style} | ${cells.join(" | ")} |`);
  }
}

/** hit@5 (or correct-empty) per style and set, for the ablation. */
function headline(result) {
  const cells = [];
  for (const set of sets) {
    for (const [style, xs] of byStyle(result[set.name])) {
      const impossible = style.includes("impossible");
      cells.push(fmt(mean(xs, impossible ? "empty" : "hit5")));
    }
  }
  return cells;
}

/** Cases the first ranking answers right and the second does not. */
function differences(a, b, labelA, labelB) {
  const right = (r) => (r.s.impossible ? r.s.empty === 1 : r.s.hit5 === 1);
  for (const set of sets) {
    const only = a[set.name].filter((r, i) => right(r) && !right(b[set.name][i]));
    console.log(`\n${set.name}: ${only.length} cases ${labelA} answers and ${labelB} misses${only.length ? ":" : ""}`);
    if (set.heldOut) {
      if (only.length) console.log(only.map((r) => r.c.id).join(" "));
      continue;
    }
    for (const r of only) {
      console.log(`- ${r.c.id} [${styleOf(r.c)}] ${JSON.stringify(r.c.query)} → ${JSON.stringify(b[set.name][a[set.name].indexOf(r)].ranked.slice(0, 3))}`);
    }
  }
}

/** The decision's confidence per case, from `explain`. */
function decisions() {
  const ts = new ToolSearch({ config: { ranking: "enhanced" } });
  const out = {};
  for (const set of sets) {
    out[set.name] = set.cases.map((c) => ({ c, decision: ts.explain(c.query, session, { limit: 1 }).decision }));
  }
  ts.free();
  return out;
}

function tradeOff(decided) {
  console.log("\nThe no-match decision: answerable cases returned and impossible cases emptied, by threshold (exact names aside)\n");
  const head = sets.map((s) => `${s.name} false-empty | ${s.name} correct-empty`).join(" | ");
  console.log(`| threshold | ${head} |`);
  console.log(`| ---: | ${sets.map(() => "---: | ---:").join(" | ")} |`);
  const threshold = decided.dev[0]?.decision.threshold;
  const steps = [0.1, 0.2, 0.3, threshold, 0.4, 0.5, 0.6, 0.7, 0.8];
  for (const t of [...new Set(steps)].sort((a, b) => a - b)) {
    const cells = sets.map((s) => {
      const rows = decided[s.name].filter((r) => r.c.style !== "exact-name");
      const answerable = rows.filter((r) => r.c.gold.length);
      const impossible = rows.filter((r) => !r.c.gold.length);
      const fe = answerable.filter((r) => r.decision.confidence < t).length / answerable.length;
      const ce = impossible.filter((r) => r.decision.confidence < t).length / impossible.length;
      return `${fe.toFixed(3)} | ${ce.toFixed(3)}`;
    });
    console.log(`| ${t.toFixed(2)}${t === threshold ? " (used)" : ""} | ${cells.join(" | ")} |`);
  }
}

// --- main ---

const textsFile = option("--embedding-texts");
if (textsFile) {
  const asked = { document: new Set(), query: new Set() };
  const ts = new ToolSearch({
    config: { ranking: "enhanced" },
    host: {
      embed: (texts, kind) => {
        for (const t of texts) asked[kind].add(t);
        return texts.map(() => new Float32Array([1]));
      },
    },
  });
  for (const set of sets) for (const c of set.cases) await rank(ts, c.query);
  mkdirSync(dirname(textsFile), { recursive: true });
  writeFileSync(textsFile, JSON.stringify({ document: [...asked.document], query: [...asked.query] }));
  console.log(`${asked.document.size} documents and ${asked.query.size} queries written to ${textsFile}`);
  process.exit(0);
}

const plain = plainBm25();
const results = {
  plain: await run(async (q) => plain(q)),
  reference: await runTs({ config: { ranking: "reference" } }),
  enhanced: await runTs({ config: { ranking: "enhanced" } }),
};
table("plain BM25 (no gate, no floor): the floor", results.plain);
table("ranking: reference (spec §6)", results.reference);
table("ranking: enhanced", results.enhanced);

const embeddings = option("--embeddings");
if (embeddings) {
  const semantic = JSON.parse(option("--semantic") ?? '{"weight": 0.3}');
  results.fused = await runTs({ config: { ranking: "enhanced" }, host: { embed: fixtureEmbedder(embeddings) }, semantic });
  table(`ranking: enhanced with the semantic leg (${embeddings.split("/").pop()}, ${JSON.stringify(semantic)})`, results.fused);
}

differences(results.reference, results.enhanced, "the reference", "enhanced");
differences(results.enhanced, results.reference, "enhanced", "the reference");

const decided = decisions();
tradeOff(decided);
const signalsFile = option("--signals");
if (signalsFile) {
  const lines = [];
  for (const set of sets) {
    for (const { c, decision } of decided[set.name]) {
      lines.push(JSON.stringify({ set: set.name, id: c.id, style: c.style, answerable: c.gold.length > 0, signals: decision }));
    }
  }
  mkdirSync(dirname(signalsFile), { recursive: true });
  writeFileSync(signalsFile, `${lines.join("\n")}\n`);
}

if (!argv.includes("--no-ablation")) {
  console.log("\nAblation: the enhanced ranking with one rule switched off (`ranking_ablation`); hit@5, or correct-empty for impossible styles\n");
  const columns = sets.flatMap((s) => STYLES.map((st) => `${s.name} ${st}`));
  console.log(`| configuration | ${columns.join(" | ")} |`);
  console.log(`| --- | ${columns.map(() => "---:").join(" | ")} |`);
  console.log(`| plain BM25 | ${headline(results.plain).join(" | ")} |`);
  console.log(`| reference | ${headline(results.reference).join(" | ")} |`);
  console.log(`| enhanced, all rules | ${headline(results.enhanced).join(" | ")} |`);
  if (results.fused) console.log(`| enhanced + semantic leg | ${headline(results.fused).join(" | ")} |`);
  for (const rule of RULES) {
    const off = await runTs({ config: { ranking: "enhanced", ranking_ablation: [rule] } });
    console.log(`| without ${rule} | ${headline(off).join(" | ")} |`);
  }
}
