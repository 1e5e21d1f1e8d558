//! Reserved tool names.

/// The search bridge (§8).
pub(crate) const TOOL_SEARCH: &str = "tool_search";
/// The describe bridge (§9).
pub(crate) const TOOL_DESCRIBE: &str = "tool_describe";
/// The call bridge (§10).
pub(crate) const TOOL_CALL: &str = "tool_call";
/// The three bridge tools in assembly order; no registered tool may use them.
pub(crate) const BRIDGE_TOOLS: [&str; 3] = [TOOL_SEARCH, TOOL_DESCRIBE, TOOL_CALL];
/// The connections tool; its presence in a session puts connectors in scope.
pub(crate) const MANAGE_CONNECTIONS: &str = "manage_connections";

/// True for the three bridge names.
pub(crate) fn is_bridge(name: &str) -> bool {
    BRIDGE_TOOLS.contains(&name)
}

/// True for a name a host's tool must not take where bridges are built for
/// it (the adapters): a bridge's, or `manage_connections`, which puts
/// connectors in scope.
pub(crate) fn is_reserved(name: &str) -> bool {
    is_bridge(name) || name == MANAGE_CONNECTIONS
}
