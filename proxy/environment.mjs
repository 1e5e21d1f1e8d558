// The environment a stdio server starts with: its entry's `env`, the few
// variables every program needs, and those that reach the network from
// where the proxy runs (a corporate proxy, a custom certificate authority,
// npm's registry and proxy keys). The other variables the proxy was started
// with are not every server's: the secrets among them stay with the proxy.
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";

/**
 * The variables passed through for the network, in each case they are
 * written in: without them an `npx -y` server behind a proxy or a custom CA
 * cannot fetch its package, and times out without a word.
 */
export const NETWORK_VARIABLES = [
  "HTTPS_PROXY",
  "HTTP_PROXY",
  "ALL_PROXY",
  "NO_PROXY",
  "NODE_EXTRA_CA_CERTS",
  "NODE_USE_ENV_PROXY",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "REQUESTS_CA_BUNDLE",
  "CURL_CA_BUNDLE",
  "GIT_SSL_CAINFO",
  "PIP_CERT",
  "PIP_INDEX_URL",
  "UV_INDEX_URL",
  "UV_DEFAULT_INDEX",
  "NPM_CONFIG_PROXY",
  "NPM_CONFIG_HTTPS_PROXY",
  "NPM_CONFIG_NOPROXY",
  "NPM_CONFIG_REGISTRY",
  "NPM_CONFIG_CAFILE",
  "NPM_CONFIG_CA",
  "NPM_CONFIG_STRICT_SSL",
];

/** The names of NETWORK_VARIABLES as they may be written: upper or lower case (`https_proxy`, `npm_config_registry`). */
const NETWORK_NAMES = new Set(NETWORK_VARIABLES.flatMap((name) => [name, name.toLowerCase()]));

/** The most withheld variables a reason names. */
const NAMED_WITHHELD = 12;
/** Names of variables that may be how the network is reached: named first. */
const NETWORK_LIKE = /PROXY|CERT|_CA|SSL|TLS|REGISTRY|INDEX/i;

/**
 * What a stdio server is started with: the variables every program needs,
 * the network ones the proxy has, and its entry's `env` over them.
 * @param {Record<string, string> | undefined} entryEnv
 * @param {NodeJS.ProcessEnv} [from] the proxy's environment
 * @returns {Record<string, string>}
 */
export function serverEnvironment(entryEnv, from = process.env) {
  /** @type {Record<string, string>} */
  const env = getDefaultEnvironment();
  for (const [name, value] of Object.entries(from)) if (NETWORK_NAMES.has(name) && value !== undefined) env[name] = value;
  return { ...env, ...(entryEnv ?? {}) };
}

/**
 * Why a stdio server that did not answer in time may have failed, from its
 * environment: the proxy's variables it was not given, by name (never by
 * value), so that its entry can add what it needs; "" when there are none.
 * @param {Record<string, string> | undefined} entryEnv
 * @param {NodeJS.ProcessEnv} [from] the proxy's environment
 * @returns {string}
 */
export function withheldNote(entryEnv, from = process.env) {
  const given = serverEnvironment(entryEnv, from);
  const withheld = Object.keys(from)
    .filter((name) => !Object.hasOwn(given, name))
    .sort((a, b) => Number(NETWORK_LIKE.test(b)) - Number(NETWORK_LIKE.test(a)) || (a < b ? -1 : a > b ? 1 : 0));
  if (withheld.length === 0) return "";
  const named = withheld.slice(0, NAMED_WITHHELD).join(", ");
  const more = withheld.length > NAMED_WITHHELD ? ` and ${withheld.length - NAMED_WITHHELD} more` : "";
  return `it was not given the proxy's ${named}${more}: if it needs any of them, add it to its entry's "env"`;
}
