//! One query against one corpus: its tokens, gate term, answerable terms and
//! required coverage (spec §6.3 steps 1-5).

use super::bm25::idf;
use super::index::{Index, TermId};
use super::tokenize::tokenize;

/// Coverage of answerable terms demanded once the floor engages (§6.3 step 4).
pub const MIN_COVERAGE: f64 = 0.5;
/// Answerable-term count from which the coverage floor engages.
pub const FLOOR_ENGAGES_AT: usize = 4;

/// One query token occurrence resolved against the corpus.
#[derive(Debug, Clone)]
pub struct QueryTerm {
    /// Its id when some document contains it.
    pub term: Option<TermId>,
    /// Its IDF in this corpus.
    pub idf: f64,
}

/// A tokenized query with the statistics that decide admission.
#[derive(Debug, Clone)]
pub struct Query {
    /// Token occurrences in query order, duplicates kept.
    pub terms: Vec<QueryTerm>,
    /// Position in `terms` of the gate: the highest IDF, earliest on ties.
    pub gate: usize,
    /// Distinct terms that some document contains.
    pub answerable: Vec<TermId>,
    /// How many answerable terms an admitted document must contain.
    pub required_coverage: usize,
    /// The trimmed, lowercased query, compared with entry names.
    pub exact_key: String,
}

impl Query {
    /// Parses `text` against `index`; `None` when it has no tokens.
    pub fn parse(text: &str, index: &Index) -> Option<Query> {
        let n = index.len();
        let terms: Vec<QueryTerm> = tokenize(text)
            .into_iter()
            .map(|token| {
                let term = index.term(&token);
                let df = term.map_or(0, |t| index.df(t));
                QueryTerm {
                    term,
                    idf: idf(n, df),
                }
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
        let mut answerable: Vec<TermId> = Vec::new();
        for term in terms.iter().filter_map(|t| t.term) {
            if !answerable.contains(&term) {
                answerable.push(term);
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
    pub fn gate_term(&self) -> &QueryTerm {
        &self.terms[self.gate]
    }
}

/// 1 below the engagement threshold, else half the answerable terms rounded up.
pub fn required_coverage(answerable: usize) -> usize {
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
