// toolsearch/openai: the bridges in the shapes of OpenAI's Chat Completions
// and Responses APIs, and the Responses API's own deferred loading
// (`defer_loading` tools, alone or in namespaces, found by a client-executed
// `tool_search`).
import { isError } from "toolsearch";
import { isRecord, namedCall, plainTool, split, toolsOf } from "./common.mjs";

/** @import { Answer, CallContext, PreparedSession, Session, SessionTool, ToolSearch } from "toolsearch" */
/** @import { ChatFunctionTool, ChatToolMessage, DeveloperMessage, FunctionCallOutputItem, ResponsesFunctionTool, ResponsesNamespaceTool, ResponsesToolListOptions, ResponsesToolSearchTool, ToolListOptions, ToolSearchItems, ToolSearchOutputItem } from "./openai.mjs" */

/**
 * A Chat Completions tool as the API takes it: a named function tool, or a
 * custom tool (which the declarations type as a function tool, returned as it is).
 * @param {unknown} def
 * @returns {def is ChatFunctionTool}
 */
const isChatTool = (def) =>
  isRecord(def) &&
  ((def.type === "function" && isRecord(def.function) && typeof def.function.name === "string") || (def.type === "custom" && isRecord(def.custom)));

/**
 * A Responses API tool as the API takes it: a named flat function tool, or
 * one of its own types (built-in or custom), which carry no JSON schema of
 * another provider's shape.
 * @param {unknown} def
 * @returns {def is ResponsesFunctionTool}
 */
const isResponsesTool = (def) =>
  isRecord(def) &&
  (def.type === "function"
    ? typeof def.name === "string" && !isRecord(def.function)
    : typeof def.type === "string" && !isRecord(def.function) && !isRecord(def.custom) && !("input_schema" in def) && !("inputSchema" in def));

/**
 * A tool of any shape as a Chat Completions tool: one already in that shape
 * (a function tool, or a custom tool) as it is, with its own keys such as
 * `strict`; null without a name.
 * @param {unknown} def
 * @returns {ChatFunctionTool | null}
 */
export function toChatTool(def) {
  if (isChatTool(def)) return def;
  const tool = plainTool(def);
  return tool && { type: "function", function: tool };
}

/**
 * A tool of any shape as a Responses API tool: one already in that shape (a
 * flat function tool, or a built-in tool) as it is. Converted tools are not
 * `strict` unless their definition says so (the API's default is strict).
 * @param {unknown} def
 * @returns {ResponsesFunctionTool | null}
 */
export function toResponsesTool(def) {
  if (isResponsesTool(def)) return def;
  const tool = plainTool(def);
  return tool && { type: "function", name: tool.name, description: tool.description, parameters: tool.parameters, strict: tool.strict ?? false };
}

/**
 * Chat Completions `tools`: the tools the model sees, then the three bridges.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {ToolListOptions} [options]
 * @returns {ChatFunctionTool[]}
 */
export function chatTools(ts, session, options) {
  const tools = ts.assemble(session, { contextLength: options?.contextLength, format: "openai" }).tools.map(toChatTool);
  return /** @type {ChatFunctionTool[]} */ (tools.filter(Boolean));
}

/**
 * Responses API `tools`: the tools the model sees, then the three bridges.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {ToolListOptions} [options]
 * @returns {ResponsesFunctionTool[]}
 */
export function responsesTools(ts, session, options) {
  const tools = ts.assemble(session, { contextLength: options?.contextLength, format: "openai" }).tools.map(toResponsesTool);
  return /** @type {ResponsesFunctionTool[]} */ (tools.filter(Boolean));
}

/**
 * Runs a Chat Completions tool call when it names a bridge tool: the `tool`
 * message to append, or null for the host's own tools.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {{ id: string, function?: { name: string, arguments: string } }} toolCall
 * @param {CallContext} [ctx]
 * @returns {Promise<ChatToolMessage | null>}
 */
export async function chatToolMessage(ts, session, toolCall, ctx) {
  if (!namedCall(toolCall?.function?.name)) return null;
  const text = await ts.handle(toolCall.function.name, toolCall.function.arguments, session, ctx);
  return text === null ? null : { role: "tool", tool_call_id: toolCall.id, content: text };
}

/**
 * Runs a Responses `function_call` item when it names a bridge tool, or a
 * deferred tool that OpenAI's own deferred loading loaded: the
 * `function_call_output` item to send back, or null for the host's own tools.
 * @param {ToolSearch} ts
 * @param {Session | PreparedSession} session
 * @param {{ call_id: string, name?: string, arguments?: string }} item
 * @param {CallContext} [ctx]
 * @returns {Promise<FunctionCallOutputItem | null>}
 */
export async function functionCallOutput(ts, session, item, ctx) {
  if (!namedCall(item?.name)) return null;
  const answer = (await ts.answer(item.name, item.arguments, session, ctx)) ?? (await ts.runTool(item.name, item.arguments, session, ctx));
  return answer === null ? null : { type: "function_call_output", call_id: item.call_id, output: answer.text };
}

/** The most functions in one namespace: OpenAI advises fewer than 10. */
const NAMESPACE_SIZE = 9;

/**
 * A deferred tool as OpenAI's deferred loading declares and loads it.
 * @param {ResponsesFunctionTool} tool
 * @returns {ResponsesFunctionTool}
 */
const deferredTool = (tool) => ({ ...tool, defer_loading: true });

/**
 * Code-point order of two strings: the same on every machine and locale.
 * @param {string} a
 * @param {string} b
 */
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A namespace's name for a toolset: its server's name for `mcp-<server>`,
 * in the characters names take, and not one of `taken` (which it joins).
 * @param {string} base
 * @param {Set<string>} taken
 * @returns {string}
 */
function freeName(base, taken) {
  const clean = base.replace(/^mcp-(?=.)/, "").replace(/[^A-Za-z0-9_-]/g, "_") || "tools";
  let name = clean;
  for (let n = 2; taken.has(name); n++) name = `${clean}_${n}`;
  taken.add(name);
  return name;
}

/**
 * One toolset's deferred functions as namespaces of at most NAMESPACE_SIZE,
 * in name order: `<server>`, or `<server>_1`, `<server>_2`, ... when split.
 * @param {string} toolset
 * @param {ResponsesFunctionTool[]} functions
 * @param {Set<string>} taken
 * @returns {ResponsesNamespaceTool[]}
 */
function toolsetNamespaces(toolset, functions, taken) {
  const parts = Math.ceil(functions.length / NAMESPACE_SIZE);
  return Array.from({ length: parts }, (_, i) => {
    const tools = functions.slice(i * NAMESPACE_SIZE, (i + 1) * NAMESPACE_SIZE).map(deferredTool);
    const name = freeName(parts > 1 ? `${toolset}_${i + 1}` : toolset, taken);
    const part = parts > 1 ? ` (part ${i + 1} of ${parts})` : "";
    const description = `Tools of ${toolset}${part}: ${tools.map((tool) => tool.name).join(", ")}.`;
    return { type: "namespace", name, description, tools };
  });
}

/**
 * The deferred tools as OpenAI's deferred loading declares them: `loose`,
 * each with `defer_loading`; `namespaces` (with `options.namespaces`), the
 * function tools of each toolset grouped, toolsets in name order. A tool
 * with no toolset, or not a function, stays loose.
 * @param {Session} session
 * @param {SessionTool[]} deferred sorted by name
 * @param {SessionTool[]} visible
 * @param {ResponsesToolListOptions} [options]
 * @returns {{ loose: ResponsesFunctionTool[], namespaces: ResponsesNamespaceTool[] }}
 */
function declaredDeferred(session, deferred, visible, options) {
  const toolsets = session.toolsets ?? {};
  /** @type {ResponsesFunctionTool[]} */
  const loose = [];
  /** @type {Map<string, ResponsesFunctionTool[]>} */
  const grouped = new Map();
  for (const def of deferred) {
    const tool = toResponsesTool(def);
    if (!tool) continue;
    const toolset = Object.hasOwn(toolsets, tool.name) ? toolsets[tool.name] : undefined;
    if (!options?.namespaces || tool.type !== "function" || typeof toolset !== "string") {
      loose.push(deferredTool(tool));
      continue;
    }
    const group = grouped.get(toolset) ?? [];
    grouped.set(toolset, group);
    group.push(tool);
  }
  // A namespace's name is none of the tools' the model sees, nor tool_search.
  const taken = new Set(["tool_search", ...[...visible, ...deferred].flatMap((def) => plainTool(def)?.name ?? [])]);
  const namespaces = [...grouped.keys()].sort(byCodePoint).flatMap((toolset) => toolsetNamespaces(toolset, grouped.get(toolset) ?? [], taken));
  return { loose, namespaces };
}

/**
 * Responses API `tools` for OpenAI's own deferred loading: every tool of the
 * session, the deferred ones with `defer_loading` (grouped in namespaces
 * with `options.namespaces`), and a client-executed `tool_search` whose
 * description carries the listing. Below the threshold nothing defers and
 * no search tool is added.
 * @param {ToolSearch} ts
 * @param {Session} session
 * @param {ResponsesToolListOptions} [options]
 * @returns {Array<ResponsesFunctionTool | ResponsesNamespaceTool | ResponsesToolSearchTool>}
 */
export function deferredResponsesTools(ts, session, options) {
  const { visible, bridges, deferred, activated } = split(ts, session, options);
  /** @type {Array<ResponsesFunctionTool | ResponsesNamespaceTool | ResponsesToolSearchTool>} */
  const tools = /** @type {ResponsesFunctionTool[]} */ (visible.map(toResponsesTool).filter(Boolean));
  if (!activated) return tools;
  const { loose, namespaces } = declaredDeferred(session, deferred, visible, options);
  // An assembly that defers has tool_search, described, with its parameters.
  const search = /** @type {ChatFunctionTool} */ (bridges.get("tool_search")).function;
  tools.push(...loose, ...namespaces, { type: "tool_search", execution: "client", description: search.description, parameters: search.parameters });
  return tools;
}

/**
 * The namespace that declared each namespaced deferred tool, by the tool's
 * name; empty without `options.namespaces`.
 * @param {ToolSearch} ts
 * @param {Session} session
 * @param {ResponsesToolListOptions} [options]
 * @returns {Map<string, ResponsesNamespaceTool>}
 */
function namespaceOfTool(ts, session, options) {
  if (!options?.namespaces) return new Map();
  const { visible, deferred } = split(ts, session, options);
  const { namespaces } = declaredDeferred(session, deferred, visible, options);
  return new Map(namespaces.flatMap((namespace) => namespace.tools.map((tool) => [tool.name, namespace])));
}

/**
 * The tools a search loads, in the order it ranked them: each as it was
 * declared, a namespaced one inside its namespace (one entry per namespace,
 * holding its tools that matched).
 * @param {string[]} names
 * @param {Map<string | undefined, SessionTool>} byName
 * @param {Map<string, ResponsesNamespaceTool>} namespaces
 * @returns {Array<ResponsesFunctionTool | ResponsesNamespaceTool>}
 */
function loadedTools(names, byName, namespaces) {
  /** @type {Array<ResponsesFunctionTool | ResponsesNamespaceTool>} */
  const loaded = [];
  /** @type {Map<string, ResponsesNamespaceTool>} */
  const opened = new Map();
  for (const name of names) {
    const def = byName.get(name);
    if (def === undefined) continue;
    // Named (it is in byName): a tool of the Responses API.
    const tool = deferredTool(/** @type {ResponsesFunctionTool} */ (toResponsesTool(def)));
    const namespace = namespaces.get(name);
    if (namespace === undefined) {
      loaded.push(tool);
      continue;
    }
    let entry = opened.get(namespace.name);
    if (entry === undefined) {
      entry = { type: "namespace", name: namespace.name, description: namespace.description, tools: [] };
      opened.set(namespace.name, entry);
      loaded.push(entry);
    }
    entry.tools.push(tool);
  }
  return loaded;
}

/**
 * The developer message that gives the model our answer to a search that
 * loaded nothing: why a malformed call failed, or the hint of one that
 * matched nothing.
 * @param {string | null} callId
 * @param {string} text
 * @returns {DeveloperMessage}
 */
const unloadedSearch = (callId, text) => ({
  type: "message",
  role: "developer",
  content: `The tool_search call${callId === null ? "" : ` ${callId}`} loaded no tools. Its answer:\n${text}`,
});

/**
 * Answers a client-executed `tool_search_call` item with our ranking: the
 * `tool_search_output` item that loads the matched tools (in their
 * namespaces, with the `options` given to `deferredResponsesTools`), then,
 * when it loads none, a developer message with our answer, which says why.
 * @param {ToolSearch} ts
 * @param {Session} session
 * @param {{ call_id: string | null, arguments: unknown }} call
 * @param {CallContext} [ctx]
 * @param {ResponsesToolListOptions} [options]
 * @returns {Promise<ToolSearchItems>}
 */
export async function toolSearchOutput(ts, session, call, ctx, options) {
  const byName = new Map(toolsOf(session).map((def) => [plainTool(def)?.name, def]));
  // A bridge always answers.
  const answer = /** @type {Answer} */ (await ts.answer("tool_search", call.arguments, session, ctx));
  const names = answer.kind === "bridge" ? answer.matches : [];
  const tools = loadedTools(names, byName, namespaceOfTool(ts, session, options));
  /** @type {ToolSearchOutputItem} */
  const output = { type: "tool_search_output", call_id: call.call_id, execution: "client", status: isError(answer) ? "incomplete" : "completed", tools };
  return tools.length > 0 ? [output] : [output, unloadedSearch(call.call_id, answer.text)];
}
