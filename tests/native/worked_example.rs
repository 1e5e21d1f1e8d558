//! Spec §6.4: the six-tool worked example, scores to five decimals.

use serde_json::json;

use crate::support::{empty_group_hint, engine, search, session, tool};

fn example() -> (toolsearch::Engine, toolsearch::Session) {
    let tools = vec![
        tool(
            "github_rerun_failed_workflow_run_jobs",
            "Re-run failed jobs in a workflow run",
            &["run_id"],
        ),
        tool(
            "github_create_issue",
            "Open a new issue in a GitHub repository",
            &["title", "body"],
        ),
        tool(
            "github_list_issues",
            "List issues in a repository",
            &["repo"],
        ),
        tool(
            "slack_send_message",
            "Post a message into a Slack channel",
            &["channel", "text"],
        ),
        tool(
            "gist_save_snippet",
            "Save a shell command snippet as a gist",
            &["content"],
        ),
        tool(
            "codeql_scan",
            "Scan code for vulnerabilities and execute analysis",
            &["repo"],
        ),
    ];
    let names: Vec<String> = tools
        .iter()
        .map(|t| t["function"]["name"].as_str().unwrap().into())
        .collect();
    let engine = engine(json!({ "defer": names }), &[]);
    let session = session(&engine, json!({ "tools": tools }));
    (engine, session)
}

fn ranked(query: &str) -> Vec<(String, f64)> {
    let (engine, session) = example();
    let prepared = engine.prepare(&session);
    let catalog = &prepared.catalog;
    catalog
        .search(query, 10)
        .iter()
        .map(|hit| {
            (
                catalog.entries()[hit.doc as usize].name().to_owned(),
                hit.score,
            )
        })
        .collect()
}

fn assert_ranked(query: &str, expected: &[(&str, f64)]) {
    let got = ranked(query);
    assert_eq!(got.len(), expected.len(), "{query}: {got:?}");
    for ((name, score), (want_name, want_score)) in got.iter().zip(expected) {
        assert_eq!(name, want_name, "{query}");
        if want_score.is_infinite() {
            assert!(score.is_infinite() && *score > 0.0, "{query}: {score}");
        } else {
            assert!(
                (score - want_score).abs() < 5e-6,
                "{query}: {name} {score} != {want_score}"
            );
        }
    }
}

#[test]
fn floor_rejects_scattered_terms() {
    assert_ranked("run shell command execute code", &[]);
}

#[test]
fn single_term_gates() {
    assert_ranked("list issues", &[("github_list_issues", 3.992333)]);
    assert_ranked("send message", &[("slack_send_message", 3.741081)]);
}

#[test]
fn floor_admits_covering_document() {
    assert_ranked(
        "create issue github repository title",
        &[("github_create_issue", 6.35883)],
    );
}

#[test]
fn exact_name_scores_infinity() {
    assert_ranked(
        "github_create_issue",
        &[("github_create_issue", f64::INFINITY)],
    );
    assert_ranked(
        "  GitHub_Create_Issue ",
        &[("github_create_issue", f64::INFINITY)],
    );
}

#[test]
fn common_term_ranks_by_length() {
    assert_ranked(
        "github",
        &[
            ("github_create_issue", 0.964379),
            ("github_list_issues", 0.781011),
            ("github_rerun_failed_workflow_run_jobs", 0.602737),
        ],
    );
}

#[test]
fn unknown_word_gates_everything_out() {
    assert_ranked("send gmail email", &[]);
}

#[test]
fn through_the_bridge() {
    let (engine, session) = example();
    let out = search(
        &engine,
        r#"{"queries": ["list issues", "send gmail email"]}"#,
        &session,
    );
    let hint = empty_group_hint(&out, 1);
    let expected = json!({
        "queries": ["list issues", "send gmail email"],
        "total_available": 6,
        "results": [
            {"query": "list issues", "matches": ["github_list_issues"]},
            {"query": "send gmail email", "matches": [],
             "available_sources": [{"name": "other", "tool_count": 6}],
             "hint": hint}
        ],
        "tools": {"github_list_issues": {
            "source": "other", "source_name": "", "description": "List issues in a repository",
            "required": ["repo"]}}
    });
    assert_eq!(out, expected.to_string());
}
