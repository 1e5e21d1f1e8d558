// The Node entry for import: the CommonJS entry's one instance (scripts/entries.mjs
// points this import at the built pkg/node/index.cjs), so that code that both
// imports and requires toolsearch shares one wasm.
import api from "./node.js";

export const { ToolSearch, tokenize, version, isError, isReservedName, toolName, toolSchema, summarizeEvents, initSync } = api;
/** Node loads the wasm synchronously; init() exists for code shared with browsers. */
export default async function init() {}
