// The two places where the host reaches into the MCP SDK's stdio client
// transport (StdioClientTransport), past its public API, which offers
// neither: a way to give it another read buffer, and the process it
// spawned (its `pid` alone, which cannot be waited on, nor have its pipes
// closed). Each is one small function, which does nothing when the SDK's
// field is not there: the SDK's own behaviour stands then (its read buffer,
// its own closing of processes). tests/node/proxy-sdk-private.test.mjs fails
// as soon as an SDK release renames either field, so that the loss is
// never silent. (The proxy's own stdio side needs neither: stdio.mjs is a
// transport of its own, on the SDK's public Transport interface.)
import { ChildProcess } from "node:child_process";

/** @import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js" */
/** @import { LineBuffer } from "./line-buffer.mjs" */

/**
 * Has `transport` read its server's messages through `buffer` instead of
 * the SDK's own (`_readBuffer`, which copies all it holds on every chunk:
 * line-buffer.mjs). True when it took; false when the SDK has no such field.
 * Call it before the transport starts.
 * @param {StdioClientTransport} transport
 * @param {LineBuffer} buffer
 * @returns {boolean}
 */
export function readThrough(transport, buffer) {
  const fields = /** @type {{ _readBuffer?: unknown }} */ (/** @type {unknown} */ (transport));
  if (!("_readBuffer" in fields)) return false;
  fields._readBuffer = buffer;
  return true;
}

/**
 * The server process a started `transport` spawned (the SDK's `_process`),
 * or null: not started, ended, or an SDK without the field.
 * @param {StdioClientTransport} transport
 * @returns {ChildProcess | null}
 */
export function spawnedProcess(transport) {
  const child = /** @type {{ _process?: unknown }} */ (/** @type {unknown} */ (transport))._process;
  return child instanceof ChildProcess ? child : null;
}
