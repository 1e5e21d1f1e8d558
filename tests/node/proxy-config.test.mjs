// toolsearch-mcp's servers.json (proxy/config.mjs) and its command line: JSONC,
// every key checked with a "did you mean", the README's servers.json and
// client configs run as written, and what the proxy says on stderr.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ConfigError, cacheFolder, cachePath, parseJsonc, readConfig } from "../../proxy/config.mjs";
import { Redactor } from "../../proxy/redact.mjs";
import { secretsOf } from "../../proxy/secrets.mjs";
import { readmeBlocksAfter, root } from "./support.mjs";

const proxyBin = join(root, "proxy", "bin", "toolsearch-mcp.mjs");
const listingServer = join(root, "tests", "node", "listing-server.mjs");

/** The problems `readConfig` finds in `text` (none: `[]`). */
function problems(text) {
  try {
    readConfig(text);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.problems;
  }
}

/** The code blocks of the proxy's README that follow a `<!-- marker` comment. */
const blocksAfter = (marker) => readmeBlocksAfter(join(root, "proxy", "README.md"), marker);

/** Runs the proxy with `args` and returns its exit status and stderr (it exits at once on a bad config). */
function runProxy(args, env = {}) {
  return spawnSync(process.execPath, [proxyBin, ...args], { encoding: "utf8", timeout: 30_000, env: { ...process.env, ...env }, input: "" });
}

test("JSONC: comments, trailing commas and a byte-order mark, strings kept as written", () => {
  assert.deepEqual(parseJsonc('\ufeff{"a": [1, 2,], "b": {"c": "http://x//y", }, }'), { a: [1, 2], b: { c: "http://x//y" } });
  assert.deepEqual(parseJsonc('// head\n{"a": /* x */ 1, // tail\n "b": "/* kept */", "c": [1, // one\n]}'), { a: 1, b: "/* kept */", c: [1] });
  assert.deepEqual(parseJsonc('{"q": "a \\" // b", "r": ",]"}'), { q: 'a " // b', r: ",]" });
  assert.throws(() => parseJsonc('{"a": 1 /* open'), /not closed \(line 1, column 9\)/);
  assert.throws(() => parseJsonc('{"a": }'), SyntaxError);
});

test("every key is checked, and a near one is named", () => {
  assert.match(problems('{"servers": {"x": {"command": "y"}}}').join(), /unknown key "servers": did you mean "mcpServers"\? \(VS Code/);
  assert.deepEqual(problems('{"mcpServer": {}}'), [
    'unknown key "mcpServer": did you mean "mcpServers"?',
    '"mcpServers" is missing: an object: server name -> {command, args?, env?, cwd?} or {url, headers?}',
  ]);
  for (const text of ["null", "[]", '"servers.json"', "42"]) assert.match(problems(text).join(), /must be an object with "mcpServers"/, text);
  assert.match(problems("{oops").join(), /it is not JSON/);
  assert.deepEqual(problems('{"mcpServers": {"a": {"comand": "x"}}}'), ['server "a": unknown key "comand": did you mean "command"?', 'server "a" needs either "command" or "url"']);
  assert.deepEqual(problems('{"mcpServers": {"a": {"command": "x", "args": "--flag"}}}'), ['server "a": "args" must be a list of strings ("--flag" found)']);
  assert.deepEqual(problems('{"mcpServers": {"a": {"url": "ftp://x", "args": []}}}'), [
    'server "a": "url" must be an http(s) URL',
    'server "a": "args", "env" and "cwd" go with a "command", not a "url"',
  ]);
  assert.deepEqual(problems('{"mcpServers": {"a": {"type": "http", "command": "x"}}}'), ['server "a": "type" "http" needs a "url"']);
  assert.deepEqual(problems('{"mcpServers": {"a": {"command": "x", "defer": "no", "alwaysLoad": "search"}}}'), [
    'server "a": "defer" must be true (every tool behind tool_search, the server\'s pins too) or false (every tool shown)',
    'server "a": "alwaysLoad" must be true or a list of the server\'s tool names ("search" found)',
  ]);
  assert.deepEqual(problems('{"mcpServers": {"a": {"command": "x", "keywords": {"t": ["ok", 3]}}, "b": {"command": "x", "keywords": "words"}}}'), [
    'server "a": "keywords" must map the server\'s tool names to search-only words, a string or a list of strings (an object found)',
    'server "b": "keywords" must map the server\'s tool names to search-only words, a string or a list of strings ("words" found)',
  ]);
  assert.deepEqual(readConfig('{"mcpServers": {"a": {"command": "x", "keywords": {"t": "w"}}}}').servers.a.keywords, { t: "w" });
  assert.match(problems('{"mcpServers": {"a": {"command": "x", "approval": "destrutive"}}}').join(), /server "a": "approval" must be one of "destructive" \(.*\), "always" \(every tool\), "never" \(no tool\).*\("destrutive" found\)/);
  assert.deepEqual(problems('{"mcpServers": {}, "contextLength": "big", "retryDelayMs": -1, "cache": 3}'), [
    '"retryDelayMs" must be a whole number of milliseconds, 0 for never (number -1 found)',
    '"contextLength" must be a positive number of tokens ("big" found)',
    '"cache" must be a file path, or false (number 3 found)',
  ]);
  // A client's first message must fit: with less, the proxy ended without answering it.
  assert.match(problems('{"mcpServers": {}, "maxMessageBytes": 1}').join(), /"maxMessageBytes" must be a whole number of bytes, at least 65536/);
  const { servers, disabled } = readConfig('{"mcpServers": {"on": {"type": "stdio", "command": "x", "args": ["y"]}, "off": {"command": "z", "disabled": true}, "web": {"url": "https://e.x/mcp", "headers": {"A": "b"}}}}');
  assert.deepEqual(servers, { on: { command: "x", args: ["y"] }, web: { url: "https://e.x/mcp", headers: { A: "b" } } });
  assert.deepEqual(disabled, ["off"]);
});

test("the cache is the config's own, or one file per config in the cache folder", () => {
  assert.equal(cachePath({ cache: false }, "/a/servers.json"), undefined);
  assert.equal(cachePath({ cache: "c.json" }, "/a/servers.json"), "/a/c.json");
  const env = { XDG_CACHE_HOME: "/xdg" };
  assert.equal(cacheFolder(env), "/xdg/toolsearch-mcp");
  assert.match(cachePath({}, "/a/servers.json", env), /^\/xdg\/toolsearch-mcp\/[0-9a-f]{16}\.json$/);
  assert.notEqual(cachePath({}, "/a/servers.json", env), cachePath({}, "/b/servers.json", env));
});

test("the README's servers.json is read as written", () => {
  const [example] = blocksAfter("servers.json");
  const { servers, disabled, approvals } = readConfig(example, { REMOTE_TOKEN: "t0k3n-of-the-example" });
  assert.deepEqual(Object.keys(servers), ["filesystem", "memory", "remote"]);
  assert.deepEqual(servers.filesystem.alwaysLoad, ["read_text_file", "list_directory"]);
  assert.equal(servers.memory.defer, false);
  assert.deepEqual(servers.remote.headers, { Authorization: "Bearer t0k3n-of-the-example" });
  assert.deepEqual(servers.remote.secrets, ["t0k3n-of-the-example"]);
  assert.deepEqual(problems(example.replaceAll("${REMOTE_TOKEN}", "${UNSET_IN_THIS_TEST}")), [
    'server "remote": "headers".Authorization names ${UNSET_IN_THIS_TEST}, which is not set in the proxy\'s environment',
  ]);
  assert.deepEqual(disabled, ["old"]);
  assert.deepEqual([...approvals], [["filesystem", "always"], ["memory", "destructive"], ["remote", "destructive"]]);
});

test("the README's client configs start the proxy as they are written", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-mcp-clients-"));
  const servers = join(dir, "servers.json");
  writeFileSync(servers, `// one server\n{"mcpServers": {"listing": {"command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(listingServer)}]}}, "cache": false}`);
  const clients = blocksAfter("client");
  assert.equal(clients.length, 3, "Claude Desktop and Cursor, VS Code, Claude Code");
  for (const block of clients) {
    let command;
    let args;
    if (block.startsWith("claude mcp add")) {
      [command, ...args] = block.trim().split(" -- ")[1].split(/\s+/);
    } else {
      const config = JSON.parse(block);
      ({ command, args } = (config.mcpServers ?? config.servers).tools);
    }
    // npx -y toolsearch-mcp <config>: here the package's own bin stands for npx's.
    assert.deepEqual([command, args[0], args[1], args.length], ["npx", "-y", "toolsearch-mcp", 3], block);
    const client = new Client({ name: "client", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [proxyBin, servers], stderr: "ignore" }));
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["tool_search", "tool_describe", "tool_call"], block);
    await client.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

test("a config that cannot be served stops the proxy with what was meant, before anything starts", () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-mcp-bad-"));
  const file = (name, text) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const vscode = runProxy([file("mcp.json", '{"servers": {"tools": {"type": "stdio", "command": "npx", "args": ["x"]}}}')]);
  assert.equal(vscode.status, 2);
  assert.match(vscode.stderr, /mcp\.json: unknown key "servers": did you mean "mcpServers"\?/);
  const empty = runProxy([file("null.json", "null")]);
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /must be an object with "mcpServers" \(null found\)/);
  assert.equal(runProxy([join(dir, "missing.json")]).status, 2);
  rmSync(dir, { recursive: true, force: true });
});

test("--help and the start say where the cache is; --version says the package's", () => {
  const help = runProxy(["--help"], { XDG_CACHE_HOME: "/somewhere/cache" });
  assert.equal(help.status, 0);
  assert.match(help.stderr, /cached in \/somewhere\/cache\/toolsearch-mcp/);
  const { version } = JSON.parse(readFileSync(join(root, "proxy", "package.json"), "utf8"));
  assert.equal(runProxy(["--version"]).stderr.trim(), version);
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-mcp-start-"));
  const config = join(dir, "servers.json");
  writeFileSync(config, '{"mcpServers": {}, "cache": "tools.json"}');
  // The client's stdin is closed at once: the proxy logs its start and ends.
  const started = runProxy([config]);
  assert.match(started.stderr, new RegExp(`tools cache: ${join(dir, "tools.json").replace(/[.\\/]/g, "\\$&")}`));
  rmSync(dir, { recursive: true, force: true });
});

test("a url server's requests carry its headers, and a disabled server is not started", async () => {
  const seen = [];
  const http = createServer((request, response) => {
    seen.push(request.headers.authorization);
    response.writeHead(500).end();
  });
  await new Promise((done) => http.listen(0, "127.0.0.1", done));
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-mcp-headers-"));
  const config = join(dir, "servers.json");
  const url = `http://127.0.0.1:${http.address().port}/mcp`;
  writeFileSync(config, JSON.stringify({
    mcpServers: {
      remote: { url, headers: { Authorization: "Bearer secret-token" } },
      off: { command: process.execPath, args: [listingServer], disabled: true },
    },
    cache: false,
    retryDelayMs: 0,
  }));
  const client = new Client({ name: "client", version: "1.0.0" });
  const transport = new StdioClientTransport({ command: process.execPath, args: [proxyBin, config], stderr: "pipe" });
  let stderr = "";
  transport.stderr.on("data", (chunk) => (stderr += chunk));
  await client.connect(transport);
  const out = JSON.parse((await client.callTool({ name: "tool_search", arguments: { queries: ["steady"] } })).content[0].text);
  await client.close();
  http.close();
  assert.ok(seen.includes("Bearer secret-token"), JSON.stringify(seen));
  assert.deepEqual(out.results[0].matches, [], "the disabled server's tools are not served");
  assert.match(stderr, /server 'off' is disabled/);
  rmSync(dir, { recursive: true, force: true });
});

test("--report prints the findability report of the servers' tools, as text or JSON, and exits", () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-mcp-report-"));
  const servers = join(dir, "servers.json");
  const listing = (mode) => ({ command: process.execPath, args: [listingServer], env: { LISTING: mode } });
  const more = { ...listing("pinned"), keywords: { fetch: ["download a page"], gone: "x" } };
  writeFileSync(servers, JSON.stringify({ mcpServers: { web: listing("mixed"), more }, cache: false }));
  const text = spawnSync(process.execPath, [proxyBin, "--report", servers], { encoding: "utf8", timeout: 60_000 });
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^4 deferred tools of 2 servers, searched with the enhanced ranking\./);
  assert.match(text.stdout, /Empty or one-word descriptions \(1\):\n {2}mcp__web__odd: ""/);
  assert.match(text.stdout, /Tools with search-only keywords: 1\./);
  assert.match(text.stderr, /server 'more': "keywords" names 'gone', which the server does not offer/);
  const json = spawnSync(process.execPath, [proxyBin, "--report", servers, "--json"], { encoding: "utf8", timeout: 60_000 });
  assert.equal(json.status, 0, json.stderr);
  const report = JSON.parse(json.stdout);
  assert.equal(report.tools, 4, "the pinned tool is not deferred");
  assert.deepEqual(report.thin.map((t) => t.name), ["mcp__web__odd"]);
  assert.equal(report.keywords, 1);
  assert.match(runProxy(["--help"]).stderr, /--report servers\.json \[--json\]/);
  rmSync(dir, { recursive: true, force: true });
});

test("${VAR}, ${env:VAR} and ${VAR:-default} in an entry's strings read the proxy's environment; an unset one is an error naming it, never a value", () => {
  const env = { TOKEN: "s3cr3t-token-value", BASE: "http://127.0.0.1:9", EMPTY: "" };
  const { servers } = readConfig(
    JSON.stringify({
      mcpServers: {
        local: { command: "${env:BIN:-node}", args: ["--token", "${TOKEN}", "x${EMPTY}y"], env: { API_KEY: "${env:TOKEN}" }, cwd: "${HOME_DIR:-/tmp}" },
        web: { url: "${BASE}/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
        off: { command: "${NOT_SET_ANYWHERE}", disabled: true },
      },
    }),
    env,
  );
  assert.deepEqual(servers.local, { command: "node", args: ["--token", "s3cr3t-token-value", "xy"], env: { API_KEY: "s3cr3t-token-value" }, cwd: "/tmp", secrets: ["node", "s3cr3t-token-value", "s3cr3t-token-value", "/tmp"] });
  assert.deepEqual(servers.web, { url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer s3cr3t-token-value" }, secrets: ["http://127.0.0.1:9", "s3cr3t-token-value"] });
  const found = problems(JSON.stringify({ mcpServers: { a: { command: "x", env: { K: "${MISSING_ONE}" }, args: ["${MISSING_TWO}"] } } }));
  assert.deepEqual(found, [
    'server "a": "args"[0] names ${MISSING_TWO}, which is not set in the proxy\'s environment',
    'server "a": "env".K names ${MISSING_ONE}, which is not set in the proxy\'s environment',
  ]);
  // What was put in is a secret of the server's: its text never carries it on.
  assert.ok(secretsOf(servers.local).includes("s3cr3t-token-value"));
  assert.equal(new Redactor(secretsOf(servers.web)).reason("401: bad token s3cr3t-token-value"), "401: bad token ***");
});

test("the proxy starts a server from a ${VAR} config, and stops at once, naming it, when the variable is not set", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-mcp-vars-"));
  const config = join(dir, "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { listing: { command: "${NODE_BINARY}", args: ["${LISTING_SERVER}"] } }, cache: false }));
  const unset = runProxy([config], { NODE_BINARY: process.execPath });
  assert.equal(unset.status, 2);
  assert.match(unset.stderr, /server "listing": "args"\[0\] names \$\{LISTING_SERVER\}, which is not set/);
  assert.doesNotMatch(unset.stderr, new RegExp(process.execPath.replaceAll("/", "\\/")));
  const client = new Client({ name: "vars", version: "1.0.0" });
  const env = { ...process.env, NODE_BINARY: process.execPath, LISTING_SERVER: listingServer };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [proxyBin, config], env, stderr: "ignore" }));
  const found = await client.callTool({ name: "tool_search", arguments: { queries: ["list"] } });
  assert.match(found.content[0].text, /mcp__listing__/);
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});
