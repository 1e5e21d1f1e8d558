//! The searchable catalog of a session's deferrable tools (spec §5).

mod document;
mod source;

use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::rc::Rc;

pub(crate) use document::holds_name;
pub(crate) use source::{label, Source};

use crate::bytes::Digest;
use crate::search::{rank, Corpus, FastMap, Hit, Index, IndexBuilder, NameLookup, Part};
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
    /// Made on the first search.
    name_lookup: OnceCell<NameLookup>,
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

/// `name` lowercased; names are nearly always ASCII, which skips the
/// Unicode case tables (the same result for ASCII).
fn lowercase(name: &str) -> String {
    if name.is_ascii() {
        name.to_ascii_lowercase()
    } else {
        name.to_lowercase()
    }
}

impl Catalog {
    /// Builds the catalog of `positions` (deferrable tools, in session order).
    pub fn build(tools: &[Rc<SessionTool>], positions: &[usize]) -> Catalog {
        let entries = Catalog::entries_of(tools, positions);
        let mut builder = IndexBuilder::default();
        for entry in &entries {
            document::add_local_document(&mut builder, &entry.tool.def, &entry.source_name);
        }
        Catalog::with_index(entries, builder.finish())
    }

    /// The entries of `positions` (deferrable tools, in session order).
    pub fn entries_of(tools: &[Rc<SessionTool>], positions: &[usize]) -> Vec<Entry> {
        positions
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
            .collect()
    }

    /// A digest of everything of `entries` that their indexes are built
    /// from: names, descriptions, parameter names and sources, and with
    /// `param_text` the parameters' text too (which only the enhanced index
    /// reads; a host on the reference ranking need not send it).
    pub fn fingerprint(entries: &[Entry], param_text: bool) -> [u8; 16] {
        let mut digest = Digest::default();
        digest.update(&(entries.len() as u64).to_le_bytes());
        for entry in entries {
            let def = &entry.tool.def;
            digest.text(&def.name);
            match &def.description {
                Some(description) => digest.text(description),
                None => digest.update(&[0xff]),
            }
            digest.update(&(def.param_keys.len() as u64).to_le_bytes());
            def.param_keys.iter().for_each(|key| digest.text(key));
            if param_text {
                digest.text(&def.param_text);
                digest.text(&def.keywords);
            }
            digest.text(&entry.source_name);
        }
        digest.finish()
    }

    /// An upper bound of the text an index of `entries` holds, in bytes:
    /// every term is a word of their names, descriptions, parameters or
    /// sources, lowercased (which at most triples a word's bytes). A
    /// snapshot that declares more is refused before it is allocated.
    pub fn text_bytes(entries: &[Entry]) -> usize {
        let bytes: usize = entries
            .iter()
            .map(|entry| {
                let def = &entry.tool.def;
                def.name.len()
                    + def.description.as_deref().map_or(0, str::len)
                    + def.param_keys.iter().map(String::len).sum::<usize>()
                    + def.param_text.len()
                    + def.keywords.len()
                    + entry.source_name.len()
            })
            .sum();
        bytes.saturating_mul(3)
    }

    /// The catalog of `entries` with the index built from them (or read
    /// back from a snapshot of it).
    pub fn with_index(entries: Vec<Entry>, index: Index) -> Catalog {
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
            lowercase_names: entries.iter().map(|e| lowercase(e.name())).collect(),
            name_lookup: OnceCell::new(),
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

    /// How many tools' searchable text holds `token` (a token of
    /// `search::tokenize`).
    pub fn tools_with(&self, token: &str) -> usize {
        self.index
            .term(token)
            .map_or(0, |term| self.index.df(term) as usize)
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

    /// The catalog's BM25 index.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The catalog as a searchable part.
    pub fn part(&self) -> Part<'_> {
        Part {
            index: &self.index,
            names: &self.lowercase_names,
            lookup: Some(
                self.name_lookup
                    .get_or_init(|| NameLookup::new(&self.lowercase_names)),
            ),
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
