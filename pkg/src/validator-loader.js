// The argument validator (wasm-validator/), a wasm module of its own, loaded
// as every entry loads it. The entry says how the module is loaded (Node
// requires its glue; the web entry imports it and instantiates its wasm);
// when is this file's one policy:
//
// - Nothing loads before a call validates: search, describe and the check
//   of required arguments need no validator.
// - The first call that validates starts the load; calls meanwhile wait for it.
// - A load that fails is said once (console.warn), and the call runs
//   unvalidated: the engine lets a call run when its validator throws,
//   rejects or takes over 30 s (§10.5 fails open).
// - For a minute after a failed load, calls run unvalidated without trying;
//   the first call that validates after that minute loads it again.
import { thrownMessage } from "./values.js";

/** @import { Validate } from "./entry/toolsearch.js" */

/**
 * The validator module, as far as the engine uses it.
 * @typedef {Pick<typeof import("./entry/validator.js"), "validate">} Validator
 */

/** How long calls run unvalidated after a failed load before it is tried again. */
const RETRY_MS = 60_000;

/**
 * The engine's validator: loads the module with `load` on first use, by the policy above.
 * @param {() => Promise<Validator>} load
 * @returns {Validate}
 */
export function lazyValidator(load) {
  /** @type {Promise<Validator> | null} */
  let loading = null;
  let failedAt = -Infinity;
  return (schema, instance) => {
    if (loading === null) {
      if (Date.now() - failedAt < RETRY_MS) return Promise.reject(new Error("the validator is unavailable"));
      loading = load().catch((error) => {
        if (failedAt === -Infinity) {
          console.warn(`toolsearch: the argument validator did not load (${thrownMessage(error)}); tool calls run unvalidated until it does`);
        }
        failedAt = Date.now();
        loading = null;
        throw error;
      });
    }
    return loading.then((validator) => validator.validate(schema, instance));
  };
}
