// Shared by the benchmarks: the shared data directory and small statistics.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** `../shared` or $TOOLSEARCH_SHARED; exits with a message when missing. */
export function sharedDir() {
  const dir = process.env.TOOLSEARCH_SHARED ?? join(root, "..", "shared");
  if (!existsSync(join(dir, "catalogs", "all-openai.json"))) {
    console.error(`shared data not found at ${dir}: set TOOLSEARCH_SHARED`);
    process.exit(2);
  }
  return dir;
}

/** The real catalog's tools (OpenAI shape, with `x-source`). */
export function loadCatalog(dir) {
  return JSON.parse(readFileSync(join(dir, "catalogs", "all-openai.json"), "utf8"));
}

/** A session over `tools`, each registered in toolset `mcp-<x-source>`. */
export function sessionOf(tools) {
  return { tools, toolsets: Object.fromEntries(tools.map((t) => [t.function.name, `mcp-${t["x-source"]}`])) };
}

/** `count` tools: the catalog repeated, copies renamed `<name>_c<k>`. */
export function scaled(tools, count) {
  const out = [];
  for (let k = 0; out.length < count; k++) {
    for (const t of tools) {
      if (out.length === count) break;
      const name = k === 0 ? t.function.name : `${t.function.name}_c${k}`;
      out.push({ ...t, function: { ...t.function, name } });
    }
  }
  return out;
}

/** Median and 95th percentile of `samples` (ms). */
export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p95: at(0.95), n: s.length };
}

export const ms = (x) => `${x.toFixed(2)} ms`;

/**
 * Notes the memory of the first wasm instance created from now on (the
 * package keeps its instance to itself): call it before the package loads.
 * Returns the memory's buffer once the package has made its instance.
 */
export function noteWasmMemory() {
  let memory = null;
  const Instance = WebAssembly.Instance;
  WebAssembly.Instance = function (module, imports) {
    const instance = new Instance(module, imports);
    memory ??= instance.exports.memory;
    return instance;
  };
  return () => memory.buffer;
}

/**
 * A turn to time: `turn()` runs `work` on what `setup` returns (made
 * untimed) and adds the time of `work` (ms) to `samples`.
 */
export function timedTurn(work, setup = () => undefined) {
  const samples = [];
  const turn = async () => {
    const input = setup();
    const t0 = performance.now();
    await work(input);
    samples.push(performance.now() - t0);
  };
  return { turn, samples };
}

/**
 * Runs each of `runners` (from `timedTurn`) `runs` times, in alternating
 * rounds of `round` turns each, after a warm-up round: a load that comes and
 * goes on the machine falls on all of them alike. Returns their stats, in
 * order.
 */
export async function alternating(runners, runs, round = 20) {
  for (const r of runners) {
    for (let i = 0; i < round; i++) await r.turn();
    r.samples.length = 0;
  }
  for (let done = 0; done < runs; done += round) {
    for (const r of runners) {
      for (let i = 0; i < Math.min(round, runs - done); i++) await r.turn();
    }
  }
  return runners.map((r) => stats(r.samples));
}
