//! Errors of arguments that are no JSON object, or whose lists are wrong.

use super::host::UNREADABLE_THROWN;
use crate::bridge::error::JsonError;

/// The arguments string did not parse.
pub(super) fn args_not_json(error: &JsonError) -> String {
    format!("the arguments are not valid JSON: {}", json_error(error))
}

/// What the JSON parser found wrong.
pub(super) fn json_error(error: &JsonError) -> &str {
    match error {
        JsonError::TooDeep => NESTED_TOO_DEEP,
        JsonError::Syntax(detail) => detail,
    }
}

/// The host's arguments object could not be written as JSON.
pub(super) fn args_unserialisable(reason: &str) -> String {
    let reason = if reason.is_empty() {
        UNREADABLE_THROWN
    } else {
        reason
    };
    format!("the arguments cannot be read as JSON ({reason}); send plain JSON values: no BigInt, no cycles, at most 128 levels of nesting")
}

/// JSON nested deeper than the parser reads.
pub(super) const NESTED_TOO_DEEP: &str = "it is nested more than 128 levels deep";

/// One item of a list argument is longer than the bridges read.
pub(super) fn item_too_long(key: &str, index: usize, chars: usize, cap: usize) -> String {
    format!("{key}[{index}] is too long: {chars} characters > max {cap}. Describe the capability you need in a few words.")
}

/// A list argument is missing or of the wrong type (§8.1).
pub(super) fn list_required(key: &str) -> String {
    format!("`{key}` is required and must be an array of strings")
}

/// A list argument holds no usable string (§8.1).
pub(super) fn list_empty(key: &str) -> String {
    format!("`{key}` is required and must contain at least one non-empty string")
}

/// Too many items in one call (§8.1). Pinned: `too many queries`.
pub(super) fn list_too_long(key: &str, count: usize, cap: usize) -> String {
    let advice = if key == "queries" {
        "Send fewer, more targeted queries: one per capability you need now."
    } else {
        "Ask for fewer names per call."
    };
    format!("too many {key}: {count} > max {cap}. {advice}")
}
