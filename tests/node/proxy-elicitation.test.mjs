// A client that takes no MCP elicitation cannot be asked before a tool that
// a server's approval policy names: the proxy says so once, at the client's
// start, and runs such calls ("approvalWithoutElicitation": "allow", the
// default) or refuses them ("refuse").
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { root } from "./support.mjs";

/**
 * A client without elicitation, through a proxy in front of the faulty test
 * server whose approval is "always"; `extra` keys go into servers.json.
 * Resolves to the text of a call of its `pid` tool, and what the proxy wrote to stderr.
 */
async function callUnasked(extra) {
  const folder = mkdtempSync(join(tmpdir(), "toolsearch-unasked-"));
  const config = join(folder, "servers.json");
  const faulty = { command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")], approval: "always" };
  writeFileSync(config, JSON.stringify({ mcpServers: { faulty }, cache: false, ...extra }));
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), config], stderr: "pipe" });
  let stderr = "";
  transport.stderr.on("data", (chunk) => (stderr += chunk));
  const client = new Client({ name: "no-elicitation", version: "1.0.0" });
  await client.connect(transport);
  try {
    const first = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__pid", arguments: {} }] } });
    const second = await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__faulty__pid", arguments: {} }] } });
    return { first, second, stderr };
  } finally {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const said = /the client cannot be asked to approve a call \(it takes no MCP elicitation\): the tools that the approval policies of faulty name/g;

test("by default such calls run, and the proxy says once that they run without asking", async () => {
  const { first, second, stderr } = await callUnasked({});
  assert.notEqual(first.isError, true, first.content[0].text);
  assert.match(first.content[0].text, /^\d+$/);
  assert.notEqual(second.isError, true);
  assert.equal(stderr.match(said)?.length, 1, stderr);
  assert.match(stderr, /run without asking \(set "approvalWithoutElicitation": "refuse" to refuse them\)/);
});

test('"approvalWithoutElicitation": "refuse" refuses them, saying why, and nothing runs', async () => {
  const { first, stderr } = await callUnasked({ approvalWithoutElicitation: "refuse" });
  assert.equal(first.isError, true);
  assert.match(first.content[0].text, /cannot be asked \(it takes no MCP elicitation\), so the proxy refuses it/);
  assert.doesNotMatch(first.content[0].text, /^\d+$/);
  assert.match(stderr, /name are refused/);
});
