// Approvals behind the bridge: a tool's annotations in search and describe
// records, and host.approve asked before a deferred tool runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";

const deleteRepo = {
  name: "delete_repo",
  description: "Delete a repository for good",
  inputSchema: { type: "object", properties: { repo: { type: "string" } }, required: ["repo"] },
  annotations: { title: "Delete repository", destructiveHint: true, readOnlyHint: false, openWorldHint: "no" },
};
const listRepos = { name: "list_repos", description: "List repositories", inputSchema: { type: "object", properties: {} } };
const session = { tools: [deleteRepo, listRepos], toolsets: { delete_repo: "mcp-git", list_repos: "mcp-git" } };
const shown = { title: "Delete repository", readOnlyHint: false, destructiveHint: true };
const deleteProd = { calls: [{ name: "delete_repo", arguments: { repo: "prod" } }] };

/** A ToolSearch whose approve answers `verdict(name, args, annotations)`; `asked` and `ran` record the calls. */
function approving(verdict) {
  const asked = [];
  const ran = [];
  const host = {
    approve: (name, args, annotations, ctx) => {
      asked.push({ name, args, annotations, ctx });
      return verdict(name, args, annotations);
    },
    executeTool: (name, args) => {
      ran.push(name);
      return `ran ${name} on ${args.repo}`;
    },
  };
  return { ts: new ToolSearch({ host }), asked, ran };
}

test("approvals: search and describe records carry a tool's annotations; a tool without them keeps the plain record", async () => {
  const ts = new ToolSearch();
  const found = JSON.parse(await ts.toolSearch({ queries: ["delete repository"] }, session));
  assert.deepEqual(found.tools.delete_repo.annotations, shown);
  const described = JSON.parse(await ts.toolDescribe({ names: ["delete_repo", "list_repos"] }, session));
  assert.deepEqual(described.tools.delete_repo.annotations, shown);
  assert.deepEqual(Object.keys(described.tools.list_repos), ["description", "parameters"]);
  // A getter that throws on `annotations` reads as no annotations.
  const hostile = { ...listRepos, name: "list_hostile", get annotations() { throw new Error("no"); } };
  const out = JSON.parse(await ts.toolSearch({ queries: ["list hostile"] }, { tools: [hostile], toolsets: { list_hostile: "x" } }));
  assert.equal(out.tools.list_hostile.annotations, undefined);
});

test("approvals: approve sees the name, the validated arguments, the annotations and ctx, then the tool runs", async () => {
  const { ts, asked, ran } = approving(() => true);
  const ctx = { turn: 7 };
  const answer = await ts.answer("tool_call", deleteProd, session, ctx);
  assert.equal(answer.kind, "tool");
  assert.equal(answer.text, "ran delete_repo on prod");
  assert.deepEqual(ran, ["delete_repo"]);
  assert.equal(asked.length, 1);
  assert.equal(asked[0].name, "delete_repo");
  assert.deepEqual(asked[0].args, { repo: "prod" });
  assert.deepEqual(asked[0].annotations, shown);
  assert.equal(asked[0].ctx, ctx);
  await ts.answer("tool_call", { calls: [{ name: "list_repos", arguments: {} }] }, session);
  assert.deepEqual(asked[1].annotations, {}, "no annotations: an empty object");
  // Arguments that fail the schema are refused before anyone is asked.
  const invalid = await ts.answer("tool_call", { calls: [{ name: "delete_repo", arguments: {} }] }, session);
  assert.equal(invalid.class, "missing_arguments");
  assert.equal(asked.length, 2);
});

test("approvals: deny, ask and a failing approve each stop the call with their own class, and the model reads why", async () => {
  const cases = [
    [() => false, "denied", "did not allow 'delete_repo'"],
    [() => ({ allow: false, reason: "prod is protected" }), "denied", "prod is protected"],
    [() => "ask", "approval_required", "ask them to approve it"],
    [async () => ({ ask: true, reason: "Delete prod for good?" }), "approval_required", "The host asks: Delete prod for good?"],
    [() => { throw new Error("no approval UI"); }, "approval_failed", "no approval UI"],
    [() => Promise.reject(new Error("closed")), "approval_failed", "closed"],
  ];
  for (const [verdict, kind, fragment] of cases) {
    const { ts, ran } = approving(verdict);
    const answer = await ts.answer("tool_call", deleteProd, session);
    assert.equal(answer.kind, "error", kind);
    assert.equal(answer.class, kind);
    const { error } = JSON.parse(answer.text);
    assert.ok(error.includes(fragment) && error.includes("NOT invoked"), error);
    assert.deepEqual(ran, [], `${kind}: the tool ran`);
  }
  for (const allowed of [true, undefined, null, { allow: true }, "yes", { ask: false }]) {
    const { ts, ran } = approving(() => allowed);
    assert.equal((await ts.answer("tool_call", deleteProd, session)).kind, "tool", JSON.stringify(allowed));
    assert.deepEqual(ran, ["delete_repo"]);
  }
});

test("approvals: a deferred tool the model loaded and calls directly (runTool) is asked about too", async () => {
  const { ts, asked, ran } = approving(() => ({ allow: false, reason: "not today" }));
  const answer = await ts.runTool("delete_repo", { repo: "prod" }, session);
  assert.equal(answer.class, "denied");
  assert.match(JSON.parse(answer.text).error, /not today/);
  assert.equal(asked.length, 1);
  assert.deepEqual(ran, []);
});
