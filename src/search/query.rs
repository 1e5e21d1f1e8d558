//! One query against one corpus: its tokens, gate term, answerable terms and
//! required coverage (spec §6.3 steps 1-5).

use super::bm25::idf;
use super::corpus::{Corpus, TermRef};
use super::tokenize::tokenize;

/// Coverage of answerable terms demanded once the floor engages (§6.3 step 4).
pub(crate) const MIN_COVERAGE: f64 = 0.5;
/// Answerable-term count from which the coverage floor engages.
pub(crate) const FLOOR_ENGAGES_AT: usize = 4;

/// One query token occurrence resolved against the corpus.
#[derive(Debug, Clone)]
pub(crate) struct QueryTerm {
    /// The stemmed token.
    pub token: String,
    /// The token in the corpus.
    pub term: TermRef,
    /// Its IDF in this corpus.
    pub idf: f64,
}

/// A tokenized query with the statistics that decide admission.
#[derive(Debug, Clone)]
pub(crate) struct Query {
    /// Token occurrences in query order, duplicates kept.
    pub terms: Vec<QueryTerm>,
    /// Position in `terms` of the gate: the highest IDF, earliest on ties.
    pub gate: usize,
    /// Positions in `terms` of the distinct tokens some document contains.
    pub answerable: Vec<usize>,
    /// How many answerable terms an admitted document must contain.
    pub required_coverage: usize,
    /// The trimmed, lowercased query, compared with entry names.
    pub exact_key: String,
}

impl Query {
    /// Parses `text` against `corpus`; `None` when it has no tokens.
    pub(crate) fn parse(text: &str, corpus: &Corpus) -> Option<Query> {
        let n = corpus.len();
        let terms: Vec<QueryTerm> = tokenize(text)
            .into_iter()
            .map(|token| {
                let term = corpus.term(&token);
                let idf = idf(n, term.df);
                QueryTerm { token, term, idf }
            })
            .collect();
        if terms.is_empty() {
            return None;
        }
        let mut gate = 0;
        for (i, term) in terms.iter().enumerate().skip(1) {
            if term.idf > terms[gate].idf {
                gate = i;
            }
        }
        let mut answerable: Vec<usize> = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            if term.term.df > 0 && !answerable.iter().any(|&a| terms[a].token == term.token) {
                answerable.push(i);
            }
        }
        Some(Query {
            gate,
            required_coverage: required_coverage(answerable.len()),
            answerable,
            exact_key: text.trim().to_lowercase(),
            terms,
        })
    }

    /// The gate term.
    pub(crate) fn gate_term(&self) -> &QueryTerm {
        &self.terms[self.gate]
    }

    /// Writes into `tfs` the frequency in `doc` of each term, in query order.
    pub(crate) fn frequencies(&self, corpus: &Corpus, doc: u32, tfs: &mut Vec<u32>) {
        tfs.clear();
        tfs.extend(self.terms.iter().map(|t| corpus.tf(doc, &t.term)));
    }

    /// Answerable terms a document contains, from its `tfs` (see
    /// [`Query::frequencies`]).
    pub(crate) fn covered(&self, tfs: &[u32]) -> usize {
        self.answerable
            .iter()
            .filter(|&&i| tfs.get(i).is_some_and(|&tf| tf > 0))
            .count()
    }
}

/// 1 below the engagement threshold, else half the answerable terms rounded up.
pub(crate) fn required_coverage(answerable: usize) -> usize {
    if answerable < FLOOR_ENGAGES_AT {
        1
    } else {
        (answerable as f64 * MIN_COVERAGE).ceil() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_floor_engages_at_four_answerable_terms() {
        assert_eq!(required_coverage(0), 1);
        assert_eq!(required_coverage(3), 1);
        assert_eq!(required_coverage(4), 2);
        assert_eq!(required_coverage(5), 3);
        assert_eq!(required_coverage(7), 4);
    }
}
