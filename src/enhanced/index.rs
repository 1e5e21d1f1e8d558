//! The field-weighted index of the enhanced ranking: each tool's name words
//! (with its server label), description and parameters, split at
//! identifier boundaries and stemmed, scored with BM25F (spec §6 extended).

use super::names::NameForms;
use super::words::{for_each_prose_word, for_each_word};
use crate::catalog::{label, Entry};
use crate::search::{stem, FastMap, WordTerms};

/// The fields of a tool document, most telling first.
pub const FIELDS: usize = 5;
/// Name words and server label.
pub const NAME: usize = 0;
/// The description's lead: its words before the first preposition that
/// introduces a place or a companion ("Delete records | from a table").
pub const LEAD: usize = 1;
/// The rest of the description.
pub const DESCRIPTION: usize = 2;
/// Parameter names.
pub const PARAMS: usize = 3;
/// Parameter descriptions and enumerated values ("pods, deployments, ...").
pub const PARAM_TEXT: usize = 4;

/// Term-frequency weight of a match in each field.
const WEIGHT: [f64; FIELDS] = [5.0, 1.5, 1.0, 0.6, 0.3];
/// Length normalisation per field.
const LENGTH_NORM: [f64; FIELDS] = [0.3, 0.5, 0.75, 0.5, 0.75];
/// Words that end a description's lead.
const LEAD_ENDS: [&str; 16] = [
    "to", "from", "in", "into", "on", "onto", "for", "with", "within", "by", "at", "across", "via",
    "using", "under", "over",
];
/// Term-frequency saturation.
pub const K1: f64 = 1.2;

/// Dense id of an indexed term.
pub type TermId = u32;

#[derive(Debug, Default)]
struct Doc {
    /// `(term, tf per field)` sorted by term.
    terms: Vec<(TermId, [u16; FIELDS])>,
    len: [u32; FIELDS],
    /// Its server (an index into `servers`).
    server: u32,
}

/// One server (source label) of the catalog.
#[derive(Debug)]
pub struct Server {
    /// The label ("github-legacy").
    pub label: String,
    /// The label's words as terms.
    pub terms: Vec<TermId>,
    /// Its tools.
    pub docs: Vec<u32>,
}

/// The enhanced index of one catalog.
#[derive(Debug, Default)]
pub struct FieldIndex {
    vocabulary: FastMap<String, TermId>,
    /// Stem of each term id.
    stems: Vec<String>,
    /// The first word seen of each term id, lowercased.
    surfaces: Vec<String>,
    docs: Vec<Doc>,
    servers: Vec<Server>,
    /// Per term, the documents holding it with its frequency per field.
    postings: Vec<Vec<(u32, [u16; FIELDS])>>,
    /// Per term, documents holding it outside their parameters: the tools
    /// that name or describe it as something they do or handle.
    capability_df: Vec<u32>,
    average_len: [f64; FIELDS],
    names: NameForms,
    /// Per document, the name's words (label excluded) and the first word of
    /// its description: what the catalog's vocabulary is learned from.
    pub(super) heads: Vec<(Vec<TermId>, Option<TermId>)>,
    /// Per document, the words of its name and description in order.
    pub(super) sequences: Vec<Vec<TermId>>,
}

impl FieldIndex {
    /// Indexes `entries` (a catalog's, or a connector search's).
    pub fn build(entries: &[Entry]) -> FieldIndex {
        let mut index = FieldIndex::default();
        let mut totals = [0u64; FIELDS];
        let mut servers: FastMap<String, u32> = FastMap::default();
        // Each distinct word is stemmed and looked up once per build.
        let mut known = WordTerms::default();
        // Frequencies per field of the current document's terms, by term.
        let mut counts: Vec<[u16; FIELDS]> = Vec::new();
        let mut touched: Vec<TermId> = Vec::new();
        for entry in entries {
            let def = &entry.tool.def;
            let label = label(&entry.source_name);
            let id = index.docs.len() as u32;
            let next = servers.len() as u32;
            let server = *servers.entry(label.to_owned()).or_insert(next);
            if server == next {
                let mut terms = Vec::new();
                for_each_word(label, |w| terms.push(index.intern(&mut known, w)));
                index.servers.push(Server {
                    label: label.to_owned(),
                    terms,
                    docs: Vec::new(),
                });
            }
            let mut fields: [Vec<TermId>; FIELDS] = Default::default();
            for_each_word(&def.name, |w| fields[NAME].push(index.intern(&mut known, w)));
            let own_name = fields[NAME].clone();
            let mut sequence = own_name.clone();
            if let Some(s) = index.servers.get_mut(server as usize) {
                s.docs.push(id);
                fields[NAME].extend(&s.terms);
            }
            let mut lead = true;
            let mut first = None;
            for_each_prose_word(def.description.as_deref().unwrap_or(""), |w| {
                lead &= !LEAD_ENDS.contains(&w);
                let field = if lead { LEAD } else { DESCRIPTION };
                let term = index.intern(&mut known, w);
                first.get_or_insert(term);
                sequence.push(term);
                fields[field].push(term);
            });
            for key in &def.param_keys {
                for_each_word(key, |w| fields[PARAMS].push(index.intern(&mut known, w)));
            }
            for_each_prose_word(&def.param_text, |w| {
                fields[PARAM_TEXT].push(index.intern(&mut known, w))
            });
            let server_terms = index
                .servers
                .get(server as usize)
                .map(|s| s.terms.clone())
                .unwrap_or_default();
            let name_words: Vec<TermId> = own_name
                .into_iter()
                .filter(|t| !server_terms.contains(t))
                .collect();
            index.heads.push((name_words, first));
            index.sequences.push(sequence);
            let mut doc = Doc {
                server,
                ..Doc::default()
            };
            counts.resize(index.stems.len(), [0; FIELDS]);
            for (field, terms) in fields.iter().enumerate() {
                doc.len[field] = terms.len() as u32;
                totals[field] += terms.len() as u64;
                for &term in terms {
                    if let Some(tf) = counts.get_mut(term as usize) {
                        if *tf == [0; FIELDS] {
                            touched.push(term);
                        }
                        tf[field] = tf[field].saturating_add(1);
                    }
                }
            }
            touched.sort_unstable();
            doc.terms = touched
                .drain(..)
                .filter_map(|term| Some((term, std::mem::take(counts.get_mut(term as usize)?))))
                .collect();
            for &(term, tf) in &doc.terms {
                let t = term as usize;
                if let Some(p) = index.postings.get_mut(t) {
                    p.push((id, tf));
                }
                if tf[..PARAMS].iter().any(|&n| n > 0) {
                    if let Some(df) = index.capability_df.get_mut(t) {
                        *df += 1;
                    }
                }
            }
            index.docs.push(doc);
            index.names.add(id, &def.name, label);
        }
        let n = index.docs.len().max(1) as f64;
        for (field, total) in totals.iter().enumerate() {
            index.average_len[field] = (*total as f64 / n).max(1.0);
        }
        index
    }

    fn intern(&mut self, known: &mut WordTerms, word: &str) -> TermId {
        known.get_or_insert_with(word, || self.intern_stem(word))
    }

    fn intern_stem(&mut self, word: &str) -> TermId {
        let stemmed = stem(word);
        if let Some(&id) = self.vocabulary.get(&stemmed) {
            return id;
        }
        let id = self.stems.len() as TermId;
        self.vocabulary.insert(stemmed.clone(), id);
        self.stems.push(stemmed);
        self.surfaces.push(word.to_owned());
        self.postings.push(Vec::new());
        self.capability_df.push(0);
        id
    }

    /// Documents named exactly as `query`, in any spelling (see
    /// [`NameForms`]).
    pub fn named(&self, query: &str) -> Vec<u32> {
        self.names.named(query)
    }

    /// Number of documents.
    pub fn len(&self) -> usize {
        self.docs.len()
    }

    /// True without documents.
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    /// The id of a stem, when some document holds it.
    pub fn term(&self, stem: &str) -> Option<TermId> {
        self.vocabulary.get(stem).copied()
    }

    /// The stem of a term.
    pub fn stem(&self, term: TermId) -> &str {
        self.stems.get(term as usize).map_or("", String::as_str)
    }

    /// The first word seen of a term, lowercased.
    pub fn surface(&self, term: TermId) -> &str {
        self.surfaces.get(term as usize).map_or("", String::as_str)
    }

    /// Every stem with its id, in id order.
    pub fn stems(&self) -> impl Iterator<Item = (TermId, &str)> {
        self.stems
            .iter()
            .enumerate()
            .map(|(i, s)| (i as TermId, s.as_str()))
    }

    /// True when some document holds the English word `word` (lowercased).
    pub fn knows(&self, word: &str) -> bool {
        self.vocabulary.contains_key(&stem(word))
    }

    /// Documents naming or describing `term` (not only among parameters).
    pub fn capability_df(&self, term: TermId) -> u32 {
        self.capability_df.get(term as usize).copied().unwrap_or(0)
    }

    /// The catalog's servers.
    pub fn servers(&self) -> &[Server] {
        &self.servers
    }

    /// The server of `doc`.
    pub fn server_of(&self, doc: u32) -> u32 {
        self.docs.get(doc as usize).map_or(u32::MAX, |d| d.server)
    }

    /// Documents holding `term`, with its frequency per field, in order.
    pub fn postings(&self, term: TermId) -> &[(u32, [u16; FIELDS])] {
        self.postings.get(term as usize).map_or(&[], Vec::as_slice)
    }

    /// `ln(1 + (N - df + 0.5) / (df + 0.5))` where `df` counts the tools
    /// naming or describing the term (a word found only among parameters is
    /// no capability); largest for an unknown term.
    pub fn idf(&self, term: Option<TermId>) -> f64 {
        let df = term.map_or(0, |t| self.capability_df(t)) as f64;
        (1.0 + (self.docs.len() as f64 - df + 0.5) / (df + 0.5)).ln()
    }

    /// Occurrences of `term` in each field of `doc`.
    pub fn tf(&self, doc: u32, term: TermId) -> [u16; FIELDS] {
        self.docs
            .get(doc as usize)
            .and_then(|d| {
                d.terms
                    .binary_search_by_key(&term, |&(t, _)| t)
                    .ok()
                    .map(|i| d.terms[i].1)
            })
            .unwrap_or_default()
    }

    /// BM25F term-frequency saturation of a term occurring `tf` times (per
    /// field) in `doc`, in [0, K1 + 1): the score without the IDF factor.
    pub fn saturation(&self, doc: u32, tf: [u16; FIELDS]) -> f64 {
        let Some(d) = self.docs.get(doc as usize) else {
            return 0.0;
        };
        let mut weighted = 0.0;
        for field in 0..FIELDS {
            if tf[field] > 0 {
                let norm = 1.0 - LENGTH_NORM[field]
                    + LENGTH_NORM[field] * f64::from(d.len[field]) / self.average_len[field];
                weighted += WEIGHT[field] * f64::from(tf[field]) / norm;
            }
        }
        weighted * (K1 + 1.0) / (weighted + K1)
    }

    /// The saturation of one occurrence in a name of average length: what
    /// a tool named exactly as a query word scores for it, without the IDF.
    pub fn name_saturation(&self) -> f64 {
        let weighted = WEIGHT[NAME];
        weighted * (K1 + 1.0) / (weighted + K1)
    }
}
