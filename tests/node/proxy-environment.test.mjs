// What a stdio server behind the proxy is started with: its entry's env, the
// variables every program needs and those that reach the network (a proxy,
// a custom CA, npm's registry), never the proxy's other variables; a server
// that times out is told which variables it was not given, by name only.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { connectMcpServers } from "toolsearch-mcp";
import { NETWORK_VARIABLES, serverEnvironment, withheldNote } from "../../proxy/environment.mjs";
import { root } from "./support.mjs";

const FAULTY = join(root, "tests", "node", "faulty-server.mjs");

test("the network's variables pass, in either case; the proxy's others do not; the entry's env wins", () => {
  const from = {
    PATH: "/usr/bin",
    HTTPS_PROXY: "http://proxy.corp:3128",
    no_proxy: "localhost",
    NODE_EXTRA_CA_CERTS: "/etc/corp-ca.pem",
    npm_config_registry: "https://npm.corp/",
    GITHUB_TOKEN: "ghp_secretsecretsecret",
  };
  const env = serverEnvironment({ NO_PROXY: "example.com", OWN: "1" }, from);
  assert.equal(env.HTTPS_PROXY, "http://proxy.corp:3128");
  assert.equal(env.no_proxy, "localhost");
  assert.equal(env.NODE_EXTRA_CA_CERTS, "/etc/corp-ca.pem");
  assert.equal(env.npm_config_registry, "https://npm.corp/");
  assert.equal(env.NO_PROXY, "example.com");
  assert.equal(env.OWN, "1");
  assert.equal(env.GITHUB_TOKEN, undefined);
  for (const name of ["HTTP_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR", "NPM_CONFIG_PROXY", "NPM_CONFIG_HTTPS_PROXY"]) assert.ok(NETWORK_VARIABLES.includes(name), name);
  const note = withheldNote(undefined, from);
  assert.match(note, /GITHUB_TOKEN/);
  assert.doesNotMatch(note, /ghp_/);
  assert.equal(withheldNote({ GITHUB_TOKEN: "x" }, { GITHUB_TOKEN: "y" }), "");
});

test("a server behind a corporate proxy gets its variables", { timeout: 60_000 }, async (t) => {
  const saved = { ...process.env };
  t.after(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });
  process.env.HTTPS_PROXY = "http://proxy.corp:3128";
  process.env.NODE_EXTRA_CA_CERTS = "/etc/corp-ca.pem";
  process.env.TOOLSEARCH_TEST_PRIVATE = "kept-by-the-proxy";
  const host = await connectMcpServers({ faulty: { command: process.execPath, args: [FAULTY] } }, { cache: false });
  try {
    const names = JSON.parse(await host.callTool("mcp__faulty__env", {}));
    assert.ok(names.includes("HTTPS_PROXY") && names.includes("NODE_EXTRA_CA_CERTS"), names.join(", "));
    assert.ok(!names.includes("TOOLSEARCH_TEST_PRIVATE"));
  } finally {
    await host.close();
  }
});

test("a server that does not answer in time is told which of the proxy's variables it was not given", { timeout: 60_000 }, async (t) => {
  // The proxy's environment, for this test: what every program needs, and two more.
  const saved = { ...process.env };
  t.after(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });
  for (const name of Object.keys(process.env)) if (!["PATH", "HOME"].includes(name)) delete process.env[name];
  process.env.TOOLSEARCH_TEST_PRIVATE = "kept-by-the-proxy";
  process.env.CORP_ROOT_CA = "/etc/corp-ca.pem";
  const spec = { command: process.execPath, args: [FAULTY], env: { FAULT: "mute" } };
  const host = await connectMcpServers({ mute: spec }, { cache: false, startTimeoutMs: 500, retryDelayMs: 0 });
  try {
    const [failure] = host.failures;
    assert.equal(failure.server, "mute");
    // Those that may reach the network first; names only.
    assert.match(failure.reason, /timed out; it was not given the proxy's CORP_ROOT_CA, TOOLSEARCH_TEST_PRIVATE: if it needs any of them, add it to its entry's "env"/);
    assert.doesNotMatch(failure.reason, /kept-by-the-proxy|corp-ca/);
  } finally {
    await host.close();
  }
});
