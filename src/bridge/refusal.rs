//! Why a name cannot go through the bridge (spec §10.6): a directly-listed
//! tool, a tool outside this session, or an unknown name.

use super::error::BridgeError;
use crate::classify::Classifier;
use crate::session::Session;

/// Trimmed, lowercased, with `-` and spaces as `_`.
pub(crate) fn normalize(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .chars()
        .map(|c| if c == '-' || c == ' ' { '_' } else { c })
        .collect()
}

/// True when `name` (normalised) is a core tool, a registered tool or a tool
/// of the session: a name the bridge refuses rather than reports missing.
pub(crate) fn is_known(name: &str, classifier: &Classifier, session: &Session) -> bool {
    is_registered(name, classifier, session) || session.has_tool(&normalize(name))
}

/// True when `name` (normalised) is a core tool or has a toolset: a
/// registered tool in the spec's sense (§9 step 4).
pub(crate) fn is_registered(name: &str, classifier: &Classifier, session: &Session) -> bool {
    let normalized = normalize(name);
    classifier.is_core(&normalized) || session.source.toolset_of(&normalized).is_some()
}

/// The refusal for a name that is not a deferrable tool of the session.
pub(crate) fn error(name: &str, classifier: &Classifier, session: &Session) -> BridgeError {
    let normalized = normalize(name);
    if is_known(name, classifier, session) {
        return if session.has_tool(&normalized) {
            BridgeError::DirectlyListed(normalized)
        } else {
            BridgeError::NotInSession(normalized)
        };
    }
    let suffix = format!("__{name}");
    let mut suggestions: Vec<String> = session
        .source
        .registered_names()
        .into_iter()
        .filter(|n| n.ends_with(&suffix))
        .collect();
    suggestions.sort_unstable();
    BridgeError::UnknownTool {
        name: name.to_owned(),
        suggestions,
    }
}

/// When `name` is not a deferred tool of the session but a variant of one
/// (in case, spaces or dashes): the refusal that names the exact names to
/// call through `tool_call`, sorted.
pub(crate) fn inexact_name(
    name: &str,
    classifier: &Classifier,
    session: &Session,
) -> Option<BridgeError> {
    let normalized = normalize(name);
    let mut exact: Vec<String> = session
        .tools
        .iter()
        .filter(|t| t.def.name != name && normalize(&t.def.name) == normalized)
        .filter(|t| classifier.is_deferrable(&t.def.name, t.toolset.as_deref()))
        .map(|t| t.def.name.clone())
        .collect();
    exact.sort_unstable();
    exact.dedup();
    (!exact.is_empty()).then(|| BridgeError::UnknownTool {
        name: name.to_owned(),
        suggestions: exact,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes() {
        assert_eq!(normalize("  Read-File now "), "read_file_now");
    }
}
