//! The connector gateway's errors, connection cards and `manage_connections`.

use super::call::INTERRUPTED;
use super::host::{refusal, UNREADABLE_THROWN};
use crate::connectors::{CallError, Detail, Failure, LegFailure, NotConnected, Surface};
use serde_json::{Map, Value};

/// A failed gateway request (PROVIDER_ERROR, manage_connections).
pub(super) fn gateway_failed(failure: &Failure) -> String {
    let detail = match &failure.detail {
        Detail::Unexpected => return "The connector gateway request failed unexpectedly.".to_owned(),
        Detail::Reported(message) => message.clone(),
        Detail::Unreadable => UNREADABLE_THROWN.to_owned(),
        Detail::NotConfigured => "no connector gateway is configured".to_owned(),
        Detail::NoAnswer(ms) => format!("no answer within {ms} ms"),
        Detail::TooLong { chars, max } => format!(
            "the answer is {chars} characters long, more than the {max} allowed (options.limits.gatewayAnswerChars)"
        ),
        Detail::Status(status) => format!("tool gateway request failed with status {status}"),
    };
    format!("The connector gateway request failed: {detail}")
}

/// The `error` object of a connector call's result slot (§11.7 step 6),
/// with CONNECTION_REQUIRED shaped for the caller's surface (§11.7.1).
pub(crate) fn connector_error(error: &CallError) -> Value {
    let mut out = Map::new();
    let mut put = |key: &str, value: Option<String>| {
        if let Some(value) = value {
            out.insert(key.into(), value.into());
        }
    };
    match error {
        CallError::Interrupted => {
            put("code", Some("INTERRUPTED".into()));
            put("message", Some(INTERRUPTED.into()));
        }
        CallError::MalformedName => {
            put("code", Some("TOOL_NOT_FOUND".into()));
            put("message", Some(MALFORMED_CONNECTOR_NAME.into()));
        }
        CallError::Denied(denial) => {
            put("code", Some("DENIED".into()));
            put("message", Some(refusal(denial)));
        }
        CallError::Gateway(failure) => {
            put("code", Some("PROVIDER_ERROR".into()));
            put("message", Some(gateway_failed(failure)));
        }
        CallError::NoResult => {
            put("code", Some("PROVIDER_ERROR".into()));
            put(
                "message",
                Some("The gateway returned no result for this call.".into()),
            );
        }
        CallError::NotConnected(n) => return connection_required(n),
        CallError::Reported {
            code,
            message,
            connector,
            hint,
        } => {
            put("code", Some(code.clone()));
            put(
                "message",
                Some(
                    message
                        .clone()
                        .unwrap_or_else(|| "The gateway reported an error.".into()),
                ),
            );
            put("connector", connector.clone());
            put("hint", hint.clone());
        }
    }
    Value::Object(out)
}

/// CONNECTION_REQUIRED for the caller's surface (§11.7.1): the link and the
/// gateway's hint where the user connects by link, the card where the agent
/// can open one, and a word to the main agent from a side agent.
pub(super) fn connection_required(n: &NotConnected) -> Value {
    let connector = &n.connector;
    let mut out = Map::new();
    out.insert("code".into(), "CONNECTION_REQUIRED".into());
    let message = n
        .message
        .clone()
        .unwrap_or_else(|| format!("The {connector} connector is not connected for this account."));
    out.insert("message".into(), message.into());
    out.insert("connector".into(), connector.clone().into());
    match n.surface {
        Surface::Link => {
            for (key, value) in [("connect_url", &n.connect_url), ("hint", &n.hint)] {
                if let Some(value) = value {
                    out.insert(key.into(), value.clone().into());
                }
            }
        }
        Surface::Card => {
            out.insert("connect_card_available".into(), true.into());
            out.insert("hint".into(), format!("Call manage_connections with action \"connect\" for {connector} to open a connection card for the user.").into());
        }
        Surface::Side => {
            out.insert("hint".into(), format!("Only the main agent can connect {connector}. Report back that it needs connecting instead of retrying.").into());
        }
    }
    if let Some(id) = &n.connection_id {
        out.insert("connection_id".into(), id.clone().into());
    }
    Value::Object(out)
}

/// The `connectors` field of a search or describe answer whose connector leg
/// failed (§11.8); `verb` is "searched" or "described", `names` the connector
/// names left without an answer.
pub(crate) fn connectors_field(failure: LegFailure, verb: &str, names: &[String]) -> Value {
    let mut field = Map::new();
    if failure == LegFailure::NotSetUp {
        field.insert("status".into(), "not_set_up".into());
        field.insert(
            "hint".into(),
            "Hosted connectors are not set up yet. Calling manage_connections to connect an app sets them up, and the app's tools then become searchable. Prefer the tools above when they fit.".into(),
        );
    } else {
        let mut hint = format!("Hosted connector tools could not be {verb} right now; do not conclude that the app is missing.");
        if failure == LegFailure::SignInExpired {
            hint.push_str(" The user must sign in to the connector gateway again.");
        }
        field.insert("status".into(), "unavailable".into());
        field.insert("reason".into(), failure.code().into());
        field.insert("hint".into(), hint.into());
    }
    if !names.is_empty() {
        field.insert("names".into(), names.into());
    }
    Value::Object(field)
}

/// A `connectors__` claim that does not parse (§11.9).
pub(super) const MALFORMED_CONNECTOR_NAME: &str =
    "Malformed connector tool name; expected connectors__<connector>__{tool}.";

/// manage_connections with an unknown action.
pub(super) const MANAGE_ACTION: &str =
    "`action` must be one of status, connect, reconnect, rename, install, enable, authorize.";

/// manage_connections targets that are not app names.
pub(super) const MANAGE_TARGETS: &str =
    "`connectors` must list apps: names such as \"gmail\", or objects {name, alias?, to?, mcp?}.";

/// A local MCP action on a host that cannot run it.
pub(super) fn no_local_servers(action: &str) -> String {
    format!("This host cannot {action} local MCP servers.")
}

/// Hint of manage_connections status.
pub(crate) const STATUS_HINT: &str = "An app with connected=false is not connected: calls to its tools return CONNECTION_REQUIRED until the user connects it (action connect).";

/// Hint of manage_connections connect without a card.
pub(crate) const CONNECT_HINT: &str =
    "Give each connect_url to the user to open; the app is connected once they finish there.";

/// Connector names when connectors are out of scope (§10.4 step 5).
pub(super) const CONNECTORS_UNAVAILABLE: &str = "Connectors are not available in this session.";
