import api from "./index.cjs";

export const { ToolSearch, tokenize, version, isError, toolName, toolSchema, initSync } = api;
/** Node loads the wasm synchronously; init() exists for code shared with browsers. */
export default async function init() {}
