import rawInit, * as raw from "./toolsearch.js";

/** Where the validator's wasm comes from: next to this file unless init() says. */
let validatorInput;
/** The argument validator (wasm-validator/), loaded on the first call that validates. */
let validator = null;
function validateArguments(schema, instance) {
  validator ??= import("./validator.js")
    .then(async (module) => {
      await module.default(validatorInput === undefined ? undefined : { module_or_path: validatorInput });
      return module;
    })
    .catch((error) => {
      validator = null; // the next call tries again; this one runs unvalidated (§10.5 fails open)
      throw error;
    });
  return validator.then((module) => module.validate(schema, instance));
}

// @facade

export const { ToolSearch, tokenize, version } = createToolSearch(raw, validateArguments);

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
