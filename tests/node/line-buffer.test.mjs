// The MCP connections' read buffer (pkg/mcp/line-buffer.mjs): messages split
// across chunks or sharing one, CRLF line ends, a line that is no message,
// and the size limit, as the SDK's own buffer behaves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ReadBuffer } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { LineBuffer } from "../../pkg/mcp/line-buffer.mjs";

const message = (id) => ({ jsonrpc: "2.0", id, result: { text: `answer ${id} ${"é".repeat(id)}` } });
const stream = Buffer.from(
  [1, 2, 3, 4, 5].map((id) => JSON.stringify(message(id))).join("\n") + "\r\n" + JSON.stringify(message(6)) + "\n",
);

/** Every message `buffer` reads from `chunks`, appended one at a time. */
function readAll(buffer, chunks) {
  const read = [];
  for (const chunk of chunks) {
    buffer.append(chunk);
    for (let m = buffer.readMessage(); m !== null; m = buffer.readMessage()) read.push(m);
  }
  return read;
}

/** `bytes` cut every `size` bytes (through multi-byte characters too). */
const cut = (bytes, size) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

test("messages come out whole, however the stream is cut, as the SDK's buffer reads them", () => {
  const expected = [1, 2, 3, 4, 5, 6].map(message);
  for (const size of [1, 2, 3, 7, 64, stream.length]) {
    assert.deepEqual(readAll(new LineBuffer(1 << 20), cut(stream, size)), expected, `chunks of ${size}`);
    assert.deepEqual(readAll(new ReadBuffer(), cut(stream, size)), expected, `the SDK, chunks of ${size}`);
  }
});

test("messages appended without being read in between come out in order", () => {
  const buffer = new LineBuffer(1 << 20);
  for (const part of cut(stream, 5)) buffer.append(part);
  const read = [];
  for (let m = buffer.readMessage(); m !== null; m = buffer.readMessage()) read.push(m);
  assert.deepEqual(read, [1, 2, 3, 4, 5, 6].map(message));
});

test("a line that is no message throws once and the next message still reads", () => {
  const buffer = new LineBuffer(1 << 20);
  buffer.append(Buffer.from(`not json\n${JSON.stringify(message(7))}\n`));
  assert.throws(() => buffer.readMessage(), SyntaxError);
  assert.deepEqual(buffer.readMessage(), message(7));
  assert.equal(buffer.readMessage(), null);
});

test("more than the limit held is refused and forgotten, as by the SDK", () => {
  const buffer = new LineBuffer(10);
  buffer.append(Buffer.from("12345"));
  assert.throws(() => buffer.append(Buffer.from("678901")), /ReadBuffer exceeded maximum size of 10 bytes/);
  buffer.append(Buffer.from(`${JSON.stringify({ jsonrpc: "2.0", id: 1 })}`.slice(0, 9)));
  assert.equal(buffer.readMessage(), null);
  buffer.clear();
  assert.equal(buffer.readMessage(), null);
});
