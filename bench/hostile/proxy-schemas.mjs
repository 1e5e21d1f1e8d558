// What a server's output schemas and churning listings cost the proxy:
// - a tool whose output schema's pattern is `^(a+)+$`, called for a result
//   of that many a's and a b (a backtracking check doubles per a);
// - a server of that many tools, each with an output schema of its own,
//   started and listed (each schema compiled on every listing, before);
// - another server's search while a server of that many tools changes one
//   of them every second (its listing, import and session, every second).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectMcpServers } from "toolsearch-mcp";
import { median } from "./measure.mjs";

const fixture = (name) => join(import.meta.dirname, "..", "..", "tests", "node", name);
const PROXY = join(import.meta.dirname, "..", "..", "proxy", "bin", "toolsearch-mcp.mjs");
/** The server of tests/node/output-schema-server.mjs, with `env`. */
const schemas = (env) => ({ name: "schemas", command: process.execPath, args: [fixture("output-schema-server.mjs")], env });
/** How long searches go on while the server churns, and how often one starts. */
const CHURN_WINDOW_MS = 12_000;
const SEARCH_EVERY_MS = 250;

/**
 * The median time of another server's search through the proxy (its bin,
 * over stdio) while a server of `count` tools changes one every second.
 * @param {number} count
 */
async function searchWhileChurning(count) {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-bench-churn-"));
  const config = join(dir, "servers.json");
  const mcpServers = {
    churning: { command: process.execPath, args: [fixture("churning-server.mjs")], env: { COUNT: String(count) } },
    steady: { command: process.execPath, args: [fixture("listing-server.mjs")], env: { LISTING: "steady" } },
  };
  writeFileSync(config, JSON.stringify({ mcpServers, cache: join(dir, "manifest.json"), startTimeoutMs: 120_000 }));
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [PROXY, config], stderr: "ignore" }), { timeout: 120_000 });
  try {
    const search = () => client.callTool({ name: "tool_search", arguments: { queries: ["steady tool"] } }, undefined, { timeout: 600_000 });
    await search();
    /** @type {number[]} */
    const times = [];
    const end = performance.now() + CHURN_WINDOW_MS;
    while (performance.now() < end) {
      const start = performance.now();
      const found = await search();
      times.push(performance.now() - start);
      if (!JSON.stringify(found).includes("mcp__steady__steady")) throw new Error("the steady server's tool was not found");
      await new Promise((resolve) => setTimeout(resolve, SEARCH_EVERY_MS));
    }
    return times.sort((a, b) => a - b)[times.length >> 1];
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const cases = [
  {
    what: "a's and a b against an output schema's pattern ^(a+)+$, one call",
    sizes: [24, 240],
    time: async (n) => {
      const host = await connectMcpServers([schemas({ LENGTH: String(n), COUNT: "0" })], { retryDelayMs: 0 });
      try {
        // Until the call settles: a proxy that checks the pattern refuses the result, after the check.
        return await median(5, () => null, () => host.callToolResult("mcp__schemas__match", {}).catch(() => null));
      } finally {
        await host.close();
      }
    },
  },
  {
    what: "tools with output schemas of their own, one server started and listed",
    sizes: [500, 5_000],
    time: (n) =>
      median(
        3,
        () => null,
        async () => {
          const host = await connectMcpServers([schemas({ COUNT: String(n) })], { retryDelayMs: 0 });
          await host.close();
          if (host.failures.length > 0) throw new Error(host.failures[0].reason);
        },
      ),
  },
  {
    what: "another server's search while a server of that many tools changes one every second (median)",
    sizes: [6_000, 60_000],
    time: searchWhileChurning,
  },
];
