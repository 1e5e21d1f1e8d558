// Shared helpers of the Node tests.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * `../shared` (or $TOOLSEARCH_SHARED) when present, else null: tests that need
 * it skip with a message. Under CI=true a missing directory is an error.
 */
export function sharedDir() {
  const dir = process.env.TOOLSEARCH_SHARED ?? join(root, "..", "shared");
  if (existsSync(join(dir, "catalogs"))) return dir;
  if (process.env.CI === "true") throw new Error(`shared data missing at ${dir} (CI must provide it)`);
  return null;
}

export const SKIP_SHARED = "shared data (../shared) not found; set TOOLSEARCH_SHARED to run this test";

/** The real catalog as a session: every tool registered as `mcp-<x-source>`. */
export function realCatalogSession(dir) {
  const tools = JSON.parse(readFileSync(join(dir, "catalogs", "all-openai.json"), "utf8"));
  const toolsets = Object.fromEntries(tools.map((t) => [t.function.name, `mcp-${t["x-source"]}`]));
  return { tools, toolsets };
}

/** An OpenAI-shaped tool whose listed parameters are all required strings. */
export function tool(name, description, params = []) {
  return {
    type: "function",
    function: {
      name,
      description,
      parameters: {
        type: "object",
        properties: Object.fromEntries(params.map((p) => [p, { type: "string" }])),
        required: params,
      },
    },
  };
}

/** The six tools of spec §6.4, deferred through `config.defer`, under the
 * spec's ranking (the default is the enhanced one). */
export function workedExample() {
  const tools = [
    tool("github_rerun_failed_workflow_run_jobs", "Re-run failed jobs in a workflow run", ["run_id"]),
    tool("github_create_issue", "Open a new issue in a GitHub repository", ["title", "body"]),
    tool("github_list_issues", "List issues in a repository", ["repo"]),
    tool("slack_send_message", "Post a message into a Slack channel", ["channel", "text"]),
    tool("gist_save_snippet", "Save a shell command snippet as a gist", ["content"]),
    tool("codeql_scan", "Scan code for vulnerabilities and execute analysis", ["repo"]),
  ];
  return { tools, config: { ranking: "reference", defer: tools.map((t) => t.function.name) } };
}

/**
 * Resolves once `ready()` is true (checked every 20 ms); rejects with `what`
 * after `limitMs`, so that a test waiting on something that never happens
 * fails instead of hanging. The limit guards, it does not measure.
 */
export async function eventually(ready, what, limitMs = 20_000) {
  const end = Date.now() + limitMs;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`still waiting, after ${limitMs} ms, for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Mulberry32: a small seeded generator of numbers in [0, 1), the same on every run. */
export function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The code blocks of the Markdown file `path` that follow a `<!-- marker` comment. */
export function readmeBlocksAfter(path, marker) {
  const text = readFileSync(path, "utf8");
  return [...text.matchAll(new RegExp(`<!-- ${marker}[^\\n]*\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]);
}
