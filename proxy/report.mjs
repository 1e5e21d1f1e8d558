// `toolsearch-mcp --report`: the findability report of the servers' tools
// (`ts.findability`), as text a server author reads, or as JSON.
import { ToolSearch } from "toolsearch";
import { connectMcpServers } from "./host.mjs";

/** @import { Findability } from "toolsearch" */
/** @import { ProxyConfig } from "./config.mjs" */

/**
 * `n` with thousands separated, as the report writes counts.
 * @param {number} n
 */
const count = (n) => n.toLocaleString("en-US");

/**
 * The report of the servers of `config`: they are started (a failed one is
 * not tried again, and `log` says why), their tools read, and they are ended.
 * @param {Readonly<ProxyConfig>} config
 * @param {{ json: boolean, log: (line: string) => void }} options `json`: the findings as JSON
 * @returns {Promise<string>}
 */
export async function report(config, { json, log }) {
  const host = await connectMcpServers(config.servers, { cache: config.cache, startTimeoutMs: config.startTimeoutMs, retryDelayMs: 0, onWarning: log });
  try {
    for (const failure of host.failures) log(`server '${failure.server}' is unavailable: ${failure.reason}`);
    const reader = new ToolSearch({ config: config.toolSearch });
    const findings = reader.findability(host.session);
    const read = Object.keys(config.servers).length - host.failures.length;
    return json ? `${JSON.stringify(findings, null, 2)}\n` : reportText(findings, read, reader.config.ranking);
  } finally {
    await host.close();
  }
}

/**
 * The report as text: the counts, then every finding with its reason and
 * fix. `servers` is the number of servers whose tools were read.
 * @param {Findability} report
 * @param {number} servers
 * @param {string} ranking
 */
export function reportText(report, servers, ranking) {
  const share = report.tools === 0 ? 100 : Math.round((100 * report.found) / report.tools);
  const lines = [
    `${count(report.tools)} deferred tools of ${count(servers)} servers, searched with the ${ranking} ranking.`,
    `Found in the first 5 by their own words (name, and description's first sentence): ${count(report.found)} (${share}%).`,
    "",
    `Not found in the first 5 (${count(report.unfound.length)} queries):`,
  ];
  for (const miss of report.unfound) {
    lines.push(`  ${miss.name} (${miss.source}), by its ${miss.from} "${miss.query}": ${miss.reason}`, `    fix: ${miss.fix}`);
  }
  lines.push("", `Named with the same words on several servers (${count(report.duplicates.length)}):`);
  for (const group of report.duplicates) lines.push(`  "${group.words}": ${group.names.join(", ")}`);
  if (report.duplicates.length > 0) lines.push(`    fix: ${report.duplicates[0].fix.replace(/ named '[^']*'/, " named alike")}`);
  lines.push("", `Empty or one-word descriptions (${count(report.thin.length)}):`);
  for (const thin of report.thin) lines.push(`  ${thin.name}: "${thin.description}"`);
  if (report.thin.length > 0) lines.push(`    fix: ${report.thin[0].fix}`);
  lines.push("", `Tools with search-only keywords: ${count(report.keywords)}.`);
  return `${lines.join("\n")}\n`;
}
