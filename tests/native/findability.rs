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
