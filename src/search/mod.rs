//! Lexical retrieval, independent of tool definitions: tokenize text, index
//! token lists, and rank documents for a query (spec §5.4, §6).
//!
//! `tokenize` turns text into stemmed tokens; `Index` holds documents,
//! postings and corpus statistics; `Query` resolves a query's tokens, gate and
//! coverage floor against an index; `rank` admits and scores documents.

mod bm25;
mod corpus;
mod english;
mod explain;
mod index;
mod names;
mod query;
mod rank;
mod tokenize;

pub use crate::hash::{seed as seed_hash, FastMap, FastSet};
pub use corpus::{Corpus, Part};
pub use explain::{explain, DocumentReport, QueryReport};
pub use index::{Index, IndexBuilder, WordTerms};
pub use names::NameLookup;
pub use rank::{rank, Hit};
pub use tokenize::{for_each_word, stem, tokenize, with_stem};
