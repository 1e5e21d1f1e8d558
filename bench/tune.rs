//! Native retrieval harness for tuning: the same scoring as
//! `bench/retrieval.mjs`, without building the package.
//!
//! `cargo bench --bench tune -- [options]`
//! - `--sets dev|val|written|development|all` (default dev): `dev` is
//!   `queries-dev.json` and `queries-dev-multilingual.json`; `val` is
//!   `queries-val.json`; `written` is ours, `bench/queries-written.json`;
//!   `development` is dev and written, the sets to tune on.
//! - `--ranking reference|enhanced|plain|all` (default all).
//! - `--config JSON`: extra `tools.tool_search` keys for the enhanced runs.
//! - `--misses`: list the dev and written cases the enhanced ranking misses (never val's:
//!   the validation set is for measuring, not for reading).
//! - `--speed`: time the ranking of a 3-query keyword turn and of a natural
//!   and multilingual one natively (with `--config`); `--tools N` repeats
//!   the catalog up to N tools, copies renamed `<name>_c<k>` as
//!   `bench/common.mjs` does.
//! - `--explain QUERY`: print the enhanced explanation of one query.
//! - `--signals FILE`: write the no-match signals of every case as JSON
//!   lines, for `bench/calibrate.mjs` (which fits on the dev lines only).
//! - `--dump FILE`: write every answer of the enhanced and reference rankings
//!   (label, tools, exact scores) as JSON lines, to compare two builds byte
//!   for byte after a change meant to keep every result.
//!
//! - `--embedding-texts FILE`: write the texts to embed (every tool document
//!   and every query) for `bench/embed.py`.
//! - `--embeddings FILE` with `--semantic '{"weight": w, "rescue": r}'`:
//!   fuse the fixture's vectors into the enhanced ranking.
//!
//! `../shared` (or `$TOOLSEARCH_SHARED`) holds the data.

// A tool for developers: a missing file or bad flag ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use toolsearch::{tokenize, FastMap};
use toolsearch::{Engine, Options};

struct Case {
    id: String,
    style: String,
    query: String,
    gold: Vec<String>,
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

fn cases(file: &str) -> Vec<Case> {
    // The project's own sets live in bench/, the shared ones beside the clone.
    let ours = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("bench")
        .join(file);
    let path = if ours.exists() {
        ours
    } else {
        shared().join("bench").join(file)
    };
    let set = read_json(path);
    set["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| Case {
            id: c["id"].as_str().unwrap_or("").to_owned(),
            style: match c["style"].as_str().unwrap_or("") {
                "multilingual" if c["gold"].as_array().is_some_and(|g| g.is_empty()) => {
                    "multilingual impossible".to_owned()
                }
                style => style.to_owned(),
            },
            query: c["query"].as_str().unwrap_or("").to_owned(),
            gold: c["gold"]
                .as_array()
                .map(|g| {
                    g.iter()
                        .filter_map(|n| n.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect()
}

#[derive(Default, Clone)]
struct Score {
    n: usize,
    hit1: f64,
    hit5: f64,
    recall5: f64,
    rr: f64,
    empty: f64,
}

fn score(gold: &[String], ranked: &[String]) -> Score {
    let first = ranked.iter().position(|n| gold.contains(n));
    let top5 = &ranked[..ranked.len().min(5)];
    Score {
        n: 1,
        hit1: f64::from(ranked.first().is_some_and(|n| gold.contains(n))),
        hit5: f64::from(first.is_some_and(|i| i < 5)),
        recall5: if gold.is_empty() {
            0.0
        } else {
            top5.iter().filter(|n| gold.contains(n)).count() as f64 / gold.len() as f64
        },
        rr: first.map_or(0.0, |i| 1.0 / (i as f64 + 1.0)),
        empty: f64::from(ranked.is_empty()),
    }
}

/// A plain BM25 over the spec's documents (§5.3, §5.4) with no gate and no
/// floor: the floor the enhanced ranking must beat.
struct Plain {
    docs: Vec<FastMap<String, u32>>,
    lens: Vec<f64>,
    df: FastMap<String, u32>,
    names: Vec<String>,
}

impl Plain {
    fn new(catalog: &[Value]) -> Plain {
        let mut plain = Plain {
            docs: Vec::new(),
            lens: Vec::new(),
            df: FastMap::default(),
            names: Vec::new(),
        };
        for tool in catalog {
            let f = &tool["function"];
            let name = f["name"].as_str().unwrap_or("");
            let label = tool["x-source"].as_str().unwrap_or("");
            let words = name
                .strip_prefix("mcp__")
                .unwrap_or(name)
                .replace(['_', '.', ':', '-'], " ");
            let mut text = words.clone();
            if !words.split_whitespace().any(|w| w == label) {
                text = format!("{text} {label}");
            }
            text.push(' ');
            text.push_str(f["description"].as_str().unwrap_or(""));
            if let Some(props) = f["parameters"]["properties"].as_object() {
                for key in props.keys() {
                    text.push(' ');
                    text.push_str(key);
                }
            }
            let tokens = tokenize(&text);
            let mut tf: FastMap<String, u32> = FastMap::default();
            for t in &tokens {
                *tf.entry(t.clone()).or_default() += 1;
            }
            for t in tf.keys() {
                *plain.df.entry(t.clone()).or_default() += 1;
            }
            plain.lens.push(tokens.len() as f64);
            plain.docs.push(tf);
            plain.names.push(name.to_owned());
        }
        plain
    }

    fn search(&self, query: &str, limit: usize) -> Vec<String> {
        let n = self.docs.len() as f64;
        let avg = self.lens.iter().sum::<f64>() / n;
        let tokens = tokenize(query);
        let mut scored: Vec<(f64, usize)> = Vec::new();
        for (i, doc) in self.docs.iter().enumerate() {
            let mut s = 0.0;
            for t in &tokens {
                let Some(&tf) = doc.get(t) else { continue };
                let df = f64::from(self.df[t]);
                let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
                let tf = f64::from(tf);
                s += idf * tf * 2.5 / (tf + 1.5 * (0.25 + 0.75 * self.lens[i] / avg.max(1.0)));
            }
            if s > 0.0 {
                scored.push((s, i));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored
            .iter()
            .take(limit)
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

fn table(label: &str, rows: &[(String, Score)]) {
    let mut groups: BTreeMap<String, Score> = BTreeMap::new();
    for (style, s) in rows {
        let g = groups.entry(style.clone()).or_default();
        g.n += 1;
        g.hit1 += s.hit1;
        g.hit5 += s.hit5;
        g.recall5 += s.recall5;
        g.rr += s.rr;
        g.empty += s.empty;
    }
    println!("\n{label}");
    println!("| style | n | hit@1 | hit@5 | recall@5 | MRR | empty |");
    for (style, g) in &groups {
        let n = g.n as f64;
        if style.contains("impossible") {
            println!("| {style} | {} |  |  |  |  | {:.3} |", g.n, g.empty / n);
        } else {
            println!(
                "| {style} | {} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} |",
                g.n,
                g.hit1 / n,
                g.hit5 / n,
                g.recall5 / n,
                g.rr / n,
                g.empty / n
            );
        }
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
    let sets = option("--sets").unwrap_or_else(|| "dev".to_owned());
    let ranking = option("--ranking").unwrap_or_else(|| "all".to_owned());
    let extra: Value = option("--config")
        .map(|c| serde_json::from_str(&c).expect("--config is JSON"))
        .unwrap_or(json!({}));
    let misses = args.iter().any(|a| a == "--misses");
    let signals = option("--signals");
    let mut dump = option("--dump").map(|p| std::fs::File::create(p).expect("dump file"));

    let catalog = read_json(shared().join("catalogs/all-openai.json"));
    let mut tools = catalog.as_array().expect("catalog").clone();
    if let Some(count) = option("--tools") {
        tools = scaled(&tools, count.parse().expect("--tools is a number"));
    }
    let toolsets: serde_json::Map<String, Value> = tools
        .iter()
        .map(|t| {
            (
                t["function"]["name"].as_str().unwrap_or("").to_owned(),
                json!(format!("mcp-{}", t["x-source"].as_str().unwrap_or(""))),
            )
        })
        .collect();
    let session_json = json!({"tools": tools, "toolsets": toolsets});
    let plain = Plain::new(&tools);

    let mut files: Vec<(&str, &str)> = Vec::new();
    if sets == "dev" || sets == "development" || sets == "all" {
        files.push(("dev", "queries-dev.json"));
        files.push(("dev", "queries-dev-multilingual.json"));
    }
    if sets == "val" || sets == "all" {
        files.push(("val", "queries-val.json"));
    }
    if sets == "written" || sets == "development" || sets == "all" {
        files.push(("written", "queries-written.json"));
    }
    let rankings: Vec<&str> = match ranking.as_str() {
        "all" => vec!["plain", "reference", "enhanced"],
        one => vec![match one {
            "plain" => "plain",
            "reference" => "reference",
            _ => "enhanced",
        }],
    };
    if args.iter().any(|a| a == "--speed") {
        let engine = engine_for("enhanced", &extra);
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
        let restoring = engine_for("enhanced", &extra);
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
            .search(turns[0].1[0], 10, None);
        println!("first search {:.1} ms", first.elapsed().as_secs_f64() * 1e3);
        let runs: u32 = std::env::var("RUNS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(300);
        for (kind, queries) in turns {
            let start = std::time::Instant::now();
            for _ in 0..runs {
                for q in queries {
                    std::hint::black_box(prepared.ranker(engine.config()).search(q, 10, None));
                }
            }
            println!(
                "{:.3} ms per 3-query {kind} turn",
                start.elapsed().as_secs_f64() * 1e3 / f64::from(runs)
            );
        }
        return;
    }
    if let Some(query) = option("--explain") {
        let engine = engine_for("enhanced", &extra);
        let session = engine.session_from_json(&session_json).expect("session");
        let report =
            serde_json::to_value(engine.explain(&query, &session, None, 6)).unwrap_or(Value::Null);
        println!(
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        );
        return;
    }
    // The semantic leg: vectors of a fixture (`--embeddings FILE`, written by
    // bench/embed.py), fused with `--semantic '{"weight", "rescue"}'`.
    let fixture: Option<Value> = option("--embeddings").map(|p| read_json(PathBuf::from(p)));
    let semantic = toolsearch::SemanticOptions::read(
        &option("--semantic")
            .map(|c| serde_json::from_str(&c).expect("--semantic is JSON"))
            .unwrap_or(Value::Null),
    );
    if let Some(out) = option("--embedding-texts") {
        let engine = Engine::new(&Options::default());
        let session = engine.session_from_json(&session_json).expect("session");
        let prepared = engine.prepare(&session);
        let documents: Vec<String> = prepared
            .catalog
            .entries()
            .iter()
            .map(toolsearch::document_text)
            .collect();
        let queries: Vec<String> = [
            "queries-dev.json",
            "queries-dev-multilingual.json",
            "queries-val.json",
        ]
        .iter()
        .flat_map(|f| cases(f))
        .map(|c| c.query)
        .collect();
        std::fs::write(
            &out,
            json!({"document": documents, "query": queries}).to_string(),
        )
        .expect("write");
        return;
    }
    let doc_vectors: Vec<Vec<f32>> = match &fixture {
        Some(f) => {
            let engine = Engine::new(&Options::default());
            let session = engine.session_from_json(&session_json).expect("session");
            let prepared = engine.prepare(&session);
            prepared
                .catalog
                .entries()
                .iter()
                .map(|e| vector(&f["document"][toolsearch::document_text(e)]))
                .collect()
        }
        None => Vec::new(),
    };
    let mut signal_out = signals.map(|p| std::fs::File::create(p).expect("signals file"));
    for kind in ["dev", "val", "written"] {
        let chosen: Vec<&str> = files.iter().filter(|f| f.0 == kind).map(|f| f.1).collect();
        if chosen.is_empty() {
            continue;
        }
        let all: Vec<Case> = chosen.iter().flat_map(|f| cases(f)).collect();
        for &r in &rankings {
            let engine = if r == "enhanced" {
                engine_for(r, &extra)
            } else {
                engine_for("reference", &json!({}))
            };
            let session = engine.session_from_json(&session_json).expect("session");
            let prepared = engine.prepare(&session);
            let mut rows = Vec::new();
            for case in &all {
                let ranked: Vec<String> = if r == "plain" {
                    plain.search(&case.query, 10)
                } else {
                    let cosines = fixture
                        .as_ref()
                        .map(|f| cosines_of(f, &doc_vectors, &case.query));
                    let leg = cosines.as_deref().map(|c| toolsearch::Leg {
                        cosines: c,
                        options: semantic,
                    });
                    let outcome = prepared
                        .ranker(engine.config())
                        .search(&case.query, 10, leg);
                    let name = |doc: u32| {
                        prepared
                            .catalog
                            .entries()
                            .get(doc as usize)
                            .map_or("", |e| e.name())
                            .to_owned()
                    };
                    if let (Some(out), true) = (dump.as_mut(), r != "plain") {
                        let hits: Vec<Value> = outcome
                            .hits
                            .iter()
                            .map(|h| json!([name(h.doc), format!("{:?}", h.score)]))
                            .collect();
                        let line =
                            json!({"id": case.id, "label": outcome.confidence, "hits": hits});
                        writeln!(out, "{line}").expect("write dump");
                    }
                    outcome.hits.iter().map(|h| name(h.doc)).collect()
                };
                let s = score(&case.gold, &ranked);
                if misses && kind != "val" && r == "enhanced" {
                    let ok = if case.gold.is_empty() {
                        s.empty == 1.0
                    } else {
                        s.hit5 == 1.0
                    };
                    if !ok {
                        println!(
                            "MISS {} [{}] {:?} gold={:?} got={:?}",
                            case.id,
                            case.style,
                            case.query,
                            case.gold,
                            &ranked[..ranked.len().min(5)]
                        );
                    }
                }
                if let (Some(out), true) = (signal_out.as_mut(), r == "enhanced") {
                    let explanation =
                        serde_json::to_value(engine.explain(&case.query, &session, None, 10))
                            .unwrap_or(Value::Null);
                    let line = json!({
                        "set": kind,
                        "id": case.id, "style": case.style, "answerable": !case.gold.is_empty(),
                        "hit5": s.hit5, "signals": explanation.get("decision").cloned().unwrap_or(Value::Null),
                    });
                    writeln!(out, "{line}").expect("write signals");
                }
                rows.push((case.style.clone(), s));
            }
            table(&format!("{r} on {kind} ({} cases)", all.len()), &rows);
        }
    }
}
