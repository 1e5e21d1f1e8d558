// The gateway fault matrix against a real HTTP gateway on
// 127.0.0.1, through the fetch client and through callbacks: under every fault
// the local part of search and describe answers is byte-identical to the
// answer of an instance without a gateway, and connector calls settle with an
// error answer.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { callbacks, connectorSession, startGateway } from "./gateway.mjs";

const session = connectorSession;
const options = {
  coreTools: ["manage_connections"],
  timeouts: { search: 300, schemas: 300, execute: 300, connections: 300 },
  limits: { gatewayAnswerChars: 100_000 },
};
const FAULTS = [
  { kind: "slow", ms: 2_000 },
  { kind: "401" },
  { kind: "403" },
  { kind: "404" },
  { kind: "429" },
  { kind: "500-once" },
  { kind: "500" },
  { kind: "malformed" },
  { kind: "html" },
  { kind: "oversize", chars: 200_000 },
  { kind: "drip" },
  { kind: "reset" },
  { kind: "connection-required" },
  { kind: "tool-not-found" },
];

/** The answer without its `connectors` field, as text. */
function local(text) {
  const { connectors, ...rest } = JSON.parse(text);
  return JSON.stringify(rest);
}

for (const path of ["http", "callbacks"]) {
  describe(`gateway faults through ${path === "http" ? "host.gatewayHttp" : "host.gateway callbacks"}`, () => {
    let gateway;
    before(async () => {
      gateway = await startGateway();
    });
    after(() => gateway.close());
    const make = () =>
      new ToolSearch({
        ...options,
        host: path === "http" ? { gatewayHttp: { origin: gateway.url } } : { gateway: callbacks(gateway) },
      });
    const searchArgs = { queries: ["send email", "read file", "create issue"] };
    const describeArgs = { names: ["mcp__mail__send_email", "connectors__gmail__SEND_EMAIL", "mcp__files__read_file"] };
    /** The local schemas of a describe answer, as text. */
    const localTools = (text) =>
      JSON.stringify(Object.entries(JSON.parse(text).tools).filter(([name]) => !name.startsWith("connectors__")));

    for (const fault of FAULTS) {
      test(`${fault.kind}: local answers unchanged, connector calls settle`, async () => {
        const alone = new ToolSearch(options);
        const expectedSearch = local(await alone.toolSearch(searchArgs, session));
        const expectedDescribe = localTools(await alone.toolDescribe(describeArgs, session));
        gateway.fault = { route: "*", ...fault };
        const ts = make();
        assert.equal(local(await ts.toolSearch(searchArgs, session)), expectedSearch);
        gateway.fault = { route: "*", ...fault };
        const described = await ts.toolDescribe(describeArgs, session);
        assert.equal(localTools(described), expectedDescribe);
        // A 500 once is retried (schemas: one retry) and then answers.
        const recovered = fault.kind === "500-once";
        assert.equal("connectors__gmail__SEND_EMAIL" in JSON.parse(described).tools, recovered);
        gateway.fault = { route: "*", ...fault };
        const called = JSON.parse(await ts.toolCall({ calls: [{ name: "connectors__gmail__SEND_EMAIL", arguments: { to: "a", subject: "b" } }] }, session));
        // An error answer, for the call or for its one entry; a 500 once is
        // retried (execute: one retry) and then runs.
        if (recovered) assert.ok(called.results?.[0]?.response, JSON.stringify(called));
        else assert.ok(called.error ?? called.results?.[0]?.error, JSON.stringify(called));
        gateway.fault = null;
        assert.ok(gateway.requests.some((r) => r.route === "schemas"), "the describe leg ran");
        gateway.requests.length = 0;
      });
    }
  });
}
