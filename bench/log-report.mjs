// The proxy's event log and its report (proxy/event-log.mjs,
// proxy/log-report.mjs) on a session of 10,000 searches: real searches of
// the real catalog (../shared) through the library, with the events its
// `host.onEvent` makes turned into log lines as the proxy turns them (the
// server of each tool named, the client, strings cleaned of three
// configured secrets) and written by the log's writer under its default
// cap. Each turn is one to three searches (one or two requests each, from
// the repository's query sets) and a tool_call of the first tool found.
// Then `--log-report` on that log: in-process (read, parse, summarize,
// render; the median of 5 runs after one to warm up) and as the bin, a
// process of its own. Figures: bench/README.md.
//
//   node bench/log-report.mjs
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolSearch } from "toolsearch";
import { EventLog, eventLine, logRedactor } from "../proxy/event-log.mjs";
import { logReport } from "../proxy/log-report.mjs";
import { SETTINGS } from "../proxy/config.mjs";
import { loadCatalog, root, sessionOf, sharedDir, stats } from "./common.mjs";

const SEARCHES = 10_000;
const ROUNDS = 5;

/** A Lehmer generator (MINSTD) of numbers in (0, 1): the same session on every run. */
function generator(seed) {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

const tools = loadCatalog(sharedDir());
const session = sessionOf(tools);
/** Each tool -> its server, as the host's origins say. */
const origins = Object.fromEntries(tools.map((t) => [t.function.name, { server: t["x-source"], tool: t.function.name }]));
const requests = ["queries-written.json", "queries-heldout.json", "queries-long.json", "queries-needs.json", "queries-cjk.json"].flatMap(
  (file) => JSON.parse(readFileSync(join(root, "bench", file), "utf8")).cases.map((c) => c.query),
);
const servers = {
  github: { command: "github-mcp", env: { GITHUB_TOKEN: "ghp_0123456789abcdefABCDEF" } },
  stripe: { url: "https://mcp.example.com/stripe?api_key=sk_live_0123456789" },
  files: { command: "files-mcp", args: ["--token", "tok-9876543210"] },
};
const redactor = logRedactor(servers);

const dir = mkdtempSync(join(tmpdir(), "toolsearch-log-bench-"));
const path = join(dir, "events.jsonl");
const maxBytes = /** @type {number} */ (SETTINGS.logMaxBytes.default);
const log = new EventLog(path, { maxBytes, say: (line) => console.error(line) });
const lineTimes = [];
const ts = new ToolSearch({
  host: {
    executeTool: () => "ok",
    onEvent: (event) => {
      const start = performance.now();
      log.write(eventLine(event, { origins, client: "claude-ai", redactor }));
      lineTimes.push(performance.now() - start);
    },
  },
});
const prepared = ts.prepare(session);
const random = generator(51);
const pick = () => requests[Math.floor(random() * requests.length)];

const started = performance.now();
let searches = 0;
let calls = 0;
for (let turn = 1; searches < SEARCHES; turn++) {
  // Named as the proxy names its turns.
  const ctx = { turn: `proxy-0a1b2c3d-turn-${turn}` };
  let first = null;
  for (let n = 1 + Math.floor(random() * 3); n > 0 && searches < SEARCHES; n--) {
    const queries = random() < 0.3 ? [pick(), pick()] : [pick()];
    const answer = await ts.answer("tool_search", { queries }, prepared, ctx);
    first ??= answer.kind === "bridge" ? (answer.matches[0] ?? null) : null;
    searches++;
    // Each request is an I/O event of its own in the proxy: the writer runs between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (first !== null) {
    await ts.answer("tool_call", { calls: [{ name: first, arguments: {} }] }, prepared, ctx);
    calls++;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
const sessionMs = performance.now() - started;
const writeStart = performance.now();
await log.close();
const drainMs = performance.now() - writeStart;
const files = readdirSync(dir).sort();
const bytes = files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
const lines = files.reduce((sum, file) => sum + readFileSync(join(dir, file), "utf8").split("\n").filter(Boolean).length, 0);

const samples = [];
let text = "";
for (let round = 0; round <= ROUNDS; round++) {
  const start = performance.now();
  text = await logReport(path, { json: false });
  if (round > 0) samples.push(performance.now() - start);
}
const report = stats(samples);
const binStart = performance.now();
const bin = spawnSync(process.execPath, [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), "--log-report", path], { encoding: "utf8" });
const binMs = performance.now() - binStart;
if (bin.status !== 0) throw new Error(bin.stderr);
const line = stats(lineTimes);

console.log(`session: ${searches.toLocaleString("en-US")} searches and ${calls.toLocaleString("en-US")} calls in ${(sessionMs / 1000).toFixed(1)} s (the library's own work)`);
console.log(`log: ${lines.toLocaleString("en-US")} lines, ${(bytes / 1024 / 1024).toFixed(2)} MiB in ${files.join(", ")} (cap ${(maxBytes / 1024 / 1024).toFixed(0)} MiB), ${(bytes / lines).toFixed(0)} bytes a line`);
console.log(`a line on the request path (eventLine + queue): median ${(line.median * 1000).toFixed(1)} µs, p95 ${(line.p95 * 1000).toFixed(1)} µs; writer drained ${drainMs.toFixed(1)} ms after the last`);
console.log(`--log-report in-process (read, parse, summarize, text): median ${report.median.toFixed(1)} ms, p95 ${report.p95.toFixed(1)} ms (${report.n} runs)`);
console.log(`--log-report as the bin (a process: Node, the wasm, the report): ${binMs.toFixed(0)} ms`);
console.log(`\n${text.split("\n").slice(0, 12).join("\n")}\n...`);
rmSync(dir, { recursive: true, force: true });
