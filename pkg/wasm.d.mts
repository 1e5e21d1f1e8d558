// `toolsearch/toolsearch_bg.wasm`: the WebAssembly module itself, for bundlers
// that import it as a URL (or bytes) to hand to `init()`.
declare const wasm: string;
export default wasm;
