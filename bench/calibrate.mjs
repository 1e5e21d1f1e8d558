// Fits the enhanced ranking's confidence label on the development sets only:
// a logistic model over the signals `explain()` reports (its `decision.signals`),
// answerable against impossible cases, then the threshold of the label.
// Run: node bench/calibrate.mjs SIGNALS.jsonl [--features a,b,c]
// (SIGNALS.jsonl: one JSON object per dev case, {"answerable", "signals": {...}},
// as `node bench/retrieval.mjs --signals FILE` or `cargo bench --bench tune --
// --signals FILE` write it.) Prints the weights to copy into
// src/enhanced/decision.rs, the cross-validated accuracy of each feature set,
// and the trade-off of the threshold.
import { readFileSync } from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/calibrate.mjs SIGNALS.jsonl [--features a,b]");
  process.exit(2);
}
const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l))
  .filter((r) => r.signals && r.style !== "exact-name")
  .map((r) => ({ set: r.set ?? "dev", y: r.answerable ? 1 : 0, x: r.signals.signals ?? r.signals, style: r.style }));
// The development sets: the shared ones and ours (written, long, needs).
const DEVELOPMENT = new Set(["dev", "written", "long", "needs"]);
const rows = lines.filter((r) => DEVELOPMENT.has(r.set));
const val = lines.filter((r) => r.set === "val");
const heldOut = lines.filter((r) => r.set === "held-out");
const all = Object.keys(rows[0].x);
const at = rest.indexOf("--features");
const chosen = at >= 0 ? rest[at + 1].split(",") : null;

/** Solves `A x = b` by Gaussian elimination with partial pivoting. */
function solve(A, b) {
  const n = b.length;
  const m = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c || m[c][c] === 0) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => (row[i] === 0 ? 0 : row[n] / row[i]));
}

/** L2-regularised, class-balanced logistic regression by Newton's method. */
function fit(data, features, lambda = 0.01) {
  const pos = data.filter((r) => r.y).length;
  const neg = data.length - pos;
  const weightOf = (y) => (y ? data.length / (2 * pos) : data.length / (2 * neg));
  const d = features.length + 1;
  let beta = new Array(d).fill(0); // bias last
  const row = (r) => [...features.map((f) => r.x[f]), 1];
  for (let step = 0; step < 30; step++) {
    const g = new Array(d).fill(0);
    const H = Array.from({ length: d }, () => new Array(d).fill(0));
    for (const r of data) {
      const x = row(r);
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * beta[i], 0)));
      const w = weightOf(r.y);
      for (let i = 0; i < d; i++) {
        g[i] += w * (p - r.y) * x[i];
        for (let j = 0; j < d; j++) H[i][j] += w * p * (1 - p) * x[i] * x[j];
      }
    }
    for (let i = 0; i < d - 1; i++) {
      g[i] += lambda * data.length * beta[i];
      H[i][i] += lambda * data.length;
    }
    const delta = solve(H, g);
    beta = beta.map((v, i) => v - delta[i]);
    if (delta.every((v) => Math.abs(v) < 1e-9)) break;
  }
  return { w: beta.slice(0, -1), b: beta[d - 1] };
}

const predict = (m, features, r) => 1 / (1 + Math.exp(-(m.b + features.reduce((s, f, i) => s + m.w[i] * r.x[f], 0))));

/** Balanced accuracy of k-fold cross-validation (folds by position). */
function crossValidate(features, k = 10) {
  let tp = 0, tn = 0, pos = 0, neg = 0;
  for (let fold = 0; fold < k; fold++) {
    const train = rows.filter((_, i) => i % k !== fold);
    const test = rows.filter((_, i) => i % k === fold);
    const m = fit(train, features);
    for (const r of test) {
      const yes = predict(m, features, r) >= 0.5;
      if (r.y) { pos++; if (yes) tp++; } else { neg++; if (!yes) tn++; }
    }
  }
  return { answered: tp / pos, empty: tn / neg, balanced: (tp / pos + tn / neg) / 2 };
}

function subsets(items) {
  const out = [];
  for (let mask = 1; mask < 1 << items.length; mask++) out.push(items.filter((_, i) => mask & (1 << i)));
  return out;
}

console.log(`${rows.length} development cases (${rows.filter((r) => !r.y).length} impossible); signals: ${all.join(", ")}\n`);
console.log("| features | answerable answered | impossible empty | balanced |");
console.log("| --- | ---: | ---: | ---: |");
const candidates = chosen ? [chosen] : subsets(all);
let best = null;
for (const features of candidates) {
  const cv = crossValidate(features);
  if (!best || cv.balanced > best.cv.balanced + 1e-9 || (Math.abs(cv.balanced - best.cv.balanced) < 1e-9 && features.length < best.features.length)) {
    best = { features, cv };
  }
  if (chosen || candidates.length <= 16) {
    console.log(`| ${features.join(" + ")} | ${cv.answered.toFixed(3)} | ${cv.empty.toFixed(3)} | ${cv.balanced.toFixed(3)} |`);
  }
}
const model = fit(rows, best.features);
console.log(`\nchosen by 10-fold cross-validation: ${best.features.join(" + ")} (balanced ${best.cv.balanced.toFixed(3)})`);
console.log(`bias ${model.b.toFixed(3)}; ${best.features.map((f, i) => `${f} ${model.w[i].toFixed(3)}`).join("; ")}`);
/** ROC AUC of the model's confidence: answerable above impossible. */
function auc(set) {
  const pos = set.filter((r) => r.y).map((r) => predict(model, best.features, r));
  const neg = set.filter((r) => !r.y).map((r) => predict(model, best.features, r));
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}
const ofSet = (name) => rows.filter((r) => r.set === name);
console.log(`ROC AUC: development ${auc(rows).toFixed(3)} (dev ${auc(ofSet("dev")).toFixed(3)}, written ${auc(ofSet("written")).toFixed(3)}, long ${auc(ofSet("long")).toFixed(3)}), val ${auc(val).toFixed(3)}, held-out ${auc(heldOut).toFixed(3)} (measured, never fitted)`);
// The same per form of query: a signal that separates keyword queries may not
// carry over to requests in sentences (bench/README.md, "breadth").
const form = (set, natural) => set.filter((r) => (r.x.natural === 1) === natural);
for (const [name, natural] of [["keywords", false], ["sentences", true]]) {
  const [d, v] = [form(rows, natural), form(val, natural)];
  const impossible = (set) => set.filter((r) => !r.y).length;
  console.log(`  ${name}: dev ${auc(d).toFixed(3)} (${impossible(d)} impossible), val ${auc(v).toFixed(3)} (${impossible(v)} impossible)`);
}
console.log("\nthreshold trade-off of the fitted model (val: measured, never fitted):\n");
console.log("| threshold | development answerable high | development impossible low | val answerable high | val impossible low |");
console.log("| ---: | ---: | ---: | ---: | ---: |");
const rate = (set, t) => {
  const pos = set.filter((r) => r.y), neg = set.filter((r) => !r.y);
  if (!pos.length) return ["", ""];
  const a = pos.filter((r) => predict(model, best.features, r) >= t).length / pos.length;
  const e = neg.filter((r) => predict(model, best.features, r) < t).length / neg.length;
  return [a.toFixed(3), e.toFixed(3)];
};
for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]) {
  console.log(`| ${t.toFixed(1)} | ${[...rate(rows, t), ...rate(val, t)].join(" | ")} |`);
}

// The threshold of the label: the one (in steps of 0.01) that costs least on
// the development sets, a missed label (an impossible request labelled high)
// costing MISSED_COST times a false one (an answerable request labelled low):
// the model still sees a low group's tools, but a high one tells it to go on.
const MISSED_COST = 3;
const cost = (t) => {
  const falseLow = rows.filter((r) => r.y && predict(model, best.features, r) < t).length;
  const missed = rows.filter((r) => !r.y && predict(model, best.features, r) >= t).length;
  return falseLow + MISSED_COST * missed;
};
let threshold = 0.5;
for (let t = 0.01; t < 1; t += 0.01) if (cost(t) < cost(threshold)) threshold = Math.round(t * 100) / 100;
const low = (set, t) => {
  const pos = set.filter((r) => r.y), neg = set.filter((r) => !r.y);
  const l = pos.filter((r) => predict(model, best.features, r) < t).length / pos.length;
  const c = neg.filter((r) => predict(model, best.features, r) < t).length / neg.length;
  return `${l.toFixed(3)} labelled low, ${c.toFixed(3)} impossible caught`;
};
console.log(`\nthreshold (least cost, a missed label counting ${MISSED_COST}): ${threshold.toFixed(2)}`);
console.log(`at it: development ${low(rows, threshold)}; val ${low(val, threshold)}; held-out ${low(heldOut, threshold)}`);
