// tool_search through the package (spec §8, §6.4).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { SKIP_SHARED, realCatalogSession, sharedDir, tool, workedExample } from "./support.mjs";

const example = workedExample();
const ts = new ToolSearch({ config: example.config });
const session = { tools: example.tools };
const search = async (args) => JSON.parse(await ts.toolSearch(args, session));

test("worked example of §6.4", async () => {
  const out = await search({
    queries: [
      "run shell command execute code",
      "list issues",
      "send message",
      "create issue github repository title",
      "github_create_issue",
      "github",
      "send gmail email",
    ],
  });
  assert.deepEqual(
    out.results.map((g) => g.matches),
    [
      [],
      ["github_list_issues"],
      ["slack_send_message"],
      ["github_create_issue"],
      ["github_create_issue"],
      ["github_create_issue", "github_list_issues", "github_rerun_failed_workflow_run_jobs"],
      [],
    ],
  );
  assert.equal(out.total_available, 6);
  assert.deepEqual(Object.keys(out), ["queries", "total_available", "results", "tools"]);
  assert.deepEqual(Object.keys(out.tools), [
    "github_list_issues",
    "slack_send_message",
    "github_create_issue",
    "github_rerun_failed_workflow_run_jobs",
  ]);
  assert.deepEqual(out.tools.github_list_issues, {
    source: "other",
    source_name: "",
    description: "List issues in a repository",
    required: ["repo"],
  });
  assert.deepEqual(out.results[0].available_sources, [{ name: "other", tool_count: 6 }]);
  assert.match(out.results[0].hint, /remain available/);
  assert.match(out.results[0].hint, /before concluding/);
});

test("arguments as JSON text, and every argument error of §8.1", async () => {
  const text = JSON.parse(await ts.toolSearch('{"queries":["list issues"]}', session));
  assert.deepEqual(text.results[0].matches, ["github_list_issues"]);
  const errors = [
    [{}, "`queries` is required and must be an array of strings"],
    [null, "`queries` is required and must be an array of strings"],
    [{ queries: 3 }, "`queries` is required and must be an array of strings"],
    [{ queries: ["", " ", null, 0, false] }, "`queries` is required and must contain at least one non-empty string"],
  ];
  for (const [args, message] of errors) assert.deepEqual(await search(args), { error: message });
  const bad = await search("{not json");
  assert.match(bad.error, /not valid JSON/);
  const many = await search({ queries: ["a", "b", "c", "d", "e", "f", "g", "h"] });
  assert.match(many.error, /too many queries: 8 > max 7/);
  const seven = await search({ queries: ["a", "b", "c", "d", "e", "f", "g"] });
  assert.equal(seven.results.length, 7);
});

test("limit is per query, defaulted and clamped", async () => {
  const count = async (limit) => (await search({ queries: ["github"], limit })).results[0].matches.length;
  assert.equal(await count(undefined), 3);
  assert.equal(await count(1), 1);
  assert.equal(await count(0), 1);
  assert.equal(await count("2"), 2);
  assert.equal(await count(2.9), 2);
  assert.equal(await count("many"), 3);
  const small = new ToolSearch({ config: { ...example.config, search_default_limit: 2, max_search_limit: 2 } });
  const out = JSON.parse(await small.toolSearch({ queries: ["github"], limit: 40 }, session));
  assert.equal(out.results[0].matches.length, 2);
});

test("the three definition shapes, mixed, search alike", async () => {
  const mixed = {
    tools: [
      tool("a_openai", "alpha widget"),
      { name: "b_anthropic", description: "beta widget", input_schema: { type: "object", properties: { size: {} } } },
      { name: "c_mcp", description: "gamma widget", inputSchema: { type: "object", required: ["size"] } },
    ],
    toolsets: { a_openai: "mcp-s", b_anthropic: "mcp-s", c_mcp: "mcp-s" },
  };
  const out = JSON.parse(await new ToolSearch({ config: { ranking: "reference" } }).toolSearch({ queries: ["widget", "size"] }, mixed));
  assert.deepEqual(out.results[0].matches.sort(), ["a_openai", "b_anthropic", "c_mcp"]);
  assert.deepEqual(out.results[1].matches.sort(), ["b_anthropic"]);
  assert.deepEqual(out.tools.c_mcp.required, ["size"]);
});

test("real catalog: gold tools rank first", async (t) => {
  const dir = sharedDir();
  if (!dir) return t.skip(SKIP_SHARED);
  const real = realCatalogSession(dir);
  const out = JSON.parse(
    await new ToolSearch({ config: { ranking: "reference" } }).toolSearch(
      { queries: ["github create issue", "kubernetes logs", "mcp_github_issue_write"], limit: 10 },
      real,
    ),
  );
  assert.equal(out.total_available, 1873);
  assert.equal(out.results[0].matches[0], "mcp_github_legacy_create_issue");
  assert.ok(out.results[0].matches.includes("mcp_github_issue_write"));
  assert.equal(out.results[1].matches[0], "mcp_kubernetes_kubectl_logs");
  assert.equal(out.results[2].matches[0], "mcp_github_issue_write");
});
