// One fresh process, one first toolSearch call: prints {load, first} in ms,
// and `memory`, the bytes of the package's wasm memory after the call.
// Used by speed.mjs; the package is imported here first, so its load is timed
// (the built package, or the build in $TOOLSEARCH_PACKAGE when set).
//   node bench/first-call.mjs COUNT [RANKING=enhanced] [SNAPSHOT]
// With SNAPSHOT (a file of exportIndex bytes), the first call reads it and
// restores the indexes with importIndex before searching, all timed. With
// `prepare` in its place, the session is prepared first (which builds its
// indexes), timed apart as `prepare`, and then searched.
import { noteWasmMemory } from "./common.mjs";

const memory = noteWasmMemory();
const t0 = performance.now();
const other = process.env.TOOLSEARCH_PACKAGE;
const { ToolSearch } = await import(other ? new URL(`file://${other}/node/index.mjs`).href : "toolsearch");
const load = performance.now() - t0;
const { readFileSync } = await import("node:fs");
const { loadCatalog, scaled, sessionOf, sharedDir } = await import("./common.mjs");
const [count, ranking = "enhanced", snapshot] = [Number(process.argv[2]), process.argv[3], process.argv[4]];
const catalog = loadCatalog(sharedDir());
const session = sessionOf(count === catalog.length ? catalog : scaled(catalog, count));
const t1 = performance.now();
const ts = new ToolSearch({ config: { ranking } });
let searched = session;
let prepare;
let t2 = t1;
if (snapshot === "prepare") {
  searched = ts.prepare(session);
  t2 = performance.now();
  prepare = t2 - t1;
} else if (snapshot) {
  const { session: prepared, refused } = ts.importIndex(readFileSync(snapshot), session);
  if (refused) throw new Error(`snapshot refused: ${refused}`);
  searched = prepared;
}
await ts.toolSearch({ queries: ["github create issue", "slack post message", "kubernetes pod logs"] }, searched);
const first = performance.now() - t2;
console.log(JSON.stringify({ load, first, prepare, memory: memory().byteLength }));
