// servers.json as toolsearch-mcp reads it: JSON, or JSONC as VS Code writes it
// (comments, trailing commas, a byte-order mark: jsonc.mjs), in the
// `mcpServers` shape of Claude Desktop and Cursor. Every key is checked: a
// key no one reads, a VS Code `servers` map or a typo is an error that says
// what was meant, never a proxy that silently serves nothing.
//
// Every setting's default is in one table (SETTINGS); `resolveConfig`
// checks a config and resolves it once, into one frozen object that the
// proxy reads as it is. The host (`connectMcpServers`, a public API that
// refuses nothing) reads its own options' defaults from the same table
// (`hostSettings`).
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { APPROVAL_POLICIES, DEFAULT_APPROVAL, WITHOUT_ELICITATION } from "./approval.mjs";
import { ConfigError } from "./errors.mjs";
import { expandEntry } from "./expand.mjs";
import { parseJsonc } from "./jsonc.mjs";
import { didYouMean } from "./suggest.mjs";

export { ConfigError, parseJsonc };

/** @import { ToolSearchConfig } from "toolsearch" */
/** @import { McpHostOptions, McpServersMap } from "toolsearch-mcp" */

/**
 * servers.json once checked, as it was written.
 * @typedef {object} Config
 * @property {Record<string, unknown>} [mcpServers]
 * @property {ToolSearchConfig} [toolSearch]
 * @property {number} [contextLength]
 * @property {number} [toolTimeoutMs]
 * @property {number} [toolMaxTimeoutMs]
 * @property {number} [startTimeoutMs]
 * @property {number} [retryDelayMs]
 * @property {number} [maxMessageBytes]
 * @property {"allow" | "refuse"} [approvalWithoutElicitation]
 * @property {string | false} [cache]
 * @property {string} [log]
 * @property {number} [logMaxBytes]
 */

/**
 * The proxy's config, resolved once (`resolveConfig`) and frozen: each
 * setting as servers.json says it or as SETTINGS defaults it, within its
 * bounds, and the servers to start.
 * @typedef {object} ProxyConfig
 * @property {Readonly<Record<string, ServerSpec>>} servers the servers to start, disabled ones left out
 * @property {readonly string[]} disabled the servers left out, by name
 * @property {Readonly<Record<string, string>>} approvals each server's approval policy, by name
 * @property {ToolSearchConfig | undefined} toolSearch the library's config (undefined: its defaults)
 * @property {number} contextLength
 * @property {number} toolTimeoutMs
 * @property {number} toolMaxTimeoutMs never less than toolTimeoutMs
 * @property {number} startTimeoutMs
 * @property {number} retryDelayMs
 * @property {number} maxMessageBytes
 * @property {"allow" | "refuse"} approvalWithoutElicitation
 * @property {string | undefined} cache the manifest cache file; undefined for none
 * @property {string | undefined} log the event log file (event-log.mjs); undefined for none
 * @property {number} logMaxBytes the event log's size cap: past it, the file becomes `<log>.1`
 */

/**
 * A server's entry once checked (`entryProblems` found nothing wrong with it).
 * @typedef {object} CheckedEntry
 * @property {string} [command]
 * @property {string[]} [args]
 * @property {Record<string, string>} [env]
 * @property {string} [cwd]
 * @property {string} [url]
 * @property {Record<string, string>} [headers]
 * @property {string} [type]
 * @property {boolean} [disabled]
 * @property {string} [approval]
 * @property {boolean} [defer]
 * @property {true | string[]} [alwaysLoad]
 * @property {Record<string, string | string[]>} [keywords]
 */

/**
 * The spec `connectMcpServers` takes for a checked entry, with its pinning.
 * @typedef {McpServersMap[string] & { defer?: boolean, alwaysLoad?: true | string[], keywords?: Record<string, string | string[]>, secrets?: string[] }} ServerSpec
 */

/**
 * One setting: its default, what servers.json may say (`valid`, and
 * `takes` for the error that says what it must be), and the most it takes
 * (a larger value is taken as this).
 * @typedef {object} Setting
 * @property {unknown} default
 * @property {string} takes
 * @property {(value: unknown) => boolean} valid
 * @property {number} [most]
 */

/** The longest delay a timer takes (Node reads a longer one as 1 ms). */
export const LONGEST_DELAY_MS = 2 ** 31 - 1;

/** The smallest `maxMessageBytes` of servers.json: a client's `initialize` must fit. */
const MIN_MESSAGE_BYTES = 64 * 1024;

/** The smallest `logMaxBytes`: a few lines of the event log must fit. */
const MIN_LOG_BYTES = 4096;

/** What `mcpServers` takes. */
const MCP_SERVERS = "an object: server name -> {command, args?, env?, cwd?} or {url, headers?}";

/**
 * A check that `value` is a whole number of at least `least`.
 * @param {number} least
 * @returns {(value: unknown) => boolean}
 */
const wholeFrom = (least) => (value) => typeof value === "number" && Number.isInteger(value) && value >= least;
/** @param {string} takes */
const milliseconds = (takes) => ({ valid: wholeFrom(1), most: LONGEST_DELAY_MS, takes });

/**
 * Every setting of servers.json besides `mcpServers`, in the order their
 * problems are told: the one table of defaults. A timer's setting is at
 * most the longest delay a timer takes.
 * @type {Readonly<Record<Exclude<keyof Config, "mcpServers">, Readonly<Setting>>>}
 */
export const SETTINGS = deepFreeze({
  /** A tool call's deadline (10 minutes); its server's progress restarts it. */
  toolTimeoutMs: { default: 600_000, ...milliseconds("a positive whole number of milliseconds") },
  /** The longest a call may take whatever its progress (an hour), never less than toolTimeoutMs. */
  toolMaxTimeoutMs: { default: 3_600_000, ...milliseconds("a positive whole number of milliseconds") },
  /** A server's start and its listing, one deadline for both. */
  startTimeoutMs: { default: 30_000, ...milliseconds("a positive whole number of milliseconds") },
  /** The largest message read, from the client and from each server (64 MiB; the SDK's own is 10 MiB). */
  maxMessageBytes: {
    default: 64 * 1024 * 1024,
    valid: wholeFrom(MIN_MESSAGE_BYTES),
    // 2 GiB: more than one message can ever be read as text.
    most: 2 ** 31 - 1,
    takes: "a whole number of bytes, at least 65536 (64 KiB: no MCP client's first message fits in less)",
  },
  /** The first wait before a server that failed to start is tried again; each failure doubles it; 0: never. */
  retryDelayMs: { default: 5_000, valid: wholeFrom(0), most: LONGEST_DELAY_MS, takes: "a whole number of milliseconds, 0 for never" },
  /** What becomes of a call an approval policy asks about when the client cannot be asked. */
  approvalWithoutElicitation: {
    default: "allow",
    valid: (value) => WITHOUT_ELICITATION.includes(/** @type {string} */ (value)),
    takes: '"allow" (the default: the client\'s own approval of the call stands) or "refuse": what becomes of a call that an approval policy asks about when the client cannot be asked',
  },
  /** The client's context in tokens, for the listing's budget. */
  contextLength: { default: 200_000, valid: (value) => typeof value === "number" && value > 0, takes: "a positive number of tokens" },
  /** The library's config; undefined: the library's defaults. */
  toolSearch: { default: undefined, valid: isObject, takes: "an object: the library's config (ranking, search_default_limit, ...)" },
  /** The manifest cache file; undefined: a file per config in cacheFolder() (none for a config without a file); false: none. */
  cache: { default: undefined, valid: (value) => value === false || (typeof value === "string" && value.length > 0), takes: "a file path, or false" },
  /**
   * The event log: a JSON line per event of a bridge call (event-log.mjs);
   * undefined: none. A relative path is read from the config file's folder,
   * as `cache` is; the command line's `--log` wins.
   */
  log: { default: undefined, valid: (value) => typeof value === "string" && value.length > 0, takes: "a file path: the event log" },
  /** The event log's size cap (10 MiB): a line that would pass it first moves the file to `<log>.1` (one kept). */
  logMaxBytes: {
    default: 10 * 1024 * 1024,
    valid: wholeFrom(MIN_LOG_BYTES),
    // 2 GiB: more than a log's reader reads as text.
    most: 2 ** 31 - 1,
    takes: "a whole number of bytes, at least 4096",
  },
});

/** The keys of servers.json. */
const KEYS = ["mcpServers", ...Object.keys(SETTINGS)];

/** The keys of one server's entry. */
const ENTRY_KEYS = ["command", "args", "env", "cwd", "url", "headers", "type", "disabled", "approval", "defer", "alwaysLoad", "keywords"];

/** What an entry's `type` may say (Claude Code and VS Code write one). @type {Record<string, string>} */
const TYPES = { stdio: "command", http: "url", "streamable-http": "url", sse: "url" };

/**
 * The proxy's config from servers.json (`source`: its text, or the value
 * it holds, which is read as the text it would write), checked and
 * resolved once: every setting with its default, within its bounds, and
 * frozen. `path` is where the file is: a relative `cache` or `log` is read
 * from its folder, and without a `cache` key the manifest cache is a file
 * of its own in `cacheFolder()` (with no `path`: a relative `cache` or
 * `log` is read from the working folder, and there is no cache by
 * default). `log`, when given, is the event log whatever the config says
 * (the command line's `--log`), read from the working folder. Throws
 * `ConfigError` listing every problem found.
 * @param {unknown} source
 * @param {{ path?: string, env?: NodeJS.ProcessEnv, log?: string }} [options] `env`: what `${VAR}` reads
 * @returns {Readonly<ProxyConfig>}
 */
export function resolveConfig(source, { path, env = process.env, log } = {}) {
  let text;
  try {
    text = typeof source === "string" ? source : JSON.stringify(source);
  } catch (error) {
    throw new ConfigError([`it is not JSON: ${/** @type {Error} */ (error).message}`]);
  }
  const { config, servers, disabled, approvals } = readConfig(text ?? "", env);
  /**
   * The setting `key` as written, or its default, at most its `most`.
   * @param {keyof typeof SETTINGS} key
   * @returns {unknown}
   */
  const value = (key) => {
    const { default: fallback, most } = SETTINGS[key];
    const given = config[key] ?? fallback;
    return typeof given === "number" && most !== undefined ? Math.min(given, most) : given;
  };
  const toolTimeoutMs = /** @type {number} */ (value("toolTimeoutMs"));
  const named = typeof config.cache === "string" && path === undefined ? resolve(config.cache) : undefined;
  const resolved = /** @type {ProxyConfig} */ ({
    servers,
    disabled,
    approvals: Object.fromEntries(approvals),
    toolSearch: value("toolSearch"),
    contextLength: value("contextLength"),
    toolTimeoutMs,
    toolMaxTimeoutMs: Math.max(toolTimeoutMs, /** @type {number} */ (value("toolMaxTimeoutMs"))),
    startTimeoutMs: value("startTimeoutMs"),
    retryDelayMs: value("retryDelayMs"),
    maxMessageBytes: value("maxMessageBytes"),
    approvalWithoutElicitation: value("approvalWithoutElicitation"),
    cache: path === undefined ? named : cachePath(config, path, env),
    log: logPath(config, path, log),
    logMaxBytes: value("logMaxBytes"),
  });
  return deepFreeze(resolved);
}

/**
 * The host's own settings as a caller of `connectMcpServers` gave them: its
 * API refuses nothing, so what is no positive number (a `retryDelayMs` of
 * 0 aside: never) reads as the setting's default. A fraction is taken
 * whole, and a value past a setting's `most` as its `most`.
 * @param {McpHostOptions} options
 * @returns {{ startTimeoutMs: number, retryDelayMs: number, maxMessageBytes: number }}
 */
export function hostSettings(options) {
  /** @param {"startTimeoutMs" | "retryDelayMs" | "maxMessageBytes"} key */
  const read = (key) => {
    const given = options[key];
    const { default: fallback, most } = SETTINGS[key];
    return typeof given === "number" && Number.isFinite(given) && given >= 1 ? Math.min(Math.floor(given), most ?? Infinity) : /** @type {number} */ (fallback);
  };
  return {
    startTimeoutMs: read("startTimeoutMs"),
    retryDelayMs: options.retryDelayMs === 0 ? 0 : read("retryDelayMs"),
    maxMessageBytes: read("maxMessageBytes"),
  };
}

/**
 * Reads servers.json text: the config object as written, its servers
 * checked (disabled ones left out and named in `disabled`), and each
 * server's approval policy (`approvals`, a Map by server name). Throws
 * `ConfigError` listing every problem found. `${VAR}` in an entry's
 * strings reads `env` (expand.mjs). `resolveConfig` resolves it.
 * @param {string} text
 * @param {NodeJS.ProcessEnv} [env] the environment `${VAR}` reads
 * @returns {{ config: Config, servers: Record<string, ServerSpec>, disabled: string[], approvals: Map<string, string> }}
 */
export function readConfig(text, env = process.env) {
  let config;
  try {
    config = parseJsonc(text);
  } catch (error) {
    // parseJsonc throws SyntaxErrors.
    throw new ConfigError([`it is not JSON: ${/** @type {SyntaxError} */ (error).message}`]);
  }
  if (config === null || typeof config !== "object" || Array.isArray(config)) {
    throw new ConfigError([`it must be an object with "mcpServers" (${describe(config)} found)`]);
  }
  // An object: its keys are checked here.
  const fields = /** @type {Record<string, unknown>} */ (config);
  /** @type {string[]} */
  const problems = [];
  for (const key of Object.keys(config)) {
    if (!KEYS.includes(key)) problems.push(unknownKey(key, KEYS, ""));
  }
  if (!Object.hasOwn(config, "mcpServers") && !Object.hasOwn(config, "servers")) problems.push(`"mcpServers" is missing: ${MCP_SERVERS}`);
  for (const [key, setting] of Object.entries(SETTINGS)) {
    const value = fields[key];
    if (value !== undefined && !setting.valid(value)) problems.push(`"${key}" must be ${setting.takes} (${describe(value)} found)`);
  }
  /** @type {[string, ServerSpec][]} */
  const servers = [];
  /** @type {string[]} */
  const disabled = [];
  /** @type {Map<string, string>} */
  const approvals = new Map();
  const entries = fields.mcpServers;
  if (entries !== undefined && !isObject(entries)) {
    problems.push(`"mcpServers" must be ${MCP_SERVERS} (${describe(entries)} found)`);
  } else {
    /** @type {[string, unknown][]} */
    const named = Object.entries(entries ?? {});
    for (const [name, entry] of named) {
      // A disabled entry's variables need not be set.
      const expanded = isObject(entry) && entry.disabled !== true ? expandEntry(name, entry, env) : { entry, values: [], problems: [] };
      const found = [...entryProblems(name, expanded.entry), ...expanded.problems];
      problems.push(...found);
      // Read only when `found` is empty.
      const checked = /** @type {CheckedEntry} */ (expanded.entry);
      if (found.length === 0 && checked.disabled === true) disabled.push(name);
      else if (found.length === 0) {
        servers.push([name, serverSpec(checked, expanded.values)]);
        approvals.set(name, checked.approval ?? DEFAULT_APPROVAL);
      }
    }
  }
  if (problems.length) throw new ConfigError(problems);
  // Made by defining keys, not by assigning them: a server named "__proto__" is a name like any other.
  return { config: /** @type {Config} */ (config), servers: Object.fromEntries(servers), disabled, approvals };
}

/**
 * An unknown key, with the known one it most likely means.
 * @param {string} key
 * @param {string[]} known
 * @param {string} where
 * @returns {string}
 */
function unknownKey(key, known, where) {
  if (key === "servers" && where === "") {
    return `${where}unknown key "servers": did you mean "mcpServers"? (VS Code's mcp.json says "servers"; this file takes the "mcpServers" shape of Claude Desktop and Cursor)`;
  }
  return `${where}unknown key ${JSON.stringify(key)}: ${didYouMean(key, known)}`;
}

/**
 * `value`, and every object it holds, frozen (without recursion: a config may nest deep).
 * @template T
 * @param {T} value
 * @returns {T}
 */
function deepFreeze(value) {
  /** @type {unknown[]} */
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== "object" || Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const inner of Object.values(item)) pending.push(inner);
  }
  return value;
}

/**
 * The problems of the entry of server `name`.
 * @param {string} name
 * @param {unknown} entry
 * @returns {string[]}
 */
function entryProblems(name, entry) {
  const at = `server "${name}"`;
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    return [`${at} must be an object: {command, args?, env?, cwd?} or {url, headers?} (${describe(entry)} found)`];
  }
  /** @type {string[]} */
  const problems = [];
  for (const key of Object.keys(entry)) {
    if (!ENTRY_KEYS.includes(key)) problems.push(unknownKey(key, ENTRY_KEYS, `${at}: `));
  }
  const fields = /** @type {Record<string, unknown>} */ (entry);
  const { command, args, env, cwd, url, headers, type, disabled, approval, defer, alwaysLoad, keywords } = fields;
  /** @param {unknown} value */
  const strings = (value) => Array.isArray(value) && value.every((v) => typeof v === "string");
  /** @param {unknown} value */
  const stringMap = (value) => value !== null && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
  if ((command === undefined) === (url === undefined)) problems.push(`${at} needs either "command" or "url"`);
  if (command !== undefined && (typeof command !== "string" || command.length === 0)) problems.push(`${at}: "command" must be a string`);
  if (url !== undefined && !isUrl(url)) problems.push(`${at}: "url" must be an http(s) URL`);
  if (args !== undefined && !strings(args)) problems.push(`${at}: "args" must be a list of strings (${describe(args)} found)`);
  if (env !== undefined && !stringMap(env)) problems.push(`${at}: "env" must map names to strings`);
  if (headers !== undefined && !stringMap(headers)) problems.push(`${at}: "headers" must map names to strings`);
  if (cwd !== undefined && typeof cwd !== "string") problems.push(`${at}: "cwd" must be a string`);
  if (disabled !== undefined && typeof disabled !== "boolean") problems.push(`${at}: "disabled" must be true or false`);
  if (defer !== undefined && typeof defer !== "boolean") problems.push(`${at}: "defer" must be true (every tool behind tool_search, the server's pins too) or false (every tool shown)`);
  if (alwaysLoad !== undefined && alwaysLoad !== true && !strings(alwaysLoad)) {
    problems.push(`${at}: "alwaysLoad" must be true or a list of the server's tool names (${describe(alwaysLoad)} found)`);
  }
  const wordsOf = (/** @type {unknown} */ value) => typeof value === "string" || strings(value);
  if (keywords !== undefined && !(keywords !== null && typeof keywords === "object" && !Array.isArray(keywords) && Object.values(keywords).every(wordsOf))) {
    problems.push(`${at}: "keywords" must map the server's tool names to search-only words, a string or a list of strings (${describe(keywords)} found)`);
  }
  if (approval !== undefined && !Object.hasOwn(APPROVAL_POLICIES, String(approval))) {
    const policies = Object.entries(APPROVAL_POLICIES).map(([policy, asks]) => `"${policy}" (${asks})`);
    problems.push(`${at}: "approval" must be one of ${policies.join(", ")}: which tools ask the user before they run (${describe(approval)} found)`);
  }
  if (command !== undefined && headers !== undefined) problems.push(`${at}: "headers" go with a "url", not a "command"`);
  if (url !== undefined && (args !== undefined || env !== undefined || cwd !== undefined)) {
    problems.push(`${at}: "args", "env" and "cwd" go with a "command", not a "url"`);
  }
  if (type !== undefined) {
    const wants = Object.hasOwn(TYPES, String(type)) ? TYPES[String(type)] : undefined;
    if (wants === undefined) problems.push(`${at}: "type" must be one of ${Object.keys(TYPES).join(", ")}`);
    else if (fields[wants] === undefined) problems.push(`${at}: "type" ${JSON.stringify(type)} needs a "${wants}"`);
  }
  return problems;
}

/**
 * The spec `connectMcpServers` takes for a checked entry; `secrets`, the
 * values its `${VAR}`s put in.
 * @param {CheckedEntry} entry
 * @param {string[]} secrets
 * @returns {ServerSpec}
 */
function serverSpec({ command, args, env, cwd, url, headers, type, defer, alwaysLoad, keywords }, secrets) {
  // Checked: an entry without a url has a command; a url's type is "http", "streamable-http" or "sse".
  const transport = /** @type {"http" | "streamable-http" | "sse" | undefined} */ (type);
  const launch = url !== undefined ? { url, ...(headers && { headers }), ...(transport && { type: transport }) } : { command: /** @type {string} */ (command), ...(args && { args }), ...(env && { env }), ...(cwd && { cwd }) };
  return {
    ...launch,
    ...(defer !== undefined && { defer }),
    ...(alwaysLoad !== undefined && { alwaysLoad }),
    ...(keywords !== undefined && { keywords }),
    ...(secrets.length > 0 && { secrets }),
  };
}

/**
 * Whether `value` is an object that is no array.
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** @param {unknown} value */
function isUrl(value) {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * A value's kind, for an error message.
 * @param {unknown} value
 * @returns {string}
 */
function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return value.length > 40 ? "a string" : JSON.stringify(value);
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value).slice(0, 40)}`;
}

/**
 * The event log's file: `flag` (the command line's `--log`, read from the
 * working folder), else the config's `log`, read from the folder of the
 * config file at `configPath` (the working folder without one); undefined
 * for none.
 * @param {Config} config
 * @param {string | undefined} configPath
 * @param {string | undefined} flag
 * @returns {string | undefined}
 */
function logPath(config, configPath, flag) {
  if (flag) return resolve(flag);
  if (config.log === undefined) return undefined;
  return resolve(configPath === undefined ? "." : dirname(resolve(configPath)), config.log);
}

/**
 * The folder of the manifest caches that no config names.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export function cacheFolder(env = process.env) {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "toolsearch-mcp");
}

/**
 * Where the manifest cache of the config at `configPath` lives: its own
 * `cache`, or a file per config in `cacheFolder()`. `undefined` with
 * `cache: false`.
 * @param {Config} config
 * @param {string} configPath
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | undefined}
 */
export function cachePath(config, configPath, env = process.env) {
  if (config.cache === false) return undefined;
  if (typeof config.cache === "string") return resolve(dirname(resolve(configPath)), config.cache);
  const id = createHash("sha256").update(resolve(configPath)).digest("hex").slice(0, 16);
  return join(cacheFolder(env), `${id}.json`);
}
