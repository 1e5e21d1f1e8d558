// `toolsearch-mcp --log-report <file>`: the event log (event-log.mjs) summed
// up by the library's `summarizeEvents`, as text a catalog's owner reads,
// or as JSON. The log's previous file (`<file>.1`) is read first, when there
// is one; a line that is no JSON object is skipped and counted.
import { readFile } from "node:fs/promises";
import { summarizeEvents } from "toolsearch";

/** @import { EventSummary } from "toolsearch" */

/**
 * What was read of a log: its files, oldest first, its events (every JSON
 * object of its lines but the writer's own), the lines that were no JSON
 * object, and the lines its writer dropped (its `dropped` lines say how many).
 * @typedef {{ files: string[], events: number, unreadable: number, dropped: number }} LogRead
 */

/**
 * `n` with thousands separated, as the report writes counts.
 * @param {number} n
 */
const count = (n) => n.toLocaleString("en-US");

/**
 * `n` things: `noun` as it is for one, with an "s" for any other count.
 * @param {number} n
 * @param {string} noun
 */
const counted = (n, noun) => `${count(n)} ${noun}${n === 1 ? "" : /(s|sh|ch|x)$/.test(noun) ? "es" : "s"}`;

/**
 * A share as a whole percentage.
 * @param {number} share 0 to 1
 */
const percent = (share) => `${Math.round(share * 100)}%`;

/**
 * The text of a file, or null when there is none.
 * @param {string} path
 * @returns {Promise<string | null>}
 */
async function textOf(path) {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * The events of `texts` (a log's files, oldest first), one at a time, as
 * they are read: what is summed up is not kept. `read` counts them, and the
 * lines that are not events.
 * @param {string[]} texts
 * @param {LogRead} read
 * @returns {Generator<Record<string, unknown>>}
 */
function* eventsOf(texts, read) {
  for (const text of texts) {
    for (let start = 0; start < text.length; ) {
      const newline = text.indexOf("\n", start);
      const end = newline === -1 ? text.length : newline;
      const line = text.slice(start, end);
      start = end + 1;
      if (line.trim() === "") continue;
      let value;
      try {
        value = JSON.parse(line);
      } catch {
        read.unreadable += 1;
        continue;
      }
      if (value === null || typeof value !== "object" || Array.isArray(value)) read.unreadable += 1;
      else if (value.type === "dropped") read.dropped += typeof value.lines === "number" ? value.lines : 0;
      else {
        read.events += 1;
        yield value;
      }
    }
  }
}

/**
 * The log at `path` and its `.1` (read first) summed up by `summarizeEvents`,
 * with what was read. Throws when neither file is there.
 * @param {string} path
 * @returns {Promise<{ read: LogRead, summary: EventSummary }>}
 */
export async function summarizeLog(path) {
  /** @type {LogRead} */
  const read = { files: [], events: 0, unreadable: 0, dropped: 0 };
  /** @type {string[]} */
  const texts = [];
  for (const file of [`${path}.1`, path]) {
    const text = await textOf(file);
    if (text === null) continue;
    read.files.push(file);
    texts.push(text);
  }
  if (read.files.length === 0) throw new Error(`there is no log at ${path}`);
  const summary = summarizeEvents(eventsOf(texts, read));
  return { read, summary };
}

/**
 * The report of the log at `path`: text, or with `json` the summary as JSON
 * beside what was read (`log`: its files, events, unreadable and dropped lines).
 * @param {string} path
 * @param {{ json: boolean }} options
 * @returns {Promise<string>}
 */
export async function logReport(path, { json }) {
  const { read, summary } = await summarizeLog(path);
  return json ? `${JSON.stringify({ log: read, summary }, null, 2)}\n` : logReportText(summary, read);
}

/**
 * The summary as text: what was read, searches per turn, the groups that
 * came back low or empty, the requests the catalog did not answer (with the
 * tools that came closest), tools found but never called, tools called
 * most, and the search guard's steps.
 * @param {EventSummary} summary
 * @param {LogRead} read
 * @returns {string}
 */
export function logReportText(summary, read) {
  const { searches, searchesPerTurn: perTurn, groups, unanswered, foundNeverCalled, calledMost, guard } = summary;
  const lines = [
    `${counted(read.events, "event")} in ${read.files.join(" then ")}; ${counted(read.unreadable, "unreadable line")} skipped, ${counted(read.dropped, "line")} dropped by the writer.`,
    "",
    `Searches: ${count(searches)} in ${counted(perTurn.turns, "turn")}: ${perTurn.mean.toFixed(1)} a turn on average, ${count(perTurn.max)} at most.`,
    `Requests (query groups): ${count(groups.total)}; labelled low ${count(groups.low)}, empty ${count(groups.empty)}: ${percent(groups.lowOrEmptyShare)} low or empty.`,
    "",
    `Unanswered requests, most asked first (${count(unanswered.length)}):`,
  ];
  for (const request of unanswered) {
    const closest = request.closest.length > 0 ? `; closest: ${request.closest.join(", ")}` : "";
    lines.push(`  ${JSON.stringify(request.request)}: asked ${count(request.count)}× (low ${count(request.low)}, empty ${count(request.empty)})${closest}`);
  }
  lines.push("", `Found but never called (${count(foundNeverCalled.length)}):`);
  for (const tool of foundNeverCalled) lines.push(`  ${tool.name}: found ${count(tool.found)}×`);
  lines.push("", `Called most (${count(calledMost.length)}):`);
  for (const tool of calledMost) lines.push(`  ${tool.name}: ${counted(tool.calls, "call")}${tool.failed > 0 ? `, ${count(tool.failed)} did not run or failed` : ""}`);
  lines.push("", `Search guard: ${counted(guard.refused, "search")} refused, ${count(guard.shortened)} shortened.`);
  for (const step of guard.steps) {
    lines.push(`  ${step.action} in ${step.turn ?? "a turn not named"}: ${step.queries.map((query) => JSON.stringify(query)).join(", ")}`);
  }
  return `${lines.join("\n")}\n`;
}
