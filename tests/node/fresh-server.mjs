// An MCP server over stdio, written by hand (JSON-RPC lines), whose
// tools/list carries the freshness fields of MCP 2026-07-28 (`ttlMs`,
// `cacheScope`), for proxy-freshness.test.mjs:
// - TTL: the raw JSON of each page's ttlMs, `;` between pages (one page per
//   value; `none` leaves a page without one); one page without it by default;
// - SCOPE: the cacheScope of every page, when set;
// - ANNOUNCES: `1` declares tools.listChanged (it never announces a change);
// - LOG: a file to which a line is appended for each listing (first page).
// The first page's tool is named after the listing: `listed_1`, `listed_2`,
// ... (each listing is a change of its tools); page i > 0 lists `page_i`.
import { appendFileSync } from "node:fs";
import { onMessages, send } from "./stdio-rpc.mjs";

const ttls = (process.env.TTL ?? "none").split(";");
let listings = 0;
const tool = (name) => ({ name, description: `The ${name} tool.`, inputSchema: { type: "object" } });

/** Answers tools/list: the page its cursor names, with its ttlMs written as given (any JSON). */
function listing(id, params) {
  const page = Number(params?.cursor ?? 0);
  if (page === 0) {
    listings += 1;
    if (process.env.LOG) appendFileSync(process.env.LOG, "tools/list\n");
  }
  const fields = [`"tools":${JSON.stringify([tool(page === 0 ? `listed_${listings}` : `page_${page}`)])}`];
  if (page + 1 < ttls.length) fields.push(`"nextCursor":"${page + 1}"`);
  if (ttls[page] !== "none") fields.push(`"ttlMs":${ttls[page]}`);
  if (process.env.SCOPE) fields.push(`"cacheScope":${JSON.stringify(process.env.SCOPE)}`);
  process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{${fields.join(",")}}}\n`);
}

onMessages(({ id, method, params }) => {
  if (method === "initialize") {
    const tools = process.env.ANNOUNCES === "1" ? { listChanged: true } : {};
    send({ id, result: { protocolVersion: params.protocolVersion, capabilities: { tools }, serverInfo: { name: "fresh", version: "1.0.0" } } });
  } else if (method === "tools/list") {
    listing(id, params);
  } else if (method === "tools/call") {
    send({ id, result: { content: [{ type: "text", text: "done" }] } });
  } else if (method === "ping") {
    send({ id, result: {} });
  } else if (id !== undefined) {
    send({ id, error: { code: -32601, message: `no method ${method}` } });
  }
});
