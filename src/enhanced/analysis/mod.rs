//! How the enhanced ranking reads a request: the sentences that ask
//! (`asks`), the needs of one that asks for several things (`needs`), its
//! words (`words`, Han, kana and Hangul in bigrams), its language and the
//! glossaries (`language`), its rewriting into English (`translate`), and
//! its concepts (`query`). Rooms lower first: `words` and `language`, then
//! `translate`, `query`, and `asks` and `needs`.

mod asks;
mod language;
pub(crate) mod needs;
mod query;
mod translate;
mod words;

pub(crate) use asks::asks;
pub(crate) use language::english;
pub(crate) use query::{analyze, sentences, Analysis, Concept, Via};
pub(crate) use words::{for_each_identifier_word, for_each_prose_word, is_cjk};
