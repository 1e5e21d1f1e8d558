//! Explanations with tool names (`ts.explain`): the query report of §6 and,
//! per tool, its rank, verdict, score and per-term contributions.

use serde::Serialize;

use crate::catalog::Catalog;
use crate::search::{explain as explain_query, Corpus, DocumentReport, QueryReport};

/// A query's explanation under the reference ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReferenceExplanation {
    /// The query as given.
    pub query: String,
    /// Always "reference".
    pub ranking: &'static str,
    /// Tokens, gate, answerable terms and the floor.
    #[serde(flatten)]
    pub report: QueryReport,
    /// One report per explained tool.
    pub tools: Vec<ToolReport>,
}

/// One tool's part of an explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolReport {
    /// The tool name.
    pub name: String,
    /// Its 1-based rank among admitted tools, if admitted.
    pub rank: Option<usize>,
    /// Verdict, score, coverage and per-term contributions.
    #[serde(flatten)]
    pub document: DocumentReport,
}

/// Explains `query` for the top `limit` tools, or for the tools `names`
/// (unknown names are skipped).
pub(crate) fn explain(
    catalog: &Catalog,
    query: &str,
    names: Option<&[String]>,
    limit: usize,
) -> ReferenceExplanation {
    let docs: Vec<u32> = match names {
        Some(names) => catalog.positions_of(names),
        None => catalog
            .search(query, limit)
            .iter()
            .map(|hit| hit.doc)
            .collect(),
    };
    let (report, documents) = explain_query(&Corpus::new(vec![catalog.part()]), query, &docs);
    let ranked: Vec<u32> = catalog
        .search(query, catalog.len())
        .iter()
        .map(|h| h.doc)
        .collect();
    let tools = documents
        .into_iter()
        .filter_map(|document| {
            let name = catalog
                .entries()
                .get(document.doc as usize)?
                .name()
                .to_owned();
            let rank = ranked
                .iter()
                .position(|&r| r == document.doc)
                .map(|p| p + 1);
            Some(ToolReport {
                name,
                rank,
                document,
            })
        })
        .collect();
    ReferenceExplanation {
        query: query.to_owned(),
        ranking: "reference",
        report,
        tools,
    }
}
