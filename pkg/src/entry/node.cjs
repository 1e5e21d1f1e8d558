"use strict";
const raw = require("./toolsearch.js");

/** The argument validator (wasm-validator/), loaded on the first call that validates. */
let validator = null;
function validateArguments(schema, instance) {
  validator ??= require("./validator.js");
  return validator.validate(schema, instance);
}

// @facade

const api = createToolSearch(raw, validateArguments);
/** Node loads the wasm synchronously; init() and initSync() exist for code shared with browsers. */
api.default = async function init() {};
api.initSync = function initSync() {};
module.exports = api;
