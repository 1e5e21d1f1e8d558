// One fresh process, one first toolSearch call: prints {load, first} in ms.
// Used by speed.mjs; the package is imported here first, so its load is timed.
const t0 = performance.now();
const { ToolSearch } = await import("toolsearch");
const load = performance.now() - t0;
const { loadCatalog, scaled, sessionOf, sharedDir } = await import("./common.mjs");
const count = Number(process.argv[2]);
const catalog = loadCatalog(sharedDir());
const session = sessionOf(count === catalog.length ? catalog : scaled(catalog, count));
const t1 = performance.now();
await new ToolSearch().toolSearch(
  { queries: ["github create issue", "slack post message", "kubernetes pod logs"] },
  session,
);
console.log(JSON.stringify({ load, first: performance.now() - t1 }));
