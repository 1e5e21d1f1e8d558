// An MCP server over stdio whose tool `draw` fails with content of its own:
// a text and an image, flagged isError (as a server answers a tool that ran
// and failed), and whose `sketch` draws the image and succeeds. A marker
// argument, if given, names the process.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/** A 1×1 PNG. */
const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const image = { type: "image", data: png, mimeType: "image/png" };
const server = new McpServer({ name: "failing", version: "1.0.0" });
server.registerTool("draw", { description: "Draw a picture of the scene, or show where the drawing went wrong." }, async () => ({
  content: [{ type: "text", text: "the drawing failed here:" }, image],
  isError: true,
}));
server.registerTool("sketch", { description: "Sketch a picture quickly." }, async () => ({ content: [image] }));
await server.connect(new StdioServerTransport());
