// A small connector gateway for tests: speaks the wire format of spec
// §11.4-11.7 (and our connections route) on 127.0.0.1, records every request,
// and injects switchable faults.
import { createServer } from "node:http";
import { tool } from "./support.mjs";

/** A session with connectors in scope (manage_connections) and two local tools. */
export const connectorSession = {
  tools: [
    tool("manage_connections", "Connect apps and check connection status", ["action"]),
    tool("mcp__mail__send_email", "Send an email through the local mail server", ["to"]),
    tool("mcp__files__read_file", "Read a file", ["path"]),
  ],
  toolsets: { mcp__mail__send_email: "mcp-mail", mcp__files__read_file: "mcp-files" },
};

const TOOLS = {
  GMAIL_SEND_EMAIL: { connector: "Gmail", description: "Send an email from the user's Gmail account",
    inputSchema: { type: "object", properties: { to: { type: "string" }, subject: { type: "string" } }, required: ["to", "subject"] } },
  SEND_EMAIL: { connector: "gmail", description: "A twin without the vendor prefix" },
  GMAIL_LIST_MESSAGES: { connector: "gmail", description: "List messages in the user's Gmail inbox" },
  LINEAR_CREATE_ISSUE: { connector: "linear", description: "Create an issue in Linear",
    inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] } },
  LIST_TEAMS: { connector: "linear", description: "List the teams of the Linear workspace" },
  NOTION_CREATE_PAGE: { connector: "notion", description: "Create a page in Notion" },
};
const CONNECTED = { gmail: true, linear: true, notion: false };

/** Starts the gateway; `gateway.fault = {route, kind}` switches a fault on. */
export async function startGateway() {
  const gateway = { requests: [], fault: null, url: "" };
  const server = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    const route = req.url.replace(/^\/v1\/connectors\/?/, "") || "list";
    const body = text ? JSON.parse(text) : {};
    gateway.requests.push({ route, body, key: req.headers["x-idempotency-key"] ?? null, auth: req.headers.authorization ?? null });
    const send = (status, value, headers = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(typeof value === "string" ? value : JSON.stringify(value));
    };
    const fault = gateway.fault;
    if (fault && (fault.route === route || fault.route === "*")) {
      if (fault.kind === "slow") return setTimeout(() => send(200, answer(route, body)), fault.ms ?? 10_000).unref();
      if (fault.kind === "404") return send(404, { error: { code: "NOT_FOUND", message: "no such route" } });
      if (fault.kind === "401") return send(401, { error: { code: "TOKEN_EXPIRED", message: "sign in again" } });
      if (fault.kind === "403-setup") return send(403, { error: "not_set_up" });
      if (fault.kind === "malformed") return send(200, "this is not JSON");
      if (fault.kind === "500-once") {
        gateway.fault = null;
        return send(500, "upstream exploded");
      }
      if (fault.kind === "500") return send(503, { code: "UNAVAILABLE", message: "try later" });
      if (fault.kind === "403") return send(403, { error: { code: "FORBIDDEN", message: "not allowed" } });
      if (fault.kind === "429") return send(429, { error: { code: "RATE_LIMITED" } }, { "retry-after": "0" });
      if (fault.kind === "html") {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<!doctype html><title>Login</title><p>Please sign in</p>");
      }
      if (fault.kind === "oversize") return send(200, { results: [], schemas: {}, pad: "x".repeat(fault.chars ?? 9_000_000) });
      if (fault.kind === "drip") {
        // A valid answer, one byte at a time, slower than any timeout.
        res.writeHead(200, { "content-type": "application/json" });
        const bytes = JSON.stringify(answer(route, body));
        let at = 0;
        const timer = setInterval(() => {
          if (at >= bytes.length || res.destroyed) return clearInterval(timer);
          res.write(bytes[at++]);
        }, 50);
        timer.unref();
        return undefined;
      }
      if (fault.kind === "reset") return req.socket.destroy();
      if (fault.kind === "connection-required" || fault.kind === "tool-not-found") {
        const code = fault.kind === "connection-required" ? "CONNECTION_REQUIRED" : "TOOL_NOT_FOUND";
        return send(200, { error: { code, message: `gateway says ${code}` } });
      }
    }
    send(200, answer(route, body));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  gateway.url = `http://127.0.0.1:${server.address().port}`;
  gateway.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
  return gateway;
}

function answer(route, body) {
  if (route === "search") {
    const results = body.queries.map((q, index) => {
      const words = q.useCase.toLowerCase().split(/\W+/).filter((w) => w.length > 2);
      const tools = Object.entries(TOOLS)
        .filter(([slug, t]) => words.some((w) => `${slug} ${t.description}`.toLowerCase().includes(w)))
        .map(([slug]) => slug);
      return { index, useCase: q.useCase, tools, guidance: "ignored by clients" };
    });
    const schemas = Object.fromEntries(results.flatMap((r) => r.tools).map((slug) => [slug, { tool: slug, ...TOOLS[slug] }]));
    return { results, schemas, connections: [], nextSteps: [] };
  }
  if (route === "schemas") {
    const schemas = Object.fromEntries(body.tools.filter((slug) => TOOLS[slug]).map((slug) => [slug, { tool: slug, ...TOOLS[slug] }]));
    return { schemas, notFound: body.tools.filter((slug) => !TOOLS[slug]), suggestions: {} };
  }
  if (route === "execute") {
    const results = body.tools.map(({ connector, tool, arguments: args }, index) => {
      const slot = { index, connector, tool, data: null, error: null, account: args?.connector_alias ?? null };
      if (!TOOLS[tool]) slot.error = { code: "TOOL_NOT_FOUND", message: `no tool ${tool}` };
      else if (!CONNECTED[connector]) {
        slot.error = { code: "CONNECTION_REQUIRED", message: `Connect ${connector} first.`, connector,
          connectUrl: `https://connect.example/${connector}${body.returnTo ? `?return=${body.returnTo}` : ""}`,
          connectionId: `conn-${connector}`, hint: "Open the link to connect." };
      } else slot.data = { ok: true, tool, arguments: args };
      return slot;
    });
    return { results, successCount: 99, errorCount: 99, totalCount: 99 };
  }
  if (route === "connections") {
    const names = (body.connectors ?? []).map((c) => (typeof c === "string" ? c : c.connector));
    const which = names.length ? names : Object.keys(CONNECTED);
    if (body.action === "status") return { connections: which.map((c) => ({ connector: c, connected: CONNECTED[c] ?? false })) };
    if (body.action === "rename") return { connections: body.connectors.map((c) => ({ connector: c.connector, alias: c.to })) };
    return { connections: which.map((c) => ({ connector: c, connected: false, connectUrl: `https://connect.example/${c}`, connectionId: `conn-${c}` })) };
  }
  return {};
}

/** `host.gateway` callbacks over the same server: non-2xx answers are thrown as `{status, body, headers}`. */
export function callbacks(gateway) {
  const post = async (route, body, opts) => {
    const headers = { "content-type": "application/json" };
    if (opts?.idempotencyKey) headers["x-idempotency-key"] = opts.idempotencyKey;
    const response = await fetch(`${gateway.url}/v1/connectors/${route}`, { method: "POST", headers, body: JSON.stringify(body), signal: opts?.signal });
    const text = await response.text();
    let parsed;
    try { parsed = JSON.parse(text); } catch { parsed = text; }
    if (!response.ok) throw { status: response.status, body: parsed, headers: Object.fromEntries(response.headers) };
    return parsed;
  };
  return {
    search: (body, opts) => post("search", body, opts),
    schemas: (body, opts) => post("schemas", body, opts),
    execute: (body, opts) => post("execute", body, opts),
    connections: (body, opts) => post("connections", body, opts),
  };
}
