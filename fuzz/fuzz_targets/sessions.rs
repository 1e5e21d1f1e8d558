//! Any session a host may pass (tool definitions of any shape, toolsets),
//! through search, describe, assembly and explain.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use toolsearch::AssembleOptions;
use toolsearch::ToolFormat;

use common::{assert_in_session, describe, json_of, search, session_names};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(raw) = serde_json::from_slice::<Value>(rest) else {
        return;
    };
    // A bare list is the tools; an object is the session itself.
    let value = match raw {
        Value::Array(tools) => json!({ "tools": tools }),
        other => other,
    };
    let engine = common::engine(selector & 1 == 1);
    let Ok(session) = engine.session_from_json(&value) else {
        return;
    };
    let names = session_names(&value);
    let mut queries: Vec<String> = names.iter().take(5).cloned().collect();
    queries.extend(["create issue".to_owned(), "ファイルを読む".to_owned()]);
    let args = json!({ "queries": queries, "limit": 50 }).to_string();
    assert_in_session(&json_of(&search(&engine, &args, &session)), &names);
    let wanted: Vec<&String> = names.iter().take(10).collect();
    json_of(&describe(
        &engine,
        &json!({ "names": wanted }).to_string(),
        &session,
    ));
    let context_length = [None, Some(0.0), Some(8_000.0), Some(f64::NAN), Some(1e300)]
        [usize::from(selector >> 1) % 5];
    let options = || AssembleOptions {
        context_length,
        format: ToolFormat::default(),
        defer_loading: selector & 0x80 != 0,
    };
    let assembly = engine.assemble(&session, options());
    assert_eq!(
        assembly,
        engine.assemble(&session, options()),
        "assemble is not deterministic"
    );
    let explanation =
        serde_json::to_string(&engine.explain("read file", &session, None, 10)).unwrap();
    json_of(&explanation);
});
