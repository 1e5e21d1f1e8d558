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
    with_servers(&tools)
}

/// A session of `tools`, each in the server its name starts with
/// (`chat_post_message` in `mcp-chat`).
fn with_servers(tools: &[Value]) -> Value {
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

/// The first group for `query` under `config`.
fn group(config: Value, query: &str) -> Value {
    let engine = engine(config, &[]);
    let s = session(&engine, fixture_session());
    let out = parse(&search(
        &engine,
        &json!({"queries": [query]}).to_string(),
        &s,
    ));
    out["results"][0].clone()
}

/// The first group's matches for `query` under `config`.
fn matches(config: Value, query: &str) -> Vec<String> {
    group(config, query)["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

fn enhanced(query: &str) -> Vec<String> {
    matches(json!({"ranking": "enhanced"}), query)
}

/// True when the enhanced ranking labels `query`'s group low.
fn unsure(query: &str) -> bool {
    group(json!({"ranking": "enhanced"}), query)["confidence"] == "low"
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
fn unanswerable_requests_are_labelled_low() {
    for query in [
        "order a pizza for tonight",
        "book a flight to Paris next Tuesday",
        "spotify play playlist",
        "chat delete channel",
    ] {
        assert!(unsure(query), "{query}");
    }
    // A group is empty only when no tool holds a concept of the query.
    assert_eq!(enhanced("order a pizza for tonight"), Vec::<String>::new());
    let near = group(json!({"ranking": "enhanced"}), "chat delete channel");
    assert!(!near["matches"].as_array().unwrap().is_empty(), "{near}");
    assert!(near["hint"].as_str().unwrap().contains("tell the user"));
    assert!(near["available_sources"].is_array(), "{near}");
    let sure = group(json!({"ranking": "enhanced"}), "chat list channels");
    assert_eq!(sure["confidence"], "high");
    assert_eq!(sure["hint"], Value::Null);
    assert_eq!(sure["available_sources"], Value::Null);
}

#[test]
fn the_decision_weighs_what_is_missing() {
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    let confidence = |query: &str| {
        let report = serde_json::to_value(engine.explain(query, &s, None, 5)).unwrap();
        report["decision"]["confidence"].as_f64().unwrap()
    };
    // No tool deletes channels; one lists them.
    assert!(confidence("chat delete channel") < confidence("chat list channels"));
    // A word no tool knows lowers the confidence.
    assert!(confidence("send a fax") < confidence("send a message"));
    let report = serde_json::to_value(engine.explain("chat list channels", &s, None, 5)).unwrap();
    let signals = &report["decision"]["signals"];
    for key in ["answered", "relative", "service_gap", "natural", "breadth"] {
        assert!(signals[key].is_number(), "{key}: {signals}");
    }
    assert_eq!(report["confidence"], "high");
    // Breadth counts the concepts the share counts: chat, list, channels.
    assert_eq!(counted_concepts(&report), 3, "{report}");
    let breadth = signals["breadth"].as_f64().unwrap();
    assert!((breadth - 4f64.ln()).abs() < 1e-12, "{signals}");
    // Past the cap, more words add no breadth: a rambling request gains
    // no confidence by rambling on.
    let rambling = "chat list channels rough week weather coffee machine printer garden";
    let rambled = serde_json::to_value(engine.explain(rambling, &s, None, 5)).unwrap();
    assert!(counted_concepts(&rambled) > 8, "{rambled}");
    let breadth = rambled["decision"]["signals"]["breadth"].as_f64().unwrap();
    assert!((breadth - 9f64.ln()).abs() < 1e-12, "{rambled}");
}

/// The concepts of an explanation that count in the share.
fn counted_concepts(report: &Value) -> usize {
    report["concepts"].as_array().map_or(0, |c| {
        c.iter()
            .filter(|c| c["weight"].as_f64() > Some(0.0))
            .count()
    })
}

#[test]
fn a_request_in_several_sentences_is_decided_on_its_ask() {
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    let ask = "Could you post a message in the chat saying the deploy is done?";
    let request = format!(
        "We had a rough week: everyone stayed late, the weather was awful, the \
         heating gave up, the trains were cancelled and the coffee machine broke \
         twice. {ask}"
    );
    let report = serde_json::to_value(engine.explain(&request, &s, None, 5)).unwrap();
    assert_eq!(report["decided_by"], ask, "{report}");
    assert_eq!(report["confidence"], "high");
    assert_eq!(
        enhanced(&request).first().map(String::as_str),
        Some("chat_post_message")
    );
    // With the rule off, the whole request decides: the scene dilutes the
    // share a tool answers, and the ranking is less sure.
    let whole = crate::support::engine(
        json!({"ranking": "enhanced", "ranking_ablation": ["sentences"]}),
        &[],
    );
    let off = serde_json::to_value(whole.explain(&request, &s, None, 5)).unwrap();
    assert_eq!(off["decided_by"], Value::Null, "{off}");
    let sureness = |report: &Value| report["decision"]["confidence"].as_f64().unwrap();
    assert!(sureness(&off) < sureness(&report), "{off}");
    // One sentence: nothing to choose from.
    let single = serde_json::to_value(engine.explain(ask, &s, None, 5)).unwrap();
    assert_eq!(single["decided_by"], Value::Null);
    // Only the last eight sentences are read on their own, so that a query
    // of many sentences costs a bounded number of searches.
    let scene = "The weather was awful. ".repeat(8);
    let late = serde_json::to_value(engine.explain(&format!("{scene}{ask}"), &s, None, 5)).unwrap();
    assert_eq!(late["decided_by"], ask);
    let early =
        serde_json::to_value(engine.explain(&format!("{ask} {scene}"), &s, None, 5)).unwrap();
    assert_eq!(early["decided_by"], Value::Null, "{early}");
    // The scene does not make an impossible ask answerable.
    let impossible =
        "The fridge is empty and friends arrive at eight. Could you order a pizza for us?";
    assert!(unsure(impossible));
}

#[test]
fn a_server_named_in_another_sentence_still_has_to_offer_the_operation() {
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    let whole_only = crate::support::engine(
        json!({"ranking": "enhanced", "ranking_ablation": ["sentences"]}),
        &[],
    );
    // The calendar has no issues to close; the tracker does.
    let request = "Everything we plan lives in the calendar. Could you close the issue about the login crash?";
    let report = serde_json::to_value(engine.explain(request, &s, None, 5)).unwrap();
    let whole = serde_json::to_value(whole_only.explain(request, &s, None, 5)).unwrap();
    let gap = |r: &Value| r["decision"]["signals"]["service_gap"].as_f64().unwrap();
    assert!(gap(&whole) > 0.0, "{whole}");
    assert_eq!(
        report["decided_by"],
        "Could you close the issue about the login crash?"
    );
    assert_eq!(gap(&report), gap(&whole), "{report}");
    // Without the decision no sentence is read on its own.
    let undecided = crate::support::engine(
        json!({"ranking": "enhanced", "ranking_ablation": ["decision"]}),
        &[],
    );
    let report = serde_json::to_value(undecided.explain(request, &s, None, 5)).unwrap();
    assert_eq!(report["decided_by"], Value::Null, "{report}");
}

#[test]
fn exact_names_in_any_spelling_rank_first() {
    for query in [
        "codehost_createRepository",
        "codehost.createRepository",
        "codehost/create_repository",
        "codehost:createRepository",
        "codehost__create_repository",
        "mcp__codehost__createRepository",
        "mcp--codehost--create-repository",
        "CODEHOST CREATE REPOSITORY",
        "createRepository",
        "create_repository",
    ] {
        assert_eq!(
            enhanced(query).first().map(String::as_str),
            Some("codehost_createRepository"),
            "{query}"
        );
    }
}

#[test]
fn keyword_queries_use_identifier_words_and_abbreviations() {
    assert_eq!(enhanced("list PRs")[0], "codehost_listPullRequests");
    assert_eq!(enhanced("create repo")[0], "codehost_createRepository");
    assert_eq!(enhanced("remove file")[0], "files_delete_file");
}

#[test]
fn other_languages_find_the_same_tools() {
    for query in [
        "Issue erstellen",
        "créer un ticket",
        "crear una incidencia",
        "criar um ticket",
        "creare un ticket",
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
        "excluir o arquivo",
        "elimina il file",
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
fn enhanced_is_the_default() {
    let answer = |options: &toolsearch::Options, query: &str| {
        let engine = toolsearch::Engine::new(options);
        let s = session(&engine, fixture_session());
        search(&engine, &json!({"queries": [query]}).to_string(), &s)
    };
    let with = |config: Value| toolsearch::Options {
        config,
        ..toolsearch::Options::default()
    };
    for query in [
        "create issue",
        "could you open a bug in our tracker",
        "send a fax",
        "tracker_close_issue",
    ] {
        let default = answer(&toolsearch::Options::default(), query);
        assert_eq!(
            default,
            answer(&with(json!({"ranking": "enhanced"})), query)
        );
        assert_eq!(default, answer(&with(json!({"ranking": "bogus"})), query));
        assert!(default.contains(r#""confidence":"#), "{default}");
        let reference = answer(&with(json!({"ranking": "reference"})), query);
        assert!(!reference.contains(r#""confidence":"#), "{reference}");
    }
}

#[test]
fn output_is_deterministic() {
    // Independently built engines (each with its own hash seeds, caches and
    // learned vocabulary) give the same bytes, and so do repeated calls.
    let args = r#"{"queries": ["open a bug about the crash", "Datei löschen", "list PRs", "k8s pods"], "limit": 10}"#;
    let run = || {
        let engine = engine(json!({"ranking": "enhanced"}), &[]);
        let s = session(&engine, fixture_session());
        let first = search(&engine, args, &s);
        assert_eq!(search(&engine, args, &s), first);
        let explained = serde_json::to_string(&engine.explain("open a bug", &s, None, 10)).unwrap();
        (first, explained)
    };
    let first = run();
    for _ in 0..4 {
        assert_eq!(run(), first);
    }
}

#[test]
fn ablation_switches_rules_off() {
    // Without the glossary, "bug" is not "issue".
    let bug_means_issue = |config: Value| {
        let engine = engine(config, &[]);
        let s = session(&engine, fixture_session());
        let report = serde_json::to_value(engine.explain("open a bug", &s, None, 5)).unwrap();
        report["concepts"][1]["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["stems"] == json!(["issu"]))
    };
    assert!(bug_means_issue(json!({"ranking": "enhanced"})));
    assert!(!bug_means_issue(
        json!({"ranking": "enhanced", "ranking_ablation": ["glossary"]})
    ));
    // Without the decision, every group is labelled high; the list is the
    // same either way.
    let query = "send a fax with the repository files";
    assert!(unsure(query), "{query}");
    let off = group(
        json!({"ranking": "enhanced", "ranking_ablation": ["decision"]}),
        query,
    );
    assert_eq!(off["confidence"], "high", "{off}");
    let on = group(json!({"ranking": "enhanced"}), query);
    assert_eq!(off["matches"], on["matches"], "{on}");
    // Without exact names, a tool's own name is a query like any other.
    let name = ["codehost_createRepository".to_owned()];
    let verdict = |config: Value| {
        let engine = engine(config, &[]);
        verdicts(
            &engine,
            &session(&engine, fixture_session()),
            "createRepository",
            &name,
        )
    };
    assert_eq!(verdict(json!({"ranking": "enhanced"})), ["exact_name"]);
    assert_ne!(
        verdict(json!({"ranking": "enhanced", "ranking_ablation": ["exact_names"]})),
        ["exact_name"]
    );
}

#[test]
fn explain_shows_concepts_decision_and_verdicts() {
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
    assert_eq!(report["concepts"][1]["word"], "create");
    assert_eq!(report["concepts"][1]["matches"][0]["via"], "word");
    assert!(report["concepts"][1]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["via"] == "glossary"));
    assert_eq!(report["confidence"], "high");
    assert_eq!(report["decision"]["label"], "high");
    let tools = report["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 3);
    assert_eq!(tools[0]["verdict"], "returned");
    assert_eq!(tools[0]["rank"], 1);
    assert_eq!(tools[0]["coverage"], json!([1.0, 1.0]));
    assert_eq!(tools[2]["verdict"], "no_match");
    let top = serde_json::to_value(engine.explain("tracker_close_issue", &s, None, 5)).unwrap();
    assert_eq!(top["tools"][0]["verdict"], "exact_name");
    assert_eq!(top["tools"][0]["score"], Value::Null);
    let empty = serde_json::to_value(engine.explain("order a pizza", &s, Some(&names), 5)).unwrap();
    assert_eq!(empty["confidence"], "low");
    // A low group shows as many candidates as a high one: up to the limit.
    let low =
        serde_json::to_value(engine.explain("send a fax with the repository files", &s, None, 5))
            .unwrap();
    assert_eq!(low["confidence"], "low", "{low}");
    let verdicts: Vec<&str> = low["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts.len(), 5, "{low}");
    assert!(verdicts.iter().all(|v| *v == "returned"), "{low}");
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
        "could you open a bug in our tracker about the login crash",
        "スラック チャンネル一覧",
        "GitLab Issue anlegen",
        "k8s describe pod",
        "mcp--kubernetes--kubectl-logs",
        "mcp.time.convert_time",
        "list_tables",
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
    assert!(
        group(0)
            .iter()
            .any(|n| n.contains("create_issue") || n.contains("createIssue")),
        "{:?}",
        group(0)
    );
    assert_eq!(group(1)[0], "mcp_slack_slack_list_channels");
    assert_eq!(group(2)[0], "mcp_gitlab_create_issue");
    assert!(
        group(3).contains(&"mcp_kubernetes_kubectl_describe".to_owned()),
        "{:?}",
        group(3)
    );
    assert_eq!(group(4)[0], "mcp_kubernetes_kubectl_logs");
    assert_eq!(group(5)[0], "mcp_time_convert_time");
    // A bare name several servers share ranks all of them first.
    assert!(
        group(6).iter().all(|n| n.ends_with("_list_tables")),
        "{:?}",
        group(6)
    );
}

#[test]
fn hostile_queries_never_panic() {
    // As long as the bridges read (4,096 characters).
    let long = "データ".repeat(1000) + &" löschen".repeat(130);
    let queries = [
        "İstanbul ǅemal ﬁle",
        "ﾌｧｲﾙを削除",
        "🙂🙂 delete 🙂",
        "e\u{301}\u{301}\u{301}",
        "\u{0}\u{1}\u{2}",
        "'''' -- __ :: ..",
        "l'' d' qu'",
        "مرحبا עולם",
        "k99999999999999999999999s x0y a1b",
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

#[test]
fn the_catalog_teaches_words() {
    let tools = [
        tool(
            "cluster_get_pods",
            "List the pods of a Kubernetes cluster.",
            &[],
        ),
        tool(
            "code_list_prs",
            "List the pull requests of a repository.",
            &[],
        ),
        tool("code_merge", "Merge a pull request when checks pass.", &[]),
        tool("cache_flush_keys", "Purge the keys of a namespace.", &[]),
        tool("cache_purge_all", "Flush every entry of the cache.", &[]),
        tool(
            "queue_flush_messages",
            "Purge the messages of a queue or its dead letters.",
            &[],
        ),
        tool(
            "queue_purge_dead",
            "Flush the dead letters of a queue.",
            &[],
        ),
        tool(
            "db_list_replication_jobs",
            "List the replication jobs of a database.",
            &[],
        ),
    ];
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, with_servers(&tools));
    let learned = |query: &str| -> Vec<Vec<String>> {
        let report = serde_json::to_value(engine.explain(query, &s, None, 3)).unwrap();
        report["concepts"][0]["matches"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["via"] == "catalog")
            .map(|m| serde_json::from_value(m["stems"].clone()).unwrap())
            .collect()
    };
    // A numeronym: k, 8 letters, s.
    assert!(learned("k8s pods").contains(&vec!["kubernet".to_owned()]));
    // Initials of words written together in several tools.
    assert!(learned("dl").contains(&vec!["dead".to_owned(), "letter".to_owned()]));
    assert!(learned("xyz").is_empty());
    // Not through function words: "List the ..." opens three descriptions,
    // and "lt" still spells nothing.
    assert!(learned("lt").is_empty());
    // Names and descriptions that say flush for purge, and the reverse.
    assert!(learned("flush").contains(&vec!["purg".to_owned()]));
    // A stem and a longer one of its family.
    assert!(learned("replica").contains(&vec!["replic".to_owned()]));
    assert_eq!(
        enhanced_in(&engine, &s, "flush dead letters"),
        "queue_purge_dead"
    );
}

fn enhanced_in(engine: &toolsearch::Engine, s: &toolsearch::Session, query: &str) -> String {
    let out = parse(&search(engine, &json!({"queries": [query]}).to_string(), s));
    out["results"][0]["matches"][0]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

#[test]
fn concepts_written_side_by_side_rank_first() {
    // Both tools delete and both mention a branch; only one deletes branches.
    let tools = [
        tool(
            "vcs_tidy",
            "Delete stale files of a repository, then report its branch.",
            &[],
        ),
        tool(
            "vcs_refs",
            "Delete a branch or a tag of a repository, then report it.",
            &[],
        ),
        tool("vcs_list_tags", "List the tags of a repository.", &[]),
        tool("vcs_read_file", "Read a file of a repository.", &[]),
        tool("vcs_show_commit", "Show a commit and its diff.", &[]),
        tool("vcs_blame", "Who changed each line of a file.", &[]),
    ];
    let session_of = |engine: &toolsearch::Engine| session(engine, with_servers(&tools));
    let first = |config: Value| {
        let engine = engine(config, &[]);
        enhanced_in(&engine, &session_of(&engine), "delete branch")
    };
    // The rules' leg alone: the plain BM25 leg, which reads no order of
    // words, prefers the shorter description.
    let rules = json!({"ranking": "enhanced", "ranking_ablation": ["bm25"]});
    assert_eq!(first(rules), "vcs_refs");
    let without = json!({"ranking": "enhanced", "ranking_ablation": ["bm25", "proximity"]});
    assert_eq!(first(without), "vcs_tidy");
    // explain names what proximity added.
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let names = ["vcs_refs".to_owned(), "vcs_tidy".to_owned()];
    let report = engine.explain("delete branch", &session_of(&engine), Some(&names), 2);
    let report = serde_json::to_value(report).unwrap();
    let proximity = |i: usize| report["tools"][i]["proximity"].as_f64().unwrap();
    assert!(proximity(0) > 0.0, "{report}");
    assert_eq!(proximity(1), 0.0, "{report}");
}

/// The tools the reference ranking returns for `query` at the largest limit.
fn reference_hits(
    engine: &toolsearch::Engine,
    s: &toolsearch::Session,
    query: &str,
) -> Vec<String> {
    let args = json!({"queries": [query], "limit": 50}).to_string();
    let out = parse(&search(engine, &args, s));
    out["results"][0]["matches"]
        .as_array()
        .map(|m| m.iter().map(|n| n.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default()
}

/// The verdicts `explain` gives the tools `names` for `query`.
fn verdicts(
    engine: &toolsearch::Engine,
    s: &toolsearch::Session,
    query: &str,
    names: &[String],
) -> Vec<String> {
    let report = serde_json::to_value(engine.explain(query, s, Some(names), 10)).unwrap();
    let tools = report["tools"].as_array().unwrap();
    assert_eq!(tools.len(), names.len(), "{query}");
    tools
        .iter()
        .map(|t| t["verdict"].as_str().unwrap().to_owned())
        .collect()
}

/// The request's words but its English filler (the `@filler` line of
/// `lang/en.tsv`, which neither leg of the enhanced ranking reads).
fn content_words(query: &str) -> String {
    let file = include_str!("../../src/enhanced/lang/en.tsv");
    let filler: Vec<&str> = file
        .lines()
        .find_map(|l| l.strip_prefix("@filler\t"))
        .unwrap()
        .split('|')
        .collect();
    query
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty() && !filler.contains(&w.to_lowercase().as_str()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks that every tool the reference returns for each query's content
/// words is a candidate of the enhanced ranking: scored (never
/// `no_match`), and returned or ranked below the limit once the decision is
/// off. Returns how many tools were checked.
fn assert_reference_hits_are_candidates(tools: Value, queries: &[String]) -> usize {
    let with = |ablation: Value| {
        let engine = engine(
            json!({"ranking": "enhanced", "ranking_ablation": ablation}),
            &[],
        );
        let s = session(&engine, tools.clone());
        (engine, s)
    };
    let reference = engine(json!({"max_search_limit": 50}), &[]);
    let rs = session(&reference, tools.clone());
    let (enhanced, es) = with(json!([]));
    let (undecided, us) = with(json!(["decision"]));
    let mut checked = 0;
    for query in queries {
        let hits = reference_hits(&reference, &rs, &content_words(query));
        for v in verdicts(&enhanced, &es, query, &hits) {
            assert_ne!(v, "no_match", "{query}");
        }
        for v in verdicts(&undecided, &us, query, &hits) {
            assert!(
                ["exact_name", "returned", "below_limit"].contains(&v.as_str()),
                "{query}: {v}"
            );
        }
        checked += hits.len();
    }
    checked
}

#[test]
fn every_tool_the_reference_finds_by_the_requests_words_is_a_candidate() {
    // The plain BM25 leg's tools are candidates: a tool that a BM25 of the
    // request's words finds is never lost, only reordered or labelled.
    let queries: Vec<String> = [
        "create issue",
        "list pull requests",
        "tracker close issue",
        "delete file",
        "chat channels",
        "calendar event attendees",
        "read the contents of a file",
    ]
    .map(String::from)
    .to_vec();
    assert!(assert_reference_hits_are_candidates(fixture_session(), &queries) >= 10);
    let Some(shared) = shared_dir() else { return };
    let mut queries = Vec::new();
    for set in ["queries-dev.json", "queries-dev-multilingual.json"] {
        let text = std::fs::read_to_string(shared.join("bench").join(set)).unwrap();
        let cases: Value = serde_json::from_str(&text).unwrap();
        queries.extend(
            cases["cases"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["query"].as_str().unwrap().to_owned()),
        );
    }
    let checked = assert_reference_hits_are_candidates(real_catalog_session(&shared), &queries);
    assert!(checked >= 1000, "{checked}");
}

#[test]
fn the_plain_leg_keeps_what_only_its_words_find() {
    // "fax" is written only in a parameter's description: no capability to
    // the rules, which find nothing; the plain BM25 leg finds the tool.
    let tools = with_servers(&[
        json!({"type": "function", "function": {
            "name": "acme_notify", "description": "Notify a contact.",
            "parameters": {"type": "object", "properties": {
                "number": {"type": "string", "description": "The fax number to notify."}}}}}),
        tool("acme_other", "Does another thing.", &[]),
    ]);
    let names = ["acme_notify".to_owned()];
    let verdict = |ablation: Value| {
        let engine = engine(
            json!({"ranking": "enhanced", "ranking_ablation": ablation}),
            &[],
        );
        verdicts(&engine, &session(&engine, tools.clone()), "fax", &names)
    };
    assert_eq!(verdict(json!(["decision"])), ["returned"]);
    assert_eq!(verdict(json!(["decision", "bm25"])), ["no_match"]);
}

#[test]
fn a_request_for_several_things_gets_the_tool_of_each() {
    let request = "list the open issues in the tracker and post a message in the chat";
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    let report = serde_json::to_value(engine.explain(request, &s, None, 5)).unwrap();
    assert_eq!(
        report["needs"],
        json!([
            "list the open issues in the tracker",
            "and post a message in the chat"
        ]),
        "{report}"
    );
    let found = enhanced(request);
    for tool in ["tracker_list_issues", "chat_post_message"] {
        assert!(found[..3].contains(&tool.to_owned()), "{tool}: {found:?}");
    }
    assert_eq!(
        group(json!({"ranking": "enhanced"}), request)["confidence"],
        "high"
    );
    // Without the rule the request is one ask: no need is read.
    let whole = crate::support::engine(
        json!({"ranking": "enhanced", "ranking_ablation": ["needs"]}),
        &[],
    );
    let report = serde_json::to_value(whole.explain(request, &s, None, 5)).unwrap();
    assert_eq!(report["needs"], json!([]), "{report}");
    // One ask stays one ask.
    let single = serde_json::to_value(engine.explain("chat list channels", &s, None, 5)).unwrap();
    assert_eq!(single["needs"], json!([]));
}

#[test]
fn a_long_request_is_read_in_part_and_the_reference_refuses_it() {
    let scene = "The office moved last week and the boxes are still everywhere. ".repeat(80);
    let request = format!("{scene}Could you post a message in the chat saying we are back?");
    assert!(request.chars().count() > 4096);
    let args = json!({"queries": [request]}).to_string();
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    let out = parse(&search(&engine, &args, &s));
    let read = out["queries"][0].as_str().unwrap();
    assert!(read.chars().count() <= 4096, "{}", read.len());
    assert!(read.ends_with("saying we are back?"), "{read}");
    assert_eq!(out["results"][0]["query"], read);
    assert_eq!(
        out["results"][0]["matches"][0], "chat_post_message",
        "{out}"
    );
    let reference = crate::support::engine(json!({}), &[]);
    let refused = parse(&search(
        &reference,
        &args,
        &session(&reference, fixture_session()),
    ));
    assert!(
        refused["error"].as_str().unwrap().contains("too long"),
        "{refused}"
    );
}

#[test]
fn a_group_keeps_the_specs_keys_and_adds_its_confidence_after_the_matches() {
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, fixture_session());
    let args = json!({"queries": ["chat list channels", "chat delete channel", "order a pizza"]});
    let out = search(&engine, &args.to_string(), &s);
    let keys =
        |group: &Value| -> Vec<String> { group.as_object().unwrap().keys().cloned().collect() };
    let out: Value = serde_json::from_str(&out).unwrap();
    let results = out["results"].as_array().unwrap();
    assert_eq!(keys(&results[0]), ["query", "matches", "confidence"]);
    let with_sources = [
        "query",
        "matches",
        "confidence",
        "available_sources",
        "hint",
    ];
    assert_eq!(keys(&results[1]), with_sources);
    assert_eq!(keys(&results[2]), with_sources);
    assert_ne!(
        results[1]["hint"], results[2]["hint"],
        "a low group is not an empty one"
    );
}

#[test]
fn a_session_that_defers_nothing_says_why_nothing_is_found() {
    let tools = json!([tool("chat_post_message", "Post a message.", &["text"])]);
    let bare = json!({ "tools": tools });
    let args = json!({"queries": ["post a message"]}).to_string();
    let enhanced = engine(json!({"ranking": "enhanced"}), &[]);
    let out = parse(&search(&enhanced, &args, &session(&enhanced, bare.clone())));
    assert_eq!(out["total_available"], 0);
    let hint = out["results"][0]["hint"].as_str().unwrap();
    assert!(
        hint.contains("defers no tool") && hint.contains("toolset"),
        "{hint}"
    );
    // The spec's group has no hint without sources to list.
    let reference = engine(json!({}), &[]);
    let out = parse(&search(&reference, &args, &session(&reference, bare)));
    assert_eq!(out["results"][0].get("hint"), None, "{out}");
}

#[test]
fn a_session_whose_every_source_failed_says_so_not_that_its_tools_are_listed() {
    // Every server failed to start: no tool defers, and each declared
    // source says why.
    let down = json!({"tools": [], "declaredSources": [
        {"name": "github", "unavailable": "github did not start. Check its command."},
        {"name": "slack", "tool_count": 4, "unavailable": "slack did not start. Check its command."}
    ]});
    let args = json!({"queries": ["post a message"]}).to_string();
    for ranking in ["enhanced", "reference"] {
        let engine = engine(json!({ "ranking": ranking }), &[]);
        let out = parse(&search(&engine, &args, &session(&engine, down.clone())));
        let group = &out["results"][0];
        let hint = group["hint"].as_str().unwrap();
        assert!(
            hint.contains("every source of deferred tools is unavailable"),
            "{ranking}: {hint}"
        );
        assert!(!hint.contains("every tool there is"), "{hint}");
        assert!(!hint.contains("connected"), "{hint}");
        assert_eq!(group["available_sources"].as_array().unwrap().len(), 2);
    }
}

#[test]
fn a_stem_family_is_bounded_whatever_a_description_holds() {
    // One description of 20,000 distinct words that extend "creat": each
    // was an alternative of "create" for every query that says it.
    let words: Vec<String> = (0..20_000u32)
        .map(|i| {
            let letters: String = format!("{i:04}")
                .bytes()
                .map(|d| char::from(b'a' + (d - b'0')))
                .collect();
            format!("creat{letters}")
        })
        .collect();
    let tools = [
        tool("ledger_create_entry", "Create an entry in the ledger.", &[]),
        tool("junk_words", &words.join(" "), &[]),
    ];
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, with_servers(&tools));
    let report = serde_json::to_value(engine.explain("create entry", &s, None, 5)).unwrap();
    let family = report["concepts"][0]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["via"] == "catalog")
        .count();
    assert!(
        family <= 8,
        "{family} alternatives of \"create\" from the catalog"
    );
    assert_eq!(report["tools"][0]["name"], "ledger_create_entry");
}

#[test]
fn scoring_carries_nothing_from_one_catalog_to_the_next() {
    // Scoring keeps its memory per thread, sized for the largest catalog
    // searched: the small catalog answers after a large one as on a thread
    // that never searched.
    const QUERIES: [&str; 3] = [
        "create issue",
        "post a message to the channel",
        "delete file",
    ];
    let answers = || -> Vec<String> {
        QUERIES
            .iter()
            .map(|q| group(json!({"ranking": "enhanced"}), q).to_string())
            .collect()
    };
    let fresh = std::thread::spawn(answers).join().unwrap();
    let copies: Vec<Value> = (0..300)
        .map(|i| {
            tool(
                &format!("tracker_file_issue_{i}"),
                "Create or delete an issue about a file, post a message.",
                &["project"],
            )
        })
        .collect();
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let large = session(&engine, with_servers(&copies));
    let out = parse(&search(&engine, r#"{"queries": ["create issue"]}"#, &large));
    assert_eq!(out["results"][0]["matches"].as_array().unwrap().len(), 5);
    assert_eq!(answers(), fresh);
}

/// The first tool the enhanced ranking returns for `query` over `tools`.
fn first_of(tools: &[Value], query: &str) -> String {
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    enhanced_in(&engine, &session(&engine, with_servers(tools)), query)
}

#[test]
fn chinese_and_korean_requests_reach_an_english_catalog() {
    let tools = [
        tool(
            "github_create_issue",
            "Create a new issue in a GitHub repository.",
            &["title"],
        ),
        tool(
            "github_create_branch",
            "Create a new branch in a GitHub repository.",
            &["branch"],
        ),
        tool(
            "slack_post_message",
            "Post a message to a Slack channel.",
            &["channel", "text"],
        ),
        tool(
            "slack_list_channels",
            "List the channels of a Slack workspace.",
            &[],
        ),
        tool(
            "gmail_list_messages",
            "List the messages of the Gmail inbox.",
            &["query"],
        ),
        tool("files_delete_file", "Delete a file.", &["path"]),
    ];
    for (query, expected) in [
        // Mixed scripts, simplified and traditional.
        ("帮我在 GitHub 上开一个 issue", "github_create_issue"),
        ("在 GitHub 建立新的分支", "github_create_branch"),
        ("在 Slack 頻道發送訊息", "slack_post_message"),
        // A product's Chinese name.
        ("列出我的谷歌邮箱邮件", "gmail_list_messages"),
        ("删除这个文件", "files_delete_file"),
        // Korean: particles on nouns, transliterated names, endings.
        ("깃허브에 이슈 하나 만들어줘", "github_create_issue"),
        ("슬랙으로 메시지 보내줘", "slack_post_message"),
        ("슬랙 채널 목록 보여줘", "slack_list_channels"),
        ("이 파일을 삭제해 주세요", "files_delete_file"),
    ] {
        assert_eq!(first_of(&tools, query), expected, "{query}");
    }
}

#[test]
fn a_catalog_written_in_chinese_or_korean_is_searched_in_its_own_words() {
    let tools = [
        tool(
            "traffic_query_violation",
            "按车牌号查询交通违章记录",
            &["plate"],
        ),
        tool("traffic_pay_fine", "缴纳交通违章罚款", &["plate"]),
        tool("music_play_song", "播放指定的歌曲", &["song"]),
        tool(
            "stock_get_price",
            "주식의 현재 가격을 조회한다.",
            &["symbol"],
        ),
        tool("taxi_call", "특정 위치에서 택시를 호출한다.", &["pickup"]),
        tool(
            "weather_get_forecast",
            "지역의 날씨 예보를 알려준다.",
            &["region"],
        ),
    ];
    for (query, expected) in [
        ("查一下我的车有没有违章记录", "traffic_query_violation"),
        ("帮我交一下违章罚款", "traffic_pay_fine"),
        ("放一首歌", "music_play_song"),
        ("애플 주식 가격이 어떻게 돼?", "stock_get_price"),
        ("강남역에서 택시 좀 불러줘", "taxi_call"),
        ("내일 서울 날씨 어때?", "weather_get_forecast"),
    ] {
        assert_eq!(first_of(&tools, query), expected, "{query}");
    }
}

#[test]
fn search_only_keywords_find_a_tool_and_are_never_shown() {
    let mut shipment = tool("post_create_shipment", "Create a shipment.", &["address"]);
    shipment["_meta"] = json!({"toolsearch/keywords": ["send a parcel", "courier"]});
    let tools = [
        shipment,
        tool(
            "post_track_letter",
            "Track a letter by its number.",
            &["number"],
        ),
        tool(
            "post_list_offices",
            "List the post offices of a town.",
            &["town"],
        ),
    ];
    let engine = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&engine, with_servers(&tools));
    let args = json!({"queries": ["courier for my parcel"]}).to_string();
    let found = search(&engine, &args, &s);
    assert_eq!(
        parse(&found)["results"][0]["matches"][0],
        "post_create_shipment",
        "{found}"
    );
    let described = crate::support::describe(
        &engine,
        &json!({"names": ["post_create_shipment"]}).to_string(),
        &s,
    );
    for text in [&found, &described] {
        assert!(
            !text.contains("courier") || text.contains("courier for my parcel"),
            "{text}"
        );
        assert!(!text.contains("send a parcel"), "{text}");
        assert!(!text.contains("toolsearch/keywords"), "{text}");
    }
    // The reference ranking reads the spec's documents only.
    let reference = crate::support::engine(json!({"ranking": "reference"}), &[]);
    let rs = session(&reference, with_servers(&tools));
    let plain = parse(&search(
        &reference,
        &json!({"queries": ["courier"]}).to_string(),
        &rs,
    ));
    assert_eq!(plain["results"][0]["matches"], json!([]));
    // The findability report counts them.
    let report = serde_json::to_value(engine.findability(&s)).unwrap();
    assert_eq!(report["keywords"], 1, "{report}");
}
