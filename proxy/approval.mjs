// Approvals through the proxy: before it runs a tool that its server's
// `approval` policy names (through tool_call, or called directly when the
// client's list shows it), the proxy asks the client's user through MCP
// elicitation (when the client supports it). A client that "always allows"
// tool_call would otherwise allow every tool behind it.
import { errorText } from "./redact.mjs";

/** @import { Server } from "@modelcontextprotocol/sdk/server/index.js" */
/** @import { CallContext, ToolAnnotations } from "toolsearch" */

/**
 * Whether a call may run: `true`, or why not. It serves as the engine's
 * host.approve, and the proxy asks it itself before a direct call.
 * @typedef {(name: string, args: Record<string, unknown>, annotations: ToolAnnotations | undefined, ctx?: CallContext) => Promise<true | { allow: false, reason: string }>} Approve
 */

/** What a server's `approval` may say: which of its tools ask the user first. */
export const APPROVAL_POLICIES = {
  destructive: "the tools it marks destructive (destructiveHint: true, and not readOnlyHint)",
  always: "every tool",
  never: "no tool",
};

/** The policy of a server without an `approval` key. */
export const DEFAULT_APPROVAL = "destructive";

/**
 * What `"approvalWithoutElicitation"` may say of a call a policy asks about
 * when the client cannot be asked: "allow" (the default: the client's own
 * approval of the call stands) or "refuse".
 */
export const WITHOUT_ELICITATION = ["allow", "refuse"];

/** The most argument values the question lists (each by its key path); the rest are counted. */
const SHOWN_VALUES = 30;
/** The characters shown of a long value: its start and its end, with its length said. */
const VALUE_HEAD_CHARS = 80;
const VALUE_TAIL_CHARS = 40;
/** The characters shown of a value's key path. */
const PATH_CHARS = 100;

/**
 * Whether `policy` asks the user before a tool with these annotations runs.
 * @param {string} policy
 * @param {ToolAnnotations | undefined} annotations
 * @returns {boolean}
 */
export function asksBefore(policy, annotations) {
  if (policy === "always") return true;
  if (policy === "never") return false;
  return annotations?.destructiveHint === true && annotations?.readOnlyHint !== true;
}

/**
 * `text` as a JSON string whose invisible characters show: controls, line
 * and paragraph separators, format characters (bidi overrides, zero-width
 * ones) and spaces other than the plain one are written as `\uXXXX`.
 * @param {string} text
 * @returns {string}
 */
function visible(text) {
  return JSON.stringify(text).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}]|(?! )\p{Zs}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * A value as the question shows it: a string quoted (invisible characters
 * shown), and a long one as its start and end with its length, so that no
 * padding pushes what matters out of sight.
 * @param {unknown} value a leaf of the arguments: no object, or an empty one
 * @returns {string}
 */
function shownValue(value) {
  if (Array.isArray(value)) return "[]";
  if (value !== null && typeof value === "object") return "{}";
  if (typeof value !== "string") return String(value);
  if (value.length <= VALUE_HEAD_CHARS + VALUE_TAIL_CHARS) return visible(value);
  const head = visible(value.slice(0, VALUE_HEAD_CHARS));
  const tail = visible(value.slice(-VALUE_TAIL_CHARS));
  return `${head} … ${tail} (${value.length} characters; the middle is not shown)`;
}

/**
 * `parent` and one more key of the path to a value, cut at PATH_CHARS.
 * @param {string} parent
 * @param {string} key
 * @param {boolean} index whether `key` is an array's index
 * @returns {string}
 */
function keyPath(parent, key, index) {
  if (parent.length >= PATH_CHARS) return parent;
  const step = index ? `[${key}]` : /^[A-Za-z_$][\w$-]*$/.test(key) ? `${parent === "" ? "" : "."}${key}` : `[${visible(key.slice(0, PATH_CHARS))}]`;
  const path = parent + step;
  return path.length > PATH_CHARS ? `${path.slice(0, PATH_CHARS)}…` : path;
}

/**
 * The question the user reads: the tool, each of its arguments' values by
 * key path (SHOWN_VALUES of them, the rest counted), and whether its server
 * marks it destructive. The server's own words (its title for the tool) are
 * not shown: they would read as the proxy's.
 * @param {string} name
 * @param {Record<string, unknown>} args
 * @param {ToolAnnotations | undefined} annotations
 * @returns {string}
 */
export function question(name, args, annotations) {
  const marked = annotations?.destructiveHint === true ? " Its server marks it destructive." : "";
  /** @type {string[]} */
  const lines = [];
  let values = 0;
  // Depth first in the arguments' own order, without recursion (arguments may nest deep).
  /** @type {[unknown, string][]} */
  const stack = [[args, ""]];
  while (stack.length > 0) {
    const [value, path] = /** @type {[unknown, string]} */ (stack.pop());
    const children = value !== null && typeof value === "object" ? Object.entries(value) : [];
    if (children.length === 0 && path !== "") {
      values += 1;
      if (lines.length < SHOWN_VALUES) lines.push(`- ${path}: ${shownValue(value)}`);
    }
    const index = Array.isArray(value);
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i];
      stack.push([child, lines.length < SHOWN_VALUES ? keyPath(path, key, index) : path]);
    }
  }
  if (values === 0) return `Allow the tool ${name} to run, with no arguments?${marked}`;
  const rest = values - lines.length;
  if (rest > 0) lines.push(`- and ${rest} more values, not shown (${values} in all).`);
  return `Allow the tool ${name} to run with these arguments?${marked}\n${lines.join("\n")}`;
}

/**
 * The proxy's approval: `policyOf(name)` gives the policy of the server of
 * a tool; the client's user is asked through `server` (the MCP SDK's
 * Server) when the policy says so and the client takes form elicitation. A
 * client that cannot be asked keeps its own approval of the call (of
 * tool_call, or of the tool its list shows); a decline, a dismissal or a
 * failed request denies the call. With `withoutElicitation` "refuse", a
 * client that cannot be asked has the call refused instead.
 * @param {Server} server
 * @param {(name: string) => string} policyOf
 * @param {string} [withoutElicitation] "allow" or "refuse"
 * @returns {Approve}
 */
export function approveThroughClient(server, policyOf, withoutElicitation = "allow") {
  return async (name, args, annotations, ctx) => {
    if (!asksBefore(policyOf(name), annotations)) return true;
    if (!canBeAsked(server)) {
      if (withoutElicitation !== "refuse") return true;
      const reason = `Its server's approval policy asks the user before ${name} runs, and this client cannot be asked (it takes no MCP elicitation), so the proxy refuses it ("approvalWithoutElicitation": "refuse").`;
      return { allow: false, reason };
    }
    let result;
    try {
      result = await server.elicitInput(
        { mode: "form", message: question(name, args, annotations), requestedSchema: { type: "object", properties: {} } },
        { signal: ctx?.signal },
      );
    } catch (error) {
      return { allow: false, reason: `The user could not be asked to approve this call (${errorText(error)}).` };
    }
    if (result.action === "accept") return true;
    const how = result.action === "decline" ? "declined" : "dismissed";
    return { allow: false, reason: `The user ${how} this call when asked to approve it.` };
  };
}

/**
 * Whether the client can be asked: it takes MCP form elicitation.
 * @param {Server} server
 */
export const canBeAsked = (server) => Boolean(server.getClientCapabilities()?.elicitation?.form);
