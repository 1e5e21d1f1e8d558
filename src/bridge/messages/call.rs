//! What `tool_call` says: malformed calls, scope, arguments the schema rejects, approvals and failed tools.

use super::args::json_error;
use super::host::callback_error;
use crate::bridge::error::{BridgeError, JsonError};
use crate::bridge::modes::Caller;
use crate::host::CallbackError;

/// tool_call without `calls` nor a legacy `name` (§10.1). Pinned: `requires 'calls'`.
pub(super) const CALLS_REQUIRED: &str =
    "tool_call requires 'calls', an array of {name, arguments}.";

/// `calls` is not a non-empty list (§10.1). Pinned: `non-empty array`.
pub(super) const CALLS_NOT_ARRAY: &str = "`calls` must be a non-empty array of {name, arguments}.";

/// `calls` was text that did not parse (§10.1). Pinned: `not valid JSON`.
pub(super) fn calls_not_json(error: &JsonError) -> String {
    format!("`calls` is not valid JSON: {}", json_error(error))
}

/// An entry that is not an object (§10.1). Pinned: `must be an object`.
pub(super) fn call_not_object(i: usize) -> String {
    format!("calls[{i}] must be an object with 'name' and 'arguments'.")
}

/// An entry without a name (§10.1). Pinned: `requires a 'name'`.
pub(super) fn call_without_name(i: usize) -> String {
    format!("calls[{i}] requires a 'name'.")
}

/// An entry naming a bridge tool (§10.1). Pinned: `itself a bridge tool`.
pub(super) fn call_to_bridge(name: &str) -> String {
    format!("cannot invoke '{name}' (it is itself a bridge tool).")
}

/// Entry arguments given as text that did not parse (§10.1).
pub(super) fn arguments_not_json(i: usize, error: &JsonError) -> String {
    format!(
        "calls[{i}].arguments is not valid JSON: {}",
        json_error(error)
    )
}

/// Entry arguments that are not an object (§10.1).
pub(super) fn arguments_not_object(i: usize) -> String {
    format!("calls[{i}].arguments must be an object.")
}

/// A batch holding a local tool (§10.3), with the retry payload. Pinned:
/// `one entry per tool_call`, `Retry with only: {...}`.
pub(super) fn local_batch(sent: usize, retry: &str) -> String {
    let rest = sent.saturating_sub(1);
    let remaining = if rest > 0 {
        format!(" Then send the remaining {rest} as separate tool_call invocations.")
    } else {
        String::new()
    };
    format!(
        "Local tools take exactly one entry per tool_call, and this call sent {sent} entries. Retry with only: {retry}{remaining} Only names starting with `connectors__` may be batched."
    )
}

/// A local tool outside the session's deferrable tools (§10.4 step 6).
pub(super) fn not_in_session_scope(name: &str) -> String {
    format!(
        "'{name}' is not available in this session. Use tool_search to find tools you can call."
    )
}

/// Required arguments absent from the raw arguments (§10.5 step 2). Pinned: `NOT invoked`.
pub(super) fn missing_arguments(name: &str, missing: &[String]) -> String {
    format!(
        "tool_call to '{name}' is missing required argument(s): {}. The tool was NOT invoked.",
        missing.join(", ")
    )
}

/// Arguments that failed schema validation (§10.5 step 7). Pinned: `NOT invoked`.
pub(super) fn invalid_arguments(name: &str, path: &str, constraint: &str, detail: &str) -> String {
    format!("tool_call to '{name}' failed argument validation at {path} ({constraint}): {detail}. The tool was NOT invoked.")
}

/// Hint of a validation error (§10.5 step 8).
pub(super) const VALIDATION_HINT: &str =
    "Retry tool_call with arguments that match the parameters schema above.";

/// Hint of a validation error of a tool called by its own name.
pub(super) const DIRECT_VALIDATION_HINT: &str =
    "Call it again with arguments that match the parameters schema above.";

/// The hint of a rejection, for how the tool was called.
pub(crate) fn validation_hint(caller: Caller) -> &'static str {
    match caller {
        Caller::Bridge => VALIDATION_HINT,
        Caller::Direct => DIRECT_VALIDATION_HINT,
    }
}

/// The text of a rejection (`MissingArguments` or `InvalidArguments`), for
/// how the tool was called: a tool called by its own name is not told of
/// `tool_call`, which it may not have.
pub(crate) fn rejection_text(error: &BridgeError, caller: Caller) -> String {
    match (caller, error) {
        (Caller::Direct, BridgeError::MissingArguments { name, missing }) => format!(
            "The call to '{name}' is missing required argument(s): {}. The tool was NOT invoked.",
            missing.join(", ")
        ),
        (
            Caller::Direct,
            BridgeError::InvalidArguments {
                name,
                path,
                constraint,
                detail,
            },
        ) => format!("The call to '{name}' failed argument validation at {path} ({constraint}): {detail}. The tool was NOT invoked."),
        _ => error.to_string(),
    }
}

/// The host gave no way to run local tools.
pub(super) fn no_executor(name: &str) -> String {
    format!("'{name}' cannot run here: this host does not run local tools (host.executeTool is not set).")
}

/// The tool ran and failed.
pub(super) fn tool_failed(name: &str, error: &CallbackError) -> String {
    format!("tool '{name}' failed: {}", callback_error(error))
}

/// The host's `approve` denied the call.
pub(super) fn denied(name: &str, reason: Option<&str>) -> String {
    let refused = format!("The host did not allow '{name}' to run");
    let refused = match reason {
        Some(reason) => sentence(&format!("{refused}: {reason}")),
        None => sentence(&refused),
    };
    format!("{refused} The tool was NOT invoked; do not retry it. Tell the user, or do the task another way.")
}

/// The host's `approve` wants the user's approval first.
pub(super) fn approval_required(name: &str, question: Option<&str>) -> String {
    let question = question.map_or_else(String::new, |question| {
        format!(" {}", sentence(&format!("The host asks: {question}")))
    });
    format!("'{name}' needs the user's approval before it runs, and it was NOT invoked.{question} Tell the user what this call would do and ask them to approve it; call it again only once they agree.")
}

/// `text` as a sentence: a period added unless it already ends one (after
/// any closing quote or bracket), so a host's reason ending in `.` is not
/// followed by another.
pub(super) fn sentence(text: &str) -> String {
    let text = text.trim_end();
    let closed = text.trim_end_matches(['"', '\'', ')', ']', '\u{201d}', '\u{2019}', '\u{bb}']);
    if closed.ends_with([
        '.', '!', '?', '\u{2026}', '\u{3002}', '\u{ff01}', '\u{ff1f}',
    ]) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// The host's `approve` failed.
pub(super) fn approval_failed(name: &str, error: &CallbackError) -> String {
    format!(
        "'{name}' was NOT invoked: the host's approval check failed ({}).",
        callback_error(error)
    )
}

/// A connector batch over the cap (§11.9).
pub(super) fn too_many_calls(count: usize, cap: usize) -> String {
    format!("too many calls: {count} > max {cap}. Retry with fewer calls per batch.")
}

/// A connector entry not started because the user stopped the turn (§11.9).
pub(super) const INTERRUPTED: &str = "Stopped by the user before this call was made.";
