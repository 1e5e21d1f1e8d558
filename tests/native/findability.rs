//! The findability report: tools their own words do not find, near-duplicates
//! across servers, and thin descriptions.

use serde_json::json;

use crate::support::{engine, real_catalog_session, session, shared_dir, tool};

#[test]
fn the_report_names_unfound_tools_duplicates_and_thin_descriptions_with_fixes() {
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(
        &engine,
        json!({
            "tools": [
                tool("mcp__github__create_issue", "Create a new issue in a GitHub repository.", &["title"]),
                tool("mcp__gitlab__create_issue", "Create a new issue in a GitLab project.", &["title"]),
                tool("mcp__slack__post_message", "Post a message to a Slack channel.", &["text"]),
                tool("mcp__util__zq", "Helper", &[]),
            ],
            "toolsets": {"mcp__github__create_issue": "mcp-github", "mcp__gitlab__create_issue": "mcp-gitlab",
                         "mcp__slack__post_message": "mcp-slack", "mcp__util__zq": "mcp-util"}
        }),
    );
    let report = engine.findability(&s);
    assert_eq!(report.tools, 4);
    assert_eq!(report.duplicates.len(), 1);
    assert_eq!(report.duplicates[0].words, "create issue");
    assert_eq!(
        report.duplicates[0].names,
        ["mcp__github__create_issue", "mcp__gitlab__create_issue"]
    );
    assert!(report.duplicates[0].fix.contains("sets it apart"));
    assert_eq!(report.thin.len(), 1);
    assert_eq!(report.thin[0].name, "mcp__util__zq");
    let unfound: Vec<&str> = report.unfound.iter().map(|u| u.name.as_str()).collect();
    assert!(
        !unfound.contains(&"mcp__slack__post_message"),
        "{unfound:?}"
    );
    assert_eq!(report.found + distinct(&unfound), report.tools);
    for finding in &report.unfound {
        assert!(!finding.reason.is_empty() && !finding.fix.is_empty());
        assert!(finding.rank.is_none_or(|rank| rank > toolsearch_top()));
    }
}

fn distinct(names: &[&str]) -> usize {
    let mut names = names.to_vec();
    names.dedup();
    names.len()
}

fn toolsearch_top() -> usize {
    5
}

#[test]
fn the_report_runs_on_the_real_catalog() {
    let Some(shared) = shared_dir() else {
        eprintln!(
            "skipped: shared data (../shared) not found; set TOOLSEARCH_SHARED to run this test"
        );
        return;
    };
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, real_catalog_session(&shared));
    let report = engine.findability(&s);
    assert_eq!(report.tools, 1873);
    let mut unfound: Vec<&str> = report.unfound.iter().map(|u| u.name.as_str()).collect();
    unfound.dedup();
    assert_eq!(report.found + unfound.len(), report.tools);
    assert!(
        report.found * 10 > report.tools * 8,
        "{} of {} found",
        report.found,
        report.tools
    );
    eprintln!(
        "findability on the real catalog: {} tools, {} found by their own words, {} queries missed ({} by name, {} by description), {} duplicate groups, {} thin descriptions",
        report.tools,
        report.found,
        report.unfound.len(),
        report.unfound.iter().filter(|u| u.from == toolsearch::QueryFrom::Name).count(),
        report.unfound.iter().filter(|u| u.from == toolsearch::QueryFrom::Description).count(),
        report.duplicates.len(),
        report.thin.len()
    );
}

/// `count` tools of 50 servers named `<letters>_item`, each described with
/// `describe(i)`.
fn alike(count: usize, describe: impl Fn(usize) -> String) -> serde_json::Value {
    let letters = |mut i: usize| {
        let mut word = String::new();
        for _ in 0..3 {
            word.push(char::from(b'a' + (i % 26) as u8));
            i /= 26;
        }
        word
    };
    let tools: Vec<serde_json::Value> = (0..count)
        .map(|i| {
            tool(
                &format!("mcp__s{}__{}_item", i % 50, letters(i)),
                &describe(i),
                &[],
            )
        })
        .collect();
    let toolsets: serde_json::Map<String, serde_json::Value> = (0..count)
        .map(|i| {
            (
                format!("mcp__s{}__{}_item", i % 50, letters(i)),
                json!(format!("mcp-s{}", i % 50)),
            )
        })
        .collect();
    json!({"tools": tools, "toolsets": toolsets})
}

#[test]
fn tools_written_alike_cost_the_report_their_own_words_not_every_other_tool() {
    // 30,000 tools with one description, named with one shared word: each
    // of their 60,000 queries read every tool holding "item", "update",
    // "record" or "board" (minutes). A word in more than 2,000 tools is
    // left out of a query; a query of nothing else is a finding of its own.
    let count = 30_000;
    for ranking in ["enhanced", "reference"] {
        let engine = engine(json!({ "ranking": ranking }), &[]);
        let s = session(
            &engine,
            alike(count, |_| "Update the record of the board.".into()),
        );
        let report = engine.findability(&s);
        assert_eq!(report.tools, count);
        let described: Vec<_> = report
            .unfound
            .iter()
            .filter(|u| u.from == toolsearch::QueryFrom::Description)
            .collect();
        assert_eq!(described.len(), count, "{ranking}");
        assert!(described
            .iter()
            .all(|u| u.reason.contains("more than 2000 tools") && u.ahead.is_empty()));
        // Each name's own word ("aaa" of "aaa_item") still finds its tool.
        let by_name = report.unfound.len() - described.len();
        assert!(
            by_name * 100 < count,
            "{ranking}: {by_name} names not found"
        );
    }
}

#[test]
fn below_two_thousand_tools_the_report_searches_every_word() {
    // The same catalog of 1,500 tools: every query is searched as written,
    // so the identical descriptions rank the first five tools only.
    let engine = engine(json!({"ranking": "reference"}), &[]);
    let s = session(
        &engine,
        alike(1_500, |_| "Update the record of the board.".into()),
    );
    let report = engine.findability(&s);
    let described: Vec<_> = report
        .unfound
        .iter()
        .filter(|u| u.from == toolsearch::QueryFrom::Description)
        .collect();
    assert_eq!(described.len(), 1_500 - 5);
    assert!(described
        .iter()
        .all(|u| u.ahead.len() == 3 && !u.reason.contains("2000")));
}
