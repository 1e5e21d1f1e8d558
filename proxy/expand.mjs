// Variables in a server's entry, as Claude Code and VS Code read them:
// `${VAR}`, `${env:VAR}` and `${VAR:-default}` in its command, args, env
// values, cwd, url and header values take their value from the proxy's
// environment, so that a token need not be written in the file. A variable
// that is not set (and has no default) is an error at start, named without
// any value; the values put in are secrets of that server, kept out of
// everything its text reaches (secrets.mjs).

/** A reference: `${NAME}`, `${env:NAME}` or `${NAME:-default}` (a default of at most 1,000 characters). */
const REFERENCE = /\$\{(env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]{0,1000}))?\}/g;

/** The keys of an entry whose strings may hold references, and where they are. */
const EXPANDED_KEYS = ["command", "args", "env", "cwd", "url", "headers"];

/**
 * `entry` with the references in its strings replaced from `env`; what was
 * put in (`values`, the non-empty ones), and a problem for each variable
 * that is not set, naming where it is.
 * @param {string} server the server's name, for problems
 * @param {Record<string, unknown>} entry
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ entry: Record<string, unknown>, values: string[], problems: string[] }}
 */
export function expandEntry(server, entry, env) {
  /** @type {string[]} */
  const values = [];
  /** @type {string[]} */
  const problems = [];
  /**
   * `text` with its references replaced; `where` names it in a problem.
   * @param {string} text
   * @param {string} where
   */
  const expand = (text, where) =>
    text.replace(REFERENCE, (reference, _env, name, fallback) => {
      const value = Object.hasOwn(env, name) && env[name] !== undefined ? env[name] : fallback;
      if (value === undefined) {
        problems.push(`server "${server}": ${where} names \${${name}}, which is not set in the proxy's environment`);
        return reference;
      }
      if (value !== "") values.push(value);
      return value;
    });
  /** @type {Record<string, unknown>} */
  const out = { ...entry };
  for (const key of EXPANDED_KEYS) {
    const value = entry[key];
    if (typeof value === "string") out[key] = expand(value, `"${key}"`);
    else if (Array.isArray(value)) out[key] = value.map((item, i) => (typeof item === "string" ? expand(item, `"${key}"[${i}]`) : item));
    else if (value !== null && typeof value === "object") {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, typeof item === "string" ? expand(item, `"${key}".${name}`) : item]));
    }
  }
  return { entry: out, values, problems };
}
