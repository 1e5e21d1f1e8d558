// The Node entry for require (pkg/node/index.cjs): the wasm-bindgen glue
// loads the wasm as it is required, and the validator's glue is required on
// the first call that validates (the policy of validator-loader.js).
// scripts/entries.mjs bundles it as CommonJS whose `module.exports` is the
// object this module exports as default; the glue is CommonJS, required as is.
import { ToolSearch, bindRuntime, isError, isReservedName, summarizeEvents, tokenize, toolName, toolSchema, version } from "../facade.js";

/** @type {typeof import("./toolsearch.js")} */
const library = require("./toolsearch.js");

bindRuntime({
  library,
  loadValidator: async () => /** @type {typeof import("./validator.js")} */ (require("./validator.js")),
  isLoaded: () => true,
});

/** Node loads the wasm synchronously; init() and initSync() exist for code shared with browsers. */
async function init() {}
function initSync() {}

export default { ToolSearch, tokenize, version, isError, isReservedName, toolName, toolSchema, summarizeEvents, default: init, initSync };
