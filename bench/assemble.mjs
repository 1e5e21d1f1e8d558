// assemble on the real catalog (1,873 tools) and scaled copies: time, the
// tokens the assembled array costs against sending every schema, and the
// context lengths at which each listing form appears.
// Run: node bench/assemble.mjs  (after npm run build)
import { ToolSearch } from "toolsearch";
import { loadCatalog, ms, scaled, sessionOf, sharedDir, stats } from "./common.mjs";

const catalog = loadCatalog(sharedDir());
const tokens = (tools) => Math.ceil(JSON.stringify(tools).length / 4);

console.log("assemble, same tool objects in a fresh array on every call, contextLength 200,000\n");
console.log("| tools | median | p95 | first call | all schemas (tokens) | assembled array (tokens) | form |");
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | --- |");
for (const [count, runs] of [[catalog.length, 300], [10_000, 100], [50_000, 30]]) {
  const tools = count === catalog.length ? catalog : scaled(catalog, count);
  const { toolsets } = sessionOf(tools);
  const ts = new ToolSearch();
  const t0 = performance.now();
  let out = ts.assemble({ tools, toolsets }, { contextLength: 200_000 });
  const first = performance.now() - t0;
  const samples = [];
  for (let i = 0; i < runs + 10; i++) {
    const start = performance.now();
    out = ts.assemble({ tools: [...tools], toolsets }, { contextLength: 200_000 });
    if (i >= 10) samples.push(performance.now() - start);
  }
  const s = stats(samples);
  console.log(
    `| ${count.toLocaleString("en")} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(first)} | ${out.deferredTokens.toLocaleString("en")} | ${tokens(out.tools).toLocaleString("en")} | ${out.listingForm} |`,
  );
}

/** For each listing form, the range of context lengths that gives it. */
function formRanges(options) {
  const ts = new ToolSearch(options);
  const session = sessionOf(catalog);
  const lowest = new Map();
  const highest = new Map();
  for (let ctx = 2_000_000; ctx >= 1000; ctx -= ctx > 100_000 ? 10_000 : 100) {
    const form = ts.assemble(session, { contextLength: ctx }).listingForm;
    if (!highest.has(form)) highest.set(form, ctx);
    lowest.set(form, ctx);
  }
  const n = (x) => x.toLocaleString("en");
  return [...highest.keys()].map((form) => `${form} ${n(lowest.get(form))}–${n(highest.get(form))}`);
}

console.log("\nListing form by context length on the real catalog (scanned from 1,000 to 2,000,000 tokens;");
console.log("steps of 100 below 100,000 and 10,000 above):");
console.log(`- default config (5 %, cap 4,000 tokens): ${formRanges({}).join("; ")}`);
console.log(`- listing_max_tokens 60,000: ${formRanges({ config: { listing_max_tokens: 60000 } }).join("; ")}`);
