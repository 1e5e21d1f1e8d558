// Connectors (spec §11) against a real HTTP gateway on 127.0.0.1, through the
// built-in fetch client (host.gatewayHttp) and through host.gateway callbacks.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ToolSearch } from "toolsearch";
import { callbacks, connectorSession, startGateway } from "./gateway.mjs";
import { root } from "./support.mjs";

const session = connectorSession;
// The spec's behaviour (§11) under the spec's ranking; the enhanced ranking's
// merge has a test of its own.
const options = {
  config: { ranking: "reference" },
  coreTools: ["manage_connections"],
  timeouts: { search: 300, schemas: 300, execute: 300, connections: 300 },
};

for (const path of ["http", "callbacks"]) {
  describe(`connectors through ${path === "http" ? "host.gatewayHttp (fetch)" : "host.gateway callbacks"}`, () => {
    let gateway;
    const make = (host = {}, config = options.config) =>
      new ToolSearch({
        ...options,
        config,
        host: { ...(path === "http" ? { gatewayHttp: { origin: `${gateway.url}/`, headers: { authorization: "Bearer t" } } } : { gateway: callbacks(gateway) }), ...host },
      });
    const routes = () => gateway.requests.map((r) => r.route);
    const reset = (fault = null) => {
      gateway.requests.length = 0;
      gateway.fault = fault;
    };
    before(async () => {
      gateway = await startGateway();
    });
    after(() => gateway.close());

    test("search merges connector tools into the same ranking", async () => {
      reset();
      const out = JSON.parse(await make().toolSearch({ queries: ["send email", "read file"] }, session));
      assert.deepEqual(routes(), ["search"]);
      assert.deepEqual(gateway.requests[0].body, { queries: [{ useCase: "send email" }, { useCase: "read file" }] });
      if (path === "http") assert.equal(gateway.requests[0].auth, "Bearer t");
      assert.ok(out.results[0].matches.includes("connectors__gmail__SEND_EMAIL"));
      assert.ok(out.results[0].matches.includes("mcp__mail__send_email"));
      assert.equal(out.results[0].matches.filter((m) => m === "connectors__gmail__SEND_EMAIL").length, 1);
      assert.deepEqual(out.tools["connectors__gmail__SEND_EMAIL"], {
        source: "connectors", source_name: "Gmail", description: "Send an email from the user's Gmail account", required: ["to", "subject"],
      });
      const connectorCount = Object.keys(out.tools).filter((n) => n.startsWith("connectors__")).length;
      assert.equal(out.total_available, 2 + connectorCount);
      assert.equal("connectors" in out, false);
    });

    test("the enhanced ranking adds the connector tools it is sure of, first when the local ones are not", async () => {
      reset();
      const ts = make({}, {});
      const out = JSON.parse(await ts.toolSearch({ queries: ["create a linear issue", "send email"] }, session));
      assert.deepEqual(routes(), ["search"]);
      const [linear, email] = out.results;
      assert.match(linear.matches[0], /^connectors__linear__/, JSON.stringify(linear));
      assert.equal(linear.confidence, "high");
      assert.equal(linear.hint, undefined);
      assert.equal(email.matches[0], "mcp__mail__send_email", JSON.stringify(email));
      assert.ok(email.matches.some((m) => m.startsWith("connectors__gmail__")), JSON.stringify(email));
      assert.equal(email.confidence, "high");
    });

    test("no request when every local group is full", async () => {
      reset();
      const out = JSON.parse(await make().toolSearch({ queries: ["read file"], limit: 1 }, session));
      assert.deepEqual(out.results[0].matches, ["mcp__files__read_file"]);
      assert.deepEqual(routes(), []);
    });

    test("a search slower than its timeout keeps the local answer and reports it", async () => {
      reset({ route: "search", kind: "slow" });
      const local = JSON.parse(await new ToolSearch(options).toolSearch({ queries: ["send email"] }, session));
      const out = JSON.parse(await make().toolSearch({ queries: ["send email"] }, session));
      assert.deepEqual(out.connectors, { status: "unavailable", reason: "unreachable",
        hint: "Hosted connector tools could not be searched right now; do not conclude that the app is missing." });
      delete out.connectors;
      assert.deepEqual(out, local);
      assert.deepEqual(routes(), ["search"]);
    });

    test("404 is silent, 401 TOKEN_EXPIRED is a sign-in failure, 403 not_set_up is reported", async () => {
      reset({ route: "search", kind: "404" });
      let out = JSON.parse(await make().toolSearch({ queries: ["send email"] }, session));
      assert.equal("connectors" in out, false);
      reset({ route: "search", kind: "401" });
      out = JSON.parse(await make().toolSearch({ queries: ["send email"] }, session));
      assert.equal(out.connectors.reason, "sign_in_expired");
      assert.match(out.connectors.hint, /sign in/);
      reset({ route: "search", kind: "403-setup" });
      out = JSON.parse(await make().toolSearch({ queries: ["send email"] }, session));
      assert.equal(out.connectors.status, "not_set_up");
      assert.match(out.connectors.hint, /manage_connections/);
    });

    test("search is not retried after a 500; a malformed body is unreachable", async () => {
      reset({ route: "search", kind: "500-once" });
      let out = JSON.parse(await make().toolSearch({ queries: ["send email"] }, session));
      assert.equal(out.connectors.reason, "unreachable");
      assert.deepEqual(routes(), ["search"]);
      reset({ route: "search", kind: "malformed" });
      out = JSON.parse(await make().toolSearch({ queries: ["send email"] }, session));
      assert.equal(out.connectors.reason, "unreachable");
    });

    test("describe: connector schemas, not_found, undescribed on failure", async () => {
      reset();
      const ts = make();
      let out = JSON.parse(await ts.toolDescribe({ names: ["connectors__gmail__SEND_EMAIL", "connectors__linear__LIST_TEAMS", "connectors__gmail__NOPE", "connectors__bad"] }, session));
      assert.deepEqual(gateway.requests[0].body, { tools: ["GMAIL_SEND_EMAIL", "SEND_EMAIL", "LINEAR_LIST_TEAMS", "LIST_TEAMS", "GMAIL_NOPE", "NOPE"] });
      assert.deepEqual(out.tools["connectors__gmail__SEND_EMAIL"], {
        description: "Send an email from the user's Gmail account",
        parameters: { type: "object", properties: { to: { type: "string" }, subject: { type: "string" } }, required: ["to", "subject"] },
      });
      assert.deepEqual(out.tools["connectors__linear__LIST_TEAMS"], { description: "List the teams of the Linear workspace", parameters: {} });
      assert.deepEqual(out.not_found, ["connectors__gmail__NOPE", "connectors__bad"]);
      reset({ route: "schemas", kind: "500" });
      out = JSON.parse(await ts.toolDescribe({ names: ["connectors__gmail__SEND_EMAIL", "mcp__files__read_file"] }, session));
      assert.deepEqual(Object.keys(out.tools), ["mcp__files__read_file"]);
      assert.deepEqual(out.connectors, { status: "unavailable", reason: "unreachable",
        hint: "Hosted connector tools could not be described right now; do not conclude that the app is missing.",
        names: ["connectors__gmail__SEND_EMAIL"] });
      assert.deepEqual(routes(), ["schemas", "schemas"], "schemas is retried once after a 5xx");
      reset({ route: "schemas", kind: "404" });
      out = JSON.parse(await ts.toolDescribe({ names: ["connectors__gmail__SEND_EMAIL"] }, session));
      assert.deepEqual(out.not_found, ["connectors__gmail__SEND_EMAIL"]);
      assert.equal("connectors" in out, false);
    });

    test("a batch runs in input order with counts computed locally", async () => {
      reset();
      const calls = [
        { name: "connectors__gmail__SEND_EMAIL", arguments: { to: "a@b.c", subject: "Hi", connector_alias: "work" } },
        { name: "connectors__linear__CREATE_ISSUE", arguments: '{"title": "Bug"}' },
        { name: "connectors__bad", arguments: {} },
      ];
      const out = JSON.parse(await make().toolCall({ calls }, session));
      assert.deepEqual(out.results.map((r) => [r.index, r.name]), calls.map((c, i) => [i, c.name]));
      assert.deepEqual(out.results[0].response, { ok: true, tool: "GMAIL_SEND_EMAIL", arguments: calls[0].arguments });
      assert.equal(out.results[0].account, "work");
      assert.deepEqual(out.results[1].response.arguments, { title: "Bug" });
      assert.deepEqual(out.results[2].error, { code: "TOOL_NOT_FOUND", message: "Malformed connector tool name; expected connectors__<connector>__{tool}." });
      assert.deepEqual([out.success_count, out.error_count, out.total_count], [2, 1, 3]);
      const executes = gateway.requests.filter((r) => r.route === "execute");
      assert.deepEqual(executes[0].body, { tools: [{ connector: "gmail", tool: "GMAIL_SEND_EMAIL", arguments: calls[0].arguments }] });
      assert.match(executes[0].key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.notEqual(executes[0].key, executes[1].key);
    });

    test("TOOL_NOT_FOUND is retried once with the bare name and a new key", async () => {
      reset();
      const out = JSON.parse(await make().toolCall({ calls: [{ name: "connectors__linear__LIST_TEAMS", arguments: {} }] }, session));
      assert.equal(out.results[0].response.tool, "LIST_TEAMS");
      const executes = gateway.requests.filter((r) => r.route === "execute");
      assert.deepEqual(executes.map((r) => r.body.tools[0].tool), ["LINEAR_LIST_TEAMS", "LIST_TEAMS"]);
      assert.notEqual(executes[0].key, executes[1].key);
    });

    test("a 500 then success: execute is retried with the same idempotency key", async () => {
      reset({ route: "execute", kind: "500-once" });
      const out = JSON.parse(await make().toolCall({ calls: [{ name: "connectors__gmail__LIST_MESSAGES", arguments: {} }] }, session));
      assert.equal(out.results[0].response.ok, true);
      const executes = gateway.requests.filter((r) => r.route === "execute");
      assert.equal(executes.length, 2);
      assert.equal(executes[0].key, executes[1].key);
      reset({ route: "execute", kind: "malformed" });
      const bad = JSON.parse(await make().toolCall({ calls: [{ name: "connectors__gmail__LIST_MESSAGES", arguments: {} }] }, session));
      assert.deepEqual(bad.results[0].error, { code: "PROVIDER_ERROR", message: "The connector gateway request failed unexpectedly." });
      reset({ route: "execute", kind: "401" });
      const expired = JSON.parse(await make().toolCall({ calls: [{ name: "connectors__gmail__LIST_MESSAGES", arguments: {} }] }, session));
      assert.deepEqual(expired.results[0].error, { code: "PROVIDER_ERROR", message: "The connector gateway request failed: sign in again" });
    });

    test("CONNECTION_REQUIRED per surface", async () => {
      const call = { calls: [{ name: "connectors__notion__CREATE_PAGE", arguments: {} }] };
      reset();
      const link = JSON.parse(await make().toolCall(call, session, { returnTo: "my-app" }));
      assert.deepEqual(link.results[0].error, {
        code: "CONNECTION_REQUIRED", message: "Connect notion first.", connector: "notion",
        connect_url: "https://connect.example/notion?return=my-app", hint: "Open the link to connect.", connection_id: "conn-notion",
      });
      assert.equal(gateway.requests[0].body.returnTo, "my-app");
      const card = JSON.parse(await make().toolCall(call, session, { surface: "card" }));
      assert.equal(card.results[0].error.connect_card_available, true);
      assert.equal("connect_url" in card.results[0].error, false);
      const side = JSON.parse(await make().toolCall(call, session, { surface: "side" }));
      assert.match(side.results[0].error.hint, /Only the main agent/);
    });

    test("the host approves each entry; an abort stops the rest before they are sent", async () => {
      reset();
      const seen = [];
      const controller = new AbortController();
      const ts = make({
        beforeConnectorCall: (call) => {
          seen.push(call.name);
          if (call.tool === "LIST_MESSAGES") return { allow: false, reason: "Not now." };
          if (seen.length === 2) controller.abort();
          return true;
        },
      });
      const calls = ["LIST_MESSAGES", "SEND_EMAIL", "LIST_MESSAGES", "SEND_EMAIL"].map((t) => ({ name: `connectors__gmail__${t}`, arguments: { to: "x", subject: "y" } }));
      const out = JSON.parse(await ts.toolCall({ calls }, session, { signal: controller.signal }));
      assert.deepEqual(out.results[0].error, { code: "DENIED", message: "Not now." });
      assert.equal(out.results[1].response.ok, true);
      for (const slot of out.results.slice(2)) {
        assert.deepEqual(slot.error, { code: "INTERRUPTED", message: "Stopped by the user before this call was made." });
      }
      assert.deepEqual(seen, ["connectors__gmail__LIST_MESSAGES", "connectors__gmail__SEND_EMAIL"]);
      assert.deepEqual(routes(), ["execute"], "nothing is sent after the abort");
      assert.deepEqual([out.success_count, out.error_count, out.total_count], [1, 3, 4]);
    });

    test("batch cap, mixed batches, and connectors out of scope", async () => {
      reset();
      const many = Array.from({ length: 11 }, () => ({ name: "connectors__gmail__SEND_EMAIL", arguments: {} }));
      assert.deepEqual(JSON.parse(await make().toolCall({ calls: many }, session)), { error: "too many calls: 11 > max 10. Retry with fewer calls per batch." });
      const mixed = JSON.parse(await make().toolCall({ calls: [{ name: "connectors__gmail__SEND_EMAIL" }, { name: "mcp__files__read_file" }] }, session));
      assert.match(mixed.error, /one entry per tool_call/);
      const noTool = { tools: session.tools.slice(1), toolsets: session.toolsets };
      const out = JSON.parse(await make().toolCall({ calls: [{ name: "connectors__gmail__SEND_EMAIL" }] }, noTool));
      assert.deepEqual(out, { error: "Connectors are not available in this session." });
      const search = JSON.parse(await make().toolSearch({ queries: ["send email"] }, noTool));
      assert.equal(search.results[0].matches.some((m) => m.startsWith("connectors__")), false);
      assert.deepEqual(routes(), []);
    });

    test("manage_connections: status, connect links, connect cards, rename, local servers", async () => {
      reset();
      const status = JSON.parse(await make().manageConnections({}, session));
      assert.deepEqual(status.connections, [{ connector: "gmail", connected: true }, { connector: "linear", connected: true }, { connector: "notion", connected: false }]);
      assert.match(status.hint, /CONNECTION_REQUIRED/);
      const links = JSON.parse(await make().manageConnections({ action: "connect", connectors: ["notion"] }, session));
      assert.deepEqual(links.connections, [{ connector: "notion", connected: false, connect_url: "https://connect.example/notion" }]);
      let shown;
      const carded = make({ connectCard: async (request) => { shown = request; return [{ connector: "notion", status: "connected" }]; } });
      const card = JSON.parse(await carded.handle("manage_connections", { action: "reconnect", connectors: [{ name: "notion" }], force: true }, session));
      assert.deepEqual(shown, { apps: [{ connector: "notion", connect_url: "https://connect.example/notion" }] });
      assert.deepEqual(card, { connections: [{ connector: "notion", status: "connected" }] });
      assert.equal(gateway.requests.at(-1).body.force, true);
      const renamed = JSON.parse(await make().manageConnections({ action: "rename", connectors: [{ name: "gmail", alias: "work", to: "office" }] }, session));
      assert.deepEqual(renamed.connections, [{ connector: "gmail", alias: "office" }]);
      const local = JSON.parse(await make().manageConnections({ action: "install", connectors: [{ name: "github", mcp: true }] }, session));
      assert.deepEqual(local, { error: "This host cannot install local MCP servers." });
      const managed = make({ manageMcp: async (request) => ({ done: request }) });
      assert.deepEqual(JSON.parse(await managed.manageConnections({ action: "enable", connectors: [{ name: "github", mcp: true }] }, session)), {
        done: { action: "enable", servers: ["github"] },
      });
      assert.match(JSON.parse(await make().manageConnections({ action: "delete" }, session)).error, /must be one of/);
      assert.equal(make().manageConnectionsTool("mcp").name, "manage_connections");
    });
  });
}

test("a search that times out leaves nothing running: the process exits promptly", { timeout: 30_000 }, async () => {
  const gateway = await startGateway();
  gateway.fault = { route: "search", kind: "slow", ms: 20_000 };
  try {
    const script = `
      const { ToolSearch } = require("toolsearch");
      const ts = new ToolSearch({ coreTools: ["manage_connections"], timeouts: { search: 200 },
        host: { gatewayHttp: { origin: ${JSON.stringify(gateway.url)} } } });
      ts.toolSearch({ queries: ["send email"] }, { tools: [{ name: "manage_connections" }] })
        .then((out) => console.log(JSON.parse(out).connectors.reason));`;
    const started = Date.now();
    const out = execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8", timeout: 15_000 });
    assert.equal(out.trim(), "unreachable");
    assert.ok(Date.now() - started < 15_000);
  } finally {
    await gateway.close();
  }
});
