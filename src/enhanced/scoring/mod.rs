//! How the enhanced ranking scores: each concept resolved in the index
//! (`terms`), BM25F over the fields (`rank`) with concepts written side by
//! side (`proximity`), a plain BM25 of the request's own words (`plain`),
//! the two legs fused (`fusion`) and the label (`decision`). Rooms lower
//! first: `terms`, then `proximity`, `rank`, `plain`, `fusion`, `decision`.

pub(crate) mod decision;
pub(crate) mod fusion;
mod plain;
mod proximity;
mod rank;
mod terms;

pub use decision::Confidence;
pub(crate) use decision::{Decision, Signals};
pub(crate) use plain::PlainRanking;
pub(crate) use rank::best_key_first;
pub(crate) use rank::{Candidates, Plan, Scored};
