//! The plain BM25 leg of the enhanced ranking: Okapi BM25 (k1 1.2, b 0.75)
//! over every text field of each tool (name words and server, description,
//! parameter names and their descriptions), with the package's own word
//! splitting and stemming, English filler left out as any stop list would,
//! and no gate, floor, glossary or discount. It is what a request's own
//! words find, whatever the enhanced rules make of them.

use std::cell::RefCell;

use crate::enhanced::analysis::{english, for_each_prose_word};
use crate::enhanced::index::{FieldIndex, TermId};
use crate::search::{stem, Hit};

/// The query's terms the catalog holds, each with how often the query
/// writes it; filler and unknown words left out, unless every word of the
/// query is filler (then those words are all it has).
pub(crate) fn query_terms(index: &FieldIndex, query: &str) -> Vec<(TermId, u32)> {
    let filler = &english().filler;
    let mut all_filler = true;
    for_each_prose_word(query, |word| all_filler &= filler.contains(word));
    let mut terms: Vec<(TermId, u32)> = Vec::new();
    for_each_prose_word(query, |word| {
        if !all_filler && filler.contains(word) {
            return;
        }
        let Some(term) = index.term(&stem(word)) else {
            return;
        };
        match terms.iter_mut().find(|(t, _)| *t == term) {
            Some((_, count)) => *count += 1,
            None => terms.push((term, 1)),
        }
    });
    terms
}

/// What the plain leg found for one query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlainRanking {
    /// The query's terms the catalog holds, with their counts.
    pub terms: Vec<(TermId, u32)>,
    /// The best tools, best first.
    pub hits: Vec<Hit>,
}

impl PlainRanking {
    /// Ranks `query`'s own words: the best `depth` tools.
    pub fn new(index: &FieldIndex, query: &str, depth: usize) -> PlainRanking {
        let terms = query_terms(index, query);
        let hits = rank(index, &terms, depth);
        PlainRanking { terms, hits }
    }

    /// How far the leg agrees that `doc` is the best tool: `1 / r` for its
    /// rank `r` (from 1), 0 when the leg ranks others but not it, and 1
    /// when the leg ranks nothing (a request in another language, whose
    /// words no tool holds, is no evidence against it).
    pub fn agreement(&self, doc: Option<u32>) -> f64 {
        if self.hits.is_empty() {
            return 1.0;
        }
        doc.and_then(|doc| self.hits.iter().position(|h| h.doc == doc))
            .map_or(0.0, |at| 1.0 / (at as f64 + 1.0))
    }
}

/// The best `depth` tools by BM25 for `terms` ([`query_terms`]), best
/// first, ties to the first document.
pub(crate) fn rank(index: &FieldIndex, terms: &[(TermId, u32)], depth: usize) -> Vec<Hit> {
    SCORES.with(|cell| {
        let mut fresh = Scores::default();
        let mut borrowed = cell.try_borrow_mut();
        let scores = match borrowed.as_deref_mut() {
            Ok(scores) => scores,
            Err(_) => &mut fresh,
        };
        scores.reset(index.len());
        for &(term, count) in terms {
            let weight = index.plain_idf(term) * f64::from(count);
            for posting in index.postings(term) {
                scores.add(posting.doc, weight * index.plain_saturation(posting));
            }
        }
        let mut hits: Vec<Hit> = scores
            .touched
            .iter()
            .filter_map(|&doc| {
                let score = *scores.by_doc.get(doc as usize)?;
                Some(Hit { doc, score })
            })
            .collect();
        if hits.len() > depth {
            hits.select_nth_unstable_by(depth, Hit::best_first);
            hits.truncate(depth);
        }
        hits.sort_unstable_by(Hit::best_first);
        scores.clear();
        hits
    })
}

/// Per document its running score, and the documents touched: kept from
/// one query to the next, so that ranking allocates nothing that grows with
/// the catalog.
#[derive(Default)]
struct Scores {
    by_doc: Vec<f64>,
    touched: Vec<u32>,
}

impl Scores {
    fn reset(&mut self, docs: usize) {
        if self.by_doc.len() < docs {
            self.by_doc.resize(docs, 0.0);
        }
    }

    fn add(&mut self, doc: u32, score: f64) {
        if let Some(sum) = self.by_doc.get_mut(doc as usize) {
            if *sum == 0.0 {
                self.touched.push(doc);
            }
            *sum += score;
        }
    }

    fn clear(&mut self) {
        for &doc in &self.touched {
            if let Some(sum) = self.by_doc.get_mut(doc as usize) {
                *sum = 0.0;
            }
        }
        self.touched.clear();
    }
}

thread_local! {
    static SCORES: RefCell<Scores> = RefCell::default();
}
