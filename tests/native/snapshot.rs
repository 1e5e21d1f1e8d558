//! Index snapshots (`export_index` / `import_index`): a restored catalog
//! answers byte for byte as a built one, and bytes of another catalog, of
//! another version, or damaged are refused without harm.

use serde_json::{json, Value};
use toolsearch::{Engine, Session, SnapshotRefusal};

use crate::support::{engine, real_catalog_session, search, session, shared_dir, tool};

fn fixture(description: &str) -> Value {
    let mut with_enum = tool(
        "mcp__cluster__kubectl_describe",
        "Describe a Kubernetes resource such as a pod",
        &["kind", "name"],
    );
    with_enum["function"]["parameters"]["properties"]["kind"] =
        json!({"type": "string", "description": "Resource kind", "enum": ["pod", "deployment"]});
    let tools = vec![
        tool(
            "mcp__tracker__create_issue",
            description,
            &["title", "body"],
        ),
        tool(
            "mcp__tracker__listIssues",
            "List issues, filtered by state",
            &["state"],
        ),
        tool(
            "mcp__chat__send_message",
            "Post a message to a channel",
            &["channel", "text"],
        ),
        with_enum,
        json!({"name": "mcp__maps__directions", "description": "経路を検索します: directions between two places",
            "inputSchema": {"type": "object", "properties": {"from": {"type": "string"}, "to": {"type": "string"}}}}),
        json!({"name": "mcp__misc__no_description", "inputSchema": {"type": "object"}}),
    ];
    let toolsets: serde_json::Map<String, Value> = tools
        .iter()
        .map(|t| {
            let name = t.get("function").unwrap_or(t)["name"].as_str().unwrap();
            let server = name.split("__").nth(1).unwrap();
            (name.to_owned(), json!(format!("mcp-{server}")))
        })
        .collect();
    json!({"tools": tools, "toolsets": toolsets})
}

const QUERIES: &str = r#"{"queries": ["create issue", "list issues open", "send a message to the team channel",
    "describe pod", "directions", "経路", "no description", "mcp__tracker__create_issue", "nothing like this"], "limit": 10}"#;

fn answers(engine: &Engine, session: &Session) -> (String, String) {
    let explanation =
        serde_json::to_string(&engine.explain("describe the pod", session, None, 10)).unwrap();
    (search(engine, QUERIES, session), explanation)
}

fn exported(ranking: &str, session_json: &Value) -> Vec<u8> {
    let source = engine(json!({"ranking": ranking}), &[]);
    source.export_index(&session(&source, session_json.clone()))
}

#[test]
fn a_restored_catalog_answers_as_a_built_one() {
    let catalog = fixture("Open a new issue with a title and body");
    for exported_with in ["reference", "enhanced"] {
        let bytes = exported(exported_with, &catalog);
        assert_eq!(&bytes[..4], b"TSIX");
        assert_eq!(
            bytes,
            exported(exported_with, &catalog),
            "snapshots are deterministic"
        );
        for ranking in ["reference", "enhanced"] {
            let built = engine(json!({"ranking": ranking}), &[]);
            let expected = answers(&built, &session(&built, catalog.clone()));
            let restored = engine(json!({"ranking": ranking}), &[]);
            let s = session(&restored, catalog.clone());
            assert_eq!(restored.import_index(&s, &bytes), Ok(()));
            assert_eq!(
                answers(&restored, &s),
                expected,
                "{exported_with} snapshot, {ranking} ranking"
            );
        }
    }
}

#[test]
fn a_snapshot_of_another_catalog_is_refused_and_the_index_built() {
    let bytes = exported(
        "enhanced",
        &fixture("Open a new issue with a title and body"),
    );
    let changed = fixture("Open a new ticket with a title and body");
    let built = engine(json!({"ranking": "enhanced"}), &[]);
    let expected = answers(&built, &session(&built, changed.clone()));
    let restored = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&restored, changed);
    assert_eq!(
        restored.import_index(&s, &bytes),
        Err(SnapshotRefusal::OtherCatalog)
    );
    assert_eq!(answers(&restored, &s), expected);
}

#[test]
fn damaged_or_foreign_bytes_are_refused() {
    let catalog = fixture("Open a new issue with a title and body");
    let bytes = exported("enhanced", &catalog);
    let fresh = || {
        let e = engine(json!({"ranking": "enhanced"}), &[]);
        let s = session(&e, catalog.clone());
        (e, s)
    };
    let (e, s) = fresh();
    let refusal = |bytes: &[u8]| e.import_index(&s, bytes).err();
    assert_eq!(refusal(b""), Some(SnapshotRefusal::NotASnapshot));
    assert_eq!(
        refusal(b"{\"not\": \"a snapshot\"}"),
        Some(SnapshotRefusal::NotASnapshot)
    );
    // Every cut, and every flipped byte after the magic, is refused: none is
    // used or panics.
    for cut in 0..bytes.len() {
        assert!(refusal(&bytes[..cut]).is_some(), "cut at {cut}");
    }
    for at in 4..bytes.len() {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x41;
        assert!(refusal(&damaged).is_some(), "byte {at} flipped");
    }
    let mut other_version = bytes.clone();
    let at = bytes.windows(5).position(|w| w == b"0.1.0").unwrap();
    other_version[at + 2] = b'9';
    assert_eq!(
        refusal(&other_version),
        Some(SnapshotRefusal::OtherVersion("0.9.0 format 3".to_owned()))
    );
    // Refusals leave an engine that answers as a fresh one.
    let (built, built_session) = fresh();
    assert_eq!(answers(&e, &s), answers(&built, &built_session));
}

#[test]
fn a_session_prepared_already_keeps_what_it_built() {
    let catalog = fixture("Open a new issue with a title and body");
    let e = engine(json!({"ranking": "enhanced"}), &[]);
    let s = session(&e, catalog.clone());
    let before = answers(&e, &s);
    // A snapshot onto a session whose indexes are built: not needed (it
    // says so), and the answers stay.
    assert_eq!(
        e.import_index(&s, &exported("reference", &catalog)),
        Err(SnapshotRefusal::NotNeeded)
    );
    assert_eq!(
        e.import_index(&s, &exported("enhanced", &catalog)),
        Err(SnapshotRefusal::NotNeeded)
    );
    assert_eq!(answers(&e, &s), before);
    let other = exported("reference", &fixture("Open a new ticket"));
    assert_eq!(
        e.import_index(&s, &other),
        Err(SnapshotRefusal::OtherCatalog)
    );
    assert_eq!(answers(&e, &s), before);
}

#[test]
fn the_real_catalog_round_trips() {
    let Some(shared) = shared_dir() else { return };
    let catalog = real_catalog_session(&shared);
    let bytes = exported("enhanced", &catalog);
    let queries = r#"{"queries": ["github create issue", "could you post in the #general slack channel",
        "Datei im GitHub-Repository aktualisieren", "kubernetes pod logs"], "limit": 10}"#;
    for ranking in ["reference", "enhanced"] {
        let built = engine(json!({"ranking": ranking}), &[]);
        let expected = search(&built, queries, &session(&built, catalog.clone()));
        let restored = engine(json!({"ranking": ranking}), &[]);
        let s = session(&restored, catalog.clone());
        assert_eq!(restored.import_index(&s, &bytes), Ok(()));
        assert_eq!(search(&restored, queries, &s), expected, "{ranking}");
    }
}
