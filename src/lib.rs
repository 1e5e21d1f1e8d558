//! toolsearch: progressive tool disclosure for LLM agents.
//!
//! A session's tools are split into visible and deferrable ones; the
//! deferrable ones form a searchable catalog that the model reaches through
//! bridge tools: `tool_search` ranks names per query, `tool_describe` returns
//! full schemas, `tool_call` validates and runs a call through the host.
//! [`Engine`] ties it together; the `wasm` module exposes it to JavaScript.
//!
//! The behaviour is described in `docs/behaviour.md`; the `§` numbers of the
//! docs are its sections. `ranking: "reference"` follows it exactly.
//!
//! The modules form layers, lowest first; each uses only layers below it.
//! Inside a module that holds modules (a room: `bridge`, `enhanced` and its
//! `analysis`, `index` and `scoring`, `search`, ...), its modules form layers
//! too, and none uses the room's own `mod.rs`, which is the room's door to
//! the rest of the crate. `tests/native/layers.rs` enforces both:
//!
//! | layer | modules | what they do |
//! | --- | --- | --- |
//! | 1 | `text`, `reserved`, `host`, `bytes`, `hash` | text helpers, reserved names, the host's port, the snapshot codec, the keyed hash |
//! | 2 | `search`, `session`, `schema` | the reference index and BM25 (§5.4, §6), a session and its tools (tool rows, MCP import), JSON Schema checks |
//! | 3 | `catalog`, `classify`, `config` | which tools defer (§3), the catalog of those that do (§5), the resolved configuration (§2) |
//! | 4 | `enhanced` | the default ranking, shaped as a search engine: analysis, index, scoring, search, explain |
//! | 5 | `listing`, `ranking`, `connectors`, `snapshot` | the listing (§7), the two rankings behind one interface, the connector gateway (§11), index snapshots |
//! | 6 | `prepared` | what a session's tool list implies, kept across turns |
//! | 7 | `bridge` | the bridge tools: arguments, answers, errors and every sentence the model reads (§8-§10) |
//! | 8 | `assemble`, `findability` | the model-visible tool array (§4), the findability report |
//! | 9 | `engine` | [`Engine`], the entry of native hosts and of the binding |
//! | 10 | `wasm` | the wasm-bindgen binding (the `bindings` feature) |

#![deny(missing_docs)]
#![deny(unreachable_pub)]

mod assemble;
mod bridge;
mod bytes;
mod catalog;
mod classify;
mod config;
mod connectors;
mod engine;
mod enhanced;
mod findability;
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
pub use bridge::answer::{Answer, Facts, GroupFacts, LegOutcome};
pub use bridge::call::Resolution;
pub use bridge::error::{BridgeError, JsonError};
#[cfg(feature = "validation")]
pub use bridge::validate::check as check_arguments;
pub use bridge::validate::Rejection;
pub use config::{CallScope, Config, Ranking, TriState};
pub use connectors::{CallContext, Surface};
pub use engine::{Engine, Options};
pub use enhanced::semantic::{document_text, SemanticOptions};
pub use enhanced::{Confidence, Leg};
pub use findability::{Duplicate, Findability, QueryFrom, Thin, Unfound};
pub use host::{
    Approval, CallbackError, EmbedKind, GatewayError, Host, HostError, Refusal, Route, ToolOutput,
    Validation, Violation,
};
pub use listing::ListingForm;
pub use ranking::Explanation;
#[cfg(feature = "validation")]
pub use schema::violation;
pub use search::{seed_hash, tokenize, FastMap};
pub use session::mcp::{from_mcp, from_mcp_servers, McpImport};
pub use session::tooldef::ToolFormat;
pub use session::Session;
pub use snapshot::Refusal as SnapshotRefusal;

/// The crate version (`version()` in JavaScript).
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
