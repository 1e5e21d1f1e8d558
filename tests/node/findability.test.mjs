// The findability report through the package, on a small session and on the
// real catalog.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { SKIP_SHARED, realCatalogSession, sharedDir, tool } from "./support.mjs";

test("findability: unfound tools, near-duplicates and thin descriptions, each with a reason and a fix", () => {
  const session = {
    tools: [
      tool("mcp__github__create_issue", "Create a new issue in a GitHub repository.", ["title"]),
      tool("mcp__gitlab__create_issue", "Create a new issue in a GitLab project.", ["title"]),
      tool("mcp__util__zq", ""),
    ],
    toolsets: { mcp__github__create_issue: "mcp-github", mcp__gitlab__create_issue: "mcp-gitlab", mcp__util__zq: "mcp-util" },
  };
  const report = new ToolSearch().findability(session);
  assert.equal(report.tools, 3);
  assert.deepEqual(report.duplicates.map((d) => d.names), [["mcp__github__create_issue", "mcp__gitlab__create_issue"]]);
  assert.deepEqual(report.thin, [{ name: "mcp__util__zq", description: "", fix: report.thin[0].fix }]);
  assert.match(report.thin[0].fix, /Describe what the tool does/);
  for (const finding of report.unfound) {
    assert.ok(["name", "description"].includes(finding.from));
    assert.ok(finding.reason.length > 0 && finding.fix.length > 0);
  }
  // A prepared session is read as it was prepared.
  const ts = new ToolSearch();
  assert.deepEqual(ts.findability(ts.prepare(session)), report);
});

test("findability on the real catalog", { skip: sharedDir() ? false : SKIP_SHARED }, () => {
  const report = new ToolSearch().findability(realCatalogSession(sharedDir()));
  assert.equal(report.tools, 1873);
  const unfound = new Set(report.unfound.map((u) => u.name));
  assert.equal(report.found + unfound.size, report.tools);
  assert.ok(report.found > 0.8 * report.tools, `${report.found} of ${report.tools}`);
});
