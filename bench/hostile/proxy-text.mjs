// What a server's text and volume cost the proxy: its errors,
// quoted cut and cleaned of the values it was given, and an HTTP answer
// over maxMessageBytes, refused unread.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { connectMcpServers } from "../../proxy/host.mjs";
import { Redactor } from "../../proxy/redact.mjs";
import { secretsOf } from "../../proxy/secrets.mjs";
import { letters, median } from "./measure.mjs";

const faulty = fileURLToPath(new URL("../../tests/node/faulty-server.mjs", import.meta.url));
/** A server's entry with 20 secrets of its own. */
const entry = { env: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`KEY_${i}`, `sk-${letters(i * 7919, 12)}-${i}`])) };

export const cases = [
  {
    what: "a server's `initialize` error of `a.a.a...`: the host's start (stdio)",
    sizes: [25_000, 250_000],
    time: (n) =>
      median(3, () => null, async () => {
        const host = await connectMcpServers({ loud: { command: process.execPath, args: [faulty], env: { FAULT: "refuse", FAULT_PAD: String(n) } } }, { retryDelayMs: 0 });
        await host.close();
      }),
  },
  {
    what: "an error of `a.a.a...` quoted as a reason (20 secrets)",
    sizes: [200_000, 2_000_000],
    time: (n) => {
      const text = "a.".repeat(n / 2);
      return median(5, () => new Redactor(secretsOf(entry)), (redactor) => redactor.reason(text));
    },
  },
  {
    what: "URLs of every shape cleaned whole, uncut (20 secrets)",
    sizes: [100_000, 1_000_000],
    time: (n) => {
      const shapes = ["a.", "x://", "u:p@", "/h?", "k=v&", "#t=1", "@", " "];
      const text = Array.from({ length: n / 3 }, (_, i) => shapes[(i * 7) % shapes.length]).join("").slice(0, n);
      return median(3, () => new Redactor(secretsOf(entry)), (redactor) => redactor.reason(text, text.length));
    },
  },
  {
    what: "a tool's error result cleaned of the server's 20 secrets",
    sizes: [1_000_000, 10_000_000],
    time: (n) => {
      const line = `failed with ${entry.env.KEY_3} at step `;
      const text = line.repeat(Math.ceil(n / line.length)).slice(0, n);
      return median(3, () => ({ redactor: new Redactor(secretsOf(entry)), result: { content: [{ type: "text", text }], isError: true } }), ({ redactor, result }) => redactor.scrub(result));
    },
  },
  {
    what: "an HTTP server's answer that many bytes long, over a 64 KiB maxMessageBytes: refused",
    sizes: [8 * 1024 * 1024, 80 * 1024 * 1024],
    time: async (n) => {
      // Every request is answered with `n` bytes, as fast as they are read, until the client goes away.
      const server = createServer((request, response) => {
        request.resume();
        response.writeHead(200, { "content-type": "application/json" });
        const chunk = "a".repeat(64 * 1024);
        let left = n;
        const write = () => {
          while (left > 0 && !response.destroyed) {
            left -= chunk.length;
            if (!response.write(chunk)) return void response.once("drain", write);
          }
          response.end();
        };
        write();
      });
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      const url = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}/mcp`;
      try {
        return await median(3, () => null, async () => {
          const host = await connectMcpServers({ remote: { url } }, { maxMessageBytes: 64 * 1024, retryDelayMs: 0 });
          await host.close();
        });
      } finally {
        server.closeAllConnections();
        server.close();
      }
    },
  },
];
