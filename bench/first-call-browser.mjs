// The first toolSearch of a page in headless Chromium (Debian chromium +
// playwright-core), as a desktop app's web frontend meets it: each visit is a
// new browser process on one profile, so the first visit finds nothing cached
// and the later ones find the package in the HTTP cache and its compiled code
// in V8's code cache (Chromium caches a streamed wasm module's code with the
// response). A local server sends the package with a year's max-age, as a
// release build or a CDN would. Prints, per visit, the package's load
// (import and init) and the first search of the real catalog (3 queries).
//   node bench/first-call-browser.mjs [VISITS=6] [RANKING=enhanced]
// TOOLSEARCH_WEB=DIR serves another build of pkg/web (one with names kept,
// for instance); TOOLSEARCH_CPU_PROFILE=FILE writes the first visit's CPU
// profile (from page load to the search's end) for Chrome DevTools.
import { createServer } from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";
import { loadCatalog, root, sessionOf, sharedDir } from "./common.mjs";

const CHROMIUM = "/usr/bin/chromium";
const [visits = 6, ranking = "enhanced"] = [Number(process.argv[2] ?? 6), process.argv[3]];
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} not installed (run scripts/setup.sh)`);
  process.exit(2);
}
const session = JSON.stringify(sessionOf(loadCatalog(sharedDir())));
const web = process.env.TOOLSEARCH_WEB ?? join(root, "pkg", "web");
const profileFile = process.env.TOOLSEARCH_CPU_PROFILE;
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };

// The page: loads the package, then times the first search; the catalog
// arrives before the clock starts.
const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
const session = await (await fetch("/session.json")).json();
const t0 = performance.now();
const { default: init, ToolSearch } = await import("/pkg/index.js");
await init();
const load = performance.now() - t0;
const ts = new ToolSearch({ config: { ranking: ${JSON.stringify(ranking)} } });
const t1 = performance.now();
await ts.toolSearch({ queries: ["github create issue", "slack post message", "kubernetes pod logs"] }, session);
document.title = JSON.stringify({ load, first: performance.now() - t1 });
</script>`;

const server = createServer((req, res) => {
  const path = new URL(req.url, "http://x").pathname;
  if (path === "/") return reply(res, "text/html", PAGE, "no-store");
  if (path === "/session.json") return reply(res, "application/json", session, "no-store");
  const file = normalize(join(web, path.replace(/^\/pkg\//, "")));
  if (!path.startsWith("/pkg/") || !file.startsWith(web) || !existsSync(file)) return reply(res, "text/plain", "not found", "no-store", 404);
  reply(res, TYPES[extname(file)] ?? "application/octet-stream", readFileSync(file), "public, max-age=31536000, immutable");
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
const profile = mkdtempSync(join(tmpdir(), "toolsearch-chromium-"));
try {
  for (let visit = 1; visit <= visits; visit++) {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = profileFile && visit === 1 ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
        await cdp.send("Profiler.start");
      }
      await page.goto(url);
      await page.waitForFunction(() => document.title.startsWith("{"), null, { timeout: 60_000 });
      if (cdp) writeFileSync(profileFile, JSON.stringify((await cdp.send("Profiler.stop")).profile));
      const { load, first } = JSON.parse(await page.title());
      console.log(JSON.stringify({ visit, ranking, load: Number(load.toFixed(1)), first: Number(first.toFixed(1)) }));
    } finally {
      await context.close();
    }
  }
} finally {
  server.close();
  rmSync(profile, { recursive: true, force: true });
}

function reply(res, type, body, cache, status = 200) {
  res.writeHead(status, { "content-type": type, "cache-control": cache });
  res.end(body);
}
