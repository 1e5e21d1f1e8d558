// A tools array that cannot change is trusted by identity: read once, then
// its ids reused without reading its tools; anything that can change in it
// is read every turn as before.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { tool } from "./support.mjs";

/** `value` frozen all the way down. */
function deepFreeze(value) {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze(value[key]);
  }
  return value;
}

/** A frozen tool behind a proxy that notes the fields read of it. */
function counted(def, reads) {
  return new Proxy(deepFreeze(def), {
    get(target, key, receiver) {
      reads.push(String(key));
      return Reflect.get(target, key, receiver);
    },
  });
}

const tools = () => [
  tool("mcp__github__create_issue", "Create a new issue in a GitHub repository", ["title"]),
  tool("mcp__slack__post_message", "Post a message to a Slack channel", ["text"]),
];
const toolsets = { mcp__github__create_issue: "mcp-github", mcp__slack__post_message: "mcp-slack" };
const search = async (ts, session, query) => (await ts.answer("tool_search", { queries: [query] }, session)).matches;

test("frozen: a frozen session is read once, then trusted by identity, with the same results", async () => {
  const reads = [];
  const list = Object.freeze(tools().map((def) => counted(def, reads)));
  const session = { tools: list, toolsets: Object.freeze({ ...toolsets }) };
  const ts = new ToolSearch();
  const plain = await search(new ToolSearch(), { tools: tools(), toolsets }, "post a slack message");
  assert.deepEqual(await search(ts, session, "post a slack message"), plain);
  assert.ok(reads.includes("function"));
  // Later turns, the same array in a new session object: no tool is read but
  // for the annotations of the records returned.
  reads.length = 0;
  for (let i = 0; i < 3; i++) assert.deepEqual(await search(ts, { tools: list, toolsets: session.toolsets }, "post a slack message"), plain);
  assert.deepEqual([...new Set(reads)], ["annotations"]);
  // Describe and call still read the tool itself.
  const described = JSON.parse(await ts.toolDescribe({ names: ["mcp__slack__post_message"] }, session));
  assert.equal(described.tools.mcp__slack__post_message.description, "Post a message to a Slack channel");
});

test("frozen: what can change is read every turn: a getter, an unfrozen tool, unfrozen toolsets", async () => {
  const ts = new ToolSearch();
  // A getter of a frozen tool may answer differently each time.
  let description = "Post a message to a Slack channel";
  const getter = tool("mcp__slack__post_message", "", ["text"]);
  const fn = { ...getter.function };
  Object.defineProperty(fn, "description", { get: () => description, enumerable: true });
  const withGetter = Object.freeze([Object.freeze({ ...getter, function: Object.freeze(fn) })]);
  const session = { tools: withGetter, toolsets: Object.freeze({ ...toolsets }) };
  assert.deepEqual(await search(ts, session, "slack channel message"), ["mcp__slack__post_message"]);
  description = "Print a greeting";
  assert.deepEqual(await search(ts, session, "print greeting"), ["mcp__slack__post_message"]);
  // A frozen array of tools that are not frozen: an edit in place is seen.
  const open = tools();
  const list = Object.freeze(open);
  assert.deepEqual(await search(ts, { tools: list, toolsets }, "github issue"), ["mcp__github__create_issue"]);
  open[0].function.description = "Water the plants";
  assert.deepEqual(await search(ts, { tools: list, toolsets }, "water plants"), ["mcp__github__create_issue"]);
  // Frozen tools with toolsets that can change: a new toolset is seen.
  const frozenTools = deepFreeze(tools());
  const sets = { ...toolsets };
  assert.deepEqual(await search(ts, { tools: frozenTools, toolsets: sets }, "github issue"), ["mcp__github__create_issue"]);
  delete sets.mcp__github__create_issue;
  assert.deepEqual(await search(ts, { tools: frozenTools, toolsets: sets }, "github issue"), []);
});

test("frozen: frozen tools in a new array each turn are read once each; the array's changes are seen", async () => {
  const reads = [];
  const [github, slack] = tools().map((def) => counted(def, reads));
  const open = tool("mcp__notes__add_note", "Add a note to the notebook", ["text"]);
  const sets = Object.freeze({ ...toolsets, mcp__notes__add_note: "mcp-notes" });
  const ts = new ToolSearch();
  const plain = await search(new ToolSearch(), { tools: tools(), toolsets }, "post a slack message");
  assert.deepEqual(await search(ts, { tools: [github, slack, open], toolsets: sets }, "post a slack message"), plain);
  assert.ok(reads.includes("function"));
  // Later turns: a new array of the same frozen tools reads none of them but
  // for the records' annotations, while the unfrozen one is read every turn.
  reads.length = 0;
  for (let i = 0; i < 3; i++) {
    assert.deepEqual(await search(ts, { tools: [github, slack, open], toolsets: sets }, "post a slack message"), plain);
  }
  assert.deepEqual([...new Set(reads)], ["annotations"]);
  open.function.description = "Water the plants";
  assert.deepEqual(await search(ts, { tools: [github, slack, open], toolsets: sets }, "water plants"), ["mcp__notes__add_note"]);
  // The array is the host's to change: a tool left out is no longer found.
  const without = await search(ts, { tools: [github, open], toolsets: sets }, "post a slack message");
  assert.ok(plain.includes("mcp__slack__post_message") && !without.includes("mcp__slack__post_message"), String(without));
});

test("frozen: a tool that changes while it is read and is frozen after is read again", async () => {
  const target = tool("mcp__slack__post_message", "Post a message to a Slack channel", ["text"]);
  let swapped = false;
  // Freezing happens between the read of the view and the check that the
  // tool cannot change: the view read is stale, and must not be trusted.
  const tricky = new Proxy(target, {
    isExtensible(t) {
      if (!swapped) {
        swapped = true;
        t.function = { ...t.function, description: "Print a greeting" };
        deepFreeze(t);
      }
      return Reflect.isExtensible(t);
    },
  });
  const ts = new ToolSearch();
  const sets = { mcp__slack__post_message: "mcp-slack" };
  assert.deepEqual(await search(ts, { tools: [tricky], toolsets: sets }, "slack channel message"), ["mcp__slack__post_message"]);
  assert.ok(swapped);
  assert.deepEqual(await search(ts, { tools: [tricky], toolsets: sets }, "print greeting"), ["mcp__slack__post_message"]);
});

test("frozen: what a frozen tool lacks is trusted only where it cannot appear later", async () => {
  // A frozen `function` without a description, on a prototype that can change.
  const proto = {};
  const fn = Object.freeze(
    Object.assign(Object.create(proto), {
      name: "mcp__notes__add_note",
      parameters: Object.freeze({ type: "object", properties: Object.freeze({ text: Object.freeze({ type: "string" }) }) }),
    }),
  );
  const notes = Object.freeze({ type: "function", function: fn });
  const [github] = tools().map(deepFreeze);
  const sets = Object.freeze({ mcp__notes__add_note: "mcp-notes", mcp__github__create_issue: "mcp-github" });
  const ts = new ToolSearch();
  assert.ok(!(await search(ts, { tools: [notes, github], toolsets: sets }, "water plants")).includes("mcp__notes__add_note"));
  proto.description = "Water the plants in the garden";
  assert.deepEqual((await search(ts, { tools: [notes, github], toolsets: sets }, "water plants"))[0], "mcp__notes__add_note");
});

test("frozen: a frozen enum that claims billions of items is checked up to what the view reads", async () => {
  const values = [];
  values.length = 2 ** 32 - 1;
  values[0] = "crimson";
  const pick = deepFreeze(tool("mcp__paint__pick_colour", "Pick a colour for the wall", ["colour"]));
  const withEnum = Object.freeze({
    ...pick,
    function: Object.freeze({
      ...pick.function,
      parameters: Object.freeze({
        type: "object",
        properties: Object.freeze({ colour: Object.freeze({ type: "string", enum: Object.freeze(values) }) }),
      }),
    }),
  });
  const ts = new ToolSearch();
  const session = () => ({ tools: [withEnum], toolsets: { mcp__paint__pick_colour: "mcp-paint" } });
  for (let i = 0; i < 2; i++) assert.deepEqual(await search(ts, session(), "pick a colour"), ["mcp__paint__pick_colour"]);
});

test("frozen: frozen tools met with another frozen toolsets map take its toolsets", async () => {
  const list = tools().map(deepFreeze);
  const both = Object.freeze({ ...toolsets });
  const slackOnly = Object.freeze({ mcp__slack__post_message: "mcp-slack" });
  const ts = new ToolSearch();
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(await search(ts, { tools: [...list], toolsets: both }, "github issue"), ["mcp__github__create_issue"]);
    // Without its toolset the GitHub tool is no deferred tool: search does not find it.
    assert.ok(!(await search(ts, { tools: [...list], toolsets: slackOnly }, "github issue")).includes("mcp__github__create_issue"));
  }
});

test("frozen: a frozen toolsets map with a hidden getter is read every turn", async () => {
  const list = tools().map(deepFreeze);
  let toolset = "mcp-github";
  const sets = { mcp__slack__post_message: "mcp-slack" };
  Object.defineProperty(sets, "mcp__github__create_issue", { get: () => toolset, enumerable: false });
  Object.freeze(sets);
  const ts = new ToolSearch();
  assert.deepEqual(await search(ts, { tools: [...list], toolsets: sets }, "github issue"), ["mcp__github__create_issue"]);
  toolset = null;
  assert.ok(!(await search(ts, { tools: [...list], toolsets: sets }, "github issue")).includes("mcp__github__create_issue"));
});

test("frozen: a frozen toolsets map behind a proxy revoked since is read again", async () => {
  const list = tools().map(deepFreeze);
  const { proxy, revoke } = Proxy.revocable(Object.freeze({ ...toolsets }), {});
  const ts = new ToolSearch();
  assert.deepEqual(await search(ts, { tools: [...list], toolsets: proxy }, "github issue"), ["mcp__github__create_issue"]);
  revoke();
  // A revoked map reads as holding no toolsets, as a fresh engine reads it.
  const fresh = await search(new ToolSearch(), { tools: [...list], toolsets: proxy }, "github issue");
  assert.deepEqual(await search(ts, { tools: [...list], toolsets: proxy }, "github issue"), fresh);
  assert.ok(!fresh.includes("mcp__github__create_issue"));
});

test("frozen: a frozen session whose toolsets map is a proxy revoked since is read again", async () => {
  const list = Object.freeze(tools().map(deepFreeze));
  const { proxy, revoke } = Proxy.revocable(Object.freeze({ ...toolsets }), {});
  const ts = new ToolSearch();
  assert.deepEqual(await search(ts, { tools: list, toolsets: proxy }, "github issue"), ["mcp__github__create_issue"]);
  revoke();
  const fresh = await search(new ToolSearch(), { tools: list, toolsets: proxy }, "github issue");
  assert.deepEqual(await search(ts, { tools: list, toolsets: proxy }, "github issue"), fresh);
  assert.ok(!fresh.includes("mcp__github__create_issue"));
});

test("frozen: a tools array behind a proxy that throws on the freeze check is read as any other list", async () => {
  const list = tools().map(deepFreeze);
  const throwing = new Proxy(list, {
    isExtensible() {
      throw new Error("no");
    },
  });
  const ts = new ToolSearch();
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(await search(ts, { tools: throwing, toolsets: Object.freeze({ ...toolsets }) }, "github issue"), ["mcp__github__create_issue"]);
  }
});
