// The proxy's settings (proxy/config.mjs): every default in one table,
// resolved once into a frozen config; the host reads its own options'
// defaults from the same table; one "did you mean".
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ConfigError, LONGEST_DELAY_MS, SETTINGS, cacheFolder, hostSettings, readConfig, resolveConfig } from "../../proxy/config.mjs";
import { didYouMean } from "../../proxy/suggest.mjs";

const servers = { a: { command: "x", args: ["${ARG}"], approval: "never" }, off: { command: "y", disabled: true } };

test("a config resolves once: every default of the table, frozen through and through", () => {
  const config = resolveConfig({ mcpServers: servers }, { env: { ARG: "value" } });
  assert.deepEqual(config, {
    servers: { a: { command: "x", args: ["value"], secrets: ["value"] } },
    disabled: ["off"],
    approvals: { a: "never" },
    toolSearch: undefined,
    contextLength: 200_000,
    toolTimeoutMs: 600_000,
    toolMaxTimeoutMs: 3_600_000,
    startTimeoutMs: 30_000,
    retryDelayMs: 5_000,
    maxMessageBytes: 64 * 1024 * 1024,
    approvalWithoutElicitation: "allow",
    cache: undefined,
    log: undefined,
    logMaxBytes: 10 * 1024 * 1024,
  });
  for (const [key, setting] of Object.entries(SETTINGS)) if (key !== "cache") assert.equal(config[key], setting.default, key);
  for (const part of [config, config.servers, config.servers.a, config.servers.a.args, config.approvals, config.disabled, SETTINGS, SETTINGS.toolTimeoutMs]) {
    assert.ok(Object.isFrozen(part), JSON.stringify(part));
  }
});

test("a value past its bounds is clamped once, there: a timer's longest delay, toolMaxTimeoutMs never under toolTimeoutMs", () => {
  const config = resolveConfig({ mcpServers: {}, toolTimeoutMs: 2 ** 40, startTimeoutMs: 2 ** 31, maxMessageBytes: 2 ** 33, toolMaxTimeoutMs: 5, retryDelayMs: 0 });
  assert.equal(config.toolTimeoutMs, LONGEST_DELAY_MS);
  assert.equal(config.toolMaxTimeoutMs, LONGEST_DELAY_MS);
  assert.equal(config.startTimeoutMs, LONGEST_DELAY_MS);
  assert.equal(config.maxMessageBytes, 2 ** 31 - 1);
  assert.equal(config.retryDelayMs, 0);
  assert.equal(resolveConfig({ mcpServers: {}, toolTimeoutMs: 900, toolMaxTimeoutMs: 300 }).toolMaxTimeoutMs, 900);
});

test("text and the value it holds resolve alike; the cache is the file's own, or none without a file", () => {
  const text = '// servers\n{"mcpServers": {"a": {"command": "x"}}, "toolSearch": {"search_default_limit": 3,}, "cache": "tools.json"}';
  const env = { XDG_CACHE_HOME: "/xdg" };
  const fromText = resolveConfig(text, { path: "/etc/proxy/servers.json", env });
  assert.equal(fromText.cache, "/etc/proxy/tools.json");
  assert.deepEqual(fromText.toolSearch, { search_default_limit: 3 });
  const fromValue = resolveConfig({ mcpServers: { a: { command: "x" } }, toolSearch: { search_default_limit: 3 }, cache: "tools.json" });
  assert.deepEqual({ ...fromValue, cache: null }, { ...fromText, cache: null });
  assert.equal(fromValue.cache, join(process.cwd(), "tools.json"));
  assert.match(resolveConfig({ mcpServers: {} }, { path: "/a/servers.json", env }).cache, new RegExp(`^${cacheFolder(env)}/[0-9a-f]{16}\\.json$`));
  assert.equal(resolveConfig({ mcpServers: {}, cache: false }, { path: "/a/servers.json", env }).cache, undefined);
  // A value JSON cannot hold is a config error, as text that is no JSON is.
  const cyclic = { mcpServers: {} };
  cyclic.self = cyclic;
  assert.throws(() => resolveConfig(cyclic), (error) => error instanceof ConfigError && /^it is not JSON/.test(error.problems[0]));
  assert.throws(() => resolveConfig("{"), (error) => error instanceof ConfigError && error.code === "config_invalid");
});

test("the table's checks are servers.json's: each setting's problem says what it takes", () => {
  const problems = (config) => {
    try {
      readConfig(JSON.stringify(config));
      return [];
    } catch (error) {
      return error.problems;
    }
  };
  for (const [key, setting] of Object.entries(SETTINGS)) {
    assert.deepEqual(problems({ mcpServers: {}, [key]: [] }), [`"${key}" must be ${setting.takes} (a list found)`], key);
  }
  assert.deepEqual(problems({ mcpServers: {}, startTimeoutMs: 0, maxMessageBytes: 65_535, retryDelayMs: 1.5 }).length, 3);
  assert.deepEqual(problems({ mcpServers: {}, retryDelayMs: 0, maxMessageBytes: 65_536, contextLength: 0.5, cache: false }), []);
});

test("the host reads its own options from the same table, refusing nothing", () => {
  assert.deepEqual(hostSettings({}), { startTimeoutMs: SETTINGS.startTimeoutMs.default, retryDelayMs: SETTINGS.retryDelayMs.default, maxMessageBytes: SETTINGS.maxMessageBytes.default });
  assert.deepEqual(hostSettings({ startTimeoutMs: 2 ** 31, retryDelayMs: 0, maxMessageBytes: 1000.7 }), { startTimeoutMs: LONGEST_DELAY_MS, retryDelayMs: 0, maxMessageBytes: 1000 });
  assert.deepEqual(hostSettings({ startTimeoutMs: -1, retryDelayMs: Number.NaN, maxMessageBytes: "big" }), hostSettings({}));
});

test("one 'did you mean': the nearest known name, or the list of them", () => {
  assert.equal(didYouMean("comand", ["command", "args"]), 'did you mean "command"?');
  assert.equal(didYouMean("ARGS", ["command", "args"]), 'did you mean "args"?');
  assert.equal(didYouMean("zzzzzz", ["command", "args"]), "the keys are command, args");
});
