//! toolsearch: progressive tool disclosure for LLM agents.
//!
//! A session's tools are split into visible and deferrable ones (`classify`);
//! the deferrable ones form a searchable `catalog` (stemmed BM25 with a
//! rarest-term gate and a coverage floor, `search`); the model reaches them
//! through bridge tools (`bridge`): `tool_search` ranks names per query,
//! `tool_describe` returns full schemas. `Engine` ties it together; the
//! `wasm` module exposes it to JavaScript.
//!
//! Behaviour follows `hermes-tool-search.md` (the spec); section numbers in
//! the docs refer to it.

#![deny(missing_docs)]

mod assemble;
mod bridge;
mod bytes;
mod catalog;
mod classify;
mod config;
mod connectors;
mod engine;
mod enhanced;
mod hash;
mod host;
mod listing;
mod prepared;
mod ranking;
mod reserved;
#[cfg(feature = "validation")]
mod schema;
mod search;
mod session;
mod snapshot;
mod text;
#[cfg(all(target_arch = "wasm32", feature = "bindings"))]
mod wasm;

pub use assemble::{AssembleOptions, Assembly};
pub use bridge::answer::Answer;
pub use bridge::call::Resolution;
pub use bridge::error::{BridgeError, JsonError};
#[cfg(feature = "validation")]
pub use bridge::validate::check as check_arguments;
pub use bridge::validate::Rejection;
pub use config::{Config, Ranking, TriState};
pub use connectors::{CallContext, Surface};
pub use engine::{Engine, Options};
pub use enhanced::semantic::{document_text, SemanticOptions};
pub use enhanced::{Confidence, Leg, LOW_MATCHES};
pub use host::{
    CallbackError, EmbedKind, GatewayError, Host, HostError, Refusal, Route, ToolOutput,
    Validation, Violation,
};
pub use listing::ListingForm;
pub use ranking::Explanation;
#[cfg(feature = "validation")]
pub use schema::violation;
pub use search::{seed_hash, tokenize, FastMap};
pub use session::mcp::{from_mcp, McpImport};
pub use session::tooldef::ToolFormat;
pub use session::Session;
pub use snapshot::Refusal as SnapshotRefusal;

/// The crate version (`version()` in JavaScript).
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
