//! Explanations of the enhanced ranking (`ts.explain` with
//! `ranking: "enhanced"`): how the query was understood, the confidence
//! label and its signals, and per tool its score, the share of the query
//! it answers and how it covers each concept.

use serde::Serialize;

use super::analysis::Via;
use super::index::EnhancedIndex;
use super::scoring::{Confidence, Decision};
use super::search::{run, serve_needs};
use crate::catalog::Catalog;
use crate::config::Rules;
use crate::search::Hit;

/// A query's enhanced explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnhancedExplanation {
    /// The query as given.
    pub query: String,
    /// Always "enhanced".
    pub ranking: &'static str,
    /// The language the query was written in, when not English (its code).
    pub language: Option<&'static str>,
    /// The query's words in English, when it was translated.
    pub translation: Option<Vec<String>>,
    /// Written as a request in sentences rather than as keywords.
    pub natural: bool,
    /// What the query asks for.
    pub concepts: Vec<ConceptReport>,
    /// The group's label, as `tool_search` gives it without a semantic leg.
    pub confidence: Confidence,
    /// How the label was reached.
    pub decision: Decision,
    /// The sentence whose signals the decision read, when the query has
    /// several and one of them was surer than the whole.
    pub decided_by: Option<String>,
    /// The clauses read as needs of their own, when the request asks for
    /// several things (the best tool of each moves up when there are two
    /// or more).
    pub needs: Vec<String>,
    /// One report per explained tool.
    pub tools: Vec<ToolVerdict>,
}

/// One concept of the query.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConceptReport {
    /// The query word (two joined words, or an implied concept in brackets).
    pub word: String,
    /// Its IDF: what answering it is worth.
    pub importance: f64,
    /// Its weight in the share relative to its IDF (0 for a detail).
    pub weight: f64,
    /// Some tool names or describes it.
    pub known: bool,
    /// The servers it names.
    pub servers: Vec<String>,
    /// The ways a tool can hold it.
    pub matches: Vec<MatchReport>,
}

/// One way a tool can hold a concept.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReport {
    /// The stems (all must be present).
    pub stems: Vec<String>,
    /// Its weight relative to the query's own word.
    pub weight: f64,
    /// `word`, `glossary` or `catalog`.
    pub via: Via,
}

/// Why a tool is or is not in the answer of the enhanced ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Its name is the query, in some spelling: it ranks first.
    ExactName,
    /// It is returned, at `rank`.
    Returned,
    /// Ranked, but not among the first `limit`, or not of the first few
    /// that a low group shows.
    BelowLimit,
    /// It holds none of the query's concepts.
    NoMatch,
}

/// Why one tool ranks where it does.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolVerdict {
    /// The tool name.
    pub name: String,
    /// Its 1-based rank in the answer, if returned.
    pub rank: Option<usize>,
    /// Why it is or is not returned.
    pub verdict: Verdict,
    /// Its score (`null` for an exact name).
    pub score: Option<f64>,
    /// Share of the query's content it answers, 0 to 1.
    pub share: f64,
    /// What the query's concepts written side by side in its name or
    /// description add to its score (0 beyond the best 50 by BM25F).
    pub proximity: f64,
    /// Per concept, in query order, how well it covers it (0 to 1).
    pub coverage: Vec<f64>,
}

/// Explains `query` for the top `limit` tools, or for the tools `names`
/// (unknown names are skipped).
pub(crate) fn explain(
    catalog: &Catalog,
    index: &EnhancedIndex,
    query: &str,
    rules: Rules,
    names: Option<&[String]>,
    limit: usize,
) -> EnhancedExplanation {
    let ranking = run(index, query, rules, usize::MAX, true);
    let fields = &index.fields;
    let ranked: Vec<Hit> = ranking.fused.clone();
    let mut order: Vec<u32> = ranking.exact.clone();
    order.extend(
        serve_needs(ranked, &ranking.needs)
            .iter()
            .map(|h| h.doc)
            .filter(|d| !ranking.exact.contains(d)),
    );
    let docs: Vec<u32> = match names {
        Some(names) => catalog.positions_of(names),
        None => order.iter().take(limit).copied().collect(),
    };
    let confidence = ranking.label();
    let tools = docs
        .iter()
        .filter_map(|&doc| {
            let name = catalog.entries().get(doc as usize)?.name().to_owned();
            let exact = ranking.exact.contains(&doc);
            let scored = ranking.ranked.iter().find(|s| s.doc == doc);
            let position = order.iter().position(|&d| d == doc);
            let rank = position.filter(|&p| p < limit).map(|p| p + 1);
            let verdict = match (exact, scored, rank) {
                (true, _, _) => Verdict::ExactName,
                (_, None, _) => Verdict::NoMatch,
                (_, Some(_), Some(_)) => Verdict::Returned,
                (_, Some(_), None) => Verdict::BelowLimit,
            };
            Some(ToolVerdict {
                name,
                rank,
                verdict,
                score: scored.filter(|_| !exact).map(|s| s.score),
                share: scored.map_or(0.0, |s| s.share),
                proximity: scored.map_or(0.0, |s| s.proximity),
                coverage: ranking.plan.coverages(fields, doc),
            })
        })
        .collect();
    let analysis = &ranking.analysis;
    EnhancedExplanation {
        query: query.to_owned(),
        ranking: "enhanced",
        language: analysis.translation.as_ref().map(|t| t.language),
        translation: analysis.translation.as_ref().map(|t| t.words.clone()),
        natural: analysis.natural,
        concepts: ranking
            .plan
            .terms
            .iter()
            .map(|t| ConceptReport {
                word: t.word.clone(),
                importance: t.importance,
                weight: t.weight(),
                known: t.known,
                servers: t
                    .servers
                    .iter()
                    .filter_map(|&s| fields.servers().get(s as usize))
                    .map(|s| s.label.clone())
                    .collect(),
                matches: t
                    .alternatives
                    .iter()
                    .map(|a| MatchReport {
                        stems: a
                            .terms
                            .iter()
                            .map(|&id| fields.stem(id).to_owned())
                            .collect(),
                        weight: a.weight,
                        via: a.via,
                    })
                    .collect(),
            })
            .collect(),
        confidence,
        decision: ranking.decision,
        decided_by: ranking.decided_by,
        needs: ranking.needs.iter().map(|n| n.clause.clone()).collect(),
        tools,
    }
}
