//! Why a document was or was not admitted for a query, and what each query
//! term contributed to its score (spec §6, for hosts and the demo page).

use serde::Serialize;

use super::bm25::term_score;
use super::index::Index;
use super::query::Query;

/// One query token as the corpus sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TokenStat {
    /// The stemmed token.
    pub token: String,
    /// Documents containing it.
    pub df: u32,
    /// Its IDF.
    pub idf: f64,
}

/// Why a document is in or out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Its name equals the query: admitted with an infinite score.
    ExactName,
    /// It holds the gate term and enough answerable terms.
    Admitted,
    /// It lacks the gate term (the query's rarest term).
    NoGate,
    /// It holds the gate term but too few answerable terms (the floor).
    BelowFloor,
    /// The query has no tokens.
    NoTokens,
}

/// One query token's part in a document's score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Contribution {
    /// The stemmed token (repeated query words appear again).
    pub token: String,
    /// Its occurrences in the document.
    pub tf: u32,
    /// Its IDF.
    pub idf: f64,
    /// What it adds to the score.
    pub contribution: f64,
}

/// The verdict and score of one document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DocumentReport {
    /// Document id.
    #[serde(skip)]
    pub doc: u32,
    /// In or out, and why.
    pub verdict: Verdict,
    /// BM25 score (`None` for an exact name, whose score is infinite).
    pub score: Option<f64>,
    /// Answerable query terms the document holds.
    pub covered: usize,
    /// Per query token, in query order.
    pub terms: Vec<Contribution>,
}

/// The query's side of an explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueryReport {
    /// Query tokens in order.
    pub tokens: Vec<TokenStat>,
    /// The gate token, if the query has tokens.
    pub gate: Option<String>,
    /// Distinct tokens some document contains.
    pub answerable: Vec<String>,
    /// Answerable terms an admitted document must hold.
    pub required_coverage: usize,
}

/// Explains the query `text` against `index` for documents `docs`; `names`
/// are the lowercased entry names (exact-name rule).
pub fn explain(
    index: &Index,
    names: &[String],
    text: &str,
    docs: &[u32],
) -> (QueryReport, Vec<DocumentReport>) {
    let tokens = super::tokenize::tokenize(text);
    let Some(query) = Query::parse(text, index) else {
        let report = QueryReport {
            tokens: Vec::new(),
            gate: None,
            answerable: Vec::new(),
            required_coverage: 0,
        };
        let docs = docs
            .iter()
            .map(|&doc| DocumentReport {
                doc,
                verdict: Verdict::NoTokens,
                score: None,
                covered: 0,
                terms: Vec::new(),
            })
            .collect();
        return (report, docs);
    };
    let token_of = |term| {
        tokens
            .get(query.terms.iter().position(|t| t.term == Some(term))?)
            .cloned()
    };
    let report = QueryReport {
        tokens: tokens
            .iter()
            .zip(&query.terms)
            .map(|(token, t)| TokenStat {
                token: token.clone(),
                df: t.term.map_or(0, |id| index.df(id)),
                idf: t.idf,
            })
            .collect(),
        gate: tokens.get(query.gate).cloned(),
        answerable: query
            .answerable
            .iter()
            .filter_map(|&t| token_of(t))
            .collect(),
        required_coverage: query.required_coverage,
    };
    let average_len = index.average_len();
    let reports = docs
        .iter()
        .map(|&doc| {
            let document = index.document(doc);
            let tf = |term: Option<u32>| match (term, document) {
                (Some(id), Some(d)) => d.tf(id),
                _ => 0,
            };
            let terms: Vec<Contribution> = tokens
                .iter()
                .zip(&query.terms)
                .map(|(token, t)| {
                    let tf = tf(t.term);
                    let contribution = match document {
                        Some(d) if tf > 0 => term_score(t.idf, tf, d.len, average_len),
                        _ => 0.0,
                    };
                    Contribution {
                        token: token.clone(),
                        tf,
                        idf: t.idf,
                        contribution,
                    }
                })
                .collect();
            let covered = query
                .answerable
                .iter()
                .filter(|&&id| tf(Some(id)) > 0)
                .count();
            let exact = names
                .get(doc as usize)
                .is_some_and(|n| *n == query.exact_key);
            let verdict = if exact {
                Verdict::ExactName
            } else if tf(query.gate_term().term) == 0 {
                Verdict::NoGate
            } else if covered < query.required_coverage {
                Verdict::BelowFloor
            } else {
                Verdict::Admitted
            };
            let score = (!exact).then(|| terms.iter().map(|t| t.contribution).sum());
            DocumentReport {
                doc,
                verdict,
                score,
                covered,
                terms,
            }
        })
        .collect();
    (report, reports)
}
