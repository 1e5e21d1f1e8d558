//! The search guard (library extension): per turn of the host (`ctx.turn`),
//! a search that brings nothing new is answered short, searches past the cap
//! are refused, and a name described earlier is not described again.

use serde_json::{json, Value};
use toolsearch::{Answer, CallContext, Engine, Session};

use crate::support::{block_on, engine, parse, session, tool, FakeHost};

fn fixture(config: Value) -> (Engine, Session) {
    let engine = engine(config, &[]);
    let s = session(
        &engine,
        json!({
            "tools": [
                tool("mcp__github__create_issue", "Create a new issue in a GitHub repository", &["title"]),
                tool("mcp__github__list_issues", "List the issues of a GitHub repository", &[]),
                tool("mcp__slack__post_message", "Post a message to a Slack channel", &["text"]),
                tool("mcp__files__delete_file", "Delete a file from the disk", &["path"]),
            ],
            "toolsets": {"mcp__github__create_issue": "mcp-github", "mcp__github__list_issues": "mcp-github",
                         "mcp__slack__post_message": "mcp-slack", "mcp__files__delete_file": "mcp-files"}
        }),
    );
    (engine, s)
}

fn enhanced() -> (Engine, Session) {
    fixture(json!({"ranking": "enhanced", "max_searches_per_turn": 3}))
}

fn in_turn(turn: &str) -> CallContext {
    CallContext {
        turn: Some(turn.to_owned()),
        ..CallContext::default()
    }
}

fn search(engine: &Engine, s: &Session, args: Value, context: &CallContext) -> Answer<String> {
    block_on(engine.tool_search(&args.to_string(), s, &FakeHost::default(), context))
}

fn text(answer: Answer<String>) -> Value {
    parse(&answer.into_text())
}

#[test]
fn a_search_that_brings_nothing_new_is_answered_short_in_any_wording() {
    let (engine, s) = enhanced();
    let turn = in_turn("t1");
    let first = text(search(
        &engine,
        &s,
        json!({"queries": ["github create issue"], "limit": 1}),
        &turn,
    ));
    assert_eq!(
        first["results"][0]["matches"],
        json!(["mcp__github__create_issue"])
    );
    assert!(first["results"][0].get("repeated").is_none());
    assert!(first["tools"]["mcp__github__create_issue"].is_object());
    // The same need in German: the same tool, so no record again, and a hint.
    let again = search(
        &engine,
        &s,
        json!({"queries": ["ein GitHub-Issue erstellen"], "limit": 1}),
        &turn,
    );
    let Answer::Bridge { matches, .. } = &again else {
        panic!("not a bridge answer");
    };
    assert_eq!(
        matches,
        &["mcp__github__create_issue"],
        "hosts still read every match"
    );
    let again = text(again);
    assert_eq!(
        again["results"][0]["matches"],
        json!(["mcp__github__create_issue"])
    );
    assert_eq!(again["results"][0]["repeated"], true);
    assert!(again["results"][0]["hint"]
        .as_str()
        .unwrap()
        .contains("Nothing new"));
    assert_eq!(again["tools"], json!({}));
    // A new tool in a later search is shown in full, the known one is not.
    let mixed = text(search(
        &engine,
        &s,
        json!({"queries": ["slack post message", "create github issue"], "limit": 1}),
        &turn,
    ));
    assert!(mixed["results"][0].get("repeated").is_none());
    assert_eq!(mixed["results"][1]["repeated"], true);
    let names: Vec<&String> = mixed["tools"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["mcp__slack__post_message"]);
}

#[test]
fn past_the_cap_every_search_is_refused_naming_what_the_turn_found() {
    let (engine, s) = enhanced();
    let turn = in_turn("t2");
    for query in ["github create issue", "slack post message", "delete a file"] {
        search(&engine, &s, json!({"queries": [query], "limit": 1}), &turn);
    }
    let refused = search(&engine, &s, json!({"queries": ["anything else"]}), &turn);
    let Answer::Error { text, class } = refused else {
        panic!("the fourth search was not refused");
    };
    assert_eq!(class, "search_limit");
    let error = parse(&text)["error"].as_str().unwrap().to_owned();
    assert!(error.contains("searched for tools 3 times"), "{error}");
    assert!(
        error.contains(
            "mcp__github__create_issue, mcp__slack__post_message, mcp__files__delete_file"
        ),
        "{error}"
    );
    // Another turn, and a call without a turn, are not held back.
    assert!(matches!(
        search(&engine, &s, json!({"queries": ["github"]}), &in_turn("t3")),
        Answer::Bridge { .. }
    ));
    assert!(matches!(
        search(
            &engine,
            &s,
            json!({"queries": ["github"]}),
            &CallContext::default()
        ),
        Answer::Bridge { .. }
    ));
}

#[test]
fn an_empty_search_after_an_empty_one_says_to_tell_the_user() {
    let (engine, s) = enhanced();
    let turn = in_turn("t4");
    let first = text(search(&engine, &s, json!({"queries": ["zxqvw"]}), &turn));
    assert_eq!(first["results"][0]["matches"], json!([]));
    assert!(first["results"][0].get("repeated").is_none());
    let again = text(search(
        &engine,
        &s,
        json!({"queries": ["qqwxz vvbn"]}),
        &turn,
    ));
    assert_eq!(again["results"][0]["matches"], json!([]));
    assert_eq!(again["results"][0]["repeated"], true);
    assert!(again["results"][0]["hint"]
        .as_str()
        .unwrap()
        .contains("Tell the user"));
}

#[test]
fn a_name_described_earlier_in_the_turn_is_not_described_again() {
    let (engine, s) = enhanced();
    let turn = in_turn("t5");
    let describe = |names: Value| {
        text(block_on(engine.tool_describe(
            &json!({ "names": names }).to_string(),
            &s,
            &FakeHost::default(),
            &turn,
        )))
    };
    let first = describe(json!(["mcp__github__create_issue"]));
    assert!(first["tools"]["mcp__github__create_issue"]["parameters"].is_object());
    assert!(first.get("described_earlier").is_none());
    let again = describe(json!([
        "mcp__github__create_issue",
        "mcp__slack__post_message"
    ]));
    let keys: Vec<&String> = again["tools"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["mcp__slack__post_message"]);
    assert_eq!(
        again["described_earlier"]["names"],
        json!(["mcp__github__create_issue"])
    );
    assert!(again["described_earlier"]["hint"]
        .as_str()
        .unwrap()
        .contains("tool_call"));
}

#[test]
fn the_reference_ranking_has_no_guard_unless_asked() {
    let (engine, s) = fixture(json!({}));
    let turn = in_turn("t6");
    for _ in 0..10 {
        let out = text(search(
            &engine,
            &s,
            json!({"queries": ["github create issue"]}),
            &turn,
        ));
        assert!(out["results"][0].get("repeated").is_none());
        assert!(out["tools"]["mcp__github__create_issue"].is_object());
    }
    let (asked, s) = fixture(json!({"max_searches_per_turn": 1}));
    search(&asked, &s, json!({"queries": ["github"]}), &turn);
    assert!(matches!(
        search(&asked, &s, json!({"queries": ["github"]}), &turn),
        Answer::Error { .. }
    ));
}
