// Memory under load: 100,000 calls, each with freshly built tool objects (so
// every call interns its tools again, and the intern cache resets whenever it
// outgrows the session), alternating the rankings' searches with describe and
// call (through host.executeTool, which answers 10 KB each time), plus a
// description that changes every 1,000 calls. Prints the wasm
// memory (it only grows, never shrinks) and the Node heap at checkpoints: the
// memory must level off.
// Run: node bench/memory.mjs [--calls N] [--tools N]
import { createRequire } from "node:module";
import { loadCatalog, noteWasmMemory, sessionOf, sharedDir } from "./common.mjs";

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const calls = option("--calls", 100_000);
const toolCount = option("--tools", 200);

const memory = noteWasmMemory();
const { ToolSearch } = createRequire(import.meta.url)("toolsearch");

const base = loadCatalog(sharedDir()).slice(0, toolCount);
/** A tool without required arguments, so its calls reach the host. */
const callable = base.find((t) => !t.function.parameters?.required?.length).function.name;
// Each tool call answers 10 KB: a leak of what calls resolve to would show.
const answer = "x".repeat(10_000);
const host = { executeTool: async () => answer };
const engines = [new ToolSearch({ config: { ranking: "reference" }, host }), new ToolSearch({ config: { ranking: "enhanced" }, host })];
const queries = [["github create issue", "slack post message"], ["could you show me the pods in my cluster"]];
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);

console.log(`${calls.toLocaleString("en")} calls, ${toolCount} fresh tool objects each\n`);
console.log("| calls | wasm memory (MiB) | Node heap used (MiB) |");
console.log("| ---: | ---: | ---: |");
const started = performance.now();
for (let i = 1; i <= calls; i++) {
  const tools = structuredClone(base);
  if (i % 1000 === 0) tools[i % tools.length].function.description += ` (revision ${i})`;
  const session = sessionOf(tools);
  const ts = engines[i % 2];
  switch (i % 4) {
    case 0:
    case 1:
      await ts.toolSearch({ queries: queries[i % 2] }, session);
      break;
    case 2:
      await ts.toolDescribe({ names: [tools[i % tools.length].function.name] }, session);
      break;
    default:
      if ((await ts.toolCall({ calls: [{ name: callable, arguments: {} }] }, session)) !== answer) {
        throw new Error(`the call of ${callable} did not run`);
      }
  }
  if (i % (calls / 10) === 0 || i === 1000) {
    console.log(`| ${i.toLocaleString("en")} | ${mib(memory().byteLength)} | ${mib(process.memoryUsage().heapUsed)} |`);
  }
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all`);
