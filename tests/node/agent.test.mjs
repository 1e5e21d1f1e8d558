// examples/agent.mjs against the real MCP servers: the file written through
// tool_call exists with the right content.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./support.mjs";

test("the scripted agent writes and reads a file through tool_call", { timeout: 120_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), "toolsearch-agent-"));
  const out = execFileSync(process.execPath, [join(root, "examples", "agent.mjs")], {
    env: { ...process.env, TOOLSEARCH_AGENT_DIR: folder },
    encoding: "utf8",
    timeout: 100_000,
  });
  assert.equal(readFileSync(join(folder, "hello.txt"), "utf8"), "Hello from a deferred tool.\n");
  assert.match(out, /── tool_search/);
  assert.match(out, /── tool_describe/);
  assert.match(out, /missing required argument\(s\): content/);
  assert.match(out, /Successfully wrote/);
  assert.match(out, /matches\.$/m);
});
