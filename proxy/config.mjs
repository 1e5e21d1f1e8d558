// servers.json as toolsearch-mcp reads it: JSON, or JSONC as VS Code writes it
// (comments, trailing commas, a byte-order mark), in the `mcpServers` shape of
// Claude Desktop and Cursor. Every key is checked: a key no one reads, a
// VS Code `servers` map or a typo is an error that says what was meant,
// never a proxy that silently serves nothing.
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { APPROVAL_POLICIES, DEFAULT_APPROVAL, WITHOUT_ELICITATION } from "./approval.mjs";
import { expandEntry } from "./expand.mjs";

/** @import { ToolSearchConfig } from "toolsearch" */
/** @import { McpServersMap } from "toolsearch-mcp" */

/**
 * servers.json once checked.
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

/** The keys of servers.json and what each takes. @type {Record<string, string>} */
const OPTIONS = {
  mcpServers: "an object: server name -> {command, args?, env?, cwd?} or {url, headers?}",
  toolSearch: "an object: the library's config (ranking, search_default_limit, ...)",
  contextLength: "a positive number of tokens",
  toolTimeoutMs: "a positive whole number of milliseconds",
  toolMaxTimeoutMs: "a positive whole number of milliseconds",
  startTimeoutMs: "a positive whole number of milliseconds",
  retryDelayMs: "a whole number of milliseconds, 0 for never",
  maxMessageBytes: "a whole number of bytes, at least 65536 (64 KiB: no MCP client's first message fits in less)",
  approvalWithoutElicitation: '"allow" (the default: the client\'s own approval of the call stands) or "refuse": what becomes of a call that an approval policy asks about when the client cannot be asked',
  cache: "a file path, or false",
};

/** The smallest `maxMessageBytes`: a client's `initialize` must fit. */
const MIN_MESSAGE_BYTES = 64 * 1024;

/** The keys of one server's entry. */
const ENTRY_KEYS = ["command", "args", "env", "cwd", "url", "headers", "type", "disabled", "approval", "defer", "alwaysLoad", "keywords"];

/** What an entry's `type` may say (Claude Code and VS Code write one). @type {Record<string, string>} */
const TYPES = { stdio: "command", http: "url", "streamable-http": "url", sse: "url" };

/** A servers.json that cannot be served, with every reason. */
export class ConfigError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(problems.join("\n"));
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/**
 * Reads servers.json text: the config object, its servers checked (disabled
 * ones left out and named in `disabled`), and each server's approval policy
 * (`approvals`, a Map by server name). Throws `ConfigError` listing every problem
 * found.
 * `${VAR}` in an entry's strings reads `env` (expand.mjs).
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
    if (!Object.hasOwn(OPTIONS, key)) problems.push(unknownKey(key, Object.keys(OPTIONS), ""));
  }
  if (!Object.hasOwn(config, "mcpServers") && !Object.hasOwn(config, "servers")) problems.push(`"mcpServers" is missing: ${OPTIONS.mcpServers}`);
  problems.push(...optionProblems(fields));
  /** @type {[string, ServerSpec][]} */
  const servers = [];
  /** @type {string[]} */
  const disabled = [];
  /** @type {Map<string, string>} */
  const approvals = new Map();
  const entries = fields.mcpServers;
  if (entries !== undefined && (entries === null || typeof entries !== "object" || Array.isArray(entries))) {
    problems.push(`"mcpServers" must be ${OPTIONS.mcpServers} (${describe(entries)} found)`);
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
 * The problems of one option's value.
 * @param {Record<string, unknown>} config
 * @returns {string[]}
 */
function optionProblems(config) {
  /** @type {string[]} */
  const problems = [];
  /**
   * @param {string} key
   * @param {number} least
   */
  const whole = (key, least) => {
    const value = config[key];
    if (value !== undefined && !(typeof value === "number" && Number.isInteger(value) && value >= least)) problems.push(`"${key}" must be ${OPTIONS[key]} (${describe(value)} found)`);
  };
  for (const key of ["toolTimeoutMs", "toolMaxTimeoutMs", "startTimeoutMs"]) whole(key, 1);
  whole("maxMessageBytes", MIN_MESSAGE_BYTES);
  whole("retryDelayMs", 0);
  const { contextLength, toolSearch, cache, approvalWithoutElicitation } = config;
  if (approvalWithoutElicitation !== undefined && !WITHOUT_ELICITATION.includes(/** @type {string} */ (approvalWithoutElicitation))) {
    problems.push(`"approvalWithoutElicitation" must be ${OPTIONS.approvalWithoutElicitation} (${describe(approvalWithoutElicitation)} found)`);
  }
  if (contextLength !== undefined && !(typeof contextLength === "number" && contextLength > 0)) {
    problems.push(`"contextLength" must be ${OPTIONS.contextLength} (${describe(contextLength)} found)`);
  }
  if (toolSearch !== undefined && (toolSearch === null || typeof toolSearch !== "object" || Array.isArray(toolSearch))) {
    problems.push(`"toolSearch" must be ${OPTIONS.toolSearch} (${describe(toolSearch)} found)`);
  }
  if (cache !== undefined && cache !== false && !(typeof cache === "string" && cache.length > 0)) {
    problems.push(`"cache" must be ${OPTIONS.cache} (${describe(cache)} found)`);
  }
  return problems;
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
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

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
  const near = known
    .map((k) => /** @type {[string, number]} */ ([k, editDistance(key.toLowerCase(), k.toLowerCase())]))
    .filter(([k, d]) => d <= Math.max(2, Math.floor(k.length / 3)))
    .sort((a, b) => a[1] - b[1])[0];
  const hint = near ? `did you mean "${near[0]}"?` : `the keys are ${known.join(", ")}`;
  return `${where}unknown key ${JSON.stringify(key)}: ${hint}`;
}

/**
 * Levenshtein distance.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
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
 * JSON with comments (`//`, `/* *\/`), trailing commas and a leading
 * byte-order mark, as VS Code writes it. Strings are kept as written, so a
 * URL's `//` inside one is no comment. JSON.parse makes every key an own
 * property, `"__proto__"` too: no key sets an object's prototype. Throws a
 * SyntaxError.
 * @param {string} text
 * @returns {unknown}
 */
export function parseJsonc(text) {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const withoutComments = outsideStrings(source, (at) => {
    if (source.startsWith("//", at)) {
      const end = source.indexOf("\n", at);
      return ["", end < 0 ? source.length : end];
    }
    if (source.startsWith("/*", at)) {
      const end = source.indexOf("*/", at + 2);
      if (end < 0) throw new SyntaxError(`a comment is not closed (${position(source, at)})`);
      // Its newlines stay, so that JSON.parse's positions stay right.
      return [source.slice(at, end + 2).replace(/[^\n]/g, " "), end + 2];
    }
    return [source[at], at + 1];
  });
  const visible = /\S/g;
  const withoutTrailingCommas = outsideStrings(withoutComments, (at) => {
    if (withoutComments[at] !== ",") return [withoutComments[at], at + 1];
    visible.lastIndex = at + 1;
    const next = visible.exec(withoutComments)?.[0];
    return [next === "}" || next === "]" ? " " : ",", at + 1];
  });
  return JSON.parse(withoutTrailingCommas);
}

/**
 * `text` rewritten outside its strings: `edit(at)` gives what the text at
 * `at` becomes and where to go on; strings are copied as written.
 * @param {string} text
 * @param {(at: number) => [string, number]} edit
 * @returns {string}
 */
function outsideStrings(text, edit) {
  let out = "";
  let at = 0;
  while (at < text.length) {
    if (text[at] === '"') {
      let end = at + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      out += text.slice(at, end + 1);
      at = end + 1;
    } else {
      const [piece, next] = edit(at);
      out += piece;
      at = next;
    }
  }
  return out;
}

/**
 * "line L, column C" of offset `at`.
 * @param {string} text
 * @param {number} at
 */
function position(text, at) {
  const before = text.slice(0, at).split("\n");
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
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
