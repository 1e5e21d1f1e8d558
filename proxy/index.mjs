// toolsearch-mcp as a package: the multi-server host (host.mjs) for Node
// agents that talk to MCP servers themselves, and the proxy itself
// (proxy.mjs), to run in-process over any MCP transport, with its config
// (config.mjs) and errors (errors.mjs). Types: index.d.mts.
export { connectMcpServers, resultText } from "./host.mjs";
export { ToolSearchProxy } from "./proxy.mjs";
export { resolveConfig } from "./config.mjs";
export { ConfigError, ProxyError, ToolFailedError } from "./errors.mjs";
