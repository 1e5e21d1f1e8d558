// Newline-delimited JSON-RPC messages from a stream of chunks, in time linear
// in their size. The MCP SDK's own read buffer copies everything it holds on
// every chunk, which makes one large message quadratic (40 MiB took 7 s).
import { STDIO_DEFAULT_MAX_BUFFER_SIZE, deserializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";

const NEWLINE = 0x0a;

/**
 * The SDK's read buffer (`append`, `readMessage`, `clear`, the same size
 * limit and error), holding chunks apart until a newline ends a message:
 * each chunk is searched for one once, as it arrives, and copied once, when
 * the message it belongs to is complete.
 */
export class LineBuffer {
  /** @type {Buffer[]} */
  #chunks = [];
  #length = 0;
  /** Whether what it holds has a newline: a whole message to read. */
  #whole = false;
  /** @type {number} */
  #maxBytes;

  /**
   * `maxBytes`: the most it may hold, as the SDK's `maxBufferSize` (and its default).
   * @param {number} [maxBytes]
   */
  constructor(maxBytes) {
    this.#maxBytes = maxBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
  }

  /** @param {Buffer} chunk */
  append(chunk) {
    if (this.#length + chunk.length > this.#maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.#maxBytes} bytes`);
    }
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    this.#whole ||= chunk.indexOf(NEWLINE) !== -1;
  }

  /** The next whole message, or null until one has arrived. */
  readMessage() {
    if (!this.#whole) return null;
    const held = this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks, this.#length);
    const end = held.indexOf(NEWLINE);
    const rest = held.subarray(end + 1);
    this.#chunks = rest.length > 0 ? [rest] : [];
    this.#length = rest.length;
    this.#whole = rest.indexOf(NEWLINE) !== -1;
    // A partial message left over is copied once, so that it does not keep
    // the whole of what was joined (up to the size limit) alive.
    if (!this.#whole && rest.length > 0) this.#chunks = [Buffer.from(rest)];
    return deserializeMessage(held.toString("utf8", 0, end).replace(/\r$/, ""));
  }

  clear() {
    this.#chunks = [];
    this.#length = 0;
    this.#whole = false;
  }
}
