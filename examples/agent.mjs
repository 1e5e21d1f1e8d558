// A scripted agent turn with no model: the tools of three real MCP servers are
// assembled behind the bridge, then the "model" calls tool_search,
// tool_describe and tool_call exactly as a model would, to write a file and
// read it back through the filesystem server. Each bridge result is printed.
//
// Run: node examples/agent.mjs   (after npm run build; TOOLSEARCH_AGENT_DIR picks the folder)
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ToolSearch } from "toolsearch";
import { demoServers } from "./demo-servers.mjs";
import { connectMcpServers } from "toolsearch-mcp";

const workdir = process.env.TOOLSEARCH_AGENT_DIR;
if (workdir) mkdirSync(workdir, { recursive: true });
const { workdir: folder, specs } = demoServers(workdir || undefined);
// The session is prepared once: each turn then costs its queries, and the
// first one builds no index. An agent whose servers change their tools
// prepares again on `connectMcpServers(specs, { onToolsChanged })`.
const mcp = await connectMcpServers(specs);
const ts = new ToolSearch({ host: { executeTool: (name, args) => mcp.callTool(name, args) } });
const session = ts.prepare(mcp.session);

const show = (label, text) => {
  console.log(`\n── ${label}`);
  console.log(text.length > 1200 ? `${text.slice(0, 1200)}…` : text);
};

/** One tool call of the model, dispatched as an agent loop would. */
async function modelCalls(name, args) {
  const out = await ts.handle(name, args, session);
  show(`${name} ${JSON.stringify(args)}`, out ?? "(not a bridge tool)");
  return out;
}

try {
  const turn = ts.assemble(session, { contextLength: 128_000 });
  const sentTokens = Math.ceil(JSON.stringify(turn.tools).length / 4);
  console.log(`${session.size} tools from ${specs.length} MCP servers; folder ${folder}`);
  console.log(
    `The model sees ${turn.tools.map((t) => t.function.name).join(", ")}: ${sentTokens} tokens ` +
      `instead of ${turn.deferredTokens} (listing: ${turn.listingForm}, tier ${turn.tier}).`,
  );

  const found = JSON.parse(await modelCalls("tool_search", { queries: ["write file", "read text file"] }));
  const [write, read] = found.results.map((group) => group.matches[0]);
  if (!write || !read) throw new Error("the search found no write or read tool");

  await modelCalls("tool_describe", { names: [write, read] });

  const path = join(folder, "hello.txt");
  const content = "Hello from a deferred tool.\n";
  await modelCalls("tool_call", { calls: [{ name: write, arguments: { path } }] });
  await modelCalls("tool_call", { calls: [{ name: write, arguments: { path, content } }] });
  const readBack = await modelCalls("tool_call", { calls: [{ name: read, arguments: { path } }] });
  console.log(`\nRead back ${JSON.stringify(readBack)}: ${readBack === content ? "matches" : "DIFFERS"}.`);
  if (readBack !== content) process.exitCode = 1;
} finally {
  await mcp.close();
}
