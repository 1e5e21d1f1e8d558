// An agent that cannot loop, through the package: the search guard per turn
// named in ctx.turn, and tool_call of a visible tool.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { tool } from "./support.mjs";

const session = {
  tools: [
    tool("terminal", "Run a shell command", ["command"]),
    tool("mcp__github__create_issue", "Create a new issue in a GitHub repository", ["title"]),
    tool("mcp__slack__post_message", "Post a message to a Slack channel", ["text"]),
  ],
  toolsets: { mcp__github__create_issue: "mcp-github", mcp__slack__post_message: "mcp-slack", terminal: "terminal" },
};

test("guard: within a turn, a rephrased search in another language is answered short, and the cap names what was found", async () => {
  const ts = new ToolSearch({ coreTools: ["terminal"], config: { max_searches_per_turn: 3 } });
  const turn = { turn: "user-request-1" };
  const first = await ts.answer("tool_search", { queries: ["github create issue"], limit: 1 }, session, turn);
  assert.deepEqual(first.matches, ["mcp__github__create_issue"]);
  const french = await ts.answer("tool_search", { queries: ["créer un ticket GitHub"], limit: 1 }, session, turn);
  assert.equal(french.kind, "bridge");
  assert.deepEqual(french.matches, ["mcp__github__create_issue"], "hosts still read every match");
  const out = JSON.parse(french.text);
  assert.equal(out.results[0].repeated, true);
  assert.match(out.results[0].hint, /Nothing new/);
  assert.deepEqual(out.tools, {});
  await ts.answer("tool_search", { queries: ["slack"] }, session, turn);
  const refused = await ts.answer("tool_search", { queries: ["anything"] }, session, turn);
  assert.equal(refused.kind, "error");
  assert.equal(refused.class, "search_limit");
  assert.match(JSON.parse(refused.text).error, /3 times.*mcp__github__create_issue/);
  // A turn named by a number is its own; a call without a turn is not counted.
  assert.equal((await ts.answer("tool_search", { queries: ["slack"] }, session, { turn: 2 })).kind, "bridge");
  for (let i = 0; i < 8; i++) assert.equal((await ts.answer("tool_search", { queries: ["slack"] }, session)).kind, "bridge");
});

test("guard: a schema described earlier in the turn is not described again", async () => {
  const ts = new ToolSearch();
  const ctx = { turn: "t" };
  await ts.toolDescribe({ names: ["mcp__slack__post_message"] }, session, ctx);
  const again = JSON.parse(await ts.toolDescribe({ names: ["mcp__slack__post_message"] }, session, ctx));
  assert.deepEqual(again.tools, {});
  assert.deepEqual(again.described_earlier.names, ["mcp__slack__post_message"]);
});

test("tool_call runs a visible tool of the session, validated; the spec's refusal under tool_call_scope deferred", async () => {
  const ran = [];
  const host = { executeTool: (name, args) => { ran.push([name, args]); return "ok"; } };
  const ts = new ToolSearch({ coreTools: ["terminal"], host });
  const call = (args) => ts.answer("tool_call", { calls: [{ name: "terminal", arguments: args }] }, session);
  assert.equal((await call({ command: "ls" })).text, "ok");
  assert.deepEqual(ran, [["terminal", { command: "ls" }]]);
  assert.equal((await call({})).class, "missing_arguments");
  const spec = new ToolSearch({ coreTools: ["terminal"], host, config: { tool_call_scope: "deferred" } });
  const refused = await spec.answer("tool_call", { calls: [{ name: "terminal", arguments: { command: "ls" } }] }, session);
  assert.equal(refused.class, "directly_listed");
  assert.equal(ran.length, 1);
});
