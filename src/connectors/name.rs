//! The connector naming codec (spec §11.1).

/// Prefix of every composed connector name.
pub const PREFIX: &str = "connectors__";

/// True when `name` claims to be a connector tool (it may still be malformed).
pub fn is_connector_name(name: &str) -> bool {
    name.starts_with(PREFIX)
}
