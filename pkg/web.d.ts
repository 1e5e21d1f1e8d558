// The browser / bundler entry: call `await init()` once before using ToolSearch.
export * from "./toolsearch.js";
export { default } from "./toolsearch.js";
