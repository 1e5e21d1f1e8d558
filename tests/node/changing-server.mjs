// An MCP server over stdio whose tools change: calling `grow` adds
// `greet_person`, and the server announces the change (tools/list_changed).
// Used by mcp-proxy.test.mjs.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "changing", version: "1.0.0" });
server.registerTool("grow", { description: "Add one more tool to this server." }, async () => {
  server.registerTool("greet_person", { description: "Greet a person by name." }, async () => ({
    content: [{ type: "text", text: "hello" }],
  }));
  return { content: [{ type: "text", text: "grown" }] };
});
await server.connect(new StdioServerTransport());
