// explain and fromMcp through the package.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { workedExample } from "./support.mjs";

test("explain gives the worked example's scores and per-term contributions (§6.4)", () => {
  const example = workedExample();
  const ts = new ToolSearch({ config: example.config });
  const session = { tools: example.tools };
  const out = ts.explain("create issue github repository title", session);
  assert.equal(out.gate, "creat");
  assert.deepEqual(out.answerable, ["creat", "issu", "github", "repositori", "titl"]);
  assert.equal(out.requiredCoverage, 3);
  assert.equal(out.tools.length, 1);
  const [hit] = out.tools;
  assert.equal(hit.name, "github_create_issue");
  assert.equal(hit.rank, 1);
  assert.equal(hit.verdict, "admitted");
  assert.ok(Math.abs(hit.score - 6.35883) < 5e-6, `${hit.score}`);
  const sum = hit.terms.reduce((s, t) => s + t.contribution, 0);
  assert.ok(Math.abs(sum - hit.score) < 1e-12);
  const why = ts.explain("run shell command execute code", session, {
    names: ["gist_save_snippet", "codeql_scan", "github_list_issues", "missing"],
  });
  assert.deepEqual(why.tools.map((t) => [t.name, t.verdict, t.rank]), [
    ["gist_save_snippet", "no_gate", null],
    ["codeql_scan", "no_gate", null],
    ["github_list_issues", "no_gate", null],
  ]);
  const runGate = ts.explain("run shell command execute code", session, { names: ["github_rerun_failed_workflow_run_jobs"] });
  assert.equal(runGate.tools[0].verdict, "below_floor");
  assert.equal(runGate.tools[0].covered, 1);
  const exact = ts.explain("github_create_issue", session);
  assert.deepEqual([exact.tools[0].verdict, exact.tools[0].score], ["exact_name", null]);
  assert.deepEqual(ts.explain("", session, { names: ["codeql_scan"] }).tools[0].verdict, "no_tokens");
});

test("fromMcp names tools mcp__<server>__<tool> in toolset mcp-<server>", async () => {
  const list = { tools: [{ name: "read_file", description: "Read a file", inputSchema: { type: "object" } }, { name: "get.env" }] };
  const imported = ToolSearch.fromMcp("file system", list);
  assert.deepEqual(imported.tools.map((t) => t.name), ["mcp__file_system__read_file", "mcp__file_system__get_env"]);
  assert.deepEqual(imported.toolsets, { mcp__file_system__read_file: "mcp-file_system", mcp__file_system__get_env: "mcp-file_system" });
  assert.deepEqual(imported.origins.mcp__file_system__get_env, { server: "file system", tool: "get.env" });
  const ts = new ToolSearch();
  const out = JSON.parse(await ts.toolSearch({ queries: ["read file"] }, imported));
  assert.equal(out.results[0].matches[0], "mcp__file_system__read_file");
  assert.deepEqual(ToolSearch.fromMcp("s", null), { tools: [], toolsets: {}, toolset: "mcp-s", pinned: [], origins: {}, warnings: [] });
});
