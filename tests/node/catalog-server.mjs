// An MCP server over stdio, written by hand (JSON-RPC lines), that serves
// prompts, resources and resource templates, for proxy-prompts.test.mjs.
// Its texts name it by NAME. It lists the prompts `greet` and `say hello`,
// the resources `shared://doc` (which every server of its kind lists) and
// `<NAME>://own`, and the templates `shared://items/{id}` and
// `<NAME>://notes/{id}`, and reads those (any other URI is not found). Its
// tool `announce` says its prompts and resources
// changed, and `quit` ends it. CATALOG selects how it misbehaves:
// - `failing`: its lists fail, quoting SECRET;
// - `refusing`: its prompts/get and resources/read fail, quoting SECRET;
// - `many`: lists COUNT prompts, 1,000 a page;
// - `bare`: declares prompts only (no tools: tools/list is not found);
// - `crash-once`: exits at its first start (marking the file MARK), and
//   serves as usual from its second;
// - `once`: serves at its first start (marking the file MARK), and exits
//   at every later one.
import { existsSync, writeFileSync } from "node:fs";
import { onMessages, send } from "./stdio-rpc.mjs";

const mode = process.env.CATALOG ?? "";
const name = process.env.NAME ?? "catalog";
if ((mode === "crash-once" || mode === "once") && !existsSync(process.env.MARK)) {
  writeFileSync(process.env.MARK, "started");
  if (mode === "crash-once") process.exit(1);
} else if (mode === "once") {
  process.exit(1);
}

const PAGE = 1_000;
const prompts = [
  { name: "greet", description: `Greets someone, from ${name}.`, arguments: [{ name: "who", required: true }] },
  { name: "say hello", description: "Says hello." },
];
const resources = [
  { uri: "shared://doc", name: "shared doc", mimeType: "text/plain" },
  { uri: `${name}://own`, name: `${name}'s own`, mimeType: "text/plain" },
];
const templates = [
  { uriTemplate: "shared://items/{id}", name: "shared items" },
  { uriTemplate: `${name}://notes/{id}`, name: `${name}'s notes` },
];

/** The error the requests of a failing or refusing server get. */
const failure = (id) => send({ id, error: { code: -32603, message: `${name} cannot (token ${process.env.SECRET})` } });

/** The page of `cursor` of COUNT generated prompts. */
function manyPrompts(cursor) {
  const start = Number(cursor ?? 0);
  const count = Number(process.env.COUNT);
  const page = Array.from({ length: Math.min(PAGE, count - start) }, (_, i) => ({ name: `p${start + i}` }));
  return { prompts: page, ...(start + PAGE < count && { nextCursor: String(start + PAGE) }) };
}

onMessages(({ id, method, params }) => {
  if (method === "initialize") {
    const capabilities = { prompts: { listChanged: true }, ...(mode !== "bare" && { tools: {}, resources: { listChanged: true } }) };
    return send({ id, result: { protocolVersion: params.protocolVersion, capabilities, serverInfo: { name, version: "1.0.0" } } });
  }
  if (id === undefined) return;
  if (mode === "failing" && /^(prompts|resources)\/.*list$/.test(method)) return failure(id);
  if (mode === "refusing" && (method === "prompts/get" || method === "resources/read")) return failure(id);
  if (method === "tools/list" && mode !== "bare") {
    const tool = (tool, description) => ({ name: tool, description, inputSchema: { type: "object" } });
    return send({ id, result: { tools: [tool("announce", "Announces a change of its prompts and resources."), tool("quit", "Ends the server.")] } });
  }
  if (method === "tools/call" && params.name === "quit") process.exit(0);
  if (method === "tools/call") {
    send({ method: "notifications/prompts/list_changed" });
    send({ method: "notifications/resources/list_changed" });
    return send({ id, result: { content: [{ type: "text", text: "announced" }] } });
  }
  if (method === "prompts/list") return send({ id, result: mode === "many" ? manyPrompts(params?.cursor) : { prompts } });
  if (method === "prompts/get") {
    const text = `${name} serves ${params.name} ${JSON.stringify(params.arguments ?? {})}`;
    return send({ id, result: { messages: [{ role: "user", content: { type: "text", text } }] } });
  }
  if (method === "resources/list") return send({ id, result: { resources } });
  if (method === "resources/templates/list") return send({ id, result: { resourceTemplates: templates } });
  if (method === "resources/read") {
    const known = resources.some(({ uri }) => uri === params.uri) || ["shared://items/", `${name}://notes/`].some((start) => params.uri.startsWith(start));
    if (!known) return send({ id, error: { code: -32002, message: `no resource ${params.uri}` } });
    return send({ id, result: { contents: [{ uri: params.uri, mimeType: "text/plain", text: `${name} reads ${params.uri}` }] } });
  }
  if (method === "ping") return send({ id, result: {} });
  send({ id, error: { code: -32601, message: `no method ${method}` } });
});
