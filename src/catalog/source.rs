//! Where a catalog entry comes from (spec §5.2) and its listing label.

use serde::Serialize;

use crate::session::SessionTool;

/// The kind of source of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// A tool of an MCP server (toolset `mcp-*`).
    Mcp,
    /// A plugin tool: another registered toolset, or an unregistered tool with an owner.
    Plugin,
    /// Anything else.
    Other,
    /// A remote connector tool of the hosted gateway.
    Connectors,
}

impl Source {
    /// Classifies a local tool; returns the source and its `source_name`.
    pub fn of(tool: &SessionTool) -> (Source, String) {
        match (&tool.toolset, &tool.owner) {
            (Some(toolset), _) if toolset.starts_with("mcp-") => (Source::Mcp, toolset.clone()),
            (Some(toolset), _) => (Source::Plugin, toolset.clone()),
            (None, Some(owner)) => (Source::Plugin, owner.clone()),
            (None, None) => (Source::Other, String::new()),
        }
    }
}

/// The group label of a source name: `other` for `""`, the server name for
/// `mcp-<server>`, else the name itself.
pub(crate) fn label(source_name: &str) -> &str {
    if source_name.is_empty() {
        "other"
    } else {
        source_name.strip_prefix("mcp-").unwrap_or(source_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(label(""), "other");
        assert_eq!(label("mcp-github"), "github");
        assert_eq!(label("kanban"), "kanban");
        assert_eq!(label("mcp-"), "");
    }
}
