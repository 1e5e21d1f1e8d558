// Looping agents against the bridges, with the search guard and the session
// scope of tool_call (the enhanced ranking's defaults) and without them.
// Each scripted agent replays one task of the real catalog and stops when an
// answer refuses it or when it reaches its tool (the tool ran); it never
// reads a hint, as the looping models in users' reports did not, except the
// describer, which follows a `described_earlier` answer to its tool. Calls
// are counted up to CALLS_MAX, which stands for "never stops". The last
// column replays each agent behind the proxy, whose client names no turn:
// the proxy's inferred turns (proxy/turns.mjs) name them.
//
//   node bench/loops.mjs [--events FILE]
//
// With --events, the events of the runs behind the proxy (host.onEvent) are
// written to FILE, one JSON line each, as the proxy's log holds them:
// `toolsearch-mcp --log-report FILE` sums them up.
import { writeFileSync } from "node:fs";
import { ToolSearch } from "toolsearch";
import { Turns } from "../proxy/turns.mjs";
import { loadCatalog, sessionOf, sharedDir } from "./common.mjs";

/** The most calls an agent is given: reaching it means it never stopped. */
const CALLS_MAX = 200;

const session = sessionOf(loadCatalog(sharedDir()));
/** A visible tool of the session: the agent that routes it through tool_call. */
const VISIBLE = "mcp_slack_slack_post_message";

/** Each agent: a name, what it does at call `i`, and its task's tool. */
const agents = [
  {
    agent: "exact repeater",
    what: "the same tool_search every time",
    step: () => ["tool_search", { queries: ["send an email to my manager"] }],
  },
  {
    agent: "rephraser",
    what: "tool_search in synonyms, another word order, other languages",
    step: (i) => ["tool_search", { queries: [[
      "send an email to my manager", "email my manager", "mail a message to my boss",
      "compose and send a mail", "eine E-Mail an meinen Chef senden", "envoyer un courriel à mon responsable",
      "enviar un correo a mi jefe", "上司にメールを送る",
    ][i % 8]] }],
  },
  {
    agent: "describer",
    what: "tool_describe of the same name until told to call it",
    step: (i, last) =>
      last?.described_earlier ? ["tool_call", { calls: [{ name: "mcp_gmail_send_email", arguments: { to: ["a@b.c"], subject: "Hi", body: "Hello" } }] }] : ["tool_describe", { names: ["mcp_gmail_send_email"] }],
  },
  {
    agent: "visible through tool_call",
    what: `tool_call of a visible tool (${VISIBLE}) until it runs`,
    step: () => ["tool_call", { calls: [{ name: VISIBLE, arguments: { channel_id: "C1", text: "hi" } }] }],
  },
];

/**
 * Calls until the agent stops (a refusal) or reaches its tool, up to
 * CALLS_MAX; how it ended; and how many answers were short (every group
 * `repeated`, or the schema `described_earlier`).
 */
async function replay(agent, guarded, proxied = false) {
  const config = guarded ? {} : { max_searches_per_turn: false, tool_call_scope: "deferred" };
  const onEvent = proxied ? (event) => events.push(event) : undefined;
  const ts = new ToolSearch({ config, coreTools: [VISIBLE], host: { executeTool: () => "done", onEvent } });
  // Behind the proxy the client names no turn: the proxy's own notion of
  // one names it, on a clock where the model answers in 3 s.
  let now = 0;
  const turns = new Turns(() => now);
  let last;
  let short = 0;
  for (let i = 1; i <= CALLS_MAX; i++, now += 3_000) {
    const [name, args] = agent.step(i - 1, last);
    const ctx = { turn: proxied ? `${agent.agent}, ${turns.of(name)}` : `${agent.agent}-${guarded}` };
    const answer = await ts.answer(name, args, session, ctx);
    if (answer.kind === "tool") return [i, "reached its tool", short];
    if (answer.kind === "error" && answer.class === "search_limit") return [i, "stopped: refused past the cap", short];
    last = answer.kind === "bridge" ? JSON.parse(answer.text) : undefined;
    if (last?.described_earlier || (last?.results && last.results.every((group) => group.repeated))) short += 1;
  }
  return [CALLS_MAX, "never stopped", short];
}

/** The events of the runs behind the proxy. */
const events = [];
const calls = (count, how) => (how === "never stopped" ? `${count}+ (never stopped)` : `${count} (${how})`);
console.log("| agent | what it does | calls with the guard | of them answered short | calls without | with the guard | behind the proxy (turns it infers) |");
console.log("| --- | --- | ---: | ---: | ---: | --- | ---: |");
for (const agent of agents) {
  const [on, how, short] = await replay(agent, true);
  const [off, unguarded] = await replay(agent, false);
  const [proxied, proxiedHow] = await replay(agent, true, true);
  console.log(`| ${agent.agent} | ${agent.what} | ${on} | ${short} | ${calls(off, unguarded)} | ${how} | ${calls(proxied, proxiedHow)} |`);
}
const at = process.argv.indexOf("--events");
if (at > 0) writeFileSync(process.argv[at + 1], events.map((event) => `${JSON.stringify(event)}\n`).join(""));
