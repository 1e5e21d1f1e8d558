// Reading a server's tools/list: every page within one deadline, bounded,
// and each tool checked before anything serialises it, with how long the
// server says the listing stays fresh (its pages' `ttlMs`).
//
// The proxy does not check a tool's results against its `outputSchema`. The
// schema is the server's, untrusted: the SDK would compile every tool's one
// with AJV on every listing (seconds for thousands of tools, memory never
// freed), a schema AJV cannot compile would fail the whole listing, and its
// `pattern`s would run on JavaScript's backtracking RegExp, where one result
// can hold the proxy for hours. Nothing here needs the check: a tool_call
// result reaches the model as the server's text, which a mismatch of its
// structured part would only turn into an error; a pinned tool reaches the
// client with its outputSchema, so a client that validates does so with its
// own engine and policy, as it would without the proxy. So the SDK learns
// only each tool's task support, and no output schema is compiled or run.
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";

/** @import { Client } from "@modelcontextprotocol/sdk/client/index.js" */

/** The most pages and tools one listing may have. */
const MAX_LIST_PAGES = 1000;
const MAX_LIST_TOOLS = 100_000;

/** Deeper than this, a tool is not read: nothing downstream (the engine reads 128 levels) would read it. */
const MAX_TOOL_DEPTH = 256;

/**
 * Why a listed tool cannot be kept, or `null`: nesting past
 * `MAX_TOOL_DEPTH` (which would overflow the stack of every JSON.stringify
 * of the listing, and stop the proxy), or a value JSON cannot carry.
 * @param {unknown} tool
 * @returns {string | null}
 */
export function unreadable(tool) {
  // Iterative, so that the depth check itself cannot overflow.
  /** @type {[unknown, number][]} */
  const stack = [[tool, 1]];
  while (stack.length > 0) {
    const [value, depth] = /** @type {[unknown, number]} */ (stack.pop());
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_TOOL_DEPTH) return `nested more than ${MAX_TOOL_DEPTH} levels deep`;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return null;
}

/**
 * The `ttlMs` of a page of a list result (MCP 2026-07-28, SEP-2549: a field
 * of the result beside `tools`): for how many milliseconds it may be taken
 * as fresh. A negative one counts as 0, as the specification says; one that
 * is no whole number (text, a fraction, none) is no answer (undefined).
 * @param {unknown} value
 * @returns {number | undefined}
 */
export function ttlMsOf(value) {
  return typeof value === "number" && Number.isInteger(value) ? Math.max(0, value) : undefined;
}

/**
 * What the SDK's client must know of `tools` to call them: the name and
 * task support (`execution.taskSupport`) of each that declares it, without
 * its output schema.
 * @param {unknown[]} tools
 * @returns {{ name: string, execution: { taskSupport: string } }[]}
 */
function taskSupportOf(tools) {
  /** @type {{ name: string, execution: { taskSupport: string } }[]} */
  const supported = [];
  for (const tool of tools) {
    /** @type {{ name?: unknown, execution?: { taskSupport?: unknown } }} */
    const read = tool !== null && typeof tool === "object" ? tool : {};
    const taskSupport = read.execution !== null && typeof read.execution === "object" ? read.execution.taskSupport : undefined;
    if (typeof read.name === "string" && typeof taskSupport === "string") supported.push({ name: read.name, execution: { taskSupport } });
  }
  return supported;
}

/**
 * Every page of a server's tools/list, within one deadline for all of them
 * (`timeout` ms): a server whose cursor never ends, repeats or pages past
 * the bounds is refused rather than listed for ever. The pages are read
 * leniently: a tool the MCP schema refuses does not cost the server its
 * other tools (`fromMcp` skips what it cannot read), and a tool nested too
 * deep is left out here, named in `skipped`; the SDK learns the task
 * support of the tools that declare it. `ttlMs` is how long the whole
 * listing stays fresh from now: while every page that gave one does (the
 * shortest, counted from the first request), undefined when none gave one.
 * @param {Client} client
 * @param {number} timeout
 * @returns {Promise<{ tools: unknown[], skipped: string[], ttlMs?: number }>}
 */
export async function listAll(client, timeout) {
  const began = Date.now();
  const deadline = began + timeout;
  /** @type {unknown[]} */
  const tools = [];
  /** @type {string[]} */
  const skipped = [];
  /** @type {Set<string>} */
  const cursors = new Set();
  /** @type {string | undefined} */
  let cursor;
  let listed = 0;
  /** The shortest ttlMs of the pages so far. @type {number | undefined} */
  let ttl;
  for (let pages = 1; ; pages++) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`its tools/list pages did not end within ${timeout} ms`);
    const params = cursor === undefined ? {} : { cursor };
    const page = await client.request({ method: "tools/list", params }, ResultSchema, { timeout: left });
    if (!Array.isArray(page.tools)) throw new Error("its tools/list answer holds no list of tools");
    const pageTtl = ttlMsOf(page.ttlMs);
    if (pageTtl !== undefined) ttl = Math.min(ttl ?? pageTtl, pageTtl);
    for (const tool of page.tools) {
      const problem = unreadable(tool);
      if (problem) skipped.push(`tool #${listed} was skipped, it cannot be read as JSON (${problem})`);
      else tools.push(tool);
      listed += 1;
    }
    if (listed > MAX_LIST_TOOLS) throw new Error(`it lists more than ${MAX_LIST_TOOLS} tools`);
    cursor = typeof page.nextCursor === "string" ? page.nextCursor : undefined;
    if (!cursor) {
      // @ts-expect-error the SDK's private cache of task support (and output schemas, left out: see the module's comment)
      client.cacheToolMetadata(taskSupportOf(tools));
      return { tools, skipped, ttlMs: ttl === undefined ? undefined : Math.max(0, began + ttl - Date.now()) };
    }
    if (cursors.has(cursor)) throw new Error(`its tools/list cursor ${JSON.stringify(cursor).slice(0, 80)} came back`);
    if (pages >= MAX_LIST_PAGES) throw new Error(`its tools/list has more than ${MAX_LIST_PAGES} pages`);
    cursors.add(cursor);
  }
}
