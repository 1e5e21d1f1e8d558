//! The `tool_describe` bridge (spec §9): full schemas of named tools.

use serde_json::{Map, Value};

use super::answer::{Answer, Facts};
use super::args::{self, LongItems, Repeats};
use super::call::runs_visible;
use super::error::BridgeError;
use super::turn::Turn;
use super::{messages, refusal};
use crate::connectors::{describe_leg, is_connector_name, DescribeLeg};
use crate::host::Host;
use crate::session::tooldef::{annotations, function_block, parameters_of};

/// Names per call (§2.4).
pub(crate) const MAX_NAMES: usize = 10;

/// Reads `names` (§8.1 with repeats dropped).
pub(crate) fn read_names(args_text: &str) -> Result<Vec<String>, BridgeError> {
    args::parse(args_text).and_then(|args| {
        args::string_list(&args, "names", Repeats::Drop, MAX_NAMES, LongItems::Refuse)
    })
}

/// Answers tool_describe (§9): local schemas, the describe leg for
/// connector names when connectors are in scope, refusals for tools that do
/// not defer.
pub(crate) async fn tool_describe<H: Host>(turn: &Turn<'_, H>, args: &str) -> Answer<H::Returned> {
    let names = match read_names(args) {
        Ok(names) => names,
        Err(error) => return error.into(),
    };
    let catalog = &turn.prepared.catalog;
    let remote_names: Vec<String> = names
        .iter()
        .filter(|n| is_connector_name(n) && catalog.get(n).is_none())
        .cloned()
        .collect();
    let leg = if turn.connectors_in_scope() && !remote_names.is_empty() {
        describe_leg(turn.host, turn.timeouts, &remote_names).await
    } else {
        DescribeLeg::default()
    };
    let mut tools = Map::new();
    let mut not_found: Vec<&str> = Vec::new();
    let mut undescribed: Vec<String> = Vec::new();
    let mut errors = Map::new();
    let guarded = turn.guarded().map(|(turn_name, _)| turn_name);
    let mut described_earlier: Vec<&str> = Vec::new();
    let annotated = turn.config.profile.annotates_records();
    for name in &names {
        if guarded.is_some_and(|turn_name| turn.guard.was_described(turn_name, name)) {
            described_earlier.push(name);
        } else if let Some(entry) = catalog.get(name) {
            match turn.session.source.def(entry.position) {
                Some(def) => {
                    tools.insert(name.clone(), schema_record(&def, annotated));
                }
                None => {
                    errors.insert(name.clone(), messages::UNREADABLE_DEFINITION.into());
                }
            }
        } else if let Some(schema) = leg.schemas.get(name) {
            tools.insert(name.clone(), schema.clone());
        } else if let Some(def) = visible_def(turn, name) {
            tools.insert(name.clone(), schema_record(&def, annotated));
        } else if is_connector_name(name) {
            if leg.failure.is_some() {
                undescribed.push(name.clone());
            } else {
                not_found.push(name);
            }
        } else if is_registered_not_deferrable(name, turn) {
            errors.insert(
                name.clone(),
                refusal::error(name, turn.classifier, turn.session)
                    .to_string()
                    .into(),
            );
        } else {
            not_found.push(name);
        }
    }
    if let Some(turn_name) = guarded {
        turn.guard
            .note_described(turn_name, tools.keys().map(String::as_str));
    }
    let described: Vec<String> = tools.keys().cloned().collect();
    let mut output = Map::new();
    output.insert("tools".into(), Value::Object(tools));
    if !described_earlier.is_empty() {
        let mut earlier = Map::new();
        earlier.insert("names".into(), described_earlier.into());
        earlier.insert("hint".into(), messages::DESCRIBED_EARLIER_HINT.into());
        output.insert("described_earlier".into(), Value::Object(earlier));
    }
    if !not_found.is_empty() {
        output.insert("not_found".into(), not_found.into());
        output.insert("hint".into(), messages::NOT_FOUND_HINT.into());
    }
    if !errors.is_empty() {
        output.insert("errors".into(), Value::Object(errors));
    }
    if let Some(failure) = leg.failure {
        output.insert(
            "connectors".into(),
            messages::connectors_field(failure, "described", &undescribed),
        );
    }
    Answer::Bridge {
        text: Value::Object(output).to_string(),
        matches: Vec::new(),
        facts: Facts {
            described,
            ..Facts::default()
        },
    }
}

/// The definition of a visible tool of the session that tool_call runs
/// (`tool_call_scope: "session"`): described like a deferred one.
fn visible_def<H: Host>(turn: &Turn<'_, H>, name: &str) -> Option<Value> {
    if !runs_visible(name, turn.session, turn.config) {
        return None;
    }
    turn.session.source.def(turn.session.position(name)?)
}

/// §9 step 4: a registered tool that does not defer (a core or GUI-surface
/// tool) is refused with a reason; any other name is `not_found`, a
/// registered deferrable tool outside this session's definitions included.
fn is_registered_not_deferrable<H: Host>(name: &str, turn: &Turn<'_, H>) -> bool {
    let normalized = refusal::normalize(name);
    let toolset = turn.session.source.toolset_of(&normalized);
    refusal::is_registered(name, turn.classifier, turn.session)
        && !turn
            .classifier
            .is_deferrable(&normalized, toolset.as_deref())
}

/// `{"description", "parameters"}` of a raw definition, as stored, and its
/// `annotations` when it has any and `annotated` (the reference ranking's
/// records are the spec's).
fn schema_record(def: &Value, annotated: bool) -> Value {
    let description = function_block(def)
        .and_then(|block| block.get("description"))
        .filter(|v| !v.is_null())
        .cloned()
        .unwrap_or_else(|| "".into());
    let parameters = parameters_of(def)
        .filter(|v| !v.is_null())
        .cloned()
        .unwrap_or_else(|| Value::Object(Map::new()));
    let mut record = Map::new();
    record.insert("description".into(), description);
    record.insert("parameters".into(), parameters);
    if let Some(annotations) = annotated
        .then(|| annotations(def.get("annotations")))
        .flatten()
    {
        record.insert("annotations".into(), Value::Object(annotations));
    }
    Value::Object(record)
}
