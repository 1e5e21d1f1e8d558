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

/// FNV-1a (64 bits) of every development query's reference ranking on the
/// real catalog at the largest limit: `query`, a tab, the names in order,
/// a newline; and the number of names.
fn reference_digest(shared: &std::path::Path) -> (u64, usize) {
    let engine = engine(json!({"max_search_limit": 50}), &[]);
    let s = session(&engine, real_catalog_session(shared));
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut names = 0;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for set in ["queries-dev.json", "queries-dev-multilingual.json"] {
        let text = std::fs::read_to_string(shared.join("bench").join(set)).unwrap();
        let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
        for case in cases["cases"].as_array().unwrap() {
            let query = case["query"].as_str().unwrap();
            let args = json!({"queries": [query], "limit": 50}).to_string();
            let out = parse(&search(&engine, &args, &s));
            feed(query.as_bytes());
            feed(b"\t");
            for name in out["results"][0]["matches"]
                .as_array()
                .into_iter()
                .flatten()
            {
                feed(name.as_str().unwrap().as_bytes());
                feed(b",");
                names += 1;
            }
            feed(b"\n");
        }
    }
    (hash, names)
}

#[test]
fn reference_ranking_is_unchanged_bit_for_bit() {
    // Taken at 4b33ba9~1, before the enhanced ranking's rework: whatever
    // changed since, the default ranking of every development query did not.
    let Some(shared) = shared_dir() else { return };
    assert_eq!(reference_digest(&shared), (0x19e7_34ab_cf6c_368f, 2402));
}
