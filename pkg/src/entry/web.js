import rawInit, * as raw from "./toolsearch.js";

/** Where the validator's wasm comes from: next to this file unless init() says. */
let validatorInput;
/** The argument validator (wasm-validator/), loaded on the first call that validates. */
let validator = null;
function validateArguments(schema, instance) {
  validator ??= import("./validator.js")
    .then(async (module) => {
      if (isModuleSource(validatorInput)) module.initSync({ module: validatorInput });
      else await module.default(validatorInput === undefined ? undefined : { module_or_path: validatorInput });
      return module;
    })
    .catch((error) => {
      validator = null; // the next call tries again; this one runs unvalidated (§10.5 fails open)
      throw error;
    });
  return validator.then((module) => module.validate(schema, instance));
}

// @facade

export const { ToolSearch, tokenize, version, isError, toolName, toolSchema } = createToolSearch(raw, validateArguments);

/**
 * Loads and instantiates the wasm once. `input`: a URL, Response, bytes or
 * WebAssembly.Module; by default the .wasm next to this file. `validator`,
 * the same for the argument validator (validator_bg.wasm), which loads on
 * the first tool_call that validates.
 */
export default async function init(input, validator) {
  validatorInput = validator;
  const arg = input !== null && typeof input === "object" && "module_or_path" in input ? input : input === undefined ? undefined : { module_or_path: input };
  await rawInit(arg);
}

/** Bytes or a compiled module, which instantiate without fetching. */
function isModuleSource(input) {
  return input instanceof WebAssembly.Module || ArrayBuffer.isView(input) || input instanceof ArrayBuffer;
}

/**
 * `init` without a promise, from bytes (or a WebAssembly.Module) the host
 * already has: for bundles and workers that cannot fetch the .wasm files.
 * `validator`, the validator's bytes, is kept until the first tool_call that
 * validates.
 */
export function initSync(input, validator) {
  if (!isModuleSource(input)) throw new TypeError("toolsearch: initSync takes the wasm as bytes or a WebAssembly.Module");
  validatorInput = validator;
  raw.initSync({ module: input });
}
