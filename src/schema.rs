//! JSON Schema validation of a tool's arguments with the `jsonschema` crate
//! (the `validation` feature): the one violation that says most about what
//! to fix. The wasm package builds it as a module of its own, loaded on the
//! first call that needs it, so searching never downloads it.

mod cost;

use jsonschema::error::ValidationErrorKind;
use jsonschema::ValidationError;
use serde_json::Value;

use crate::host::Violation;
use crate::text::clip;

/// Characters of a validator message kept in the error (597 + `...`).
pub(crate) const DETAIL_CHARS: usize = 600;

/// The violation of `schema` by `instance` that says most about what to fix:
/// the shallowest first (the first in the validator's order among equals),
/// `anyOf` / `oneOf` last; `None` when it holds, when the schema cannot be
/// compiled, or when checking would cost the validator more than
/// [`cost::STEP_BUDGET`] steps (validation fails open: the tool's server
/// still checks its arguments).
pub fn violation(schema: &Value, instance: &Value) -> Option<Violation> {
    cost::validation_steps(schema, instance)?;
    let validator = jsonschema::options()
        .should_validate_formats(false)
        .offline()
        .build(schema)
        .ok()?;
    let (_, error) = validator
        .iter_errors(instance)
        .enumerate()
        .min_by_key(|(i, e)| (is_weak(e), depth(e), *i))?;
    let path = argument_path(instance, &error);
    let constraint = match error.kind().keyword() {
        "" => "schema".to_owned(),
        keyword => keyword.to_owned(),
    };
    let detail = error
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let detail = if detail.chars().count() > DETAIL_CHARS {
        clip(&detail, DETAIL_CHARS - 3, "...")
    } else {
        detail
    };
    Some(Violation {
        path,
        constraint,
        detail,
    })
}

/// Errors of `anyOf` / `oneOf` say least about what to fix.
fn is_weak(error: &ValidationError) -> bool {
    matches!(
        error.kind(),
        ValidationErrorKind::AnyOf { .. }
            | ValidationErrorKind::OneOfNotValid { .. }
            | ValidationErrorKind::OneOfMultipleValid { .. }
    ) || error
        .schema_path()
        .as_str()
        .split('/')
        .any(|s| s == "anyOf" || s == "oneOf")
}

fn depth(error: &ValidationError) -> usize {
    error
        .instance_path()
        .as_str()
        .split('/')
        .filter(|s| !s.is_empty())
        .count()
}

/// `arguments.a.b`, `[0]` for indices, `["odd key"]` for other keys; the
/// instance is walked so a key that looks like a number stays a key.
fn argument_path(instance: &Value, error: &ValidationError) -> String {
    let mut path = "arguments".to_owned();
    let mut at = Some(instance);
    for segment in error.instance_path().as_str().split('/').skip(1) {
        let key = segment.replace("~1", "/").replace("~0", "~");
        match at {
            Some(Value::Array(items)) => {
                path.push_str(&format!("[{key}]"));
                at = key.parse::<usize>().ok().and_then(|i| items.get(i));
            }
            _ => {
                if is_identifier(&key) {
                    path.push('.');
                    path.push_str(&key);
                } else {
                    path.push_str(&format!("[{}]", Value::String(key.clone())));
                }
                at = at.and_then(|v| v.get(&key));
            }
        }
    }
    path
}

fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}
