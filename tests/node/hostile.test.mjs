// Hostile input and faulty hosts: each test is the regression test
// of one defect a hostile run found. Whatever the input, a call settles with
// an answer and the same instance still searches afterwards.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { tool } from "./support.mjs";

const tools = [
  tool("manage_connections", "Connect apps and check connection status", ["action"]),
  tool("mcp__tracker__create_ticket", "Create a ticket in the tracker", ["title"]),
  tool("mcp__files__read_file", "Read a file from disk", ["path"]),
];
const session = {
  tools,
  toolsets: { mcp__tracker__create_ticket: "mcp-tracker", mcp__files__read_file: "mcp-files" },
};
const options = { coreTools: ["manage_connections"] };
const call = (name, args = { title: "t" }) => ({ calls: [{ name, arguments: args }] });

/** Errors whose `message` is no string, or whose `message` getter throws. */
function oddErrors() {
  const numeric = new Error("x");
  Object.defineProperty(numeric, "message", { value: 42 });
  const throwing = new Error("x");
  Object.defineProperty(throwing, "message", {
    get() {
      throw new Error("getter");
    },
  });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  return [numeric, throwing, revoked.proxy, Symbol("s"), 10n, undefined];
}

async function stillSearches(ts) {
  const out = JSON.parse(await ts.toolSearch({ queries: ["read file"] }, session));
  assert.ok(out.results[0].matches.includes("mcp__files__read_file"), JSON.stringify(out));
}

test("a host callback throwing an error without a readable message gives an error result", async () => {
  for (const thrown of oddErrors()) {
    for (const rejects of [false, true]) {
      const executeTool = rejects ? async () => Promise.reject(thrown) : () => { throw thrown; };
      const ts = new ToolSearch({ ...options, host: { executeTool } });
      const out = JSON.parse(await ts.toolCall(call("mcp__tracker__create_ticket"), session));
      assert.equal(typeof out.error, "string", `${String(typeof thrown)}: ${JSON.stringify(out)}`);
      await stillSearches(ts);
    }
  }
  for (const thrown of oddErrors()) {
    const gateway = { search: () => { throw thrown; } };
    const ts = new ToolSearch({ ...options, connectors: { enabled: true }, host: { gateway } });
    const out = JSON.parse(await ts.toolSearch({ queries: ["create ticket"] }, session));
    assert.ok(out.results[0].matches.includes("mcp__tracker__create_ticket"));
    // The throw is a failed gateway request, reported beside the local answer.
    assert.equal(out.connectors?.reason, "unreachable", JSON.stringify(out));
    const mcp = new ToolSearch({ ...options, host: { manageMcp: () => { throw thrown; } } });
    const managed = JSON.parse(await mcp.manageConnections({ action: "install", connectors: [{ name: "fs", mcp: true }] }, session));
    assert.equal(typeof managed.error, "string", JSON.stringify(managed));
  }
});

test("embed answers that are hostile values leave the search lexical, never hanging", async () => {
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  const throwingList = new Proxy([new Float32Array(2)], { get: () => { throw new Error("list"); } });
  const lexical = await new ToolSearch({ ...options, config: { ranking: "enhanced" } }).toolSearch({ queries: ["read file"] }, session);
  // Each is refused, so the answer is the lexical one (a vector holding a
  // non-number reads it as NaN and is used).
  const answers = [[revoked.proxy, false], [throwingList, false], [[revoked.proxy], false], [null, false], [5, false], [[[1, "x"]], true]];
  for (const [answer, used] of answers) {
    const ts = new ToolSearch({ ...options, config: { ranking: "enhanced" }, host: { embed: async () => answer } });
    const out = await ts.toolSearch({ queries: ["read file"] }, session);
    if (used) JSON.parse(out);
    else assert.equal(out, lexical);
    await stillSearches(ts);
  }
});

test("a host call that never settles ends at its deadline, or when ctx.signal aborts", async () => {
  const never = () => new Promise(() => {});
  const ts = new ToolSearch({ ...options, timeouts: { tool: 40, callback: 40 }, host: { executeTool: never, manageMcp: never } });
  const out = JSON.parse(await ts.toolCall(call("mcp__tracker__create_ticket"), session));
  assert.match(out.error, /no answer within 40 ms/);
  const managed = await ts.manageConnections({ action: "install", connectors: [{ name: "fs", mcp: true }] }, session);
  assert.match(managed, /no answer within 40 ms/);

  const patient = new ToolSearch({ ...options, host: { executeTool: never } });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 20);
  const aborted = JSON.parse(await patient.toolCall(call("mcp__tracker__create_ticket"), session, { signal: controller.signal }));
  assert.match(aborted.error, /aborted/);
  const already = JSON.parse(await patient.toolCall(call("mcp__tracker__create_ticket"), session, { signal: AbortSignal.abort() }));
  assert.match(already.error, /aborted/);
  await stillSearches(patient);
});

test("fromMcp never routes one name to two tools", () => {
  const first = ToolSearch.fromMcp("fs", { tools: [{ name: "delete.file" }, { name: "delete_file" }] });
  assert.deepEqual(first.tools.map((t) => t.name), ["mcp__fs__delete_file_2", "mcp__fs__delete_file"]);
  assert.equal(first.origins.mcp__fs__delete_file.tool, "delete_file");
  assert.equal(first.origins.mcp__fs__delete_file_2.tool, "delete.file");
  assert.equal(first.warnings.length, 1);
  const mine = ToolSearch.fromMcp("my_server", [{ name: "t" }]);
  const other = ToolSearch.fromMcp("my.server", [{ name: "t" }], mine);
  assert.deepEqual(other.tools.map((t) => t.name), ["mcp__my_server_2__t"]);
  assert.equal(other.toolsets.mcp__my_server_2__t, "mcp-my_server_2");
  assert.deepEqual(ToolSearch.fromMcp("my.server", [{ name: "t" }], ["mcp__my_server__t"]).tools[0].name, "mcp__my_server_2__t");
});

test("fromMcpServers merges servers into one session whose names never collide", async () => {
  const session = ToolSearch.fromMcpServers({
    my_server: { tools: [{ name: "read", description: "Read a note" }] },
    "my.server": [{ name: "read", description: "Read a page" }],
    fs: { tools: [{ name: "delete.file" }, { name: "delete_file" }] },
  });
  assert.deepEqual(session.tools.map((t) => t.name), [
    "mcp__my_server__read", "mcp__my_server_2__read", "mcp__fs__delete_file_2", "mcp__fs__delete_file",
  ]);
  assert.equal(session.toolsets.mcp__my_server_2__read, "mcp-my_server_2");
  assert.deepEqual(session.origins.mcp__my_server_2__read, { server: "my.server", tool: "read" });
  assert.equal(session.warnings.length, 2);
  const out = JSON.parse(await new ToolSearch().toolSearch({ queries: ["read page"] }, session));
  assert.equal(out.results[0].matches[0], "mcp__my_server_2__read");
});

/** An object nested `depth` levels deep. */
function nested(depth) {
  let value = { type: "string" };
  for (let i = 0; i < depth; i++) value = { type: "object", properties: { inner: value } };
  return value;
}

test("a definition JSON cannot carry is reported, and the rest is kept", async () => {
  const cyclic = { type: "object", properties: {} };
  cyclic.properties.self = cyclic;
  const bad = [
    { name: "deep", description: "Deep schema tool", inputSchema: nested(200) },
    { name: "cyclic", description: "Cyclic schema tool", inputSchema: cyclic },
    { name: "big", description: "BigInt default tool", inputSchema: { type: "object", properties: { n: { default: 1n } } } },
  ];
  const imported = ToolSearch.fromMcp("odd", { tools: [{ name: "fine", description: "A fine tool" }, ...bad] });
  assert.deepEqual(imported.tools.map((t) => t.name), ["mcp__odd__fine"]);
  assert.equal(imported.warnings.length, 3, JSON.stringify(imported.warnings));
  assert.match(imported.warnings.join("\n"), /nested more than 128 levels/);
  assert.match(imported.warnings.join("\n"), /BigInt/);

  const deepTool = { name: "mcp__odd__deep", description: "Deep schema tool", inputSchema: nested(200) };
  const s = { tools: [...tools, deepTool], toolsets: { ...session.toolsets, mcp__odd__deep: "mcp-odd" } };
  const ts = new ToolSearch(options);
  const described = JSON.parse(await ts.toolDescribe({ names: ["mcp__odd__deep", "mcp__files__read_file"] }, s));
  assert.equal("mcp__odd__deep" in described.tools, false);
  assert.match(described.errors.mcp__odd__deep, /cannot be read as JSON/);
  assert.equal(described.tools.mcp__files__read_file.description, "Read a file from disk");
});

test("explain clamps its limit and bounds its output", () => {
  const ts = new ToolSearch(options);
  for (const limit of [4294967296, 2 ** 53 - 1]) {
    assert.ok(ts.explain("read file", session, { limit }).tools.length > 0, `limit ${limit}`);
  }
  const huge = "read file ".repeat(100_000);
  const text = JSON.stringify(ts.explain(huge, session));
  assert.ok(text.length < 1_000_000, `${text.length} characters`);
  const enhanced = new ToolSearch({ ...options, config: { ranking: "enhanced" } });
  assert.ok(JSON.stringify(enhanced.explain(huge, session)).length < 1_000_000);
});

test("a query past the cap is read in part, or refused by the reference ranking with a clear error", async () => {
  const ts = new ToolSearch(options);
  const long = `${"We just moved offices. ".repeat(300)}Please read the file notes.txt`;
  const read = JSON.parse(await ts.toolSearch({ queries: ["read file", long, "x".repeat(100_000)] }, session));
  assert.equal(read.error, undefined, JSON.stringify(read).slice(0, 300));
  assert.ok(read.queries[1].length <= 4096 && read.queries[1].endsWith("Please read the file notes.txt"));
  assert.ok(read.results[1].matches.includes("mcp__files__read_file"));
  assert.equal(read.queries[2].length, 4096);
  const reference = new ToolSearch({ ...options, config: { ...options.config, ranking: "reference" } });
  const out = JSON.parse(await reference.toolSearch({ queries: ["read file", "x".repeat(5000)] }, session));
  assert.match(out.error, /queries\[1\] is too long: 5000 characters > max 4096/);
  for (const engine of [ts, reference]) {
    const names = JSON.parse(await engine.toolDescribe({ names: ["y".repeat(5000)] }, session));
    assert.match(names.error, /names\[0\] is too long/);
    await stillSearches(engine);
  }
});

test("lone surrogates read as U+FFFD in object and text arguments alike", async () => {
  const ts = new ToolSearch(options);
  const fromObject = JSON.parse(await ts.toolSearch({ queries: ["read file \ud800"] }, session));
  const fromText = JSON.parse(await ts.toolSearch('{"queries": ["read file \\ud800"]}', session));
  assert.equal(fromObject.error, undefined, JSON.stringify(fromObject));
  assert.deepEqual(fromObject, fromText);
  assert.ok(fromObject.results[0].matches.includes("mcp__files__read_file"));
});

test("a tool name with a lone surrogate is listed, described and called as its U+FFFD form", async () => {
  const odd = { name: "mcp__odd__bad\ud800name", description: "Odd name tool", inputSchema: { type: "object", properties: { note: { type: "string", description: "x\udc00" } } } };
  const calls = [];
  const ts = new ToolSearch({ ...options, host: { executeTool: async (name) => { calls.push(name); return "done"; } } });
  const s = { tools: [...tools, odd], toolsets: { ...session.toolsets, [odd.name]: "mcp-odd" } };
  const shown = "mcp__odd__bad\ufffdname";
  const found = JSON.parse(await ts.toolSearch({ queries: ["odd name tool"] }, s));
  assert.ok(found.results[0].matches.includes(shown), JSON.stringify(found));
  const described = JSON.parse(await ts.toolDescribe({ names: [shown] }, s));
  assert.equal(described.tools[shown].description, "Odd name tool");
  assert.equal(described.tools[shown].parameters.properties.note.description, "x\ufffd");
  assert.equal(await ts.toolCall(call(shown, { note: "n" }), s), "done");
  assert.deepEqual(calls, [shown]);
});

test("arguments JSON cannot carry say what is wrong", async () => {
  const ts = new ToolSearch(options);
  const big = JSON.parse(await ts.toolSearch({ queries: ["read file"], limit: 5n }, session));
  assert.match(big.error, /BigInt/);
  assert.doesNotMatch(big.error, /required/);
  const cyclic = { queries: ["read file"] };
  cyclic.self = cyclic;
  assert.match(JSON.parse(await ts.toolSearch(cyclic, session)).error, /circular/i);
  const deep = JSON.parse(await ts.toolCall(call("mcp__tracker__create_ticket", nested(300)), session));
  assert.match(deep.error, /nested more than 128 levels/);
  await stillSearches(ts);
});

test("the gateway is bounded: an empty search answer is silent, an oversize one a failure", async () => {
  const connectors = { enabled: true };
  for (const empty of [null, undefined, "", [], false]) {
    const ts = new ToolSearch({ ...options, connectors, host: { gateway: { search: async () => empty } } });
    const out = JSON.parse(await ts.toolSearch({ queries: ["create ticket"] }, session));
    assert.equal("connectors" in out, false, `${JSON.stringify(empty)}: ${JSON.stringify(out)}`);
  }
  const oversize = { results: [], schemas: { pad: "x".repeat(2000) } };
  const ts = new ToolSearch({
    ...options,
    connectors,
    limits: { gatewayAnswerChars: 1000 },
    host: { gateway: { search: async () => oversize } },
  });
  const out = JSON.parse(await ts.toolSearch({ queries: ["create ticket"] }, session));
  assert.equal(out.connectors?.reason, "unreachable", JSON.stringify(out));
  assert.ok(out.results[0].matches.includes("mcp__tracker__create_ticket"));
});

test("a parameter enum that throws, is revoked or mixes types is read for what it holds", () => {
  const throwing = new Proxy(["hidden"], {
    get() {
      throw new Error("enum");
    },
  });
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  const post = (modes) => {
    const def = (name, description, mode) => ({
      type: "function",
      function: { name, description, parameters: { type: "object", properties: { mode } } },
    });
    const tools = [
      def("mcp_post_send_letter", "Send a letter", { description: "how it travels", enum: modes.letter }),
      def("mcp_post_track_parcel", "Track a parcel", { description: "carrier", enum: modes.parcel }),
      def("mcp_post_cancel_parcel", "Cancel a parcel", { enum: modes.cancel }),
    ];
    return { tools, toolsets: Object.fromEntries(tools.map((t) => [t.function.name, "mcp-post"])) };
  };
  const hostile = post({ letter: ["pigeon", 7, null, "semaphore"], parcel: throwing, cancel: revoked.proxy });
  const readable = post({ letter: ["pigeon", "semaphore"], parcel: undefined, cancel: undefined });
  // The enhanced index reads the parameters' text: equal bytes, equal text.
  const ts = new ToolSearch({ config: { ranking: "enhanced" } });
  assert.deepEqual(ts.exportIndex(hostile), ts.exportIndex(readable));
  const other = post({ letter: ["pigeon"], parcel: undefined, cancel: undefined });
  assert.notDeepEqual(ts.exportIndex(other), ts.exportIndex(readable));
});

test("toolsets behind a throwing or revoked Proxy read as no toolset, and every call settles", async () => {
  const revoked = Proxy.revocable({ ...session.toolsets }, {});
  revoked.revoke();
  const throwing = new Proxy({ ...session.toolsets }, {
    getOwnPropertyDescriptor(target, key) {
      if (key === "nope") throw new Error("trap");
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys() {
      throw new Error("trap");
    },
  });
  const ts = new ToolSearch(options);
  for (const toolsets of [revoked.proxy, throwing]) {
    const hostile = { tools, toolsets };
    const answer = JSON.parse(await ts.toolCall(call("nope"), hostile));
    assert.match(answer.error, /not a known tool name/);
    const described = JSON.parse(await ts.toolDescribe({ names: ["nope"] }, hostile));
    assert.deepEqual(described.not_found, ["nope"]);
    assert.equal(ts.resolveToolCall(call("nope"), hostile).kind, "error");
  }
  await stillSearches(ts);
});

test("an enum that claims billions of items is read up to a bound, on every call", async () => {
  const ts = new ToolSearch({ config: { ranking: "enhanced" } });
  // A list that says it holds 2^32 - 1 items and makes each one up.
  const endless = new Proxy([], { get: (target, key) => (key === "length" ? 2 ** 32 - 1 : typeof key === "string" && /^\d+$/.test(key) ? "quartz" : Reflect.get(target, key)) });
  const hostile = { name: "mcp__stones__polish", description: "Polish a stone", inputSchema: { type: "object", properties: { kind: { type: "string", enum: endless } } } };
  const stones = { tools: [...tools, hostile], toolsets: { ...session.toolsets, mcp__stones__polish: "mcp-stones" } };
  for (let i = 0; i < 2; i++) {
    const out = JSON.parse(await ts.toolSearch({ queries: ["polish a stone"] }, stones));
    assert.equal(out.results[0].matches[0], "mcp__stones__polish", JSON.stringify(out));
    // The items read are in the catalog's words.
    const quartz = ts.explain("polish quartz", stones).concepts.find((c) => c.word === "quartz");
    assert.ok(quartz.matches.length > 0, JSON.stringify(quartz));
  }
  await stillSearches(ts);
});
