//! The `tool_call` bridge: reading entries (spec §10.1), resolving them to a
//! local call, a connector batch or an error (§10.2), and the local batch
//! rejection that echoes a ready-to-send retry (§10.3).

use serde::Serialize;
use serde_json::{Map, Value};

use super::error::BridgeError;
use super::{args, json_text, refusal, validate};
use crate::classify::Classifier;
use crate::config::{python_str, CallScope, Config};
use crate::connectors::is_connector_name;
use crate::prepared::Prepared;
use crate::reserved::{is_bridge, is_reserved};
use crate::session::Session;

/// Characters of echoed retry arguments before they are shown as `{...}`.
pub(crate) const RETRY_ARGUMENTS_CHARS: usize = 1500;

/// One normalised entry: a tool name and its arguments object.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CallEntry {
    /// The tool name, trimmed.
    pub name: String,
    /// The arguments, an object.
    pub arguments: Map<String, Value>,
}

/// What a tool_call means (`pkg/toolsearch.d.ts`, `resolveToolCall`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Resolution {
    /// One deferrable local tool.
    Local {
        /// The tool.
        name: String,
        /// Its arguments as tool_call runs them (and as the host's `approve`
        /// sees them): the model's, coerced toward the tool's schema
        /// (§10.7), `"5000"` → `5000` where it takes an integer.
        arguments: Map<String, Value>,
    },
    /// One or more connector tools, run as a batch.
    Connectors {
        /// The entries, in input order.
        calls: Vec<CallEntry>,
    },
    /// The call cannot proceed; nothing runs.
    Error {
        /// Why, written as the model reads it.
        #[serde(serialize_with = "as_text")]
        error: BridgeError,
    },
}

fn as_text<S: serde::Serializer>(error: &BridgeError, out: S) -> Result<S::Ok, S::Error> {
    out.collect_str(error)
}

/// Reads the entries of a tool_call (§10.1); the first error wins.
pub(crate) fn normalize(args_text: &str) -> Result<Vec<CallEntry>, BridgeError> {
    let args = args::parse(args_text)?;
    let calls = match args.get("calls") {
        None | Some(Value::Null) => {
            let name = args.get("name").map(name_text).unwrap_or_default();
            if name.is_empty() {
                return Err(BridgeError::CallsRequired);
            }
            let mut entry = Map::new();
            entry.insert("name".into(), name.into());
            entry.insert(
                "arguments".into(),
                args.get("arguments").cloned().unwrap_or(Value::Null),
            );
            vec![Value::Object(entry)]
        }
        Some(Value::String(text)) => match json_text::parse_json(text) {
            Ok(Value::Array(items)) => items,
            Ok(Value::Object(item)) => vec![Value::Object(item)],
            Ok(_) => return Err(BridgeError::CallsNotArray),
            Err(error) => return Err(BridgeError::CallsNotJson(error)),
        },
        Some(Value::Object(item)) => vec![Value::Object(item.clone())],
        Some(Value::Array(items)) => items.clone(),
        Some(_) => return Err(BridgeError::CallsNotArray),
    };
    if calls.is_empty() {
        return Err(BridgeError::CallsNotArray);
    }
    calls
        .iter()
        .enumerate()
        .map(|(i, call)| entry(i, call))
        .collect()
}

fn entry(i: usize, call: &Value) -> Result<CallEntry, BridgeError> {
    let Value::Object(call) = call else {
        return Err(BridgeError::CallNotObject(i));
    };
    let name = call.get("name").map(name_text).unwrap_or_default();
    if name.is_empty() {
        return Err(BridgeError::CallWithoutName(i));
    }
    if is_bridge(&name) {
        return Err(BridgeError::CallToBridge(name));
    }
    let arguments = match call.get("arguments") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::String(text)) if text.trim().is_empty() => Map::new(),
        Some(Value::String(text)) => match json_text::parse_json(text) {
            Ok(Value::Object(map)) => map,
            Ok(_) => return Err(BridgeError::ArgumentsNotObject(i)),
            Err(error) => return Err(BridgeError::ArgumentsNotJson(i, error)),
        },
        Some(Value::Object(map)) => map.clone(),
        Some(_) => return Err(BridgeError::ArgumentsNotObject(i)),
    };
    Ok(CallEntry { name, arguments })
}

/// A name field as text: stringified and trimmed, `null` as empty.
fn name_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        other => python_str(other).trim().to_owned(),
    }
}

/// Resolves a tool_call (§10.1-10.3): pure, nothing runs. Under
/// `tool_call_scope: "session"` a visible tool of the session resolves as a
/// local call too, where §10.6 refuses it.
pub(crate) fn resolve(
    args_text: &str,
    classifier: &Classifier,
    session: &Session,
    config: &Config,
) -> Resolution {
    let entries = match normalize(args_text) {
        Ok(entries) => entries,
        Err(error) => return Resolution::Error { error },
    };
    if entries.len() > 1 && entries.iter().any(|e| !is_connector_name(&e.name)) {
        return Resolution::Error {
            error: batch_rejection(&entries),
        };
    }
    if entries.first().is_some_and(|e| is_connector_name(&e.name)) {
        return Resolution::Connectors { calls: entries };
    }
    let Some(CallEntry { name, arguments }) = entries.into_iter().next() else {
        return Resolution::Error {
            error: BridgeError::CallsNotArray,
        };
    };
    let toolset = session.source.toolset_of(&name);
    if !classifier.is_deferrable(&name, toolset.as_deref()) {
        if runs_visible(&name, session, config) {
            return Resolution::Local { name, arguments };
        }
        // §10.6 calls a case variant of a deferred name "directly listed",
        // and the direct call of it is refused in turn: a loop.
        let error = config
            .profile
            .checks_inexact_names()
            .then(|| refusal::inexact_name(&name, classifier, session))
            .flatten();
        return Resolution::Error {
            error: error.unwrap_or_else(|| refusal::error(&name, classifier, session)),
        };
    }
    Resolution::Local { name, arguments }
}

/// What a tool_call means, its local arguments coerced as tool_call coerces
/// them before it runs the tool (`resolveToolCall`).
pub(crate) fn resolve_as_run(
    args_text: &str,
    classifier: &Classifier,
    session: &Session,
    prepared: &Prepared,
    config: &Config,
) -> Resolution {
    match resolve(args_text, classifier, session, config) {
        Resolution::Local { name, arguments } => {
            let def = definition_position(prepared, session, config, &name)
                .and_then(|position| session.source.def(position));
            let arguments = validate::coerced(def.as_ref(), &arguments);
            Resolution::Local { name, arguments }
        }
        other => other,
    }
}

/// Where tool_call finds the definition of `name` in the session: its
/// catalog entry when it defers, else, under `tool_call_scope: "session"`,
/// the first visible tool of that name.
pub(crate) fn definition_position(
    prepared: &Prepared,
    session: &Session,
    config: &Config,
    name: &str,
) -> Option<usize> {
    if let Some(entry) = prepared.catalog.get(name) {
        return Some(entry.position);
    }
    if !runs_visible(name, session, config) {
        return None;
    }
    session.position(name)
}

/// True when `name` is a visible tool of the session that tool_call runs
/// (`tool_call_scope: "session"`); `manage_connections` stays the engine's.
pub(crate) fn runs_visible(name: &str, session: &Session, config: &Config) -> bool {
    config.tool_call_scope == CallScope::Session && !is_reserved(name) && session.has_tool(name)
}

/// The rejection of a batch holding a local tool, with the caller's first
/// entry echoed as a ready-to-send retry (§10.3).
fn batch_rejection(entries: &[CallEntry]) -> BridgeError {
    let Some(first) = entries.first() else {
        return BridgeError::CallsNotArray;
    };
    let arguments = Value::Object(first.arguments.clone()).to_string();
    let arguments = if arguments.chars().count() > RETRY_ARGUMENTS_CHARS {
        "{...}".to_owned()
    } else {
        arguments
    };
    let retry = format!(
        r#"{{"calls":[{{"name":{},"arguments":{arguments}}}]}}"#,
        Value::String(first.name.clone())
    );
    BridgeError::LocalBatch {
        sent: entries.len(),
        retry,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(args: &str) -> Result<Vec<CallEntry>, String> {
        normalize(args).map_err(|e| e.to_string())
    }

    #[test]
    fn shapes_of_calls() {
        let one = entries(r#"{"calls": [{"name": " a ", "arguments": {"x": 1}}]}"#).unwrap();
        assert_eq!(one[0].name, "a");
        assert_eq!(one[0].arguments["x"], 1);
        assert_eq!(entries(r#"{"calls": {"name": "a"}}"#).unwrap().len(), 1);
        assert_eq!(
            entries(r#"{"calls": "[{\"name\": \"a\"}, {\"name\": \"b\"}]"}"#)
                .unwrap()
                .len(),
            2
        );
        let legacy = entries(r#"{"name": "a", "arguments": "{\"q\": \"x\"}"}"#).unwrap();
        assert_eq!(legacy[0].arguments["q"], "x");
        for blank in [r#"null"#, r#""""#, r#""  ""#] {
            let e = entries(&format!(
                r#"{{"calls": [{{"name": "a", "arguments": {blank}}}]}}"#
            ))
            .unwrap();
            assert!(e[0].arguments.is_empty());
        }
        let calls_win = entries(r#"{"calls": [{"name": "a"}], "name": "b"}"#).unwrap();
        assert_eq!(calls_win[0].name, "a");
    }

    #[test]
    fn every_error_first_one_wins() {
        let error = |args: &str| entries(args).unwrap_err();
        assert!(error("{}").contains("requires 'calls'"));
        assert!(error(r#"{"name": "  "}"#).contains("requires 'calls'"));
        assert!(error(r#"{"calls": "[oops"}"#).contains("`calls` is not valid JSON"));
        assert!(error(r#"{"calls": []}"#).contains("non-empty array"));
        assert!(error(r#"{"calls": 5}"#).contains("non-empty array"));
        assert!(error(r#"{"calls": [5]}"#).starts_with("calls[0] must be an object"));
        assert!(error(r#"{"calls": [{"name": "a"}, {"arguments": {}}]}"#)
            .contains("calls[1] requires a 'name'"));
        assert!(error(r#"{"calls": [{"name": "tool_call"}]}"#).contains("itself a bridge tool"));
        assert!(error(r#"{"calls": [{"name": "a", "arguments": "{bad"}]}"#)
            .contains("calls[0].arguments is not valid JSON"));
        assert!(error(r#"{"calls": [{"name": "a", "arguments": "[1]"}]}"#)
            .contains("calls[0].arguments must be an object"));
        assert!(
            error(r#"{"calls": [{"name": "a", "arguments": 3}]}"#).contains("must be an object")
        );
        assert!(error(r#"{"calls": [{"name": "a", "arguments": 3}, 7]}"#).starts_with("calls[0]"));
    }

    #[test]
    fn batch_rejection_echoes_the_first_entry() {
        let e = entries(
            r#"{"calls": [{"name": "session_search", "arguments": {"query": "alpha"}}, {"name": "x", "arguments": {}}]}"#,
        )
        .unwrap();
        let text = batch_rejection(&e).to_string();
        assert!(text.contains(r#"Retry with only: {"calls":[{"name":"session_search","arguments":{"query":"alpha"}}]}"#), "{text}");
        assert!(text.contains("one entry per tool_call"));
        assert!(text.contains("2 entries"));
        assert!(text.contains("remaining 1"));
        let big = format!(
            r#"{{"calls": [{{"name": "a", "arguments": {{"q": "{}"}}}}, {{"name": "b"}}]}}"#,
            "x".repeat(1500)
        );
        assert!(batch_rejection(&entries(&big).unwrap())
            .to_string()
            .contains(r#"{"calls":[{"name":"a","arguments":{...}}]}"#));
    }
}
