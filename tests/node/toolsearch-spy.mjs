// `toolsearch` as the proxy's modules see it in proxy-log.test.mjs (a loader
// hook there resolves their "toolsearch" here): the library as it is, but
// for a ToolSearch that keeps the host it is built with, in
// `globalThis.toolsearchSpyHosts`, for the test to read.
import { ToolSearch as Real } from "toolsearch";

export * from "toolsearch";

export class ToolSearch extends Real {
  constructor(options) {
    super(options);
    globalThis.toolsearchSpyHosts ??= [];
    globalThis.toolsearchSpyHosts.push(options?.host);
  }
}
