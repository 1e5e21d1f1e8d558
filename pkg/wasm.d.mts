// `toolsearch/toolsearch_bg.wasm` and `toolsearch/validator_bg.wasm`: the
// WebAssembly modules themselves, for bundlers that import them as a URL (or
// bytes) to hand to `init(input, validator)`.
declare const wasm: string;
export default wasm;
