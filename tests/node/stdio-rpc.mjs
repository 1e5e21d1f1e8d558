// What the hand-written MCP test servers share: JSON-RPC over stdio, one
// message a line, for listing-server.mjs, churning-server.mjs,
// output-schema-server.mjs and fresh-server.mjs.
import { createInterface } from "node:readline";

/** Writes one JSON-RPC message (without its `jsonrpc` key) to stdout. */
export const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);

/** Calls `handle({id, method, params})` for each message read from stdin; a line that is not JSON is skipped. */
export function onMessages(handle) {
  createInterface({ input: process.stdin }).on("line", (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    handle(message);
  });
}

/** The answer to `initialize` of a server named `name` whose tools may change. */
export const initialized = (id, params, name) => ({
  id,
  result: { protocolVersion: params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name, version: "1.0.0" } },
});
