// An MCP server over stdio, written by hand (JSON-RPC lines) to misbehave in
// its tools/list, for mcp-host.test.mjs. LISTING selects how:
// - `endless`: every page names a next one;
// - `repeat`: every page names the same next one;
// - `announce`: on each tools/call, announces a change of its tools 500
//   times at once before it answers (its tools never change); appends a
//   line to the file LOG for each tools/list it answers;
// - `early`: announces a change of its tools as soon as the client is
//   initialized, and answers each tools/list after 100 ms;
// - `mixed`: lists a tool with no name and one whose input schema is a
//   string beside a well-formed one;
// - `deep`: lists a tool whose input schema is nested DEPTH levels (10,000
//   by default) beside a well-formed one;
// - `empty`: lists no tools;
// - `pinned`: lists `search`, which its `_meta` pins (anthropic/alwaysLoad),
//   beside `fetch` and `read`;
// - `churn`: lists a tool of a new name each time, appending a line to LOG,
//   and announces a change 20 ms after each answer, for ever;
// - `junk`: on tools/call, writes for four seconds, without a pause, lines
//   that are no JSON and responses to requests nobody sent; it never
//   answers the call;
// - `barrier`: answers tools/list only once every server named in BARRIER
//   (comma-separated) has asked for its tools, each marking a file of its
//   NAME in the directory BARRIER_DIR: listed one after another, they would
//   all wait for ever.
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { initialized, onMessages, send } from "./stdio-rpc.mjs";

const mode = process.env.LISTING;
let churned = 0;
const tool = (name) => ({ name, description: `The ${name} tool.`, inputSchema: { type: "object" } });

function listing(id, params) {
  if (mode === "endless") {
    const page = Number(params?.cursor ?? 0);
    return send({ id, result: { tools: [tool(`page_${page}`)], nextCursor: String(page + 1) } });
  }
  if (mode === "repeat") return send({ id, result: { tools: [tool("again")], nextCursor: "same" } });
  if (mode === "mixed") return send({ id, result: { tools: [{ description: "No name." }, { name: "odd", inputSchema: "text" }, tool("fine")] } });
  if (mode === "deep") {
    // A schema nested DEPTH levels (valid JSON), written as text: beside a tool of its own.
    const depth = Number(process.env.DEPTH ?? 10_000);
    const schema = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${"}}".repeat(depth)}`;
    const tools = `[{"name":"deep","description":"Deeply nested.","inputSchema":${schema}},${JSON.stringify(tool("fine"))}]`;
    return process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":${tools}}}\n`);
  }
  if (mode === "empty") return send({ id, result: { tools: [] } });
  if (mode === "pinned") return send({ id, result: { tools: [{ ...tool("search"), _meta: { "anthropic/alwaysLoad": true } }, tool("fetch"), tool("read")] } });
  if (mode === "churn") {
    appendFileSync(process.env.LOG, "tools/list\n");
    churned += 1;
    send({ id, result: { tools: [tool(`changed_${churned}`)] } });
    return setTimeout(() => send({ method: "notifications/tools/list_changed" }), 20);
  }
  if (mode === "announce") appendFileSync(process.env.LOG, "tools/list\n");
  if (mode === "early") return setTimeout(() => send({ id, result: { tools: [tool("steady")] } }), 100);
  if (mode === "barrier") {
    writeFileSync(join(process.env.BARRIER_DIR, process.env.NAME), "");
    const all = () => process.env.BARRIER.split(",").every((name) => existsSync(join(process.env.BARRIER_DIR, name)));
    const answer = () => (all() ? send({ id, result: { tools: [tool("ready")] } }) : setTimeout(answer, 20));
    return answer();
  }
  send({ id, result: { tools: [tool("steady")] } });
}

onMessages(({ id, method, params }) => {
  if (method === "initialize") {
    send(initialized(id, params, "listing"));
  } else if (method === "notifications/initialized" && mode === "early") {
    send({ method: "notifications/tools/list_changed" });
  } else if (method === "tools/list") {
    listing(id, params);
  } else if (method === "tools/call") {
    if (mode === "junk") return junk(Date.now() + 4_000);
    if (mode === "announce") for (let i = 0; i < 500; i++) send({ method: "notifications/tools/list_changed" });
    send({ id, result: { content: [{ type: "text", text: "done" }] } });
  } else if (method === "ping") {
    send({ id, result: {} });
  } else if (id !== undefined) {
    send({ id, error: { code: -32601, message: `no method ${method}` } });
  }
});

/** Junk until `end`: a batch of lines that are no message and of answers to no request, then the next batch. */
function junk(end) {
  if (Date.now() > end) return;
  let lines = "";
  for (let i = 0; i < 500; i++) lines += `not json ${i}\n{"jsonrpc":"2.0","id":${1e9 + i},"result":{}}\n`;
  process.stdout.write(lines, () => setImmediate(junk, end));
}
