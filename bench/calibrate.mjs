// Fits the enhanced ranking's confidence label on the whole development pool:
// a logistic model over the signals `explain()` reports (its
// `decision.signals`), answerable against impossible cases, then the threshold
// of the label.
//
// Run: node bench/calibrate.mjs SIGNALS.jsonl [--features a,b,c]
// SIGNALS.jsonl: one JSON object per case, {"set", "style", "answerable",
// "sure", "empty", "signals": {...}}, as `cargo bench --bench tune -- --sets
// all --signals FILE` or `node bench/retrieval.mjs --signals FILE` write it.
// Prints the weights to copy into src/enhanced/decision.rs, the threshold,
// each set's share labelled low (answerable) and caught (impossible) along the
// threshold, and a leave-one-set-out estimate of how the label does on a set
// it was not fitted on.
//
// Weights: each group weighs alike within its class (answerable or
// impossible), so that the 1,800 requests of a public set do not drown the
// 32 of another, and the two classes weigh alike. A group is a set, and in
// our sets a style of it (keyword, natural, multilingual): the public sets'
// requests are sentences, and weighed as sets they taught the label that
// keywords are doubtful (val keyword requests labelled low 0.386). The
// threshold is where the mean share of answerable requests labelled low,
// plus MISSED_COST times the mean share of impossible requests not caught,
// is least (means over groups). Held-out sets are measured, never fitted.
import { readFileSync } from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/calibrate.mjs SIGNALS.jsonl [--features a,b]");
  process.exit(2);
}
const DEVELOPMENT = ["dev", "written", "long", "needs", "cjk", "seal-tools", "metatool", "hammerbench-zh", "functionchat-ko"];
const FEATURES = ["answered", "relative", "service_gap", "covered", "natural", "breadth", "agreement"];
/** A missed label (an impossible request labelled high) costs this many false
 * ones (an answerable request labelled low). A low group lists every
 * candidate, so a false label costs a caution, and a missed one a wrong
 * tool the model may trust: alike. */
const MISSED_COST = 1;
const LAMBDA = 0.01;

const at = rest.indexOf("--features");
const features = at >= 0 ? rest[at + 1].split(",") : FEATURES;
/** The styles that make groups of their own within a set. */
const STYLES = ["keyword", "natural", "multilingual"];
const rows = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l)).map((r) => {
  const set = r.set.replace(" ", "-");
  const group = STYLES.includes(r.style) ? `${set}/${r.style}` : set;
  return { ...r, set, group, x: r.signals.signals ?? r.signals };
});
// Exact names and requests of several needs are labelled high whatever the
// signals, and an impossible request answered empty is caught whatever they
// say: the model fits the others.
const fitted = (r) => !r.sure && r.style !== "exact-name" && !(!r.answerable && r.empty);

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

/** L2-regularised logistic regression by Newton's method, each group
 * weighing alike within its class and the classes alike. */
function fit(data) {
  const key = (r) => `${r.group}|${r.answerable}`;
  const count = new Map();
  for (const r of data) count.set(key(r), (count.get(key(r)) ?? 0) + 1);
  const groupsOf = (answerable) => new Set(data.filter((r) => r.answerable === answerable).map((r) => r.group)).size;
  const [pos, neg] = [groupsOf(true), groupsOf(false)];
  const weight = (r) => 1 / ((r.answerable ? pos : neg) * count.get(key(r)));
  const d = features.length + 1;
  let beta = new Array(d).fill(0); // bias last
  const row = (r) => [...features.map((f) => r.x[f]), 1];
  for (let step = 0; step < 60; step++) {
    const g = new Array(d).fill(0);
    const H = Array.from({ length: d }, () => new Array(d).fill(0));
    for (const r of data) {
      const x = row(r);
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * beta[i], 0)));
      const w = weight(r);
      const y = r.answerable ? 1 : 0;
      for (let i = 0; i < d; i++) {
        g[i] += w * (p - y) * x[i];
        for (let j = 0; j < d; j++) H[i][j] += w * p * (1 - p) * x[i] * x[j];
      }
    }
    for (let i = 0; i < d - 1; i++) {
      g[i] += LAMBDA * beta[i];
      H[i][i] += LAMBDA;
    }
    const delta = solve(H, g);
    beta = beta.map((v, i) => v - delta[i]);
    if (delta.every((v) => Math.abs(v) < 1e-10)) break;
  }
  return { w: beta.slice(0, -1), b: beta[d - 1] };
}

const confidence = (m, r) => 1 / (1 + Math.exp(-(m.b + features.reduce((s, f, i) => s + m.w[i] * r.x[f], 0))));

/** A group's (or a set's) share of answerable requests labelled low and of
 * impossible requests caught (labelled low or empty) at threshold `t`;
 * `null` where it has none. */
function rates(m, t, name) {
  const of = rows.filter((r) => r.group === name || r.set === name);
  const low = (r) => fitted(r) && confidence(m, r) < t;
  const answerable = of.filter((r) => r.answerable);
  const impossible = of.filter((r) => !r.answerable);
  return {
    low: answerable.length ? answerable.filter(low).length / answerable.length : null,
    caught: impossible.length ? impossible.filter((r) => low(r) || r.empty).length / impossible.length : null,
  };
}

/** The least-cost threshold over `groups`, in steps of 0.01. */
function threshold(m, groups) {
  const cost = (t) => {
    const each = groups.map((g) => rates(m, t, g));
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const low = each.map((e) => e.low).filter((x) => x !== null);
    const missed = each.map((e) => e.caught).filter((x) => x !== null).map((c) => 1 - c);
    return mean(low) + MISSED_COST * mean(missed);
  };
  let best = 0.5;
  for (let step = 5; step < 95; step++) if (cost(step / 100) < cost(best) - 1e-12) best = step / 100;
  return { t: best, cost: cost(best) };
}

const pool = rows.filter((r) => DEVELOPMENT.includes(r.set) && fitted(r));
/** The development groups of `sets`. */
const groupsOf = (sets) => [...new Set(rows.filter((r) => sets.includes(r.set)).map((r) => r.group))];
const model = fit(pool);
const { t, cost } = threshold(model, groupsOf(DEVELOPMENT));
console.log(`${pool.length} development cases fitted (${pool.filter((r) => !r.answerable).length} impossible) in ${groupsOf(DEVELOPMENT).length} groups, features: ${features.join(", ")}`);
console.log(`\nbias ${model.b.toFixed(3)}; ${features.map((f, i) => `${f} ${model.w[i].toFixed(3)}`).join("; ")}`);
console.log(`threshold ${t.toFixed(2)} (development cost ${cost.toFixed(3)}: mean low + ${MISSED_COST} × mean missed, over groups)\n`);

const sets = [...new Set(rows.map((r) => r.set))].sort((a, b) => DEVELOPMENT.includes(b) - DEVELOPMENT.includes(a));
const styled = (set) => [set, ...[...new Set(rows.filter((r) => r.set === set && r.group !== set).map((r) => r.group))]];
const curve = [0.3, 0.35, 0.4, 0.45, t, 0.5, 0.55, 0.6].filter((x, i, all) => all.indexOf(x) === i).sort((a, b) => a - b);
console.log("Per set, answerable requests labelled low / impossible requests caught, by threshold (held-out sets measured, never fitted):\n");
console.log(`| set | ${curve.map((c) => `${c.toFixed(2)}${c === t ? " (used)" : ""}`).join(" | ")} |`);
console.log(`| --- | ${curve.map(() => "---:").join(" | ")} |`);
for (const name of sets.flatMap(styled)) {
  const cells = curve.map((c) => {
    const r = rates(model, c, name);
    return [r.low, r.caught].filter((x) => x !== null).map((x) => x.toFixed(3)).join(" / ");
  });
  console.log(`| ${name}${DEVELOPMENT.includes(name.split("/")[0]) ? "" : " (held out)"} | ${cells.join(" | ")} |`);
}

// Leave one set out: fit on the others, choose the threshold on the others,
// measure the one left out; how the label does on a set it has not seen.
console.log("\nLeave one development set out (fitted and thresholded on the others):\n");
console.log("| left out | labelled low | caught |");
console.log("| --- | ---: | ---: |");
for (const out of DEVELOPMENT.filter((s) => rows.some((r) => r.set === s))) {
  const others = DEVELOPMENT.filter((s) => s !== out && rows.some((r) => r.set === s));
  const m = fit(pool.filter((r) => r.set !== out));
  const r = rates(m, threshold(m, groupsOf(others)).t, out);
  console.log(`| ${out} | ${r.low?.toFixed(3) ?? ""} | ${r.caught?.toFixed(3) ?? ""} |`);
}
