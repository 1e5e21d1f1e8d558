// The library's wasm memory, observed: import this module before anything
// that loads toolsearch, and `wasmMemory()` is the memory of the first
// WebAssembly instance made after (the library's; the validator loads later).
const Instance = WebAssembly.Instance;
/** @type {WebAssembly.Memory | null} */
let memory = null;
WebAssembly.Instance = function (module, imports) {
  const instance = new Instance(module, imports);
  memory ??= /** @type {WebAssembly.Memory} */ (instance.exports.memory);
  return instance;
};
WebAssembly.Instance.prototype = Instance.prototype;

/** The first instance's memory, or null before one was made. */
export const wasmMemory = () => memory;
