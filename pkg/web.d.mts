// The browser / bundler entry: call `await init()` once before using ToolSearch.
export * from "./toolsearch.mjs";
export { default } from "./toolsearch.mjs";
