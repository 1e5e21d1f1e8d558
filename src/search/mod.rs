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

pub(crate) use crate::hash::FastSet;
pub use crate::hash::{seed as seed_hash, FastMap};
pub(crate) use corpus::{Corpus, Part};
pub(crate) use explain::{explain, DocumentReport, QueryReport};
pub(crate) use index::{Index, IndexBuilder, WordTerms};
pub(crate) use names::NameLookup;
pub(crate) use rank::{rank, Hit};
pub use tokenize::tokenize;
pub(crate) use tokenize::{for_each_word, stem, with_stem};
