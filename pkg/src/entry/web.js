// The browser and bundler entry (ESM): `init()` (or `initSync()`) instantiates
// the wasm, and the validator's is imported and instantiated on the first call
// that validates (the policy of validator-loader.js).
import initLibrary, * as library from "./toolsearch.js";
import { bindRuntime } from "../facade.js";

export { ToolSearch, isError, isReservedName, summarizeEvents, tokenize, toolName, toolSchema, version } from "../facade.js";

/** @import { InitInput } from "./toolsearch.js" */

/**
 * Where the validator's wasm comes from: next to this file unless init() says.
 * @type {InitInput | undefined}
 */
let validatorInput;
/** Whether init or initSync has instantiated the wasm. */
let loaded = false;

bindRuntime({
  library,
  async loadValidator() {
    const validator = await import("./validator.js");
    await validator.default(validatorInput === undefined ? undefined : { module_or_path: validatorInput });
    return validator;
  },
  isLoaded: () => loaded,
});

/**
 * `input` as wasm-bindgen's init takes it: `{module_or_path}`. The host's
 * value goes on unchecked: wasm-bindgen's init says what it cannot load.
 * @param {unknown} input
 * @returns {{ module_or_path: InitInput } | undefined}
 */
const moduleOrPath = (input) =>
  /** @type {{ module_or_path: InitInput } | undefined} */ (
    input !== null && typeof input === "object" && "module_or_path" in input ? input : input === undefined ? undefined : { module_or_path: input }
  );

/**
 * Loads and instantiates the wasm once. `input`: a URL, Response, bytes or
 * WebAssembly.Module; by default the .wasm next to this file. `validator`,
 * the same for the argument validator (validator_bg.wasm), which loads on
 * the first tool_call that validates.
 * @param {unknown} [input]
 * @param {unknown} [validator]
 * @returns {Promise<void>}
 */
export default async function init(input, validator) {
  if (validator !== undefined) validatorInput = moduleOrPath(validator)?.module_or_path;
  await initLibrary(moduleOrPath(input));
  loaded = true;
}

/**
 * Bytes or a compiled module, which instantiate without fetching.
 * @param {unknown} input
 * @returns {input is BufferSource | WebAssembly.Module}
 */
function isModuleSource(input) {
  return input instanceof WebAssembly.Module || ArrayBuffer.isView(input) || input instanceof ArrayBuffer;
}

/**
 * `init` without a promise, from bytes (or a WebAssembly.Module) the host
 * already has: for bundles and workers that cannot fetch the .wasm files.
 * `validator`, the validator's bytes, is kept until the first tool_call that
 * validates (and compiled then, off the caller's path).
 * @param {unknown} input
 * @param {unknown} [validator]
 */
export function initSync(input, validator) {
  if (!isModuleSource(input)) throw new TypeError("toolsearch: initSync takes the wasm as bytes or a WebAssembly.Module");
  if (validator !== undefined) validatorInput = /** @type {InitInput} */ (validator);
  library.initSync({ module: input });
  loaded = true;
}
