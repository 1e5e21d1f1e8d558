//! What one bridge call works with: the configuration, the session, what
//! its tool list implies, the host and the caller's context.

use super::guard::Guard;
use crate::classify::Classifier;
use crate::config::Config;
use crate::connectors::{CallContext, Timeouts};
use crate::enhanced::semantic::Semantic;
use crate::host::Host;
use crate::prepared::Prepared;
use crate::session::Session;

/// Everything one bridge call works with.
pub(crate) struct Turn<'a, H> {
    /// The resolved configuration.
    pub config: &'a Config,
    /// The classification rule.
    pub classifier: &'a Classifier,
    /// Gateway timeouts.
    pub timeouts: &'a Timeouts,
    /// The session of the call.
    pub session: &'a Session,
    /// What its tool list implies.
    pub prepared: &'a Prepared,
    /// The host application.
    pub host: &'a H,
    /// The caller's context (surface, return address).
    pub context: &'a CallContext,
    /// The semantic leg's options and tool vectors.
    pub semantic: &'a Semantic,
    /// What the bridges gave in the host's recent turns.
    pub guard: &'a Guard,
}

impl<H: Host> Turn<'_, H> {
    /// Connectors are in scope: `manage_connections` is in the session, the
    /// configuration allows connectors and the host has a gateway (§11.2).
    pub(crate) fn connectors_in_scope(&self) -> bool {
        self.prepared.connections_granted && self.host.has_gateway()
    }

    /// The turn the search guard keeps for this call, and its cap on
    /// searches: `None` without `ctx.turn` or without a guard.
    pub(crate) fn guarded(&self) -> Option<(&str, usize)> {
        let turn = self.context.turn.as_deref()?;
        Some((turn, self.config.max_searches_per_turn?))
    }
}
