// The values the host passes a server that the server's text must not carry
// on to the model or the logs, should the server repeat them: its env
// values, its header values, its URL's user, password, query and fragment
// values and the path segments that look like keys, and in its args, the
// values of options named like secrets and the parts of URLs. A URL's
// scheme, host and port stay: they say which server it is, and are no secret.

/**
 * The shortest value taken for a secret. Shorter values are flags, ports,
 * levels and words ("1", "true", "3000", "debug"), which would be cut out
 * of every text they occur in; keys and tokens are longer, and passwords
 * are at least 8 characters by most rules.
 */
export const MIN_SECRET_CHARS = 8;
/**
 * The shortest value taken for a secret under a name that says it is one (a
 * password, a token, an `Authorization` header): a short password is a
 * password still, while "3600" or "true" under such a name need not be.
 */
export const MIN_NAMED_SECRET_CHARS = 6;
/** A name that says its value is a secret. */
const SECRET_NAME = /auth|cookie|cred|key|pass|pwd|secret|token/i;
/** A path segment at least this long is taken for a key, whatever it holds. */
const LONG_SEGMENT_CHARS = 32;

/**
 * The values of `spec` that are secret, in the forms a server may repeat
 * them in: as given, percent-decoded and -encoded, and escaped as in JSON.
 * @param {{ env?: unknown, headers?: unknown, url?: unknown, args?: unknown, secrets?: unknown }} spec
 * @returns {string[]}
 */
export function secretsOf(spec) {
  /** @type {Set<string>} */
  const found = new Set();
  /**
   * Takes `value` when it is long enough to be a secret, in each of its forms.
   * @param {unknown} value
   * @param {boolean} named whether its name says it is secret
   */
  const add = (value, named) => {
    if (typeof value !== "string" || value.length < (named ? MIN_NAMED_SECRET_CHARS : MIN_SECRET_CHARS)) return;
    for (const form of [value, decoded(value), encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]) {
      if (form.length >= MIN_NAMED_SECRET_CHARS) found.add(form);
    }
    if (value.includes("://")) urlSecrets(value, add);
  };
  for (const [name, value] of entries(spec.env)) add(value, SECRET_NAME.test(name));
  for (const [name, value] of entries(spec.headers)) {
    const named = SECRET_NAME.test(name);
    add(value, named);
    if (typeof value === "string") headerCredentials(value, (part) => add(part, named));
  }
  if (typeof spec.url === "string") urlSecrets(spec.url, add);
  if (Array.isArray(spec.args)) argSecrets(spec.args, add);
  if (Array.isArray(spec.secrets)) for (const value of spec.secrets) add(value, true);
  return [...found];
}

/**
 * The entries of `map` when it is an object (an entry's `env`, `headers`).
 * @param {unknown} map
 * @returns {[string, unknown][]}
 */
const entries = (map) => (map !== null && typeof map === "object" ? Object.entries(map) : []);

/**
 * `text` percent-decoded, or as it is when it is not well encoded.
 * @param {string} text
 */
function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The credentials of a header's value past its scheme: `token` of `Bearer token`,
 * and the user and password of `Basic <base64 of user:password>`.
 * @param {string} value
 * @param {(part: string) => void} add
 */
function headerCredentials(value, add) {
  const space = value.search(/\s/);
  if (space === -1) return;
  const credentials = value.slice(space).trim();
  add(credentials);
  if (!/^basic$/i.test(value.slice(0, space))) return;
  const pair = Buffer.from(credentials, "base64").toString("utf8");
  const colon = pair.indexOf(":");
  add(pair);
  if (colon !== -1) {
    add(pair.slice(0, colon));
    add(pair.slice(colon + 1));
  }
}

/**
 * The secret parts of the URL `text`: its user and password, its query's and
 * fragment's values (by their names), and its path segments that look like keys.
 * @param {string} text
 * @param {(value: unknown, named: boolean) => void} add
 */
function urlSecrets(text, add) {
  /** @type {URL} */
  let url;
  try {
    url = new URL(text);
  } catch {
    return;
  }
  add(url.username, true);
  add(url.password, true);
  for (const pairs of [url.search.slice(1), url.hash.slice(1)]) {
    for (const pair of pairs.split("&")) {
      const equals = pair.indexOf("=");
      if (equals === -1) add(pair, false);
      else add(pair.slice(equals + 1), SECRET_NAME.test(decoded(pair.slice(0, equals))));
    }
  }
  for (const segment of url.pathname.split("/")) if (looksLikeKey(decoded(segment))) add(segment, true);
}

/**
 * Whether a URL's path segment looks like a key rather than a name: it mixes
 * in digits or capitals (`3f9a0c…`, `sk-AbC…`), or it is very long.
 * @param {string} segment
 */
const looksLikeKey = (segment) => segment.length >= LONG_SEGMENT_CHARS || (segment.length >= MIN_SECRET_CHARS && /[0-9A-Z]/.test(segment));

/**
 * The secrets of a server's args: the value of an option named like a secret
 * (`--api-key=…`, or `--token` then the value), and the parts of URLs.
 * @param {unknown[]} args
 * @param {(value: unknown, named: boolean) => void} add
 */
function argSecrets(args, add) {
  args.forEach((arg, i) => {
    if (typeof arg !== "string") return;
    if (arg.includes("://")) urlSecrets(arg, add);
    if (!arg.startsWith("-")) return;
    const equals = arg.indexOf("=");
    if (equals !== -1) {
      if (SECRET_NAME.test(arg.slice(0, equals))) add(arg.slice(equals + 1), true);
    } else if (SECRET_NAME.test(arg)) add(args[i + 1], true);
  });
}
