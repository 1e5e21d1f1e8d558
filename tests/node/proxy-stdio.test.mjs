// The proxy's side of its client's stdio (proxy/stdio.mjs), on the SDK's
// public Transport interface: messages however the input is cut, a line
// that is no message, a message over the limit (an error, and the end of
// the transport, as in the SDK's own), and writes that wait on a full pipe
// with one listener.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PassThrough, Writable } from "node:stream";
import { StdioTransport } from "../../proxy/stdio.mjs";

const message = (id) => ({ jsonrpc: "2.0", id, method: "ping" });

test("messages come out whole however the input is cut; a line that is no message is an error, and reading goes on", async () => {
  const input = new PassThrough();
  const transport = new StdioTransport(input, new PassThrough(), 1 << 20);
  const read = [];
  const errors = [];
  transport.onmessage = (m) => read.push(m);
  transport.onerror = (error) => errors.push(error.name);
  await transport.start();
  const bytes = Buffer.from(`${JSON.stringify(message(1))}\nnot json\n${JSON.stringify(message(2))}\r\n`);
  for (let i = 0; i < bytes.length; i += 7) input.write(bytes.subarray(i, i + 7));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(read, [message(1), message(2)]);
  assert.deepEqual(errors, ["SyntaxError"]);
  await assert.rejects(transport.start(), /started already/);
});

test("a message over the limit is an error and closes the transport", async () => {
  const input = new PassThrough();
  const transport = new StdioTransport(input, new PassThrough(), 64);
  const said = [];
  transport.onerror = (error) => said.push(error.message);
  transport.onclose = () => said.push("closed");
  await transport.start();
  input.write(Buffer.alloc(65, "a"));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(said, ["ReadBuffer exceeded maximum size of 64 bytes", "closed"]);
  assert.equal(input.listenerCount("data"), 0);
});

test("writes to a full pipe wait for it to drain, all on one listener", async () => {
  const written = [];
  /** @type {(() => void) | null} */
  let release = null;
  const output = new Writable({
    highWaterMark: 1,
    write(chunk, _encoding, done) {
      written.push(JSON.parse(chunk.toString()).id);
      release = done;
    },
  });
  const transport = new StdioTransport(new PassThrough(), output, 1 << 20);
  const sent = Array.from({ length: 50 }, (_, i) => transport.send(message(i)));
  assert.equal(output.listenerCount("drain"), 1);
  let settled = false;
  Promise.all(sent).then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(settled, false, "the sends wait while the pipe is full");
  while (written.length < 50) {
    release?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  release?.();
  await Promise.all(sent);
  assert.deepEqual(written, Array.from({ length: 50 }, (_, i) => i));
});
