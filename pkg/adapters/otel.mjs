// toolsearch/otel: the events of `host.onEvent` as OpenTelemetry spans, one
// per event, after the GenAI semantic conventions where they apply (a call is
// an `execute_tool` span). It imports nothing: the tracer is the caller's, so
// it works without `@opentelemetry/api` installed.

/** @import { ToolSearchEvent } from "toolsearch" */
/** @import { EventTracer, OtelEventOptions, SpanAttributes } from "./otel.mjs" */

/** `SpanStatusCode.ERROR` of `@opentelemetry/api`. */
const STATUS_ERROR = 2;

/** Each event type's `gen_ai.operation.name`: the conventions' own for a call, ours for the rest. */
const OPERATIONS = {
  search: "tool_search",
  describe: "tool_describe",
  call: "execute_tool",
  manage: "manage_connections",
  guard: "tool_search_guard",
};

/**
 * `value` as JSON, or undefined when it has none (a cycle, a BigInt, undefined).
 * @param {unknown} value
 * @returns {string | undefined}
 */
function json(value) {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * The event's own attributes, its span's name, and its error class: the
 * event's, or for a call event whose every call failed, the first call's.
 * @param {ToolSearchEvent} event
 * @returns {{ name: string, attributes: SpanAttributes, error: string | undefined }}
 */
function describeEvent(event) {
  const operation = OPERATIONS[event.type];
  /** @type {SpanAttributes} */
  const attributes = { "gen_ai.operation.name": operation };
  let name = operation;
  /** @type {string | undefined} */
  let error = event.error;
  if (event.type === "search") {
    attributes["toolsearch.queries"] = event.queries;
    // "" stands for no label (the reference ranking's null).
    attributes["toolsearch.groups.confidence"] = event.groups.map((group) => group.confidence ?? "");
    attributes["toolsearch.groups.matches"] = event.groups.map((group) => group.matches.length);
    attributes["toolsearch.groups.empty"] = event.groups.map((group) => group.empty);
    attributes["toolsearch.groups.repeated"] = event.groups.map((group) => group.repeated);
    if (event.connectors !== null) attributes["toolsearch.connectors"] = event.connectors;
  } else if (event.type === "describe") {
    attributes["toolsearch.names"] = event.names;
    attributes["toolsearch.found"] = event.found;
  } else if (event.type === "call") {
    const { calls } = event;
    attributes["toolsearch.calls.names"] = calls.map((call) => call.name);
    attributes["toolsearch.calls.ran"] = calls.map((call) => call.ran);
    attributes["toolsearch.calls.errors"] = calls.map((call) => call.error ?? "");
    if (calls.length === 1) {
      name = `${operation} ${calls[0].name}`;
      attributes["gen_ai.tool.name"] = calls[0].name;
      // Present only when the host opted in (`host.eventArguments`).
      const args = json(calls[0].arguments);
      if (args !== undefined) attributes["gen_ai.tool.call.arguments"] = args;
    }
    if (calls.length > 0 && calls.every((call) => call.error !== undefined)) error ??= calls[0].error;
  } else if (event.type === "manage") {
    attributes["toolsearch.action"] = event.action;
  } else {
    attributes["toolsearch.guard.action"] = event.action;
    attributes["toolsearch.queries"] = event.queries;
  }
  if (typeof event.turn === "string") attributes["toolsearch.turn"] = event.turn;
  if (error !== undefined) attributes["error.type"] = error;
  return { name, attributes, error };
}

/**
 * An `onEvent` handler making one span per event (see otel.d.mts).
 * @param {EventTracer} tracer
 * @param {OtelEventOptions} [options]
 * @returns {(event: ToolSearchEvent) => void}
 */
export function otelEventHandler(tracer, options = {}) {
  const shared = options.attributes ?? {};
  return (event) => {
    if (event === null || typeof event !== "object" || !Object.hasOwn(OPERATIONS, event.type)) return;
    const { name, attributes, error } = describeEvent(event);
    const span = tracer.startSpan(name, { startTime: event.time - event.ms, attributes: { ...shared, ...attributes } });
    if (error !== undefined) span.setStatus({ code: STATUS_ERROR, message: error });
    span.end(event.time);
  };
}
