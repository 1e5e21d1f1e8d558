//! The enhanced ranking (`config.ranking: "enhanced"`): lexical and in the
//! wasm, built for natural and multilingual requests as well as keywords.
//!
//! 1. **Exact names** in any spelling come first, always (`index::names`).
//! 2. **Candidates** are every tool holding a query concept or one of its
//!    alternatives, plus the plain BM25 leg's best 50: nothing a plain BM25
//!    of the request's words finds is lost (`scoring::rank`, `scoring::plain`).
//! 3. **Ranking** fuses two legs (`fusion`): the rules' BM25F over the
//!    tools' fields, with alternatives from the language files (`language`,
//!    `translate`) and from the catalog's own vocabulary (`vocabulary`); and
//!    a plain BM25 of the request's own words over every text field
//!    (`plain`), so that what the words themselves find keeps its place.
//!    Han, kana and Hangul are cut into bigrams on both sides (`words`).
//! 4. **One confidence label** (`decision`): a group is `high` when some
//!    tool clearly answers, else `low`. The label carries the doubt and the
//!    list stays whole either way: a group is empty only when no tool holds
//!    any concept of the query.
//!
//! It has the shape of a search engine, in rooms that each use only those
//! before them: `semantic` (the host's embeddings); `analysis` (the request read: its sentences,
//! needs, words, language, translation and concepts); `index` (the catalog's
//! fields, names and vocabulary); `scoring` (BM25F with proximity, the plain
//! BM25 leg, their fusion, the label); `search` (one query through all of
//! them); and `explain`, which reads what `search` computed.

mod analysis;
mod explain;
mod index;
mod scoring;
mod search;
pub(crate) mod semantic;

pub(crate) use analysis::asks;
pub(crate) use explain::{explain, EnhancedExplanation};
pub(crate) use index::EnhancedIndex;
pub use scoring::Confidence;
pub(crate) use search::search;
pub use search::Leg;
