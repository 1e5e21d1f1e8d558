//! tool_search (spec §8): argument errors, limits, groups, records, key order.

use serde_json::{json, Value};

use crate::support::{empty_group_hint, engine, parse, search, session, tool};

fn fixture() -> (toolsearch::Engine, toolsearch::Session) {
    let engine = engine(json!({}), &["terminal"]);
    let session = session(
        &engine,
        json!({
            "tools": [
                tool("terminal", "Run a shell command", &["command"]),
                tool("mcp__github__create_issue", "Open a new issue in a GitHub repository.", &["owner", "repo", "title"]),
                tool("mcp__github__list_issues", "List issues of a repository.", &["owner", "repo"]),
                tool("mcp__slack__post_message", "Post a message to a Slack channel.", &["channel", "text"]),
                tool("kanban_add_card", "Add a card to the kanban board.", &["title"]),
            ],
            "toolsets": {
                "mcp__github__create_issue": "mcp-github", "mcp__github__list_issues": "mcp-github",
                "mcp__slack__post_message": "mcp-slack", "kanban_add_card": "kanban", "terminal": "terminal"
            },
            "declaredSources": [{"name": "grafana", "tool_count": 3,
                                 "unavailable": "Grafana is not running. Start Grafana, then try again."}]
        }),
    );
    (engine, session)
}

fn search_json(args: Value) -> Value {
    let (engine, session) = fixture();
    parse(&search(&engine, &args.to_string(), &session))
}

fn error_of(args: &str) -> String {
    let (engine, session) = fixture();
    let out = parse(&search(&engine, args, &session));
    assert_eq!(out.as_object().unwrap().len(), 1, "{out}");
    out["error"].as_str().unwrap().to_owned()
}

#[test]
fn argument_errors() {
    assert_eq!(
        error_of("{}"),
        "`queries` is required and must be an array of strings"
    );
    assert_eq!(
        error_of(r#"{"queries": 5}"#),
        "`queries` is required and must be an array of strings"
    );
    assert_eq!(
        error_of(r#"{"queries": {"a": 1}}"#),
        "`queries` is required and must be an array of strings"
    );
    assert_eq!(
        error_of(r#"{"queries": ["", "  ", null, false, 0]}"#),
        "`queries` is required and must contain at least one non-empty string"
    );
    assert_eq!(
        error_of(r#"{"queries": "   "}"#),
        "`queries` is required and must contain at least one non-empty string"
    );
    assert!(error_of(r#"{"queries": "#).contains("not valid JSON"));
    let eight = error_of(r#"{"queries": ["a","b","c","d","e","f","g","h"]}"#);
    assert!(eight.contains("too many queries"), "{eight}");
    assert!(eight.contains("8 > max 7"), "{eight}");
}

#[test]
fn seven_queries_are_accepted_and_repeats_kept() {
    let out = search_json(json!({"queries": ["issue", "issue", " slack ", "c", "d", "e", "f"]}));
    assert_eq!(
        out["queries"],
        json!(["issue", "issue", "slack", "c", "d", "e", "f"])
    );
    assert_eq!(out["results"].as_array().unwrap().len(), 7);
}

#[test]
fn a_bare_string_is_one_query() {
    let out = search_json(json!({"queries": "slack message"}));
    assert_eq!(
        out["results"][0]["matches"],
        json!(["mcp__slack__post_message"])
    );
}

#[test]
fn limit_defaults_and_clamps_per_query() {
    let all = |limit: Value| {
        let out = search_json(json!({"queries": ["repository"], "limit": limit}));
        out["results"][0]["matches"].as_array().unwrap().len()
    };
    assert_eq!(all(json!(null)), 2);
    assert_eq!(all(json!(1)), 1);
    assert_eq!(all(json!(0)), 1);
    assert_eq!(all(json!(-3)), 1);
    assert_eq!(all(json!("1")), 1);
    assert_eq!(all(json!("lots")), 2);
    let engine = engine(json!({"search_default_limit": 1}), &[]);
    let (_, s) = fixture();
    let out = parse(&search(&engine, r#"{"queries": ["repository"]}"#, &s));
    assert_eq!(out["results"][0]["matches"].as_array().unwrap().len(), 1);
}

#[test]
fn output_shape_and_key_order() {
    let (engine, session) = fixture();
    let out = search(&engine, r#"{"queries": ["github issue", "fax"]}"#, &session);
    let hint = empty_group_hint(&out, 1);
    let expected = json!({
        "queries": ["github issue", "fax"],
        "total_available": 4,
        "results": [
            {"query": "github issue", "matches": ["mcp__github__create_issue", "mcp__github__list_issues"]},
            {"query": "fax", "matches": [], "available_sources": [
                {"name": "github", "tool_count": 2},
                {"name": "grafana", "tool_count": 3, "unavailable": "Grafana is not running. Start Grafana, then try again."},
                {"name": "kanban", "tool_count": 1},
                {"name": "slack", "tool_count": 1}
            ], "hint": hint}
        ],
        "tools": {
            "mcp__github__create_issue": {"source": "mcp", "source_name": "mcp-github",
                "description": "Open a new issue in a GitHub repository.", "required": ["owner", "repo", "title"]},
            "mcp__github__list_issues": {"source": "mcp", "source_name": "mcp-github",
                "description": "List issues of a repository.", "required": ["owner", "repo"]}
        }
    });
    assert_eq!(out, expected.to_string());
}

#[test]
fn shared_tools_map_lists_each_tool_once() {
    let out = search_json(json!({"queries": ["github issue", "issue"]}));
    assert_eq!(out["tools"].as_object().unwrap().len(), 2);
    assert_eq!(out["results"][1]["matches"].as_array().unwrap().len(), 2);
}

#[test]
fn records_clip_description_and_required() {
    let long = "x".repeat(600);
    let required: Vec<String> = (0..40).map(|i| format!("{}{i}", "p".repeat(70))).collect();
    let engine = engine(json!({"defer": ["big"]}), &[]);
    let s = session(
        &engine,
        json!({"tools": [{"name": "big", "description": long,
        "inputSchema": {"type": "object", "required": required.iter().chain([&"ok".to_string()]).collect::<Vec<_>>()}}]}),
    );
    let out = parse(&search(&engine, r#"{"queries": ["big"]}"#, &s));
    let record = &out["tools"]["big"];
    let description = record["description"].as_str().unwrap();
    assert_eq!(description.chars().count(), 501);
    assert!(description.ends_with("x…"));
    let echoed = record["required"].as_array().unwrap();
    assert_eq!(echoed.len(), 32);
    assert!(echoed
        .iter()
        .all(|r| r.as_str().unwrap().chars().count() == 64));
    assert_eq!(record["source"], "other");
}

#[test]
fn exactly_500_characters_are_not_clipped() {
    let engine = engine(json!({"defer": ["t"]}), &[]);
    let s = session(
        &engine,
        json!({"tools": [{"name": "t", "description": "é".repeat(500)}]}),
    );
    let out = parse(&search(&engine, r#"{"queries": ["t"]}"#, &s));
    assert_eq!(
        out["tools"]["t"]["description"]
            .as_str()
            .unwrap()
            .chars()
            .count(),
        500
    );
}

#[test]
fn no_hint_without_sources() {
    let engine = engine(json!({}), &[]);
    let s = session(&engine, json!({"tools": []}));
    let out = parse(&search(&engine, r#"{"queries": ["anything"]}"#, &s));
    assert_eq!(
        out,
        json!({"queries": ["anything"], "total_available": 0,
        "results": [{"query": "anything", "matches": []}], "tools": {}})
    );
}

#[test]
fn plugin_owner_and_unregistered_sources() {
    let engine = engine(json!({"defer": ["loose"]}), &[]);
    let s = session(
        &engine,
        json!({
            "tools": [tool("memo_recall", "Recall a memory", &[]), tool("loose", "A loose tool", &[])],
            "owners": {"memo_recall": "memory-provider"},
            "toolsets": {"memo_recall": 5}
        }),
    );
    let out = parse(&search(
        &engine,
        r#"{"queries": ["loose", "recall memory"]}"#,
        &s,
    ));
    assert_eq!(out["tools"]["loose"]["source"], "other");
    assert_eq!(out["tools"]["loose"]["source_name"], "");
    // An unregistered tool stays visible even with an owner (§3.2 rule 4).
    assert_eq!(out["results"][1]["matches"], json!([]));
}

#[test]
fn a_prepared_tool_list_is_read_once() {
    let (engine, first) = fixture();
    engine.prepare(&first);
    let tools = json!({"tools": [
        tool("terminal", "Run a shell command", &["command"]),
        tool("mcp__github__create_issue", "Open a new issue in a GitHub repository.", &["owner", "repo", "title"]),
        tool("mcp__github__list_issues", "List issues of a repository.", &["owner", "repo"]),
        tool("mcp__slack__post_message", "Post a message to a Slack channel.", &["channel", "text"]),
        tool("kanban_add_card", "Add a card to the kanban board.", &["title"]),
    ]});
    // The same list read again (toolsets aside, which make other tools) is
    // a new list; read once more after it is prepared, it is shared.
    let again = session(&engine, tools.clone());
    assert!(!std::rc::Rc::ptr_eq(&again.tools, &first.tools));
    engine.prepare(&again);
    let third = session(&engine, tools);
    assert!(std::rc::Rc::ptr_eq(&third.tools, &again.tools));
    assert_eq!(third.ids, again.ids);
    // A changed list is read afresh.
    let changed = session(
        &engine,
        json!({"tools": [tool("kanban_add_card", "Add a card.", &[])]}),
    );
    assert!(!std::rc::Rc::ptr_eq(&changed.tools, &again.tools));
    assert_eq!(changed.tools.len(), 1);
}
