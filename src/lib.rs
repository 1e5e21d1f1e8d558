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

pub mod assemble;
pub mod bridge;
pub mod catalog;
pub mod classify;
pub mod config;
pub mod connectors;
pub mod engine;
pub mod enhanced;
pub mod host;
pub mod intern;
pub mod listing;
pub mod mcp;
pub mod names;
pub mod prepared;
pub mod search;
pub mod semantic;
pub mod session;
pub mod text;
pub mod tooldef;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use config::Config;
pub use engine::{Engine, Options};
pub use search::tokenize;
pub use session::Session;

/// The crate version (`version()` in JavaScript).
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
