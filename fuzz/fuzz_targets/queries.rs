//! Any query text through both rankings' analysis, search and explain.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use serde_json::json;

use common::{assert_in_session, json_of, search, session_names, with_fixtures};

fuzz_target!(|data: &[u8]| {
    let Ok(query) = std::str::from_utf8(data) else {
        return;
    };
    let names = session_names(&common::fixture_session());
    with_fixtures(|fixtures| {
        for (engine, session) in fixtures {
            let args = json!({ "queries": [query], "limit": 50 }).to_string();
            assert_in_session(&json_of(&search(engine, &args, session)), &names);
            let explain =
                |q: &str| serde_json::to_string(&engine.explain(q, session, None, 10)).unwrap();
            let first = explain(query);
            assert_eq!(first, explain(query), "explain is not deterministic");
            json_of(&first);
        }
    });
});
