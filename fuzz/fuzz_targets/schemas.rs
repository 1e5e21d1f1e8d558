//! A tool's JSON schema and the arguments validated against it (`[schema,
//! arguments]` as JSON).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use toolsearch::check_arguments as check;

fuzz_target!(|data: &[u8]| {
    let Ok(Value::Array(pair)) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let [schema, arguments] = pair.as_slice() else {
        return;
    };
    let Value::Object(arguments) = arguments else {
        return;
    };
    // MCP shape: what `parameters_of` reads (a bare `parameters` key is no
    // schema, and validation would never run).
    let def = json!({ "name": "t", "inputSchema": schema });
    let first = check("t", Some(&def), arguments);
    assert_eq!(
        first,
        check("t", Some(&def), arguments),
        "validation is not deterministic"
    );
    if let Err(error) = first {
        serde_json::from_str::<Value>(&error.to_json()).expect("a validation error is JSON");
    }
});
