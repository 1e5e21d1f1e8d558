// `ranking: "enhanced"` (the default) through the package: natural and
// multilingual queries, the confidence label, explain, and the reference
// mode left alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { realCatalogSession, root, sharedDir, SKIP_SHARED, tool } from "./support.mjs";

const tools = [
  tool("desk_create_ticket", "Create a support ticket for a customer.", ["subject", "body"]),
  tool("desk_list_tickets", "List open support tickets.", ["status"]),
  tool("mail_send_email", "Send an email message to recipients.", ["to", "subject", "body"]),
  tool("mail_search_emails", "Search the mailbox for emails matching a query.", ["query"]),
  tool("drive_upload_file", "Upload a file to a drive folder.", ["path", "folder"]),
  tool("drive_delete_file", "Delete a file from the drive.", ["file_id"]),
];
const session = {
  tools,
  toolsets: Object.fromEntries(tools.map((t) => [t.function.name, `mcp-${t.function.name.split("_")[0]}`])),
};

async function groups(ts, queries, limit = 3) {
  return JSON.parse(await ts.toolSearch({ queries, limit }, session)).results;
}

async function matches(ts, ...queries) {
  return (await groups(ts, queries)).map((r) => r.matches);
}

test("enhanced answers natural and multilingual requests, and labels what no tool clearly does", async () => {
  const ts = new ToolSearch();
  assert.equal(ts.config.ranking, "enhanced");
  const results = await groups(
    ts,
    [
      "could you please send an email to my manager",
      "E-Mail senden",
      "envoyer un e-mail",
      "メールを送信して",
      "order a pizza for tonight",
      "translate the ticket into french",
    ],
    5,
  );
  for (const group of results.slice(0, 4)) {
    assert.equal(group.matches[0], "mail_send_email", JSON.stringify(results));
    assert.equal(group.confidence, "high");
    assert.equal(group.hint, undefined);
  }
  // Nothing shares a word with it: empty, and the sources are listed.
  assert.deepEqual(results[4].matches, []);
  assert.equal(results[4].confidence, "low");
  assert.ok(results[4].available_sources.length > 0);
  // No tool translates: its candidates, labelled low, with a caution.
  assert.equal(results[5].confidence, "low", JSON.stringify(results[5]));
  assert.ok(results[5].matches.length > 0);
  assert.match(results[5].hint, /tell the user/);
  assert.ok(results[5].available_sources.length > 0);
});

test("the reference ranking is the spec's, and carries no label", async () => {
  const plain = new ToolSearch();
  const reference = new ToolSearch({ config: { ranking: "reference" } });
  assert.equal(reference.config.ranking, "reference");
  assert.deepEqual(plain.config.ranking_ablation, []);
  const args = { queries: ["send email", "can you please email the report to my manager", "delete file"] };
  const spec = JSON.parse(await reference.toolSearch(args, session));
  assert.deepEqual(
    spec.results.map((r) => Object.keys(r)),
    [["query", "matches"], ["query", "matches", "available_sources", "hint"], ["query", "matches"]],
  );
  const enhanced = JSON.parse(await plain.toolSearch(args, session));
  for (const group of enhanced.results) assert.ok(["high", "low"].includes(group.confidence), JSON.stringify(group));
  const bad = new ToolSearch({ config: { ranking: "fancy", ranking_ablation: ["nope"] } });
  assert.equal(bad.config.ranking, "enhanced");
  assert.equal(bad.config.warnings.length, 2);
  // The rules the engine names are those the declarations name, in order.
  const named = bad.config.warnings.find((w) => w.includes("the rules are")).split("the rules are ")[1].split(", ");
  const declarations = readFileSync(join(root, "pkg", "toolsearch.d.ts"), "utf8");
  const declared = [...declarations.match(/export type RankingRule =([^;]*);/)[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual(declared, named);
});

test("enhanced explain reports the translation, concepts, decision and each tool's coverage", () => {
  const ts = new ToolSearch({ config: { ranking: "enhanced" } });
  const out = ts.explain("Datei löschen", session, { names: ["drive_delete_file", "mail_send_email"] });
  assert.equal(out.ranking, "enhanced");
  assert.equal(out.language, "de");
  assert.deepEqual(out.translation, ["file", "delete"]);
  assert.deepEqual(out.concepts.map((c) => c.word), ["file", "delete"]);
  assert.equal(out.confidence, "high");
  assert.equal(out.decision.label, "high");
  assert.ok(out.decision.confidence >= out.decision.threshold);
  assert.deepEqual(out.tools.map((t) => [t.name, t.verdict, t.rank]), [
    ["drive_delete_file", "returned", 1],
    ["mail_send_email", "no_match", null],
  ]);
  assert.deepEqual(out.tools[0].coverage, [1, 1]);
  assert.equal(ts.explain("delete file", session).tools[0].name, "drive_delete_file");
  // Any spelling of a name ranks that tool first.
  for (const name of ["drive.delete_file", "mcp__drive__delete_file", "Drive Delete File", "deleteFile"]) {
    assert.equal(ts.explain(name, session).tools[0].verdict, "exact_name", name);
  }
});

test("ablation switches a rule off", async () => {
  const full = new ToolSearch({ config: { ranking: "enhanced" } });
  const noDecision = new ToolSearch({ config: { ranking: "enhanced", ranking_ablation: ["decision"] } });
  assert.deepEqual(noDecision.config.ranking_ablation, ["decision"]);
  const query = ["translate the ticket into french"];
  assert.equal((await groups(full, query))[0].confidence, "low");
  assert.equal((await groups(noDecision, query))[0].confidence, "high");
});

test("enhanced on the real catalog: requests in sentences and other languages", { skip: sharedDir() ? false : SKIP_SHARED }, async () => {
  const real = realCatalogSession(sharedDir());
  const ts = new ToolSearch({ config: { ranking: "enhanced" } });
  const out = JSON.parse(
    await ts.toolSearch(
      {
        queries: [
          "book a flight to Paris next Tuesday",
          "could you open a bug in our tracker about the login crash",
          "Jira スプリント作成",
          "k8s describe pod",
          "mcp--redis--set",
        ],
      },
      real,
    ),
  );
  // No tool books flights: labelled low, its list whole up to the limit.
  assert.equal(out.results[0].confidence, "low");
  assert.equal(out.results[0].matches.length, 5);
  assert.ok(out.results[1].matches.some((n) => /create_?issue/i.test(n)), JSON.stringify(out.results[1]));
  assert.ok(out.results[2].matches.slice(0, 3).includes("mcp_atlassian_jira_create_sprint"), JSON.stringify(out.results[2]));
  assert.ok(out.results[3].matches.includes("mcp_kubernetes_kubectl_describe"), JSON.stringify(out.results[3]));
  assert.equal(out.results[4].matches[0], "mcp_redis_set");
});

test("enhanced reads property descriptions and enum values, and sees them change", () => {
  const ts = new ToolSearch({ config: { ranking: "enhanced" } });
  const kube = tool("cluster_get_resources", "Get resources of a given type.", ["kind", "output"]);
  const { properties } = kube.function.parameters;
  properties.kind.description = "Resource type, for example pods or services";
  properties.output.enum = ["json", "yaml"];
  // Parameter text counts only for words some tool names or describes.
  const pods = tool("cluster_list_pods", "List pods, printed as yaml.", []);
  const withKube = {
    tools: [...tools, kube, pods],
    toolsets: { ...session.toolsets, cluster_get_resources: "mcp-cluster", cluster_list_pods: "mcp-cluster" },
  };
  const coverage = (query) =>
    ts.explain(query, withKube, { names: ["cluster_get_resources"] }).tools[0].coverage[0];
  assert.ok(coverage("pods") > 0);
  assert.ok(coverage("yaml") > 0);
  properties.kind.description = "Resource type";
  assert.equal(coverage("pods"), 0);
  properties.output.enum = ["json"];
  assert.equal(coverage("yaml"), 0);
  assert.equal(coverage("fax"), 0);
});

test("search-only keywords find a tool, are never shown, and are read again when they change", async () => {
  const shipment = tool("post_create_shipment", "Create a shipment.", ["address"]);
  shipment._meta = { "toolsearch/keywords": ["send a parcel", "courier"], other: 1 };
  const letters = tool("post_track_letter", "Track a letter by its number.", ["number"]);
  const posted = { tools: [shipment, letters], toolsets: { post_create_shipment: "mcp-post", post_track_letter: "mcp-post" } };
  const ts = new ToolSearch();
  const first = async (query, s = posted) => JSON.parse(await ts.toolSearch({ queries: [query] }, s)).results[0].matches[0];
  assert.equal(await first("courier for my parcel"), "post_create_shipment");
  const described = await ts.toolDescribe({ names: ["post_create_shipment"] }, posted);
  assert.doesNotMatch(described, /courier|send a parcel|toolsearch\/keywords/);
  assert.equal(ts.findability(posted).keywords, 1);
  // Changed in place, the keywords are read again.
  shipment._meta["toolsearch/keywords"][1] = "freight";
  assert.equal(await first("freight"), "post_create_shipment");
  shipment._meta = { "toolsearch/keywords": "parcel locker" };
  assert.equal(await first("locker"), "post_create_shipment");
  assert.equal(await first("freight"), undefined);
  // A frozen tool is read once and trusted; its keywords are part of it.
  const frozen = Object.freeze({ ...letters, _meta: Object.freeze({ "toolsearch/keywords": Object.freeze(["registered mail"]) }) });
  const withFrozen = { tools: Object.freeze([shipment, frozen]), toolsets: posted.toolsets };
  assert.equal(await first("registered mail", withFrozen), "post_track_letter");
  // The reference ranking reads the spec's documents only.
  const reference = new ToolSearch({ config: { ranking: "reference" } });
  assert.deepEqual(JSON.parse(await reference.toolSearch({ queries: ["locker"] }, posted)).results[0].matches, []);
});
