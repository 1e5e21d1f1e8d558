// The semantic leg of the enhanced ranking through `host.embed`, with a small
// deterministic embedder: vectors are counts of word "topics", so what is
// near what is known in advance.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolSearch } from "toolsearch";
import { tool } from "./support.mjs";

const TOPICS = [
  ["vehicle", "car", "tow", "truck", "garage"],
  ["mail", "email", "inbox", "letter"],
  ["file", "folder", "disk", "drive"],
];

/** One dimension per topic, plus one for everything else. */
function embedText(text) {
  const v = new Float32Array(TOPICS.length + 1);
  for (const word of text.toLowerCase().split(/[^a-z]+/).filter(Boolean)) {
    const topic = TOPICS.findIndex((words) => words.includes(word));
    v[topic < 0 ? TOPICS.length : topic] += topic < 0 ? 0.1 : 1;
  }
  return v;
}

function recordingHost(embed = embedText) {
  const calls = [];
  return {
    calls,
    host: {
      embed: (texts, kind) => {
        calls.push({ kind, texts: [...texts] });
        return texts.map(embed);
      },
    },
  };
}

const tools = [
  tool("garage_call_truck", "Call a truck to a stranded car.", ["location"]),
  tool("mail_send_email", "Send an email message.", ["to", "body"]),
  tool("drive_delete_file", "Delete a file from the drive.", ["path"]),
];
const session = {
  tools,
  toolsets: Object.fromEntries(tools.map((t) => [t.function.name, `mcp-${t.function.name.split("_")[0]}`])),
};

async function group(ts, query, s = session) {
  return JSON.parse(await ts.toolSearch({ queries: [query] }, s)).results[0];
}

async function matches(ts, query, s = session) {
  return (await group(ts, query, s)).matches;
}

test("tool vectors are asked once per tool content, query vectors once per call", async () => {
  const { calls, host } = recordingHost();
  const ts = new ToolSearch({ config: { ranking: "enhanced" }, host });
  await ts.toolSearch({ queries: ["send email", "delete file"] }, session);
  assert.deepEqual(calls.map((c) => [c.kind, c.texts.length]), [["document", 3], ["query", 2]]);
  assert.deepEqual(calls[1].texts, ["send email", "delete file"]);
  await ts.toolSearch({ queries: ["send email"] }, session);
  assert.deepEqual(calls.slice(2).map((c) => c.kind), ["query"]);
  // A changed description is embedded again, alone.
  const changed = structuredClone(tools);
  changed[1].function.description = "Send an email message to recipients.";
  await ts.toolSearch({ queries: ["send email"] }, { ...session, tools: changed });
  assert.deepEqual(calls.slice(3).map((c) => [c.kind, c.texts.length]), [["document", 1], ["query", 1]]);
  assert.match(calls[3].texts[0], /mail send email: Send an email message to recipients\./);
});

test("the fused ranking finds what the words alone miss, and the rescue labels it high", async () => {
  const query = "my vehicle needs a tow";
  const lexical = new ToolSearch({ config: { ranking: "enhanced" } });
  assert.deepEqual(await matches(lexical, query), []);
  const fusedOnly = new ToolSearch({ config: { ranking: "enhanced" }, host: recordingHost().host });
  const fused = await group(fusedOnly, query);
  assert.equal(fused.matches[0], "garage_call_truck");
  assert.equal(fused.confidence, "low", "no rescue threshold: the lexical label stands");
  const rescued = new ToolSearch({
    config: { ranking: "enhanced" },
    host: recordingHost().host,
    semantic: { weight: 0.5, rescue: 0.6 },
  });
  const sure = await group(rescued, query);
  assert.equal(sure.matches[0], "garage_call_truck");
  assert.equal(sure.confidence, "high");
  // Lexical answers keep their lexical leader when the cosine agrees.
  assert.equal((await matches(rescued, "delete file"))[0], "drive_delete_file");
});

test("a failing or ill-shaped embedder leaves the lexical ranking alone", async () => {
  const lexical = new ToolSearch({ config: { ranking: "enhanced" } });
  const want = await lexical.toolSearch({ queries: ["send email", "delete file"] }, session);
  const embedders = [
    () => { throw new Error("model not loaded"); },
    async () => Promise.reject(new TypeError("offline")),
    () => "not a list",
    (texts) => texts.slice(1).map(embedText),
    (texts) => texts.map((t, i) => (i === 0 ? new Float32Array(2) : embedText(t))),
    (texts) => texts.map(() => [Number.NaN, 1, 2, 3]),
    (texts) => texts.map(() => new Float32Array(4)),
  ];
  for (const embed of embedders) {
    const ts = new ToolSearch({
      config: { ranking: "enhanced" },
      host: { embed: (texts) => embed(texts) },
      semantic: { weight: 0.9, rescue: 0 },
    });
    assert.equal(await ts.toolSearch({ queries: ["send email", "delete file"] }, session), want, String(embed));
  }
});

test("the reference ranking never asks for vectors", async () => {
  const { calls, host } = recordingHost();
  const ts = new ToolSearch({ config: { ranking: "reference" }, host });
  await ts.toolSearch({ queries: ["send email"] }, session);
  assert.equal(calls.length, 0);
});
