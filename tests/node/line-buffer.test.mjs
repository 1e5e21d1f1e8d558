// The MCP connections' read buffer (proxy/line-buffer.mjs): messages split
// across chunks or sharing one, CRLF line ends, empty lines and lines that
// are no message, and the size limit, as the SDK's own buffer behaves; and
// that the host's connections read through it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ReadBuffer } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { connectMcpServers } from "toolsearch-mcp";
import { LineBuffer } from "../../proxy/line-buffer.mjs";
import { root } from "./support.mjs";

const message = (id) => ({ jsonrpc: "2.0", id, result: { text: `answer ${id} ${"é".repeat(id)}` } });
const stream = Buffer.from(
  [1, 2, 3, 4, 5].map((id) => JSON.stringify(message(id))).join("\n") + "\r\n" + JSON.stringify(message(6)) + "\n",
);

/**
 * Everything `buffer` reads from `chunks`, appended one at a time: each
 * message, or the name of what it threw.
 */
function readAll(buffer, chunks) {
  const read = [];
  for (const chunk of chunks) {
    try {
      buffer.append(chunk);
    } catch (error) {
      read.push(`append: ${error.message}`);
      continue;
    }
    for (;;) {
      try {
        const m = buffer.readMessage();
        if (m === null) break;
        read.push(m);
      } catch (error) {
        read.push(`read: ${error.name}`);
      }
    }
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

test("empty lines, lines that are no message and the exact size limit fare as in the SDK's buffer", () => {
  const one = JSON.stringify(message(1));
  const text = Buffer.from(`\n${one}\r\n\r\nnot json\n${one}\n`);
  for (const size of [1, 4, text.length]) {
    assert.deepEqual(readAll(new LineBuffer(1 << 20), cut(text, size)), readAll(new ReadBuffer(), cut(text, size)));
  }
  // A message and its newline fill the limit exactly, or overflow it by one byte.
  const line = Buffer.from(`${one}\n`);
  for (const limit of [line.length, line.length - 1]) {
    const ours = readAll(new LineBuffer(limit), [line]);
    assert.deepEqual(ours, readAll(new ReadBuffer({ maxBufferSize: limit }), [line]));
    assert.equal(typeof ours[0], limit === line.length ? "object" : "string");
  }
  // No limit given: the SDK's default.
  assert.deepEqual(readAll(new LineBuffer(), [Buffer.alloc(10 * 1024 * 1024 + 1)]), readAll(new ReadBuffer(), [Buffer.alloc(10 * 1024 * 1024 + 1)]));
});

test("messages appended without being read in between come out in order", () => {
  const buffer = new LineBuffer(1 << 20);
  // The last part is a message still arriving: what is whole reads all the same.
  for (const part of [...cut(stream, 5), Buffer.from('{"jsonrpc"')]) buffer.append(part);
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

test("the host's connections read through it", async () => {
  const append = LineBuffer.prototype.append;
  let appended = 0;
  LineBuffer.prototype.append = function (chunk) {
    appended += 1;
    return append.call(this, chunk);
  };
  const spec = { name: "plain", command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")] };
  const host = await connectMcpServers([spec]);
  try {
    assert.match(await host.callTool("mcp__plain__pid", {}), /^\d+$/);
    assert.ok(appended > 0, "the SDK's own buffer read the server");
  } finally {
    LineBuffer.prototype.append = append;
    await host.close();
  }
});
