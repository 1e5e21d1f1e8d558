//! The field-weighted index of the enhanced ranking: each tool's name words
//! (with its server label), description and parameters, split at
//! identifier boundaries and stemmed, scored with BM25F (spec §6 extended).

use super::names::NameForms;
use super::words::{for_each_identifier_word, for_each_prose_word};
use crate::bytes::{Corrupt, Reader, Writer};
use crate::catalog::{label, Catalog, Entry};
use crate::search::{postings_of, stem, with_stem, FastMap, WordTerms};

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

/// Term-frequency weight of a match in each field. This, `LENGTH_NORM` and
/// `K1` were chosen on the development sets by a coordinate search of the
/// ranking alone (bench/README.md, "Constants").
const WEIGHT: [f64; FIELDS] = [5.0, 2.25, 0.6, 0.36, 0.3];
/// Length normalisation per field.
const LENGTH_NORM: [f64; FIELDS] = [0.3, 0.5, 0.75, 0.5, 0.45];
/// Words that end a description's lead.
const LEAD_ENDS: [&str; 16] = [
    "to", "from", "in", "into", "on", "onto", "for", "with", "within", "by", "at", "across", "via",
    "using", "under", "over",
];
/// Term-frequency saturation.
pub const K1: f64 = 0.72;

/// Dense id of an indexed term.
pub type TermId = u32;

#[derive(Debug, Default, PartialEq)]
struct Doc {
    /// `(term, tf per field)` sorted by term.
    terms: Vec<(TermId, [u16; FIELDS])>,
    len: [u32; FIELDS],
    /// Its server (an index into `servers`).
    server: u32,
}

/// One document holding a term, with what scoring reads of it: made once
/// per catalog, so that a query reads no document's frequencies or length.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Posting {
    /// The document.
    pub doc: u32,
    /// The most telling field the term occurs in.
    pub field: u32,
    /// The term's BM25F saturation in the document
    /// ([`FieldIndex::saturation`]).
    pub saturation: f64,
}

/// One server (source label) of the catalog.
#[derive(Debug, PartialEq)]
pub struct Server {
    /// The label ("github-legacy").
    pub label: String,
    /// The label's words as terms.
    pub terms: Vec<TermId>,
    /// Its tools.
    pub docs: Vec<u32>,
}

/// The enhanced index of one catalog.
#[derive(Debug, Default, PartialEq)]
pub struct FieldIndex {
    vocabulary: FastMap<String, TermId>,
    /// Stem of each term id.
    stems: Vec<String>,
    /// The first word seen of each term id, lowercased.
    surfaces: Vec<String>,
    docs: Vec<Doc>,
    servers: Vec<Server>,
    /// Per term, the documents holding it, in order.
    postings: Vec<Vec<Posting>>,
    /// Per term, documents holding it outside their parameters: the tools
    /// that name or describe it as something they do or handle.
    capability_df: Vec<u32>,
    /// Per document and field, BM25F's length normalisation, made once.
    norms: Vec<[f64; FIELDS]>,
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
        // The current document's terms per field, reused from one to the
        // next: allocations are what freshly loaded wasm pays most for.
        let mut fields: [Vec<TermId>; FIELDS] = Default::default();
        index.docs.reserve(entries.len());
        index.heads.reserve(entries.len());
        index.sequences.reserve(entries.len());
        for entry in entries {
            let def = &entry.tool.def;
            let label = label(&entry.source_name);
            let id = index.docs.len() as u32;
            let next = servers.len() as u32;
            // Looked up before it is inserted: a key is allocated once per server.
            let server = match servers.get(label) {
                Some(&server) => server,
                None => {
                    servers.insert(label.to_owned(), next);
                    next
                }
            };
            if server == next {
                let mut terms = Vec::new();
                for_each_identifier_word(label, |w| terms.push(index.intern(&mut known, w)));
                index.servers.push(Server {
                    label: label.to_owned(),
                    terms,
                    docs: Vec::new(),
                });
            }
            fields.iter_mut().for_each(Vec::clear);
            for_each_identifier_word(&def.name, |w| {
                fields[NAME].push(index.intern(&mut known, w))
            });
            let own_name = fields[NAME].len();
            let mut lead = true;
            for_each_prose_word(def.description.as_deref().unwrap_or(""), |w| {
                // Once the lead has ended, no word is compared again.
                lead = lead && !LEAD_ENDS.contains(&w);
                let field = if lead { LEAD } else { DESCRIPTION };
                fields[field].push(index.intern(&mut known, w));
            });
            for key in &def.param_keys {
                for_each_identifier_word(key, |w| fields[PARAMS].push(index.intern(&mut known, w)));
            }
            for_each_prose_word(&def.param_text, |w| {
                fields[PARAM_TEXT].push(index.intern(&mut known, w))
            });
            // The description's words are the lead's, then the rest's.
            let prose = fields[LEAD].iter().chain(&fields[DESCRIPTION]);
            let first = prose.clone().next().copied();
            let mut sequence =
                Vec::with_capacity(own_name + fields[LEAD].len() + fields[DESCRIPTION].len());
            sequence.extend_from_slice(&fields[NAME]);
            sequence.extend(prose);
            let server_terms: &[TermId] =
                index.servers.get(server as usize).map_or(&[], |s| &s.terms);
            let mut name_words = Vec::with_capacity(fields[NAME].len());
            name_words.extend(fields[NAME].iter().filter(|t| !server_terms.contains(t)));
            fields[NAME].extend_from_slice(server_terms);
            if let Some(s) = index.servers.get_mut(server as usize) {
                s.docs.push(id);
            }
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
            // Allocated at its final length: no reallocation, no spare room
            // kept for the index's lifetime.
            doc.terms = Vec::with_capacity(touched.len());
            doc.terms.extend(
                touched.drain(..).filter_map(|term| {
                    Some((term, std::mem::take(counts.get_mut(term as usize)?)))
                }),
            );
            index.docs.push(doc);
            index.names.add(id, &def.name, label);
        }
        index.finish(&totals);
        index
    }

    /// Writes what the build read from the catalog's text (terms, servers,
    /// documents, heads and sequences); the rest follows from it.
    pub fn write(&self, w: &mut Writer) {
        let terms = |w: &mut Writer, terms: &[TermId]| {
            w.number(terms.len() as u64);
            terms.iter().for_each(|&t| w.number(u64::from(t)));
        };
        w.number(self.stems.len() as u64);
        self.stems.iter().for_each(|stem| w.text(stem));
        self.surfaces.iter().for_each(|surface| w.text(surface));
        w.number(self.servers.len() as u64);
        for server in &self.servers {
            w.text(&server.label);
            terms(w, &server.terms);
        }
        w.number(self.docs.len() as u64);
        for doc in &self.docs {
            w.number(u64::from(doc.server));
            doc.len.iter().for_each(|&n| w.number(u64::from(n)));
            w.number(doc.terms.len() as u64);
            let mut previous = 0;
            for (term, tf) in &doc.terms {
                w.number(u64::from(term - previous));
                tf.iter().for_each(|&n| w.number(u64::from(n)));
                previous = *term;
            }
        }
        for (name, first) in &self.heads {
            terms(w, name);
            w.number(first.map_or(0, |t| u64::from(t) + 1));
        }
        for sequence in &self.sequences {
            terms(w, sequence);
        }
    }

    /// Reads what [`FieldIndex::write`] wrote for `entries`: the index
    /// [`FieldIndex::build`] gives for them, or [`Corrupt`].
    pub fn read(r: &mut Reader, entries: &[Entry]) -> Result<FieldIndex, Corrupt> {
        let mut index = FieldIndex::default();
        // What is allocated stays in proportion to the catalog, whatever
        // the bytes declare: terms no longer than its text, at most a
        // server per tool, and each server the label of its tools.
        let mut left = Catalog::text_bytes(entries);
        let mut within = |text: &str| -> Result<String, Corrupt> {
            left = left.checked_sub(text.len().max(1)).ok_or(Corrupt)?;
            Ok(text.to_owned())
        };
        let n = r.count()?;
        for term in 0..n {
            let stem = within(r.text()?)?;
            if index
                .vocabulary
                .insert(stem.clone(), term as TermId)
                .is_some()
            {
                return Err(Corrupt);
            }
            index.stems.push(stem);
        }
        for _ in 0..n {
            index.surfaces.push(within(r.text()?)?);
        }
        let terms = |r: &mut Reader| -> Result<Vec<TermId>, Corrupt> {
            (0..r.count()?).map(|_| r.below(n)).collect()
        };
        let servers = r.count()?;
        if servers > entries.len() {
            return Err(Corrupt);
        }
        for _ in 0..servers {
            index.servers.push(Server {
                label: within(r.text()?)?,
                terms: terms(r)?,
                docs: Vec::new(),
            });
        }
        if r.count()? != entries.len() {
            return Err(Corrupt);
        }
        let mut totals = [0u64; FIELDS];
        for (id, entry) in entries.iter().enumerate() {
            let id = id as u32;
            let mut doc = Doc {
                server: r.below(index.servers.len())?,
                ..Doc::default()
            };
            for (field, len) in doc.len.iter_mut().enumerate() {
                *len = r.small()?;
                totals[field] += u64::from(*len);
            }
            let mut term = 0u32;
            for i in 0..r.count()? {
                let step = r.small()?;
                term = term
                    .checked_add(step)
                    .filter(|&t| (t as usize) < n)
                    .ok_or(Corrupt)?;
                let mut tf = [0u16; FIELDS];
                for count in &mut tf {
                    *count = u16::try_from(r.number()?).map_err(|_| Corrupt)?;
                }
                if (i > 0 && step == 0) || tf == [0; FIELDS] {
                    return Err(Corrupt);
                }
                doc.terms.push((term, tf));
            }
            match index.servers.get_mut(doc.server as usize) {
                Some(server) if server.label == label(&entry.source_name) => server.docs.push(id),
                _ => return Err(Corrupt),
            }
            index.docs.push(doc);
            index
                .names
                .add(id, &entry.tool.def.name, label(&entry.source_name));
        }
        for _ in entries {
            let name = terms(r)?;
            let first = match r.number()? {
                0 => None,
                t => Some(
                    u32::try_from(t - 1)
                        .ok()
                        .filter(|&t| (t as usize) < n)
                        .ok_or(Corrupt)?,
                ),
            };
            index.heads.push((name, first));
        }
        for _ in entries {
            index.sequences.push(terms(r)?);
        }
        if index.servers.iter().any(|server| server.docs.is_empty()) || !index.names_hold(entries) {
            return Err(Corrupt);
        }
        index.finish(&totals);
        Ok(index)
    }

    /// Derives what follows from the documents' term lists: the length
    /// normalisation, the postings (each allocated once at its final
    /// length) and the capability document frequencies.
    fn finish(&mut self, totals: &[u64; FIELDS]) {
        let terms = self.stems.len();
        self.normalize_lengths(totals);
        let lists = self.docs.iter().map(|d| d.terms.as_slice());
        self.postings = postings_of(lists.clone(), terms, |doc, tf| Posting {
            doc,
            field: tf.iter().position(|&n| n > 0).unwrap_or(FIELDS) as u32,
            saturation: self.saturation(doc, tf),
        });
        self.capability_df = vec![0; terms];
        for &(term, tf) in lists.flatten() {
            if tf[..PARAMS].iter().any(|&n| n > 0) {
                if let Some(n) = self.capability_df.get_mut(term as usize) {
                    *n += 1;
                }
            }
        }
    }

    /// Sets each document's length normalisation, from the field lengths'
    /// `totals` over the catalog.
    fn normalize_lengths(&mut self, totals: &[u64; FIELDS]) {
        let docs = self.docs.len().max(1) as f64;
        let average: [f64; FIELDS] = std::array::from_fn(|f| (totals[f] as f64 / docs).max(1.0));
        self.norms = self
            .docs
            .iter()
            .map(|d| {
                std::array::from_fn(|field| {
                    1.0 - LENGTH_NORM[field]
                        + LENGTH_NORM[field] * f64::from(d.len[field]) / average[field]
                })
            })
            .collect();
    }

    /// True when each document's name words are the words of its tool's
    /// name (its server's words left out, as the build leaves them): a
    /// restored index whose documents belong to other tools is refused.
    fn names_hold(&self, entries: &[Entry]) -> bool {
        entries
            .iter()
            .zip(&self.docs)
            .zip(&self.heads)
            .all(|((entry, doc), (name, _))| {
                let server = self
                    .servers
                    .get(doc.server as usize)
                    .map_or(&[][..], |s| &s.terms);
                let mut own = name.iter();
                let mut holds = true;
                for_each_identifier_word(&entry.tool.def.name, |word| {
                    match with_stem(word, |stem| self.vocabulary.get(stem)) {
                        Some(term) if server.contains(term) => {}
                        Some(term) => holds &= own.next() == Some(term),
                        None => holds = false,
                    }
                });
                holds && own.next().is_none()
            })
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
    pub fn stems(&self) -> impl ExactSizeIterator<Item = (TermId, &str)> {
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

    /// The words of `doc`'s name and description, in order.
    pub fn sequence(&self, doc: u32) -> &[TermId] {
        self.sequences.get(doc as usize).map_or(&[], Vec::as_slice)
    }

    /// The documents holding `term`, in order.
    pub fn postings(&self, term: TermId) -> &[Posting] {
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
    #[inline]
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
    #[inline]
    pub fn saturation(&self, doc: u32, tf: [u16; FIELDS]) -> f64 {
        let Some(norm) = self.norms.get(doc as usize) else {
            return 0.0;
        };
        let mut weighted = 0.0;
        for field in 0..FIELDS {
            if tf[field] > 0 {
                weighted += WEIGHT[field] * f64::from(tf[field]) / norm[field];
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
