// The demo page server: starts the demo MCP servers, writes their catalog to
// www/generated/demo-catalog.json, and serves the page, the wasm package and a
// small API on 127.0.0.1.
//
//   node www/server.mjs [port]      (port 0 picks a free one; default 8080)
//
// API: GET /api/catalog (the live demo session), GET /api/samples and
// /api/samples/<file> (catalogs from ../shared/catalogs when present), and
// POST /api/call {name, arguments} (runs a tool on its MCP server; the page
// validates first, in wasm, through tool_call; same-origin JSON requests only).
import { createServer } from "node:http";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { demoServers } from "../examples/demo-servers.mjs";
import { connectMcpServers } from "toolsearch-mcp";

const www = dirname(fileURLToPath(import.meta.url));
const root = join(www, "..");
const shared = process.env.TOOLSEARCH_SHARED ?? join(root, "..", "shared");
const samplesDir = join(shared, "catalogs");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".json": "application/json; charset=utf-8", ".wasm": "application/wasm", ".png": "image/png" };

/** Starts everything; resolves to `{ url, server, close }`. */
export async function startDemo(port = 8080) {
  const { workdir, specs } = demoServers();
  const mcp = await connectMcpServers(specs);
  const catalog = { name: "Demo MCP servers", live: true, workdir, servers: specs.map((s) => s.name), session: mcp.session };
  mkdirSync(join(www, "generated"), { recursive: true });
  writeFileSync(join(www, "generated", "demo-catalog.json"), JSON.stringify(catalog, null, 2));

  const server = createServer((req, res) => {
    handle(req, res, { mcp, catalog }).catch((error) => send(res, 500, { error: String(error?.message ?? error) }));
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await mcp.close();
  };
  return { url, server, close, workdir };
}

async function handle(req, res, { mcp, catalog }) {
  // Only this server's own host names: a page on another name (DNS
  // rebinding) reads nothing.
  const foreign = foreignHost(req);
  if (foreign) return send(res, 403, { error: foreign });
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  if (path === "/api/catalog") return send(res, 200, catalog);
  if (path === "/api/samples") return send(res, 200, samples());
  if (path.startsWith("/api/samples/")) {
    const file = path.slice("/api/samples/".length);
    if (!samples().includes(file)) return send(res, 404, { error: "no such sample" });
    return sendFile(res, join(samplesDir, file));
  }
  if (path === "/api/call" && req.method === "POST") {
    const refusal = crossSite(req);
    if (refusal) return send(res, 403, { error: refusal });
    const { name, arguments: args } = JSON.parse(await body(req));
    // One JSON object a line: the server's progress as it comes, then the
    // outcome ({result} or {error}).
    res.writeHead(200, { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" });
    const line = (value) => res.write(`${JSON.stringify(value)}\n`);
    const onprogress = ({ progress, total, message }) => line({ progress, total, message });
    try {
      line({ result: await mcp.callTool(String(name), args ?? {}, { onprogress, resetTimeoutOnProgress: true }) });
    } catch (error) {
      line({ error: String(error?.message ?? error) });
    }
    return res.end();
  }
  if (path.startsWith("/pkg/")) return sendFile(res, safeJoin(join(root, "pkg", "web"), path.slice(5)));
  if (path === "/") return sendFile(res, join(www, "index.html"));
  return sendFile(res, safeJoin(www, path.slice(1)));
}

/**
 * Why a request is refused, or null: the Host must name this server (no
 * other site's DNS name reaches it). Running a tool also needs the page's
 * own Origin and JSON (no other site's form or fetch reaches it).
 */
function foreignHost(req) {
  const port = req.socket.localPort;
  const host = req.headers.host ?? "";
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` ? null : `host ${host} is not this server`;
}

/** Why a request to run a tool is refused, or null. */
function crossSite(req) {
  const host = req.headers.host ?? "";
  if (req.headers.origin !== `http://${host}`) return "cross-origin requests may not run tools";
  if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return "the body must be application/json";
  return null;
}

/** The JSON catalogs of ../shared/catalogs, when present. */
function samples() {
  if (!existsSync(samplesDir)) return [];
  return readdirSync(samplesDir).filter((f) => f.endsWith(".json") && f !== "index.json").sort();
}

function safeJoin(base, relative) {
  const full = normalize(join(base, relative));
  return full.startsWith(base) ? full : null;
}

function sendFile(res, file) {
  if (!file || !existsSync(file)) return send(res, 404, { error: "not found" });
  res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
  res.end(readFileSync(file));
}

function send(res, status, value) {
  res.writeHead(status, { "content-type": TYPES[".json"], "cache-control": "no-store" });
  res.end(JSON.stringify(value));
}

function body(req) {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      text += chunk;
      if (text.length > 10 << 20) req.destroy(new Error("request too large"));
    });
    req.on("end", () => resolve(text || "{}"));
    req.on("error", reject);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
  const demo = await startDemo(port);
  console.log(`toolsearch demo: ${demo.url}`);
  console.log(`MCP servers: filesystem (folder ${demo.workdir}), memory, everything. Ctrl-C stops.`);
  console.log("The scripted agent turn: node examples/agent.mjs");
  const stop = async () => {
    await demo.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
