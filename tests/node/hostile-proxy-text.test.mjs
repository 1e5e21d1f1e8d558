// What a hostile server's text and volume cost the proxy: a long
// error is quoted cut, in linear time; the values the proxy passed a server
// (its env, headers, URL, args) never come back through its errors, to the
// model or the logs; an HTTP server's message over maxMessageBytes is
// refused unread, as a stdio server's is; a server that writes to stderr
// without end is read at a bounded pace, and said so once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectMcpServers } from "toolsearch-mcp";
import { MAX_REASON_CHARS, Redactor } from "../../proxy/redact.mjs";
import { secretsOf } from "../../proxy/secrets.mjs";
import { eventually, root } from "./support.mjs";

const faulty = join(root, "tests", "node", "faulty-server.mjs");
/** An entry of the faulty test server (tests/node/faulty-server.mjs). */
const faultyEntry = (env = {}, args = []) => ({ command: process.execPath, args: [faulty, ...args], env });

/** Secrets an entry passes its server, each of which the server repeats. */
const SECRETS = {
  env: "tok-ENV-31337abcdef",
  plain: "plain-value-5678x",
  arg: "arg-KEY-7777777",
  header: "hdr-SECRET-4321zz",
  path: "PathSecret12345abc",
  query: "query-SECRET-555",
};
/** Whether `text` holds none of SECRETS. */
function holdsNoSecret(text) {
  for (const [what, secret] of Object.entries(SECRETS)) assert.ok(!text.includes(secret), `the ${what} secret is quoted: ${text}`);
}

test("a server's long error is quoted cut, and read in linear time, however it is made", { timeout: 30_000 }, async () => {
  // 200,000 characters of `a.a.a...` at `initialize`: the old patterns
  // backtracked from every word start, and held the host for a minute.
  const host = await connectMcpServers({ loud: faultyEntry({ FAULT: "refuse", FAULT_PAD: "200000" }) }, { retryDelayMs: 0 });
  await host.close();
  const [{ reason }] = host.failures;
  assert.ok(reason.length <= MAX_REASON_CHARS, `${reason.length} characters`);
  assert.match(reason, /… \(cut; \d+ characters in all\)/);
  assert.match(host.session.declaredSources[0].unavailable, /did not start/);
  // Whole texts of URL parts in every shape, cleaned uncut, stay linear too.
  const redactor = new Redactor([]);
  for (const text of ["a.".repeat(500_000), "a://a://".repeat(125_000), `h://h/?${"a=b&".repeat(250_000)}`, `x://${"@".repeat(1_000_000)}`]) {
    assert.ok(redactor.reason(text, text.length).length > 0);
  }
});

test("a secret that a cut, or the edge of a quoted tail, splits is left out whole", () => {
  const secret = "tok-ENV-31337abcdef";
  const redactor = new Redactor(secretsOf({ env: { TOKEN: secret } }));
  for (let shift = 0; shift <= secret.length; shift++) {
    const text = `${"x".repeat(MAX_REASON_CHARS - shift)}${secret}${"y".repeat(100)}`;
    const quoted = redactor.reason(text);
    for (let part = 4; part <= secret.length; part++) {
      assert.ok(!quoted.includes(secret.slice(0, part)) && !quoted.includes(secret.slice(-part)), `${shift}: ${quoted.slice(-60)}`);
    }
    const tail = redactor.tail(`${"x".repeat(100)}${secret}${"y".repeat(shift)}`, shift + 5);
    assert.ok(!tail.includes(secret.slice(-5)), tail);
  }
  // A URL's credentials, and the server URL's own parts that look like keys; its host stays.
  const own = new Redactor(secretsOf({ url: `https://me:pw-12345678@mcp.example.com/u/${SECRETS.path}/mcp?key=${SECRETS.query}` }));
  const said = own.reason(`GET https://me:pw-12345678@mcp.example.com/u/${SECRETS.path}/mcp?key=${SECRETS.query} failed; token ${SECRETS.path}, key ${SECRETS.query}`);
  holdsNoSecret(said);
  assert.ok(!said.includes("pw-12345678"), said);
  assert.match(said, /https:\/\/\*\*\*@mcp\.example\.com\/u\/\*\*\*\/mcp\?key=\*\*\*/);
  // Values too short to be secrets stay: they would cut words out of every text.
  const short = new Redactor(secretsOf({ env: { DEBUG: "true", PORT: "3000", PASSWORD: "hunter2" } }));
  assert.equal(short.reason("true at 3000, password hunter2"), "true at 3000, password ***");
});

test("the values a server was given never come back through its errors: reasons, sources, warnings, call errors", async (t) => {
  // It repeats them in its `initialize` error and on stderr, on each try.
  const given = { env: { API_TOKEN: SECRETS.env, SETTING: SECRETS.plain, DEBUG: "true" }, args: [`--api-key=${SECRETS.arg}`] };
  const http = await httpServer((message, request, response) => {
    response.writeHead(401, { "content-type": "text/plain" }).end(`unauthorized: ${request.headers.authorization} at ${request.url}`);
  });
  t.after(http.close);
  const warnings = [];
  const host = await connectMcpServers(
    {
      refusing: faultyEntry({ FAULT: "refuse", ...given.env }, given.args),
      remote: { url: `${http.url}/u/${SECRETS.path}/mcp?key=${SECRETS.query}`, headers: { Authorization: `Bearer ${SECRETS.header}` } },
      leaky: faultyEntry(given.env, given.args),
      calls: faultyEntry({ FAULT: "refuse-calls", ...given.env }, given.args),
    },
    { retryDelayMs: 50, onWarning: (line) => warnings.push(line) },
  );
  try {
    assert.deepEqual(host.failures.map((f) => f.server), ["refusing", "remote"]);
    // What the server said is still there, short values included, without the secrets.
    assert.match(host.failures[0].reason, /given .*"true".*\*\*\*.*; it wrote: (given|…)/);
    assert.match(host.failures[1].reason, /unauthorized: \*\*\* at \/u\/\*\*\*\/mcp\?key=\*\*\*/);
    // A failed try again says why in a warning.
    await eventually(() => warnings.some((w) => w.includes("'refusing' did not start")) && warnings.some((w) => w.includes("'remote' did not start")), "the warnings of the tries again");
    // A tool that fails (isError), and a call refused with a JSON-RPC error.
    const leaked = await host.callTool("mcp__leaky__leak", {}).catch((error) => error.message);
    assert.match(leaked, /given .*\*\*\*/);
    const result = await host.callToolResult("mcp__leaky__leak", {});
    assert.equal(result.isError, true);
    const refused = await host.callTool("mcp__calls__refused", {}).catch((error) => error.message);
    assert.match(refused, /given .*\*\*\*/);
    holdsNoSecret(JSON.stringify([host.failures, host.session.declaredSources, warnings, leaked, result, refused]));
  } finally {
    await host.close();
  }
});

test("through the proxy, the values a server was given reach neither the model nor the client's MCP log", async (t) => {
  const folder = mkdtempSync(join(tmpdir(), "toolsearch-proxy-secrets-"));
  const file = join(folder, "servers.json");
  const env = { API_TOKEN: SECRETS.env, SETTING: SECRETS.plain };
  const mcpServers = { refusing: faultyEntry({ FAULT: "refuse", ...env }, [`--api-key=${SECRETS.arg}`]), leaky: faultyEntry(env) };
  writeFileSync(file, JSON.stringify({ mcpServers, cache: false, retryDelayMs: 0 }));
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(root, "proxy", "bin", "toolsearch-mcp.mjs"), file], stderr: "pipe" });
  let log = "";
  transport.stderr.on("data", (chunk) => (log += chunk));
  const proxy = new Client({ name: "proxy-test-secrets", version: "1.0.0" });
  await proxy.connect(transport);
  t.after(() => proxy.close());
  // A search that finds nothing reports the servers that are unavailable, and why.
  const searched = await proxy.callTool({ name: "tool_search", arguments: { queries: ["zzz nothing"] } });
  const called = await proxy.callTool({ name: "tool_call", arguments: { calls: [{ name: "mcp__leaky__leak", arguments: {} }] } });
  await eventually(() => log.includes("serving"), "the proxy's log of what it serves");
  assert.match(searched.content[0].text, /refusing did not start/);
  assert.match(log, /server 'refusing' is unavailable: .*given/);
  assert.match(JSON.stringify(called), /given .*\*\*\*/);
  holdsNoSecret(JSON.stringify([searched, called, log]));
});

test("an HTTP server's message over maxMessageBytes is refused unread, whole or as an event; many small events pass", { timeout: 60_000 }, async (t) => {
  const limit = 64 * 1024;
  const huge = 64 * 1024 * 1024;
  const http = await httpServer(async (message, request, response, sent) => {
    const mode = new URL(request.url, "http://x").pathname.slice(1);
    const reply = (result) => JSON.stringify({ jsonrpc: "2.0", id: message.id, result });
    if (message.method === "initialize" && mode !== "ok") {
      // An answer without its length, or one that declares it.
      const [head, end] = [`{"jsonrpc":"2.0","id":${message.id},"result":{"pad":"`, '"}}'];
      const length = mode === "declared" ? { "content-length": String(head.length + huge + end.length) } : {};
      response.writeHead(200, { "content-type": "application/json", ...length });
      return send(response, sent, padded(head, huge, end));
    }
    if (message.method === "initialize") return json(response, reply({ protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "http", version: "1" } }));
    if (message.method === "tools/list") return json(response, reply({ tools: [{ name: "huge", inputSchema: { type: "object" } }, { name: "chatty", inputSchema: { type: "object" } }] }));
    response.writeHead(200, { "content-type": "text/event-stream" });
    if (message.params.name === "huge") return send(response, sent, padded(`data: ${reply({ content: [{ type: "text", text: "" }] }).slice(0, -5)}`, huge, '"}]}}\n\n'));
    // 200 events of 1 KiB each: 200 KiB in all, each far under the limit.
    const note = `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "n".repeat(1024) } })}\n\n`;
    return send(response, sent, [...Array(200).fill(note), `event: message\ndata: ${reply({ content: [{ type: "text", text: "done" }] })}\n\n`]);
  });
  t.after(http.close);
  const options = { maxMessageBytes: limit, retryDelayMs: 0 };
  for (const mode of ["chunked", "declared"]) {
    http.sent.bytes = 0;
    const host = await connectMcpServers({ big: { url: `${http.url}/${mode}` } }, options);
    await host.close();
    assert.match(host.failures[0]?.reason ?? "", /the server sent an answer (of \d+ bytes, more|larger) than the limit of 65536 bytes \(maxMessageBytes\)/, mode);
    assert.ok(http.sent.bytes < 16 * 1024 * 1024, `${mode}: ${http.sent.bytes} bytes were read`);
  }
  const host = await connectMcpServers({ remote: { url: `${http.url}/ok` } }, options);
  try {
    assert.equal(await host.callTool("mcp__remote__chatty", {}), "done");
    http.sent.bytes = 0;
    await assert.rejects(host.callTool("mcp__remote__huge", {}), /closed during the call \(.*an event larger than the limit of 65536 bytes/);
    assert.ok(http.sent.bytes < 16 * 1024 * 1024, `${http.sent.bytes} bytes were read`);
    // It starts again on the next call.
    assert.equal(await host.callTool("mcp__remote__chatty", {}), "done");
  } finally {
    await host.close();
  }
});

test("a server that writes to stderr without end is read at a bounded pace, and said so once", { timeout: 60_000 }, async () => {
  const warnings = [];
  const host = await connectMcpServers({ noisy: faultyEntry({ STDERR_FLOOD: "1" }) }, { onWarning: (line) => warnings.push(line) });
  try {
    const written = async () => Number(await host.callTool("mcp__noisy__stderr_written", {}));
    const [before, start] = [await written(), performance.now()];
    await host.callTool("mcp__noisy__sleep", { ms: 2_000 });
    const [after, seconds] = [await written(), (performance.now() - start) / 1000];
    // What the server could write is what the proxy read (its pipe holds little):
    // at most 1 MiB a second, and some buffers' worth. Unbounded, it was hundreds of MiB.
    const mib = (after - before) / 2 ** 20;
    assert.ok(mib <= seconds + 2, `${mib.toFixed(1)} MiB read in ${seconds.toFixed(1)} s`);
    const said = warnings.filter((w) => w.includes("stderr"));
    assert.deepEqual(said, ["server 'noisy' writes more than 1 MiB a second to stderr: it is read no faster, and only its last 4096 bytes are kept"]);
  } finally {
    await host.close();
  }
});

/**
 * A streamable HTTP MCP server on localhost that answers each request as
 * `answer(message, request, response, sent)` does; notifications are
 * accepted, and GET (a stream of its own) is not offered. `sent.bytes`
 * counts the bytes it wrote.
 */
async function httpServer(answer) {
  const sent = { bytes: 0 };
  const server = createServer(async (request, response) => {
    if (request.method !== "POST") return response.writeHead(405).end();
    let body = "";
    for await (const chunk of request) body += chunk;
    const message = JSON.parse(body);
    if (message.id === undefined) return response.writeHead(202).end();
    await answer(message, request, response, sent);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { url: `http://127.0.0.1:${server.address().port}`, sent, close };
}

/** Writes `text` as a JSON answer. */
const json = (response, text) => response.writeHead(200, { "content-type": "application/json" }).end(text);

/** `head`, `bytes` of padding in 64 KiB chunks, then `end`. */
function* padded(head, bytes, end) {
  yield head;
  const chunk = "a".repeat(64 * 1024);
  for (let left = bytes; left > 0; left -= chunk.length) yield chunk;
  yield end;
}

/** Writes `parts` as the client reads them, counting the bytes, until it goes away. */
async function send(response, sent, parts) {
  let gone = false;
  response.on("close", () => (gone = true));
  for (const part of parts) {
    if (gone) return;
    sent.bytes += Buffer.byteLength(part);
    if (!response.write(part)) {
      await new Promise((resolve) => {
        const done = () => {
          response.off("drain", done);
          response.off("close", done);
          resolve();
        };
        response.on("drain", done);
        response.on("close", done);
      });
    }
  }
  response.end();
}

test("a quoted tail of a server's text starts at a word, never inside one", () => {
  const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
  const tail = new Redactor([]).tail(words, 100);
  assert.match(tail, /^…word\d+ /);
  assert.ok(tail.length <= 101);
  assert.ok(words.endsWith(tail.slice(1)));
  // A text with no space to start at is cut where it must be.
  assert.equal(new Redactor([]).tail("x".repeat(500), 100), `…${"x".repeat(100)}`);
});
