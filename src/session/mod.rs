//! The session of one turn (`pkg/toolsearch.d.ts`, `Session`): the raw tool definitions, their
//! toolsets and owners, and the host's hidden declared sources.

pub(crate) mod mcp;
pub(crate) mod rows;
pub(crate) mod tooldef;

use std::rc::Rc;

use serde::Serialize;
use serde_json::{Map, Value};

pub(crate) use tooldef::SessionTool;

use crate::session::tooldef::compact_json_chars;

/// A declared source that is currently unusable (spec §7.5), as the host reports it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeclaredSource {
    /// The server name (listing label).
    pub name: String,
    /// Its registered tool count, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_count: Option<u64>,
    /// The "<reason> <action>" sentence.
    pub unavailable: String,
}

impl DeclaredSource {
    /// Reads `session.declaredSources`; rows without a string `name` and
    /// `unavailable` are skipped.
    pub fn read_all(rows: Option<&Value>) -> Vec<DeclaredSource> {
        let Some(Value::Array(rows)) = rows else {
            return Vec::new();
        };
        rows.iter()
            .filter_map(|row| {
                let name = row.get("name")?.as_str()?.to_owned();
                let unavailable = row.get("unavailable")?.as_str()?.to_owned();
                let tool_count = row.get("tool_count").and_then(Value::as_u64);
                Some(DeclaredSource {
                    name,
                    tool_count,
                    unavailable,
                })
            })
            .collect()
    }
}

/// The host's raw session, read on demand: whole schemas (describe and call)
/// and the registry behind `session.toolsets` (refusal messages), which the
/// search path never needs.
pub trait SessionSource {
    /// The raw definition at `index` of `session.tools`.
    fn def(&self, index: usize) -> Option<Value>;
    /// `session.toolsets[name]` when it is a string.
    fn toolset_of(&self, name: &str) -> Option<String>;
    /// Every name with a string toolset.
    fn registered_names(&self) -> Vec<String>;
    /// Code points of the definition at `index` as compact JSON (token estimates).
    fn json_chars(&self, index: usize) -> usize;
    /// The annotations of the definition at `index` (`tooldef::annotations`).
    fn annotations(&self, index: usize) -> Option<Map<String, Value>> {
        tooldef::annotations(self.def(index)?.get("annotations"))
    }
}

/// A raw session held as JSON (native hosts and tests).
#[derive(Debug, Clone, Default)]
pub(crate) struct JsonSession {
    /// `session.tools`.
    pub tools: Vec<Value>,
    /// `session.toolsets`.
    pub toolsets: Map<String, Value>,
}

impl SessionSource for JsonSession {
    fn def(&self, index: usize) -> Option<Value> {
        self.tools.get(index).cloned()
    }

    fn toolset_of(&self, name: &str) -> Option<String> {
        self.toolsets.get(name)?.as_str().map(str::to_owned)
    }

    fn registered_names(&self) -> Vec<String> {
        self.toolsets
            .iter()
            .filter(|(_, v)| v.is_string())
            .map(|(k, _)| k.clone())
            .collect()
    }

    fn json_chars(&self, index: usize) -> usize {
        self.tools.get(index).map_or(0, compact_json_chars)
    }
}

/// A resolved session: the read tools, the ids they were interned under, the
/// declared rows and access to the raw definitions.
pub struct Session {
    /// Interned ids of `tools`, in order; equal ids mean equal tools.
    pub ids: Rc<[u32]>,
    /// `session.tools`, read, in the host's order (shared by the sessions
    /// of one tool list while it is prepared).
    pub tools: Rc<[Rc<SessionTool>]>,
    /// `session.declaredSources`.
    pub declared: Vec<DeclaredSource>,
    /// The raw session.
    pub source: Box<dyn SessionSource>,
}

impl Session {
    /// True when some tool of the session has this exact name.
    pub fn has_tool(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// The position of the first tool of this exact name in `tools`.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.tools.iter().position(|t| t.def.name == name)
    }
}
