// Which of a server's tools stay in front of the client instead of behind
// tool_search: the tools the server pins (`_meta["anthropic/alwaysLoad"]`),
// unless its entry says `"defer": true`; every tool, with `"defer": false` or
// `"alwaysLoad": true`; and the tools `"alwaysLoad"` names. A tool stays
// visible by having no toolset: the session defers only tools in one.

/** @import { McpImport } from "toolsearch" */

/** The entry keys that change what is shown of a server's tools, not how it starts: pinning, and search-only keywords. */
export const SHOWING_KEYS = ["defer", "alwaysLoad", "keywords"];

/**
 * `imported` (what `ToolSearch.fromMcp` made of a server's tools) with its
 * entry's pinning (`{defer?, alwaysLoad?}`) applied; `warn` hears of names
 * in `alwaysLoad` that the server does not offer.
 * @param {McpImport} imported
 * @param {{ defer?: unknown, alwaysLoad?: unknown }} pinning as configured: `defer` counts when a boolean, `alwaysLoad` when true or a list
 * @param {(warning: string) => void} warn
 * @returns {McpImport}
 */
export function withPinning(imported, { defer, alwaysLoad }, warn) {
  const toolsets = { ...imported.toolsets };
  // fromMcp always names the toolset of the server's tools.
  if (defer === true) for (const name of imported.pinned) toolsets[name] = /** @type {string} */ (imported.toolset);
  const everything = defer === false || alwaysLoad === true;
  const named = new Set(Array.isArray(alwaysLoad) ? alwaysLoad : []);
  const unmatched = new Set(named);
  for (const [name, origin] of Object.entries(imported.origins)) {
    if (everything || named.has(origin.tool)) delete toolsets[name];
    unmatched.delete(origin.tool);
  }
  for (const missing of unmatched) warn(`"alwaysLoad" names '${missing}', which the server does not offer`);
  return { ...imported, toolsets };
}
