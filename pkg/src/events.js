// The host's events (`host.onEvent`): one per bridge call, made from what
// the engine answered (its `facts`, src/wasm/encode.rs) and what the model
// sent, never from the text the model reads; one more when the search
// guard refuses or shortens a search. A handler is called synchronously,
// never awaited, and what it throws is ignored: it cannot change an answer.
import { field, isList, isRecord } from "./values.js";

/** @import { Answer, ToolSearchEvent, SearchGroupEvent, CallOutcomeEvent } from "../toolsearch.js" */

/** @import { RawFacts } from "./entry/toolsearch.js" */

/** Labels as `bridge_facts` (src/wasm/encode.rs) numbers them. */
const LABELS = /** @type {const} */ ([null, "low", "high"]);

/** The event type of each bridge. */
const TYPES = /** @type {const} */ ({
  tool_search: "search",
  tool_describe: "describe",
  tool_call: "call",
  manage_connections: "manage",
});

/**
 * The string items of `value` (one string counts as one), at most `max`.
 * @param {unknown} value
 * @param {number} [max]
 * @returns {string[]}
 */
function strings(value, max = 64) {
  if (typeof value === "string") return [value];
  if (!isList(value)) return [];
  const items = [];
  for (let i = 0; i < value.length && items.length < max; i++) {
    const item = field(value, String(i));
    if (typeof item === "string") items.push(item);
  }
  return items;
}

/**
 * The calls of a `tool_call`'s arguments: each entry's name and, when the
 * host opted in, its arguments.
 * @param {Record<string, unknown> | null} args
 * @param {boolean} withArguments
 * @returns {{ name: string, arguments?: unknown }[]}
 */
function calls(args, withArguments) {
  const listed = args === null ? undefined : field(args, "calls");
  const entries = isList(listed) ? listed.slice(0, 64) : isRecord(listed) ? [listed] : [];
  return entries.map((entry) => {
    const name = field(entry, "name");
    /** @type {{ name: string, arguments?: unknown }} */
    const call = { name: typeof name === "string" ? name : "" };
    if (withArguments) call.arguments = field(entry, "arguments");
    return call;
  });
}

/**
 * A search's groups from its facts: the flat `groups` numbers of
 * `bridge_facts` (src/wasm/encode.rs) read back, one group per query the
 * model sent, the names taken from the answer's `matches`.
 * @param {string[]} queries
 * @param {Uint32Array} numbers
 * @param {string[]} matches
 * @returns {SearchGroupEvent[]}
 */
function groupsOf(queries, numbers, matches) {
  /** @type {SearchGroupEvent[]} */
  const groups = [];
  let at = 0;
  for (let q = 0; q < queries.length && at < numbers.length; q++) {
    const count = numbers[at];
    const names = new Array(count);
    for (let i = 0; i < count; i++) names[i] = matches[numbers[at + 3 + i]];
    groups.push({ query: queries[q], confidence: LABELS[numbers[at + 1]] ?? null, matches: names, empty: count === 0, repeated: numbers[at + 2] === 1 });
    at += 3 + count;
  }
  return groups;
}

/**
 * The model's arguments as an object, or null: a JSON string is read (as
 * the engine reads it). Only a record is read by key: reading a key of
 * anything else may throw, and a throw costs more than the event.
 * @param {unknown} args
 * @returns {Record<string, unknown> | null}
 */
function argsObject(args) {
  let value = args;
  if (typeof args === "string") {
    try {
      value = JSON.parse(args);
    } catch {
      return null;
    }
  }
  return isRecord(value) ? value : null;
}

/**
 * What each call of a `tool_call` (or a loaded tool's own call) came to.
 * @param {{ name: string, arguments?: unknown }[]} sent
 * @param {Answer} answer
 * @param {RawFacts | undefined} facts
 * @returns {CallOutcomeEvent[]}
 */
function outcomes(sent, answer, facts) {
  return sent.map((call, i) => {
    /** @type {CallOutcomeEvent} */
    const outcome = { ...call, ran: answer.kind === "tool" };
    if (answer.kind === "error") outcome.error = answer.class;
    if (answer.kind === "connectors") {
      const code = facts && "errors" in facts ? facts.errors[i] : null;
      outcome.ran = code === null || code === undefined;
      if (!outcome.ran) outcome.error = /** @type {string} */ (code);
    }
    return outcome;
  });
}

/**
 * Tells `handler` of one bridge call: its event, then the guard's when it
 * refused or shortened a search. The events are built here, in one shape
 * per type; what the handler throws is ignored (see `emit`).
 * @param {(event: ToolSearchEvent) => void} handler
 * @param {{ name: string, args: unknown, answer: Answer, facts: RawFacts | undefined, turn: unknown, ms: number, loaded: boolean, withArguments: boolean }} call
 */
export function report(handler, { name, args, answer, facts, turn, ms, loaded, withArguments }) {
  const type = loaded ? "call" : TYPES[/** @type {keyof typeof TYPES} */ (name)];
  const time = Date.now();
  const turnName = typeof turn === "string" ? turn : undefined;
  const error = answer.kind === "error" ? answer.class : undefined;
  const model = argsObject(args);
  /** @type {Record<string, unknown>} */
  let event;
  if (type === "search") {
    const queries = model === null ? [] : strings(field(model, "queries"));
    const numbers = facts !== undefined && "groups" in facts ? facts.groups : undefined;
    const groups = numbers !== undefined && answer.kind === "bridge" ? groupsOf(queries, numbers, answer.matches) : [];
    const leg = facts !== undefined && "connectorLeg" in facts ? facts.connectorLeg : undefined;
    event = { type, ms, time, queries, groups, connectors: leg ?? null };
    emit(handler, withTurn(event, turnName, error));
    const repeated = [];
    for (const group of groups) if (group.repeated) repeated.push(group.query);
    if (error === "search_limit") {
      emit(handler, withTurn({ type: "guard", ms: 0, time, action: "refused", queries }, turnName, undefined));
    } else if (repeated.length > 0) {
      emit(handler, withTurn({ type: "guard", ms: 0, time, action: "shortened", queries: repeated }, turnName, undefined));
    }
    return;
  }
  if (type === "describe") {
    const found = facts !== undefined && "described" in facts ? facts.described : undefined;
    event = { type, ms, time, names: model === null ? [] : strings(field(model, "names")), found: found ?? [] };
  } else if (type === "call") {
    const sent = loaded ? [withArguments ? { name, arguments: model } : { name }] : calls(model, withArguments);
    event = { type, ms, time, calls: outcomes(sent, answer, facts) };
  } else {
    const action = model === null ? undefined : field(model, "action");
    event = { type, ms, time, action: typeof action === "string" ? action : "status" };
  }
  emit(handler, withTurn(event, turnName, error));
}

/**
 * `event` with the host's turn and the answer's error class, when there are.
 * @param {Record<string, unknown>} event
 * @param {string | undefined} turn
 * @param {string | undefined} error
 * @returns {ToolSearchEvent}
 */
function withTurn(event, turn, error) {
  if (turn !== undefined) event.turn = turn;
  if (error !== undefined) event.error = error;
  return /** @type {ToolSearchEvent} */ (/** @type {unknown} */ (event));
}

/**
 * Calls `handler` with `event`, synchronously; what it throws is ignored.
 * @param {(event: ToolSearchEvent) => void} handler
 * @param {ToolSearchEvent} event
 */
function emit(handler, event) {
  try {
    handler(event);
  } catch {
    // an event handler cannot change an answer
  }
}
