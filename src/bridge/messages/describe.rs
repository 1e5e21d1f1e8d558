//! What `tool_describe` says, and the errors of names that are no tool of the session.

/// Hint of tool_describe for names it described earlier in the turn.
pub(crate) const DESCRIBED_EARLIER_HINT: &str = "These schemas were given earlier in this turn: call the tool with tool_call now, or tell the user it does not fit.";

/// tool_describe of a tool whose definition the host holds in a form JSON
/// cannot carry (a cycle, a BigInt, nesting past 128 levels).
pub(crate) const UNREADABLE_DEFINITION: &str = "This tool's definition cannot be read as JSON (it holds a cycle, a BigInt or nesting deeper than 128 levels), so its schema cannot be shown. Tell the user the tool is misconfigured.";

/// Hint next to `not_found` in tool_describe (§9).
pub(crate) const NOT_FOUND_HINT: &str =
    "These names are not currently available. Run tool_search again to get current tool names.";

/// A name the session does not hold although the registry knows it (§10.6).
pub(super) fn not_in_session(normalized: &str) -> String {
    format!("'{normalized}' is not available in this session, so it cannot be used here; do not retry it.")
}

/// A core or visible tool sent to the bridge (§10.6). Pinned:
/// `directly-listed tool`, `call it directly`.
pub(super) fn directly_listed(normalized: &str) -> String {
    format!(
        "'{normalized}' is a directly-listed tool, not a deferred one, so call it directly instead of via tool_call."
    )
}

/// A name nobody knows (§10.6), with the registered names it may stand for.
pub(super) fn unknown_tool(name: &str, suggestions: &[String]) -> String {
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
