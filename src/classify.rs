//! Which tools defer (spec §3): the defer set, core tools, registry toolsets
//! and the direct-surface toolsets decide it.

use crate::reserved::is_bridge;
use crate::search::FastSet;
use crate::session::SessionTool;

/// Toolsets that stay direct once a session has them (§3.1).
pub(crate) const DEFAULT_DIRECT_SURFACE_TOOLSETS: [&str; 3] = ["desktop_ui", "project", "setup"];

/// The classification rule, resolved once from config and options.
#[derive(Debug, Clone, Default)]
pub struct Classifier {
    defer: FastSet<String>,
    core: FastSet<String>,
    direct_surface: FastSet<String>,
}

/// A session's tools split into visible and deferrable, as positions in
/// `session.tools`, each in input order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Split {
    /// Tools passed to the model unchanged.
    pub visible: Vec<usize>,
    /// Tools reachable only through the bridge, at most one per name.
    pub deferrable: Vec<usize>,
}

impl Classifier {
    /// Builds the rule from the effective defer set, the host's core tools
    /// and the direct-surface toolsets.
    pub fn new(defer: &[String], core: &[String], direct_surface: &[String]) -> Classifier {
        Classifier {
            defer: defer.iter().cloned().collect(),
            core: core.iter().cloned().collect(),
            direct_surface: direct_surface.iter().cloned().collect(),
        }
    }

    /// Rule §3.2 for one name and its registered toolset.
    pub fn is_deferrable(&self, name: &str, toolset: Option<&str>) -> bool {
        if is_bridge(name) {
            return false;
        }
        if self.defer.contains(name) {
            return true;
        }
        if self.core.contains(name) {
            return false;
        }
        match toolset {
            None => false,
            Some(t) if t.starts_with("mcp-") => true,
            Some(t) => !self.direct_surface.contains(t),
        }
    }

    /// True when `name` is one of the host's core tools.
    pub fn is_core(&self, name: &str) -> bool {
        self.core.contains(name)
    }

    /// Splits `tools` (§3.3). Bridge-named defs are dropped; a nameless def is
    /// visible; defs sharing a name are all kept, in order.
    pub fn split(&self, tools: &[impl AsRef<SessionTool>]) -> Split {
        let mut split = Split::default();
        for (i, tool) in tools.iter().enumerate() {
            let tool = tool.as_ref();
            let name = tool.def.name.as_str();
            if is_bridge(name) {
                continue;
            }
            if !name.is_empty() && self.is_deferrable(name, tool.toolset.as_deref()) {
                split.deferrable.push(i);
            } else {
                split.visible.push(i);
            }
        }
        split
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tooldef::ToolDef;

    fn tool(name: &str, toolset: Option<&str>) -> SessionTool {
        SessionTool {
            def: ToolDef {
                name: name.into(),
                ..ToolDef::default()
            },
            toolset: toolset.map(str::to_owned),
            owner: None,
        }
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn rule_order() {
        let c = Classifier::new(
            &strings(&["todo_list", "ghost"]),
            &strings(&["terminal", "todo_list"]),
            &strings(&DEFAULT_DIRECT_SURFACE_TOOLSETS),
        );
        assert!(!c.is_deferrable("tool_search", Some("mcp-x")));
        assert!(c.is_deferrable("todo_list", None), "defer wins over core");
        assert!(
            c.is_deferrable("ghost", None),
            "defer wins even unregistered"
        );
        assert!(!c.is_deferrable("terminal", Some("mcp-x")), "core stays");
        assert!(!c.is_deferrable("unknown", None), "unregistered stays");
        assert!(c.is_deferrable("x", Some("mcp-github")));
        assert!(!c.is_deferrable("gui", Some("desktop_ui")));
        assert!(c.is_deferrable("k", Some("kanban")));
        assert!(c.is_deferrable("manage_connections", Some("connections")));
    }

    #[test]
    fn split_keeps_order_and_duplicates_and_drops_bridges() {
        let c = Classifier::new(&[], &[], &strings(&DEFAULT_DIRECT_SURFACE_TOOLSETS));
        let tools = [
            tool("b", Some("mcp-s")),
            tool("tool_call", None),
            tool("", Some("mcp-s")),
            tool("v", None),
            tool("a", Some("mcp-s")),
            tool("b", Some("mcp-s")),
        ]
        .map(std::rc::Rc::new);
        let split = c.split(&tools);
        assert_eq!(split.visible, [2, 3]);
        // §3.3 walks every def: a repeated name is kept (lookups take the first).
        assert_eq!(split.deferrable, [0, 4, 5]);
    }
}
