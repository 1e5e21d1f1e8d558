// toolsearch-mcp passes on its servers' prompts and resources: an MCP SDK
// client spawns the proxy over stdio in front of the MCP reference server
// (`server-everything`) and hand-written ones (catalog-server.mjs), lists
// prompts (named as tools are), resources and templates, gets and reads
// them through the proxy, and hears of their changes. A URI two servers
// list goes to the first; a server that fails is left out, never the
// answer; a server cached as serving no prompts is not started for a list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { eventually, root } from "./support.mjs";

const everything = { command: join(root, "node_modules", ".bin", "mcp-server-everything"), args: ["stdio"] };
/** A catalog-server.mjs entry named `name` in its texts, with `env`. */
const catalog = (name, env = {}) => ({ command: process.execPath, args: [join(root, "tests", "node", "catalog-server.mjs")], env: { NAME: name, ...env } });
const toolsOnly = { command: process.execPath, args: [join(root, "tests", "node", "listing-server.mjs")] };

/** A folder of its own for a test's config, cache and marks. */
const folder = () => mkdtempSync(join(tmpdir(), "toolsearch-prompts-"));

/**
 * A client of a proxy started on a config of `mcpServers` (and `extra`
 * keys) in `dir`; `log()` is what the proxy wrote to stderr so far, and the
 * notices of changed lists are counted by kind.
 */
async function proxyOf(mcpServers, extra = {}, dir = folder()) {
  const file = join(dir, "servers.json");
  writeFileSync(file, JSON.stringify({ mcpServers, cache: false, ...extra }));
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], stderr: "pipe" });
  let log = "";
  transport.stderr.on("data", (chunk) => (log += chunk));
  const client = new Client({ name: "proxy-prompts-test", version: "1.0.0" });
  const notices = { prompts: 0, resources: 0 };
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => void (notices.prompts += 1));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void (notices.resources += 1));
  await client.connect(transport);
  return { client, notices, log: () => log, close: () => client.close() };
}

/** The text of a prompt's first message. */
const said = (result) => result.messages[0].content.text;
/** The MCP error `promise` rejects with. */
const rejection = (promise) => promise.then((result) => assert.fail(`no error, but ${JSON.stringify(result)}`), (error) => error);

test("the proxy lists its servers' prompts named as their tools are, and gets each from its server", async () => {
  const proxy = await proxyOf({ everything, "a.b": catalog("a") });
  try {
    const { client } = proxy;
    assert.deepEqual(client.getServerCapabilities().prompts, { listChanged: true });
    assert.deepEqual(client.getServerCapabilities().resources, { listChanged: true });
    const { prompts, nextCursor } = await client.listPrompts();
    assert.equal(nextCursor, undefined);
    const names = prompts.map((prompt) => prompt.name);
    assert.ok(names.includes("mcp__everything__simple-prompt"), names.join(" "));
    assert.ok(names.includes("mcp__everything__args-prompt"), names.join(" "));
    // The tools' rule: "a.b" is a_b, and a space becomes "_".
    assert.deepEqual(names.filter((name) => name.startsWith("mcp__a_b__")), ["mcp__a_b__greet", "mcp__a_b__say_hello"]);
    const found = await client.callTool({ name: "tool_search", arguments: { queries: ["announce a change"] } });
    assert.match(found.content[0].text, /mcp__a_b__announce/, "its tools have the same prefix");
    assert.equal(prompts.find((prompt) => prompt.name === "mcp__a_b__greet").description, "Greets someone, from a.");
    const weather = await client.getPrompt({ name: "mcp__everything__args-prompt", arguments: { city: "Paris" } });
    assert.match(said(weather), /Paris/);
    assert.equal(said(await client.getPrompt({ name: "mcp__a_b__say_hello" })), "a serves say hello {}");
    assert.equal(said(await client.getPrompt({ name: "mcp__a_b__greet", arguments: { who: "Ann" } })), 'a serves greet {"who":"Ann"}');
    const unknown = await rejection(client.getPrompt({ name: "mcp__a_b__nothing" }));
    assert.equal(unknown.code, ErrorCode.InvalidParams);
    assert.match(unknown.message, /no MCP server offers the prompt 'mcp__a_b__nothing'/);
  } finally {
    await proxy.close();
  }
});

test("resources keep their URIs: a URI two servers list goes to the first in configuration order, and templates route reads", async () => {
  const proxy = await proxyOf({ everything, a: catalog("a"), b: catalog("b") });
  try {
    const { client } = proxy;
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    assert.deepEqual(uris.filter((uri) => !uri.startsWith("demo://")), ["shared://doc", "a://own", "b://own"]);
    assert.ok(uris.some((uri) => uri.startsWith("demo://resource/static/document/")), uris.join(" "));
    const read = async (uri) => (await client.readResource({ uri })).contents[0].text;
    assert.equal(await read("shared://doc"), "a reads shared://doc");
    assert.equal(await read("b://own"), "b reads b://own");
    const { resourceTemplates } = await client.listResourceTemplates();
    const templates = resourceTemplates.map((template) => template.uriTemplate);
    assert.deepEqual(templates.filter((template) => !template.startsWith("demo://")), ["shared://items/{id}", "a://notes/{id}", "b://notes/{id}"]);
    assert.ok(templates.includes("demo://resource/dynamic/text/{resourceId}"), templates.join(" "));
    assert.equal(await read("shared://items/7"), "a reads shared://items/7");
    assert.equal(await read("b://notes/7"), "b reads b://notes/7");
    assert.match(await read("demo://resource/dynamic/text/1"), /^Resource 1: This is a plaintext resource/);
    assert.match(proxy.log(), /server 'b': 1 of its resources is left out, since a \(before it in the configuration\) listed the same uri/);
  } finally {
    await proxy.close();
  }
});

test("a server whose lists fail is left out of them, its words redacted; a get it cannot answer is a clear error", async () => {
  const dir = folder();
  const secret = "hunter2-secret-value";
  const servers = {
    a: catalog("a"),
    // Short names: a value of 8 characters or more that a server is given is taken for a secret.
    failing: catalog("fail", { CATALOG: "failing", SECRET: secret }),
    refusing: catalog("deny", { CATALOG: "refusing", SECRET: secret }),
    once: catalog("once", { CATALOG: "once", MARK: join(dir, "once.mark") }),
    missing: { command: join(dir, "no-such-server") },
  };
  const proxy = await proxyOf(servers, { retryDelayMs: 0 }, dir);
  try {
    const { client } = proxy;
    const names = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
    assert.deepEqual(names, ["mcp__a__greet", "mcp__a__say_hello", "mcp__refusing__greet", "mcp__refusing__say_hello", "mcp__once__greet", "mcp__once__say_hello"]);
    assert.equal((await client.listResources()).resources.length, 4);
    assert.match(proxy.log(), /server 'failing': its prompts are left out \(MCP error -32603: fail cannot \(token \*\*\*\)\)/);
    assert.match(proxy.log(), /server 'failing': its resources are left out/);
    const refused = await rejection(client.getPrompt({ name: "mcp__refusing__greet", arguments: { who: "Ann" } }));
    assert.equal(refused.code, -32603);
    assert.match(refused.message, /the MCP server refusing: deny cannot \(token \*\*\*\)/);
    const unread = await rejection(client.readResource({ uri: "deny://own" }));
    assert.match(unread.message, /the MCP server refusing: deny cannot \(token \*\*\*\)/);
    assert.doesNotMatch(`${proxy.log()} ${refused.message} ${unread.message}`, new RegExp(secret));
    // `once` ends, and does not start again: its prompt's name still leads to it, and says why it cannot answer.
    await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__once__quit", arguments: {} }] } });
    await eventually(() => /server 'once' closed its connection/.test(proxy.log()), "the server 'once' to end");
    const down = await rejection(client.getPrompt({ name: "mcp__once__greet", arguments: { who: "Ann" } }));
    assert.match(down.message, /the MCP server once did not start/);
    assert.deepEqual((await client.listPrompts()).prompts.map((prompt) => prompt.name), names.slice(0, 4));
    const after = await rejection(client.getPrompt({ name: "mcp__once__greet", arguments: { who: "Ann" } }));
    assert.match(after.message, /the MCP server once did not start/);
    const nowhere = await rejection(client.readResource({ uri: "nowhere://at/all" }));
    assert.equal(nowhere.code, -32002);
  } finally {
    await proxy.close();
  }
});

test("the client hears when a server's prompts or resources change, and when a server it has not seen starts", async () => {
  const dir = folder();
  const servers = { a: catalog("a"), late: catalog("late", { CATALOG: "crash-once", MARK: join(dir, "late.mark") }) };
  const proxy = await proxyOf(servers, { retryDelayMs: 2000 }, dir);
  try {
    const { client, notices } = proxy;
    // `late` failed at its first start: it is tried again in 2 s.
    assert.deepEqual((await client.listPrompts()).prompts.map((prompt) => prompt.name), ["mcp__a__greet", "mcp__a__say_hello"]);
    assert.deepEqual(notices, { prompts: 0, resources: 0 });
    await eventually(() => notices.prompts === 1, "a notice of the prompts of 'late'");
    assert.deepEqual(notices, { prompts: 1, resources: 0 }, "the client never listed resources");
    const names = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
    assert.deepEqual(names, ["mcp__a__greet", "mcp__a__say_hello", "mcp__late__greet", "mcp__late__say_hello"]);
    // A server's own notices reach the client.
    await client.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__a__announce", arguments: {} }] } });
    await eventually(() => notices.prompts === 2 && notices.resources === 1, "the notices of 'a'");
  } finally {
    await proxy.close();
  }
});

test("on a warm cache, a list of prompts starts only the servers the cache says serve them (or says nothing of)", async () => {
  const dir = folder();
  const cache = join(dir, "manifest.json");
  const servers = { plain: toolsOnly, a: catalog("a") };
  const cold = await proxyOf(servers, { cache }, dir);
  await cold.client.listTools();
  await cold.close();
  const entries = JSON.parse(readFileSync(cache, "utf8")).servers;
  assert.deepEqual([entries.plain.serves, entries.a.serves], [[], ["prompts", "resources"]]);
  const started = (log) => (log.match(/server '\w+' started/g) ?? []).sort();
  const warm = await proxyOf(servers, { cache }, dir);
  try {
    await warm.client.listTools();
    assert.deepEqual(started(warm.log()), []);
    assert.deepEqual((await warm.client.listPrompts()).prompts.map((prompt) => prompt.name), ["mcp__a__greet", "mcp__a__say_hello"]);
    assert.equal((await warm.client.listResources()).resources.length, 2);
    assert.deepEqual(started(warm.log()), ["server 'a' started"]);
  } finally {
    await warm.close();
  }
  // An entry of a cache written before the proxy asked says nothing: its server is started to know.
  const file = JSON.parse(readFileSync(cache, "utf8"));
  for (const entry of Object.values(file.servers)) delete entry.serves;
  writeFileSync(cache, JSON.stringify(file));
  const older = await proxyOf(servers, { cache }, dir);
  try {
    assert.equal((await older.client.listPrompts()).prompts.length, 2);
    assert.deepEqual(started(older.log()), ["server 'a' started", "server 'plain' started"]);
  } finally {
    await older.close();
  }
  assert.deepEqual(JSON.parse(readFileSync(cache, "utf8")).servers.plain.serves, []);
});

test("a server that serves only prompts is served, and one that lists too many is cut, and says so", async () => {
  const proxy = await proxyOf({ bare: catalog("bare", { CATALOG: "bare" }), many: catalog("many", { CATALOG: "many", COUNT: "12000" }) });
  try {
    const { prompts } = await proxy.client.listPrompts();
    assert.deepEqual(prompts.slice(0, 2).map((prompt) => prompt.name), ["mcp__bare__greet", "mcp__bare__say_hello"]);
    assert.equal(prompts.length, 2 + 10_000);
    assert.equal(prompts.at(-1).name, "mcp__many__p9999");
    assert.match(proxy.log(), /server 'many' lists more than 10000 prompts: only its first 10000 are served/);
    assert.doesNotMatch(proxy.log(), /unavailable/);
    assert.equal(said(await proxy.client.getPrompt({ name: "mcp__many__p9999" })), "many serves p9999 {}");
  } finally {
    await proxy.close();
  }
});
