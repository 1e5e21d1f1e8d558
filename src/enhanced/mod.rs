//! The enhanced ranking (`config.ranking: "enhanced"`): still lexical and in
//! the wasm, built for the natural and multilingual requests that the
//! reference ranking (spec §6) leaves empty, while a query naming a
//! capability no tool has still returns nothing.
//!
//! `analyze` understands the query, `index` holds each tool's fields, and
//! `rank` admits tools by the share of the query they answer.

mod analyze;
mod explain;
mod glossary;
mod index;
mod lexicon;
mod rank;
mod translate;
mod words;

pub use analyze::{analyze, Analysis};
pub use explain::{explain, EnhancedExplanation};
pub use glossary::Language;
pub use index::FieldIndex;
pub use rank::{judge_all, rank, ConceptMatch, Judgement, Rules};
pub use translate::Translation;

use crate::search::Hit;

/// Ranks `index` for `query`: at most `limit` admitted tools, best first.
pub fn search(index: &FieldIndex, query: &str, rules: Rules, limit: usize) -> Vec<Hit> {
    rank(
        index,
        &analyze(query, &|word| index.knows(word)),
        rules,
        limit,
    )
}
