// The runtime of a bundle: the library's wasm-bindgen module, how the
// argument validator loads, and whether the wasm is instantiated. Each entry
// of pkg/src/entry is a bundle of its own and binds its runtime once, as it
// loads, before any export is used.
import { lazyValidator } from "./validator-loader.js";

/** @import { Validate } from "./entry/toolsearch.js" */
/** @import { Validator } from "./validator-loader.js" */

/**
 * The exports of the library's wasm-bindgen module that the package uses.
 * @typedef {Pick<typeof import("./entry/toolsearch.js"), "Engine" | "fromMcp" | "fromMcpServers" | "isReservedName" | "tokenize" | "version">} Library
 */
/**
 * What an entry binds.
 * @typedef {object} Runtime
 * @property {Library} library the library's module
 * @property {() => Promise<Validator>} loadValidator loads the validator's module (see validator-loader.js)
 * @property {() => boolean} isLoaded whether `library` is instantiated (the web entry instantiates it in `init`)
 */

/** @type {Runtime} */
let runtime;
/** @type {Validate} */
let validate;

/**
 * Binds the entry's runtime.
 * @param {Runtime} bound
 */
export function bindRuntime(bound) {
  runtime = bound;
  validate = lazyValidator(bound.loadValidator);
}

/** The library's module, once the wasm is loaded. */
export function wasm() {
  if (!runtime.isLoaded()) {
    throw new Error('toolsearch: the wasm is not loaded yet; await init() (or call initSync()) from "toolsearch/web" first');
  }
  return runtime.library;
}

/** The argument validator, for the engine. */
export function validator() {
  return validate;
}
