// Writes COUNT entries named `<NAME>-<i>` into the manifest cache at CACHE, one
// write each, for the test of hosts writing one cache at once
// (mcp-host.test.mjs).
import { ManifestCache } from "../../proxy/cache.mjs";

const cache = new ManifestCache(process.env.CACHE, 60_000, (warning) => console.error(warning));
for (let i = 0; i < Number(process.env.COUNT); i++) {
  cache.remember({ name: `${process.env.NAME}-${i}`, command: "x" }, [{ name: "t", description: "A tool." }]);
}
