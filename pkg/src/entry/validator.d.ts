// The wasm-bindgen glue of the argument validator (wasm-validator/src/lib.rs),
// which scripts/build.sh writes beside each entry: pkg/web/validator.js (ESM)
// and pkg/node/validator.js (CommonJS, all but `default`). Declared by hand,
// for the type check of pkg/src, since the build writes no declarations.

import type { InitInput } from "./toolsearch.js";

/** The violation of `schema` by `instance` (both JSON text) as JSON text, or "null". */
export function validate(schema: string, instance: string): string;

/** Web only: fetches (or takes) and instantiates the validator's wasm. */
export default function init(input?: { module_or_path: InitInput | Promise<InitInput> }): Promise<unknown>;
