// ToolSearchProxy: one MCP server in front of many, built from one resolved
// config (config.mjs). It starts the config's servers (host.mjs) and shows
// its client tool_search, tool_describe and tool_call (with the budgeted
// listing in their descriptions) instead of every tool's schema, beside the
// tools the assembly leaves visible. The bin serves it over stdio; a Node
// program may serve it over any transport of the MCP SDK.
//
// The client is answered from the start; its requests wait until the
// servers have started or failed to (each within startTimeoutMs). With the
// manifest cache, a server whose tools are cached for its current
// configuration starts on its first tool_call, not before. Before a tool
// that its server's "approval" names runs ("destructive" by default, or
// "always", "never"), through tool_call or called directly (a pinned tool),
// the client's user is asked through MCP elicitation, when the client
// supports it (approval.mjs). An MCP client names no turn of its agent: for
// the search guard, a turn is the calls up to one that runs a tool, or up
// to a pause of two minutes (turns.mjs). The servers' prompts (named
// mcp__<server>__<prompt>, as tools are) and resources (by their own URIs)
// are passed on, each list in one page, with their list_changed
// (catalogs.mjs). A call's deadline, progress and cancellation: relay.mjs.
// With a `log`, each event of the library (one per bridge call) is a line
// of the event log (event-log.mjs).
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { ToolSearch, isError } from "toolsearch";
import { DEFAULT_APPROVAL, approveThroughClient, canBeAsked } from "./approval.mjs";
import { ProxyError, ToolFailedError } from "./errors.mjs";
import { EventLog, eventLine, logRedactor } from "./event-log.mjs";
import { connectMcpServers, resultText } from "./host.mjs";
import { errorText } from "./redact.mjs";
import { relay } from "./relay.mjs";
import { Turns } from "./turns.mjs";

/** @import { Transport } from "@modelcontextprotocol/sdk/shared/transport.js" */
/** @import { CallToolRequest, CallToolResult, GetPromptResult, ReadResourceResult, Tool } from "@modelcontextprotocol/sdk/types.js" */
/** @import { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js" */
/** @import { Answer, CallContext, Host, PreparedSession } from "toolsearch" */
/** @import { McpCallOptions, McpHost } from "toolsearch-mcp" */
/** @import { Approve } from "./approval.mjs" */
/** @import { ProxyConfig } from "./config.mjs" */
/** @import { ClientRequest } from "./relay.mjs" */

/**
 * A client's tools/call as the engine hands it back to the host (its
 * `ctx`): what a call to a server takes of it, its turn, the host that
 * serves it, and where a tool whose server answered `isError` leaves its
 * error (the engine keeps only the text of what executeTool throws).
 * @typedef {ClientRequest & { turn: string, host: McpHost, failed: ToolFailedError | null }} ToolRequest
 */

/**
 * Where the proxy is: not connected yet; starting its servers (`abort`
 * ends those still starting); serving; or closed (`done` once its servers
 * and its client's connection have ended).
 * @typedef {{ kind: "new" }
 *   | { kind: "starting", servers: Promise<McpHost>, abort: AbortController }
 *   | { kind: "serving", host: McpHost }
 *   | { kind: "closed", done: Promise<void> }} Phase
 */

/**
 * What a ToolSearchProxy is built with besides its config: `log` is told
 * what the proxy has to say (a line each: servers that start or are
 * unavailable, warnings); `now` is the clock of its turns (ms).
 * @typedef {{ log?: (line: string) => void, now?: () => number }} ProxyOptions
 */

const { version } = createRequire(import.meta.url)("./package.json");
const CAPABILITIES = { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true } };

/**
 * A text answer of the proxy's own.
 * @param {string} text
 * @param {boolean} isError
 * @returns {CallToolResult}
 */
const textResult = (text, isError) => ({ content: [{ type: "text", text }], isError });

/**
 * A server's own result, as the client gets it: its content blocks (images, resources) whole.
 * @param {CallToolResult} result
 * @param {boolean} isError
 * @returns {CallToolResult}
 */
const serverResult = ({ content, structuredContent }, isError) => (structuredContent === undefined ? { content, isError } : { content, structuredContent, isError });

/**
 * `reply`, or an error that says why it cannot be sent: a result too long
 * for one string would leave the request unanswered.
 * @param {string} name
 * @param {CallToolResult} reply
 * @returns {CallToolResult}
 */
function sendable(name, reply) {
  try {
    JSON.stringify(reply);
    return reply;
  } catch (error) {
    return textResult(`the result of '${name}' cannot be sent to the client (${errorText(error)})`, true);
  }
}

export class ToolSearchProxy {
  /** @type {Readonly<ProxyConfig>} */
  #config;
  /** @type {(line: string) => void} */
  #log;
  /** The MCP server its client talks to. */
  #server;
  #ts;
  /** The client's turns, inferred for the search guard (turns.mjs). */
  #turns;
  /** The client's user, asked before a tool its server's approval policy names: through tool_call (the engine asks) and when called directly. @type {Approve} */
  #approve;
  /** @type {Phase} */
  #phase = { kind: "new" };
  /**
   * The session as prepared (`ts.prepare`): a turn reads none of its tools.
   * A change of the servers' tools prepares it again at once, as part of the
   * change: the server's next listing waits in proportion (server.mjs).
   * @type {PreparedSession | null}
   */
  #prepared = null;
  /** The tools the last assembly shows the client, by name: the only ones called directly. @type {Map<string, Tool> | null} */
  #shown = null;
  /** The event log, when the config names one. @type {EventLog | null} */
  #events = null;

  /**
   * A proxy of `config`, which `resolveConfig` made. Nothing starts until `connect`.
   * @param {Readonly<ProxyConfig>} config
   * @param {ProxyOptions} [options]
   */
  constructor(config, { log = () => {}, now = Date.now } = {}) {
    if (!Object.isFrozen(config)) throw new TypeError("a ToolSearchProxy is built from the config that resolveConfig() returns");
    this.#config = config;
    this.#log = log;
    // Named apart from another run's, for a log that several runs append to.
    this.#turns = new Turns(now, `proxy-${randomUUID().slice(0, 8)}-turn`);
    const server = new Server({ name: "toolsearch-mcp", version }, { capabilities: CAPABILITIES });
    this.#server = server;
    this.#approve = approveThroughClient(server, (name) => this.#policyOf(name), config.approvalWithoutElicitation);
    /** @type {Host} */
    const host = { executeTool: (name, args, ctx) => this.#executeTool(name, args, ctx), approve: this.#approve };
    if (config.log !== undefined) {
      const events = new EventLog(config.log, { maxBytes: config.logMaxBytes, say: log });
      const redactor = logRedactor(config.servers);
      this.#events = events;
      host.onEvent = (event) => events.write(eventLine(event, { origins: this.#origins(), client: server.getClientVersion()?.name, redactor }));
    }
    this.#ts = new ToolSearch({
      config: config.toolSearch,
      // The proxy's deadline (relay.mjs) is the call's; the engine's own
      // would only end a call that outlives it by far.
      timeouts: { tool: 0xffffffff },
      host,
    });
    for (const warning of this.#ts.config.warnings) log(warning);
    server.oninitialized = () => this.#initialized();
    // Its client went away: so do its servers.
    server.onclose = () => void this.close();
    server.setRequestHandler(ListToolsRequestSchema, () => this.#listTools());
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => this.#callTool(request, extra));
    // The servers' prompts and resources: each list whole, in one page; a
    // get or a read goes to its server (the host's errors are MCP errors, as they are).
    server.setRequestHandler(ListPromptsRequestSchema, async () => (await this.#host()).listPrompts());
    server.setRequestHandler(GetPromptRequestSchema, async ({ params }, extra) => {
      const host = await this.#host();
      // As its server answered it (the SDK's client read it with GetPromptResultSchema).
      return /** @type {GetPromptResult} */ (await host.getPrompt(params.name, params.arguments, { signal: extra.signal }));
    });
    server.setRequestHandler(ListResourcesRequestSchema, async () => (await this.#host()).listResources());
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => (await this.#host()).listResourceTemplates());
    server.setRequestHandler(ReadResourceRequestSchema, async ({ params }, extra) => {
      const host = await this.#host();
      // As its server answered it (the SDK's client read it with ReadResourceResultSchema).
      return /** @type {ReadResourceResult} */ (await host.readResource(params.uri, { signal: extra.signal }));
    });
  }

  /**
   * Serves its client through `transport` and starts its servers, all at
   * once: the client is answered from the start, and its requests wait for
   * the servers. Resolves once each server has started or failed to (within
   * startTimeoutMs); rejects when they cannot be started at all. A proxy
   * connects once; when its client's connection closes, the proxy closes.
   * @param {Transport} transport
   * @returns {Promise<void>}
   */
  async connect(transport) {
    if (this.#phase.kind !== "new") throw new ProxyError("proxy_closed", "a ToolSearchProxy connects once");
    const config = this.#config;
    const abort = new AbortController();
    const servers = connectMcpServers(config.servers, {
      signal: abort.signal,
      cache: config.cache,
      startTimeoutMs: config.startTimeoutMs,
      retryDelayMs: config.retryDelayMs,
      maxMessageBytes: config.maxMessageBytes,
      onStart: (name) => this.#log(`server '${name}' started`),
      onToolsChanged: () => this.#toolsChanged(),
      onListChanged: (list) => (list === "prompts" ? this.#server.sendPromptListChanged() : this.#server.sendResourceListChanged()).catch(() => {}),
      onWarning: this.#log,
    });
    /** @type {Phase} */
    const starting = { kind: "starting", servers, abort };
    this.#phase = starting;
    const serving = servers.then((host) => {
      if (this.#phase !== starting) return;
      this.#phase = { kind: "serving", host };
      for (const failure of host.failures) this.#log(`server '${failure.server}' is unavailable: ${failure.reason}`);
      this.#session(host);
      this.#log(`serving ${host.session.tools.length} tools of ${Object.keys(config.servers).length - host.failures.length} servers`);
    });
    await Promise.all([this.#server.connect(transport), serving]);
  }

  /**
   * Ends the proxy: its servers first (their processes too; those still
   * starting are ended, not waited for), then its client's connection. A
   * second call waits for the first.
   * @returns {Promise<void>}
   */
  close() {
    const phase = this.#phase;
    if (phase.kind === "closed") return phase.done;
    const done = Promise.resolve().then(() => this.#end(phase));
    this.#phase = { kind: "closed", done };
    return done;
  }

  /**
   * Ends what `phase` holds, then the client's connection.
   * @param {Exclude<Phase, { kind: "closed" }>} phase
   */
  async #end(phase) {
    if (phase.kind === "starting") phase.abort.abort();
    const host = phase.kind === "serving" ? phase.host : phase.kind === "starting" ? await phase.servers.catch(() => null) : null;
    await host?.close();
    await this.#events?.close();
    await this.#server.close();
  }

  /**
   * The host, once its servers have started or failed to.
   * @returns {Promise<McpHost>}
   */
  #host() {
    const phase = this.#phase;
    if (phase.kind === "serving") return Promise.resolve(phase.host);
    if (phase.kind === "starting") return phase.servers;
    return Promise.reject(new ProxyError("proxy_closed", "the proxy is closed"));
  }

  /**
   * Each tool name -> its server and its own name there: none until the servers have started.
   * @returns {Readonly<Record<string, { server: string, tool: string }>>}
   */
  #origins() {
    const phase = this.#phase;
    return phase.kind === "serving" ? phase.host.origins : {};
  }

  /**
   * The approval policy of the server of the tool `name`.
   * @param {string} name
   * @returns {string}
   */
  #policyOf(name) {
    const origins = this.#origins();
    const origin = Object.hasOwn(origins, name) ? origins[name] : undefined;
    const { approvals } = this.#config;
    return origin && Object.hasOwn(approvals, origin.server) ? approvals[origin.server] : DEFAULT_APPROVAL;
  }

  /**
   * A client that cannot be asked is said once, at its start: what the
   * servers' approval policies name then runs unasked, or is refused.
   */
  #initialized() {
    const asking = Object.entries(this.#config.approvals)
      .filter(([, policy]) => policy !== "never")
      .map(([name]) => name);
    if (canBeAsked(this.#server) || asking.length === 0) return;
    const then =
      this.#config.approvalWithoutElicitation === "refuse" ? "are refused" : 'run without asking (set "approvalWithoutElicitation": "refuse" to refuse them)';
    this.#log(`the client cannot be asked to approve a call (it takes no MCP elicitation): the tools that the approval policies of ${asking.join(", ")} name ${then}`);
  }

  /** The servers' tools changed: the session is prepared again at once, and the client told. */
  #toolsChanged() {
    const phase = this.#phase;
    this.#prepared = phase.kind === "serving" ? this.#ts.prepare(phase.host.session) : null;
    this.#shown = null;
    this.#server.sendToolListChanged().catch(() => {});
  }

  /**
   * The session, prepared once per listing of the servers' tools. Reading it
   * is a need of the servers' tools: those whose listing outlived its ttlMs
   * are listed again, in the background (this request reads what is held).
   * @param {McpHost} host
   * @returns {PreparedSession}
   */
  #session(host) {
    host.refresh();
    return (this.#prepared ??= this.#ts.prepare(host.session));
  }

  /**
   * The tools the client sees: the bridges, and whatever the assembly left
   * visible (tools of MCP servers, as the MCP format leaves them).
   * @param {McpHost} host
   * @returns {Tool[]}
   */
  #assembled(host) {
    return /** @type {Tool[]} */ (this.#ts.assemble(this.#session(host), { contextLength: this.#config.contextLength, format: "mcp" }).tools);
  }

  /**
   * Calls a server for `request`, within the proxy's deadline (relay.mjs).
   * @template T
   * @param {ClientRequest} request
   * @param {(options: McpCallOptions) => Promise<T>} call
   * @returns {Promise<T>}
   */
  #relay(request, call) {
    return relay(request, { idleMs: this.#config.toolTimeoutMs, maxMs: this.#config.toolMaxTimeoutMs }, call);
  }

  /**
   * The engine's executeTool: the server's result as it is (a tool_call
   * answer of kind "tool" carries it back whole). A result the server
   * flagged `isError` is thrown, so that the engine counts the call failed;
   * the tools/call handler answers with the result itself (`failed`).
   * @param {string} name
   * @param {Record<string, unknown>} args
   * @param {CallContext} ctx the ToolRequest of the tools/call handler, which the engine hands back
   * @returns {Promise<CallToolResult>}
   */
  async #executeTool(name, args, ctx) {
    const request = /** @type {ToolRequest} */ (ctx);
    const result = /** @type {CallToolResult} */ (await this.#relay(request, (options) => request.host.callToolResult(name, args, options)));
    if (!result.isError) return result;
    request.failed = new ToolFailedError(name, resultText(result), result);
    throw request.failed;
  }

  /** tools/list: the assembly's tools, which are then the only ones called by name. */
  async #listTools() {
    const tools = this.#assembled(await this.#host());
    this.#shown = new Map(tools.map((tool) => [tool.name, tool]));
    return { tools };
  }

  /**
   * tools/call: a bridge (through the engine), or a tool the client sees,
   * run under its server's approval policy as tool_call runs it.
   * @param {CallToolRequest} request
   * @param {RequestHandlerExtra<any, any>} extra
   * @returns {Promise<CallToolResult>}
   */
  async #callTool({ params }, extra) {
    const host = await this.#host();
    const { name, arguments: args = {} } = params;
    /** @type {ToolRequest} */
    const request = { signal: extra.signal, progressToken: params._meta?.progressToken, notify: extra.sendNotification, turn: this.#turns.of(name), host, failed: null };
    const answer = await this.#ts.answer(name, args, this.#session(host), request);
    if (answer !== null) return this.#answered(answer, request);
    // Only a tool the assembly left visible is called directly; a deferred one goes through tool_call.
    this.#shown ??= new Map(this.#assembled(host).map((tool) => [tool.name, tool]));
    const tool = this.#shown.get(name);
    if (!tool) return textResult(`'${name}' is not a tool of this server; find tools with tool_search and call them with tool_call.`, true);
    // Asked as tool_call asks: a tool shown to the client runs under its server's approval policy too.
    const verdict = await this.#approve(name, args, tool.annotations, request);
    if (verdict !== true) return textResult(`${verdict.reason} The tool was not run.`, true);
    let result;
    try {
      result = /** @type {CallToolResult} */ (await this.#relay(request, (options) => host.callToolResult(name, args, options)));
    } catch (error) {
      return textResult(errorText(error), true);
    }
    return sendable(name, serverResult(result, result.isError === true));
  }

  /**
   * A bridge's answer to the client: a tool's result (tool_call ran it)
   * as its server gave it, a failed one too, with its content blocks; else
   * the engine's text, flagged as the engine says.
   * @param {Answer} answer
   * @param {ToolRequest} request
   * @returns {CallToolResult}
   */
  #answered(answer, request) {
    // A tool's result is what executeTool returned: a server's CallToolResult.
    if (answer.kind === "tool") return serverResult(/** @type {CallToolResult} */ (answer.result), false);
    const { failed } = request;
    if (answer.kind === "error" && answer.class === "tool_failed" && failed !== null) return sendable(failed.tool, serverResult(failed.cause, true));
    return textResult(answer.text, isError(answer));
  }
}
