//! Every bridge answer says what it is: a bridge's own answer (with the
//! names a search matched), an error with its class, or a tool's own output
//! with the host's value untouched, even when that output looks like an error.

use serde_json::json;
use toolsearch::{Answer, CallContext, Confidence, Facts, GroupFacts};

use crate::support::{block_on, engine, session, tool, FakeHost};

fn fixture() -> (toolsearch::Engine, toolsearch::Session) {
    let engine = engine(json!({}), &[]);
    let s = session(
        &engine,
        json!({
            "tools": [
                tool("mcp__files__read_file", "Read a file from disk", &["path"]),
                tool("mcp__files__write_file", "Write a file to disk", &["path", "text"]),
            ],
            "toolsets": {"mcp__files__read_file": "mcp-files", "mcp__files__write_file": "mcp-files"}
        }),
    );
    (engine, s)
}

fn answer(name: &str, args: serde_json::Value, host: &FakeHost) -> Answer<String> {
    let (engine, s) = fixture();
    block_on(engine.handle(name, &args.to_string(), &s, host, &CallContext::default()))
        .expect("a bridge tool")
}

#[test]
fn a_search_answer_carries_its_matches_in_record_order() {
    let found = answer(
        "tool_search",
        json!({"queries": ["write file", "read"]}),
        &FakeHost::default(),
    );
    let Answer::Bridge { text, matches, .. } = &found else {
        panic!("{found:?}")
    };
    let records: Vec<String> = serde_json::from_str::<serde_json::Value>(text).unwrap()["tools"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(matches, &records);
    assert_eq!(matches[0], "mcp__files__write_file");
    assert!(!found.is_error());
}

#[test]
fn errors_carry_their_class() {
    let cases = [
        ("tool_search", json!({"queries": 3}), "list_required"),
        ("tool_describe", json!({}), "list_required"),
        (
            "tool_call",
            json!({"calls": [{"name": "nope"}]}),
            "unknown_tool",
        ),
        (
            "tool_call",
            json!({"calls": [{"name": "mcp__files__read_file", "arguments": {}}]}),
            "missing_arguments",
        ),
        (
            "tool_call",
            json!({"calls": [{"name": "mcp__files__read_file", "arguments": {"path": 3}}]}),
            "invalid_arguments",
        ),
        (
            "manage_connections",
            json!({"action": "dance"}),
            "manage_action",
        ),
    ];
    for (name, args, expected) in cases {
        let host = FakeHost {
            answer: Some(Ok("ran".into())),
            ..FakeHost::default()
        };
        let got = answer(name, args.clone(), &host);
        assert!(
            matches!(&got, Answer::Error { class, .. } if *class == expected),
            "{name} {args}: {got:?}"
        );
        assert!(got.is_error());
        assert!(host.calls.borrow().is_empty(), "{name} ran a tool");
    }
}

#[test]
fn a_tool_failure_is_an_error_and_a_tool_output_never_is() {
    let call = json!({"calls": [{"name": "mcp__files__read_file", "arguments": {"path": "a"}}]});
    let failing = FakeHost {
        answer: Some(Err("disk gone".into())),
        ..FakeHost::default()
    };
    assert!(matches!(
        answer("tool_call", call.clone(), &failing),
        Answer::Error {
            class: "tool_failed",
            ..
        }
    ));
    let missing = FakeHost::default();
    assert!(matches!(
        answer("tool_call", call.clone(), &missing),
        Answer::Error {
            class: "no_executor",
            ..
        }
    ));
    // A tool whose own output has the shape of an error is still the tool's output.
    let looks_failed = r#"{"error":"file not found"}"#.to_owned();
    let host = FakeHost {
        answer: Some(Ok(looks_failed.clone())),
        ..FakeHost::default()
    };
    let ran = answer("tool_call", call, &host);
    assert_eq!(
        ran,
        Answer::Tool {
            text: looks_failed.clone(),
            returned: looks_failed
        }
    );
    assert!(!ran.is_error());
}

#[test]
fn a_deferred_tool_called_by_its_own_name_runs_validated_and_is_not_sent_to_tool_call() {
    let (engine, s) = fixture();
    let host = FakeHost {
        answer: Some(Ok("read".into())),
        ..FakeHost::default()
    };
    let run = |name: &str, args: &str| {
        block_on(engine.run_loaded(name, args, &s, &host, &CallContext::default()))
    };
    let ran = run("mcp__files__read_file", r#"{"path": "a"}"#).expect("a deferred tool");
    assert!(
        matches!(&ran, Answer::Tool { text, .. } if text == "read"),
        "{ran:?}"
    );
    let refused = run("mcp__files__read_file", "{}").expect("a deferred tool");
    let Answer::Error { text, class } = &refused else {
        panic!("{refused:?}")
    };
    assert_eq!(*class, "missing_arguments");
    assert!(
        text.contains("The call to 'mcp__files__read_file' is missing required argument(s): path"),
        "{text}"
    );
    assert!(!text.contains("tool_call"), "{text}");
    assert!(matches!(
        run("mcp__files__read_file", "{oops"),
        Some(Answer::Error {
            class: "arguments_not_json",
            ..
        })
    ));
    // Not a deferred tool of the session, or a bridge: the host's to run.
    assert_eq!(run("terminal", "{}"), None);
    assert_eq!(run("tool_search", "{}"), None);
    assert_eq!(host.calls.borrow().len(), 1);
}

#[test]
fn a_bridge_answer_says_to_the_host_what_its_text_says_to_the_model() {
    let found = answer(
        "tool_search",
        json!({"queries": ["write file", "fax a letter"]}),
        &FakeHost::default(),
    );
    let Answer::Bridge { text, facts, .. } = &found else {
        panic!("{found:?}")
    };
    let output: serde_json::Value = serde_json::from_str(text).unwrap();
    let groups: Vec<(usize, Option<&str>)> = output["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["matches"].as_array().unwrap().len(),
                g["confidence"].as_str(),
            )
        })
        .collect();
    let said: Vec<(usize, Option<&str>)> = facts
        .groups
        .iter()
        .map(|g| {
            let label = g.confidence.map(|c| match c {
                Confidence::High => "high",
                Confidence::Low => "low",
            });
            (g.matches.len(), label)
        })
        .collect();
    assert_eq!(said, groups);
    assert_eq!(
        facts.groups[0],
        GroupFacts {
            query: "write file".into(),
            matches: vec!["mcp__files__write_file".to_owned()],
            // The support engine ranks as the spec does: no label.
            confidence: None,
            repeated: false,
        }
    );
    assert_eq!(facts.connector_leg, None, "no gateway: no leg");
    let described = answer(
        "tool_describe",
        json!({"names": ["mcp__files__read_file", "nope"]}),
        &FakeHost::default(),
    );
    let Answer::Bridge { facts, .. } = &described else {
        panic!("{described:?}")
    };
    assert_eq!(
        facts,
        &Facts {
            described: vec!["mcp__files__read_file".into()],
            ..Facts::default()
        }
    );
}
