//! Every model-facing sentence of the bridge tools, in one place. Fragments
//! that tests pin are marked; the rest is our own wording of the spec's facts.

/// Longest `error` text before it is cut (§14 `tool_error`).
pub const ERROR_TEXT_CHARS: usize = 2048;

/// `{"error": text}` with the text cut at 2,048 characters.
pub fn error_json(text: &str) -> String {
    let mut object = serde_json::Map::new();
    object.insert("error".into(), clip_error(text).into());
    serde_json::Value::Object(object).to_string()
}

/// The error text, cut at 2,048 characters with a truncation marker.
pub fn clip_error(text: &str) -> String {
    crate::text::clip(text, ERROR_TEXT_CHARS, "… [truncated]")
}

/// The arguments string did not parse.
pub fn args_not_json(detail: &str) -> String {
    format!("the arguments are not valid JSON: {detail}")
}

/// The host's arguments object could not be written as JSON.
pub fn args_unserialisable(reason: &str) -> String {
    format!("the arguments cannot be read as JSON ({reason}); send plain JSON values: no BigInt, no cycles, at most 128 levels of nesting")
}

/// JSON nested deeper than the parser reads.
pub const NESTED_TOO_DEEP: &str = "it is nested more than 128 levels deep";

/// One item of a list argument is longer than the bridges read.
pub fn item_too_long(key: &str, index: usize, chars: usize, cap: usize) -> String {
    format!("{key}[{index}] is too long: {chars} characters > max {cap}. Describe the capability you need in a few words.")
}

/// A list argument is missing or of the wrong type (§8.1).
pub fn list_required(key: &str) -> String {
    format!("`{key}` is required and must be an array of strings")
}

/// A list argument holds no usable string (§8.1).
pub fn list_empty(key: &str) -> String {
    format!("`{key}` is required and must contain at least one non-empty string")
}

/// Too many items in one call (§8.1). Pinned: `too many queries`.
pub fn list_too_long(key: &str, count: usize, cap: usize) -> String {
    let advice = if key == "queries" {
        "Send fewer, more targeted queries: one per capability you need now."
    } else {
        "Ask for fewer names per call."
    };
    format!("too many {key}: {count} > max {cap}. {advice}")
}

/// Hint on a query group without matches while sources are connected (§8.2
/// step 6). Pinned: `remain available`, `before concluding`.
pub const EMPTY_GROUP_HINT: &str = "No tool matched these words, but the sources in available_sources are connected and their tools remain available. Retry with the service name plus a concrete action or object (for example \"github create issue\") before concluding that the capability is missing.";

/// tool_describe of a tool whose definition the host holds in a form JSON
/// cannot carry (a cycle, a BigInt, nesting past 128 levels).
pub const UNREADABLE_DEFINITION: &str = "This tool's definition cannot be read as JSON (it holds a cycle, a BigInt or nesting deeper than 128 levels), so its schema cannot be shown. Tell the user the tool is misconfigured.";

/// Hint next to `not_found` in tool_describe (§9).
pub const NOT_FOUND_HINT: &str =
    "These names are not currently available. Run tool_search again to get current tool names.";

/// A name the session does not hold although the registry knows it (§10.6).
pub fn not_in_session(normalized: &str) -> String {
    format!("'{normalized}' is not available in this session, so it cannot be used here; do not retry it.")
}

/// A core or visible tool sent to the bridge (§10.6). Pinned:
/// `directly-listed tool`, `call it directly`.
pub fn directly_listed(normalized: &str) -> String {
    format!(
        "'{normalized}' is a directly-listed tool, not a deferred one, so call it directly instead of via tool_call."
    )
}

/// A name nobody knows (§10.6), with the registered names it may stand for.
pub fn unknown_tool(name: &str, suggestions: &[String]) -> String {
    let head = format!(
        "'{name}' is not a known tool name. Deferred tools need the exact name that tool_search returns (for example mcp__<server>__<tool>)."
    );
    if suggestions.is_empty() {
        format!("{head} Use tool_search to find it.")
    } else {
        let quoted: Vec<String> = suggestions.iter().map(|s| format!("'{s}'")).collect();
        format!("{head} Did you mean {}?", quoted.join(", "))
    }
}

/// tool_call without `calls` nor a legacy `name` (§10.1). Pinned: `requires 'calls'`.
pub const CALLS_REQUIRED: &str = "tool_call requires 'calls', an array of {name, arguments}.";

/// `calls` is not a non-empty list (§10.1). Pinned: `non-empty array`.
pub const CALLS_NOT_ARRAY: &str = "`calls` must be a non-empty array of {name, arguments}.";

/// `calls` was text that did not parse (§10.1). Pinned: `not valid JSON`.
pub fn calls_not_json(detail: &str) -> String {
    format!("`calls` is not valid JSON: {detail}")
}

/// An entry that is not an object (§10.1). Pinned: `must be an object`.
pub fn call_not_object(i: usize) -> String {
    format!("calls[{i}] must be an object with 'name' and 'arguments'.")
}

/// An entry without a name (§10.1). Pinned: `requires a 'name'`.
pub fn call_without_name(i: usize) -> String {
    format!("calls[{i}] requires a 'name'.")
}

/// An entry naming a bridge tool (§10.1). Pinned: `itself a bridge tool`.
pub fn call_to_bridge(name: &str) -> String {
    format!("cannot invoke '{name}' (it is itself a bridge tool).")
}

/// Entry arguments given as text that did not parse (§10.1).
pub fn arguments_not_json(i: usize, detail: &str) -> String {
    format!("calls[{i}].arguments is not valid JSON: {detail}")
}

/// Entry arguments that are not an object (§10.1).
pub fn arguments_not_object(i: usize) -> String {
    format!("calls[{i}].arguments must be an object.")
}

/// A batch holding a local tool (§10.3), with the retry payload. Pinned:
/// `one entry per tool_call`, `Retry with only: {...}`.
pub fn local_batch(sent: usize, retry: &str) -> String {
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
pub fn not_in_session_scope(name: &str) -> String {
    format!(
        "'{name}' is not available in this session. Use tool_search to find tools you can call."
    )
}

/// Required arguments absent from the raw arguments (§10.5 step 2). Pinned: `NOT invoked`.
pub fn missing_arguments(name: &str, missing: &[&str]) -> String {
    format!(
        "tool_call to '{name}' is missing required argument(s): {}. The tool was NOT invoked.",
        missing.join(", ")
    )
}

/// Arguments that failed schema validation (§10.5 step 7). Pinned: `NOT invoked`.
pub fn invalid_arguments(name: &str, path: &str, constraint: &str, detail: &str) -> String {
    format!("tool_call to '{name}' failed argument validation at {path} ({constraint}): {detail}. The tool was NOT invoked.")
}

/// Hint of a validation error (§10.5 step 8).
pub const VALIDATION_HINT: &str =
    "Retry tool_call with arguments that match the parameters schema above.";

/// The host gave no way to run local tools.
pub fn no_executor(name: &str) -> String {
    format!("'{name}' cannot run here: this host does not run local tools (host.executeTool is not set).")
}

/// The tool ran and failed.
pub fn tool_failed(name: &str, reason: &str) -> String {
    format!("tool '{name}' failed: {reason}")
}

/// A connector batch over the cap (§11.9).
pub fn too_many_calls(count: usize, cap: usize) -> String {
    format!("too many calls: {count} > max {cap}. Retry with fewer calls per batch.")
}

/// A connector entry not started because the user stopped the turn (§11.9).
pub const INTERRUPTED: &str = "Stopped by the user before this call was made.";

/// A `connectors__` claim that does not parse (§11.9).
pub const MALFORMED_CONNECTOR_NAME: &str =
    "Malformed connector tool name; expected connectors__<connector>__{tool}.";

/// manage_connections with an unknown action.
pub const MANAGE_ACTION: &str =
    "`action` must be one of status, connect, reconnect, rename, install, enable, authorize.";

/// manage_connections targets that are not app names.
pub const MANAGE_TARGETS: &str =
    "`connectors` must list apps: names such as \"gmail\", or objects {name, alias?, to?, mcp?}.";

/// A local MCP action on a host that cannot run it.
pub fn no_local_servers(action: &str) -> String {
    format!("This host cannot {action} local MCP servers.")
}

/// Hint of manage_connections status.
pub const STATUS_HINT: &str = "An app with connected=false is not connected: calls to its tools return CONNECTION_REQUIRED until the user connects it (action connect).";

/// Hint of manage_connections connect without a card.
pub const CONNECT_HINT: &str =
    "Give each connect_url to the user to open; the app is connected once they finish there.";

/// Connector names when connectors are out of scope (§10.4 step 5).
pub const CONNECTORS_UNAVAILABLE: &str = "Connectors are not available in this session.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_text_is_clipped_at_2048_characters() {
        let long = "é".repeat(3000);
        let json: serde_json::Value = serde_json::from_str(&error_json(&long)).unwrap();
        let text = json["error"].as_str().unwrap();
        assert_eq!(text.chars().count(), 2048 + "… [truncated]".chars().count());
        assert!(text.ends_with("… [truncated]"));
        assert_eq!(clip_error("short"), "short");
    }
}
