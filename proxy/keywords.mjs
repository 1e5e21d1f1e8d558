// Search-only keywords a servers.json entry gives a server's tools
// (`"keywords": {"<tool>": "words" | ["words", ...]}`): added to each tool's
// `_meta["toolsearch/keywords"]`, after the server's own, so that the enhanced
// ranking finds the tool by them. The client never sees them: deferred tools
// are described by name, description and schema only.

/** @import { McpImport } from "toolsearch" */

/** The `_meta` key the library reads a tool's search-only keywords from. */
const KEYWORDS_META = "toolsearch/keywords";

/**
 * A tool's keywords as a list of strings: a string, or a list's strings.
 * @param {unknown} value
 * @returns {string[]}
 */
function keywordList(value) {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
}

/**
 * `imported` with the configured `keywords` (tool name as the server gives
 * it → words) added to its tools; `warn` hears of names the server does not
 * offer.
 * @param {McpImport} imported
 * @param {unknown} keywords as configured: counts when an object
 * @param {(warning: string) => void} warn
 * @returns {McpImport}
 */
export function withKeywords(imported, keywords, warn) {
  if (keywords === null || typeof keywords !== "object" || Array.isArray(keywords)) return imported;
  const unmatched = new Set(Object.keys(keywords));
  const tools = imported.tools.map((tool) => {
    const origin = imported.origins[tool.name];
    if (origin === undefined || !Object.hasOwn(keywords, origin.tool)) return tool;
    unmatched.delete(origin.tool);
    const meta = tool._meta !== null && typeof tool._meta === "object" && !Array.isArray(tool._meta) ? tool._meta : {};
    const configured = /** @type {Record<string, unknown>} */ (keywords)[origin.tool];
    const words = [...keywordList(meta[KEYWORDS_META]), ...keywordList(configured)];
    return { ...tool, _meta: { ...meta, [KEYWORDS_META]: words } };
  });
  for (const missing of unmatched) warn(`"keywords" names '${missing}', which the server does not offer`);
  return { ...imported, tools };
}
