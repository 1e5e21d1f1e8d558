// The two private fields of the MCP SDK's stdio client transport that the
// host reaches (proxy/sdk-private.mjs): its read buffer and its process.
// Should an SDK release rename either, this test fails, loudly: the host
// would quietly fall back to the SDK's quadratic buffer, or leave server
// processes to the SDK's own closing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LineBuffer } from "../../proxy/line-buffer.mjs";
import { readThrough, spawnedProcess } from "../../proxy/sdk-private.mjs";
import { root } from "./support.mjs";

test("the SDK's stdio client transport reads through the buffer it is given, and gives its spawned process", async () => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(root, "tests", "node", "faulty-server.mjs")], stderr: "ignore" });
  const buffer = new LineBuffer(1 << 20);
  let appended = 0;
  const append = buffer.append.bind(buffer);
  buffer.append = (chunk) => {
    appended += 1;
    append(chunk);
  };
  assert.equal(readThrough(transport, buffer), true, "the SDK has no `_readBuffer`: proxy/sdk-private.mjs needs another way");
  assert.equal(spawnedProcess(transport), null, "not started");
  const client = new Client({ name: "sdk-private", version: "1.0.0" });
  await client.connect(transport);
  try {
    const child = spawnedProcess(transport);
    assert.ok(child instanceof ChildProcess, "the SDK has no `_process`: proxy/sdk-private.mjs needs another way");
    assert.equal(child.pid, transport.pid);
    assert.match((await client.callTool({ name: "pid", arguments: {} })).content[0].text, new RegExp(`^${child.pid}$`));
    assert.ok(appended > 0, "the server's messages were read through the buffer given");
  } finally {
    await client.close();
  }
});

test("on a transport without the fields, nothing is set and no process is found", () => {
  const other = { start: async () => {} };
  assert.equal(readThrough(other, new LineBuffer(10)), false);
  assert.equal("_readBuffer" in other, false);
  assert.equal(spawnedProcess({ _process: { pid: 1 } }), null);
});
