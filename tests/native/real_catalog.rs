//! The real 1,873-tool catalog (`../shared/catalogs/all-openai.json`).

use serde_json::json;

use crate::support::{engine, parse, real_catalog_session, search, session, shared_dir};

#[test]
fn finds_gold_tools_first() {
    let Some(shared) = shared_dir() else { return };
    let engine = engine(json!({}), &[]);
    let s = session(&engine, real_catalog_session(&shared));
    let out = parse(&search(
        &engine,
        r#"{"queries": ["github create issue", "slack post message", "notion create page"], "limit": 10}"#,
        &s,
    ));
    assert_eq!(out["total_available"], 1873);
    let first = |i: usize| out["results"][i]["matches"][0].as_str().unwrap().to_owned();
    assert_eq!(first(0), "mcp_github_legacy_create_issue");
    assert_eq!(first(1), "mcp_slack_slack_post_message");
    assert_eq!(first(2), "mcp_notion_API_post_page");
    let exact = parse(&search(
        &engine,
        r#"{"queries": ["mcp_github_issue_write"]}"#,
        &s,
    ));
    assert_eq!(exact["results"][0]["matches"][0], "mcp_github_issue_write");
}
