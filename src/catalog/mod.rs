//! The searchable catalog of a session's deferrable tools (spec §5).

mod document;
mod explain;
mod source;

use std::collections::BTreeMap;
use std::rc::Rc;

pub use explain::{explain, ReferenceExplanation};
pub use source::{label, Source};

use crate::search::{rank, Corpus, FastMap, Hit, Index, IndexBuilder, Part};
use crate::session::SessionTool;

/// One searchable tool.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The tool as the session gave it.
    pub tool: Rc<SessionTool>,
    /// Its position in `session.tools`.
    pub position: usize,
    /// Where it comes from.
    pub source: Source,
    /// Toolset, plugin owner, connector, or `""`.
    pub source_name: String,
}

impl Entry {
    /// The tool name.
    pub fn name(&self) -> &str {
        &self.tool.def.name
    }
}

/// The deferrable tools of one session with their search index.
#[derive(Debug, Default)]
pub struct Catalog {
    entries: Vec<Entry>,
    index: Index,
    lowercase_names: Vec<String>,
    by_name: FastMap<String, usize>,
    label_counts: BTreeMap<String, usize>,
}

/// Each name's first catalog position: when defs share a name, the first
/// one is the one describe and call resolve to.
fn first_positions(entries: &[Entry]) -> FastMap<String, usize> {
    let mut positions = FastMap::default();
    for (i, entry) in entries.iter().enumerate() {
        positions.entry(entry.name().to_owned()).or_insert(i);
    }
    positions
}

impl Catalog {
    /// Builds the catalog of `positions` (deferrable tools, in session order).
    pub fn build(tools: &[Rc<SessionTool>], positions: &[usize]) -> Catalog {
        let entries: Vec<Entry> = positions
            .iter()
            .filter_map(|&position| {
                let tool = tools.get(position)?;
                let (source, source_name) = Source::of(tool);
                Some(Entry {
                    tool: Rc::clone(tool),
                    position,
                    source,
                    source_name,
                })
            })
            .collect();
        let mut builder = IndexBuilder::default();
        for entry in &entries {
            document::add_local_document(&mut builder, &entry.tool.def, &entry.source_name);
        }
        let index = builder.finish();
        let mut label_counts: BTreeMap<String, usize> = BTreeMap::new();
        for entry in &entries {
            let label = label(&entry.source_name);
            match label_counts.get_mut(label) {
                Some(count) => *count += 1,
                None => {
                    label_counts.insert(label.to_owned(), 1);
                }
            }
        }
        Catalog {
            lowercase_names: entries.iter().map(|e| e.name().to_lowercase()).collect(),
            by_name: first_positions(&entries),
            entries,
            index,
            label_counts,
        }
    }

    /// Entries in catalog order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing defers.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry named exactly `name`.
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.get(*self.by_name.get(name)?)
    }

    /// The catalog as a searchable part.
    pub fn part(&self) -> Part<'_> {
        Part {
            index: &self.index,
            names: &self.lowercase_names,
        }
    }

    /// Ranks the catalog for one query (§6.3).
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        rank(&Corpus::new(vec![self.part()]), query, limit)
    }

    /// Catalog positions of the entries named in `names`, in that order;
    /// unknown names are skipped.
    pub fn positions_of(&self, names: &[String]) -> Vec<u32> {
        names
            .iter()
            .filter_map(|n| self.position_of(n))
            .map(|i| i as u32)
            .collect()
    }

    /// Catalog position of the entry named exactly `name`.
    pub fn position_of(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// Entry count per group label, labels in code-point order.
    pub fn label_counts(&self) -> &BTreeMap<String, usize> {
        &self.label_counts
    }
}
