// The CommonJS view of the package (strict).
import toolsearch = require("toolsearch");

const ts = new toolsearch.ToolSearch({ config: { ranking: "reference" } });
export const tokens: string[] = toolsearch.tokenize("sending emails");
export const found: Promise<string> = ts.toolSearch({ queries: ["send email"] }, { tools: [] });
export const version: string = toolsearch.version();
