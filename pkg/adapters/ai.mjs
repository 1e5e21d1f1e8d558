// toolsearch/ai: the Vercel AI SDK. A ToolSet becomes the three bridges (its
// tools run behind tool_call with their own `execute`), and our ranking can
// serve as the `search` of the SDK's own `toolSearch()`.
import { asSchema, jsonSchema, tool } from "ai";
import { ToolSearch, isError, toolName } from "toolsearch";
import { readTool, refuseAmbiguousNames, refuseExecuteTool } from "./common.mjs";

/** @import { Tool, ToolExecutionOptions, ToolSet } from "ai" */
/** @import { Answer, Host, JsonSchema, OpenAiTool, PreparedSession, Session, ToolDef, ToolSearchOptions } from "toolsearch" */
/** @import { BridgedToolSet, ToolSearchToolsOptions } from "./ai.mjs" */

/** The toolset every tool of a ToolSet defers under. */
const TOOLSET = "ai-sdk";

/**
 * A tool's output as the text the model reads.
 * @param {unknown} output
 * @returns {string}
 */
const asText = (output) => (typeof output === "string" ? output : JSON.stringify(output ?? null));

/** The turn of each user message the SDK showed the model, for the search guard (`ctx.turn`). */
/** @type {WeakMap<object, string>} */
const turns = new WeakMap();
let lastTurn = 0;

/**
 * The turn a step of generateText or streamText belongs to: its last user
 * message, the same object through every step of one call (the SDK
 * passes the messages it sent the model), and another once the user
 * writes again. Undefined outside generateText.
 * @param {unknown} messages
 * @returns {string | undefined}
 */
function turnOf(messages) {
  const user = Array.isArray(messages) ? messages.findLast((m) => m?.role === "user") : undefined;
  if (user === null || typeof user !== "object") return undefined;
  if (!turns.has(user)) turns.set(user, `ai-sdk-${++lastTurn}`);
  return turns.get(user);
}

/**
 * What a deferred tool's `execute` gets when the bridge was called outside
 * generateText (without the `context` that ai 7 types, which only a call of the SDK has).
 * @type {Omit<ToolExecutionOptions<unknown>, "context">}
 */
const NO_EXECUTION = { toolCallId: "", messages: [] };

/**
 * Whether a tool stays in front of the model: one the SDK runs itself (no `execute`, such as a provider's).
 * @param {Tool} own
 */
const staysVisible = (own) => typeof own.execute !== "function";

/**
 * What an `execute` produced: its value, or a streaming tool's last yield.
 * @param {unknown} produced
 * @returns {Promise<unknown>}
 */
async function finalOutput(produced) {
  const stream = /** @type {Partial<AsyncIterable<unknown>> | null | undefined} */ (produced);
  if (stream == null || typeof stream[Symbol.asyncIterator] !== "function") return produced;
  let last;
  for await (const value of /** @type {AsyncIterable<unknown>} */ (stream)) last = value;
  return last;
}

/**
 * The bridges for an AI SDK `ToolSet`: `{ tools, ts, session }`. `tools` is a
 * ToolSet of the tools kept visible (`options.visible`, names, and every tool
 * without an `execute`, such as a provider's) and tool_search, tool_describe
 * and tool_call; tool_call validates the arguments, reads them through the
 * tool's own schema (defaults and transforms apply) and runs its `execute`
 * (a streaming one's last value is the output). A deferred tool's
 * `needsApproval` becomes tool_call's for a call of it, so the SDK asks
 * before it runs.
 * The other options are those of `new ToolSearch()` (without
 * `host.executeTool`: tools run their own `execute`), and `contextLength`.
 * @template {ToolSet} TOOLS
 * @param {TOOLS} toolSet
 * @param {ToolSearchToolsOptions} [options]
 * @returns {Promise<{ tools: BridgedToolSet<TOOLS>, ts: ToolSearch, session: Session }>}
 */
export async function toolSearchTools(toolSet, options = {}) {
  const { visible = [], contextLength = 200_000, ...toolSearchOptions } = options;
  refuseExecuteTool(toolSearchOptions, "ai", "execute");
  if (toolSet === null || typeof toolSet !== "object") {
    throw new TypeError(`toolsearch/ai: toolSearchTools takes a ToolSet (an object of tools by name), not ${toolSet === null ? "null" : typeof toolSet}`);
  }
  const names = Object.keys(toolSet);
  refuseAmbiguousNames(names, "ai");
  const tools = await Promise.all(
    names.map((name) =>
      readTool(toolSet[name], name, "ai", async (own) => ({
        name,
        // ai 7 also takes a function of the call's context here, which the session cannot read.
        description: /** @type {string} */ (own.description ?? ""),
        inputSchema: /** @type {JsonSchema} */ (await asSchema(own.inputSchema).jsonSchema),
      })),
    ),
  );
  const kept = new Set([...visible, ...names.filter((name) => staysVisible(toolSet[name]))]);
  const toolsets = Object.fromEntries(names.filter((name) => !kept.has(name)).map((name) => [name, TOOLSET]));
  /** @type {Session} */
  const session = { tools, toolsets };
  /** @type {NonNullable<Host["executeTool"]>} */
  const executeTool = async (name, args, ctx) => {
    // A deferred tool has an `execute` (see staysVisible).
    const own = /** @type {Tool & { execute: NonNullable<Tool["execute"]> }} */ (toolSet[name]);
    const read = await asSchema(own.inputSchema).validate?.(args);
    if (read && !read.success) throw new Error(String(read.error?.message ?? read.error));
    // The SDK's, set by the bridge below.
    const execution = /** @type {ToolExecutionOptions<unknown> | undefined} */ (ctx.execution);
    // As it came: the answer carries it to tool_call's toModelOutput.
    return finalOutput(await own.execute(read ? read.value : args, execution ?? /** @type {ToolExecutionOptions<unknown>} */ (NO_EXECUTION)));
  };
  const ts = new ToolSearch({ ...toolSearchOptions, host: { ...toolSearchOptions.host, executeTool } });
  // The tool set is fixed: the bridges run on a prepared snapshot, so a turn
  // reads none of it and the first one builds no index.
  const prepared = ts.prepare(session);
  /** @type {Record<string, Tool>} */
  const out = {};
  for (const def of ts.assemble(prepared, { contextLength, format: "openai" }).tools) {
    const name = /** @type {string} */ (toolName(def));
    if (!session.tools.includes(def)) {
      // Not one of the ToolSet's: a bridge, in the OpenAI shape asked for.
      const bridge = /** @type {OpenAiTool} */ (def).function;
      out[name] = tool({
        description: bridge.description,
        inputSchema: jsonSchema(/** @type {JsonSchema} */ (bridge.parameters)),
        execute: async (input, execution) => {
          const ctx = { execution, signal: execution?.abortSignal, turn: turnOf(execution?.messages) };
          // A bridge always answers.
          const answer = /** @type {Answer} */ (await ts.answer(name, input, prepared, ctx));
          // The SDK's tool errors: the model reads the text, the host sees a tool-error.
          if (isError(answer)) throw new Error(answer.text);
          return answer.kind === "tool" ? answer.result : answer.text;
        },
        toModelOutput: name === "tool_call" ? ranOutput(ts, prepared, toolSet) : undefined,
        needsApproval: name === "tool_call" ? calledNeedsApproval(ts, prepared, toolSet) : undefined,
      });
    } else {
      out[name] = toolSet[name];
    }
  }
  return { tools: /** @type {BridgedToolSet<TOOLS>} */ (out), ts, session };
}

/**
 * tool_call's `needsApproval`: the called tool's own, asked with the
 * arguments the call would run with: the bridge's coercion of the model's
 * (`resolveToolCall`), read by the tool's schema, as `executeTool` reads
 * them. A call that cannot run (an unknown tool, arguments its schema
 * rejects, which `executeTool` refuses too) needs none: the model reads the
 * refusal at once.
 * @param {ToolSearch} ts
 * @param {PreparedSession} prepared
 * @param {ToolSet} toolSet
 * @returns {NonNullable<Tool["needsApproval"]>}
 */
function calledNeedsApproval(ts, prepared, toolSet) {
  return async (input, options) => {
    const called = ts.resolveToolCall(input, prepared);
    if (called.kind !== "local" || !Object.hasOwn(toolSet, called.name)) return false;
    const own = toolSet[called.name];
    const needs = own?.needsApproval;
    if (typeof needs !== "function") return needs === true;
    const read = await asSchema(own.inputSchema).validate?.(called.arguments);
    if (read && !read.success) return false;
    return needs(read ? read.value : called.arguments, options);
  };
}

/**
 * tool_call's `toModelOutput`: a deferred tool's own `toModelOutput` when it
 * has one (an image reaches the model as an image), else its output as the
 * text the model reads.
 * @param {ToolSearch} ts
 * @param {PreparedSession} prepared
 * @param {ToolSet} toolSet
 * @returns {NonNullable<Tool["toModelOutput"]>}
 */
function ranOutput(ts, prepared, toolSet) {
  return ({ toolCallId, input, output }) => {
    const called = ts.resolveToolCall(input, prepared);
    const own = called.kind === "local" ? toolSet[called.name] : undefined;
    if (called.kind === "local" && typeof own?.toModelOutput === "function") return own.toModelOutput({ toolCallId, input: called.arguments, output });
    return { type: "text", value: asText(output) };
  };
}

/**
 * A `search` for the AI SDK's own `toolSearch({ search })`: our ranking over
 * the tools it offers, best first. `options` are those of `new ToolSearch()`
 * (the enhanced ranking unless `options.config.ranking` says otherwise, as a
 * model writes these queries in words of its own).
 * @param {ToolSearchOptions} [options]
 * @returns {(options: { query: string, tools: Array<{ name: string, description?: string }>, maxResults?: number }) => Promise<string[]>}
 */
export function searchTools(options = {}) {
  const ts = new ToolSearch(options);
  /** The same object for a tool the last call had too, so it is not read again; only those are kept. */
  /** @type {Map<string, { name: string, description: string }>} */
  let known = new Map();
  return async ({ query, tools, maxResults }) => {
    /** @type {Session & { tools: ToolDef[], toolsets: Record<string, string> }} */
    const session = { tools: [], toolsets: {} };
    /** @type {typeof known} */
    const seen = new Map();
    for (const { name, description = "" } of tools) {
      const key = `${name}\u0000${description}`;
      const def = seen.get(key) ?? known.get(key) ?? { name, description };
      seen.set(key, def);
      session.tools.push(def);
      session.toolsets[name] = TOOLSET;
    }
    known = seen;
    const limit = typeof maxResults === "number" ? maxResults : 25;
    // A bridge always answers.
    const answer = /** @type {Answer} */ (await ts.answer("tool_search", { queries: [query], limit }, session));
    return answer.kind === "bridge" ? answer.matches : [];
  };
}
