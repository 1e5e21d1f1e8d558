// The routes to a running proxy that the READMEs give before the packages are
// published, run as written: from a checkout (`npx toolsearch-mcp` at its
// root, after `npm install` and the build), and from the two tarballs that
// `npm pack` makes (`npx -y --package <lib> --package <proxy> toolsearch-mcp`).
// Each route serves an MCP client: the three bridges are listed, a search
// finds a fronted server's tool, and tool_call runs it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { root } from "./support.mjs";

let folder;
let config;

before(() => {
  folder = mkdtempSync(join(tmpdir(), "toolsearch-route-"));
  config = join(folder, "servers.json");
  const server = { command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")] };
  writeFileSync(config, JSON.stringify({ mcpServers: { faulty: server } }));
});

after(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Connects an MCP client to the proxy that `command args` starts in `cwd`,
 * and checks that it lists the bridges, finds the fronted server's tool, and runs it.
 */
async function servesAClient(command, args, cwd) {
  const client = new Client({ name: "route-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command, args, cwd, stderr: "ignore" }));
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ["tool_search", "tool_describe", "tool_call"],
    );
    const found = await client.callTool({ name: "tool_search", arguments: { queries: ["process id of this server"] } });
    assert.match(found.content[0].text, /mcp__faulty__pid/);
    const ran = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__pid", arguments: {} }] } });
    assert.notEqual(ran.isError, true, ran.content[0].text);
    assert.match(ran.content[0].text, /\d+/);
  } finally {
    await client.close();
  }
}

test("from a checkout: `npx toolsearch-mcp servers.json` at its root", { timeout: 120_000 }, async () => {
  await servesAClient("npx", ["toolsearch-mcp", config], root);
});

test("from the two tarballs: `npx -y --package <lib> --package <proxy> toolsearch-mcp servers.json`", { timeout: 300_000 }, async () => {
  const packed = join(folder, "packed");
  mkdirSync(packed);
  execFileSync("npm", ["pack", join(root, "pkg"), join(root, "proxy"), "--pack-destination", packed, "--silent"], {
    cwd: folder,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tarballs = readdirSync(packed).sort();
  const lib = tarballs.find((name) => /^toolsearch-\d/.test(name));
  const proxy = tarballs.find((name) => name.startsWith("toolsearch-mcp-"));
  assert.ok(lib && proxy, `npm pack made ${tarballs.join(", ")}`);
  // The proxy's own dependencies come from the registry, or from npm's cache when it has them.
  await servesAClient("npx", ["-y", "--prefer-offline", "--package", join(packed, lib), "--package", join(packed, proxy), "toolsearch-mcp", config], folder);
});
