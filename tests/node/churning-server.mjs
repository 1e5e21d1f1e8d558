// An MCP server over stdio, written by hand (JSON-RPC lines), of COUNT tools
// (1,000 by default) that change without end: every PERIOD ms (1,000 by
// default) the description of one more of them changes, and it announces
// the change (tools/list_changed). Each tools/list it answers appends a line
// to the file LOG, when set. For hostile-proxy-schemas.test.mjs and
// bench/hostile/proxy-schemas.mjs.
import { appendFileSync } from "node:fs";
import { initialized, onMessages, send } from "./stdio-rpc.mjs";

const count = Number(process.env.COUNT ?? 1_000);
const period = Number(process.env.PERIOD ?? 1_000);
/** @param {number} i @param {number} version */
const tool = (i, version) =>
  JSON.stringify({
    name: `item_${i}`,
    description: `Update item ${i} of the inventory (revision ${version}).`,
    inputSchema: { type: "object", properties: { id: { type: "string", description: "The item's id." }, amount: { type: "number" } }, required: ["id"] },
  });
// Kept as JSON, so that a listing of many tools costs this server little.
const tools = Array.from({ length: count }, (_, i) => tool(i, 0));
let changes = 0;

setInterval(() => {
  changes += 1;
  tools[changes % count] = tool(changes % count, changes);
  send({ method: "notifications/tools/list_changed" });
}, period).unref();

onMessages(({ id, method, params }) => {
  if (method === "initialize") {
    send(initialized(id, params, "churning"));
  } else if (method === "tools/list") {
    if (process.env.LOG) appendFileSync(process.env.LOG, "tools/list\n");
    process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[${tools.join(",")}]}}\n`);
  } else if (method === "tools/call") {
    send({ id, result: { content: [{ type: "text", text: "done" }] } });
  } else if (method === "ping") {
    send({ id, result: {} });
  } else if (id !== undefined) {
    send({ id, error: { code: -32601, message: `no method ${method}` } });
  }
});
