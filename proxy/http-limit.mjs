// A fetch for a server's streamable HTTP transport that reads no message
// larger than the host's limit (maxMessageBytes), as the stdio transport's
// read buffer reads no longer line: a JSON answer over it is refused by its
// Content-Length before it is read, or cut off where it passes the limit;
// an event stream, which may carry any number of messages, is counted event
// by event. An error's body, which the SDK quotes in its error, is read up
// to ERROR_BODY_BYTES and no further.

/** @import { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js" */

/** The most read of the body of an error (a reason quotes at most a few thousand characters of it). */
const ERROR_BODY_BYTES = 64 * 1024;
/** Statuses whose response has no body, which a Response cannot be made with. */
const BODILESS = new Set([101, 103, 204, 205, 304]);
const [LF, CR] = [0x0a, 0x0d];

/**
 * `base`, reading no message over `maxBytes`: one that is over it is refused
 * with an error that says so, and `onRefused` is told (once per response).
 * @param {number} maxBytes
 * @param {(error: Error) => void} onRefused
 * @param {FetchLike} [base]
 * @returns {FetchLike}
 */
export function limitedFetch(maxBytes, onRefused, base = fetch) {
  /** @param {string} what */
  const refuse = (what) => {
    const error = new Error(`the server sent ${what} the limit of ${maxBytes} bytes (maxMessageBytes); it was not read`);
    onRefused(error);
    return error;
  };
  return async (url, init) => {
    const response = await base(url, init);
    const body = response.body;
    if (body === null || BODILESS.has(response.status)) return response;
    if (!response.ok) return withBody(response, cutAfter(body, ERROR_BODY_BYTES));
    const declared = Number(response.headers.get("content-length") ?? NaN);
    if (declared > maxBytes && !response.headers.has("content-encoding")) {
      await body.cancel().catch(() => {});
      throw refuse(`an answer of ${declared} bytes, more than`);
    }
    const events = (response.headers.get("content-type") ?? "").toLowerCase().startsWith("text/event-stream");
    return withBody(response, counted(body, maxBytes, events, () => refuse(events ? "an event larger than" : "an answer larger than")));
  };
}

/**
 * `response` with `body` instead of its own (its status, headers, URL and type kept).
 * @param {Response} response
 * @param {ReadableStream<Uint8Array>} body
 * @returns {Response}
 */
function withBody(response, body) {
  const replaced = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperties(replaced, { url: { value: response.url }, redirected: { value: response.redirected }, type: { value: response.type } });
  return replaced;
}

/**
 * `body` up to `maxBytes`: the rest is not read (the stream is cancelled).
 * @param {ReadableStream<Uint8Array>} body
 * @param {number} maxBytes
 * @returns {ReadableStream<Uint8Array>}
 */
function cutAfter(body, maxBytes) {
  let left = maxBytes;
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        controller.enqueue(chunk.length < left ? chunk : chunk.subarray(0, left));
        left -= chunk.length;
        if (left <= 0) controller.terminate();
      },
    }),
  );
}

/**
 * `body`, erroring with `refuse()` (and no longer read) once a message passes
 * `maxBytes`: the whole body, or with `events`, the bytes since an event's end.
 * @param {ReadableStream<Uint8Array>} body
 * @param {number} maxBytes
 * @param {boolean} events
 * @param {() => Error} refuse
 * @returns {ReadableStream<Uint8Array>}
 */
function counted(body, maxBytes, events, refuse) {
  let bytes = 0;
  let last = 0;
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        const end = events ? eventEnd(chunk, last) : -1;
        bytes = end === -1 ? bytes + chunk.length : chunk.length - end;
        last = chunk.length > 0 ? chunk[chunk.length - 1] : last;
        if (bytes > maxBytes) controller.error(refuse());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * Where the last event of an event stream that `chunk` ends, ends: past its
 * last blank line (a line end right after a line end: LF LF, CR CR, LF CR;
 * CR LF is one line end); -1 when none. `before` is the byte before `chunk`.
 * @param {Uint8Array} chunk
 * @param {number} before
 * @returns {number}
 */
function eventEnd(chunk, before) {
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const found = Math.max(bytes.lastIndexOf("\n\n"), bytes.lastIndexOf("\r\r"), bytes.lastIndexOf("\n\r"));
  if (found !== -1) return found + 2;
  const first = chunk.length > 0 ? chunk[0] : 0;
  const lineEnd = (/** @type {number} */ byte) => byte === LF || byte === CR;
  return lineEnd(before) && lineEnd(first) && !(before === CR && first === LF) ? 1 : -1;
}
