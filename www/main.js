// The demo page: every tool-search computation runs in the wasm build, in the
// browser. Only tool calls of the demo MCP servers go to the page server.
import init, { ToolSearch, version } from "/pkg/index.js";
import { el } from "./dom.js";
import { clearEvents, recordEvent } from "./timeline.js";

const CONTEXTS = [4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 200_000, 400_000, 1_000_000, null];
const FORM_COLORS = { full: "var(--full)", names: "var(--names)", mixed: "var(--mixed)", groups: "var(--groups)", none: "var(--none)" };
const $ = (id) => document.getElementById(id);
const fmt = (n) => n.toLocaleString("en");
const tokensOf = (value) => Math.ceil(JSON.stringify(value).length / 4);

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

const state = { session: { tools: [] }, live: false, ts: null, label: "", onProgress: () => {} };

/** The lines of an NDJSON response body, each parsed, as they arrive (a last line needs no newline). */
async function* ndjson(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? "";
    const lines = buffered.split("\n");
    buffered = done ? "" : lines.pop();
    for (const line of lines) if (line.trim()) yield JSON.parse(line);
    if (done) return;
  }
}

/** A ToolSearch whose host runs calls on the page server when the catalog is live. */
function makeToolSearch(live) {
  const executeTool = async (name, args) => {
    if (!live) throw new Error("this catalog has no running server; load the demo MCP servers to run calls");
    const response = await fetch("/api/call", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, arguments: args }),
    });
    // The server's progress, then the outcome.
    for await (const out of ndjson(response)) {
      if ("progress" in out) state.onProgress(out);
      else if ("error" in out) throw new Error(out.error);
      else return out.result;
    }
    throw new Error("the page server ended the call without an answer");
  };
  return new ToolSearch({ config: { ranking: $("ranking").value }, host: { executeTool, onEvent: recordEvent } });
}

/** The context of a bridge call: the turn the page names, for the search guard, or none. */
function turnContext() {
  const turn = $("turn").value.trim();
  return turn ? { turn } : {};
}

/** Reads any accepted catalog JSON into a session. */
function toSession(json, label) {
  const base = label.replace(/\.json$/, "").replace(/[^A-Za-z0-9_-]/g, "_") || "pasted";
  if (json && typeof json === "object" && json.session?.tools) return json.session;
  if (Array.isArray(json)) {
    const toolsets = {};
    for (const tool of json) {
      const name = tool?.function?.name ?? tool?.name;
      if (typeof name === "string") toolsets[name] = `mcp-${tool["x-source"] ?? base}`;
    }
    return { tools: json, toolsets };
  }
  if (json && Array.isArray(json.tools)) {
    if (json.toolsets) return { tools: json.tools, toolsets: json.toolsets };
    const imported = ToolSearch.fromMcp(typeof json.server === "string" ? json.server : base, json);
    return { tools: imported.tools, toolsets: imported.toolsets };
  }
  throw new Error("expected an array of tools, {tools: [...]}, or a tools/list result");
}

function useCatalog(session, label, live) {
  state.session = session;
  state.label = label;
  state.live = live;
  state.ts?.free();
  state.ts = makeToolSearch(live);
  clearEvents();
  const servers = new Set(Object.values(session.toolsets ?? {}));
  const plural = (n, word) => `${fmt(n)} ${word}${n === 1 ? "" : "s"}`;
  $("catalog-summary").textContent = `${plural(session.tools.length, "tool")} from ${plural(servers.size, "server")}${live ? " · live: calls run on the MCP servers" : ""}`;
  $("catalog-error").hidden = true;
  $("call-live").textContent = live ? "Runs on the live MCP server after validation." : "Validation only: this catalog has no running server.";
  const names = $("tool-names");
  names.replaceChildren();
  for (const tool of session.tools) names.append(el("option", { value: tool.function?.name ?? tool.name }));
  renderCost();
  runSearch();
  $("findability-stats").replaceChildren();
  $("findability-findings").replaceChildren();
}

function showCatalogError(error) {
  $("catalog-error").textContent = `Could not load the catalog: ${error.message ?? error}`;
  $("catalog-error").hidden = false;
}

async function loadChoice(choice) {
  try {
    if (choice === "demo") {
      const catalog = await (await fetch("/api/catalog")).json();
      useCatalog(catalog.session, catalog.name, true);
    } else {
      const json = await (await fetch(`/api/samples/${encodeURIComponent(choice)}`)).json();
      useCatalog(toSession(json, choice), choice, false);
    }
  } catch (error) {
    showCatalogError(error);
  }
}

function contextAt(index) {
  return CONTEXTS[Math.min(Math.max(index, 0), CONTEXTS.length - 1)];
}

function renderCost() {
  const context = contextAt(Number($("context").value));
  $("context-value").textContent = context === null ? "unknown" : `${fmt(context)} tokens`;
  const options = context === null ? {} : { contextLength: context };
  const turn = state.ts.assemble(state.session, options);
  const sent = tokensOf(turn.tools);
  const every = tokensOf(state.session.tools);
  drawCostBars(every, sent);
  const stats = $("assembly-stats");
  stats.replaceChildren();
  const rows = [
    ["tier", `${turn.tier}${turn.activated ? "" : " (pass-through)"}`],
    ["listing", turn.listingForm],
    ["listing budget", `${fmt(turn.thresholdTokens)} tokens`],
    ["deferred tools", fmt(turn.deferredCount)],
    ["saving", every > 0 ? `${(100 * (1 - sent / every)).toFixed(1)} %` : "–"],
  ];
  for (const [term, value] of rows) stats.append(el("dt", {}, term), el("dd", {}, value));
  const search = turn.tools.find((t) => (t.function?.name ?? t.name) === "tool_search");
  $("listing").textContent = search ? search.function?.description ?? search.description : "(not assembled: nothing defers)";
  drawFormChart();
}

function drawCostBars(every, sent) {
  const svg = $("cost-bars");
  svg.replaceChildren();
  const width = 250;
  const rows = [
    ["Every schema", every, "var(--none)"],
    ["Assembled array", sent, "var(--accent)"],
  ];
  rows.forEach(([label, value, color], i) => {
    const y = 12 + i * 48;
    const w = every > 0 ? Math.max(2, (value / Math.max(every, sent)) * width) : 2;
    svg.append(svgEl("text", { x: 0, y: y + 14 }, label));
    svg.append(svgEl("rect", { x: 130, y, width: w, height: 22, rx: 4, fill: color }));
    svg.append(svgEl("text", { x: 136 + w, y: y + 15 }, `${fmt(value)} tokens`));
  });
}

function drawFormChart() {
  const svg = $("form-chart");
  svg.replaceChildren();
  const points = CONTEXTS.map((context) => {
    const turn = state.ts.assemble(state.session, context === null ? {} : { contextLength: context });
    return { context, tokens: tokensOf(turn.tools), form: turn.listingForm };
  });
  const max = Math.max(...points.map((p) => p.tokens), 1);
  const slot = 500 / points.length;
  points.forEach((p, i) => {
    const h = (p.tokens / max) * 120;
    const x = 14 + i * slot;
    svg.append(svgEl("rect", { x, y: 140 - h, width: slot - 8, height: h, rx: 3, fill: FORM_COLORS[p.form] }));
    const label = p.context === null ? "?" : p.context >= 1_000_000 ? `${p.context / 1_000_000}M` : `${p.context / 1000}K`;
    svg.append(svgEl("text", { x: x + (slot - 8) / 2, y: 156, "text-anchor": "middle" }, label));
    svg.append(svgEl("title", {}, `${label}: ${fmt(p.tokens)} tokens, ${p.form}`));
  });
  let lx = 14;
  for (const form of Object.keys(FORM_COLORS)) {
    svg.append(svgEl("rect", { x: lx, y: 172, width: 10, height: 10, rx: 2, fill: FORM_COLORS[form] }));
    svg.append(svgEl("text", { x: lx + 14, y: 181 }, form));
    lx += 70;
  }
}

async function runSearch(event) {
  event?.preventDefault();
  const queries = $("queries").value.split("\n").map((q) => q.trim()).filter(Boolean);
  const limit = Number($("limit").value) || undefined;
  const out = JSON.parse(await state.ts.toolSearch({ queries, limit }, state.session, turnContext()));
  const results = $("results");
  results.replaceChildren();
  if ("error" in out) {
    results.append(el("p", { class: "error" }, out.error));
    return;
  }
  results.append(el("p", { class: "muted small" }, `${fmt(out.total_available)} tools searchable.`));
  for (const group of out.results) {
    const explanation = state.ts.explain(group.query, state.session, { names: group.matches });
    const view = explanation.ranking === "enhanced" ? enhancedView(explanation) : referenceView(explanation);
    const card = el("div", { class: "group" }, el("div", {}, el("span", { class: "query" }, group.query), el("span", { class: "tokens" }, view.chips)));
    if (group.confidence) {
      card.firstChild.append(el("span", { class: `label ${group.confidence}` }, `${group.confidence} confidence`));
    }
    if (view.note) card.append(el("p", { class: "muted small" }, view.note));
    if (group.matches.length === 0) {
      card.append(el("p", { class: "empty" }, group.hint ?? "No match: the query asks for something no tool does."));
    } else if (group.hint) {
      card.append(el("p", { class: "caution" }, group.hint));
    }
    const maxScore = Math.max(...explanation.tools.map((t) => t.score ?? 0), 1e-9);
    for (const name of group.matches) {
      const report = explanation.tools.find((t) => t.name === name);
      // The guard leaves out the records its turn showed before.
      const record = out.tools[name];
      const description = record ? record.description || "(no description)" : "(shown earlier in this turn)";
      const bars = view.bars(report, maxScore).map(({ label, fraction, title }) =>
        el("span", { class: "bar", title },
          el("span", { class: "fill", style: `width:${Math.max(3, fraction * 120)}px` }), label),
      );
      const score = report?.score == null ? "exact name" : `score ${report.score.toFixed(3)}`;
      card.append(el("div", { class: "match" },
        el("button", { class: "name", type: "button", onclick: () => describe(name) }, name),
        el("div", { class: "desc" }, description),
        el("div", { class: "bars" }, el("span", { class: "muted" }, score), bars)));
    }
    results.append(card);
  }
}

/** Reference ranking (§6): stemmed tokens with the gate marked, BM25 contributions per term. */
function referenceView(explanation) {
  return {
    chips: explanation.tokens.map((t) =>
      el("span", { class: `token${t.token === explanation.gate ? " gate" : ""}${t.df === 0 ? " unknown" : ""}`, title: `df ${t.df}, idf ${t.idf.toFixed(3)}` }, t.token),
    ),
    bars: (report, maxScore) => (report?.terms ?? []).filter((t) => t.contribution > 0).map((t) => ({
      label: `${t.token} +${t.contribution.toFixed(2)}`,
      fraction: t.contribution / maxScore,
      title: `tf ${t.tf}, idf ${t.idf.toFixed(3)}, +${t.contribution.toFixed(3)}`,
    })),
  };
}

/**
 * Enhanced ranking: the query's concepts (details muted, unknown words marked),
 * the translation, the confidence label, and per tool how it covers each concept.
 */
function enhancedView(explanation) {
  const names = { zh: "Chinese", ja: "Japanese", ko: "Korean", de: "German", fr: "French", es: "Spanish", pt: "Portuguese", it: "Italian" };
  const language = names[explanation.language] ?? explanation.language;
  const decision = explanation.decision;
  const verdict = `confidence ${decision.confidence.toFixed(2)} (${decision.threshold.toFixed(2)} for high)`;
  return {
    chips: explanation.concepts.map((c) =>
      el("span", {
        class: `token${c.weight === 0 ? " detail" : ""}${c.known ? "" : " unknown"}`,
        title: `matches ${c.matches.map((m) => `${m.stems.join(" ")} (${m.via} ${m.weight.toFixed(2)})`).join(", ")}`,
      }, c.word),
    ),
    note: [language ? `${language}, read as: ${explanation.translation.join(" ")}` : null, verdict].filter(Boolean).join(". "),
    bars: (report) => {
      const counted = explanation.concepts.map((c) => c.weight).reduce((sum, w) => sum + w, 0) || 1;
      return explanation.concepts
        .map((c, i) => ({ c, coverage: report?.coverage?.[i] ?? 0 }))
        .filter(({ c, coverage }) => coverage > 0 && c.weight > 0)
        .map(({ c, coverage }) => ({
          label: `${c.word} ${Math.round(coverage * 100)}%`,
          fraction: coverage / counted,
          title: `covered ${coverage.toFixed(2)}; the tool answers ${Math.round((report?.share ?? 0) * 100)}% of the query`,
        }));
    },
  };
}

async function describe(name) {
  $("describe-name").value = name;
  const out = JSON.parse(await state.ts.toolDescribe({ names: [name] }, state.session, turnContext()));
  $("schema").textContent = JSON.stringify(out, null, 2);
  const schema = out.tools?.[name]?.parameters;
  if (schema) {
    const skeleton = Object.fromEntries((schema.required ?? []).map((key) => [key, ""]));
    $("call-name").value = name;
    $("call-args").value = JSON.stringify(skeleton, null, 2);
    // A skeleton of empty values is no call: Call waits until it is edited
    // (a tool without required arguments is callable at once).
    const blank = Object.keys(skeleton).length > 0;
    $("call-button").disabled = blank;
    $("call-button").title = blank ? "Fill in the arguments first" : "";
    clearCall();
  }
}

/** Findings shown of each kind; the report has them all. */
const FINDINGS_SHOWN = 50;

/** The findability report of the catalog: its counts, then its findings. */
function checkFindability() {
  const report = state.ts.findability(state.session);
  const share = report.tools === 0 ? 100 : Math.round((100 * report.found) / report.tools);
  $("findability-stats").replaceChildren(
    el("dt", {}, "deferred tools"), el("dd", {}, fmt(report.tools)),
    el("dt", {}, "found by their own words"), el("dd", {}, `${fmt(report.found)} (${share} %)`),
    el("dt", {}, "queries that miss the first 5"), el("dd", {}, fmt(report.unfound.length)),
    el("dt", {}, "named alike on several servers"), el("dd", {}, fmt(report.duplicates.length)),
    el("dt", {}, "empty or one-word descriptions"), el("dd", {}, fmt(report.thin.length)),
  );
  const list = (title, items, line) =>
    items.length === 0 ? [] : [el("h3", {}, `${title} (${fmt(items.length)})`), el("ul", {}, ...items.slice(0, FINDINGS_SHOWN).map((item) => el("li", {}, ...line(item))))];
  $("findability-findings").replaceChildren(
    ...list("Not found in the first 5", report.unfound, (miss) => [
      el("code", {}, miss.name), ` by its ${miss.from} “${miss.query}”: ${miss.reason} `, el("span", { class: "muted" }, miss.fix),
    ]),
    ...list("Named alike", report.duplicates, (group) => [`“${group.words}”: `, el("code", {}, group.names.join(", "))]),
    ...list("Thin descriptions", report.thin, (thin) => [el("code", {}, thin.name), ` “${thin.description}” `, el("span", { class: "muted" }, thin.fix)]),
  );
}

/** Forgets the previous call's outcome. */
function clearCall() {
  $("call-status").replaceChildren();
  $("call-output").textContent = "";
}

function argumentsEdited() {
  $("call-button").disabled = false;
  $("call-button").title = "";
}

async function runCall(event) {
  event.preventDefault();
  const status = $("call-status");
  const button = $("call-button");
  if (button.disabled) return;
  clearCall();
  status.replaceChildren(el("span", { class: "status", "data-outcome": "pending" }, "running…"));
  button.disabled = true;
  try {
    await callOnce(status);
  } finally {
    button.disabled = false;
  }
}

async function callOnce(status) {
  let args;
  try {
    args = JSON.parse($("call-args").value || "{}");
  } catch {
    args = $("call-args").value; // the bridge reports what is wrong with it
  }
  state.onProgress = ({ progress, total, message }) => {
    const of = typeof total === "number" ? ` of ${total}` : "";
    const note = typeof message === "string" && message ? ` (${message})` : "";
    status.replaceChildren(el("span", { class: "status", "data-outcome": "pending" }, `running… step ${progress}${of}${note}`));
  };
  const text = await state.ts.toolCall({ calls: [{ name: $("call-name").value.trim(), arguments: args }] }, state.session, turnContext());
  state.onProgress = () => {};
  let parsed = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain text result
  }
  const failed = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) && "error" in parsed;
  const label = failed ? (parsed.path ? `validation error at ${parsed.path} (${parsed.constraint})` : "error") : "ran";
  status.replaceChildren(el("span", { class: `status ${failed ? "bad" : "ok"}`, "data-outcome": failed ? "error" : "ok" }, label));
  $("call-output").textContent = parsed === null ? text : JSON.stringify(parsed, null, 2);
}

async function main() {
  await init();
  $("version").textContent = `v${version()}`;
  const select = $("catalog-select");
  select.append(el("option", { value: "demo" }, "Demo MCP servers (live)"));
  const samples = await (await fetch("/api/samples")).json();
  for (const file of samples) select.append(el("option", { value: file }, `sample: ${file}`));
  select.addEventListener("change", () => loadChoice(select.value));
  $("catalog-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    try {
      useCatalog(toSession(JSON.parse(await file.text()), file.name), file.name, false);
    } catch (error) {
      showCatalogError(error);
    }
  });
  $("paste-toggle").addEventListener("click", () => ($("paste-box").hidden = !$("paste-box").hidden));
  $("paste-load").addEventListener("click", () => {
    try {
      useCatalog(toSession(JSON.parse($("paste-text").value), "pasted"), "pasted", false);
    } catch (error) {
      showCatalogError(error);
    }
  });
  $("context").addEventListener("input", renderCost);
  $("search-form").addEventListener("submit", runSearch);
  $("ranking").addEventListener("change", () => {
    state.ts?.free();
    state.ts = makeToolSearch(state.live);
    runSearch();
  });
  $("describe-button").addEventListener("click", () => describe($("describe-name").value.trim()));
  $("call-form").addEventListener("submit", runCall);
  $("findability-button").addEventListener("click", checkFindability);
  $("call-args").addEventListener("input", argumentsEdited);
  $("call-name").addEventListener("input", argumentsEdited);
  await loadChoice("demo");
  $("loading").hidden = true;
  document.body.dataset.ready = "true";
}

main().catch((error) => showCatalogError(error));
