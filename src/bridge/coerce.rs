//! Schema-guided argument coercion (spec §10.7): conservative repairs of what
//! models commonly send as strings, keeping the original whenever a repair is
//! ambiguous.

use serde_json::{Map, Number, Value};

/// Nesting depth beyond which values are left as they are.
const MAX_DEPTH: usize = 64;

/// Which repairs apply to a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Repair {
    /// A top-level argument: every repair of §10.7.
    All,
    /// A value inside a container: only JSON text parsed into the container
    /// its schema expects.
    Containers,
}

/// `arguments` coerced toward the `parameters` schema.
pub(crate) fn coerce_arguments(
    arguments: &Map<String, Value>,
    parameters: &Value,
) -> Map<String, Value> {
    match parameters.as_object() {
        Some(schema) => coerce_properties(arguments.clone(), schema, 0, Repair::All),
        None => arguments.clone(),
    }
}

fn coerce(value: &Value, schema: &Value, depth: usize, repair: Repair) -> Value {
    let Some(schema) = schema.as_object().filter(|_| depth < MAX_DEPTH) else {
        return value.clone();
    };
    let types = types_of(schema);
    let value = match (value, repair) {
        (Value::String(text), Repair::All) => {
            from_string(text, &types, schema).unwrap_or_else(|| value.clone())
        }
        (Value::String(text), Repair::Containers) => {
            container(text, &types).unwrap_or_else(|| value.clone())
        }
        (Value::Null, _) => return Value::Null,
        (Value::Array(_) | Value::Object(_), _) => value.clone(),
        (other, Repair::All)
            if types.contains(&"array") && !types.iter().any(|t| matches_type(other, t)) =>
        {
            Value::Array(vec![other.clone()])
        }
        (other, _) => other.clone(),
    };
    match value {
        Value::Array(items) => Value::Array(coerce_items(items, schema, depth)),
        Value::Object(map) => {
            Value::Object(coerce_properties(map, schema, depth, Repair::Containers))
        }
        other => other,
    }
}

/// JSON text parsed into the first container type of `types` it is.
fn container(text: &str, types: &[&str]) -> Option<Value> {
    let containers: Vec<&str> = types
        .iter()
        .copied()
        .filter(|t| matches!(*t, "array" | "object"))
        .collect();
    if containers.is_empty() {
        return None;
    }
    serde_json::from_str::<Value>(text.trim())
        .ok()
        .filter(|parsed| containers.iter().any(|t| matches_type(parsed, t)))
}

/// A string repaired to the first type of `types` it converts to, trying
/// them in order; `None` keeps the string (it is valid as a string, or no
/// repair applies).
fn from_string(text: &str, types: &[&str], schema: &Map<String, Value>) -> Option<Value> {
    // "null" where null is allowed is null, before any type is tried (a
    // nullable string included).
    if text == "null" && allows_null(schema, types) {
        return Some(Value::Null);
    }
    let trimmed = text.trim();
    for kind in types {
        let converted = match *kind {
            "string" => return None,
            "integer" => integer(trimmed),
            "number" => number(trimmed),
            "boolean" => match trimmed.to_ascii_lowercase().as_str() {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            },
            "array" => serde_json::from_str::<Value>(trimmed)
                .ok()
                .filter(Value::is_array),
            "object" if trimmed.is_empty() && !has_required(schema) => {
                Some(Value::Object(Map::new()))
            }
            "object" => serde_json::from_str::<Value>(trimmed)
                .ok()
                .filter(Value::is_object),
            _ => None,
        };
        if converted.is_some() {
            return converted;
        }
    }
    types
        .contains(&"array")
        .then(|| Value::Array(vec![Value::String(text.to_owned())]))
}

fn integer(text: &str) -> Option<Value> {
    if let Ok(n) = text.parse::<i64>() {
        return Some(Value::Number(n.into()));
    }
    let x = text
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && x.fract() == 0.0)?;
    (x.abs() < 9.0e15).then(|| Value::Number((x as i64).into()))
}

fn number(text: &str) -> Option<Value> {
    if let Ok(n) = text.parse::<i64>() {
        return Some(Value::Number(n.into()));
    }
    let x = text.parse::<f64>().ok().filter(|x| x.is_finite())?;
    Number::from_f64(x).map(Value::Number)
}

fn coerce_items(items: Vec<Value>, schema: &Map<String, Value>, depth: usize) -> Vec<Value> {
    let positional = schema
        .get("prefixItems")
        .or_else(|| schema.get("items"))
        .and_then(Value::as_array);
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let item_schema = match positional {
                Some(schemas) => schemas
                    .get(i)
                    .or_else(|| schema.get("items").filter(|s| s.is_object())),
                None => schema.get("items"),
            };
            item_schema.map_or_else(
                || item.clone(),
                |s| coerce(item, s, depth + 1, Repair::Containers),
            )
        })
        .collect()
}

fn coerce_properties(
    map: Map<String, Value>,
    schema: &Map<String, Value>,
    depth: usize,
    repair: Repair,
) -> Map<String, Value> {
    let properties = schema.get("properties").and_then(Value::as_object);
    let additional = schema.get("additionalProperties").filter(|s| s.is_object());
    map.into_iter()
        .map(|(key, value)| {
            let property = properties.and_then(|p| p.get(&key)).or(additional);
            let value =
                property.map_or_else(|| value.clone(), |s| coerce(&value, s, depth + 1, repair));
            (key, value)
        })
        .collect()
}

/// The `type` of a schema as a list.
fn types_of(schema: &Map<String, Value>) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// `type` null, `nullable: true`, or a null branch in anyOf / oneOf.
fn allows_null(schema: &Map<String, Value>, types: &[&str]) -> bool {
    let branch_is_null = |key: &str| {
        schema
            .get(key)
            .and_then(Value::as_array)
            .is_some_and(|branches| {
                branches
                    .iter()
                    .filter_map(Value::as_object)
                    .any(|b| types_of(b).contains(&"null"))
            })
    };
    types.contains(&"null")
        || schema.get("nullable") == Some(&Value::Bool(true))
        || branch_is_null("anyOf")
        || branch_is_null("oneOf")
}

fn has_required(schema: &Map<String, Value>) -> bool {
    schema
        .get("required")
        .and_then(Value::as_array)
        .is_some_and(|r| !r.is_empty())
}

fn matches_type(value: &Value, kind: &str) -> bool {
    match (kind, value) {
        ("string", Value::String(_))
        | ("boolean", Value::Bool(_))
        | ("number", Value::Number(_)) => true,
        ("integer", Value::Number(n)) => {
            n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|x| x.fract() == 0.0)
        }
        ("array", Value::Array(_)) | ("object", Value::Object(_)) | ("null", Value::Null) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn coerced(args: Value, parameters: Value) -> Value {
        Value::Object(coerce_arguments(args.as_object().unwrap(), &parameters))
    }

    #[test]
    fn scalars_from_strings() {
        let schema = json!({"type": "object", "properties": {
            "i": {"type": "integer"}, "n": {"type": "number"}, "b": {"type": "boolean"},
            "s": {"type": "string"}, "u": {"type": ["integer", "string"]}, "f": {"type": "integer"}
        }});
        assert_eq!(
            coerced(
                json!({"i": " 42 ", "n": "2.5", "b": "TRUE", "s": "7", "u": "8", "f": "4.5", "x": "1"}),
                schema
            ),
            json!({"i": 42, "n": 2.5, "b": true, "s": "7", "u": 8, "f": "4.5", "x": "1"})
        );
        let schema = json!({"properties": {"n": {"type": "number"}, "i": {"type": "integer"}}});
        assert_eq!(
            coerced(json!({"n": "NaN", "i": "3.0"}), schema),
            json!({"n": "NaN", "i": 3})
        );
    }

    #[test]
    fn containers_from_strings_and_wrapping() {
        let schema = json!({"properties": {
            "tags": {"type": "array", "items": {"type": "integer"}},
            "one": {"type": "array", "items": {"type": "string"}},
            "num": {"type": "array"},
            "opts": {"type": "object", "properties": {"count": {"type": "integer"}}},
            "empty": {"type": "object"},
            "strict": {"type": "object", "required": ["a"]},
            "list": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "boolean"}}}}
        }});
        assert_eq!(
            coerced(
                json!({"tags": "[1, \"2\"]", "one": "solo", "num": 5, "opts": "{\"count\": \"3\"}",
                       "empty": "", "strict": "", "list": ["{\"k\": \"false\"}"]}),
                schema
            ),
            json!({"tags": [1, "2"], "one": ["solo"], "num": [5], "opts": {"count": "3"},
                   "empty": {}, "strict": "", "list": [{"k": "false"}]})
        );
    }

    #[test]
    fn inside_containers_only_json_text_becomes_a_container() {
        let schema = json!({"properties": {"opts": {"type": "object", "properties": {
            "count": {"type": "integer"}, "inner": {"type": "object"}, "ids": {"type": "array"},
            "flag": {"type": "boolean"}
        }}}});
        assert_eq!(
            coerced(
                json!({"opts": {"count": "2", "inner": "{\"a\": 1}", "ids": "[1]", "flag": "true"}}),
                schema
            ),
            json!({"opts": {"count": "2", "inner": {"a": 1}, "ids": [1], "flag": "true"}})
        );
    }

    #[test]
    fn null_strings() {
        let schema = json!({"properties": {
            "a": {"type": "integer", "nullable": true}, "b": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            "c": {"type": ["string", "null"]}, "d": {"type": "integer"}, "e": {"type": "array"},
            "s": {"type": "string", "nullable": true}, "o": {"oneOf": [{"type": "string"}, {"type": "null"}]},
            "t": {"type": "string"}
        }});
        // Wherever null is allowed, "null" is null, even beside a string type
        // (§10.7); elsewhere it stays text.
        assert_eq!(
            coerced(
                json!({"a": "null", "b": "null", "c": "null", "d": "null", "e": null,
                       "s": "null", "o": "null", "t": "null"}),
                schema
            ),
            json!({"a": null, "b": null, "c": null, "d": "null", "e": null,
                   "s": null, "o": null, "t": "null"})
        );
    }
}
