// The page's events panel: each event of `host.onEvent` (one per bridge call,
// and the search guard's steps) as a list item, newest first, with the time it
// took, and a summary line of them all from `summarizeEvents`.
import { summarizeEvents } from "/pkg/index.js";
import { el } from "./dom.js";

/** Items the list keeps; the summary counts every event. */
const SHOWN = 100;

/** The session's events, oldest first. */
const events = [];

const plural = (n, word, words = `${word}s`) => `${n.toLocaleString("en")} ${n === 1 ? word : words}`;
const took = (ms) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

/** What a search group came to: its matches or empty, its label, and the guard's repeat. */
function groupOutcome(group) {
  const parts = [group.empty ? "empty" : plural(group.matches.length, "match", "matches")];
  if (group.confidence) parts.push(group.confidence);
  if (group.repeated) parts.push("repeated");
  return parts.join(", ");
}

/** The lines under an event's heading, each a list of children. */
function eventLines(event) {
  switch (event.type) {
    case "search":
      // A refused search has no groups: its queries say what was asked.
      return event.groups.length > 0
        ? event.groups.map((group) => [`“${group.query}”: `, groupOutcome(group)])
        : event.queries.map((query) => [`“${query}”`]);
    case "describe":
      return event.names.map((name) => [el("code", {}, name), event.found.includes(name) ? " described" : " not described"]);
    case "call":
      return event.calls.map((call) => [el("code", {}, call.name), call.ran ? " ran" : ` ${call.error ?? "did not run"}`]);
    case "guard":
      return event.queries.map((query) => [`“${query}”`]);
    default:
      return [[event.action]];
  }
}

/** One event as a list item: its kind, the time it took and its turn, then what it says. */
function eventItem(event) {
  const kind = event.type === "guard" ? `guard ${event.action}` : event.type;
  const when = new Date(event.time);
  const item = el("li", { class: "event", "data-type": event.type },
    el("div", {}, el("strong", {}, kind), " ",
      el("span", { class: "muted" }, `${took(event.ms)}${event.turn ? ` · turn ${event.turn}` : ""} · `,
        el("time", { datetime: when.toISOString() }, when.toLocaleTimeString("en-GB")))));
  const lines = eventLines(event);
  if (lines.length > 0) item.append(el("ul", {}, lines.map((line) => el("li", {}, line))));
  if (event.error) item.append(el("p", { class: "error" }, `error: ${event.error}`));
  return item;
}

/** The summary line: searches, the share of groups labelled low or empty, and the guard's steps. */
function summaryText({ searches, groups, guard }) {
  const share = Math.round(100 * groups.lowOrEmptyShare);
  return `${plural(searches, "search", "searches")}, ${plural(groups.total, "group")}: ${share} % low or empty ` +
    `(${groups.low} low, ${groups.empty} empty) · guard: ${guard.shortened} shortened, ${guard.refused} refused`;
}

/** Forgets the events: a new catalog is a new session. */
export function clearEvents() {
  events.length = 0;
  document.getElementById("events-list").replaceChildren();
  document.getElementById("events-summary").textContent = "No bridge call yet.";
}

/** The host's `onEvent`: the event on top of the list, and the summary of them all. */
export function recordEvent(event) {
  events.push(event);
  const list = document.getElementById("events-list");
  list.prepend(eventItem(event));
  while (list.children.length > SHOWN) list.lastElementChild.remove();
  document.getElementById("events-summary").textContent = summaryText(summarizeEvents(events));
}
