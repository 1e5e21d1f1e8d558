// toolsearch/mcp: a host for many MCP servers on the official SDK client. It
// connects to each server (stdio, or streamable HTTP for a `url`), lists its
// tools (every page) into one session with ToolSearch.fromMcp (names never
// shared between servers), follows each server's tools/list_changed, and
// routes calls back to the server that owns a tool. A server that cannot start
// is no crash: it becomes a declared source that search reports as unusable.
// A server that exits later (or drops its connection) starts again on the
// next call that needs it.
//
// With a manifest cache (`options.cache`, a file), a server whose tools are
// cached under its current configuration is not started at all until a call
// needs it: search, describe and the listing read the cache.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { ToolSearch } from "../node/index.mjs";

const CLIENT = { name: "toolsearch", version: "0.1.0" };
/** The manifest cache's format; another version reads as empty. */
const CACHE_VERSION = 1;
/** How long cached tools stand for a server that was not started (7 days). */
const CACHE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** A digest of a server's configuration: cached tools stand only for the same one (env values included, never stored). */
function configKey(spec) {
  const sorted = (value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]))
      : value;
  return createHash("sha256").update(JSON.stringify(sorted(spec))).digest("hex");
}

/** The cached servers of a manifest file: `{name: {key, listedAt, tools}}`; empty when unreadable. */
function readCache(path) {
  try {
    const cache = JSON.parse(readFileSync(path, "utf8"));
    return cache?.version === CACHE_VERSION && cache.servers !== null && typeof cache.servers === "object" ? cache.servers : {};
  } catch {
    return {};
  }
}

/**
 * Sets one server's entry of the manifest file (`null` removes it): the file
 * is read again first, so other processes' entries stay, and written whole
 * through a temporary file, so a reader never sees half of it.
 */
function writeCacheEntry(path, name, entry) {
  const servers = readCache(path);
  if (entry === null) delete servers[name];
  else servers[name] = entry;
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify({ version: CACHE_VERSION, servers }));
  renameSync(partial, path);
}

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
 * `options.onToolsChanged()` is called then. With `options.cache` (a file
 * path), servers whose tools are cached for their configuration start on
 * their first call instead (`options.cacheMaxAgeMs`, default 7 days, ends a
 * cached listing); `options.onStart(name)` tells when a server starts.
 */
export async function connectMcpServers(servers, options = {}) {
  const clients = new Map();
  const starting = new Map(); // server name -> the promise of its start
  const lists = new Map(); // server name -> its imported tools, in config order
  const failures = [];
  const session = { tools: [], toolsets: {}, declaredSources: [] };
  const origins = {};
  const specs = specsOf(servers);
  const cached = options.cache ? readCache(options.cache) : {};
  const maxAge = typeof options.cacheMaxAgeMs === "number" && options.cacheMaxAgeMs >= 0 ? options.cacheMaxAgeMs : CACHE_MAX_AGE_MS;
  let closed = false;

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
  const listings = new Map(); // server name -> its adopted tools/list result, as JSON

  /** Imports a server's tools, keeping clear of every other server's names. */
  function adopt(name, tools) {
    const taken = [...lists.entries()].filter(([other]) => other !== name).flatMap(([, i]) => i.tools.map((t) => t.name));
    const imported = ToolSearch.fromMcp(name, tools, taken);
    for (const warning of imported.warnings) options.onWarning?.(warning);
    lists.set(name, imported);
    listings.set(name, JSON.stringify(tools));
  }

  /**
   * Records a server's listing in the manifest cache (`null` forgets it).
   * Remote (`url`) servers are not cached: their tools change with no change
   * to their configuration.
   */
  function remember(spec, tools) {
    if (!options.cache || typeof spec.url === "string") return;
    const entry = tools === null ? null : { key: configKey(spec), listedAt: Date.now(), tools };
    if (entry === null) delete cached[spec.name];
    else cached[spec.name] = entry;
    try {
      writeCacheEntry(options.cache, spec.name, entry);
    } catch (error) {
      options.onWarning?.(`the manifest cache ${options.cache} cannot be written (${error?.message ?? error})`);
    }
  }

  /**
   * Lists a server's tools; a listing overtaken by a newer one of the same
   * server is dropped (false).
   */
  async function list(spec, client) {
    const generation = (generations.get(spec.name) ?? 0) + 1;
    generations.set(spec.name, generation);
    const tools = await listAll(client);
    if (generations.get(spec.name) !== generation) return null;
    remember(spec, tools);
    return tools;
  }

  /** Connects one server and follows its tools/list_changed. */
  async function connect(spec) {
    const client = new Client(CLIENT);
    try {
      await client.connect(transportOf(spec));
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.close().catch(() => {});
      throw new Error("the host is closed");
    }
    options.onStart?.(spec.name);
    clients.set(spec.name, client);
    // One that exits or drops the connection starts again on its next call.
    client.onclose = () => {
      if (clients.get(spec.name) !== client) return;
      clients.delete(spec.name);
      starting.delete(spec.name);
      if (!closed) options.onWarning?.(`server '${spec.name}' closed its connection; it starts again on its next call`);
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      try {
        const tools = await list(spec, client);
        if (tools === null) return;
        adopt(spec.name, tools);
        rebuild();
        options.onToolsChanged?.();
      } catch (error) {
        options.onWarning?.(`server '${spec.name}': its tools could not be listed again (${error?.message ?? error})`);
      }
    });
    return client;
  }

  const isFresh = (spec) => {
    const entry = cached[spec.name];
    return typeof spec.url !== "string" && entry?.key === configKey(spec) && Array.isArray(entry.tools) && Date.now() - entry.listedAt <= maxAge;
  };
  const lazy = specs.filter(isFresh).map((spec) => spec.name);
  await Promise.all(
    specs
      .filter((spec) => !lazy.includes(spec.name))
      .map((spec) => connect(spec).catch((error) => failures.push({ server: spec.name, reason: String(error?.message ?? error) }))),
  );
  // Listed in config order, so names do not depend on which server answered first.
  for (const spec of specs) {
    if (lazy.includes(spec.name)) {
      adopt(spec.name, cached[spec.name].tools);
      continue;
    }
    const client = clients.get(spec.name);
    if (!client) continue;
    try {
      // A listing overtaken by a newer one (tools/list_changed) leaves that one in place.
      const tools = await list(spec, client);
      if (tools !== null) adopt(spec.name, tools);
    } catch (error) {
      clients.delete(spec.name);
      await client.close().catch(() => {});
      failures.push({ server: spec.name, reason: `tools/list failed: ${error?.message ?? error}` });
    }
  }
  failures.sort((a, b) => specs.findIndex((s) => s.name === a.server) - specs.findIndex((s) => s.name === b.server));
  rebuild();

  /**
   * The client of a server, started now if it was left to its first call or
   * has exited since; its fresh listing replaces the one the session holds.
   */
  function clientOf(name) {
    const client = clients.get(name);
    if (client) return Promise.resolve(client);
    const spec = specs.find((s) => s.name === name);
    if (!spec || closed) return Promise.reject(new Error(`the MCP server ${name} is not connected`));
    if (!starting.has(name)) {
      const start = (async () => {
        try {
          const before = listings.get(name);
          const started = await connect(spec);
          const tools = await list(spec, started);
          if (tools !== null && JSON.stringify(tools) !== before) {
            adopt(name, tools);
            rebuild();
            options.onToolsChanged?.();
          }
          return started;
        } catch (error) {
          // Not started: no longer offered (its cached tools go), reported as
          // unavailable, and forgotten by the cache so the next launch tries it.
          const reason = String(error?.message ?? error);
          if (!closed) {
            lists.delete(name);
            failures.push({ server: name, reason });
            remember(spec, null);
            rebuild();
            options.onToolsChanged?.();
          }
          throw new Error(`the MCP server ${name} did not start (${reason})`);
        }
      })();
      starting.set(name, start);
    }
    return starting.get(name);
  }

  /** Runs a tool by its session name: its result's text, or a throw with that text when the server says isError. */
  async function callTool(name, args, callOptions) {
    const origin = origins[name];
    if (!origin) throw new Error(`no MCP server offers '${name}'`);
    const client = await clientOf(origin.server);
    let result;
    try {
      result = await client.callTool({ name: origin.tool, arguments: args }, undefined, callOptions);
    } catch (error) {
      if (clients.get(origin.server) === client || closed) throw error;
      throw new Error(`the MCP server ${origin.server} exited during the call (${error?.message ?? error}); it starts again on the next call`);
    }
    const text = resultText(result);
    if (result.isError) throw new Error(text);
    return text;
  }

  async function close() {
    closed = true;
    await Promise.allSettled(starting.values());
    await Promise.allSettled([...clients.values()].map((c) => c.close()));
  }

  return { session, origins, failures, callTool, close };
}
