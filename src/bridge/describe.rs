//! The `tool_describe` bridge (spec §9): full schemas of named tools.

use serde_json::{Map, Value};

use super::args::{self, Repeats};
use super::{messages, refusal};
use crate::catalog::Catalog;
use crate::classify::Classifier;
use crate::connectors::is_connector_name;
use crate::session::Session;
use crate::tooldef::{function_block, parameters_of};

/// Names per call (§2.4).
pub const MAX_NAMES: usize = 10;

/// Reads `names` (§8.1 with repeats dropped); `Err` holds the error JSON.
pub fn read_names(args_text: &str) -> Result<Vec<String>, String> {
    args::parse(args_text)
        .and_then(|args| args::string_list(&args, "names", Repeats::Drop, MAX_NAMES))
        .map_err(|text| messages::error_json(&text))
}

/// Answers tool_describe for local tools (§9 steps 2 and 4-5). Connector
/// names are reported in `not_found`.
pub fn describe(
    names: &[String],
    catalog: &Catalog,
    classifier: &Classifier,
    session: &Session,
) -> String {
    let mut tools = Map::new();
    let mut not_found: Vec<&str> = Vec::new();
    let mut errors = Map::new();
    for name in names {
        if let Some(entry) = catalog.get(name) {
            tools.insert(
                name.clone(),
                schema_record(session.source.def(entry.position)),
            );
        } else if !is_connector_name(name) && refusal::is_known(name, classifier, session) {
            errors.insert(
                name.clone(),
                refusal::message(name, classifier, session).into(),
            );
        } else {
            not_found.push(name);
        }
    }
    let mut output = Map::new();
    output.insert("tools".into(), Value::Object(tools));
    if !not_found.is_empty() {
        output.insert("not_found".into(), not_found.into());
        output.insert("hint".into(), messages::NOT_FOUND_HINT.into());
    }
    if !errors.is_empty() {
        output.insert("errors".into(), Value::Object(errors));
    }
    Value::Object(output).to_string()
}

/// `{"description", "parameters"}` of a raw definition, as stored.
fn schema_record(def: Option<Value>) -> Value {
    let def = def.unwrap_or(Value::Null);
    let description = function_block(&def)
        .and_then(|block| block.get("description"))
        .filter(|v| !v.is_null())
        .cloned()
        .unwrap_or_else(|| "".into());
    let parameters = parameters_of(&def)
        .filter(|v| !v.is_null())
        .cloned()
        .unwrap_or_else(|| Value::Object(Map::new()));
    let mut record = Map::new();
    record.insert("description".into(), description);
    record.insert("parameters".into(), parameters);
    Value::Object(record)
}
