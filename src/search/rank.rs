//! Admission and ranking (spec §6.3 steps 5-8): exact names first, then the
//! documents that hold the gate term and enough answerable terms, by BM25.

use super::bm25::term_score;
use super::index::Index;
use super::query::Query;

/// One admitted document and its score (`+inf` for an exact name).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// Document id (catalog position).
    pub doc: u32,
    /// BM25 score.
    pub score: f64,
}

/// Ranks `index` for `text`. `names` are the lowercased entry names in
/// corpus order, compared with the trimmed, lowercased query.
pub fn rank(index: &Index, names: &[String], text: &str, limit: usize) -> Vec<Hit> {
    if index.is_empty() || limit == 0 {
        return Vec::new();
    }
    let Some(query) = Query::parse(text, index) else {
        return Vec::new();
    };
    let mut hits: Vec<Hit> = Vec::new();
    let mut exact: Vec<u32> = Vec::new();
    for (doc, name) in names.iter().enumerate() {
        if *name == query.exact_key {
            exact.push(doc as u32);
        }
    }
    let gate_docs = query
        .gate_term()
        .term
        .map_or(&[][..], |t| index.postings(t));
    // Walk exact names and gate documents together, in corpus order.
    let mut candidates: Vec<u32> = exact.iter().chain(gate_docs).copied().collect();
    candidates.sort_unstable();
    candidates.dedup();
    for doc in candidates {
        if exact.binary_search(&doc).is_ok() {
            hits.push(Hit {
                doc,
                score: f64::INFINITY,
            });
        } else if let Some(score) = admitted_score(index, &query, doc) {
            hits.push(Hit { doc, score });
        }
    }
    hits.sort_by(|a, b| b.score.total_cmp(&a.score));
    hits.truncate(limit);
    hits
}

/// The BM25 score of `doc` when it clears the coverage floor.
fn admitted_score(index: &Index, query: &Query, doc: u32) -> Option<f64> {
    let document = index.document(doc)?;
    let covered = query
        .answerable
        .iter()
        .filter(|&&t| document.tf(t) > 0)
        .count();
    if covered < query.required_coverage {
        return None;
    }
    let average_len = index.average_len();
    let mut score = 0.0;
    for term in &query.terms {
        let Some(id) = term.term else { continue };
        let tf = document.tf(id);
        if tf > 0 {
            score += term_score(term.idf, tf, document.len, average_len);
        }
    }
    Some(score)
}
