// A small tour of toolsearch in Node: searches and describes over the real
// 1,873-tool catalog when ../shared is present, else over a 10-tool fixture.
// Run: npm run demo   (builds the package first)
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ToolSearch, version } from "toolsearch";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const shared = process.env.TOOLSEARCH_SHARED ?? join(root, "..", "shared");
const catalogFile = join(shared, "catalogs", "all-openai.json");

let session;
let queries;
if (existsSync(catalogFile)) {
  const tools = JSON.parse(readFileSync(catalogFile, "utf8"));
  const toolsets = Object.fromEntries(tools.map((t) => [t.function.name, `mcp-${t["x-source"]}`]));
  session = { tools, toolsets };
  queries = ["github create issue", "slack post message", "kubernetes pod logs", "send a fax"];
  console.log(`toolsearch ${version()}: the real catalog, ${tools.length} tools from ${new Set(Object.values(toolsets)).size} MCP servers\n`);
} else {
  session = JSON.parse(readFileSync(join(root, "tests", "fixtures", "demo-session.json"), "utf8"));
  queries = ["github create issue", "slack post message", "read file", "send a fax"];
  console.log(`toolsearch ${version()}: a ${session.tools.length}-tool fixture (../shared not found)\n`);
}

const ts = new ToolSearch({ coreTools: ["terminal"] });
const started = performance.now();
const search = JSON.parse(await ts.toolSearch({ queries }, session));
const firstMs = performance.now() - started;
const again = performance.now();
await ts.toolSearch({ queries }, session);
const againMs = performance.now() - again;

console.log(`tool_search ${JSON.stringify({ queries })}`);
console.log(`  (first call ${firstMs.toFixed(1)} ms, next call ${againMs.toFixed(2)} ms)`);
for (const group of search.results) {
  console.log(`\n  "${group.query}"`);
  if (group.matches.length === 0) console.log("    no match: nothing in the catalog holds every key word");
  for (const name of group.matches) {
    const record = search.tools[name];
    console.log(`    ${name}  [${record.source_name}]  ${record.description.split("\n")[0].slice(0, 70)}`);
  }
}

const first = search.results[0].matches[0];
const described = JSON.parse(await ts.toolDescribe({ names: [first, "no_such_tool"] }, session));
console.log(`\ntool_describe ${JSON.stringify({ names: [first, "no_such_tool"] })}`);
console.log(JSON.stringify(described, null, 2).split("\n").slice(0, 24).join("\n"));
