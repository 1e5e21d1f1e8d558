// The repository's JavaScript modules import one another without a cycle:
// every static relative `import ... from`, `export ... from`, bare `import`
// and `require()` of pkg/src, pkg/adapters, proxy, scripts and www is an edge
// (generated code and installed packages are not read).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { root } from "./support.mjs";

const SCANNED = ["pkg/src", "pkg/adapters", "proxy", "scripts", "www"];
const SKIPPED = new Set(["node_modules", "generated", "pkg/node", "pkg/web"]);
const MODULE = /\.(?:js|mjs|cjs)$/;

/** The JavaScript modules under `dir`, as paths from the root. */
function modulesUnder(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (SKIPPED.has(entry.name) || SKIPPED.has(path)) return [];
    if (entry.isDirectory()) return modulesUnder(path);
    return MODULE.test(entry.name) ? [path] : [];
  });
}

// A string, a comment, or anything else, so that specifiers are read from code only.
const TOKENS = /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const SPECIFIERS = [
  /\bimport\s+(?:[\w$*{}\s,]+?\s+from\s*)?(["'])(\.{1,2}\/[^"']+)\1/g,
  /\bexport\s+(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])(\.{1,2}\/[^"']+)\1/g,
  /\brequire\(\s*(["'])(\.{1,2}\/[^"']+)\1\s*\)/g,
];

/** The relative specifiers a module's code names statically (comments left out). */
export function relativeSpecifiers(source) {
  const code = source.replace(TOKENS, (token, string) => string ?? " ");
  return SPECIFIERS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[2]));
}

/** The module `specifier` names from `from`, as a path from the root; null when it is no file of the repository (a build output). */
function resolveSpecifier(from, specifier) {
  const path = join(root, dirname(from), specifier);
  return existsSync(path) && statSync(path).isFile() ? relative(root, path).split("\\").join("/") : null;
}

/** One cycle of `graph` (module -> modules it imports) as a path that ends where it starts, or null. */
export function findCycle(graph) {
  const state = new Map(); // module -> "open" while on the path, "done" after
  const path = [];
  const visit = (module) => {
    state.set(module, "open");
    path.push(module);
    for (const next of graph.get(module) ?? []) {
      if (state.get(next) === "open") return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle !== null) return cycle;
      }
    }
    path.pop();
    state.set(module, "done");
    return null;
  };
  for (const module of [...graph.keys()].sort()) {
    if (!state.has(module)) {
      const cycle = visit(module);
      if (cycle !== null) return cycle;
    }
  }
  return null;
}

test("findCycle names a cycle and passes a graph without one", () => {
  const graph = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]);
  assert.deepEqual(findCycle(graph), ["a", "b", "c", "a"]);
  assert.equal(findCycle(new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]])), null);
});

test("relativeSpecifiers reads imports, re-exports and requires, not comments or strings", () => {
  const source = [
    'import a from "./a.js";',
    "import * as b from '../b.mjs';",
    'import "./c.js";',
    'export { d } from "./d.js";',
    'export * from "./e.js";',
    'const f = require("./f.cjs");',
    '/** @import { G } from "./g.js" */',
    '// import h from "./h.js"',
    'const text = "import i from \\"./i.js\\"";',
    'import j from "toolsearch";',
  ].join("\n");
  assert.deepEqual(relativeSpecifiers(source).sort(), ["../b.mjs", "./a.js", "./c.js", "./d.js", "./e.js", "./f.cjs"]);
});

test("the repository's JavaScript import graph has no cycle", () => {
  const modules = SCANNED.flatMap(modulesUnder);
  const graph = new Map(
    modules.map((module) => {
      const imports = relativeSpecifiers(readFileSync(join(root, module), "utf8"))
        .map((specifier) => resolveSpecifier(module, specifier))
        .filter((path) => path !== null);
      return [module, imports];
    }),
  );
  // The scan sees the graph: the facade's own imports and re-exports are its edges.
  assert.deepEqual([...new Set(graph.get("pkg/src/facade.js"))].sort(), [
    "pkg/src/answers.js",
    "pkg/src/events.js",
    "pkg/src/mcp.js",
    "pkg/src/runtime.js",
    "pkg/src/sessions.js",
    "pkg/src/summary.js",
    "pkg/src/tool-ids.js",
    "pkg/src/tool-shape.js",
    "pkg/src/values.js",
  ]);
  const cycle = findCycle(graph);
  assert.equal(cycle, null, `an import cycle: ${cycle?.join(" -> ")}`);
});
