// Production builds of a page that uses toolsearch/web, by Vite and by
// webpack 5, each with no configuration of its own and the README's line
// (`await init()`), in headless Chromium: the bundler finds both wasm modules
// (the validator through its dynamic import), and the page searches and
// validates a call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";
import { build } from "vite";
import webpack from "webpack";
import { root } from "../node/support.mjs";

const CHROMIUM = "/usr/bin/chromium";

/** The page of the Vite app: its entry is a module script. */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>toolsearch in a bundle</title></head>
<body><pre id="out">loading</pre><script type="module" src="./main.js"></script></body></html>
`;

const MAIN = `import init, { ToolSearch, isError } from "toolsearch/web";
await init();
const ts = new ToolSearch();
const session = {
  tools: [{ name: "mcp__kv__set", description: "Set a key in the store", inputSchema: { type: "object", properties: { ttl: { type: "integer" } } } }],
  toolsets: { mcp__kv__set: "mcp-kv" },
};
const found = JSON.parse(await ts.toolSearch({ queries: ["set key"] }, session));
const rejected = await ts.answer("tool_call", { calls: [{ name: "mcp__kv__set", arguments: { ttl: "soon" } }] }, session);
document.querySelector("#out").textContent = JSON.stringify({ matches: found.results[0].matches, rejected: isError(rejected), path: JSON.parse(rejected.text).path });
`;

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

/**
 * A fresh app folder inside the repository (so that "toolsearch" resolves as
 * for a user) holding the page's entry, and null when Chromium is missing.
 */
function appFolder(t, name) {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === "true") throw new Error(`${CHROMIUM} is missing (scripts/setup.sh installs it)`);
    t.skip(`${CHROMIUM} not installed (run scripts/setup.sh)`);
    return null;
  }
  const app = join(root, "tests", "output", name);
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, "main.js"), MAIN);
  return app;
}

/** Serves `dist` and runs its page in Chromium: it searches, the validator loads for the call that needs it, and nothing fails. */
async function runsInChromium(dist) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
    const file = join(dist, path === "" ? "index.html" : path);
    if (!file.startsWith(dist) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on("pageerror", (error) => problems.push(String(error)));
    const wasm = [];
    page.on("request", (request) => request.url().endsWith(".wasm") && wasm.push(request.url().split("/").pop()));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.querySelector("#out").textContent.startsWith("{"), undefined, { timeout: 30_000 });
    const out = JSON.parse(await page.textContent("#out"));
    assert.deepEqual(out, { matches: ["mcp__kv__set"], rejected: true, path: "arguments.ttl" });
    assert.deepEqual(problems, []);
    // The library first; the validator only when the call needed it.
    assert.equal(wasm.length, 2, JSON.stringify(wasm));
    return wasm;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

test("a Vite production build of toolsearch/web runs in Chromium, validator included", { timeout: 120_000 }, async (t) => {
  const app = appFolder(t, "vite-app");
  if (app === null) return;
  writeFileSync(join(app, "index.html"), PAGE);
  const dist = join(app, "dist");
  await build({ root: app, logLevel: "silent", build: { outDir: dist, target: "es2022" } });
  const wasm = await runsInChromium(dist);
  assert.match(wasm[0], /^toolsearch_bg.*\.wasm$/);
  assert.match(wasm[1], /^validator_bg.*\.wasm$/);
});

test("a webpack 5 production build of toolsearch/web runs in Chromium, validator included", { timeout: 120_000 }, async (t) => {
  const app = appFolder(t, "webpack-app");
  if (app === null) return;
  const dist = join(app, "dist");
  const stats = await new Promise((resolve, reject) =>
    webpack({ mode: "production", context: app, entry: "./main.js", output: { path: dist } }, (error, done) => (error ? reject(error) : resolve(done))),
  );
  assert.equal(stats.hasErrors(), false, stats.toString("errors-only"));
  // webpack's bundle is a classic script.
  writeFileSync(join(dist, "index.html"), PAGE.replace('type="module" src="./main.js"', 'src="./main.js"'));
  await runsInChromium(dist);
});
