// Approvals through the proxy: before tool_call runs a tool that its
// server's `approval` policy names, the proxy asks the client's user through
// MCP elicitation (when the client supports it). A client that "always
// allows" tool_call would otherwise allow every tool behind it.
import { errorText } from "./redact.mjs";

/** @import { Server } from "@modelcontextprotocol/sdk/server/index.js" */
/** @import { Host, ToolAnnotations } from "toolsearch" */

/** What a server's `approval` may say: which of its tools ask the user first. */
export const APPROVAL_POLICIES = {
  destructive: "the tools it marks destructive (destructiveHint: true, and not readOnlyHint)",
  always: "every tool",
  never: "no tool",
};

/** The policy of a server without an `approval` key. */
export const DEFAULT_APPROVAL = "destructive";

/** Characters of a call's arguments shown in the question. */
const SHOWN_ARGUMENTS_CHARS = 500;

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
 * The question the user reads: the tool, its server's title for it, and the arguments (clipped).
 * @param {string} name
 * @param {Record<string, unknown>} args
 * @param {ToolAnnotations | undefined} annotations
 * @returns {string}
 */
function question(name, args, annotations) {
  const title = typeof annotations?.title === "string" ? ` (${annotations.title})` : "";
  const shown = JSON.stringify(args);
  const clipped = shown.length > SHOWN_ARGUMENTS_CHARS ? `${shown.slice(0, SHOWN_ARGUMENTS_CHARS)}…` : shown;
  const marked = annotations?.destructiveHint === true ? " Its server marks it destructive." : "";
  return `Allow the tool ${name}${title} to run with ${clipped}?${marked}`;
}

/**
 * host.approve for the proxy: `policyOf(name)` gives the policy of the
 * server of a tool; the client's user is asked through `server` (the MCP
 * SDK's Server) when the policy says so and the client takes form
 * elicitation. A client that cannot be asked keeps its own approval of
 * tool_call; a decline, a dismissal or a failed request denies the call.
 * @param {Server} server
 * @param {(name: string) => string} policyOf
 * @returns {NonNullable<Host["approve"]>}
 */
export function approveThroughClient(server, policyOf) {
  return async (name, args, annotations, ctx) => {
    if (!asksBefore(policyOf(name), annotations)) return true;
    if (!server.getClientCapabilities()?.elicitation?.form) return true;
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
