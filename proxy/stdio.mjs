// The proxy's side of its client's stdio: a transport on the MCP SDK's
// public Transport interface that behaves as the SDK's StdioServerTransport
// does, but reads the client's messages in time linear in their size
// (LineBuffer: the SDK's own buffer, which cannot be given to its
// transport, copies all it holds on every chunk), and waits on the pipe
// with one listener however many answers wait for it to drain.
import { serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { LineBuffer } from "./line-buffer.mjs";

/** @import { Readable, Writable } from "node:stream" */
/** @import { Transport } from "@modelcontextprotocol/sdk/shared/transport.js" */
/** @import { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js" */

/** @implements {Transport} */
export class StdioTransport {
  /** @type {Readable} */
  #input;
  /** @type {Writable} */
  #output;
  /** @type {LineBuffer} */
  #buffer;
  #started = false;
  /** Resolves when the output drains, while a write waits for it. @type {Promise<void> | null} */
  #drained = null;
  /** @type {(() => void) | undefined} */
  onclose;
  /** @type {((error: Error) => void) | undefined} */
  onerror;
  /** @type {((message: JSONRPCMessage) => void) | undefined} */
  onmessage;

  /**
   * `maxMessageBytes`: the largest message read; a larger one is an error,
   * and closes the transport (as the SDK's does).
   * @param {Readable} input
   * @param {Writable} output
   * @param {number} maxMessageBytes
   */
  constructor(input, output, maxMessageBytes) {
    this.#input = input;
    this.#output = output;
    this.#buffer = new LineBuffer(maxMessageBytes);
  }

  /** Starts reading the client's messages. */
  async start() {
    if (this.#started) throw new Error("the stdio transport has started already");
    this.#started = true;
    this.#input.on("data", this.#ondata);
    this.#input.on("error", this.#onerror);
  }

  /**
   * Writes `message`; resolves once the output took it (after it drains, when it was full).
   * @param {JSONRPCMessage} message
   * @returns {Promise<void>}
   */
  send(message) {
    if (this.#output.write(serializeMessage(message))) return Promise.resolve();
    this.#drained ??= new Promise((resolve) => {
      this.#output.once("drain", () => {
        this.#drained = null;
        resolve();
      });
    });
    return this.#drained;
  }

  /** Stops reading (the input is paused unless another reads it too), and says so. */
  async close() {
    this.#input.off("data", this.#ondata);
    this.#input.off("error", this.#onerror);
    if (this.#input.listenerCount("data") === 0) this.#input.pause();
    this.#buffer.clear();
    this.onclose?.();
  }

  /** @param {Buffer} chunk */
  #ondata = (chunk) => {
    try {
      this.#buffer.append(chunk);
    } catch (error) {
      this.onerror?.(/** @type {Error} */ (error));
      this.close().catch(() => {});
      return;
    }
    for (;;) {
      try {
        const message = this.#buffer.readMessage();
        if (message === null) break;
        this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(/** @type {Error} */ (error));
      }
    }
  };

  /** @param {Error} error */
  #onerror = (error) => this.onerror?.(error);
}
