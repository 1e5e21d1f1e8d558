// toolsearch/langchain: LangChain.js tools behind the bridges. The bridges
// are LangChain tools whose schemas accept what the bridges accept (a single
// string counts as one query or name, arguments may come as JSON text), and
// tool_call runs each deferred tool's own `invoke`; LangGraph's own control
// flow (an `interrupt()`, a `Command`) passes through to the graph.
import { tool } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { ToolMessage } from "@langchain/core/messages";
import { ToolSearch, isError, toolName } from "toolsearch";
import { readTool, refuseAmbiguousNames, refuseExecuteTool } from "./common.mjs";

/** @import { StructuredToolInterface, ToolRunnableConfig } from "@langchain/core/tools" */
/** @import { JsonSchema7Type } from "@langchain/core/utils/json_schema" */
/** @import { RunnableConfig } from "@langchain/core/runnables" */
/** @import { Answer, CallContext, Host, JsonSchema, OpenAiTool, Session, ToolAnnotations } from "toolsearch" */
/** @import { ToolSearchToolsOptions } from "./langchain.mjs" */

/**
 * A JSON schema of the bridges' parameters, as `accepting` reads it.
 * @typedef {{ description?: unknown, properties?: Record<string, SchemaNode>, items?: SchemaNode, required?: string[], [key: string]: unknown }} SchemaNode
 */

/**
 * What the graph must see of one call of a bridge tool: how many tools it
 * ran, and LangGraph's signals and Commands they gave.
 * @typedef {{ ran: number, signals: unknown[], commands: unknown[] }} CallRecord
 */

/** The toolset every deferred LangChain tool is registered under. */
const TOOLSET = "langchain";

/**
 * `schema`, or any of `others`, under the schema's own description.
 * @param {SchemaNode} schema
 * @param {...SchemaNode} others
 * @returns {SchemaNode}
 */
const orElse = (schema, ...others) => ({ anyOf: [schema, ...others], description: schema.description });
const TEXT = { type: "string" };
const NULL = { type: "null" };

/**
 * The bridge's parameters, widened to what the bridge reads (§8.1, §10.1):
 * LangChain validates a call against them before the bridge sees it.
 * @param {string} name
 * @param {SchemaNode} parameters
 * @returns {SchemaNode}
 */
function accepting(name, parameters) {
  const properties = { ...parameters.properties };
  if (name === "tool_search") {
    properties.queries = orElse(properties.queries, TEXT);
    properties.limit = orElse(properties.limit, TEXT, NULL);
  }
  if (name === "tool_describe") properties.names = orElse(properties.names, TEXT);
  if (name !== "tool_call") return { ...parameters, properties };
  // One call as an object, the list as JSON text, arguments as JSON text,
  // null or left out; and the single call of old, `{name, arguments}` at the
  // top level.
  // tool_call's parameters: `calls`, a list of objects with properties.
  const item = /** @type {SchemaNode & { properties: Record<string, SchemaNode> }} */ (properties.calls.items);
  const call = {
    ...item,
    properties: { ...item.properties, arguments: orElse(item.properties.arguments, TEXT, NULL) },
    required: ["name"],
  };
  properties.calls = orElse({ ...properties.calls, items: call }, call, TEXT);
  const { required, ...rest } = parameters;
  return { ...rest, properties };
}

/**
 * A tool's JSON schema with the properties that have a `default` left out
 * of `required`: zod's `.default()` fields are optional to the tool itself,
 * and tool_call must not refuse a call that leaves them out.
 * @param {JsonSchema} schema
 * @returns {JsonSchema}
 */
function withDefaultsOptional(schema) {
  const properties = /** @type {Record<string, unknown> | null | undefined} */ (schema?.properties);
  if (!Array.isArray(schema?.required) || properties === null || typeof properties !== "object") return schema;
  const required = schema.required.filter((key) => !(Object.hasOwn(properties, key) && properties[key] !== null && typeof properties[key] === "object" && "default" in properties[key]));
  return { ...schema, required };
}

/**
 * A tool's output as the text the model reads: a ToolMessage's content, text as it is, anything else as JSON.
 * @param {unknown} output
 * @returns {string}
 */
function asText(output) {
  const message = /** @type {{ _getType?: unknown, content?: unknown } | null | undefined} */ (output);
  const isToolMessage = typeof message?._getType === "function" && message._getType() === "tool";
  const value = isToolMessage ? message.content : output;
  return typeof value === "string" ? value : JSON.stringify(value ?? null);
}

/**
 * LangGraph's control flow: an `interrupt()` (as for approval) or a Command for a parent graph, thrown to reach the graph.
 * @param {unknown} error
 */
const isGraphSignal = (error) => /** @type {{ is_bubble_up?: unknown } | null | undefined} */ (error)?.is_bubble_up === true;

/**
 * A LangGraph `Command` (a state update), which the graph applies when a tool returns it.
 * @param {unknown} output
 */
const isCommand = (output) => /** @type {{ lg_name?: unknown } | null | undefined} */ (output)?.lg_name === "Command";

/**
 * Tools that stay in front of the model: their result ends the agent's turn, which only a direct call does.
 * @param {StructuredToolInterface} lcTool
 */
const staysVisible = (lcTool) => lcTool.returnDirect === true;

/**
 * Whether `interruptOn` (names to true, or a function) asks the user before this call of `name` runs.
 * @param {NonNullable<ToolSearchToolsOptions["interruptOn"]>} interruptOn
 * @param {string} name
 * @param {Record<string, unknown>} args
 * @param {ToolAnnotations} annotations
 * @returns {boolean}
 */
function interrupts(interruptOn, name, args, annotations) {
  if (typeof interruptOn === "function") return interruptOn(name, args, annotations) === true;
  return interruptOn !== null && typeof interruptOn === "object" && Object.hasOwn(interruptOn, name) && interruptOn[name] === true;
}

/**
 * host.approve for `interruptOn`: LangGraph's `interrupt()` before a tool it
 * names runs, its resume value the verdict (`true` runs the tool; `false` or
 * `{allow: false, reason}` denies it, as `host.approve` reads them); any
 * other tool goes to the host's own `approve`, if any.
 * @param {NonNullable<ToolSearchToolsOptions["interruptOn"]>} interruptOn
 * @param {Host["approve"]} hostApprove
 * @returns {Promise<NonNullable<Host["approve"]>>}
 */
async function interruptingApprove(interruptOn, hostApprove) {
  const { interrupt } = await import("@langchain/langgraph");
  return (name, args, annotations, ctx) => {
    if (interrupts(interruptOn, name, args, annotations)) {
      return interrupt({ type: "tool_approval", name, args, annotations });
    }
    return typeof hostApprove === "function" ? hostApprove(name, args, annotations, ctx) : true;
  };
}

/**
 * The bridges for LangChain tools: `{ tools, ts, session }`. `tools` holds the
 * tools kept visible (`options.visible`, names, and every `returnDirect`
 * tool), then tool_search, tool_describe and tool_call; tool_call validates
 * and runs a deferred tool's own `invoke`. An `interrupt()` inside it pauses
 * the graph as it would for a direct call, and a `Command` it returns is the
 * bridge's result when it was the batch's only call. The other options are
 * those of `new ToolSearch()` (without `host.executeTool`: tools run their
 * own `invoke`), `contextLength`, and `interruptOn`: the tools (names to
 * true, or a function of name, arguments and annotations) before which
 * tool_call pauses the graph with LangGraph's `interrupt()`.
 * @param {StructuredToolInterface[]} lcTools
 * @param {ToolSearchToolsOptions} [options]
 * @returns {Promise<{ tools: StructuredToolInterface[], ts: ToolSearch, session: Session }>}
 */
export async function toolSearchTools(lcTools, options = {}) {
  const { visible = [], contextLength = 200_000, interruptOn, turnOf, ...toolSearchOptions } = options;
  refuseExecuteTool(toolSearchOptions, "langchain", "invoke");
  if (!Array.isArray(lcTools)) {
    throw new TypeError(`toolsearch/langchain: toolSearchTools takes a list of LangChain tools, not ${lcTools === null ? "null" : typeof lcTools}`);
  }
  const defs = await Promise.all(
    lcTools.map((t, i) =>
      readTool(t, typeof t?.name === "string" ? t.name : `#${i}`, "langchain", (own) => ({
        name: own.name,
        description: own.description ?? "",
        inputSchema: withDefaultsOptional(/** @type {JsonSchema} */ (toJsonSchema(own.schema))),
      })),
    ),
  );
  refuseAmbiguousNames(lcTools.map((t) => t.name), "langchain");
  const byName = new Map(lcTools.map((t) => [t.name, t]));
  const kept = new Set([...visible, ...lcTools.filter(staysVisible).map((t) => t.name)]);
  const toolsets = Object.fromEntries(lcTools.filter((t) => !kept.has(t.name)).map((t) => [t.name, TOOLSET]));
  /** @type {Session} */
  const session = { tools: defs, toolsets };
  // What the graph must see beyond the text, per call of a bridge tool (see
  // below), by the context the engine hands back; a call of `ts` itself has none.
  /** @type {WeakMap<object, CallRecord>} */
  const records = new WeakMap();
  /**
   * A host callback whose LangGraph signals (its last argument is the call's ctx) are kept for the bridge call to rethrow.
   * @template {unknown[]} A
   * @template R
   * @param {(...args: A) => R | Promise<R>} callback
   * @returns {(...args: A) => Promise<R>}
   */
  const passingSignals = (callback) => async (...args) => {
    try {
      return await callback(...args);
    } catch (error) {
      const record = records.get(/** @type {object} */ (args.at(-1)));
      if (record && isGraphSignal(error)) record.signals.push(error);
      throw error;
    }
  };
  const executeTool = passingSignals(async (/** @type {string} */ name, /** @type {Record<string, unknown>} */ args, /** @type {CallContext} */ ctx) => {
    const record = records.get(ctx);
    if (record) record.ran += 1;
    // A deferred tool's name; the config is the bridge call's own (see `run`).
    const lcTool = /** @type {StructuredToolInterface} */ (byName.get(name));
    const output = await lcTool.invoke(args, /** @type {RunnableConfig | undefined} */ (ctx?.config));
    if (record && isCommand(output)) record.commands.push(output);
    return asText(output);
  });
  /** @type {Host} */
  const host = { ...toolSearchOptions.host, executeTool };
  if (interruptOn !== undefined) host.approve = passingSignals(await interruptingApprove(interruptOn, host.approve));
  const ts = new ToolSearch({ ...toolSearchOptions, host });
  // The tools are fixed: the bridges run on a prepared snapshot, so a turn
  // reads none of them and the first one builds no index.
  const prepared = ts.prepare(session);
  /** @type {StructuredToolInterface[]} */
  const tools = [];
  for (const def of ts.assemble(prepared, { contextLength, format: "openai" }).tools) {
    const name = /** @type {string} */ (toolName(def));
    if (session.tools.includes(def)) {
      tools.push(/** @type {StructuredToolInterface} */ (byName.get(name)));
      continue;
    }
    // Not one of the tools: a bridge, in the OpenAI shape asked for.
    const { description, parameters } = /** @type {OpenAiTool} */ (def).function;
    /**
     * @param {unknown} input
     * @param {ToolRunnableConfig} [config]
     */
    const run = async (input, config) => {
      const ctx = { config, signal: config?.signal, turn: typeof turnOf === "function" ? turnOf(config) : undefined };
      /** @type {CallRecord} */
      const record = { ran: 0, signals: [], commands: [] };
      records.set(ctx, record);
      // A bridge always answers.
      const answer = /** @type {Answer} */ (await ts.answer(name, input, prepared, ctx));
      if (record.signals.length > 0) throw record.signals[0];
      if (record.ran === 1 && record.commands.length === 1) return record.commands[0];
      // Called as a model's tool call, an error is a ToolMessage of status "error".
      const id = config?.toolCall?.id;
      if (isError(answer) && typeof id === "string") return new ToolMessage({ content: answer.text, tool_call_id: id, name, status: "error" });
      return answer.text;
    };
    const schema = /** @type {JsonSchema7Type} */ (accepting(name, /** @type {SchemaNode} */ (parameters)));
    tools.push(tool(run, { name, description, schema }));
  }
  return { tools, ts, session };
}
