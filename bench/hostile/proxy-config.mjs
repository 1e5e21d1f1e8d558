// The proxy's config, cache and approvals at a size and at ten times it:
// a cached listing checked at start (none of its tools usable,
// or the first one), a servers.json read and checked, writes of a cache
// whose lock another process holds (the calls return at once), and the
// approval question for many arguments, deep ones, and one long value.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { question } from "../../proxy/approval.mjs";
import { ManifestCache } from "../../proxy/cache.mjs";
import { readConfig } from "../../proxy/config.mjs";
import { letters, median } from "./measure.mjs";

const ignore = () => {};
const spec = { name: "s", command: "x" };

/**
 * The time to read a cache file holding `tools` for `spec` and check them,
 * as a host's start does; the file is written again before each run (a
 * check that finds no usable tool drops the entry).
 * @param {unknown[]} tools
 */
async function cachedStart(tools) {
  const dir = mkdtempSync(join(tmpdir(), "toolsearch-bench-cache-"));
  const file = join(dir, "manifest.json");
  new ManifestCache(file, 60_000, ignore).remember(spec, tools);
  const text = readFileSync(file, "utf8");
  const ms = await median(
    5,
    () => writeFileSync(file, text),
    () => new ManifestCache(file, 60_000, ignore).freshTools(spec),
  );
  rmSync(dir, { recursive: true, force: true });
  return ms;
}

export const cases = [
  {
    what: "a cached listing of that many tools without a usable name, checked at start",
    sizes: [2_000, 20_000],
    time: (n) => cachedStart(Array.from({ length: n }, (_, i) => ({ description: `No name ${letters(i, 4)}.`, inputSchema: { type: "object" } }))),
  },
  {
    what: "a cached listing of that many tools, checked at start",
    sizes: [10_000, 100_000],
    time: (n) => cachedStart(Array.from({ length: n }, (_, i) => ({ name: `t_${letters(i, 4)}`, description: "A tool.", inputSchema: { type: "object" } }))),
  },
  {
    what: "a servers.json of that many servers, read and checked (readConfig)",
    sizes: [5_000, 50_000],
    time: (n) => {
      const servers = Array.from({ length: n }, (_, i) => `"s${i}": {"command": "x", "args": ["a"], "approval": "always"}`).join(",\n");
      const text = `{"mcpServers": {\n${servers},\n"__proto__": {"command": "y"}}}`;
      return median(3, () => null, () => readConfig(text));
    },
  },
  {
    what: "that many cache writes while another process holds its lock (the calls)",
    sizes: [500, 5_000],
    time: (n) =>
      median(
        3,
        () => {
          const file = join(mkdtempSync(join(tmpdir(), "toolsearch-bench-lock-")), "manifest.json");
          writeFileSync(`${file}.lock`, "toolsearch-mcp manifest cache lock\n");
          return { file, cache: new ManifestCache(file, 60_000, ignore) };
        },
        ({ cache }) => {
          for (let i = 0; i < n; i++) cache.remember({ name: `s${i}`, command: "x" }, [{ name: "t" }]);
        },
      ),
  },
  {
    what: "an approval question for arguments of that many keys",
    sizes: [10_000, 100_000],
    time: (n) => {
      const args = Object.fromEntries(Array.from({ length: n }, (_, i) => [letters(i, 5), "x".repeat(20)]));
      return median(3, () => null, () => question("mcp__s__t", args, {}));
    },
  },
  {
    what: "an approval question for arguments nested that deep",
    sizes: [50_000, 500_000],
    time: (n) => {
      const args = {};
      let at = args;
      for (let i = 0; i < n; i++) at = at[letters(i, 3)] = {};
      return median(3, () => null, () => question("mcp__s__t", args, {}));
    },
  },
];
