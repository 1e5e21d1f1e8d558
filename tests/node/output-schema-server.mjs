// An MCP server over stdio, written by hand (JSON-RPC lines), whose tools
// declare hostile output schemas, for hostile-proxy-schemas.test.mjs:
// - `match`: its `word` must match `^(a+)+$`, and its call answers LENGTH
//   a's (40 by default) and a b: a backtracking engine never ends;
// - `broken` (with BROKEN set): its output schema refers to a definition it lacks;
// - `report_0` ... : COUNT tools (20 by default), each with an output schema
//   of its own, whose calls answer what their schema says.
// With ANNOUNCE set, it announces a change of its tools once, after its first
// listing, and lists one more tool, `late`, from then on.
import { initialized, onMessages, send } from "./stdio-rpc.mjs";

const count = Number(process.env.COUNT ?? 20);
const length = Number(process.env.LENGTH ?? 40);
const objectOf = (properties) => ({ type: "object", properties, required: Object.keys(properties) });
let listings = 0;

function tools() {
  const listed = [{ name: "match", description: "Match a word.", inputSchema: { type: "object" }, outputSchema: objectOf({ word: { type: "string", pattern: "^(a+)+$" } }) }];
  if (process.env.BROKEN) {
    listed.push({ name: "broken", description: "Refer to nothing.", inputSchema: { type: "object" }, outputSchema: objectOf({ item: { $ref: "#/$defs/missing" } }) });
  }
  for (let i = 0; i < count; i++) {
    listed.push({ name: `report_${i}`, description: `Report number ${i}.`, inputSchema: { type: "object" }, outputSchema: objectOf({ [`field_${i}`]: { type: "string" } }) });
  }
  if (process.env.ANNOUNCE && listings > 1) listed.push({ name: "late", description: "Listed late.", inputSchema: { type: "object" } });
  return listed;
}

/** The structured result of `name`. */
function structured(name) {
  if (name === "match") return { word: `${"a".repeat(length)}b` };
  if (name === "broken") return { item: "anything" };
  return { [`field_${name.slice("report_".length)}`]: "value" };
}

onMessages(({ id, method, params }) => {
  if (method === "initialize") {
    send(initialized(id, params, "schemas"));
  } else if (method === "tools/list") {
    listings += 1;
    send({ id, result: { tools: tools() } });
    if (process.env.ANNOUNCE && listings === 1) setTimeout(() => send({ method: "notifications/tools/list_changed" }), 20);
  } else if (method === "tools/call") {
    const result = structured(params.name);
    send({ id, result: { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result } });
  } else if (method === "ping") {
    send({ id, result: {} });
  } else if (id !== undefined) {
    send({ id, error: { code: -32601, message: `no method ${method}` } });
  }
});
