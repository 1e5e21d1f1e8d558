//! Content-keyed interning of session tools: equal tools get equal ids, so a
//! session's id list keys everything derived from it (spec §13 allows a cache
//! keyed by content; nothing is keyed by session).

use std::rc::Rc;

use crate::search::FastMap;
use crate::session::SessionTool;

/// Interned session tools.
#[derive(Debug, Default)]
pub(crate) struct Interner {
    ids: FastMap<Rc<SessionTool>, u32>,
    tools: Vec<Rc<SessionTool>>,
}

impl Interner {
    /// The id of `tool`; equal tools share one id.
    pub(crate) fn intern(&mut self, tool: SessionTool) -> u32 {
        if let Some(&id) = self.ids.get(&tool) {
            return id;
        }
        let id = self.tools.len() as u32;
        let tool = Rc::new(tool);
        self.tools.push(Rc::clone(&tool));
        self.ids.insert(tool, id);
        id
    }

    /// Makes room for `additional` more tools, so that interning a catalog
    /// does not rehash every tool as the table grows.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.ids.reserve(additional);
        self.tools.reserve(additional);
    }

    /// The tool interned under `id`; a nameless tool for an unknown id.
    pub(crate) fn get(&self, id: u32) -> Rc<SessionTool> {
        self.tools.get(id as usize).cloned().unwrap_or_else(|| {
            Rc::new(SessionTool {
                def: Default::default(),
                toolset: None,
                owner: None,
            })
        })
    }

    /// Number of interned tools.
    pub(crate) fn len(&self) -> usize {
        self.tools.len()
    }

    /// Forgets every tool; ids handed out before are invalid afterwards.
    pub(crate) fn clear(&mut self) {
        self.ids.clear();
        self.tools.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tooldef::ToolDef;

    fn tool(name: &str, toolset: &str) -> SessionTool {
        SessionTool {
            def: ToolDef {
                name: name.into(),
                ..ToolDef::default()
            },
            toolset: Some(toolset.into()),
            owner: None,
        }
    }

    #[test]
    fn equal_content_equal_id() {
        let mut interner = Interner::default();
        let a = interner.intern(tool("a", "mcp-x"));
        let b = interner.intern(tool("a", "mcp-x"));
        let c = interner.intern(tool("a", "mcp-y"));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(interner.get(a).def.name, "a");
        assert_eq!(interner.get(99).def.name, "");
        assert_eq!(interner.len(), 2);
    }

    #[test]
    fn descriptions_of_one_length_still_differ() {
        // The hash reads only names and lengths; equality reads everything.
        let described = |text: &str| SessionTool {
            def: ToolDef {
                name: "a".into(),
                description: Some(text.into()),
                ..ToolDef::default()
            },
            toolset: Some("mcp-x".into()),
            owner: None,
        };
        let mut interner = Interner::default();
        let first = interner.intern(described("List the pods."));
        let second = interner.intern(described("List the jobs."));
        assert_ne!(first, second);
        assert_eq!(interner.intern(described("List the jobs.")), second);
        assert_eq!(
            interner.get(first).def.description.as_deref(),
            Some("List the pods.")
        );
    }
}
