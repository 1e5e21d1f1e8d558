//! tool_call (spec §10): resolution, scope, validation, execution.

use serde_json::{json, Value};
use toolsearch::Resolution;

use crate::support::{call, engine, handle, parse, session, shared_dir, tool, FakeHost};

fn fixture() -> (toolsearch::Engine, toolsearch::Session) {
    let engine = engine(
        json!({"defer": ["session_search"]}),
        &["terminal", "session_search"],
    );
    let s = session(&engine, fixture_session_json());
    (engine, s)
}

fn fixture_session_json() -> Value {
    json!({
        "tools": [
            tool("terminal", "Run a command", &["command"]),
            tool("session_search", "Search past sessions", &["query"]),
            {"name": "mcp__tracker__create_ticket", "description": "Create a ticket",
             "inputSchema": {"type": "object", "properties": {
                "title": {"type": "string"},
                "priority": {"type": "string", "enum": ["low", "high"]},
                "assignee": {"type": ["string", "null"]},
                "options": {"type": "object", "properties": {"count": {"type": "integer"}},
                            "required": ["count"], "additionalProperties": false}
             }, "required": ["title"]}}
        ],
        "toolsets": {"mcp__tracker__create_ticket": "mcp-tracker", "mcp__tracker__delete_ticket": "mcp-tracker",
                     "terminal": "terminal"}
    })
}

fn run_call(args: Value, answer: Option<Result<String, String>>) -> (Value, Vec<(String, Value)>) {
    let (engine, s) = fixture();
    let host = FakeHost {
        answer,
        ..FakeHost::default()
    };
    let out = call(&engine, &args.to_string(), &s, &host);
    let calls = host.calls.borrow().clone();
    (
        serde_json::from_str(&out).unwrap_or(Value::String(out)),
        calls,
    )
}

#[test]
fn runs_a_valid_call_with_coerced_arguments() {
    let args = json!({"calls": [{"name": "mcp__tracker__create_ticket",
        "arguments": {"title": "Login crash", "options": "{\"count\": 2}", "__proto__": {"polluted": true}}}]});
    let (out, calls) = run_call(args, Some(Ok("created #7".into())));
    assert_eq!(out, Value::String("created #7".into()));
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].0, "mcp__tracker__create_ticket");
    assert_eq!(calls[0].1["options"]["count"], 2);
    assert_eq!(calls[0].1["__proto__"], json!({"polluted": true}));
}

#[test]
fn the_text_null_reaches_the_executor_as_null_where_null_is_allowed() {
    let args = json!({"calls": [{"name": "mcp__tracker__create_ticket",
        "arguments": {"title": "null", "assignee": "null"}}]});
    let (out, calls) = run_call(args, Some(Ok("created".into())));
    assert_eq!(out, Value::String("created".into()));
    // §10.7: a nullable property gets null; a plain string keeps the text.
    assert_eq!(calls[0].1, json!({"title": "null", "assignee": null}));
}

#[test]
fn pinned_validation_errors_run_nothing() {
    let cases = [
        (
            json!({"title": "t", "options": {"count": "lots"}}),
            "arguments.options.count",
            "type",
        ),
        // Scalars are repaired at the top level only (§10.7).
        (
            json!({"title": "t", "options": {"count": "2"}}),
            "arguments.options.count",
            "type",
        ),
        (
            json!({"title": "t", "options": {}}),
            "arguments.options",
            "required",
        ),
        (
            json!({"title": "t", "options": {"count": 1, "x": 1}}),
            "arguments.options",
            "additionalProperties",
        ),
        (
            json!({"title": "t", "priority": "urgent"}),
            "arguments.priority",
            "enum",
        ),
        (json!({}), "arguments", "required"),
    ];
    for (arguments, path, constraint) in cases {
        let args =
            json!({"calls": [{"name": "mcp__tracker__create_ticket", "arguments": arguments}]});
        let (out, calls) = run_call(args, Some(Ok("ran".into())));
        assert!(calls.is_empty(), "{out}");
        assert_eq!(out["path"], path);
        assert_eq!(out["constraint"], constraint);
        assert!(out["error"].as_str().unwrap().contains("NOT invoked"));
        assert_eq!(out["parameters"]["required"], json!(["title"]));
    }
}

#[test]
fn refusals() {
    let error = |args: Value| {
        run_call(args, Some(Ok("ran".into()))).0["error"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(
        error(json!({"calls": [{"name": "terminal", "arguments": {}}]}))
            .contains("directly-listed tool")
    );
    let deleted =
        error(json!({"calls": [{"name": "mcp__tracker__delete_ticket", "arguments": {}}]}));
    assert_eq!(deleted, "'mcp__tracker__delete_ticket' is not available in this session. Use tool_search to find tools you can call.");
    let bare = error(json!({"calls": [{"name": "create_ticket", "arguments": {}}]}));
    assert!(bare.contains("not a known tool name"), "{bare}");
    assert!(
        bare.contains("Did you mean 'mcp__tracker__create_ticket'?"),
        "{bare}"
    );
    assert!(error(json!({"calls": [{"name": "tool_search"}]})).contains("itself a bridge tool"));
    assert_eq!(
        error(json!({"calls": [{"name": "connectors__gmail__send", "arguments": {}}]})),
        "Connectors are not available in this session."
    );
    let batch = error(json!({"calls": [
        {"name": "session_search", "arguments": {"query": "alpha"}},
        {"name": "mcp__tracker__create_ticket", "arguments": {"title": "x"}}]}));
    assert!(batch.contains(r#"Retry with only: {"calls":[{"name":"session_search","arguments":{"query":"alpha"}}]}"#), "{batch}");
}

#[test]
fn core_tool_named_in_defer_runs_through_the_bridge() {
    let (out, calls) = run_call(
        json!({"name": "session_search", "arguments": "{\"query\": \"alpha\"}"}),
        Some(Ok("3 hits".into())),
    );
    assert_eq!(out, Value::String("3 hits".into()));
    assert_eq!(calls[0].1, json!({"query": "alpha"}));
}

#[test]
fn host_failures_become_error_json() {
    let args =
        json!({"calls": [{"name": "mcp__tracker__create_ticket", "arguments": {"title": "x"}}]});
    let (out, _) = run_call(args.clone(), None);
    assert!(out["error"]
        .as_str()
        .unwrap()
        .contains("does not run local tools"));
    let (out, _) = run_call(args, Some(Err("boom".into())));
    assert_eq!(
        out["error"],
        "tool 'mcp__tracker__create_ticket' failed: boom"
    );
}

#[test]
fn resolution_kinds() {
    let (engine, s) = fixture();
    let local = engine.resolve_tool_call(
        r#"{"calls": [{"name": "mcp__tracker__create_ticket", "arguments": {"title": "x"}}]}"#,
        &s,
    );
    assert_eq!(
        serde_json::to_value(&local).unwrap(),
        json!({"kind": "local", "name": "mcp__tracker__create_ticket", "arguments": {"title": "x"}})
    );
    let connectors = engine.resolve_tool_call(r#"{"calls": [{"name": "connectors__gmail__SEND"}, {"name": "connectors__linear__LIST", "arguments": "{}"}]}"#, &s);
    assert_eq!(
        serde_json::to_value(&connectors).unwrap(),
        json!({"kind": "connectors", "calls": [{"name": "connectors__gmail__SEND", "arguments": {}}, {"name": "connectors__linear__LIST", "arguments": {}}]})
    );
    assert!(matches!(
        engine.resolve_tool_call("{}", &s),
        Resolution::Error { .. }
    ));
}

#[test]
fn handle_dispatches_bridge_names() {
    let (engine, s) = fixture();
    let host = FakeHost::default();
    assert!(handle(&engine, "terminal", "{}", &s, &host).is_none());
    let out = handle(
        &engine,
        "tool_search",
        r#"{"queries": ["ticket"]}"#,
        &s,
        &host,
    )
    .unwrap();
    assert_eq!(
        parse(&out)["results"][0]["matches"],
        json!(["mcp__tracker__create_ticket"])
    );
    assert!(
        handle(&engine, "tool_describe", r#"{"names": ["x"]}"#, &s, &host)
            .unwrap()
            .contains("not_found")
    );
    assert!(handle(&engine, "tool_call", "{}", &s, &host)
        .unwrap()
        .contains("requires 'calls'"));
}

#[test]
fn real_github_create_issue() {
    let Some(shared) = shared_dir() else { return };
    let text = std::fs::read_to_string(shared.join("catalogs/github-legacy.json")).unwrap();
    let catalog: Value = serde_json::from_str(&text).unwrap();
    let tools: Vec<Value> = catalog["tools"].as_array().unwrap().clone();
    let toolsets: serde_json::Map<String, Value> = tools
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_owned(), json!("mcp-github")))
        .collect();
    let engine = engine(json!({}), &[]);
    let s = session(&engine, json!({"tools": tools, "toolsets": toolsets}));
    let host = FakeHost {
        answer: Some(Ok("{\"number\": 1}".into())),
        ..FakeHost::default()
    };
    let good = json!({"calls": [{"name": "create_issue", "arguments":
        {"owner": "octo", "repo": "demo", "title": "Bug", "labels": "bug", "milestone": "3"}}]});
    assert_eq!(
        call(&engine, &good.to_string(), &s, &host),
        "{\"number\": 1}"
    );
    assert_eq!(
        host.calls.borrow()[0].1,
        json!({"owner": "octo", "repo": "demo", "title": "Bug", "labels": ["bug"], "milestone": 3})
    );
    let cases = [
        (
            json!({"owner": "octo", "repo": "demo"}),
            "arguments",
            "required",
        ),
        (
            json!({"owner": "octo", "repo": 5, "title": "t"}),
            "arguments.repo",
            "type",
        ),
        (
            json!({"owner": "octo", "repo": "r", "title": "t", "color": "red"}),
            "arguments",
            "additionalProperties",
        ),
    ];
    for (arguments, path, constraint) in cases {
        let bad = json!({"calls": [{"name": "create_issue", "arguments": arguments}]});
        let out = parse(&call(&engine, &bad.to_string(), &s, &host));
        assert_eq!(
            (
                out["path"].as_str().unwrap(),
                out["constraint"].as_str().unwrap()
            ),
            (path, constraint),
            "{out}"
        );
    }
    assert_eq!(host.calls.borrow().len(), 1);
}

#[test]
fn a_variant_of_a_deferred_name_is_told_the_exact_name_not_to_call_it_directly() {
    let (_, s) = fixture();
    let variant =
        json!({"calls": [{"name": "MCP__Tracker__Create-Ticket", "arguments": {"title": "x"}}]})
            .to_string();
    let host = FakeHost::default();
    let enhanced = engine(
        json!({"ranking": "enhanced", "defer": ["session_search"]}),
        &["terminal", "session_search"],
    );
    let s_enhanced = session(&enhanced, fixture_session_json());
    let told = parse(&call(&enhanced, &variant, &s_enhanced, &host));
    let text = told["error"].as_str().unwrap();
    assert!(
        text.contains("Did you mean 'mcp__tracker__create_ticket'"),
        "{text}"
    );
    assert!(!text.contains("directly"), "{text}");
    // The spec's wording stays under the reference ranking (§10.6).
    let (reference, _) = fixture();
    let spec = parse(&call(&reference, &variant, &s, &host));
    assert!(spec["error"]
        .as_str()
        .unwrap()
        .contains("directly-listed tool"));
    assert!(host.calls.borrow().is_empty());
}

/// A host whose `approve` answers `verdict` and records what it was asked.
struct ApprovingHost {
    verdict: toolsearch::Approval,
    asked: std::cell::RefCell<Vec<(String, Value, Option<Value>)>>,
    runs: FakeHost,
}

impl ApprovingHost {
    fn new(verdict: toolsearch::Approval) -> ApprovingHost {
        ApprovingHost {
            verdict,
            asked: Default::default(),
            runs: FakeHost {
                answer: Some(Ok("deleted".into())),
                ..FakeHost::default()
            },
        }
    }
}

impl toolsearch::Host for ApprovingHost {
    type Returned = String;

    async fn execute_tool(
        &self,
        name: &str,
        arguments: &serde_json::Map<String, Value>,
    ) -> Result<toolsearch::ToolOutput<String>, toolsearch::HostError> {
        self.runs.execute_tool(name, arguments).await
    }

    async fn approve(
        &self,
        name: &str,
        arguments: &serde_json::Map<String, Value>,
        annotations: Option<&serde_json::Map<String, Value>>,
    ) -> toolsearch::Approval {
        self.asked.borrow_mut().push((
            name.to_owned(),
            Value::Object(arguments.clone()),
            annotations.cloned().map(Value::Object),
        ));
        self.verdict.clone()
    }
}

fn annotated_session() -> (toolsearch::Engine, toolsearch::Session) {
    annotated_session_under(json!({}))
}

/// The annotated session, under the engine of `config`.
fn annotated_session_under(config: Value) -> (toolsearch::Engine, toolsearch::Session) {
    let engine = engine(config, &[]);
    let s = session(
        &engine,
        json!({"tools": [
            {"name": "delete_repo", "description": "Delete a repository for good",
             "inputSchema": {"type": "object", "properties": {"repo": {"type": "string"}}, "required": ["repo"]},
             "annotations": {"title": "Delete repository", "destructiveHint": true, "readOnlyHint": false, "x": 1}},
            tool("list_repos", "List repositories", &[])
        ], "toolsets": {"delete_repo": "mcp-git", "list_repos": "mcp-git"}}),
    );
    (engine, s)
}

const DELETE: &str = r#"{"calls": [{"name": "delete_repo", "arguments": {"repo": "prod"}}]}"#;

#[test]
fn approve_sees_the_call_and_its_annotations_before_the_tool_runs() {
    let (engine, s) = annotated_session();
    let host = ApprovingHost::new(toolsearch::Approval::Allow);
    assert_eq!(call(&engine, DELETE, &s, &host), "deleted");
    let asked = host.asked.borrow().clone();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].0, "delete_repo");
    assert_eq!(asked[0].1, json!({"repo": "prod"}));
    assert_eq!(
        asked[0].2,
        Some(json!({"title": "Delete repository", "readOnlyHint": false, "destructiveHint": true}))
    );
    let plain = r#"{"calls": [{"name": "list_repos", "arguments": {}}]}"#;
    call(&engine, plain, &s, &host);
    assert_eq!(host.asked.borrow()[1].2, None, "a tool without annotations");
}

#[test]
fn a_denied_asked_or_failed_approval_runs_nothing_and_says_why() {
    use toolsearch::{Approval, CallbackError};
    let (engine, s) = annotated_session();
    let cases = [
        (
            Approval::Deny(Some("prod is protected".into())),
            "denied",
            "prod is protected",
        ),
        (
            Approval::Deny(None),
            "denied",
            "did not allow 'delete_repo'",
        ),
        (
            Approval::Ask(Some("Delete prod?".into())),
            "approval_required",
            "The host asks: Delete prod?",
        ),
        (
            Approval::Ask(None),
            "approval_required",
            "ask them to approve it",
        ),
        (
            Approval::Failed(CallbackError::Threw(Some("no UI".into()))),
            "approval_failed",
            "approval check failed (no UI)",
        ),
    ];
    for (verdict, class, fragment) in cases {
        let host = ApprovingHost::new(verdict);
        let answer = crate::support::block_on(engine.tool_call(
            DELETE,
            &s,
            &host,
            &toolsearch::CallContext::default(),
        ));
        let toolsearch::Answer::Error { text, class: got } = answer else {
            panic!("{class}: not an error");
        };
        assert_eq!(got, class);
        let error = parse(&text)["error"].as_str().unwrap().to_owned();
        assert!(
            error.contains(fragment) && error.contains("NOT invoked"),
            "{error}"
        );
        assert!(host.runs.calls.borrow().is_empty(), "{class}: the tool ran");
    }
}

#[test]
fn approval_comes_after_validation() {
    let (engine, s) = annotated_session();
    let host = ApprovingHost::new(toolsearch::Approval::Allow);
    let out = call(
        &engine,
        r#"{"calls": [{"name": "delete_repo", "arguments": {}}]}"#,
        &s,
        &host,
    );
    assert!(out.contains("repo"), "{out}");
    assert!(
        host.asked.borrow().is_empty(),
        "asked about a call that cannot run"
    );
}

#[test]
fn under_the_reference_ranking_records_are_the_specs_without_annotations() {
    let (engine, s) = annotated_session();
    let found = parse(&crate::support::search(
        &engine,
        r#"{"queries": ["delete repository"]}"#,
        &s,
    ));
    let record: Vec<&String> = found["tools"]["delete_repo"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(record, ["source", "source_name", "description", "required"]);
    let described = parse(&crate::support::describe(
        &engine,
        r#"{"names": ["delete_repo"]}"#,
        &s,
    ));
    let record: Vec<&String> = described["tools"]["delete_repo"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(record, ["description", "parameters"]);
}

#[test]
fn search_and_describe_records_carry_annotations() {
    let (engine, s) = annotated_session_under(json!({"ranking": "enhanced"}));
    let found = parse(&crate::support::search(
        &engine,
        r#"{"queries": ["delete repository"]}"#,
        &s,
    ));
    assert_eq!(
        found["tools"]["delete_repo"]["annotations"],
        json!({"title": "Delete repository", "readOnlyHint": false, "destructiveHint": true})
    );
    let described = parse(&crate::support::describe(
        &engine,
        r#"{"names": ["delete_repo", "list_repos"]}"#,
        &s,
    ));
    assert_eq!(
        described["tools"]["delete_repo"]["annotations"]["destructiveHint"],
        true
    );
    let keys: Vec<&String> = described["tools"]["list_repos"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(
        keys,
        ["description", "parameters"],
        "no annotations: the spec's record"
    );
}

#[test]
fn under_the_session_scope_tool_call_runs_a_visible_tool_validated_like_a_deferred_one() {
    let enhanced = engine(
        json!({"ranking": "enhanced", "defer": ["session_search"]}),
        &["terminal", "session_search"],
    );
    let s = session(&enhanced, fixture_session_json());
    let host = FakeHost {
        answer: Some(Ok("ran".into())),
        ..FakeHost::default()
    };
    let terminal = |arguments: Value| {
        call(
            &enhanced,
            &json!({"calls": [{"name": "terminal", "arguments": arguments}]}).to_string(),
            &s,
            &host,
        )
    };
    assert_eq!(terminal(json!({"command": "ls"})), "ran");
    assert_eq!(
        host.calls.borrow()[0],
        ("terminal".to_owned(), json!({"command": "ls"}))
    );
    let missing = parse(&terminal(json!({})));
    assert!(
        missing["error"]
            .as_str()
            .unwrap()
            .contains("missing required argument(s): command"),
        "{missing}"
    );
    assert_eq!(host.calls.borrow().len(), 1);
    // A name the session does not hold is still refused, with close names.
    let unknown = parse(&call(
        &enhanced,
        r#"{"calls": [{"name": "create_ticket"}]}"#,
        &s,
        &host,
    ));
    assert!(
        unknown["error"]
            .as_str()
            .unwrap()
            .contains("mcp__tracker__create_ticket"),
        "{unknown}"
    );
    // The spec's refusal, as an option and under the reference ranking.
    let deferred = engine(
        json!({"ranking": "enhanced", "tool_call_scope": "deferred", "defer": ["session_search"]}),
        &["terminal", "session_search"],
    );
    let s_deferred = session(&deferred, fixture_session_json());
    let refused = parse(&call(
        &deferred,
        r#"{"calls": [{"name": "terminal", "arguments": {"command": "ls"}}]}"#,
        &s_deferred,
        &host,
    ));
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("directly-listed tool"),
        "{refused}"
    );
    assert_eq!(host.calls.borrow().len(), 1);
    let resolved = deferred_resolution(&enhanced, &s);
    assert!(
        matches!(resolved, Resolution::Local { ref name, .. } if name == "terminal"),
        "{resolved:?}"
    );
}

fn deferred_resolution(engine: &toolsearch::Engine, s: &toolsearch::Session) -> Resolution {
    engine.resolve_tool_call(
        r#"{"calls": [{"name": "terminal", "arguments": {"command": "ls"}}]}"#,
        s,
    )
}

/// A tool whose schema has `levels` definitions, each applying the next twice:
/// the validator's work doubles per level.
fn doubling_reference_session(engine: &toolsearch::Engine, levels: usize) -> toolsearch::Session {
    let mut defs = serde_json::Map::new();
    for i in 0..levels {
        let next = json!({"$ref": format!("#/$defs/d{}", i + 1)});
        let def = if i + 1 < levels {
            json!({"allOf": [next, next]})
        } else {
            json!({"type": "string"})
        };
        defs.insert(format!("d{i}"), def);
    }
    let schema =
        json!({"type": "object", "$defs": defs, "properties": {"x": {"$ref": "#/$defs/d0"}}});
    session(
        engine,
        json!({"tools": [{"name": "deep", "description": "Deep schema", "inputSchema": schema}],
               "toolsets": {"deep": "mcp-deep"}}),
    )
}

#[test]
fn a_schema_whose_references_double_per_level_is_checked_within_a_budget() {
    let engine = engine(json!({}), &[]);
    let host = FakeHost {
        answer: Some(Ok("ran".into())),
        ..FakeHost::default()
    };
    let bad = r#"{"calls": [{"name": "deep", "arguments": {"x": 5}}]}"#;
    // A few levels: checked, and the wrong type is refused.
    let shallow = doubling_reference_session(&engine, 4);
    assert_eq!(
        parse(&call(&engine, bad, &shallow, &host))["constraint"],
        "type"
    );
    assert!(host.calls.borrow().is_empty());
    // 40 levels would be 2^40 applications of the leaf: the check is skipped
    // (validation fails open) and the tool, which checks its own arguments,
    // runs. Before the budget this call did not end.
    let deep = doubling_reference_session(&engine, 40);
    assert_eq!(call(&engine, bad, &deep, &host), "ran");
    let good = r#"{"calls": [{"name": "deep", "arguments": {"x": "text"}}]}"#;
    assert_eq!(call(&engine, good, &deep, &host), "ran");
    assert_eq!(host.calls.borrow().len(), 2);
}

#[test]
fn approval_and_resolution_see_the_arguments_the_tool_runs_with() {
    let engine = engine(json!({}), &[]);
    let s = session(
        &engine,
        json!({"tools": [{"name": "transfer", "description": "Transfer money",
            "inputSchema": {"type": "object", "properties": {
                "amount": {"type": "integer"}, "confirm": {"type": "boolean"}}}}],
            "toolsets": {"transfer": "mcp-bank"}}),
    );
    let args =
        r#"{"calls": [{"name": "transfer", "arguments": {"amount": "5000", "confirm": "true"}}]}"#;
    let coerced = json!({"amount": 5000, "confirm": true});
    // What the call means, with the arguments tool_call would run.
    let Resolution::Local { arguments, .. } = engine.resolve_tool_call(args, &s) else {
        panic!("not a local call");
    };
    assert_eq!(Value::Object(arguments), coerced);
    // The host's approval judges those same arguments, and the tool gets them.
    let host = ApprovingHost::new(toolsearch::Approval::Allow);
    call(&engine, args, &s, &host);
    assert_eq!(host.asked.borrow()[0].1, coerced);
    assert_eq!(host.runs.calls.borrow()[0].1, coerced);
}

#[test]
fn a_flat_responses_tool_is_described_and_checked_by_its_parameters() {
    let engine = engine(json!({}), &[]);
    let parameters =
        json!({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]});
    let s = session(
        &engine,
        json!({
            "tools": [{"type": "function", "name": "mcp__weather__forecast", "description": "Forecast",
                       "parameters": parameters, "strict": true}],
            "toolsets": {"mcp__weather__forecast": "mcp-weather"}
        }),
    );
    let described = parse(&crate::support::describe(
        &engine,
        r#"{"names": ["mcp__weather__forecast"]}"#,
        &s,
    ));
    assert_eq!(
        described["tools"]["mcp__weather__forecast"]["parameters"],
        parameters
    );
    let host = FakeHost::default();
    let args = json!({"calls": [{"name": "mcp__weather__forecast", "arguments": {}}]});
    let out = call(&engine, &args.to_string(), &s, &host);
    assert!(out.contains("city"), "{out}");
    assert!(
        host.calls.borrow().is_empty(),
        "refused before it runs: {out}"
    );
}
