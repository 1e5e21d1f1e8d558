//! What `tool_search` says beside its groups: empty, low and repeated groups, and the search guard's refusal.

/// Hint on a query group without matches while sources are connected (§8.2
/// step 6). Pinned: `remain available`, `before concluding`.
pub(crate) const EMPTY_GROUP_HINT: &str = "No tool matched these words, but the sources in available_sources are connected and their tools remain available. Retry with the service name plus a concrete action or object (for example \"github create issue\") before concluding that the capability is missing.";

/// Hint on an empty group when the session defers no tool at all (the
/// enhanced ranking's; the spec's groups carry no hint without sources).
pub(crate) const NOTHING_SEARCHABLE_HINT: &str = "Nothing is searchable in this session: it defers no tool, so every tool there is is already in your tool list. (A host defers a tool by giving it a toolset such as mcp-<server> in session.toolsets, or by naming it in config.defer.)";

/// Hint on an empty group when nothing is searchable because every source
/// of deferred tools is unavailable (`session.declaredSources`).
pub(crate) const SOURCES_UNAVAILABLE_HINT: &str = "Nothing is searchable now: every source of deferred tools is unavailable, and available_sources says why. Searching again finds nothing until one is back: tell the user which sources are down, or do the task with the tools already in your tool list.";

/// Hint of a group whose tools a search of this turn showed already.
pub(crate) const REPEATED_GROUP_HINT: &str = "Nothing new: an earlier search in this turn showed these tools already (their descriptions are there). Describe or call one of them, or tell the user that none fits; searching again in other words finds the same tools.";

/// Hint of an empty group after an earlier search of the turn found nothing.
pub(crate) const REPEATED_EMPTY_HINT: &str = "Still nothing: an earlier search in this turn found nothing either. Tell the user that no available tool does this, rather than searching again.";

/// Hint on a group the enhanced ranking labels low: its matches are
/// guesses, and the sources in `available_sources` are what is connected.
pub(crate) const LOW_GROUP_HINT: &str = "No tool clearly does this; these are the closest. Read their descriptions before calling one, and if none fits, tell the user that no connected tool does it (available_sources lists what is connected).";

/// Names listed in the search guard's refusal before "and N more".
pub(super) const FOUND_NAMES_SHOWN: usize = 20;

/// The search guard's refusal past `max_searches_per_turn`.
pub(super) fn search_limit(searches: usize, found: &[String]) -> String {
    let what = if found.is_empty() {
        "They found no tool: tell the user that no available tool does what they ask.".to_owned()
    } else {
        let mut names = found[..found.len().min(FOUND_NAMES_SHOWN)].join(", ");
        if found.len() > FOUND_NAMES_SHOWN {
            names.push_str(&format!(" and {} more", found.len() - FOUND_NAMES_SHOWN));
        }
        format!("They found: {names}. Describe or call the one that fits (tool_describe, tool_call), or tell the user that none does.")
    };
    format!("No more searches in this turn: it searched for tools {searches} times, the most it may. {what}")
}
