// A summary of a session's events (`summarizeEvents`, and the proxy's
// `--log-report`): how often the model searched per turn, how much of what
// it asked for came back labelled low or empty, those requests ranked by
// how often they were asked with the tools that came closest (what the
// catalog lacks), tools found but never called, tools called most, and
// where the search guard stepped in. Lists are ordered by count, then by
// name, so the same events give the same summary.

/** @import { ToolSearchEvent, EventSummary } from "../toolsearch.js" */

/** Entries each list keeps. */
const LIST_MAX = 50;
/** Closest tools kept per unanswered request. */
const CLOSEST_MAX = 5;
/** Guard steps listed. */
const GUARD_MAX = 20;

/**
 * A request as asked, to group repeats: trimmed, spaces collapsed, lower case.
 * @param {string} query
 */
const requestKey = (query) => query.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * `counts` as `[key, count]`, most first, then by key.
 * @param {Map<string, number>} counts
 * @returns {[string, number][]}
 */
function ranked(counts) {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * Adds one to `key` of `counts`.
 * @param {Map<string, number>} counts
 * @param {string} key
 * @param {number} [by]
 */
function add(counts, key, by = 1) {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/**
 * Summarizes events of `host.onEvent` (or the lines of the proxy's log).
 * Anything that is no event is skipped.
 * @param {Iterable<unknown>} events
 * @returns {EventSummary}
 */
export function summarizeEvents(events) {
  let searches = 0;
  /** @type {Map<string, number>} */ const perTurn = new Map();
  let untimed = 0;
  const groups = { total: 0, low: 0, empty: 0 };
  /** @type {Map<string, { request: string, count: number, low: number, empty: number, closest: Map<string, number> }>} */
  const unanswered = new Map();
  /** @type {Map<string, number>} */ const found = new Map();
  /** @type {Map<string, number>} */ const called = new Map();
  /** @type {Map<string, number>} */ const failed = new Map();
  /** @type {EventSummary["guard"]} */
  const guard = { refused: 0, shortened: 0, steps: [] };
  for (const item of events) {
    if (item === null || typeof item !== "object") continue;
    const event = /** @type {ToolSearchEvent} */ (item);
    if (event.type === "search") {
      searches++;
      if (typeof event.turn === "string") add(perTurn, event.turn);
      else untimed++;
      for (const group of Array.isArray(event.groups) ? event.groups : []) {
        groups.total++;
        const matches = Array.isArray(group.matches) ? group.matches : [];
        for (const name of matches) add(found, name);
        const empty = matches.length === 0;
        const low = !empty && group.confidence === "low";
        if (!empty && !low) continue;
        if (empty) groups.empty++;
        else groups.low++;
        const key = requestKey(String(group.query));
        let entry = unanswered.get(key);
        if (entry === undefined) unanswered.set(key, (entry = { request: key, count: 0, low: 0, empty: 0, closest: new Map() }));
        entry.count++;
        if (empty) entry.empty++;
        else entry.low++;
        matches.slice(0, CLOSEST_MAX).forEach((name, rank) => add(entry.closest, name, CLOSEST_MAX - rank));
      }
    } else if (event.type === "call") {
      for (const call of Array.isArray(event.calls) ? event.calls : []) {
        add(called, call.name);
        if (!call.ran) add(failed, call.name);
      }
    } else if (event.type === "guard") {
      if (event.action === "refused") guard.refused++;
      else guard.shortened++;
      if (guard.steps.length < GUARD_MAX) {
        guard.steps.push({ turn: typeof event.turn === "string" ? event.turn : null, action: event.action, queries: event.queries });
      }
    }
  }
  const turns = perTurn.size + untimed;
  const counts = [...perTurn.values()];
  return {
    searches,
    searchesPerTurn: { turns, mean: turns === 0 ? 0 : searches / turns, max: Math.max(0, ...counts, untimed > 0 ? 1 : 0) },
    groups: { ...groups, lowOrEmptyShare: groups.total === 0 ? 0 : (groups.low + groups.empty) / groups.total },
    unanswered: [...unanswered.values()]
      .sort((a, b) => b.count - a.count || (a.request < b.request ? -1 : 1))
      .slice(0, LIST_MAX)
      .map(({ request, count, low, empty, closest }) => ({
        request,
        count,
        low,
        empty,
        closest: ranked(closest).slice(0, CLOSEST_MAX).map(([name]) => name),
      })),
    foundNeverCalled: ranked(found)
      .filter(([name]) => !called.has(name))
      .slice(0, LIST_MAX)
      .map(([name, times]) => ({ name, found: times })),
    calledMost: ranked(called)
      .slice(0, LIST_MAX)
      .map(([name, calls]) => ({ name, calls, failed: failed.get(name) ?? 0 })),
    guard,
  };
}
