//! The enhanced ranking (`ranking: "enhanced"`) through tool_search and
//! explain, on a small catalog of our own and on the real catalog.

use serde_json::{json, Value};

use crate::support::{engine, parse, real_catalog_session, search, session, shared_dir, tool};

fn fixture_session() -> Value {
    let tools = [
        tool(
            "tracker_create_issue",
            "Create a new issue in a project tracker.",
            &["project", "title", "body"],
        ),
        tool(
            "tracker_list_issues",
            "List issues of a project, filtered by state.",
            &["project", "state"],
        ),
        tool(
            "tracker_close_issue",
            "Close an issue.",
            &["project", "number"],
        ),
        tool(
            "codehost_listPullRequests",
            "List pull requests of a repository.",
            &["owner", "repo"],
        ),
        tool(
            "codehost_createRepository",
            "Create a repository for the authenticated user.",
            &["name"],
        ),
        tool(
            "chat_post_message",
            "Post a message to a chat channel.",
            &["channel", "text"],
        ),
        tool(
            "chat_list_channels",
            "List the channels of the workspace.",
            &[],
        ),
        tool("files_delete_file", "Delete a file at a path.", &["path"]),
        tool("files_read_file", "Read the contents of a file.", &["path"]),
        tool(
            "calendar_create_event",
            "Create a calendar event with attendees.",
            &["title", "start"],
        ),
    ];
    let toolsets: serde_json::Map<String, Value> = tools
        .iter()
        .map(|t| {
            let name = t["function"]["name"].as_str().unwrap();
            let server = name.split('_').next().unwrap();
            (name.to_owned(), json!(format!("mcp-{server}")))
        })
        .collect();
    json!({"tools": tools, "toolsets": toolsets})
}

/// The first group's matches for `query` under `config`.
fn matches(config: Value, query: &str) -> Vec<String> {
    let engine = engine(config, &[]);
    let s = session(&engine, fixture_session());
    let out = parse(&search(
        &engine,
        &json!({"queries": [query]}).to_string(),
        &s,
    ));
    out["results"][0]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

fn enhanced(query: &str) -> Vec<String> {
    matches(json!({"ranking": "enhanced"}), query)
}

#[test]
fn natural_requests_find_what_reference_misses() {
    let query = "could you open a bug in our tracker about the login crash";
    assert!(
        matches(json!({}), query).is_empty(),
        "the reference gate leaves this empty"
    );
    assert_eq!(
        enhanced(query).first().map(String::as_str),
        Some("tracker_create_issue")
    );
    assert_eq!(
        enhanced("please post a message in the chat saying the deploy is done")[0],
        "chat_post_message"
    );
}

#[test]
fn unanswerable_requests_stay_empty() {
    assert_eq!(enhanced("send a fax"), Vec::<String>::new());
    assert_eq!(
        enhanced("book a table at a restaurant tonight"),
        Vec::<String>::new()
    );
    assert_eq!(
        enhanced("chat delete channel"),
        Vec::<String>::new(),
        "no tool deletes channels"
    );
}

#[test]
fn keyword_queries_use_identifier_words_and_abbreviations() {
    assert_eq!(enhanced("list PRs")[0], "codehost_listPullRequests");
    assert_eq!(enhanced("create repo")[0], "codehost_createRepository");
    assert_eq!(enhanced("remove file")[0], "files_delete_file");
    assert_eq!(
        enhanced("codehost_createRepository"),
        ["codehost_createRepository"]
    );
}

#[test]
fn other_languages_find_the_same_tools() {
    for query in [
        "Issue erstellen",
        "créer un ticket",
        "crear una incidencia",
        "イシューを作成して",
    ] {
        assert_eq!(
            enhanced(query).first().map(String::as_str),
            Some("tracker_create_issue"),
            "{query}"
        );
    }
    for query in [
        "Datei löschen",
        "supprimer le fichier",
        "borrar el archivo",
        "ファイルを削除して",
    ] {
        assert_eq!(
            enhanced(query).first().map(String::as_str),
            Some("files_delete_file"),
            "{query}"
        );
    }
    assert_eq!(enhanced("チャンネル一覧")[0], "chat_list_channels");
}

#[test]
fn reference_is_the_default_and_unchanged() {
    for query in [
        "create issue",
        "list pull requests",
        "send a fax",
        "tracker_close_issue",
    ] {
        assert_eq!(
            matches(json!({}), query),
            matches(json!({"ranking": "reference"}), query),
            "{query}"
        );
        assert_eq!(
            matches(json!({}), query),
            matches(json!({"ranking": "bogus"}), query),
            "{query}"
        );
    }
}

#[test]
fn output_is_deterministic() {
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    let args =
        r#"{"queries": ["open a bug about the crash", "Datei löschen", "list PRs"], "limit": 3}"#;
    let first = search(&engine, args, &s);
    for _ in 0..3 {
        assert_eq!(search(&engine, args, &s), first);
    }
}

#[test]
fn ablation_switches_rules_off() {
    // Without synonyms, "bug" is not "issue".
    let off = matches(
        json!({"ranking": "enhanced", "ranking_ablation": ["synonyms"]}),
        "open a bug in the tracker",
    );
    assert!(!off.contains(&"tracker_create_issue".to_owned()), "{off:?}");
    // Without the coverage gate, an unanswerable request returns tools.
    let off = matches(
        json!({"ranking": "enhanced", "ranking_ablation": ["coverage"]}),
        "send a fax",
    );
    assert!(!off.is_empty());
}

#[test]
fn explain_shows_concepts_and_verdicts() {
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    let names = [
        "tracker_create_issue",
        "chat_post_message",
        "files_read_file",
        "no_such_tool",
    ]
    .map(String::from);
    let report =
        serde_json::to_value(engine.explain("Issue erstellen", &s, Some(&names), 5)).unwrap();
    assert_eq!(report["ranking"], "enhanced");
    assert_eq!(report["language"], "de");
    assert_eq!(report["translation"], json!(["issue", "create"]));
    assert_eq!(report["natural"], false);
    let tools = report["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 3);
    assert_eq!(tools[0]["verdict"], "admitted");
    assert_eq!(tools[0]["rank"], 1);
    assert_eq!(tools[0]["share"], 1.0);
    // "post" stands for "create", but nothing here is an issue.
    assert_eq!(tools[1]["verdict"], "below_share");
    assert_eq!(tools[1]["rank"], Value::Null);
    assert_eq!(tools[2]["verdict"], "no_match");
    let report =
        serde_json::to_value(engine.explain("tracker list", &s, Some(&names[..1]), 5)).unwrap();
    assert_eq!(report["tools"][0]["verdict"], "action_not_in_name");
    let top = serde_json::to_value(engine.explain("tracker_close_issue", &s, None, 5)).unwrap();
    assert_eq!(top["tools"][0]["verdict"], "exact_name");
    assert_eq!(top["tools"][0]["score"], Value::Null);
    let reference = serde_json::to_value(crate::support::engine(json!({}), &[]).explain(
        "create issue",
        &s,
        None,
        5,
    ))
    .unwrap();
    assert_eq!(reference["ranking"], "reference");
    assert!(reference.get("gate").is_some());
}

#[test]
fn real_catalog_examples_of_the_issue() {
    let Some(shared) = shared_dir() else { return };
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, real_catalog_session(&shared));
    let args = json!({"queries": [
        "send a fax",
        "could you open a bug in our tracker about the login crash",
        "スラック チャンネル一覧",
        "GitLab Issue anlegen",
    ], "limit": 5});
    let out = parse(&search(&engine, &args.to_string(), &s));
    let group = |i: usize| -> Vec<String> {
        out["results"][i]["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect()
    };
    assert!(group(0).is_empty(), "{:?}", group(0));
    assert!(
        group(1)
            .iter()
            .any(|n| n.contains("create_issue") || n.contains("createIssue")),
        "{:?}",
        group(1)
    );
    assert_eq!(group(2)[0], "mcp_slack_slack_list_channels");
    assert_eq!(group(3)[0], "mcp_gitlab_create_issue");
}

#[test]
fn hostile_queries_never_panic() {
    let long = "データ".repeat(3000) + &" löschen".repeat(500);
    let queries = [
        "İstanbul ǅemal ﬁle",
        "ﾌｧｲﾙを削除",
        "🙂🙂 delete 🙂",
        "e\u{301}\u{301}\u{301}",
        "\u{0}\u{1}\u{2}",
        "'''' -- __ :: ..",
        "l'' d' qu'",
        "مرحبا עולם",
        long.as_str(),
    ];
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    for query in queries {
        let out = parse(&search(
            &engine,
            &json!({"queries": [query]}).to_string(),
            &s,
        ));
        assert!(out["results"][0]["matches"].is_array(), "{query}");
        let names = ["files_delete_file".to_owned()];
        let report = serde_json::to_value(engine.explain(query, &s, Some(&names), 5)).unwrap();
        assert_eq!(report["ranking"], "enhanced");
    }
}
