// toolsearch/ai: the Vercel AI SDK. A ToolSet becomes the three bridges (its
// tools run behind tool_call with their own `execute`), and our ranking can
// serve as the `search` of the SDK's own `toolSearch()`.
import { asSchema, jsonSchema, tool } from "ai";
import { ToolSearch, isError, toolName } from "toolsearch";
import { readTool, refuseAmbiguousNames, refuseExecuteTool } from "./common.mjs";

/** The toolset every tool of a ToolSet defers under. */
const TOOLSET = "ai-sdk";

/** A tool's output as the text the model reads. */
const asText = (output) => (typeof output === "string" ? output : JSON.stringify(output ?? null));

/** The turn of each user message the SDK showed the model, for the search guard (`ctx.turn`). */
const turns = new WeakMap();
let lastTurn = 0;

/**
 * The turn a step of generateText or streamText belongs to: its last user
 * message, the same object through every step of one call (the SDK
 * passes the messages it sent the model), and another once the user
 * writes again. Undefined outside generateText.
 */
function turnOf(messages) {
  const user = Array.isArray(messages) ? messages.findLast((m) => m?.role === "user") : undefined;
  if (user === null || typeof user !== "object") return undefined;
  if (!turns.has(user)) turns.set(user, `ai-sdk-${++lastTurn}`);
  return turns.get(user);
}

/** What a deferred tool's `execute` gets when the bridge was called outside generateText. */
const NO_EXECUTION = { toolCallId: "", messages: [] };

/** Whether a tool stays in front of the model: one the SDK runs itself (no `execute`, such as a provider's). */
const staysVisible = (own) => typeof own.execute !== "function";

/** What an `execute` produced: its value, or a streaming tool's last yield. */
async function finalOutput(produced) {
  if (produced == null || typeof produced[Symbol.asyncIterator] !== "function") return produced;
  let last;
  for await (const value of produced) last = value;
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
        description: own.description ?? "",
        inputSchema: await asSchema(own.inputSchema).jsonSchema,
      })),
    ),
  );
  const kept = new Set([...visible, ...names.filter((name) => staysVisible(toolSet[name]))]);
  const toolsets = Object.fromEntries(names.filter((name) => !kept.has(name)).map((name) => [name, TOOLSET]));
  const session = { tools, toolsets };
  const executeTool = async (name, args, ctx) => {
    const own = toolSet[name];
    const read = await asSchema(own.inputSchema).validate?.(args);
    if (read && !read.success) throw new Error(String(read.error?.message ?? read.error));
    // As it came: the answer carries it to tool_call's toModelOutput.
    return finalOutput(await own.execute(read ? read.value : args, ctx.execution ?? NO_EXECUTION));
  };
  const ts = new ToolSearch({ ...toolSearchOptions, host: { ...toolSearchOptions.host, executeTool } });
  // The tool set is fixed: the bridges run on a prepared snapshot, so a turn
  // reads none of it and the first one builds no index.
  const prepared = ts.prepare(session);
  const out = {};
  for (const def of ts.assemble(prepared, { contextLength, format: "openai" }).tools) {
    const name = toolName(def);
    if (!session.tools.includes(def)) {
      out[name] = tool({
        description: def.function.description,
        inputSchema: jsonSchema(def.function.parameters),
        execute: async (input, execution) => {
          const ctx = { execution, signal: execution?.abortSignal, turn: turnOf(execution?.messages) };
          const answer = await ts.answer(name, input, prepared, ctx);
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
  return { tools: out, ts, session };
}

/**
 * tool_call's `needsApproval`: the called tool's own, asked with its
 * arguments as its schema reads them. A call the bridge will refuse (an
 * unknown tool, arguments its schema rejects) needs none: the model reads
 * the refusal at once.
 */
function calledNeedsApproval(ts, prepared, toolSet) {
  return async (input, options) => {
    const called = ts.resolveToolCall(input, prepared);
    const own = called.kind === "local" && Object.hasOwn(toolSet, called.name) ? toolSet[called.name] : undefined;
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
 */
function ranOutput(ts, prepared, toolSet) {
  return ({ toolCallId, input, output }) => {
    const called = ts.resolveToolCall(input, prepared);
    const own = called.kind === "local" ? toolSet[called.name] : undefined;
    if (typeof own?.toModelOutput === "function") return own.toModelOutput({ toolCallId, input: called.arguments, output });
    return { type: "text", value: asText(output) };
  };
}

/**
 * A `search` for the AI SDK's own `toolSearch({ search })`: our ranking over
 * the tools it offers, best first. `options` are those of `new ToolSearch()`
 * (the enhanced ranking unless `options.config.ranking` says otherwise, as a
 * model writes these queries in words of its own).
 */
export function searchTools(options = {}) {
  const ts = new ToolSearch(options);
  /** The same object for a tool the last call had too, so it is not read again; only those are kept. */
  let known = new Map();
  return async ({ query, tools, maxResults }) => {
    const session = { tools: [], toolsets: {} };
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
    const answer = await ts.answer("tool_search", { queries: [query], limit }, session);
    return answer.kind === "bridge" ? answer.matches : [];
  };
}
