//! One connector call (spec §11.7): the execute request, the bare-name retry
//! on `TOOL_NOT_FOUND`, and its result slot read as the response or a typed
//! [`CallError`] (`bridge::messages` words it, CONNECTION_REQUIRED for the
//! caller's surface, §11.7.1).

use serde_json::{json, Map, Value};

use super::http::{send, Failure, Timeouts};
use super::name::ConnectorName;
use crate::host::{Host, Refusal, Route};

/// Where the agent runs, which decides how a missing connection is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Surface {
    /// No connection UI: relay the connect link to the user.
    #[default]
    Link,
    /// The agent can open a connection card through `manage_connections`.
    Card,
    /// A side or sub agent: only the main agent can connect apps.
    Side,
}

impl Surface {
    /// Reads `"link"`, `"card"` or `"side"`; anything else is `Link`.
    pub fn parse(text: &str) -> Surface {
        match text {
            "card" => Surface::Card,
            "side" => Surface::Side,
            _ => Surface::Link,
        }
    }
}

/// The per-call context of connector calls (`pkg/toolsearch.d.ts`, `ctx`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CallContext {
    /// How CONNECTION_REQUIRED is shaped.
    pub surface: Surface,
    /// Sent as `returnTo` so a connect link returns to the app.
    pub return_to: Option<String>,
    /// The host's name for the agent's current turn (`ctx.turn`): the
    /// search guard's key (`bridge::guard`).
    pub turn: Option<String>,
}

/// Why a connector call has no response; `bridge::messages` renders it as
/// the result slot's `error` object.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CallError {
    /// The user stopped the turn before this entry ran (INTERRUPTED, §11.9).
    Interrupted,
    /// A `connectors__` name that does not parse (TOOL_NOT_FOUND).
    MalformedName,
    /// The host's `beforeConnectorCall` stopped it (DENIED).
    Denied(Refusal),
    /// The gateway request failed (PROVIDER_ERROR).
    Gateway(Failure),
    /// The gateway answered with no result slot (PROVIDER_ERROR).
    NoResult,
    /// CONNECTION_REQUIRED: the connector is not connected (§11.7.1).
    NotConnected(NotConnected),
    /// Any other error the gateway reported in the slot.
    Reported {
        /// Its code (PROVIDER_ERROR when it gave none).
        code: String,
        /// Its message, when it gave one.
        message: Option<String>,
        /// The connector it names, if any.
        connector: Option<String>,
        /// Its hint, if any.
        hint: Option<String>,
    },
}

/// CONNECTION_REQUIRED as the gateway reported it, and the surface that
/// decides how the model is told.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NotConnected {
    /// The connector to connect.
    pub connector: String,
    /// The gateway's message, when it gave one.
    pub message: Option<String>,
    /// Where the user connects it (shown on the link surface).
    pub connect_url: Option<String>,
    /// The gateway's hint (shown on the link surface).
    pub hint: Option<String>,
    /// The gateway's connection id.
    pub connection_id: Option<String>,
    /// The caller's surface.
    pub surface: Surface,
}

/// The outcome of one call: the response or why there is none, and the
/// alias of the account that ran it.
pub(crate) type Outcome = (Result<Value, CallError>, Option<String>);

/// Runs one connector call.
pub(crate) async fn execute<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    context: &CallContext,
    name: &ConnectorName,
    arguments: &Map<String, Value>,
) -> Outcome {
    let first = request(
        host,
        timeouts,
        context,
        name,
        &name.prefixed_slug(),
        arguments,
    )
    .await;
    let slot = match first {
        Ok(slot) if error_code(&slot) == Some("TOOL_NOT_FOUND") && !host.interrupted() => {
            request(host, timeouts, context, name, &name.tool, arguments).await
        }
        other => other,
    };
    match slot {
        Ok(slot) => read_slot(&slot, name, context),
        Err(error) => (Err(error), None),
    }
}

/// One execute request (fresh idempotency key; its own retry reuses it);
/// `Ok` holds the first result slot.
async fn request<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    context: &CallContext,
    name: &ConnectorName,
    tool: &str,
    arguments: &Map<String, Value>,
) -> Result<Map<String, Value>, CallError> {
    let mut body =
        json!({"tools": [{"connector": name.connector, "tool": tool, "arguments": arguments}]});
    if let Some(return_to) = &context.return_to {
        body["returnTo"] = Value::String(return_to.clone());
    }
    let key = host.new_key();
    let payload = send(host, timeouts, Route::Execute, &body, Some(&key))
        .await
        .map_err(CallError::Gateway)?;
    // An answer without results breaks the wire contract.
    let results = payload
        .get("results")
        .and_then(Value::as_array)
        .ok_or_else(|| CallError::Gateway(Failure::unexpected()))?;
    match results.first() {
        None => Err(CallError::NoResult),
        Some(Value::Object(slot))
            if slot
                .get("error")
                .is_none_or(|e| e.is_null() || e.is_object()) =>
        {
            Ok(slot.clone())
        }
        // A malformed result slot.
        Some(_) => Err(CallError::Gateway(Failure::unexpected())),
    }
}

fn error_code(slot: &Map<String, Value>) -> Option<&str> {
    slot.get("error")?.get("code")?.as_str()
}

/// A result slot read (§11.7 step 6): the response, or why there is none.
fn read_slot(slot: &Map<String, Value>, name: &ConnectorName, context: &CallContext) -> Outcome {
    let account = slot
        .get("account")
        .and_then(Value::as_str)
        .filter(|a| !a.is_empty())
        .map(str::to_owned);
    let Some(Value::Object(error)) = slot.get("error") else {
        return (
            Ok(slot.get("data").cloned().unwrap_or(Value::Null)),
            account,
        );
    };
    let text = |key: &str| {
        error
            .get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let code = text("code").unwrap_or_else(|| "PROVIDER_ERROR".to_owned());
    let error = if code == "CONNECTION_REQUIRED" {
        CallError::NotConnected(NotConnected {
            connector: text("connector").unwrap_or_else(|| name.connector.clone()),
            message: text("message"),
            connect_url: text("connectUrl"),
            hint: text("hint"),
            connection_id: text("connectionId"),
            surface: context.surface,
        })
    } else {
        CallError::Reported {
            code,
            message: text("message"),
            connector: text("connector"),
            hint: text("hint"),
        }
    };
    (Err(error), account)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name() -> ConnectorName {
        ConnectorName::parse("connectors__gmail__SEND_EMAIL").unwrap()
    }

    fn read(slot: Value, surface: Surface) -> Outcome {
        let context = CallContext {
            surface,
            ..CallContext::default()
        };
        read_slot(slot.as_object().unwrap(), &name(), &context)
    }

    #[test]
    fn connection_required_is_read_with_the_surface() {
        let slot = json!({"error": {"code": "CONNECTION_REQUIRED", "connectUrl": "https://connect/x",
                                    "hint": "Open the link", "connectionId": "c1"}, "account": "work"});
        let (outcome, account) = read(slot, Surface::Card);
        assert_eq!(account.as_deref(), Some("work"));
        assert_eq!(
            outcome,
            Err(CallError::NotConnected(NotConnected {
                connector: "gmail".into(),
                message: None,
                connect_url: Some("https://connect/x".into()),
                hint: Some("Open the link".into()),
                connection_id: Some("c1".into()),
                surface: Surface::Card,
            }))
        );
    }

    #[test]
    fn other_errors_and_success() {
        let (outcome, _) = read(
            json!({"error": {"code": "TOOL_NOT_ALLOWED", "hint": "ask"}}),
            Surface::Link,
        );
        assert_eq!(
            outcome,
            Err(CallError::Reported {
                code: "TOOL_NOT_ALLOWED".into(),
                message: None,
                connector: None,
                hint: Some("ask".into()),
            })
        );
        let (outcome, _) = read(json!({"error": {}}), Surface::Link);
        assert!(
            matches!(outcome, Err(CallError::Reported { code, .. }) if code == "PROVIDER_ERROR")
        );
        let (outcome, account) = read(
            json!({"data": {"id": 1}, "error": null, "account": ""}),
            Surface::Link,
        );
        assert_eq!((outcome, account), (Ok(json!({"id": 1})), None));
    }
}
