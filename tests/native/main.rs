//! Native integration tests through the crate's public API, one module per theme.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

mod answers;
mod assemble;
mod config;
mod enhanced;
mod findability;
mod guard;
mod hashing;
mod layers;
mod real_catalog;
mod semantic;
mod snapshot;
mod tool_call;
mod tool_describe;
mod tool_search;
mod worked_example;
