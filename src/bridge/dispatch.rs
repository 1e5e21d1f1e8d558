//! Running a `tool_call` (spec §10.4, §11.9) and dispatching bridge tools by
//! name.

use super::call::{resolve, Resolution};
use super::{describe, messages, search, validate, Turn};
use crate::bridge::batch::run_batch;
use crate::bridge::manage::manage_connections;
use crate::host::{Host, HostError};
use crate::reserved::{MANAGE_CONNECTIONS, TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH};

/// tool_call: resolve; a connector batch goes to the gateway; a local call is
/// checked against the session's scope, validated, and run by the host.
pub async fn tool_call<H: Host>(turn: &Turn<'_, H>, args: &str) -> String {
    let (name, arguments) = match resolve(args, turn.classifier, turn.session) {
        Resolution::Error { error } => return messages::error_json(&error),
        Resolution::Connectors { calls } => {
            if !turn.connectors_in_scope() {
                return messages::error_json(messages::CONNECTORS_UNAVAILABLE);
            }
            return run_batch(turn.host, turn.timeouts, turn.context, &calls).await;
        }
        Resolution::Local { name, arguments } => (name, arguments),
    };
    let Some(entry) = turn.prepared.catalog.get(&name) else {
        return messages::error_json(&messages::not_in_session_scope(&name));
    };
    let def = turn.session.source.def(entry.position);
    let arguments = match validate::check(&name, def.as_ref(), &arguments) {
        Ok(arguments) => arguments,
        Err(error) => return error,
    };
    match turn.host.execute_tool(&name, &arguments).await {
        Ok(text) => text,
        Err(HostError::Missing) => messages::error_json(&messages::no_executor(&name)),
        Err(HostError::Failed(reason)) => {
            messages::error_json(&messages::tool_failed(&name, &reason))
        }
    }
}

/// manage_connections (§11.11); hosted actions need connectors allowed and a gateway.
pub async fn manage<H: Host>(turn: &Turn<'_, H>, args: &str) -> String {
    let hosted = turn.config.connectors.enabled && turn.host.has_gateway();
    manage_connections(turn.host, turn.timeouts, turn.context, args, hosted).await
}

/// Runs the bridge tool `name`; `None` for any other name (the host runs its own).
pub async fn handle<H: Host>(turn: &Turn<'_, H>, name: &str, args: &str) -> Option<String> {
    Some(match name {
        TOOL_SEARCH => search::tool_search(turn, args).await,
        TOOL_DESCRIBE => describe::tool_describe(turn, args).await,
        TOOL_CALL => tool_call(turn, args).await,
        MANAGE_CONNECTIONS => manage(turn, args).await,
        _ => return None,
    })
}
