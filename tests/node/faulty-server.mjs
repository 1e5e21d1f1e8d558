// An MCP server over stdio with faults on demand, for mcp-host.test.mjs,
// mcp-proxy.test.mjs and hostile-proxy-text.test.mjs: `crash` ends the process before it answers, `pid`
// tells which process answers, `env` names its environment's variables, `sleep` answers after `ms`, `picture`
// answers with an image block, `babble` reports progress until it is
// cancelled and never answers, `flood` writes progress as fast as the pipe
// takes it, cancelled or not, and never answers, `burst` sends `count`
// notifications at once, then answers. With FAULT=mute it reads its input and never
// answers, not even `initialize`; FAULT=stubborn does the same and ignores
// SIGTERM and the end of its input; with FAULT_FILE, it exits at once while that
// file says `down`. `leak` fails with an error that repeats everything the
// server was given (its environment's values and its args), and so do, in
// JSON-RPC errors, FAULT=refuse (to every request, `initialize` too) and
// FAULT=refuse-calls (to tools/call; its one tool is `refused`), which also
// write it to stderr; FAULT_PAD adds that many characters of `a.a.a...` to
// their errors. With STDERR_FLOOD, it writes to stderr for ever, without
// blocking its answers, and `stderr_written` tells how many bytes went.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { readFileSync, write, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { z } from "zod";

/** Everything the server was given, as its errors repeat it. */
const echo = () => `given ${JSON.stringify({ env: Object.values(process.env), args: process.argv.slice(2) })}${"a.".repeat(Number(process.env.FAULT_PAD ?? 0) / 2)}`;

/** Answers JSON-RPC requests over stdio itself: every request refused, or with `calls`, only tools/call. */
function refuse(calls) {
  process.stderr.write(`${echo()}\n`);
  const answer = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  createInterface({ input: process.stdin }).on("line", (line) => {
    const { id, method } = JSON.parse(line);
    if (id === undefined) return;
    if (calls && method === "initialize") answer({ id, result: { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "refusing", version: "1.0.0" } } });
    else if (calls && method === "tools/list") answer({ id, result: { tools: [{ name: "refused", inputSchema: { type: "object" } }] } });
    else answer({ id, error: { code: -32603, message: echo() } });
  });
}

/** Bytes written to stderr so far (STDERR_FLOOD). */
let stderrWritten = 0;
if (process.env.STDERR_FLOOD) {
  // Through the thread pool, so that a full pipe holds a write, not the
  // answers; a pipe that does not block (EAGAIN) is tried again soon.
  const line = Buffer.from(`${"noise ".repeat(1000)}\n`);
  const again = () =>
    write(2, line, (error, written) => {
      if (error && error.code !== "EAGAIN") return;
      stderrWritten += written ?? 0;
      if (error) setTimeout(again, 1);
      else again();
    });
  again();
}

const down = () => {
  try {
    return readFileSync(process.env.FAULT_FILE, "utf8").trim() === "down";
  } catch {
    return false;
  }
};

if (process.env.FAULT_FILE && down()) {
  process.exit(1);
} else if (process.env.FAULT === "mute") {
  process.stdin.resume();
} else if (process.env.FAULT === "refuse" || process.env.FAULT === "refuse-calls") {
  refuse(process.env.FAULT === "refuse-calls");
} else if (process.env.FAULT === "stubborn") {
  // Never answers, and stays: SIGTERM and the end of its input are ignored.
  process.on("SIGTERM", () => {});
  process.stdin.resume();
  process.stdin.on("end", () => {});
  setInterval(() => {}, 1_000);
} else {
  const server = new McpServer({ name: "faulty", version: "1.0.0" });
  const text = (value) => ({ content: [{ type: "text", text: String(value) }] });
  server.registerTool("crash", { description: "End this server's process at once." }, async () => process.exit(1));
  server.registerTool("pid", { description: "The process id of this server." }, async () => text(process.pid));
  server.registerTool("env", { description: "The names of this server's environment variables." }, async () => text(JSON.stringify(Object.keys(process.env))));
  server.registerTool("sleep", { description: "Wait some milliseconds, then answer.", inputSchema: { ms: z.number() } }, async ({ ms }) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return text(`slept ${ms}`);
  });
  const babble = { description: "Report progress until cancelled (then write `cancelled` to the file `mark`, if given); never answer.", inputSchema: { mark: z.string().optional() } };
  server.registerTool("babble", babble, async ({ mark }, extra) => {
    const progressToken = extra._meta?.progressToken;
    for (let progress = 1; !extra.signal.aborted; progress++) {
      if (progressToken !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress } });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (mark) writeFileSync(mark, "cancelled");
    return text("cancelled");
  });
  // Past the SDK, straight to the pipe: as fast as it drains, for ever.
  server.registerTool("flood", { description: "Report progress as fast as possible, for ever; never answer." }, async (extra) => {
    const progressToken = extra._meta?.progressToken ?? "none";
    for (let progress = 1; ; progress++) {
      const line = `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken, progress } })}\n`;
      if (!process.stdout.write(line)) await new Promise((resolve) => process.stdout.once("drain", resolve));
    }
  });
  const burst = { description: "Send `count` notifications at once, then answer.", inputSchema: { count: z.number() } };
  server.registerTool("burst", burst, async ({ count }, extra) => {
    const progressToken = extra._meta?.progressToken ?? "none";
    for (let i = 1; i <= count; i++) await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: i } });
    return text(`sent ${count}`);
  });
  // A 1×1 PNG.
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  // A result whose text reads like an error, which the server does not flag.
  server.registerTool("lookup", { description: "Look a key up." }, async () => text('{"error":"no such key"}'));
  server.registerTool("leak", { description: "Fail, repeating everything this server was given." }, async () => {
    throw new Error(echo());
  });
  server.registerTool("stderr_written", { description: "The bytes written to stderr so far." }, async () => text(stderrWritten));
  server.registerTool("picture", { description: "Draw a picture." }, async () => ({ content: [{ type: "image", data: png, mimeType: "image/png" }] }));
  await server.connect(new StdioServerTransport());
}
