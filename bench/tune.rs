//! Native retrieval harness for tuning: the scoring of `bench/retrieval.mjs`
//! on every set, without building the package.
//!
//! `cargo bench --bench tune -- [options]`
//! - `--sets a,b` (default `development`): set names (`dev`, `written`,
//!   `long`, `needs`, `seal-tools`, `metatool`, `hammerbench-zh`,
//!   `functionchat-ko`, `val`, `held-out`, `needs-held-out`, `BFCL`), or
//!   `development` (the first eight), `held-out` sets by name, or `all`.
//! - `--ranking enhanced|reference|bm25|all` (default `enhanced,bm25`; a
//!   comma list is accepted): `bm25` is the baseline of the public sets'
//!   READMEs (k1 1.2, b 0.75 over name, description, parameter names and
//!   descriptions; ASCII runs less a short stop list; Han, kana and Hangul
//!   runs as character bigrams; no stemming).
//! - `--config JSON`: extra `tools.tool_search` keys for the enhanced runs.
//! - `--styles`: a row per style (or kind) of each set, not only the set's.
//! - `--misses SET`: list the cases of a development set that the enhanced
//!   ranking misses (held-out sets refuse: they are measured, never read).
//! - `--speed`: time the ranking of a 3-query keyword turn and of a natural
//!   and multilingual one natively (with `--config`); `--tools N` repeats
//!   the MCP catalog up to N tools, copies renamed `<name>_c<k>` as
//!   `bench/common.mjs` does.
//! - `--explain QUERY` (with `--set SET`, default `dev`): print the enhanced
//!   explanation of one query against that set's catalog.
//! - `--signals FILE`: write the label's signals of every case as JSON lines,
//!   for `bench/calibrate.mjs`.
//! - `--dump FILE`: write every answer of the enhanced and reference rankings
//!   (label, tools, exact scores) as JSON lines, to compare two builds byte
//!   for byte after a change meant to keep every result.
//! - `--embeddings FILE` with `--semantic '{"weight": w, "rescue": r}'`:
//!   fuse the fixture's vectors (`bench/embed.py`) into the enhanced ranking.
//!
//! `../shared` (or `$TOOLSEARCH_SHARED`) holds the data.

// A tool for developers: a missing file or bad flag ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use toolsearch::FastMap;
use toolsearch::{Engine, Options};

const LIMIT: usize = 10;

struct Case {
    id: String,
    /// The row it is reported under within its set.
    style: String,
    query: String,
    gold: Vec<String>,
    /// BFCL's name-level gold (any pooled variant of the function).
    gold_loose: Vec<String>,
    /// Per need, the tools that serve it (the several-needs sets).
    needs: Vec<Vec<String>>,
}

/// One query set over its catalog.
struct Set {
    name: &'static str,
    held_out: bool,
    /// The catalog's tools (OpenAI shape).
    tools: Vec<Value>,
    /// `{name: toolset}`.
    toolsets: serde_json::Map<String, Value>,
    cases: Vec<Case>,
}

fn shared() -> PathBuf {
    std::env::var_os("TOOLSEARCH_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"))
}

fn read_json(path: PathBuf) -> Value {
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (set TOOLSEARCH_SHARED)", path.display()));
    serde_json::from_str(&text).expect("valid JSON")
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|g| {
            g.iter()
                .filter_map(|n| n.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The row of a case: its style for our sets, its kind for public ones.
fn style_of(c: &Value, gold: &[String]) -> String {
    if let Some(style) = c["style"].as_str() {
        return match style {
            "multilingual" if gold.is_empty() => "multilingual impossible".to_owned(),
            style => style.to_owned(),
        };
    }
    if let Some(kind) = c["kind"].as_str() {
        return kind.to_owned();
    }
    if c["gold_loose"].is_array() {
        return "exact".to_owned();
    }
    if gold.len() > 1 { "multi" } else { "single" }.to_owned()
}

fn read_cases(path: PathBuf) -> Vec<Case> {
    read_json(path)["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| {
            let gold = strings(&c["gold"]);
            Case {
                id: c["id"].as_str().unwrap_or("").to_owned(),
                style: style_of(c, &gold),
                query: c["query"].as_str().unwrap_or("").to_owned(),
                gold_loose: strings(&c["gold_loose"]),
                needs: c["needs"]
                    .as_array()
                    .map(|n| n.iter().map(strings).collect())
                    .unwrap_or_default(),
                gold,
            }
        })
        .collect()
}

/// The MCP catalog, each tool in toolset `mcp-<x-source>`.
fn mcp_catalog(count: Option<usize>) -> (Vec<Value>, serde_json::Map<String, Value>) {
    let mut tools = read_json(shared().join("catalogs/all-openai.json"))
        .as_array()
        .expect("catalog")
        .clone();
    if let Some(count) = count {
        tools = scaled(&tools, count);
    }
    let toolsets = tools
        .iter()
        .map(|t| {
            (
                t["function"]["name"].as_str().unwrap_or("").to_owned(),
                json!(format!("mcp-{}", t["x-source"].as_str().unwrap_or(""))),
            )
        })
        .collect();
    (tools, toolsets)
}

/// A public set of `../shared/bench/public/`: its tools, toolsets and cases.
fn public_set(name: &'static str, dir: &str, held_out: bool) -> Set {
    let dir = shared().join("bench/public").join(dir);
    let tools = read_json(dir.join("tools.json"))
        .as_array()
        .expect("tools")
        .clone();
    let toolsets = match std::fs::metadata(dir.join("toolsets.json")) {
        Ok(_) => read_json(dir.join("toolsets.json"))
            .as_object()
            .expect("toolsets")
            .clone(),
        Err(_) => tools
            .iter()
            .map(|t| {
                let name = t["function"]["name"].as_str().unwrap_or("").to_owned();
                (
                    name,
                    json!(format!(
                        "mcp-{}",
                        dir.file_name().unwrap().to_string_lossy()
                    )),
                )
            })
            .collect(),
    };
    Set {
        name,
        held_out,
        tools,
        toolsets,
        cases: read_cases(dir.join("cases.json")),
    }
}

/// The sets named by `--sets`.
fn load_sets(chosen: &str) -> Vec<Set> {
    const DEVELOPMENT: [&str; 9] = [
        "dev",
        "written",
        "long",
        "needs",
        "cjk",
        "seal-tools",
        "metatool",
        "hammerbench-zh",
        "functionchat-ko",
    ];
    let names: Vec<&str> = chosen
        .split(',')
        .flat_map(|n| match n {
            "development" => DEVELOPMENT.to_vec(),
            "all" => [
                &DEVELOPMENT[..],
                &["val", "held-out", "needs-held-out", "cjk-held-out", "BFCL"],
            ]
            .concat(),
            one => vec![one],
        })
        .collect();
    let ours = |file: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("bench")
            .join(file)
    };
    let mcp = |name, held_out, files: &[PathBuf]| {
        let (tools, toolsets) = mcp_catalog(None);
        Set {
            name,
            held_out,
            tools,
            toolsets,
            cases: files.iter().flat_map(|f| read_cases(f.clone())).collect(),
        }
    };
    let bench = |file: &str| shared().join("bench").join(file);
    names
        .into_iter()
        .map(|name| match name {
            "dev" => mcp(
                "dev",
                false,
                &[
                    bench("queries-dev.json"),
                    bench("queries-dev-multilingual.json"),
                ],
            ),
            "written" => mcp("written", false, &[ours("queries-written.json")]),
            "long" => mcp("long", false, &[ours("queries-long.json")]),
            "needs" => mcp("needs", false, &[ours("queries-needs.json")]),
            "cjk" => mcp("cjk", false, &[ours("queries-cjk.json")]),
            "seal-tools" => public_set("seal-tools", "seal-tools", false),
            "metatool" => public_set("metatool", "metatool", false),
            "hammerbench-zh" => public_set("hammerbench-zh", "hammerbench-zh", false),
            "functionchat-ko" => public_set("functionchat-ko", "functionchat-ko", false),
            "val" => mcp("val", true, &[bench("queries-val.json")]),
            "held-out" => mcp("held-out", true, &[ours("queries-heldout.json")]),
            "needs-held-out" => mcp(
                "needs-held-out",
                true,
                &[ours("queries-needs-heldout.json")],
            ),
            "cjk-held-out" => mcp("cjk-held-out", true, &[ours("queries-cjk-heldout.json")]),
            "BFCL" => public_set("BFCL", "bfcl-live-multiple", true),
            other => panic!("--sets: no set {other}"),
        })
        .collect()
}

/// One case's figures; `None` where a metric does not apply.
#[derive(Default, Clone)]
struct Score {
    answerable: bool,
    hit1: f64,
    hit5: f64,
    recall5: f64,
    /// Every gold tool in the top 5.
    all5: f64,
    /// The share of needs with a tool in the top 5 (several-needs sets).
    needs5: Option<f64>,
    rr: f64,
    empty: f64,
    low: f64,
    /// An impossible case labelled low or answered empty.
    caught: f64,
}

fn score(gold: &[String], needs: &[Vec<String>], ranked: &[String], low: bool) -> Score {
    let empty = f64::from(ranked.is_empty());
    let low = f64::from(low);
    if gold.is_empty() {
        return Score {
            empty,
            low,
            caught: empty.max(low),
            ..Score::default()
        };
    }
    let first = ranked.iter().position(|n| gold.contains(n));
    let top5 = &ranked[..ranked.len().min(5)];
    let found = gold.iter().filter(|g| top5.contains(g)).count();
    Score {
        answerable: true,
        hit1: f64::from(ranked.first().is_some_and(|n| gold.contains(n))),
        hit5: f64::from(first.is_some_and(|i| i < 5)),
        recall5: found as f64 / gold.len() as f64,
        all5: f64::from(found == gold.len()),
        needs5: (!needs.is_empty()).then(|| {
            let met = needs
                .iter()
                .filter(|need| top5.iter().any(|n| need.contains(n)))
                .count();
            met as f64 / needs.len() as f64
        }),
        rr: first.map_or(0.0, |i| 1.0 / (i as f64 + 1.0)),
        empty,
        low,
        caught: 0.0,
    }
}

/// The BM25 baseline of the public sets' READMEs: k1 1.2, b 0.75 over the
/// name's words, the description, and each parameter's name and
/// description; ASCII letter and digit runs, lowercased, less a short stop
/// list; each run of Han, kana or Hangul as overlapping character bigrams
/// (a lone character as itself); no stemming, no gate, no floor.
struct Bm25 {
    docs: Vec<FastMap<String, u32>>,
    lens: Vec<f64>,
    df: FastMap<String, u32>,
    names: Vec<String>,
}

const STOP: [&str; 27] = [
    "a", "an", "the", "of", "to", "in", "for", "on", "and", "or", "is", "are", "be", "with", "by",
    "at", "from", "as", "it", "this", "that", "my", "me", "i", "you", "your", "can",
];

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{9fff}' | '\u{ac00}'..='\u{d7af}' | '\u{f900}'..='\u{faff}')
}

fn baseline_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        if chars[i].is_ascii_alphanumeric() {
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect::<String>().to_lowercase();
            if !STOP.contains(&word.as_str()) {
                out.push(word);
            }
        } else if is_cjk(chars[i]) {
            while i < chars.len() && is_cjk(chars[i]) {
                i += 1;
            }
            let run = &chars[start..i];
            if run.len() == 1 {
                out.push(run[0].to_string());
            }
            out.extend(run.windows(2).map(|w| w.iter().collect::<String>()));
        } else {
            i += 1;
        }
    }
    out
}

impl Bm25 {
    fn new(tools: &[Value]) -> Bm25 {
        let mut bm25 = Bm25 {
            docs: Vec::new(),
            lens: Vec::new(),
            df: FastMap::default(),
            names: Vec::new(),
        };
        for tool in tools {
            let f = &tool["function"];
            let name = f["name"].as_str().unwrap_or("");
            let mut text = name.replace(|c: char| !c.is_alphanumeric(), " ");
            text.push(' ');
            text.push_str(f["description"].as_str().unwrap_or(""));
            for (key, schema) in f["parameters"]["properties"]
                .as_object()
                .into_iter()
                .flatten()
            {
                text.push(' ');
                text.push_str(key);
                text.push(' ');
                text.push_str(schema["description"].as_str().unwrap_or(""));
            }
            let tokens = baseline_tokens(&text);
            let mut tf: FastMap<String, u32> = FastMap::default();
            for t in &tokens {
                *tf.entry(t.clone()).or_default() += 1;
            }
            for t in tf.keys() {
                *bm25.df.entry(t.clone()).or_default() += 1;
            }
            bm25.lens.push(tokens.len() as f64);
            bm25.docs.push(tf);
            bm25.names.push(name.to_owned());
        }
        bm25
    }

    fn search(&self, query: &str) -> Vec<String> {
        let n = self.docs.len() as f64;
        let avg = self.lens.iter().sum::<f64>() / n;
        let tokens = baseline_tokens(query);
        let mut scored: Vec<(f64, usize)> = Vec::new();
        for (i, doc) in self.docs.iter().enumerate() {
            let mut s = 0.0;
            for t in &tokens {
                let Some(&tf) = doc.get(t) else { continue };
                let df = f64::from(self.df[t]);
                let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
                let tf = f64::from(tf);
                s += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * self.lens[i] / avg.max(1.0)));
            }
            if s > 0.0 {
                scored.push((s, i));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored
            .iter()
            .take(LIMIT)
            .map(|&(_, i)| self.names[i].clone())
            .collect()
    }
}

/// A base64 little-endian float32 vector, normalised.
fn vector(value: &Value) -> Vec<f32> {
    let text = value
        .as_str()
        .unwrap_or_else(|| panic!("fixture lacks a text"));
    let table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut bytes = Vec::new();
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = table.bytes().position(|t| t == c).expect("base64") as u32;
        bits = (bits << 6) | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
        }
    }
    let v: Vec<f32> = bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    v.iter().map(|x| x / norm).collect()
}

/// Every tool's cosine with the query's fixture vector.
fn cosines_of(fixture: &Value, docs: &[Vec<f32>], query: &str) -> Vec<f32> {
    let q = vector(&fixture["query"][query]);
    docs.iter()
        .map(|d| d.iter().zip(&q).map(|(a, b)| a * b).sum())
        .collect()
}

/// Means of one group of scores.
#[derive(Default)]
struct Means {
    n: usize,
    answerable: usize,
    sums: [f64; 9],
    needs: usize,
}

impl Means {
    fn add(&mut self, s: &Score) {
        self.n += 1;
        if s.answerable {
            self.answerable += 1;
            let row = [s.hit1, s.hit5, s.recall5, s.all5, s.rr, s.empty, s.low];
            for (sum, v) in self.sums.iter_mut().zip(row) {
                *sum += v;
            }
            if let Some(met) = s.needs5 {
                self.needs += 1;
                self.sums[8] += met;
            }
        } else {
            self.sums[7] += s.caught;
        }
    }

    fn row(&self) -> String {
        let a = self.answerable as f64;
        let cell = |v: f64, n: f64| {
            if n > 0.0 {
                format!("{:.3}", v / n)
            } else {
                String::new()
            }
        };
        let mut cells: Vec<String> = (0..7).map(|k| cell(self.sums[k], a)).collect();
        cells.push(cell(self.sums[8], self.needs as f64));
        cells.push(cell(self.sums[7], (self.n - self.answerable) as f64));
        format!("{} | {}", self.n, cells.join(" | "))
    }
}

fn print_table(rows: &[(String, String, String, Score)], by_style: bool) {
    let mut groups: BTreeMap<(String, String, String), Means> = BTreeMap::new();
    let mut order: Vec<(String, String, String)> = Vec::new();
    for (set, style, ranking, s) in rows {
        let key = if by_style || style == "name level" {
            (set.clone(), style.clone(), ranking.clone())
        } else {
            (set.clone(), "all".to_owned(), ranking.clone())
        };
        if !groups.contains_key(&key) {
            order.push(key.clone());
        }
        groups.entry(key).or_default().add(s);
    }
    let first_seen = order.clone();
    order.sort_by_key(|k| {
        (
            first_seen.iter().position(|o| o.0 == k.0),
            first_seen.iter().position(|o| o.0 == k.0 && o.1 == k.1),
        )
    });
    println!("| set | style | ranking | n | hit@1 | hit@5 | recall@5 | all@5 | MRR | empty | low | needs@5 | caught |");
    println!(
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for key in &order {
        println!(
            "| {} | {} | {} | {} |",
            key.0,
            key.1,
            key.2,
            groups[key].row()
        );
    }
}

/// An engine with `ranking` and the extra config keys of `--config`.
fn engine_for(ranking: &str, extra: &Value) -> Engine {
    let mut config = json!({ "ranking": ranking });
    for (k, v) in extra.as_object().into_iter().flatten() {
        config[k] = v.clone();
    }
    Engine::new(&Options {
        config,
        ..Options::default()
    })
}

/// `count` tools: `tools` repeated, copies renamed `<name>_c<k>`.
fn scaled(tools: &[Value], count: usize) -> Vec<Value> {
    (0..)
        .flat_map(|k| {
            tools.iter().map(move |tool| {
                let mut copy = tool.clone();
                if k > 0 {
                    let name = format!("{}_c{k}", tool["function"]["name"].as_str().unwrap());
                    copy["function"]["name"] = json!(name);
                }
                copy
            })
        })
        .take(count)
        .collect()
}

fn speed(extra: &Value, count: Option<usize>) {
    let (tools, toolsets) = mcp_catalog(count);
    let session_json = json!({"tools": tools, "toolsets": toolsets});
    let engine = engine_for("enhanced", extra);
    let session = engine.session_from_json(&session_json).expect("session");
    let clock = std::time::Instant::now();
    let prepared = engine.prepare(&session);
    let lap = |what: &str, clock: std::time::Instant| {
        println!("{what} {:.1} ms", clock.elapsed().as_secs_f64() * 1e3);
        std::time::Instant::now()
    };
    let clock = lap("prepare", clock);
    prepared.enhanced_index();
    lap("enhanced index", clock);
    // A fresh engine restoring both indexes from a snapshot.
    let bytes = engine.export_index(&session);
    let restoring = engine_for("enhanced", extra);
    let again = restoring.session_from_json(&session_json).expect("session");
    let clock = std::time::Instant::now();
    restoring.import_index(&again, &bytes).expect("snapshot");
    lap("snapshot read", clock);
    let turns = [
        (
            "keyword",
            [
                "github create issue",
                "slack post message",
                "kubernetes pod logs",
            ],
        ),
        (
            "natural",
            [
                "could you open a bug in our tracker about the login crash",
                "スラックのチャンネル一覧を見せて",
                "Datei im GitHub-Repository aktualisieren",
            ],
        ),
    ];
    // The first search loads the languages.
    let first = std::time::Instant::now();
    prepared
        .ranker(engine.config())
        .search(turns[0].1[0], LIMIT, None);
    println!("first search {:.1} ms", first.elapsed().as_secs_f64() * 1e3);
    let runs: u32 = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(300);
    for (kind, queries) in turns {
        let start = std::time::Instant::now();
        for _ in 0..runs {
            for q in queries {
                std::hint::black_box(prepared.ranker(engine.config()).search(q, LIMIT, None));
            }
        }
        println!(
            "{:.3} ms per 3-query {kind} turn",
            start.elapsed().as_secs_f64() * 1e3 / f64::from(runs)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let extra: Value = option("--config")
        .map(|c| serde_json::from_str(&c).expect("--config is JSON"))
        .unwrap_or(json!({}));
    if args.iter().any(|a| a == "--speed") {
        speed(
            &extra,
            option("--tools").map(|n| n.parse().expect("--tools is a number")),
        );
        return;
    }
    if let Some(query) = option("--explain") {
        let set = load_sets(&option("--set").unwrap_or_else(|| "dev".to_owned()));
        let set = &set[0];
        let engine = engine_for("enhanced", &extra);
        let session = engine
            .session_from_json(&json!({"tools": set.tools, "toolsets": set.toolsets}))
            .expect("session");
        let report =
            serde_json::to_value(engine.explain(&query, &session, None, 6)).unwrap_or(Value::Null);
        println!(
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        );
        return;
    }
    let misses = option("--misses");
    let sets = load_sets(
        &option("--sets")
            .or_else(|| misses.clone())
            .unwrap_or_else(|| "development".to_owned()),
    );
    if let Some(name) = &misses {
        if sets.iter().any(|s| s.name == name && s.held_out) {
            panic!("--misses: {name} is held out; its cases are not read");
        }
    }
    let rankings: Vec<String> = match option("--ranking").as_deref() {
        None => vec!["enhanced".into(), "bm25".into()],
        Some("all") => vec!["enhanced".into(), "bm25".into(), "reference".into()],
        Some(list) => list.split(',').map(str::to_owned).collect(),
    };
    let mut dump = option("--dump").map(|p| std::fs::File::create(p).expect("dump file"));
    let mut signal_out =
        option("--signals").map(|p| std::fs::File::create(p).expect("signals file"));
    // The semantic leg: vectors of a fixture (`--embeddings FILE`, written by
    // bench/embed.py), fused with `--semantic '{"weight", "rescue"}'`.
    let fixture: Option<Value> = option("--embeddings").map(|p| read_json(PathBuf::from(p)));
    let semantic = toolsearch::SemanticOptions::read(
        &option("--semantic")
            .map(|c| serde_json::from_str(&c).expect("--semantic is JSON"))
            .unwrap_or(Value::Null),
    );
    let mut rows: Vec<(String, String, String, Score)> = Vec::new();
    for set in &sets {
        let session_json = json!({"tools": set.tools, "toolsets": set.toolsets});
        for ranking in &rankings {
            let answers: Vec<(Vec<String>, bool)> = if ranking == "bm25" {
                let bm25 = Bm25::new(&set.tools);
                set.cases
                    .iter()
                    .map(|c| (bm25.search(&c.query), false))
                    .collect()
            } else {
                let config = if ranking == "enhanced" {
                    &extra
                } else {
                    &Value::Null
                };
                let engine = engine_for(ranking, config);
                let session = engine.session_from_json(&session_json).expect("session");
                let prepared = engine.prepare(&session);
                let doc_vectors: Vec<Vec<f32>> = match &fixture {
                    Some(f) => prepared
                        .catalog
                        .entries()
                        .iter()
                        .map(|e| vector(&f["document"][toolsearch::document_text(e)]))
                        .collect(),
                    None => Vec::new(),
                };
                let name = |doc: u32| {
                    prepared
                        .catalog
                        .entries()
                        .get(doc as usize)
                        .map_or("", |e| e.name())
                        .to_owned()
                };
                let mut answers = Vec::with_capacity(set.cases.len());
                for case in &set.cases {
                    let cosines = fixture
                        .as_ref()
                        .map(|f| cosines_of(f, &doc_vectors, &case.query));
                    let leg = cosines.as_deref().map(|c| toolsearch::Leg {
                        cosines: c,
                        options: semantic,
                    });
                    let found = prepared
                        .ranker(engine.config())
                        .search(&case.query, LIMIT, leg);
                    if let Some(out) = dump.as_mut() {
                        let hits: Vec<Value> = found
                            .hits
                            .iter()
                            .map(|h| json!([name(h.doc), format!("{:?}", h.score)]))
                            .collect();
                        let line = json!({"set": set.name, "ranking": ranking, "id": case.id, "label": found.confidence, "hits": hits});
                        writeln!(out, "{line}").expect("write dump");
                    }
                    if let (Some(out), true) = (signal_out.as_mut(), ranking == "enhanced") {
                        let explanation = serde_json::to_value(engine.explain(
                            &case.query,
                            &session,
                            None,
                            LIMIT,
                        ))
                        .unwrap_or(Value::Null);
                        // A group with an exact name, or with two needs or
                        // more, is labelled high whatever its signals.
                        let sure = explanation["needs"]
                            .as_array()
                            .is_some_and(|n| n.len() >= 2)
                            || explanation["tools"][0]["verdict"] == "exact_name";
                        let line = json!({
                            "set": set.name, "id": case.id, "style": case.style,
                            "answerable": !case.gold.is_empty(), "sure": sure,
                            "empty": found.hits.is_empty(),
                            "signals": explanation.get("decision").cloned().unwrap_or(Value::Null),
                        });
                        writeln!(out, "{line}").expect("write signals");
                    }
                    let low = found.confidence == Some(toolsearch::Confidence::Low);
                    answers.push((found.hits.iter().map(|h| name(h.doc)).collect(), low));
                }
                answers
            };
            for (case, (ranked, low)) in set.cases.iter().zip(answers) {
                let s = score(&case.gold, &case.needs, &ranked, low);
                if ranking == "enhanced" && misses.as_deref() == Some(set.name) {
                    let ok = if case.gold.is_empty() {
                        s.caught == 1.0
                    } else {
                        s.hit5 == 1.0
                    };
                    if !ok {
                        println!(
                            "MISS {} [{}] {:?} gold={:?} got={:?}{}",
                            case.id,
                            case.style,
                            case.query,
                            case.gold,
                            &ranked[..ranked.len().min(5)],
                            if low { " (low)" } else { "" }
                        );
                    }
                }
                rows.push((set.name.to_owned(), case.style.clone(), ranking.clone(), s));
                if !case.gold_loose.is_empty() {
                    let loose = score(&case.gold_loose, &[], &ranked, low);
                    rows.push((
                        set.name.to_owned(),
                        "name level".to_owned(),
                        ranking.clone(),
                        loose,
                    ));
                }
            }
        }
    }
    if misses.is_none() || args.iter().any(|a| a == "--table") {
        print_table(&rows, args.iter().any(|a| a == "--styles"));
    }
}
