// An MCP server over stdio that can be made to exit: `crash` ends the process
// before it answers, `pid` tells which process answers. Used by
// mcp-host.test.mjs to check that a server which exits starts again.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "crashing", version: "1.0.0" });
server.registerTool("crash", { description: "End this server's process at once." }, async () => process.exit(1));
server.registerTool("pid", { description: "The process id of this server." }, async () => ({
  content: [{ type: "text", text: String(process.pid) }],
}));
await server.connect(new StdioServerTransport());
