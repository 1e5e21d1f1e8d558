//! Admission and ranking (spec §6.3 steps 5-8): exact names first, then the
//! documents that hold the gate term and enough answerable terms, by BM25.

use super::bm25::term_score;
use super::corpus::Corpus;
use super::query::Query;

/// One admitted document and its score (`+inf` for an exact name).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// Document id (corpus position).
    pub doc: u32,
    /// BM25 score.
    pub score: f64,
}

impl Hit {
    /// Higher scores first, ties to the first document: the one order of
    /// hits, so that each ranking sorts them with the same code.
    pub fn best_first(a: &Hit, b: &Hit) -> std::cmp::Ordering {
        b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc))
    }
}

/// Ranks `corpus` for `text`, at most `limit` hits; equal scores keep corpus order.
pub(crate) fn rank(corpus: &Corpus, text: &str, limit: usize) -> Vec<Hit> {
    if corpus.is_empty() || limit == 0 {
        return Vec::new();
    }
    let Some(query) = Query::parse(text, corpus) else {
        return Vec::new();
    };
    let exact = corpus.exact_matches(&query.exact_key);
    // Walk exact names and gate documents together, in corpus order (the
    // gate's postings are in it already).
    let mut candidates = corpus.postings(&query.gate_term().term);
    if !exact.is_empty() {
        candidates.extend(&exact);
        candidates.sort_unstable();
        candidates.dedup();
    }
    let mut hits: Vec<Hit> = Vec::new();
    let mut tfs = Vec::with_capacity(query.terms.len());
    for doc in candidates {
        if exact.contains(&doc) {
            hits.push(Hit {
                doc,
                score: f64::INFINITY,
            });
            continue;
        }
        query.frequencies(corpus, doc, &mut tfs);
        if query.covered(&tfs) >= query.required_coverage {
            hits.push(Hit {
                doc,
                score: score(corpus, &query, doc, &tfs),
            });
        }
    }
    // Candidates are in corpus order, and so are equal scores.
    hits.sort_unstable_by(Hit::best_first);
    hits.truncate(limit);
    hits
}

/// BM25 of `doc`, whose `tfs` are [`Query::frequencies`]: a sum over query
/// token occurrences in query order.
pub(crate) fn score(corpus: &Corpus, query: &Query, doc: u32, tfs: &[u32]) -> f64 {
    let Some(doc_len) = corpus.doc_len(doc) else {
        return 0.0;
    };
    let average_len = corpus.average_len();
    let mut score = 0.0;
    for (term, &tf) in query.terms.iter().zip(tfs) {
        if tf > 0 {
            score += term_score(term.idf, tf, doc_len, average_len);
        }
    }
    score
}
