// An MCP server that speaks only the older HTTP with Server-Sent Events
// (GET /sse opens the stream, POST /messages?sessionId= carries requests),
// for proxy-sse.test.mjs: a POST to /sse is answered 405, as such servers do.
// It keeps the Authorization header of each request it was sent.
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { z } from "zod";

/**
 * Starts the server on 127.0.0.1; resolves to its stream's URL, the
 * Authorization headers it was sent, and `close()`.
 * @returns {Promise<{ url: string, authorizations: (string | undefined)[], close: () => Promise<void> }>}
 */
export async function startSseServer() {
  /** @type {Map<string, SSEServerTransport>} */
  const sessions = new Map();
  /** @type {(string | undefined)[]} */
  const authorizations = [];
  const http = createServer(async (req, res) => {
    authorizations.push(req.headers.authorization);
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/sse") {
      const transport = new SSEServerTransport("/messages", res);
      sessions.set(transport.sessionId, transport);
      res.on("close", () => sessions.delete(transport.sessionId));
      const server = new McpServer({ name: "sse-only", version: "1.0.0" });
      server.registerTool("echo_words", { description: "Echo the words given back.", inputSchema: { words: z.string() } }, async ({ words }) => ({
        content: [{ type: "text", text: `echo: ${words}` }],
      }));
      await server.connect(transport);
    } else if (req.method === "POST" && url.pathname === "/messages") {
      const transport = sessions.get(url.searchParams.get("sessionId") ?? "");
      if (transport) await transport.handlePostMessage(req, res);
      else res.writeHead(404).end("no such session");
    } else {
      res.writeHead(405, { allow: "GET" }).end("Method Not Allowed");
    }
  });
  await new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (http.address());
  return {
    url: `http://127.0.0.1:${address.port}/sse`,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
