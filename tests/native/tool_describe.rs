//! tool_describe (spec §9): dedupe, cap, not_found, errors, key order.

use serde_json::json;

use crate::support::{describe, engine, parse, session, tool};

fn describe_args(args: &str) -> serde_json::Value {
    let engine = engine(json!({}), &["terminal"]);
    let s = session(
        &engine,
        json!({
            "tools": [
                tool("terminal", "Run a shell command", &["command"]),
                {"name": "mcp__github__create_issue", "description": "Open an issue",
                 "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}},
                {"name": "mcp__github__bare"},
                tool("preview", "A GUI preview", &[]),
                tool("local_helper", "Visible, registered nowhere", &[])
            ],
            "toolsets": {"mcp__github__create_issue": "mcp-github", "mcp__github__bare": "mcp-github",
                         "preview": "desktop_ui", "elsewhere": "kanban", "panel": "desktop_ui"}
        }),
    );
    parse(&describe(&engine, args, &s))
}

#[test]
fn describes_local_tools_as_stored() {
    let out = describe_args(
        r#"{"names": ["mcp__github__create_issue", "mcp__github__create_issue", "mcp__github__bare"]}"#,
    );
    assert_eq!(
        out.to_string(),
        json!({"tools": {
            "mcp__github__create_issue": {"description": "Open an issue", "parameters":
                {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}},
            "mcp__github__bare": {"description": "", "parameters": {}}
        }})
        .to_string()
    );
}

#[test]
fn unknown_names_and_refusals() {
    let out = describe_args(
        r#"{"names": ["nope", "terminal", "preview", "connectors__gmail__SEND", "elsewhere", "local_helper", "panel"]}"#,
    );
    assert_eq!(out["tools"], json!({}));
    // An unregistered tool is not_found even when the session shows it, and
    // so is a registered deferrable tool outside the session's definitions
    // (`elsewhere`, toolset "kanban"); only a registered tool that does not
    // defer is refused (§9 step 4).
    assert_eq!(
        out["not_found"],
        json!([
            "nope",
            "connectors__gmail__SEND",
            "elsewhere",
            "local_helper"
        ])
    );
    let hint = out["hint"].as_str().unwrap();
    assert!(hint.contains("not currently available") && hint.contains("tool_search"));
    let errors = out["errors"].as_object().unwrap();
    assert_eq!(
        errors.keys().collect::<Vec<_>>(),
        ["terminal", "preview", "panel"]
    );
    assert!(errors["terminal"]
        .as_str()
        .unwrap()
        .contains("directly-listed tool"));
    assert!(errors["terminal"]
        .as_str()
        .unwrap()
        .contains("call it directly"));
    assert!(errors["panel"]
        .as_str()
        .unwrap()
        .contains("not available in this session"));
    let keys: Vec<&String> = out.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["tools", "not_found", "hint", "errors"]);
}

#[test]
fn argument_errors_and_cap() {
    assert_eq!(
        describe_args("{}")["error"],
        "`names` is required and must be an array of strings"
    );
    assert_eq!(
        describe_args(r#"{"names": [""]}"#)["error"],
        "`names` is required and must contain at least one non-empty string"
    );
    let eleven: Vec<String> = (0..11).map(|i| format!("n{i}")).collect();
    let err = describe_args(&json!({ "names": eleven }).to_string())["error"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(err.starts_with("too many names: 11 > max 10."), "{err}");
    let repeated = json!({"names": ["a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "b"]});
    assert_eq!(
        describe_args(&repeated.to_string())["not_found"],
        json!(["a", "b"])
    );
    assert_eq!(
        describe_args(r#"{"names": "mcp__github__bare"}"#)["tools"]["mcp__github__bare"]
            ["parameters"],
        json!({})
    );
}

#[test]
fn under_the_session_scope_a_visible_tool_is_described_like_a_deferred_one() {
    let session_json = json!({
        "tools": [tool("terminal", "Run a command", &["command"]), tool("session_search", "Search sessions", &["query"])],
        "toolsets": {"terminal": "terminal"}
    });
    let enhanced = engine(
        json!({"ranking": "enhanced", "defer": ["session_search"]}),
        &["terminal"],
    );
    let s = session(&enhanced, session_json.clone());
    let out = parse(&describe(
        &enhanced,
        r#"{"names": ["terminal", "manage_connections"]}"#,
        &s,
    ));
    assert_eq!(out["tools"]["terminal"]["description"], "Run a command");
    assert_eq!(
        out["tools"]["terminal"]["parameters"]["required"],
        json!(["command"])
    );
    let reference = engine(json!({"defer": ["session_search"]}), &["terminal"]);
    let s = session(&reference, session_json);
    let out = parse(&describe(&reference, r#"{"names": ["terminal"]}"#, &s));
    assert!(out["errors"]["terminal"]
        .as_str()
        .unwrap()
        .contains("directly-listed tool"));
}
