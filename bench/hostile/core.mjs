// What hostile schemas, results and servers cost the library itself:
// - a tool_call against a schema of that many levels, each referring to the
//   next twice (the validator's work doubled per level, before);
// - a tool result of that many MiB through tool_call (copied into the wasm
//   memory, which kept it, before);
// - that many servers of one tool each, imported together
//   (ToolSearch.fromMcpServers: each server's import read the names of all
//   before it, before);
// - the findability report of that many tools written alike (each query of
//   a tool's own words read every tool sharing its common words, before).
import { ToolSearch } from "toolsearch";
import { letters, median } from "./measure.mjs";

/** An MCP tool whose schema has `levels` definitions, each applying the next twice. */
export function doublingReferences(levels) {
  const $defs = {};
  for (let i = 0; i < levels; i++) {
    const next = { $ref: `#/$defs/d${i + 1}` };
    $defs[`d${i}`] = i + 1 < levels ? { allOf: [next, next] } : { type: "string" };
  }
  return { name: "mcp__s__deep", description: "Deep schema", inputSchema: { type: "object", $defs, properties: { x: { $ref: "#/$defs/d0" } } } };
}

export const cases = [
  {
    what: "levels of a schema each referring to the next twice, a failing tool_call",
    sizes: [4, 40],
    time: (n) => {
      const session = { tools: [doublingReferences(n)], toolsets: { mcp__s__deep: "mcp-s" } };
      const call = { calls: [{ name: "mcp__s__deep", arguments: { x: 5 } }] };
      const make = async () => {
        const ts = new ToolSearch({ host: { executeTool: async () => "ran" } });
        await ts.toolCall(call, { tools: [doublingReferences(2)], toolsets: { mcp__s__deep: "mcp-s" } });
        return ts;
      };
      return median(3, make, (ts) => ts.toolCall(call, session));
    },
  },
  {
    what: "MiB of one tool result through tool_call",
    sizes: [4, 40],
    time: (n) => {
      const result = "x".repeat(n * 1024 * 1024);
      const session = { tools: [{ name: "mcp__s__t", description: "T", inputSchema: { type: "object" } }], toolsets: { mcp__s__t: "mcp-s" } };
      const call = { calls: [{ name: "mcp__s__t", arguments: {} }] };
      const ts = new ToolSearch({ host: { executeTool: async () => result } });
      return median(3, () => null, () => ts.toolCall(call, session));
    },
  },
  {
    what: "servers of one tool each, imported together (fromMcpServers)",
    sizes: [1_000, 10_000],
    time: (n) => {
      const servers = Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, { tools: [{ name: "t", inputSchema: { type: "object" } }] }]));
      return median(3, () => null, () => ToolSearch.fromMcpServers(servers));
    },
  },
  ...["enhanced", "reference"].map((ranking) => ({
    what: `tools written alike, the findability report (${ranking})`,
    sizes: [3_000, 30_000],
    time: (n) => {
      const tools = Array.from({ length: n }, (_, i) => ({
        name: `mcp__s__${letters(i, 4)}_item`,
        description: `Update the ${letters(i * 7, 5)} record of the ${letters(i * 13, 4)} board.`,
        inputSchema: { type: "object" },
      }));
      const session = { tools, toolsets: Object.fromEntries(tools.map((t) => [t.name, "mcp-s"])) };
      const ts = new ToolSearch({ config: { ranking } });
      const prepared = ts.prepare(session);
      return median(3, () => null, () => ts.findability(prepared));
    },
  })),
];
