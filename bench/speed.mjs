// Speed of toolSearch on the real catalog (1,873 tools) and scaled copies, in
// Node on the built package. Run: node bench/speed.mjs  (after npm run build)
//
// (a) steady state: 3 queries, the host passes a freshly built `tools` array
//     of the same tool objects on every call;
// (b) the first call in a fresh process (first-call.mjs in child processes;
//     the package's load time is reported apart);
// (c) the same at 10,000 and 50,000 tools.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ToolSearch } from "toolsearch";
import { loadCatalog, ms, scaled, sessionOf, sharedDir, stats } from "./common.mjs";

const QUERIES = { queries: ["github create issue", "slack post message", "kubernetes pod logs"] };

function steady(tools, runs) {
  const ts = new ToolSearch();
  const { toolsets } = sessionOf(tools);
  const samples = [];
  return (async () => {
    for (let i = 0; i < runs + 20; i++) {
      const session = { tools: [...tools], toolsets };
      const t0 = performance.now();
      await ts.toolSearch(QUERIES, session);
      if (i >= 20) samples.push(performance.now() - t0);
    }
    return stats(samples);
  })();
}

function firstCalls(count, runs) {
  const loads = [];
  const firsts = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [fileURLToPath(new URL("first-call.mjs", import.meta.url)), String(count)]);
    const { load, first } = JSON.parse(out.toString());
    loads.push(load);
    firsts.push(first);
  }
  return { load: stats(loads), first: stats(firsts) };
}

const catalog = loadCatalog(sharedDir());
console.log(`toolsearch speed, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`);
console.log("| tools | (a) steady median | (a) p95 | (b) first call median | (b) p95 | package load median |");
console.log("| ---: | ---: | ---: | ---: | ---: | ---: |");
for (const [count, steadyRuns, freshRuns] of [[catalog.length, 500, 15], [10_000, 200, 7], [50_000, 50, 5]]) {
  const tools = count === catalog.length ? catalog : scaled(catalog, count);
  const a = await steady(tools, steadyRuns);
  const b = firstCalls(count, freshRuns);
  console.log(
    `| ${count.toLocaleString("en")} | ${ms(a.median)} | ${ms(a.p95)} | ${ms(b.first.median)} | ${ms(b.first.p95)} | ${ms(b.load.median)} |`,
  );
}
