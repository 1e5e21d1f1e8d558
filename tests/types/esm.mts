// Every declared export, used as an ESM consumer would (strict).
import init, {
  ToolSearch,
  initSync,
  isError,
  tokenize,
  toolName,
  toolSchema,
  version,
  type Answer,
  type ToolCallArgs,
  type ToolDef,
  type ToolSearchArgs,
  type PreparedSession,
  type IndexImport,
  type Assembly,
  type EnhancedExplanation,
  type Explanation,
  type Host,
  type McpImport,
  type ResolvedConfig,
  type Resolution,
  type Session,
  type ToolSearchOptions,
} from "toolsearch";
import initWeb, { ToolSearch as WebToolSearch } from "toolsearch/web";
import wasmUrl from "toolsearch/toolsearch_bg.wasm";
import validatorUrl from "toolsearch/validator_bg.wasm";
import {
  ConfigError,
  ToolFailedError,
  ToolSearchProxy,
  connectMcpServers,
  resolveConfig,
  type McpHost,
  type McpPrompt,
  type McpResource,
  type McpResourceTemplate,
  type ProxyConfig,
  type ProxyErrorCode,
} from "toolsearch-mcp";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

const host: Host = {
  executeTool: async (name: string, args: Record<string, unknown>) => `${name} ${JSON.stringify(args)}`,
  embed: async (texts: string[]) => texts.map(() => new Float32Array(4)),
  gateway: {
    search: async () => ({}),
    schemas: async () => ({}),
    // docs/behaviour.md §11.3: execute always gets its idempotency key.
    execute: async (body, opts) => {
      const key: string = opts.idempotencyKey;
      return { body, key };
    },
  },
};
const options: ToolSearchOptions = {
  config: { ranking: "enhanced", max_search_limit: 10 },
  coreTools: ["terminal"],
  timeouts: { search: 1000, tool: 60_000, callback: 30_000 },
  limits: { gatewayAnswerChars: 1 << 20 },
  semantic: { weight: 0.3 },
  host,
};

export async function run(session: Session, transport: Transport): Promise<string[]> {
  await init();
  await initWeb(wasmUrl, validatorUrl);
  const ts = new ToolSearch(options);
  const config: ResolvedConfig = ts.config;
  const assembly: Assembly = ts.assemble(session, { contextLength: 200_000, format: "anthropic" });
  const searchOnly: Assembly = ts.assemble(session, { format: "openai", deferLoading: true });
  void searchOnly;
  const found: string = await ts.toolSearch({ queries: ["create issue"] }, session, { surface: "link" });
  const searchArgs: ToolSearchArgs = { queries: "create issue", limit: 3 };
  const callArgs: ToolCallArgs = { calls: [{ name: "x", arguments: { a: 1 } }] };
  const prepared: PreparedSession = ts.prepare(session);
  const snapshot: Uint8Array = ts.exportIndex(prepared);
  const warmStart: IndexImport = ts.importIndex(snapshot, session);
  const refused: string | null = warmStart.refused;
  const warm: PreparedSession = warmStart.session;
  void [refused, warm];
  const answer: Answer | null = (await ts.answer("tool_call", callArgs, prepared)) ?? (await ts.runTool("mcp__x__y", {}, prepared));
  const flagged: boolean = isError(answer) || (answer?.kind === "error" && answer.class === "unknown_tool");
  const matched: string[] = answer?.kind === "bridge" ? answer.matches : answer?.kind === "tool" ? [String(answer.result)] : [];
  const def: ToolDef = { type: "function", function: { name: "f", parameters: { type: "object" } } };
  // The union narrows on its shape.
  const nameOf = (d: ToolDef): string => (d.type === "function" ? d.function.name : d.name);
  const defName: string = nameOf(def);
  // A flat Responses function tool and a provider's server tool go into a session as written.
  const provided: Session = { tools: [def, { type: "function", name: "flat", parameters: null, strict: null }, { type: "web_search_20250305", name: "web_search", max_uses: 3 }] };
  await ts.toolSearch({ queries: ["web"] }, provided);
  const named: string | null = toolName(def);
  void [flagged, matched, defName, named, toolSchema(def)?.type];
  initSync();
  const described: string = await ts.toolDescribe({ names: ["x"] }, session);
  const called: string = await ts.toolCall({ calls: [{ name: "x", arguments: {} }] }, session);
  const handled: string | null = await ts.handle("tool_search", "{}", session);
  const managed: string = await ts.manageConnections({ action: "status" }, session);
  const resolution: Resolution = ts.resolveToolCall({ name: "x" }, session);
  const explanation: Explanation = ts.explain("create issue", session, { limit: 5 });
  if (explanation.ranking === "enhanced") {
    const enhanced: EnhancedExplanation = explanation;
    void enhanced.decision;
  }
  const imported: McpImport = ToolSearch.fromMcp("github", { tools: [] }, ["mcp__other__t"]);
  const merged: McpImport = ToolSearch.fromMcpServers({ github: { tools: [] }, slack: [] });
  void merged.origins;
  ts.manageConnectionsTool("openai");
  const stop = new AbortController();
  const mcp: McpHost = await connectMcpServers(
    { files: { command: "mcp-server-filesystem", args: ["."] } },
    { signal: stop.signal, startTimeoutMs: 10_000, maxMessageBytes: 1 << 26, onListChanged: (list: "prompts" | "resources") => void list },
  );
  const ran: string = await mcp.callTool("mcp__files__read_file", { path: "a" });
  const raw = await mcp.callToolResult("mcp__files__read_file", { path: "a" }, { timeout: 1000 });
  const blocks: string[] = raw.content.map((block) => block.type);
  void blocks;
  const prompts: McpPrompt[] = (await mcp.listPrompts()).prompts;
  const prompt = await mcp.getPrompt(prompts[0].name, { who: "Ann" }, { signal: stop.signal });
  const roles: string[] = prompt.messages.map((message) => message.role);
  const uris: string[] = (await mcp.listResources()).resources.map((resource: McpResource) => resource.uri);
  const templates: string[] = (await mcp.listResourceTemplates()).resourceTemplates.map((template: McpResourceTemplate) => template.uriTemplate);
  const contents = (await mcp.readResource(uris[0])).contents.map((content) => content.uri);
  void [roles, templates, contents];
  await ts.toolSearch({ queries: [ran] }, mcp.session);
  const failure = await mcp.callTool("mcp__files__write_file", {}).catch((error: unknown) => error);
  const failed: string[] = failure instanceof ToolFailedError ? failure.cause.content.map((block) => block.type) : [];
  const code: ProxyErrorCode | null = failure instanceof ConfigError ? failure.code : null;
  void [failed, code];
  await mcp.close();
  const proxyConfig: ProxyConfig = resolveConfig({ mcpServers: { files: { command: "mcp-server-filesystem", approval: "always" } }, toolTimeoutMs: 5_000 }, { path: "servers.json" });
  const proxy = new ToolSearchProxy(proxyConfig, { log: (line: string) => void line, now: Date.now });
  await proxy.connect(transport);
  await proxy.close();
  ts.free();
  using disposable = new WebToolSearch();
  void disposable;
  return [version(), ...tokenize("creating issues"), found, described, called, managed, String(handled),
    String(config.ranking), String(assembly.tier), resolution.kind, ...imported.warnings];
}
