// What text written by a hostile server costs, at a size and at ten times
// that size: each structure fed by servers should cost about ten times more,
// not a hundred. Run: node bench/hostile.mjs [TEXT] (after npm run build);
// with TEXT, only the cases whose description holds it.
//
// - words that share their first four bytes, in one tool's description: the
//   catalog's first search builds its indexes (both rankings);
// - a snapshot of that many tools, restored (the checks of untrusted bytes);
// - tools of one name, imported from one server (ToolSearch.fromMcp);
// - words that extend one stem (creat...), in one description: every search
//   of that stem afterwards (the enhanced ranking, on a prepared session).
import { ToolSearch } from "toolsearch";
import { parseJsonc } from "../proxy/config.mjs";
import { letters, median } from "./hostile/measure.mjs";

/** The modules of bench/hostile/ whose `cases` follow these: what servers, schemas and models send the proxy and the library. */
const TOPICS = ["proxy-schemas", "proxy-config", "proxy-text", "core"];

const cases = [
  {
    what: "words sharing their first 4 bytes, first search (reference)",
    sizes: [20_000, 200_000],
    time: (n) => {
      const text = Array.from({ length: n }, (_, i) => `same${letters(i, 4)}`).join(" ");
      const session = { tools: [{ name: "mcp__s__t", description: text, inputSchema: { type: "object" } }], toolsets: { mcp__s__t: "mcp-s" } };
      return median(3, () => new ToolSearch({ config: { ranking: "reference" } }), (ts) => ts.toolSearch({ queries: ["same"] }, session));
    },
  },
  {
    what: "words sharing their first 4 bytes, first search (enhanced)",
    sizes: [20_000, 200_000],
    time: (n) => {
      const text = Array.from({ length: n }, (_, i) => `same${letters(i, 4)}`).join(" ");
      const session = { tools: [{ name: "mcp__s__t", description: text, inputSchema: { type: "object" } }], toolsets: { mcp__s__t: "mcp-s" } };
      return median(3, () => new ToolSearch(), (ts) => ts.toolSearch({ queries: ["same"] }, session));
    },
  },
  {
    what: "a snapshot of that many tools restored (importIndex, enhanced)",
    sizes: [2_000, 20_000],
    time: (n) => {
      const tools = Array.from({ length: n }, (_, i) => ({
        name: `mcp__s${i % 50}__${letters(i, 3)}_item`,
        description: `Update the ${letters(i * 7, 5)} record of the ${letters(i * 13, 4)} board.`,
        inputSchema: { type: "object", properties: { [letters(i, 4)]: { type: "string" } } },
      }));
      const session = { tools, toolsets: Object.fromEntries(tools.map((t, i) => [t.name, `mcp-s${i % 50}`])) };
      const bytes = new ToolSearch().exportIndex(session);
      return median(3, () => new ToolSearch(), (ts) => {
        if (ts.importIndex(bytes, session).refused !== null) throw new Error("the snapshot was refused");
      });
    },
  },
  {
    what: "tools of one name imported from one server",
    sizes: [3_000, 30_000],
    time: (n) => {
      const list = { tools: Array.from({ length: n }, () => ({ name: "same.name", inputSchema: { type: "object" } })) };
      return median(3, () => null, () => ToolSearch.fromMcp("s", list));
    },
  },
  {
    what: "a search of a stem that 'creat...' words extend (enhanced, prepared)",
    sizes: [6_000, 60_000],
    time: (n) => {
      const text = Array.from({ length: n }, (_, i) => `creat${letters(i, 4)}`).join(" ");
      const tools = [
        { name: "mcp__s__create_entry", description: "Create an entry.", inputSchema: { type: "object" } },
        { name: "mcp__s__junk", description: text, inputSchema: { type: "object" } },
      ];
      const ts = new ToolSearch();
      const prepared = ts.prepare({ tools, toolsets: { mcp__s__create_entry: "mcp-s", mcp__s__junk: "mcp-s" } });
      return median(5, () => null, () => ts.toolSearch({ queries: ["create entry"] }, prepared));
    },
  },
  {
    what: "a servers.json of that many servers, read as JSONC",
    sizes: [10_000, 100_000],
    time: (n) => {
      const entries = Array.from({ length: n }, (_, i) => `"s${i}": {"command": "x", "args": ["a", "b",], }, // ${i}`).join("\n");
      const text = `{"mcpServers": {\n${entries}\n}, }`;
      return median(3, () => null, () => parseJsonc(text));
    },
  },
];

const all = [...cases];
for (const topic of TOPICS) all.push(...(await import(`./hostile/${topic}.mjs`)).cases);

console.log(`Hostile input at one size and at ten times it, Node ${process.version}\n`);
console.log("| input | size | time | 10 × size | time | ratio |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
const only = process.argv[2];
for (const { what, sizes, time } of all.filter((c) => only === undefined || c.what.includes(only))) {
  const small = await time(sizes[0]);
  const large = await time(sizes[1]);
  const fmt = (ms) => (ms < 10 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(0)} ms`);
  console.log(`| ${what} | ${sizes[0].toLocaleString("en")} | ${fmt(small)} | ${sizes[1].toLocaleString("en")} | ${fmt(large)} | ${(large / small).toFixed(1)} × |`);
}
