// toolsearch/mcp: a host for many MCP servers on the official SDK client. It
// connects to each server (stdio, or streamable HTTP for a `url`), lists its
// tools (every page) into one session with ToolSearch.fromMcp (names never
// shared between servers), follows each server's tools/list_changed, and
// routes calls back to the server that owns a tool. A server that cannot start
// is no crash: it becomes a declared source that search reports as unusable.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { ToolSearch } from "../node/index.mjs";

const CLIENT = { name: "toolsearch", version: "0.1.0" };

/** `[{name, ...spec}]` from an array of specs or an `mcpServers` map. */
function specsOf(servers) {
  if (Array.isArray(servers)) return servers;
  return Object.entries(servers ?? {}).map(([name, spec]) => ({ name, ...spec }));
}

function transportOf(spec) {
  if (typeof spec.url === "string") return new StreamableHTTPClientTransport(new URL(spec.url));
  if (typeof spec.command !== "string") throw new Error("it has neither a command nor a url");
  return new StdioClientTransport({
    command: spec.command,
    args: spec.args ?? [],
    env: { ...process.env, ...(spec.env ?? {}) },
    cwd: spec.cwd,
    stderr: "ignore",
  });
}

async function listAll(client) {
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/** The text parts of an MCP tool result, or the whole result as JSON. */
export function resultText(result) {
  const content = Array.isArray(result?.content) ? result.content : [];
  if (content.length > 0 && content.every((c) => c.type === "text")) return content.map((c) => c.text).join("\n");
  return JSON.stringify(result?.structuredContent ?? result);
}

/**
 * Connects to `servers` (an array of `{name, command, args?, env?, cwd?}` or
 * `{name, url}`, or an `mcpServers` map of the same without `name`). Resolves
 * to `{ session, origins, failures, callTool(name, args), close() }`; the
 * session object is updated in place when a server's tools change, and
 * `options.onToolsChanged()` is called then.
 */
export async function connectMcpServers(servers, options = {}) {
  const clients = new Map();
  const lists = new Map(); // server name -> its imported tools, in config order
  const failures = [];
  const session = { tools: [], toolsets: {}, declaredSources: [] };
  const origins = {};
  const specs = specsOf(servers);

  function rebuild() {
    session.tools = [];
    session.toolsets = {};
    for (const key of Object.keys(origins)) delete origins[key];
    for (const spec of specs) {
      const imported = lists.get(spec.name);
      if (!imported) continue;
      session.tools.push(...imported.tools);
      Object.assign(session.toolsets, imported.toolsets);
      Object.assign(origins, imported.origins);
    }
    session.declaredSources = failures.map((f) => ({
      name: f.server,
      unavailable: `The MCP server ${f.server} did not start (${f.reason}). Check its entry in the configuration, then restart.`,
    }));
  }

  const generations = new Map(); // server name -> number of its latest listing

  /**
   * Imports a server's tools, keeping clear of every other server's names as
   * they are when the listing arrives; a listing overtaken by a newer one of
   * the same server is dropped.
   */
  async function load(name, client) {
    const generation = (generations.get(name) ?? 0) + 1;
    generations.set(name, generation);
    const tools = await listAll(client);
    if (generations.get(name) !== generation) return false;
    const taken = [...lists.entries()].filter(([other]) => other !== name).flatMap(([, i]) => i.tools.map((t) => t.name));
    const imported = ToolSearch.fromMcp(name, tools, taken);
    for (const warning of imported.warnings) options.onWarning?.(warning);
    lists.set(name, imported);
    return true;
  }

  await Promise.all(
    specs.map(async (spec) => {
      const client = new Client(CLIENT);
      try {
        await client.connect(transportOf(spec));
        clients.set(spec.name, client);
        client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
          try {
            if (!(await load(spec.name, client))) return;
            rebuild();
            options.onToolsChanged?.();
          } catch (error) {
            options.onWarning?.(`server '${spec.name}': its tools could not be listed again (${error?.message ?? error})`);
          }
        });
      } catch (error) {
        await client.close().catch(() => {});
        failures.push({ server: spec.name, reason: String(error?.message ?? error) });
      }
    }),
  );
  // Listed in config order, so names do not depend on which server answered first.
  for (const spec of specs) {
    const client = clients.get(spec.name);
    if (!client) continue;
    try {
      await load(spec.name, client);
    } catch (error) {
      clients.delete(spec.name);
      await client.close().catch(() => {});
      failures.push({ server: spec.name, reason: `tools/list failed: ${error?.message ?? error}` });
    }
  }
  failures.sort((a, b) => specs.findIndex((s) => s.name === a.server) - specs.findIndex((s) => s.name === b.server));
  rebuild();

  /** Runs a tool by its session name: its result's text, or a throw with that text when the server says isError. */
  async function callTool(name, args, callOptions) {
    const origin = origins[name];
    if (!origin) throw new Error(`no MCP server offers '${name}'`);
    const client = clients.get(origin.server);
    if (!client) throw new Error(`the MCP server ${origin.server} is not connected`);
    const result = await client.callTool({ name: origin.tool, arguments: args }, undefined, callOptions);
    const text = resultText(result);
    if (result.isError) throw new Error(text);
    return text;
  }

  async function close() {
    await Promise.allSettled([...clients.values()].map((c) => c.close()));
  }

  return { session, origins, failures, callTool, close };
}
