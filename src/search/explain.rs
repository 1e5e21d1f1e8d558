//! Why a document was or was not admitted for a query, and what each query
//! term contributed to its score (spec §6, for hosts and the demo page).

use serde::Serialize;

use super::bm25::term_score;
use super::corpus::Corpus;
use super::query::Query;
use super::rank::score;

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

/// Explains the query `text` against `corpus` for documents `docs`.
pub(crate) fn explain(
    corpus: &Corpus,
    text: &str,
    docs: &[u32],
) -> (QueryReport, Vec<DocumentReport>) {
    let Some(query) = Query::parse(text, corpus) else {
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
    let report = QueryReport {
        tokens: query
            .terms
            .iter()
            .map(|t| TokenStat {
                token: t.token.clone(),
                df: t.term.df,
                idf: t.idf,
            })
            .collect(),
        gate: Some(query.gate_term().token.clone()),
        answerable: query
            .answerable
            .iter()
            .map(|&i| query.terms[i].token.clone())
            .collect(),
        required_coverage: query.required_coverage,
    };
    let exact = corpus.exact_matches(&query.exact_key);
    let average_len = corpus.average_len();
    let mut tfs = Vec::with_capacity(query.terms.len());
    let reports = docs
        .iter()
        .map(|&doc| {
            let doc_len = corpus.doc_len(doc);
            query.frequencies(corpus, doc, &mut tfs);
            let terms: Vec<Contribution> = query
                .terms
                .iter()
                .zip(&tfs)
                .map(|(t, &tf)| {
                    let contribution = match doc_len {
                        Some(len) if tf > 0 => term_score(t.idf, tf, len, average_len),
                        _ => 0.0,
                    };
                    Contribution {
                        token: t.token.clone(),
                        tf,
                        idf: t.idf,
                        contribution,
                    }
                })
                .collect();
            let covered = query.covered(&tfs);
            let is_exact = exact.contains(&doc);
            let verdict = if is_exact {
                Verdict::ExactName
            } else if tfs.get(query.gate).is_none_or(|&tf| tf == 0) {
                Verdict::NoGate
            } else if covered < query.required_coverage {
                Verdict::BelowFloor
            } else {
                Verdict::Admitted
            };
            let score = (!is_exact).then(|| score(corpus, &query, doc, &tfs));
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
