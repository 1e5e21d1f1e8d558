//! What the facade sends, read into the core's types: the engine's options
//! (JSON text the facade wrote from the host's options), the declared
//! sources of a session, and the tools of an MCP server. Tool rows, the
//! session's tools, cross as text the core reads itself
//! (`crate::session::rows`); the host's own objects are read lazily by
//! `source` and `host`.

use serde_json::Value;

use super::host::Bounds;
use crate::engine::Options;
use crate::session::DeclaredSource;

/// The engine's options and the host's bounds from the JSON text of
/// `{config, connectors, coreTools, directSurfaceToolsets, timeouts,
/// semantic, limits}`; anything unreadable means the defaults.
pub(crate) fn options(text: &str) -> (Options, Bounds) {
    let options: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let strings = |key: &str| {
        options.get(key).and_then(Value::as_array).map(|items| {
            items
                .iter()
                .filter_map(|i| i.as_str().map(str::to_owned))
                .collect::<Vec<_>>()
        })
    };
    let field = |key: &str| options.get(key).cloned().unwrap_or(Value::Null);
    let engine = Options {
        config: field("config"),
        connectors: field("connectors"),
        core_tools: strings("coreTools").unwrap_or_default(),
        direct_surface_toolsets: strings("directSurfaceToolsets"),
        timeouts: field("timeouts"),
        semantic: field("semantic"),
    };
    (engine, Bounds::read(&options))
}

/// A session's declared sources from their JSON text (rows that cannot be
/// read are left out).
pub(crate) fn declared(text: &str) -> Vec<DeclaredSource> {
    let declared: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    DeclaredSource::read_all(Some(&declared))
}

/// A tool's JSON text read, or why it has none (the facade's NUL prefix).
pub(crate) fn tool(text: &str) -> Result<Value, String> {
    match text.strip_prefix(crate::bridge::args::UNSERIALISABLE) {
        Some(reason) => Err(reason.to_owned()),
        None => crate::bridge::json_text::parse_json(text).map_err(|e| e.to_string()),
    }
}
