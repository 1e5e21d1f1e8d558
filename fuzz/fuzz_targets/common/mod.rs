//! What every fuzz target shares: a small session written for fuzzing, a
//! host that answers at once, and the invariants every answer must keep.
#![allow(dead_code)] // each target uses a part

use std::collections::HashSet;

use serde_json::{json, Value};
use toolsearch::CallContext;
use toolsearch::{Answer, Engine, Options, Session};

#[allow(dead_code)]
#[path = "../../../tests/native/support.rs"]
mod support;

pub use support::FakeHost;

/// A host whose tools all answer "ran", recording each call.
pub fn quiet_host() -> FakeHost {
    FakeHost {
        answer: Some(Ok("ran".to_owned())),
        ..FakeHost::default()
    }
}

thread_local! {
    static FIXTURES: [(Engine, Session); 2] = [false, true].map(|enhanced| {
        let engine = engine(enhanced);
        let session = engine.session_from_json(&fixture_session()).unwrap();
        (engine, session)
    });
}

/// Runs `f` with the fixture session on the reference and the enhanced
/// ranking (built once per thread, so later runs hit warm caches).
pub fn with_fixtures<R>(f: impl FnOnce(&[(Engine, Session); 2]) -> R) -> R {
    FIXTURES.with(f)
}

/// Eight tools of several shapes and languages, each in an `mcp-*` toolset.
pub fn fixture_session() -> Value {
    let openai = |name: &str, description: &str, params: Value, required: Value| {
        json!({"type": "function", "function": {"name": name, "description": description,
            "parameters": {"type": "object", "properties": params, "required": required}}})
    };
    let tools = vec![
        openai(
            "mcp__tracker__create_issue",
            "Open a new issue with a title and body",
            json!({"title": {"type": "string"}, "body": {"type": "string"}, "labels": {"type": "array", "items": {"type": "string"}}}),
            json!(["title"]),
        ),
        openai(
            "mcp__chat__send_message",
            "Post a message to a channel",
            json!({"channel": {"type": "string", "description": "Channel id"}, "text": {"type": "string"}}),
            json!(["channel", "text"]),
        ),
        openai(
            "mcp__cluster__kubectl_describe",
            "Describe a Kubernetes resource such as a pod or deployment",
            json!({"kind": {"type": "string", "enum": ["pod", "deployment", "service"]}, "name": {"type": "string"}}),
            json!(["kind", "name"]),
        ),
        openai(
            "mcp__files__read_file",
            "Read the contents of a file",
            json!({"path": {"type": "string", "minLength": 1}, "offset": {"type": "integer", "minimum": 0}}),
            json!(["path"]),
        ),
        json!({"name": "mcp__db__run_query", "description": "Execute a SQL query against the database",
            "inputSchema": {"type": "object", "properties": {"sql": {"type": "string", "pattern": "^[A-Za-z]"}, "limit": {"type": ["integer", "null"]}}, "required": ["sql"]}}),
        json!({"name": "mcp__maps__directions", "description": "経路を検索します: directions between two places",
            "inputSchema": {"type": "object", "properties": {"from": {"type": "string"}, "to": {"type": "string"}, "mode": {"enum": ["driving", "walking"]}}}}),
        json!({"name": "mcp__mail__searchEmails", "description": "E-Mails durchsuchen (search emails)",
            "input_schema": {"type": "object", "properties": {"query": {"type": "string"}, "options": {"type": "object", "properties": {"count": {"type": "integer"}}, "additionalProperties": false}}}}),
        openai(
            "mcp__misc__no_params",
            "A tool without parameters",
            json!({}),
            json!([]),
        ),
    ];
    let toolsets: serde_json::Map<String, Value> = tools
        .iter()
        .map(|t| {
            let name = t.get("function").unwrap_or(t)["name"]
                .as_str()
                .unwrap_or_default();
            let server = name.split("__").nth(1).unwrap_or("x");
            (name.to_owned(), json!(format!("mcp-{server}")))
        })
        .collect();
    json!({"tools": tools, "toolsets": toolsets})
}

/// An engine with the reference (`enhanced` false) or enhanced ranking.
pub fn engine(enhanced: bool) -> Engine {
    let ranking = if enhanced { "enhanced" } else { "reference" };
    Engine::new(&Options {
        config: json!({"ranking": ranking}),
        ..Options::default()
    })
}

/// The names a session holds.
pub fn session_names(session: &Value) -> HashSet<String> {
    session["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t.get("function").unwrap_or(t).get("name")?.as_str())
        .map(str::to_owned)
        .collect()
}

/// Parses an answer: every bridge answers with JSON.
pub fn json_of(answer: &str) -> Value {
    serde_json::from_str(answer).unwrap_or_else(|e| panic!("not JSON ({e}): {answer}"))
}

/// A tool_search answer names only tools of the session.
pub fn assert_in_session(answer: &Value, names: &HashSet<String>) {
    for group in answer["results"].as_array().into_iter().flatten() {
        for name in group["matches"].as_array().into_iter().flatten() {
            let name = name.as_str().unwrap_or_default();
            assert!(names.contains(name), "{name} is not in the session");
        }
    }
    for name in answer["tools"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, _)| k)
    {
        assert!(names.contains(name), "{name} is not in the session");
    }
}

/// The text of a bridge's own answer (not a tool's), after checking that its
/// kind agrees with it: an error's text is `{"error", ...}`, a search
/// answer's matches are the names of its records, in order, and its facts'
/// groups are its results' matches.
pub fn checked_text<R>(answer: Answer<R>) -> String {
    match &answer {
        Answer::Error { text, class } => {
            assert!(json_of(text).get("error").is_some(), "{class}: {text}");
        }
        Answer::Bridge {
            text,
            matches,
            facts,
        } => {
            let value = json_of(text);
            assert!(
                value.get("error").is_none(),
                "an error answered as a bridge's: {text}"
            );
            if let Some(tools) = value.get("queries").and(value["tools"].as_object()) {
                assert!(
                    tools.keys().eq(matches.iter()),
                    "matches {matches:?} of {text}"
                );
                let results = value["results"].as_array().map_or(&[][..], Vec::as_slice);
                let said: Vec<&Vec<String>> = facts.groups.iter().map(|g| &g.matches).collect();
                let written: Vec<Vec<String>> = results
                    .iter()
                    .map(|r| {
                        let names = r["matches"].as_array().map_or(&[][..], Vec::as_slice);
                        names
                            .iter()
                            .filter_map(|n| n.as_str().map(str::to_owned))
                            .collect()
                    })
                    .collect();
                assert!(
                    said.iter().copied().eq(written.iter()),
                    "facts {said:?} of {text}"
                );
            }
        }
        Answer::Tool { .. } | Answer::Connectors { .. } => {}
    }
    answer.into_text()
}

/// tool_search, twice: the same answer both times.
pub fn search(engine: &Engine, args: &str, session: &Session) -> String {
    let run = || {
        support::block_on(engine.tool_search(args, session, &quiet_host(), &CallContext::default()))
    };
    let first = run();
    assert_eq!(first, run(), "tool_search is not deterministic");
    checked_text(first)
}

/// tool_describe, twice: the same bytes both times.
pub fn describe(engine: &Engine, args: &str, session: &Session) -> String {
    let run = || {
        support::block_on(engine.tool_describe(
            args,
            session,
            &quiet_host(),
            &CallContext::default(),
        ))
    };
    let first = run();
    assert_eq!(first, run(), "tool_describe is not deterministic");
    checked_text(first)
}

/// tool_call, twice: the same bytes both times; the names it ran.
pub fn call(engine: &Engine, args: &str, session: &Session) -> (String, Vec<String>) {
    let host = quiet_host();
    let run = || support::block_on(engine.tool_call(args, session, &host, &CallContext::default()));
    let first = run();
    assert_eq!(first, run(), "tool_call is not deterministic");
    let first = checked_text(first);
    let ran = host
        .calls
        .borrow()
        .iter()
        .map(|(name, _)| name.clone())
        .collect();
    (first, ran)
}
