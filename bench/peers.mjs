// The JavaScript search libraries a host could embed instead, side by side
// with toolsearch in one run: the same 1,873 real tools as documents (name
// words and description), the same 3-query turns, 5 results per query.
// Run: node bench/peers.mjs   (after npm run build)
//
// For each: the time to build its index once, and the median and p95 of a
// turn on that prebuilt index, every library's turns run in alternating
// rounds (so that the machine's load falls on all alike). toolsearch's rows: the stateless call (the
// host passes its tools every turn; nothing is prebuilt by the host) and the
// prepared session (`ts.prepare`, the host keeps the snapshot across turns).
import FlexSearch from "flexsearch";
import MiniSearch from "minisearch";
import { create, insertMultiple, search as oramaSearch } from "@orama/orama";
import bm25 from "wink-bm25-text-search";
import { ToolSearch } from "toolsearch";
import { alternating, loadCatalog, ms, sessionOf, sharedDir, timedTurn } from "./common.mjs";

const QUERIES = ["github create issue", "slack post message", "kubernetes pod logs"];
const RUNS = 300;

const catalog = loadCatalog(sharedDir());
const docs = catalog.map((tool, id) => {
  const fn = tool.function ?? tool;
  return { id, name: fn.name.replace(/[_\-.]+/g, " "), description: fn.description ?? "" };
});
const words = (text) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** Each library's row: its label, the time its index took to build, and its turn. */
const rows = [];

/** Times `build` once; its turns run later, with every library's, in alternating rounds. */
async function measure(label, build, turn) {
  const t0 = performance.now();
  const index = await build();
  rows.push({ label, built: performance.now() - t0, ...timedTurn(() => turn(index)) });
}


await measure(
  "flexsearch 0.8 (Document, name + description)",
  () => {
    const index = new FlexSearch.Document({ document: { id: "id", index: ["name", "description"] } });
    for (const doc of docs) index.add(doc);
    return index;
  },
  (index) => QUERIES.map((q) => index.search(q, 5)),
);
await measure(
  "minisearch 7",
  () => {
    const index = new MiniSearch({ fields: ["name", "description"] });
    index.addAll(docs);
    return index;
  },
  (index) => QUERIES.map((q) => index.search(q).slice(0, 5)),
);
await measure(
  "wink-bm25-text-search 3",
  () => {
    const engine = bm25();
    engine.defineConfig({ fldWeights: { name: 2, description: 1 } });
    engine.definePrepTasks([words]);
    for (const doc of docs) engine.addDoc({ name: doc.name, description: doc.description }, doc.id);
    engine.consolidate();
    return engine;
  },
  (engine) => QUERIES.map((q) => engine.search(q, 5)),
);
await measure(
  "@orama/orama 3",
  async () => {
    const db = create({ schema: { name: "string", description: "string" } });
    await insertMultiple(db, docs.map(({ name, description }) => ({ name, description })));
    return db;
  },
  (db) => Promise.all(QUERIES.map((term) => oramaSearch(db, { term, limit: 5 }))),
);
for (const ranking of ["reference", "enhanced"]) {
  const { toolsets } = sessionOf(catalog);
  await measure(
    `toolsearch, ${ranking}, stateless (tools passed every turn)`,
    async () => {
      const ts = new ToolSearch({ config: { ranking } });
      await ts.toolSearch({ queries: QUERIES }, { tools: [...catalog], toolsets });
      return ts;
    },
    (ts) => ts.toolSearch({ queries: QUERIES }, { tools: [...catalog], toolsets }),
  );
  await measure(
    `toolsearch, ${ranking}, prepared session`,
    async () => {
      const ts = new ToolSearch({ config: { ranking } });
      const prepared = ts.prepare({ tools: [...catalog], toolsets });
      await ts.toolSearch({ queries: QUERIES }, prepared);
      return { ts, prepared };
    },
    ({ ts, prepared }) => ts.toolSearch({ queries: QUERIES }, prepared),
  );
}

const results = await alternating(rows, RUNS);
console.log(`Peers side by side, Node ${process.version}, ${docs.length.toLocaleString("en")} tools, ${QUERIES.length} queries a turn\n`);
console.log("| library | build the index | turn median | turn p95 |");
console.log("| --- | ---: | ---: | ---: |");
rows.forEach(({ label, built }, i) => console.log(`| ${label} | ${ms(built)} | ${ms(results[i].median)} | ${ms(results[i].p95)} |`));
