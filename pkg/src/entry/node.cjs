"use strict";
// The Node entry (CommonJS): the wasm-bindgen glue loads the wasm as it is
// required, and the validator's on the first call that validates.
const library = require("./toolsearch.js");
const facade = require("../facade.js");

/**
 * The argument validator (wasm-validator/), loaded on the first call that validates.
 * @type {typeof import("./validator.js") | null}
 */
let validator = null;
/**
 * Why the validator did not load, once it failed: calls then run unvalidated (§10.5 fails open).
 * @type {unknown}
 */
let unavailable = null;

/**
 * Checks arguments against a schema with the validator, loading it first.
 * @param {string} schema
 * @param {string} instance
 */
function validateLazily(schema, instance) {
  if (unavailable !== null) throw unavailable;
  try {
    validator ??= require("./validator.js");
  } catch (error) {
    unavailable = error;
    console.warn(`toolsearch: the argument validator did not load (${messageOf(error)}); tool calls run unvalidated`);
    throw error;
  }
  return validator.validate(schema, instance);
}

/**
 * What a load failure says: its message, else the thrown value itself.
 * @param {unknown} error
 */
function messageOf(error) {
  return /** @type {{message?: unknown} | null | undefined} */ (error)?.message ?? error;
}

/** @type {ReturnType<typeof facade.createToolSearch> & { default?: () => Promise<void>, initSync?: () => void }} */
const api = facade.createToolSearch(library, validateLazily, () => true);
/** Node loads the wasm synchronously; init() and initSync() exist for code shared with browsers. */
api.default = async function init() {};
api.initSync = function initSync() {};
module.exports = api;
