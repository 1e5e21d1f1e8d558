// One reading of a tool: the package reads sessions through its tool views
// (pkg/src/views.js, src/wasm/decode.rs), native hosts, tests and the fuzzer
// through the engine's JSON path (`session_from_json`). The same sessions go
// through both, the real catalogs and random sessions of odd shapes from a
// seeded generator, and everything the engine answers must agree: the
// assembly, tool_search and tool_describe answers, and tool_call's
// resolution. The JSON path runs in examples/parity.rs, which `cargo test`
// builds. PARITY_CASES and PARITY_SEED run more random sessions, or others.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ToolSearch } from "toolsearch";
import { SKIP_SHARED, generator, realCatalogSession, root, sharedDir } from "./support.mjs";

const NATIVE = join(root, "target", "debug", "examples", "parity");

/** What the native JSON path makes of each case (one process for all of them). */
function native(cases) {
  const input = cases.map((c) => JSON.stringify(c)).join("\n");
  const output = execFileSync(NATIVE, { input, maxBuffer: 1 << 30, encoding: "utf8" });
  return output.trimEnd().split("\n").map((line) => JSON.parse(line));
}

/** What the package makes of a case. */
async function packaged({ config, session, contextLength, queries, names, calls }) {
  const ts = new ToolSearch({ config });
  const assembly = ts.assemble(session, { contextLength, format: "openai" });
  // The visible tools come first, in session order, then the bridges.
  const bridge = assembly.tools.slice(assembly.tools.length - (assembly.activated ? 3 : 0));
  const visible = [];
  for (const tool of assembly.tools.slice(0, assembly.tools.length - bridge.length)) {
    visible.push(session.tools.indexOf(tool, visible.length === 0 ? 0 : visible.at(-1) + 1));
  }
  const searches = [];
  for (const query of queries) searches.push(await ts.toolSearch({ queries: [query] }, session));
  const outcome = {
    assembly: {
      visible,
      bridge,
      tier: assembly.tier,
      deferredCount: assembly.deferredCount,
      deferredTokens: assembly.deferredTokens,
      warnings: assembly.warnings,
    },
    searches,
    described: await ts.toolDescribe({ names }, session),
    resolutions: calls.map((call) => ts.resolveToolCall(call, session)),
  };
  ts.free();
  return outcome;
}

async function assertParity(cases) {
  const expected = native(cases);
  for (const [i, c] of cases.entries()) {
    const got = await packaged(c);
    const want = expected[i];
    want.assembly.bridge = JSON.parse(want.assembly.bridge);
    assert.deepEqual(got, want, `case ${i}: ${JSON.stringify(c).slice(0, 300)}`);
  }
}

/** Random sessions of every shape a host sends: three tool shapes, odd values, framing characters in text. */
function randomSessions(count, seed) {
  const random = generator(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const words = ["read", "file", "create_issue", "Send-Mail", "listÉvents", "日本語の説明", "🙂", "a\u0000b", "x\u0001y\u0002z\u0003\u0004", "", " ", "mcp__files__read_file"];
  const text = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(words)).join(pick([" ", "_", ""]));
  const odd = () => pick([null, 3, true, [], {}, text()]);
  const schema = () => {
    const properties = {};
    for (let i = Math.floor(random() * 4); i > 0; i--) {
      properties[text()] = pick([
        { type: "string", description: text() },
        { type: "string", enum: [text(), text(), 3] },
        { description: odd() },
        odd(),
      ]);
    }
    return pick([{ type: "object", properties, required: pick([Object.keys(properties), [text(), 4], odd()]) }, odd()]);
  };
  const tool = () => {
    const name = random() < 0.9 ? `${pick(["mcp__", "", "plugin_"])}${text()}` : odd();
    const description = random() < 0.8 ? text() : odd();
    const made = pick([
      { type: "function", function: { name, description, parameters: schema() } },
      { name, description, input_schema: schema() },
      { name, description, inputSchema: schema() },
      odd(),
    ]);
    // Search-only keywords, of every shape a host may write them in.
    if (made !== null && typeof made === "object" && !Array.isArray(made) && random() < 0.4) {
      made._meta = pick([
        { "toolsearch/keywords": text() },
        { "toolsearch/keywords": [text(), 3, `${text()}\r\n${text()}`] },
        { "toolsearch/keywords": odd(), other: text() },
        odd(),
      ]);
    }
    return made;
  };
  return Array.from({ length: count }, () => {
    const tools = Array.from({ length: 1 + Math.floor(random() * 12) }, tool);
    const toolsets = {};
    for (const t of tools) {
      const name = t?.function?.name ?? t?.name;
      if (typeof name === "string" && random() < 0.85) toolsets[name] = pick(["mcp-files", "mcp-mail", "terminal", 3, null, ""]);
    }
    const owners = random() < 0.3 ? Object.fromEntries(Object.keys(toolsets).map((n) => [n, pick(["plugin-x", "", 4])])) : undefined;
    const names = Object.keys(toolsets).slice(0, 3);
    return {
      config: { ranking: pick(["reference", "enhanced"]) },
      session: owners ? { tools, toolsets, owners } : { tools, toolsets },
      contextLength: pick([2000, 200000]),
      queries: [text(), "read file", names[0] ?? "x"],
      names: [...names, "nothing"],
      calls: names.map((name) => ({ calls: [{ name, arguments: {} }] })),
    };
  });
}

const skip = existsSync(NATIVE) ? false : process.env.CI === "true" ? false : "the JSON path's binary is missing: build it with `cargo test` (or `cargo build --example parity`)";

test("random sessions of every shape read the same through the package and the JSON path", { skip }, async () => {
  await assertParity(randomSessions(Number(process.env.PARITY_CASES ?? 300), Number(process.env.PARITY_SEED ?? 42)));
});

test("the real catalog reads the same through the package and the JSON path", { skip }, async (t) => {
  const dir = sharedDir();
  if (dir === null) return t.skip(SKIP_SHARED);
  const session = realCatalogSession(dir);
  const names = session.tools.slice(0, 40).map((tool) => tool.function.name);
  const cases = ["reference", "enhanced"].map((ranking) => ({
    config: { ranking },
    session,
    contextLength: 200000,
    queries: ["create a github issue", "send an email to my team", "スラックに投稿", "list s3 buckets", "zzqx"],
    names,
    calls: names.slice(0, 10).map((name) => ({ calls: [{ name, arguments: {} }] })),
  }));
  await assertParity(cases);
});
