// A Vite production build of a page that uses toolsearch/web, in headless
// Chromium: the bundler finds both wasm modules (the validator through its
// dynamic import), and the page searches and validates a call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";
import { build } from "vite";
import { root } from "../node/support.mjs";

const CHROMIUM = "/usr/bin/chromium";

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>toolsearch in Vite</title></head>
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

test("a Vite production build of toolsearch/web runs in Chromium, validator included", { timeout: 120_000 }, async (t) => {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === "true") throw new Error(`${CHROMIUM} is missing (scripts/setup.sh installs it)`);
    return t.skip(`${CHROMIUM} not installed (run scripts/setup.sh)`);
  }
  // The app lives in the repository, so that "toolsearch" resolves as for a user.
  const app = join(root, "tests", "output", "vite-app");
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, "index.html"), PAGE);
  writeFileSync(join(app, "main.js"), MAIN);
  const dist = join(app, "dist");
  await build({ root: app, logLevel: "silent", build: { outDir: dist, target: "es2022" } });

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
    assert.match(wasm[0], /^toolsearch_bg.*\.wasm$/);
    assert.match(wasm[1], /^validator_bg.*\.wasm$/);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
