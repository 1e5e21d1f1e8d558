// An MCP server over stdio with faults on demand, for mcp-host.test.mjs and
// mcp-proxy.test.mjs: `crash` ends the process before it answers, `pid`
// tells which process answers, `env` names its environment's variables, `sleep` answers after `ms`, `picture`
// answers with an image block, `babble` reports progress until it is
// cancelled and never answers, `flood` writes progress as fast as the pipe
// takes it, cancelled or not, and never answers, `burst` sends `count`
// notifications at once, then answers. With FAULT=mute it reads its input and never
// answers, not even `initialize`; FAULT=stubborn does the same and ignores
// SIGTERM and the end of its input; with FAULT_FILE, it exits at once while that
// file says `down`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";

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
  server.registerTool("picture", { description: "Draw a picture." }, async () => ({ content: [{ type: "image", data: png, mimeType: "image/png" }] }));
  await server.connect(new StdioServerTransport());
}
