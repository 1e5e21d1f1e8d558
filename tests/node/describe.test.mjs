// tool_describe through the package (spec §9).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { tool } from "./support.mjs";

// The spec's scope: a tool that does not defer is refused, not described.
const ts = new ToolSearch({ coreTools: ["terminal"], config: { tool_call_scope: "deferred" } });
const schema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };
const session = {
  tools: [
    tool("terminal", "Run a command", ["command"]),
    { name: "mcp__github__create_issue", description: "Open an issue", inputSchema: schema },
    { name: "preview", description: "GUI" },
  ],
  toolsets: { mcp__github__create_issue: "mcp-github", preview: "desktop_ui", other_agent_tool: "kanban", setup_wizard: "setup" },
};
const describe = async (args) => JSON.parse(await ts.toolDescribe(args, session));

test("full schemas as stored, names deduplicated, request order", async () => {
  const out = await describe({ names: ["mcp__github__create_issue", "mcp__github__create_issue"] });
  assert.deepEqual(out, { tools: { mcp__github__create_issue: { description: "Open an issue", parameters: schema } } });
  const single = await describe({ names: "mcp__github__create_issue" });
  assert.deepEqual(Object.keys(single.tools), ["mcp__github__create_issue"]);
});

test("not_found with its hint, errors for tools that do not defer", async () => {
  const out = await describe({ names: ["ghost", "terminal", "preview", "other_agent_tool", "setup_wizard", "connectors__gmail__X"] });
  assert.deepEqual(Object.keys(out), ["tools", "not_found", "hint", "errors"]);
  // A registered tool that would defer but is not in this session is
  // not_found (§9 step 4); one that does not defer is refused.
  assert.deepEqual(out.not_found, ["ghost", "other_agent_tool", "connectors__gmail__X"]);
  assert.match(out.hint, /tool_search/);
  assert.match(out.errors.terminal, /directly-listed tool/);
  assert.match(out.errors.terminal, /call it directly/);
  assert.match(out.errors.preview, /directly-listed tool/);
  assert.match(out.errors.setup_wizard, /not available in this session/);
});

test("argument errors and the 10-name cap", async () => {
  assert.deepEqual(await describe({}), { error: "`names` is required and must be an array of strings" });
  const eleven = await describe({ names: Array.from({ length: 11 }, (_, i) => `n${i}`) });
  assert.match(eleven.error, /too many names: 11 > max 10/);
  const ten = await describe({ names: Array.from({ length: 10 }, (_, i) => `n${i}`) });
  assert.equal(ten.not_found.length, 10);
});

test("schemas are read live from the host's objects", async () => {
  const live = { name: "live", description: "v1", inputSchema: { type: "object", properties: { a: { type: "string" } } } };
  const s = { tools: [live], toolsets: { live: "mcp-x" } };
  const first = JSON.parse(await ts.toolDescribe({ names: ["live"] }, s));
  assert.equal(first.tools.live.parameters.properties.a.type, "string");
  live.inputSchema.properties.a.type = "integer";
  const second = JSON.parse(await ts.toolDescribe({ names: ["live"] }, s));
  assert.equal(second.tools.live.parameters.properties.a.type, "integer");
});

test("a flat Responses API tool is searched, described and checked by its parameters; a schema in no known place is warned of", async () => {
  const parameters = { type: "object", properties: { city: { type: "string", description: "City to forecast" } }, required: ["city"] };
  const flat = { type: "function", name: "mcp__weather__forecast", description: "Forecast the weather", parameters, strict: true };
  const odd = { name: "mcp__weather__odd", description: "Odd shape", schema: parameters };
  for (const tools of [[flat, odd], Object.freeze([Object.freeze(flat), Object.freeze(odd)])]) {
    const s = { tools, toolsets: { mcp__weather__forecast: "mcp-weather", mcp__weather__odd: "mcp-weather" } };
    const found = JSON.parse(await ts.toolSearch({ queries: ["city"] }, s));
    assert.deepEqual(found.results[0].matches, ["mcp__weather__forecast"]);
    assert.deepEqual(found.tools.mcp__weather__forecast.required, ["city"]);
    const out = JSON.parse(await ts.toolDescribe({ names: ["mcp__weather__forecast"] }, s));
    assert.deepEqual(out.tools.mcp__weather__forecast, { description: "Forecast the weather", parameters });
    const refused = JSON.parse(await ts.toolCall({ calls: [{ name: "mcp__weather__forecast", arguments: {} }] }, s));
    assert.match(JSON.stringify(refused), /city/);
    const { warnings } = ts.assemble(s, { contextLength: 2000 });
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0], /^1 deferred tools \(mcp__weather__odd\) have no parameters schema/);
  }
});
