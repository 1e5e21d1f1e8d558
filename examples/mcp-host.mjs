// A small MCP host for Node: connects to MCP servers over stdio with the
// official SDK client, lists their tools (every page), and routes calls back to
// the server that owns each tool. Used by the demo page server and the agent
// example; the library itself needs none of this.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolSearch } from "toolsearch";

/**
 * Starts each server `{ name, command, args, env }` and lists its tools.
 * Returns the session (tools named `mcp__<server>__<tool>`, toolsets
 * `mcp-<server>`), `callTool(name, args)` and `close()`.
 */
export async function connectMcpServers(specs) {
  const clients = new Map();
  const session = { tools: [], toolsets: {} };
  const origins = {};
  try {
    for (const spec of specs) {
      const client = new Client({ name: "toolsearch-demo", version: "1.0.0" });
      const transport = new StdioClientTransport({
        command: spec.command,
        args: spec.args ?? [],
        env: { ...process.env, ...(spec.env ?? {}) },
        stderr: "ignore",
      });
      await client.connect(transport);
      clients.set(spec.name, client);
      const tools = [];
      let cursor;
      do {
        const page = await client.listTools(cursor === undefined ? undefined : { cursor });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
      const imported = ToolSearch.fromMcp(spec.name, { tools });
      session.tools.push(...imported.tools);
      Object.assign(session.toolsets, imported.toolsets);
      Object.assign(origins, imported.origins);
    }
  } catch (error) {
    await Promise.allSettled([...clients.values()].map((c) => c.close()));
    throw error;
  }

  /** Runs a tool by its session name; resolves to the text of its result. */
  async function callTool(name, args) {
    const origin = origins[name];
    if (!origin) throw new Error(`no MCP server offers '${name}'`);
    const result = await clients.get(origin.server).callTool({ name: origin.tool, arguments: args });
    const text = resultText(result);
    if (result.isError) throw new Error(text);
    return text;
  }

  async function close() {
    await Promise.allSettled([...clients.values()].map((c) => c.close()));
  }

  return { session, origins, callTool, close };
}

/** The text parts of an MCP tool result, or the whole result as JSON. */
function resultText(result) {
  const content = Array.isArray(result.content) ? result.content : [];
  if (content.length > 0 && content.every((c) => c.type === "text")) return content.map((c) => c.text).join("\n");
  return JSON.stringify(result.structuredContent ?? result);
}
