import rawInit, * as raw from "./toolsearch.js";

// @facade

export const { ToolSearch, tokenize, version } = createToolSearch(raw);

/**
 * Loads and instantiates the wasm once. `input`: a URL, Response, bytes or
 * WebAssembly.Module; by default the .wasm next to this file.
 */
export default async function init(input) {
  const arg = input !== null && typeof input === "object" && "module_or_path" in input ? input : input === undefined ? undefined : { module_or_path: input };
  await rawInit(arg);
}
