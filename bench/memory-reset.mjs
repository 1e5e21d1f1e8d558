// Giving wasm memory back. A WebAssembly
// memory only grows, and `free()` returns its pages to the module's
// allocator, not to the system. What returns memory to the system is ending
// the realm that holds the module: run toolsearch in a Worker and terminate
// it. This measures the process's resident memory before a worker loads the
// package, while it holds an enhanced catalog of N tools (searched once, then
// freed), and after the worker ends.
// Run: node --expose-gc bench/memory-reset.mjs [--tools N]  (after npm run build)
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

if (isMainThread) {
  const at = process.argv.indexOf("--tools");
  const tools = at > 0 ? Number(process.argv[at + 1]) : 20_000;
  const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const rss = () => {
    globalThis.gc?.();
    return process.memoryUsage().rss;
  };
  const before = rss();
  const worker = new Worker(new URL(import.meta.url), { workerData: { tools } });
  await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  const holding = rss();
  await worker.terminate();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = rss();
  console.log(`Resident memory, Node ${process.version}, ${tools.toLocaleString("en")} tools:\n`);
  console.log("| when | resident |");
  console.log("| --- | ---: |");
  console.log(`| before the worker | ${mib(before)} |`);
  console.log(`| the worker holds the package, its catalog freed | ${mib(holding)} |`);
  console.log(`| the worker terminated | ${mib(after)} |`);
} else {
  const { ToolSearch } = await import("toolsearch");
  const letters = (i) => String.fromCharCode(97 + (i % 26)) + String.fromCharCode(97 + (Math.floor(i / 26) % 26));
  const tools = Array.from({ length: workerData.tools }, (_, i) => ({
    name: `mcp__s${i % 40}__${letters(i)}${i}`,
    description: `Update the ${letters(i * 7)} record of board ${i % 97} and notify its owners.`,
    inputSchema: { type: "object", properties: { id: { type: "string", description: "The record." } } },
  }));
  const session = { tools, toolsets: Object.fromEntries(tools.map((t, i) => [t.name, `mcp-s${i % 40}`])) };
  const ts = new ToolSearch();
  await ts.toolSearch({ queries: ["update a record and notify"] }, session);
  ts.free();
  parentPort.postMessage("loaded");
  await new Promise(() => {});
}
