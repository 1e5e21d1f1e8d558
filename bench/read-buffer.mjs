// Reading MCP messages from a stdio stream: the MCP SDK's ReadBuffer against
// the package's LineBuffer (proxy/line-buffer.mjs), side by side in one run.
// One message of each size, arriving in 64 KiB chunks as a pipe delivers it;
// 100,000 small messages in the same chunks; a message still arriving a byte
// at a time (5,000 chunks) after its first 1 MiB; and 100,000 small messages
// in one chunk. The median of 5 rounds after one to warm up, the
// buffer that goes first alternating.
// Run: node bench/read-buffer.mjs
import { ReadBuffer } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { LineBuffer } from "../proxy/line-buffer.mjs";

const CHUNK = 64 * 1024;
const ROUNDS = 5;
const LIMIT = 256 * 1024 * 1024;

const line = (id, text) => `${JSON.stringify({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }] } })}\n`;
const chunks = (text) => {
  const bytes = Buffer.from(text);
  return Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => bytes.subarray(i * CHUNK, (i + 1) * CHUNK));
};

/** Milliseconds to read every message of `parts` with a new `make()` buffer. */
function time(make, parts) {
  const buffer = make();
  const start = performance.now();
  let read = 0;
  for (const part of parts) {
    buffer.append(part);
    while (buffer.readMessage() !== null) read++;
  }
  const elapsed = performance.now() - start;
  if (read === 0) throw new Error("nothing read");
  return elapsed;
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const buffers = [
  ["SDK ReadBuffer", () => new ReadBuffer({ maxBufferSize: LIMIT })],
  ["LineBuffer", () => new LineBuffer(LIMIT)],
];
const small = Array.from({ length: 100_000 }, (_, i) => line(i, "x".repeat(100))).join("");
const MIB = 1024 * 1024;
const trickle = line(1, "x".repeat(2 * MIB));
const cases = [
  ...[1, 5, 10, 20, 40].map((mib) => [`one ${mib} MiB message`, chunks(line(1, "x".repeat(mib * MIB)))]),
  ["100,000 messages of 160 bytes", chunks(small)],
  [
    "1 MiB at once, then 5,000 single bytes",
    [Buffer.from(trickle.slice(0, MIB)), ...Array.from({ length: 5_000 }, (_, i) => Buffer.from(trickle[MIB + i])), Buffer.from(trickle.slice(MIB + 5_000))],
  ],
  ["100,000 messages of 160 bytes in one chunk", [Buffer.from(small)]],
];

console.log(`| input | ${buffers.map(([name]) => name).join(" | ")} |`);
console.log(`| --- | ${buffers.map(() => "---:").join(" | ")} |`);
for (const [label, parts] of cases) {
  const samples = buffers.map(() => []);
  for (let round = 0; round <= ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const elapsed = time(buffers[i][1], parts);
      if (round > 0) samples[i].push(elapsed);
    }
  }
  console.log(`| ${label} | ${samples.map((s) => `${median(s).toFixed(1)} ms`).join(" | ")} |`);
}
