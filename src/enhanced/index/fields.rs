//! The field-weighted index of the enhanced ranking: each tool's name words
//! (with its server label), description and parameters, split at
//! identifier boundaries and stemmed, scored with BM25F (spec §6 extended).

use super::names::NameForms;
use crate::bytes::{Corrupt, Reader, Writer};
use crate::catalog::{label, Catalog, Entry};
use crate::enhanced::analysis::{for_each_identifier_word, for_each_prose_word};
use crate::search::{stem, with_stem, FastMap, WordTerms};

/// The fields of a tool document, most telling first.
pub(crate) const FIELDS: usize = 5;
/// Name words and server label.
pub(crate) const NAME: usize = 0;
/// The description's lead: its words before the first preposition that
/// introduces a place or a companion ("Delete records | from a table").
pub(crate) const LEAD: usize = 1;
/// The rest of the description.
pub(crate) const DESCRIPTION: usize = 2;
/// Parameter names.
pub(crate) const PARAMS: usize = 3;
/// Parameter descriptions and enumerated values ("pods, deployments, ...").
pub(crate) const PARAM_TEXT: usize = 4;

/// Term-frequency weight of a match in each field. This, `LENGTH_NORM` and
/// `K1` were chosen on the development sets by a coordinate search of the
/// ranking alone (bench/EXPERIMENTS.md, 2026-12-04, "BM25F constants by a coordinate search on dev", and 2026-12-04 "BM25F sweep on dev").
const WEIGHT: [f64; FIELDS] = [5.0, 2.25, 0.6, 0.36, 0.3];
/// Length normalisation per field.
const LENGTH_NORM: [f64; FIELDS] = [0.3, 0.5, 0.75, 0.5, 0.45];
/// Words that end a description's lead.
const LEAD_ENDS: [&str; 16] = [
    "to", "from", "in", "into", "on", "onto", "for", "with", "within", "by", "at", "across", "via",
    "using", "under", "over",
];
/// Term-frequency saturation.
pub(crate) const K1: f64 = 0.72;
/// Term-frequency saturation of the plain BM25 leg (Okapi's usual value).
const PLAIN_K1: f64 = 1.2;
/// Length normalisation of the plain BM25 leg (Okapi's usual value).
const PLAIN_B: f64 = 0.75;

/// Dense id of an indexed term.
pub(crate) type TermId = u32;

/// One document holding a term, with what scoring reads of it: made once
/// per catalog, so that a query reads no document's field frequencies or
/// lengths.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Posting {
    /// The document.
    pub doc: u32,
    /// The most telling field the term occurs in.
    pub field: u8,
    /// How often the term occurs in the document, all fields together
    /// (for the plain BM25 leg).
    pub tf: u16,
    /// The term's BM25F term-frequency saturation in the document, in
    /// (0, K1 + 1): its score without the IDF factor.
    pub saturation: f64,
}

/// A term's frequency in each field of one document, while indexing.
type Frequencies = [u16; FIELDS];

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
    /// Per document, its server (an index into `servers`).
    doc_servers: Vec<u32>,
    servers: Vec<Server>,
    /// Per term, the documents holding it, in order.
    postings: Vec<Vec<Posting>>,
    /// Per term, documents holding it outside their parameters: the tools
    /// that name or describe it as something they do or handle.
    capability_df: Vec<u32>,
    /// Per document, the length normalisation of the plain BM25 leg:
    /// `PLAIN_K1 × (1 − PLAIN_B + PLAIN_B × length / average length)`, the
    /// length counting every field's words.
    plain_norms: Vec<f64>,
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
        let mut counts: Vec<Frequencies> = Vec::new();
        let mut touched: Vec<TermId> = Vec::new();
        // The current document's terms per field, reused from one to the
        // next: allocations are what freshly loaded wasm pays most for.
        let mut fields: [Vec<TermId>; FIELDS] = Default::default();
        // Per term, the documents holding it with its frequencies, and per
        // document its field lengths: what the saturations are made of once
        // the average lengths are known.
        let mut held: Vec<Vec<(u32, Frequencies)>> = Vec::new();
        let mut lengths: Vec<[u32; FIELDS]> = Vec::with_capacity(entries.len());
        index.doc_servers.reserve(entries.len());
        index.heads.reserve(entries.len());
        index.sequences.reserve(entries.len());
        for entry in entries {
            let def = &entry.tool.def;
            let label = label(&entry.source_name);
            let id = index.doc_servers.len() as u32;
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
            // Search-only keywords count as words of the description, but
            // after its sequence: they are no sentence the tool writes.
            for_each_prose_word(&def.keywords, |w| {
                fields[DESCRIPTION].push(index.intern(&mut known, w))
            });
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
            index.doc_servers.push(server);
            counts.resize(index.stems.len(), [0; FIELDS]);
            held.resize_with(index.stems.len(), Vec::new);
            let mut length = [0u32; FIELDS];
            for (field, terms) in fields.iter().enumerate() {
                length[field] = terms.len() as u32;
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
            lengths.push(length);
            for term in touched.drain(..) {
                if let (Some(tf), Some(list)) =
                    (counts.get_mut(term as usize), held.get_mut(term as usize))
                {
                    list.push((id, std::mem::take(tf)));
                }
            }
            index.names.add(id, &def.name, label);
        }
        let norms = length_norms(&lengths, &totals);
        index.finish(held.into_iter().map(|list| {
            list.into_iter()
                .map(|(doc, tf)| Posting {
                    doc,
                    field: tf.iter().position(|&n| n > 0).unwrap_or(FIELDS) as u8,
                    tf: tf.iter().fold(0u16, |sum, &n| sum.saturating_add(n)),
                    saturation: norms.get(doc as usize).map_or(0.0, |n| saturation(n, tf)),
                })
                .collect()
        }));
        index
    }

    /// Writes the index: terms, servers, each document's server, the
    /// postings, heads and sequences; the rest follows from them.
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
        w.number(self.doc_servers.len() as u64);
        self.doc_servers
            .iter()
            .for_each(|&server| w.number(u64::from(server)));
        for postings in &self.postings {
            w.number(postings.len() as u64);
            let mut previous = 0;
            for posting in postings {
                w.number(u64::from(posting.doc - previous));
                w.number(u64::from(posting.field));
                w.number(u64::from(posting.tf));
                w.raw(&posting.saturation.to_le_bytes());
                previous = posting.doc;
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
        // server per tool, each server the label of its tools, and no more
        // postings than the text has words.
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
        for (id, entry) in (0u32..).zip(entries) {
            let server = r.below(index.servers.len())?;
            match index.servers.get_mut(server as usize) {
                Some(s) if s.label == label(&entry.source_name) => s.docs.push(id),
                _ => return Err(Corrupt),
            }
            index.doc_servers.push(server);
            index
                .names
                .add(id, &entry.tool.def.name, label(&entry.source_name));
        }
        let mut words = Catalog::text_bytes(entries);
        let mut postings = Vec::with_capacity(n);
        for _ in 0..n {
            let count = r.count()?;
            words = words.checked_sub(count).ok_or(Corrupt)?;
            postings.push(read_postings(r, count, entries.len())?);
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
        index.finish(postings);
        Ok(index)
    }

    /// Takes the postings, counts per term the documents holding it
    /// outside their parameters, and measures each document's length for
    /// the plain leg (the sum of its terms' frequencies).
    fn finish(&mut self, postings: impl IntoIterator<Item = Vec<Posting>>) {
        self.postings = postings.into_iter().collect();
        self.capability_df = self
            .postings
            .iter()
            .map(|list| list.iter().filter(|p| (p.field as usize) < PARAMS).count() as u32)
            .collect();
        let mut lengths = vec![0u64; self.doc_servers.len()];
        for posting in self.postings.iter().flatten() {
            if let Some(length) = lengths.get_mut(posting.doc as usize) {
                *length += u64::from(posting.tf);
            }
        }
        let average = (lengths.iter().sum::<u64>() as f64 / lengths.len().max(1) as f64).max(1.0);
        self.plain_norms = lengths
            .iter()
            .map(|&length| PLAIN_K1 * (1.0 - PLAIN_B + PLAIN_B * length as f64 / average))
            .collect();
    }

    /// True when each document's name words are the words of its tool's
    /// name (its server's words left out, as the build leaves them): a
    /// restored index whose documents belong to other tools is refused.
    fn names_hold(&self, entries: &[Entry]) -> bool {
        entries.iter().zip(&self.doc_servers).zip(&self.heads).all(
            |((entry, &server), (name, _))| {
                let server = self
                    .servers
                    .get(server as usize)
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
            },
        )
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
        self.doc_servers.len()
    }

    /// True without documents.
    pub fn is_empty(&self) -> bool {
        self.doc_servers.is_empty()
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
        self.doc_servers
            .get(doc as usize)
            .copied()
            .unwrap_or(u32::MAX)
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
        (1.0 + (self.doc_servers.len() as f64 - df + 0.5) / (df + 0.5)).ln()
    }

    /// The plain BM25 leg's IDF of `term`: `ln(1 + (N − df + 0.5) / (df +
    /// 0.5))`, `df` counting every document holding it, in any field.
    pub fn plain_idf(&self, term: TermId) -> f64 {
        let df = self.postings(term).len() as f64;
        (1.0 + (self.doc_servers.len() as f64 - df + 0.5) / (df + 0.5)).ln()
    }

    /// The plain BM25 leg's term-frequency saturation of `posting`, in
    /// (0, PLAIN_K1 + 1): its score without the IDF.
    pub fn plain_saturation(&self, posting: &Posting) -> f64 {
        let tf = f64::from(posting.tf);
        let norm = self
            .plain_norms
            .get(posting.doc as usize)
            .copied()
            .unwrap_or(PLAIN_K1);
        tf * (PLAIN_K1 + 1.0) / (tf + norm)
    }

    /// How `doc` holds `term`, when it does.
    pub fn posting(&self, doc: u32, term: TermId) -> Option<&Posting> {
        let postings = self.postings(term);
        postings
            .binary_search_by_key(&doc, |p| p.doc)
            .ok()
            .and_then(|i| postings.get(i))
    }

    /// The saturation of one occurrence in a name of average length: what
    /// a tool named exactly as a query word scores for it, without the IDF.
    pub fn name_saturation(&self) -> f64 {
        let weighted = WEIGHT[NAME];
        weighted * (K1 + 1.0) / (weighted + K1)
    }
}

/// Per document and field, BM25F's length normalisation: from each
/// document's field `lengths` and their `totals` over the catalog.
fn length_norms(lengths: &[[u32; FIELDS]], totals: &[u64; FIELDS]) -> Vec<[f64; FIELDS]> {
    let docs = lengths.len().max(1) as f64;
    let average: [f64; FIELDS] = std::array::from_fn(|f| (totals[f] as f64 / docs).max(1.0));
    lengths
        .iter()
        .map(|length| {
            std::array::from_fn(|field| {
                1.0 - LENGTH_NORM[field]
                    + LENGTH_NORM[field] * f64::from(length[field]) / average[field]
            })
        })
        .collect()
}

/// BM25F term-frequency saturation of a term occurring `tf` times (per
/// field) in a document of length normalisation `norm`, in [0, K1 + 1).
fn saturation(norm: &[f64; FIELDS], tf: Frequencies) -> f64 {
    let mut weighted = 0.0;
    for field in 0..FIELDS {
        if tf[field] > 0 {
            weighted += WEIGHT[field] * f64::from(tf[field]) / norm[field];
        }
    }
    weighted * (K1 + 1.0) / (weighted + K1)
}

/// `count` postings of one term as [`FieldIndex::write`] wrote them, of
/// documents below `docs`: in order, each in a field, with a saturation
/// that BM25F can give.
fn read_postings(r: &mut Reader, count: usize, docs: usize) -> Result<Vec<Posting>, Corrupt> {
    let mut postings = Vec::with_capacity(count);
    let mut doc = 0u32;
    for i in 0..count {
        let step = r.small()?;
        if i > 0 && step == 0 {
            return Err(Corrupt);
        }
        doc = doc
            .checked_add(step)
            .filter(|&d| (d as usize) < docs)
            .ok_or(Corrupt)?;
        let field = r.below(FIELDS)? as u8;
        let tf = u16::try_from(r.small()?)
            .ok()
            .filter(|&tf| tf > 0)
            .ok_or(Corrupt)?;
        let bytes: [u8; 8] = r.raw(8)?.try_into().map_err(|_| Corrupt)?;
        let saturation = f64::from_le_bytes(bytes);
        if !(saturation > 0.0 && saturation <= K1 + 1.0) {
            return Err(Corrupt);
        }
        postings.push(Posting {
            doc,
            field,
            tf,
            saturation,
        });
    }
    Ok(postings)
}
