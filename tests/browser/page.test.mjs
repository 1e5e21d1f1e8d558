// The demo page in headless Chromium (Debian chromium + playwright-core): a
// search, a describe, a failing then a succeeding tool_call on the live
// filesystem MCP server, each in the events panel with the search guard's
// step in a named turn, no console errors, and a screenshot.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startDemo } from "../../www/server.mjs";
import { root } from "../node/support.mjs";

const CHROMIUM = "/usr/bin/chromium";

/** The events panel's newest item: its type and text. */
const newestEvent = (page) => page.$eval("#events-list > li", (item) => ({ type: item.dataset.type, text: item.textContent }));

test("the demo page searches, describes and calls tools", { timeout: 120_000 }, async (t) => {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === "true") throw new Error(`${CHROMIUM} is missing (scripts/setup.sh installs it)`);
    return t.skip(`${CHROMIUM} not installed (run scripts/setup.sh)`);
  }
  const demo = await startDemo(0);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1700 } });
    const problems = [];
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    page.on("pageerror", (error) => problems.push(String(error)));
    await page.goto(demo.url);
    await page.waitForSelector("body[data-ready=true]", { timeout: 30_000 });
    assert.match(await page.textContent("#catalog-summary"), /36 tools from 3 servers/);
    assert.match(await page.textContent("#listing"), /filesystem tools \(14\)/);

    // The findability panel reports on the catalog, on demand.
    await page.click("#findability-button");
    await page.waitForFunction(() => /deferred tools\s*36/.test(document.querySelector("#findability-stats").textContent));
    assert.match(await page.textContent("#findability-stats"), /found by their own words\s*\d+ \(\d+ %\)/);

    // The enhanced ranking (the page's default): natural and multilingual queries.
    const queries = [
      "could you show me what's in the current folder?",
      "ファイルを読み込んで",
      "Verzeichnis erstellen",
      "créer un dossier",
      "buscar archivos",
      "send a fax",
    ];
    await page.fill("#queries", queries.join("\n"));
    await page.click("#search-form button[type=submit]");
    await page.waitForFunction(() => document.querySelectorAll("#results .group").length === 6);
    let groups = await page.$$eval("#results .group", (nodes) => nodes.map((n) => n.textContent));
    assert.match(groups[0], /mcp__filesystem__list_directory/);
    assert.match(groups[1], /Japanese, read as: file read/);
    assert.match(groups[1], /mcp__filesystem__read_\w*file/);
    assert.match(groups[2], /German, read as: directory create/);
    assert.match(groups[2], /mcp__filesystem__create_directory/);
    assert.match(groups[3], /French/);
    assert.match(groups[3], /mcp__filesystem__create_directory/);
    assert.match(groups[4], /Spanish/);
    assert.match(groups[4], /mcp__filesystem__search_files/);
    for (const group of groups) assert.match(group, /(high|low) confidence/);
    assert.match(groups[2], /high confidence/);
    // No tool sends faxes: a few candidates, labelled low, with the caution.
    assert.match(groups[5], /low confidence/);
    assert.match(groups[5], /No tool clearly does this/);
    // The events panel: that search, newest, with each group and the time it took; the
    // summary counts it and the catalog's first search.
    await page.waitForFunction(() => document.querySelector("#events-summary").textContent.startsWith("2 searches, 11 groups"));
    let event = await newestEvent(page);
    assert.equal(event.type, "search");
    assert.match(event.text, /^search \d+(\.\d)? ms · \d\d:\d\d:\d\d/);
    assert.match(event.text, /“Verzeichnis erstellen”: \d+ match(es)?, high/);
    assert.match(event.text, /“send a fax”: \d+ match(es)?, low/);
    assert.match(await page.textContent("#events-summary"), /^2 searches, 11 groups: \d+ % low or empty \(\d+ low, \d+ empty\) · guard: 0 shortened, 0 refused$/);
    const output = join(root, "tests", "output");
    mkdirSync(output, { recursive: true });
    await page.locator("#search").screenshot({ path: join(output, "demo-enhanced-search.png") });

    // The reference ranking (spec §6) on keyword queries.
    await page.selectOption("#ranking", "reference");
    await page.fill("#queries", "write file\nlist directory\nsend a fax");
    await page.click("#search-form button[type=submit]");
    await page.waitForFunction(() => document.querySelectorAll("#results .group").length === 3);
    groups = await page.$$eval("#results .group", (nodes) => nodes.map((n) => n.textContent));
    assert.match(groups[0], /mcp__filesystem__write_file/);
    assert.match(groups[0], /score \d/);
    assert.match(groups[1], /mcp__filesystem__list_directory/);
    assert.match(groups[2], /No tool matched/);

    await page.locator("#results .group").first().locator("button.name").first().click();
    await page.waitForFunction(() => document.querySelector("#schema").textContent.includes('"content"'));
    // The skeleton describe writes (empty required values) cannot be called
    // until it is edited.
    assert.equal(await page.isDisabled("#call-button"), true);
    assert.match(await page.inputValue("#call-args"), /"path": ""/);
    event = await newestEvent(page);
    assert.equal(event.type, "describe");
    assert.match(event.text, /mcp__filesystem__\w+ described/);
    assert.equal(await page.isHidden("#loading"), true);
    // Japanese renders as glyphs: two different characters draw different
    // pixels (missing fonts draw the same empty box for both).
    const distinct = await page.evaluate(() => {
      const draw = (text) => {
        const canvas = document.createElement("canvas");
        canvas.width = 40;
        canvas.height = 40;
        const context = canvas.getContext("2d");
        context.font = "32px sans-serif";
        context.fillText(text, 2, 32);
        return Array.from(context.getImageData(0, 0, 40, 40).data).join(",");
      };
      return draw("検") !== draw("索");
    });
    assert.equal(distinct, true, "CJK glyphs render (scripts/setup.sh installs fonts-noto-cjk)");

    const target = join(demo.workdir, "from-page.txt");
    await page.fill("#call-name", "mcp__filesystem__write_file");
    await page.fill("#call-args", JSON.stringify({ path: target }));
    await page.click("#call-form button[type=submit]");
    await page.waitForSelector("#call-status [data-outcome=error]");
    assert.match(await page.textContent("#call-status"), /validation error at arguments \(required\)/);
    assert.match(await page.textContent("#call-output"), /NOT invoked/);
    assert.equal(existsSync(target), false);
    event = await newestEvent(page);
    assert.equal(event.type, "call");
    assert.match(event.text, /mcp__filesystem__write_file missing_arguments/);
    assert.match(event.text, /error: missing_arguments/);

    // A type error: the page loads the validator module (validator_bg.wasm) for it.
    await page.fill("#call-args", JSON.stringify({ path: target, content: 5 }));
    await page.click("#call-form button[type=submit]");
    await page.waitForFunction(() => /arguments\.content \(type\)/.test(document.querySelector("#call-status").textContent));
    assert.equal(existsSync(target), false);

    await page.fill("#call-args", JSON.stringify({ path: target, content: "written from the page" }));
    await page.click("#call-form button[type=submit]");
    // The previous outcome is gone as soon as the new call starts.
    await page.waitForFunction(() => !document.querySelector("#call-status [data-outcome=error]"));
    await page.waitForSelector("#call-status [data-outcome=ok]");
    assert.equal(await page.isEnabled("#call-button"), true);
    assert.match(await page.textContent("#call-output"), /Successfully wrote/);
    assert.equal(readFileSync(target, "utf8"), "written from the page");
    event = await newestEvent(page);
    assert.equal(event.type, "call");
    assert.match(event.text, /mcp__filesystem__write_file ran/);
    assert.doesNotMatch(event.text, /error/);

    // A long operation shows the server's progress while it runs.
    await page.fill("#call-name", "mcp__everything__trigger-long-running-operation");
    await page.fill("#call-args", JSON.stringify({ duration: 2, steps: 4 }));
    await page.click("#call-form button[type=submit]");
    await page.waitForFunction(() => /running… step [1-4] of 4/.test(document.querySelector("#call-status").textContent));
    await page.waitForSelector("#call-status [data-outcome=ok]");

    // In a named turn, under the enhanced ranking (the reference one has no guard), a
    // search that finds nothing new is answered short: the guard's step is an event.
    // Choosing the ranking searches once.
    await page.fill("#turn", "t1");
    await page.fill("#queries", "write file");
    await page.selectOption("#ranking", "enhanced");
    await page.waitForFunction(() => /^search .* turn t1/.test(document.querySelector("#events-list > li").textContent));
    await page.click("#search-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#events-list > li").dataset.type === "guard");
    event = await newestEvent(page);
    assert.match(event.text, /^guard shortened 0\.0 ms · turn t1/);
    assert.match(event.text, /“write file”/);
    const repeated = await page.$eval("#events-list > li:nth-child(2)", (item) => item.textContent);
    assert.match(repeated, /^search .* turn t1 .*“write file”: \d+ match(es)?, (high|low), repeated/);
    assert.match(await page.textContent("#events-summary"), /guard: 1 shortened, 0 refused$/);

    await page.screenshot({ path: join(output, "demo-page.png"), fullPage: true });

    const samples = await page.$$eval("#catalog-select option", (options) => options.map((o) => o.value));
    if (samples.includes("all-openai.json")) {
      await page.selectOption("#catalog-select", "all-openai.json");
      await page.waitForFunction(() => document.querySelector("#catalog-summary").textContent.startsWith("1,873 tools"));
      assert.match(await page.textContent("#catalog-summary"), /1,873 tools from 66 servers/);
      assert.match(await page.textContent("#assembly-stats"), /mixed/);
    }
    assert.deepEqual(problems, []);

    // Only the page itself may run tools: another origin, a simple text/plain
    // POST, or another host name is refused before anything runs.
    const api = new URL("/api/call", demo.url);
    const post = (headers) => fetch(api, { method: "POST", headers, body: JSON.stringify({ name: "mcp__everything__echo", arguments: { message: "cross-origin" } }) });
    for (const headers of [
      { origin: "http://evil.example", "content-type": "application/json" },
      { origin: api.origin, "content-type": "text/plain" },
      { "content-type": "text/plain" },
      { origin: "http://rebound.example", host: "rebound.example", "content-type": "application/json" },
    ]) {
      const response = await post(headers);
      assert.equal(response.status, 403, JSON.stringify(headers));
      assert.doesNotMatch(await response.text(), /Echo/);
    }
  } finally {
    await browser.close();
    await demo.close();
  }
});
