//! Configuration through the engine (spec §2) and classification (§3).

use serde_json::{json, Value};
use toolsearch::TriState;

use crate::support::{engine, parse, search, session, tool};

#[test]
fn engine_resolves_and_shows_config() {
    let e = engine(
        json!({"max_search_limit": 99, "listing": "OFF", "defer": "oops"}),
        &[],
    );
    let c = e.config();
    assert_eq!(c.max_search_limit, 50);
    assert_eq!(c.listing, TriState::Off);
    assert_eq!(c.defer.len(), 17);
    let shown = serde_json::to_value(c).unwrap();
    let keys: Vec<&String> = shown.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "enabled",
            "threshold_pct",
            "search_default_limit",
            "max_search_limit",
            "listing",
            "listing_max_tokens",
            "defer",
            "connectors",
            "ranking",
            "ranking_ablation",
            "tool_call_scope",
            "max_searches_per_turn",
            "warnings"
        ]
    );
    // The spec's behaviour under the reference ranking; ours under the enhanced one.
    assert_eq!(shown["tool_call_scope"], "deferred");
    assert_eq!(shown["max_searches_per_turn"], Value::Null);
    let enhanced = engine(json!({"ranking": "enhanced"}), &[]);
    assert_eq!(
        enhanced.config().tool_call_scope,
        toolsearch::CallScope::Session
    );
    assert_eq!(enhanced.config().max_searches_per_turn, Some(6));
    let set = engine(
        json!({"ranking": "enhanced", "tool_call_scope": "Deferred", "max_searches_per_turn": false}),
        &[],
    );
    assert_eq!(
        set.config().tool_call_scope,
        toolsearch::CallScope::Deferred
    );
    assert_eq!(set.config().max_searches_per_turn, None);
    let guarded = engine(
        json!({"max_searches_per_turn": 3, "tool_call_scope": "all"}),
        &[],
    );
    assert_eq!(guarded.config().max_searches_per_turn, Some(3));
    assert_eq!(
        guarded.config().tool_call_scope,
        toolsearch::CallScope::Deferred
    );
    assert!(guarded.config().warnings[0].contains("`tool_call_scope` must be"));
    assert_eq!(shown["connectors"], json!({"enabled": true}));
}

fn deferred_names(config: Value, core: &[&str], direct: Option<Vec<String>>) -> Vec<String> {
    let engine = toolsearch::Engine::new(&toolsearch::Options {
        config,
        core_tools: core.iter().map(|s| s.to_string()).collect(),
        direct_surface_toolsets: direct,
        ..Default::default()
    });
    let s = session(
        &engine,
        json!({
            "tools": [
                tool("terminal", "", &[]), tool("todo_list", "", &[]), tool("mcp_x", "", &[]),
                tool("gui", "", &[]), tool("card", "", &[]), tool("stray", "", &[]),
                tool("tool_search", "", &[]), tool("manage_connections", "", &[])
            ],
            "toolsets": {"terminal": "terminal", "todo_list": "todo", "mcp_x": "mcp-x", "gui": "desktop_ui",
                         "card": "kanban", "manage_connections": "connections", "tool_search": "mcp-x"}
        }),
    );
    let prepared = engine.prepare(&s);
    prepared
        .catalog
        .entries()
        .iter()
        .map(|e| e.name().to_owned())
        .collect()
}

#[test]
fn classification_rules() {
    assert_eq!(
        deferred_names(json!({}), &["terminal", "todo_list"], None),
        ["todo_list", "mcp_x", "card", "manage_connections"]
    );
    assert_eq!(
        deferred_names(json!({"defer": []}), &["terminal", "todo_list"], None),
        ["mcp_x", "card", "manage_connections"]
    );
    assert_eq!(
        deferred_names(
            json!({"defer": ["terminal", "stray"]}),
            &["terminal"],
            Some(vec![])
        ),
        [
            "terminal",
            "todo_list",
            "mcp_x",
            "gui",
            "card",
            "stray",
            "manage_connections"
        ]
    );
}

#[test]
fn non_object_session_is_an_error() {
    let e = engine(json!({}), &[]);
    let Err(error) = e.session_from_json(&json!([1])) else {
        panic!("accepted an array")
    };
    assert!(error.contains("array"), "{error}");
    let s = e
        .session_from_json(&json!({"tools": "nope", "toolsets": 3}))
        .unwrap();
    assert!(s.tools.is_empty());
    assert_eq!(
        parse(&search(&e, r#"{"queries":["x"]}"#, &s))["total_available"],
        0
    );
}
