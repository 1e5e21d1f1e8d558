//! The argument validator of the toolsearch wasm package. JSON Schema
//! validation (`jsonschema` and its regex engines) is most of the code of the
//! library, and only `tool_call` needs it, so the package builds it as this
//! module of its own and loads it on the first call that validates: a page
//! that only searches never downloads it.

use wasm_bindgen::prelude::*;

/// The violation of `schema` by `instance` (both JSON text) that says most
/// about what to fix, as JSON text (`{path, constraint, detail}`), or `null`
/// when the instance holds or the schema cannot be read.
#[wasm_bindgen]
pub fn validate(schema: &str, instance: &str) -> String {
    let (Ok(schema), Ok(instance)) = (serde_json::from_str(schema), serde_json::from_str(instance))
    else {
        return "null".to_owned();
    };
    serde_json::to_string(&toolsearch::violation(&schema, &instance))
        .unwrap_or_else(|_| "null".to_owned())
}
