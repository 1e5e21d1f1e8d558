//! Explanations of the enhanced ranking (`ts.explain` with
//! `ranking: "enhanced"`): how the query was understood, and per tool the
//! share of the query it answers, the share needed, and what kept it out.

use serde::Serialize;

use super::analyze::analyze;
use super::index::FieldIndex;
use super::rank::{judge_all, rank, ConceptMatch, Judgement, Rules};
use crate::catalog::Catalog;

/// A query's enhanced explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnhancedExplanation {
    /// The query as given.
    pub query: String,
    /// Always "enhanced".
    pub ranking: &'static str,
    /// The language the query was written in, when not English ("ja", "de",
    /// "fr", "es").
    pub language: Option<&'static str>,
    /// The query's words in English, when it was translated.
    pub translation: Option<Vec<String>>,
    /// Written as a request in sentences rather than as keywords.
    pub natural: bool,
    /// What the query asks for: each concept and the stems it matches.
    pub concepts: Vec<ConceptReport>,
    /// One report per explained tool.
    pub tools: Vec<ToolVerdict>,
}

/// One concept of the query.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConceptReport {
    /// The query word.
    pub word: String,
    /// Its stem, then the stems of its synonyms (a phrase is several stems).
    pub matches: Vec<Vec<String>>,
    /// A verb naming what the tool does.
    pub action: bool,
    /// A value or name that adds to the score but never counts against a tool.
    pub detail: bool,
}

/// Why one tool is in or out.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolVerdict {
    /// The tool name.
    pub name: String,
    /// Its 1-based rank among admitted tools, if admitted.
    pub rank: Option<usize>,
    /// `exact_name`, `admitted`, `other_server` (the query names a server
    /// the tool is not on), `action_not_in_name` (a keyword query's action),
    /// `below_share` or `no_match`.
    pub verdict: &'static str,
    /// Its score (`null` for an exact name).
    pub score: Option<f64>,
    /// Share of the query's content it answers, 0 to 1.
    pub share: f64,
    /// The share an admitted tool needs.
    pub threshold: f64,
    /// Per concept, in query order.
    pub concepts: Vec<ConceptMatch>,
}

/// Explains `query` for the top `limit` tools, or for the tools `names`
/// (unknown names are skipped).
pub fn explain(
    catalog: &Catalog,
    index: &FieldIndex,
    query: &str,
    rules: Rules,
    names: Option<&[String]>,
    limit: usize,
) -> EnhancedExplanation {
    let analysis = analyze(query, &|word| index.knows(word));
    let ranked: Vec<u32> = rank(index, &analysis, rules, catalog.len())
        .iter()
        .map(|h| h.doc)
        .collect();
    let docs: Vec<u32> = match names {
        Some(names) => catalog.positions_of(names),
        None => ranked.iter().take(limit).copied().collect(),
    };
    let tools = docs
        .iter()
        .zip(judge_all(index, &analysis, rules, &docs))
        .filter_map(|(&doc, judgement)| {
            let name = catalog.entries().get(doc as usize)?.name().to_owned();
            let rank = ranked.iter().position(|&r| r == doc).map(|p| p + 1);
            Some(verdict(name, rank, judgement))
        })
        .collect();
    EnhancedExplanation {
        query: query.to_owned(),
        ranking: "enhanced",
        language: analysis.translation.as_ref().map(|t| t.language.code()),
        translation: analysis.translation.as_ref().map(|t| t.words.clone()),
        natural: analysis.natural,
        concepts: analysis
            .concepts
            .iter()
            .map(|c| ConceptReport {
                word: c.word.clone(),
                matches: c.alternatives.iter().map(|a| a.stems.clone()).collect(),
                action: c.action,
                detail: c.detail,
            })
            .collect(),
        tools,
    }
}

fn verdict(name: String, rank: Option<usize>, judgement: Judgement) -> ToolVerdict {
    let verdict = if judgement.exact_name {
        "exact_name"
    } else if judgement.admitted() {
        "admitted"
    } else if judgement.score <= 0.0 {
        "no_match"
    } else if judgement.other_service {
        "other_server"
    } else if judgement.action_missing {
        "action_not_in_name"
    } else {
        "below_share"
    };
    ToolVerdict {
        name,
        rank,
        verdict,
        score: (!judgement.exact_name).then_some(judgement.score),
        share: judgement.share,
        threshold: judgement.threshold,
        concepts: judgement.concepts,
    }
}
