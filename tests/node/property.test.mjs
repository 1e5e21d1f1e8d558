// Property test of the public surface: random hostile values for
// every method, option and callback, from a seeded generator (the same cases on
// every run). Invariants: no call throws except the documented TypeError for
// a session that is no object, every bridge answer is JSON text (or a tool's
// own text), and afterwards the instance answers a normal search exactly as a
// new instance with the same options does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch, tokenize } from "toolsearch";
import { generator, tool } from "./support.mjs";

const CASES = 400;

const session = {
  tools: [
    tool("mcp__files__read_file", "Read a file from disk", ["path"]),
    tool("mcp__tracker__create_ticket", "Create a ticket in the tracker", ["title"]),
  ],
  toolsets: { mcp__files__read_file: "mcp-files", mcp__tracker__create_ticket: "mcp-tracker" },
};

function hostileValues(random) {
  const pick = (items) => items[Math.floor(random() * items.length)];
  const cyclic = {};
  cyclic.self = cyclic;
  const throwing = Object.defineProperty({}, "queries", { enumerable: true, get() { throw new Error("getter"); } });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const throwingList = new Proxy([{ name: "x" }], {
    get(target, key) {
      if (key === "0" || key === "length") throw new Error("list");
      return Reflect.get(target, key);
    },
  });
  const strings = ["", " ", "\u0000", "\ud800", "{", "[]", "null", "{\"queries\":", "x".repeat(5000), "mcp__files__read_file", "read file", "🙂".repeat(50)];
  const numbers = [0, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 32, 2 ** 53, Number.MAX_VALUE, -0];
  const atoms = [null, undefined, true, false, 10n, Symbol("s"), () => 1, cyclic, throwing, revoked.proxy, new Date(0), /x/, new Uint8Array(3), [], {}, throwingList];
  const value = (depth) => {
    const kind = random();
    if (depth > 3 || kind < 0.3) return pick([...strings, ...numbers, ...atoms]);
    if (kind < 0.6) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    const keys = ["queries", "names", "limit", "calls", "name", "arguments", "action", "connectors", "__proto__", "constructor", "tools", "function"];
    const object = {};
    // Own properties, as JSON.parse makes them ("__proto__" included).
    for (let i = Math.floor(random() * 4); i > 0; i--) {
      Object.defineProperty(object, pick(keys), { value: value(depth + 1), enumerable: true, configurable: true, writable: true });
    }
    return object;
  };
  return { value, pick };
}

function bridgeArgs(random, value, pick) {
  const args = value(0);
  const shaped = [
    { queries: [value(2), "read file"], limit: value(2) },
    { names: [value(2), "mcp__files__read_file"] },
    { calls: [{ name: pick(["mcp__files__read_file", value(2)]), arguments: value(1) }] },
    JSON.stringify({ queries: ["read file"], limit: 3 }).slice(0, Math.floor(random() * 30)),
  ];
  return random() < 0.5 ? args : pick(shaped);
}

function assertAnswer(text, what) {
  assert.equal(typeof text, "string", what);
  if (text.startsWith("ran ")) return;
  assert.doesNotThrow(() => JSON.parse(text), `${what}: ${text.slice(0, 200)}`);
}

/** The instance answers a normal search as a new one with its options does. */
async function stillSearches(ts, options) {
  const normal = { queries: ["read file", "create ticket"] };
  const fresh = new ToolSearch(options);
  assert.equal(await ts.toolSearch(normal, session), await fresh.toolSearch(normal, session));
  fresh.free();
}

for (const ranking of ["reference", "enhanced"]) {
  test(`random hostile values never break an instance (${ranking})`, async () => {
    const random = generator(ranking === "reference" ? 7 : 11);
    const { value, pick } = hostileValues(random);
    for (let i = 0; i < CASES; i++) {
      const thrower = () => { throw value(1); };
      // One junk answer per host, so a new instance with these options
      // answers alike.
      const junk = value(1);
      const host = {
        executeTool: pick([async (name) => `ran ${name}`, thrower, async () => value(1), () => new Promise(() => {})]),
        manageMcp: pick([thrower, async () => junk]),
        embed: pick([undefined, thrower, async () => junk, async (texts) => texts.map((t) => new Float32Array([t.length % 7, 1]))]),
      };
      const options = pick([
        value(0),
        { config: random() < 0.5 ? { ranking } : value(1), timeouts: { tool: 20, callback: 20 }, host, semantic: value(1) },
        { config: { ranking }, coreTools: value(1), directSurfaceToolsets: value(1), timeouts: { tool: 20, callback: 20, search: value(2) }, limits: value(1), host },
      ]);
      const ts = new ToolSearch(options);
      const s = random() < 0.8 ? session : { tools: value(1), toolsets: value(1), owners: value(1), declaredSources: value(1) };
      const args = bridgeArgs(random, value, pick);
      const ctx = pick([undefined, value(1), { signal: AbortSignal.abort() }]);
      assertAnswer(await ts.toolSearch(args, s, ctx), "toolSearch");
      assertAnswer(await ts.toolDescribe(args, s, ctx), "toolDescribe");
      assertAnswer(await ts.toolCall(args, s, ctx), "toolCall");
      assertAnswer(await ts.manageConnections(args, s, ctx), "manageConnections");
      const handled = await ts.handle(pick(["tool_search", "tool_call", value(2)]), args, s, ctx);
      if (handled !== null) assertAnswer(handled, "handle");
      assert.equal(typeof ts.resolveToolCall(args, s), "object");
      ts.assemble(s, pick([value(1), { contextLength: value(2), format: value(2) }]));
      ts.explain(pick(["read file", value(2)]), s, pick([value(1), { limit: value(2), names: value(2) }]));
      ToolSearch.fromMcp(value(2), value(1), value(1));
      ts.manageConnectionsTool(value(2));
      tokenize(value(2));
      await assert.rejects(() => ts.toolSearch(args, pick([null, 5, "s"])), TypeError);
      await stillSearches(ts, options);
      ts.free();
    }
  });
}
