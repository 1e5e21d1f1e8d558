"use strict";
const raw = require("./toolsearch.js");

/** The argument validator (wasm-validator/), loaded on the first call that validates. */
let validator = null;
/** Why the validator did not load, once it failed: calls then run unvalidated (§10.5 fails open). */
let unavailable = null;
function validateArguments(schema, instance) {
  if (unavailable !== null) throw unavailable;
  try {
    validator ??= require("./validator.js");
  } catch (error) {
    unavailable = error;
    console.warn(`toolsearch: the argument validator did not load (${error?.message ?? error}); tool calls run unvalidated`);
    throw error;
  }
  return validator.validate(schema, instance);
}

// @facade

const api = createToolSearch(raw, validateArguments, () => true);
/** Node loads the wasm synchronously; init() and initSync() exist for code shared with browsers. */
api.default = async function init() {};
api.initSync = function initSync() {};
module.exports = api;
