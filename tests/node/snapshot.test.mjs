// Index snapshots: exportIndex gives bytes a host caches; importIndex restores
// them for the same catalog, and refuses (and rebuilds) for anything else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { tool } from "./support.mjs";

function session(description = "Open a new issue in a project") {
  const tools = [
    tool("mcp__tracker__create_issue", description, ["title"]),
    tool("mcp__tracker__list_issues", "List the issues of a project", ["state"]),
    tool("mcp__chat__post_message", "Post a message to a chat channel", ["channel", "text"]),
  ];
  const toolsets = Object.fromEntries(tools.map((t) => [t.function.name, `mcp-${t.function.name.split("__")[1]}`]));
  return { tools, toolsets };
}
const QUERIES = { queries: ["create issue", "post a message in the channel", "list issues"], limit: 5 };

for (const ranking of ["reference", "enhanced"]) {
  test(`a snapshot restores the ${ranking} indexes, and the answers stay the same`, async () => {
    const bytes = new ToolSearch({ config: { ranking } }).exportIndex(session());
    assert.ok(bytes instanceof Uint8Array && bytes.length > 0);
    const expected = await new ToolSearch({ config: { ranking } }).toolSearch(QUERIES, session());
    const ts = new ToolSearch({ config: { ranking } });
    const { session: prepared, refused } = ts.importIndex(bytes, session());
    assert.equal(refused, null);
    assert.equal(prepared.size, 3);
    assert.equal(await ts.toolSearch(QUERIES, prepared), expected);
    assert.equal(await ts.toolSearch(QUERIES, session()), expected);
    // An ArrayBuffer (as read from a cache) is taken too.
    const copy = bytes.slice().buffer;
    assert.equal(new ToolSearch({ config: { ranking } }).importIndex(copy, session()).refused, null);
  });
}

test("a snapshot of a session this instance has prepared already is not needed, and says so", async () => {
  const bytes = new ToolSearch().exportIndex(session());
  const ts = new ToolSearch();
  const s = session();
  await ts.toolSearch(QUERIES, s);
  const { refused } = ts.importIndex(bytes, s);
  assert.match(refused, /not needed: this instance had built the session's indexes already/);
  assert.equal(await ts.toolSearch(QUERIES, s), await new ToolSearch().toolSearch(QUERIES, session()));
});

test("a snapshot restores across rankings (the reference one sends no parameter text)", async () => {
  for (const [from, to] of [["reference", "enhanced"], ["enhanced", "reference"]]) {
    const bytes = new ToolSearch({ config: { ranking: from } }).exportIndex(session());
    const ts = new ToolSearch({ config: { ranking: to } });
    const { session: prepared, refused } = ts.importIndex(bytes, session());
    assert.equal(refused, null, `${from} → ${to}`);
    assert.equal(await ts.toolSearch(QUERIES, prepared), await new ToolSearch({ config: { ranking: to } }).toolSearch(QUERIES, session()));
  }
});

test("a snapshot of another catalog, or damaged, is refused and the indexes built", async () => {
  const bytes = new ToolSearch().exportIndex(session());
  const changed = session("Open a new ticket in a project");
  const expected = await new ToolSearch().toolSearch(QUERIES, changed);
  const ts = new ToolSearch();
  const other = ts.importIndex(bytes, changed);
  assert.match(other.refused, /another catalog/);
  assert.equal(await ts.toolSearch(QUERIES, other.session), expected);
  const damaged = bytes.slice();
  damaged[damaged.length - 3] ^= 0xff;
  assert.match(ts.importIndex(damaged, session()).refused, /damaged/);
  assert.match(ts.importIndex(new Uint8Array([1, 2, 3]), session()).refused, /not a toolsearch index snapshot/);
  assert.equal(await ts.toolSearch(QUERIES, session()), await new ToolSearch().toolSearch(QUERIES, session()));
  // Any view of the bytes will do.
  assert.equal(new ToolSearch().importIndex(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), session()).refused, null);
  for (const bad of [undefined, "bytes", [1, 2], {}]) {
    assert.throws(() => ts.importIndex(bad, session()), TypeError);
  }
});
