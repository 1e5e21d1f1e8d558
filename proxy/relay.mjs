// A call to a server made for a client's request: the client's cancellation
// reaches the server, the server's progress reaches the client, and one
// deadline ends it. The deadline is the proxy's alone: `idleMs` from the
// call's start or from the server's latest progress, and never past `maxMs`
// from its start (a server that reports progress for ever does not hold a
// call for ever). The SDK's own request timeout, which a request always
// has, is set past it, as the library's (`timeouts.tool`) is.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { LONGEST_DELAY_MS } from "./config.mjs";

/** @import { Progress, ProgressToken, ServerNotification } from "@modelcontextprotocol/sdk/types.js" */
/** @import { McpCallOptions } from "toolsearch-mcp" */

/**
 * What a call to a server takes of the client's request: its cancellation,
 * its progress token, and the way to notify it.
 * @typedef {{ signal?: AbortSignal, progressToken?: ProgressToken, notify: (notification: ServerNotification) => Promise<void> }} ClientRequest
 */

/**
 * Calls a server for a client's request: `call(options)` with the client's
 * cancellation, the deadline (`limits`, see the module's comment), and the
 * server's progress passed on to the client under the client's own token.
 * When the deadline passes, the call is cancelled (the server is told) and
 * fails with the SDK's timeout error (-32001): "Request timed out", or that
 * the call ran for `maxMs`, the longest a call may take.
 * @template T
 * @param {ClientRequest} request
 * @param {{ idleMs: number, maxMs: number }} limits
 * @param {(options: McpCallOptions) => Promise<T>} call
 * @returns {Promise<T>}
 */
export async function relay(request, limits, call) {
  const progress = new ProgressRelay(request);
  const deadline = new Deadline(limits, request.signal);
  try {
    return await call({
      signal: deadline.signal,
      timeout: LONGEST_DELAY_MS,
      onprogress: (update) => {
        deadline.restart();
        progress.forward(update);
      },
    });
  } finally {
    progress.end();
    deadline.end();
  }
}

/**
 * One deadline of a call: `idleMs` after its start or its latest
 * `restart()`, and never later than `maxMs` after its start. Its `signal`
 * aborts then, or when the client's does.
 */
class Deadline {
  #controller = new AbortController();
  #idleMs;
  #maxMs;
  /** When the call must end, whatever its progress. */
  #endAt;
  /** @type {NodeJS.Timeout | undefined} */
  #timer;
  /** @type {AbortSignal | undefined} */
  #client;

  /**
   * @param {{ idleMs: number, maxMs: number }} limits
   * @param {AbortSignal} [client] the client's cancellation
   */
  constructor({ idleMs, maxMs }, client) {
    this.#idleMs = idleMs;
    this.#maxMs = maxMs;
    this.#endAt = Date.now() + maxMs;
    this.#client = client;
    if (client?.aborted) this.#cancel();
    else client?.addEventListener("abort", this.#cancel, { once: true });
    this.restart();
  }

  /** Aborted at the deadline, or with the client's request. */
  get signal() {
    return this.#controller.signal;
  }

  /** The server's progress: the idle deadline starts again, within the longest. */
  restart() {
    clearTimeout(this.#timer);
    if (this.#controller.signal.aborted) return;
    const left = this.#endAt - Date.now();
    this.#timer =
      this.#idleMs < left
        ? // As the SDK's own timeout says it.
          setTimeout(() => this.#controller.abort(new McpError(ErrorCode.RequestTimeout, "Request timed out", { timeout: this.#idleMs })), this.#idleMs)
        : // A string: the SDK puts the reason into its own error's text.
          setTimeout(() => this.#controller.abort(`the call ran for ${this.#maxMs} ms, the longest a call may take (toolMaxTimeoutMs), and was cancelled`), Math.max(0, left));
  }

  /** The call ended: no timer is left, and the client's signal is let go. */
  end() {
    clearTimeout(this.#timer);
    this.#client?.removeEventListener("abort", this.#cancel);
  }

  #cancel = () => this.#controller.abort(this.#client?.reason);
}

/**
 * The server's progress, passed on to a client that asked for it (with a
 * token) one notification at a time: what arrives while one is being
 * written waits, and only the latest of it is sent (a server that floods
 * progress must not flood the client's pipe, nor the proxy's memory).
 */
class ProgressRelay {
  #request;
  #sending = false;
  /** @type {Progress | null} */
  #latest = null;
  #ended = false;

  /** @param {ClientRequest} request */
  constructor(request) {
    this.#request = request;
  }

  /** @param {Progress} progress */
  forward(progress) {
    if (this.#request.progressToken === undefined || this.#ended) return;
    if (this.#sending) this.#latest = progress;
    else this.#send(progress);
  }

  /** The call ended: nothing more is passed on. */
  end() {
    this.#ended = true;
    this.#latest = null;
  }

  /** @param {Progress} progress */
  #send(progress) {
    const { notify, progressToken } = this.#request;
    this.#sending = true;
    notify({ method: "notifications/progress", params: { ...progress, progressToken: /** @type {ProgressToken} */ (progressToken) } })
      .catch(() => {})
      .finally(() => {
        this.#sending = false;
        const next = this.#latest;
        this.#latest = null;
        if (next !== null && !this.#ended) this.#send(next);
      });
  }
}
