//! Local argument validation before a deferred tool runs (spec §10.5):
//! required arguments, coercion, and the schema to check the arguments
//! against. The check itself is `crate::schema` (the `validation` feature) or
//! the host's validator. It fails open: any problem of its own (no schema, an
//! invalid schema, an external `$ref`, a validator error) lets the call
//! through. The built-in check also gives up, and lets the call through, when
//! it would apply more than `schema::cost::STEP_BUDGET` keywords.

use serde::Serialize;
use serde_json::{Map, Value};

use super::coerce::coerce_arguments;
use super::error::BridgeError;
use super::messages;
use super::modes::Caller;
use crate::host::Violation;
use crate::session::tooldef::parameters_of;

/// Schema nesting beyond which validation is skipped.
const MAX_SCHEMA_DEPTH: usize = 128;
/// Keywords whose values are data, copied verbatim.
const DATA_KEYWORDS: [&str; 5] = ["const", "default", "enum", "example", "examples"];
/// Keywords whose values map names to subschemas (the names are data).
const SCHEMA_MAPS: [&str; 5] = [
    "properties",
    "patternProperties",
    "definitions",
    "$defs",
    "dependentSchemas",
];

/// Arguments the schema rejects (§10.5 step 8).
#[derive(Debug, Clone, PartialEq)]
pub struct Rejection {
    /// What is wrong: [`BridgeError::MissingArguments`] or
    /// [`BridgeError::InvalidArguments`].
    pub error: BridgeError,
    /// The tool's parameters schema, shown so the model can retry.
    pub parameters: Value,
}

/// The answer of a rejected call, key order fixed.
#[derive(Serialize)]
struct RejectionJson<'a> {
    error: String,
    path: &'a str,
    constraint: &'a str,
    parameters: &'a Value,
    hint: &'static str,
}

impl Rejection {
    fn new(error: BridgeError, parameters: &Value) -> Box<Rejection> {
        Box::new(Rejection {
            error,
            parameters: parameters.clone(),
        })
    }

    /// Where the arguments fail, and the keyword they fail: `arguments`
    /// and `required` for missing ones.
    pub fn location(&self) -> (&str, &str) {
        match &self.error {
            BridgeError::InvalidArguments {
                path, constraint, ..
            } => (path, constraint),
            _ => ("arguments", "required"),
        }
    }

    /// The JSON text the model reads after a `tool_call`.
    pub fn to_json(&self) -> String {
        self.json(Caller::Bridge)
    }

    /// The JSON text the model reads, worded for how it called the tool.
    pub fn json(&self, caller: Caller) -> String {
        let error = messages::rejection_text(&self.error, caller);
        let (path, constraint) = self.location();
        let json = RejectionJson {
            error: messages::clip_error(&error),
            path,
            constraint,
            parameters: &self.parameters,
            hint: messages::validation_hint(caller),
        };
        serde_json::to_string(&json).unwrap_or_else(|_| messages::error_json(&error))
    }
}

/// Arguments that passed the checks of their own: coerced, with the schema
/// they still have to satisfy.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Prepared {
    /// The coerced arguments to run with.
    pub arguments: Map<String, Value>,
    /// The schema to validate them against (JSON Schema, `nullable`
    /// rewritten), or `None` when there is nothing the check can read.
    pub schema: Option<Value>,
    /// The tool's parameters schema, shown in a rejection.
    parameters: Value,
}

impl Prepared {
    /// The rejection `violation` of the schema means for tool `name`.
    pub(crate) fn reject(&self, name: &str, violation: Violation) -> Box<Rejection> {
        let error = BridgeError::InvalidArguments {
            name: name.to_owned(),
            path: violation.path,
            constraint: violation.constraint,
            detail: violation.detail,
        };
        Rejection::new(error, &self.parameters)
    }
}

/// Checks `arguments` for tool `name` against its registered definition with
/// the built-in validator.
/// `Ok` holds the coerced arguments to run with.
#[cfg(feature = "validation")]
pub fn check(
    name: &str,
    def: Option<&Value>,
    arguments: &Map<String, Value>,
) -> Result<Map<String, Value>, Box<Rejection>> {
    let prepared = prepare(name, def, arguments)?;
    let violation = prepared.schema.as_ref().and_then(|schema| {
        crate::schema::violation(schema, &Value::Object(prepared.arguments.clone()))
    });
    match violation {
        Some(violation) => Err(prepared.reject(name, violation)),
        None => Ok(prepared.arguments),
    }
}

/// Required arguments, coercion and the schema to check (§10.5 steps 1-6).
pub(crate) fn prepare(
    name: &str,
    def: Option<&Value>,
    arguments: &Map<String, Value>,
) -> Result<Prepared, Box<Rejection>> {
    let Some(parameters) = def.and_then(parameters_of).filter(|p| p.is_object()) else {
        return Ok(Prepared {
            arguments: arguments.clone(),
            schema: None,
            parameters: Value::Null,
        });
    };
    let missing: Vec<String> = parameters
        .get("required")
        .and_then(Value::as_array)
        .map(|required| {
            required
                .iter()
                .filter_map(Value::as_str)
                .filter(|key| !arguments.contains_key(*key))
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    if !missing.is_empty() {
        let error = BridgeError::MissingArguments {
            name: name.to_owned(),
            missing,
        };
        return Err(Rejection::new(error, parameters));
    }
    let schema = validation_copy(parameters, 0).filter(|schema| !has_external_ref(schema, 0));
    Ok(Prepared {
        arguments: coerce_arguments(arguments, parameters),
        schema,
        parameters: parameters.clone(),
    })
}

/// `arguments` as tool_call runs them for the tool `def`: coerced toward its
/// parameters schema (§10.7), as they are when it has none.
pub(crate) fn coerced(def: Option<&Value>, arguments: &Map<String, Value>) -> Map<String, Value> {
    match def.and_then(parameters_of).filter(|p| p.is_object()) {
        Some(parameters) => coerce_arguments(arguments, parameters),
        None => arguments.clone(),
    }
}

/// The schema with `nullable` (OpenAPI) rewritten as JSON Schema: dropped,
/// with `"null"` added to the type or the node wrapped in `anyOf`. Data
/// keywords are copied verbatim. `None` past the depth cap.
fn validation_copy(schema: &Value, depth: usize) -> Option<Value> {
    if depth > MAX_SCHEMA_DEPTH {
        return None;
    }
    match schema {
        Value::Object(node) => {
            let mut copy = Map::new();
            for (key, value) in node {
                if key == "nullable" {
                    continue;
                }
                let value = if DATA_KEYWORDS.contains(&key.as_str()) {
                    value.clone()
                } else if SCHEMA_MAPS.contains(&key.as_str()) && value.is_object() {
                    let mut map = Map::new();
                    for (name, sub) in value.as_object()? {
                        map.insert(name.clone(), validation_copy(sub, depth + 1)?);
                    }
                    Value::Object(map)
                } else {
                    validation_copy(value, depth + 1)?
                };
                copy.insert(key.clone(), value);
            }
            if node.get("nullable") != Some(&Value::Bool(true)) {
                return Some(Value::Object(copy));
            }
            match copy.get_mut("type") {
                Some(Value::String(t)) => {
                    let t = std::mem::take(t);
                    copy.insert(
                        "type".into(),
                        if t == "null" {
                            t.into()
                        } else {
                            Value::from(vec![t, "null".into()])
                        },
                    );
                    Some(Value::Object(copy))
                }
                Some(Value::Array(types)) => {
                    if !types.iter().any(|t| t == "null") {
                        types.push("null".into());
                    }
                    Some(Value::Object(copy))
                }
                _ => {
                    let mut wrapper = Map::new();
                    wrapper.insert(
                        "anyOf".into(),
                        Value::from(vec![
                            Value::Object(copy),
                            serde_json::json!({"type": "null"}),
                        ]),
                    );
                    Some(Value::Object(wrapper))
                }
            }
        }
        Value::Array(items) => items
            .iter()
            .map(|i| validation_copy(i, depth + 1))
            .collect::<Option<Vec<_>>>()
            .map(Value::Array),
        other => Some(other.clone()),
    }
}

/// True when a `$ref` keyword points outside the document.
fn has_external_ref(schema: &Value, depth: usize) -> bool {
    if depth > MAX_SCHEMA_DEPTH {
        return true;
    }
    match schema {
        Value::Object(node) => node.iter().any(|(key, value)| {
            if key == "$ref" {
                return value.as_str().is_some_and(|r| !r.starts_with('#'));
            }
            if DATA_KEYWORDS.contains(&key.as_str()) {
                return false;
            }
            if SCHEMA_MAPS.contains(&key.as_str()) {
                if let Value::Object(map) = value {
                    return map.values().any(|sub| has_external_ref(sub, depth + 1));
                }
            }
            has_external_ref(value, depth + 1)
        }),
        Value::Array(items) => items.iter().any(|i| has_external_ref(i, depth + 1)),
        _ => false,
    }
}

#[cfg(test)]
#[cfg(feature = "validation")]
mod tests {
    use super::*;
    use serde_json::json;

    fn def(parameters: Value) -> Value {
        json!({"type": "function", "function": {"name": "t", "parameters": parameters}})
    }

    fn fail(parameters: Value, args: Value) -> Value {
        let d = def(parameters);
        let error = check("t", Some(&d), args.as_object().unwrap()).unwrap_err();
        serde_json::from_str(&error.to_json()).unwrap()
    }

    fn nested() -> Value {
        json!({"type": "object", "properties": {
            "options": {"type": "object", "properties": {"count": {"type": "integer"}},
                        "required": ["count"], "additionalProperties": false},
            "priority": {"type": "string", "enum": ["low", "high"]}
        }, "required": ["options"]})
    }

    #[test]
    fn pinned_paths_and_constraints() {
        let cases = [
            (
                json!({"options": {"count": "many"}}),
                "arguments.options.count",
                "type",
            ),
            (json!({"options": {}}), "arguments.options", "required"),
            (
                json!({"options": {"count": 1, "extra": true}}),
                "arguments.options",
                "additionalProperties",
            ),
            (
                json!({"options": {"count": 1}, "priority": "urgent"}),
                "arguments.priority",
                "enum",
            ),
        ];
        for (args, path, constraint) in cases {
            let out = fail(nested(), args);
            assert_eq!(out["path"], path);
            assert_eq!(out["constraint"], constraint);
            let error = out["error"].as_str().unwrap();
            assert!(
                error.starts_with(&format!(
                    "tool_call to 't' failed argument validation at {path} ({constraint}): "
                )),
                "{error}"
            );
            assert!(error.ends_with("The tool was NOT invoked."));
            assert_eq!(out["parameters"], nested());
            let keys: Vec<&String> = out.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["error", "path", "constraint", "parameters", "hint"]);
        }
    }

    #[test]
    fn required_probe_runs_on_raw_arguments() {
        let out = fail(
            json!({"type": "object", "required": ["a", "b", 3]}),
            json!({"b": null}),
        );
        assert_eq!(
            out["error"],
            "tool_call to 't' is missing required argument(s): a. The tool was NOT invoked."
        );
        assert_eq!(
            (out["path"].as_str(), out["constraint"].as_str()),
            (Some("arguments"), Some("required"))
        );
    }

    #[test]
    fn coercion_before_validation_and_result() {
        let d = def(
            json!({"type": "object", "properties": {"n": {"type": "integer"}, "flag": {"type": "boolean"}}}),
        );
        let ok = check(
            "t",
            Some(&d),
            json!({"n": "5", "flag": "false"}).as_object().unwrap(),
        )
        .unwrap();
        assert_eq!(Value::Object(ok), json!({"n": 5, "flag": false}));
    }

    #[test]
    fn nullable_is_rewritten_and_data_kept() {
        let schema = json!({"type": "object", "properties": {
            "a": {"type": "string", "nullable": true},
            "b": {"nullable": true, "enum": ["x", {"nullable": true}]},
            "nullable": {"type": "integer"}
        }});
        let d = def(schema.clone());
        assert!(check(
            "t",
            Some(&d),
            json!({"a": null, "b": null, "nullable": 1})
                .as_object()
                .unwrap()
        )
        .is_ok());
        assert!(check(
            "t",
            Some(&d),
            json!({"b": {"nullable": true}}).as_object().unwrap()
        )
        .is_ok());
        let out = fail(schema, json!({"nullable": "x"}));
        assert_eq!(out["path"], "arguments.nullable");
    }

    #[test]
    fn fails_open() {
        let external = def(
            json!({"type": "object", "properties": {"a": {"$ref": "https://example.com/s.json"}}}),
        );
        assert!(check("t", Some(&external), json!({"a": 1}).as_object().unwrap()).is_ok());
        let invalid = def(json!({"type": "object", "properties": {"a": {"type": 12}}}));
        assert!(check("t", Some(&invalid), json!({"a": 1}).as_object().unwrap()).is_ok());
        assert!(check("t", None, &Map::new()).is_ok());
        let no_params = json!({"name": "t"});
        assert!(check("t", Some(&no_params), &Map::new()).is_ok());
        let local_ref = def(
            json!({"type": "object", "$defs": {"n": {"type": "integer"}},
                                    "properties": {"a": {"$ref": "#/$defs/n"}}}),
        );
        assert_eq!(
            fail(
                local_ref.clone()["function"]["parameters"].clone(),
                json!({"a": "x"})
            )["constraint"],
            "type"
        );
    }

    #[test]
    fn path_formats() {
        let schema = json!({"type": "object", "properties": {
            "list": {"type": "array", "items": {"type": "integer"}},
            "odd key": {"type": "integer"},
            "0": {"type": "object", "properties": {"1": {"type": "integer"}}}
        }});
        assert_eq!(
            fail(schema.clone(), json!({"list": [1, "x"]}))["path"],
            "arguments.list[1]"
        );
        assert_eq!(
            fail(schema.clone(), json!({"odd key": "x"}))["path"],
            r#"arguments["odd key"]"#
        );
        assert_eq!(
            fail(schema, json!({"0": {"1": "x"}}))["path"],
            r#"arguments["0"]["1"]"#
        );
    }

    #[test]
    fn long_details_are_clipped() {
        let long = "word ".repeat(300);
        let out = fail(
            json!({"type": "object", "properties": {"a": {"type": "integer"}}}),
            json!({"a": long}),
        );
        let error = out["error"].as_str().unwrap();
        let detail = error
            .split("(type): ")
            .nth(1)
            .unwrap()
            .trim_end_matches(". The tool was NOT invoked.");
        assert_eq!(detail.chars().count(), 600);
        assert!(detail.ends_with("..."));
    }

    #[test]
    fn draft_follows_schema_keyword() {
        let draft4 = json!({"$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
                             "properties": {"n": {"type": "number", "maximum": 5, "exclusiveMaximum": true}}});
        assert_eq!(fail(draft4.clone(), json!({"n": 5}))["path"], "arguments.n");
        // Without `$schema` the latest draft reads a boolean exclusiveMaximum as an
        // invalid schema, and validation fails open.
        let mut latest = draft4;
        latest.as_object_mut().unwrap().remove("$schema");
        assert!(check(
            "t",
            Some(&def(latest)),
            json!({"n": 5}).as_object().unwrap()
        )
        .is_ok());
    }
}
