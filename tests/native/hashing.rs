//! The index's maps are keyed per process (`seed_hash`): no output may depend
//! on the key. The test runs itself in two child processes under two keys
//! and compares what each wrote: searches and explanations of both rankings,
//! the assembled array and the index snapshot, on the real catalog when
//! `../shared` is there, else on a small catalog of its own.

use std::process::Command;

use serde_json::{json, Value};
use toolsearch::{AssembleOptions, ToolFormat};

use crate::support::{engine, real_catalog_session, search, session, shared_dir, tool};

/// Set in a child process: the key to seed, and what to write.
const PROBE: &str = "TOOLSEARCH_HASH_KEY_PROBE";
/// Marks the child's outputs amid the test harness's own lines.
const MARK: &str = "=== outputs ===";

#[test]
fn outputs_do_not_depend_on_the_hash_key() {
    if let Ok(key) = std::env::var(PROBE) {
        toolsearch::seed_hash(key.parse().unwrap());
        println!("{MARK}\n{}\n{MARK}", outputs());
        return;
    }
    let run = |key: u64| -> String {
        let out = Command::new(std::env::current_exe().unwrap())
            .args([
                "hashing::outputs_do_not_depend_on_the_hash_key",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(PROBE, key.to_string())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        text.split(MARK)
            .nth(1)
            .expect("the child's outputs")
            .to_owned()
    };
    let first = run(1);
    assert!(first.len() > 1_000, "{first}");
    assert_eq!(first, run(0x9e37_79b9_7f4a_7c15));
}

/// What the engines write for one catalog, under both rankings.
fn outputs() -> String {
    let catalog = match shared_dir() {
        Some(shared) => real_catalog_session(&shared),
        None => own_catalog(),
    };
    let queries = [
        "github create issue",
        "could you open a bug in our tracker about the login crash",
        "find the paper, summarise it and mail it to my team",
        "スラック チャンネル一覧",
        "Datei im GitHub-Repository aktualisieren",
        "k8s describe pod",
        "mcp--redis--set",
        "order a pizza for tonight",
        "list files",
    ];
    let mut out = String::new();
    for ranking in ["reference", "enhanced"] {
        let engine = engine(json!({ "ranking": ranking }), &[]);
        let s = session(&engine, catalog.clone());
        for query in queries {
            let args = json!({"queries": [query], "limit": 10}).to_string();
            out.push_str(&search(&engine, &args, &s));
            out.push('\n');
            let explained = serde_json::to_string(&engine.explain(query, &s, None, 10)).unwrap();
            out.push_str(&explained);
            out.push('\n');
        }
        let assembled = engine.assemble(
            &s,
            AssembleOptions {
                context_length: Some(200_000.0),
                format: ToolFormat::OpenAi,
                defer_loading: false,
            },
        );
        out.push_str(&assembled.bridge);
        out.push('\n');
        let bytes = engine.export_index(&s);
        out.push_str(&format!("{} bytes: {:?}\n", bytes.len(), fold(&bytes)));
    }
    out
}

/// A small catalog of the test's own.
fn own_catalog() -> Value {
    let tools = [
        tool(
            "tracker_create_issue",
            "Create a new issue in a project tracker.",
            &["title"],
        ),
        tool(
            "tracker_list_issues",
            "List issues of a project.",
            &["state"],
        ),
        tool(
            "chat_post_message",
            "Post a message to a chat channel.",
            &["text"],
        ),
        tool("files_list_files", "List the files of a folder.", &["path"]),
        tool("papers_search", "Search research papers.", &["query"]),
        tool("mail_send_email", "Send an email.", &["to"]),
    ];
    let toolsets: serde_json::Map<String, Value> = tools
        .iter()
        .map(|t| {
            let name = t["function"]["name"].as_str().unwrap();
            (
                name.to_owned(),
                json!(format!("mcp-{}", name.split('_').next().unwrap())),
            )
        })
        .collect();
    json!({"tools": tools, "toolsets": toolsets})
}

/// The bytes folded into one number, order included.
fn fold(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
