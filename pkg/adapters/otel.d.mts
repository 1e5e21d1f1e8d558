// `toolsearch/otel`: the events of `host.onEvent` as OpenTelemetry spans. No
// dependency on `@opentelemetry/api` (an optional peer): the tracer is the
// caller's, and the shapes below are the part of its `Tracer` and `Span`
// the handler uses, which the API's own types fit.
import type { ToolSearchEvent } from "../toolsearch.mjs";

/** A span attribute's value, as OpenTelemetry takes it. */
export type SpanAttributeValue = string | number | boolean | string[] | number[] | boolean[];

/** Span attributes by name. */
export type SpanAttributes = Record<string, SpanAttributeValue>;

/** What the handler does with a span: an OpenTelemetry `Span` fits. */
export interface EventSpan {
  /** Called with `{ code: 2 }` (`SpanStatusCode.ERROR`) when the event has an error. */
  setStatus(status: { code: number; message?: string }): unknown;
  /** Called once, with the time the call was answered (ms since the epoch). */
  end(endTime?: number): void;
}

/** What the handler needs of a tracer: `trace.getTracer(name)` of `@opentelemetry/api` fits. */
export interface EventTracer {
  startSpan(name: string, options: { startTime: number; attributes: SpanAttributes }): EventSpan;
}

/** Options of `otelEventHandler`. */
export interface OtelEventOptions {
  /** Attributes every span carries (`gen_ai.agent.name`, `gen_ai.conversation.id`, ...); an event's own win. */
  attributes?: SpanAttributes;
}

/**
 * An `onEvent` handler (`new ToolSearch({ host: { onEvent } })`) that makes
 * one span per event, from `time - ms` to `time`, as a child of the span
 * active when the bridge call was made. A call is a GenAI `execute_tool`
 * span (`execute_tool <tool>` with `gen_ai.tool.name` for a single call);
 * searches, describes, `manage_connections` and the search guard's steps
 * are `tool_search`, `tool_describe`, `manage_connections` and
 * `tool_search_guard` spans. What the event says is in `toolsearch.*`
 * attributes; an error is `error.type` and an error status. A value that
 * is no event makes no span.
 */
export function otelEventHandler(tracer: EventTracer, options?: OtelEventOptions): (event: ToolSearchEvent) => void;
