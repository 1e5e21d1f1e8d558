// The MCP servers of the demo: real servers from npm that work offline.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".bin");

/**
 * Server specs for `connectMcpServers`: filesystem (limited to `workdir`),
 * memory (a knowledge graph stored in `workdir`) and everything (the MCP
 * reference server). `workdir` defaults to a fresh temporary folder.
 */
export function demoServers(workdir = mkdtempSync(join(tmpdir(), "toolsearch-demo-"))) {
  return {
    workdir,
    specs: [
      { name: "filesystem", command: join(bin, "mcp-server-filesystem"), args: [workdir] },
      { name: "memory", command: join(bin, "mcp-server-memory"), env: { MEMORY_FILE_PATH: join(workdir, "memory.jsonl") } },
      { name: "everything", command: join(bin, "mcp-server-everything"), args: ["stdio"] },
    ],
  };
}
