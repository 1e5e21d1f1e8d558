//! One connector call (spec §11.7): the execute request, the bare-name retry
//! on `TOOL_NOT_FOUND`, and the rendering of its result slot, with
//! CONNECTION_REQUIRED shaped for the caller's surface (§11.7.1).

use serde_json::{json, Map, Value};

use super::http::{send, Failure, FailureKind, Timeouts};
use super::name::ConnectorName;
use crate::host::{Host, Route};

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

/// The per-call context of connector calls (API.md `ctx`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CallContext {
    /// How CONNECTION_REQUIRED is shaped.
    pub surface: Surface,
    /// Sent as `returnTo` so a connect link returns to the app.
    pub return_to: Option<String>,
}

/// The outcome of one call: `Ok(response)` or `Err(error object)`, and the
/// alias of the account that ran it.
pub type Outcome = (Result<Value, Value>, Option<String>);

/// Runs one connector call.
pub async fn execute<H: Host>(
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
        Ok(slot) => render(&slot, name, context),
        Err(error) => (Err(error), None),
    }
}

/// One execute request (fresh idempotency key; its own retry reuses it);
/// `Ok` holds the first result slot, `Err` a rendered PROVIDER_ERROR.
async fn request<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    context: &CallContext,
    name: &ConnectorName,
    tool: &str,
    arguments: &Map<String, Value>,
) -> Result<Map<String, Value>, Value> {
    let mut body =
        json!({"tools": [{"connector": name.connector, "tool": tool, "arguments": arguments}]});
    if let Some(return_to) = &context.return_to {
        body["returnTo"] = Value::String(return_to.clone());
    }
    let key = host.new_key();
    let payload = send(host, timeouts, Route::Execute, &body, Some(&key))
        .await
        .map_err(|f| provider_error(&f))?;
    let results = payload
        .get("results")
        .and_then(Value::as_array)
        .ok_or_else(|| provider_error(&Failure::unexpected("execute answer without results")))?;
    match results.first() {
        None => Err(
            json!({"code": "PROVIDER_ERROR", "message": "The gateway returned no result for this call."}),
        ),
        Some(Value::Object(slot))
            if slot
                .get("error")
                .is_none_or(|e| e.is_null() || e.is_object()) =>
        {
            Ok(slot.clone())
        }
        Some(_) => Err(provider_error(&Failure::unexpected(
            "malformed result slot",
        ))),
    }
}

fn provider_error(failure: &Failure) -> Value {
    let message = if failure.kind == FailureKind::Unexpected {
        "The connector gateway request failed unexpectedly.".to_owned()
    } else {
        format!("The connector gateway request failed: {}", failure.message)
    };
    json!({"code": "PROVIDER_ERROR", "message": message})
}

fn error_code(slot: &Map<String, Value>) -> Option<&str> {
    slot.get("error")?.get("code")?.as_str()
}

/// A result slot as the model reads it (§11.7 step 6).
fn render(slot: &Map<String, Value>, name: &ConnectorName, context: &CallContext) -> Outcome {
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
    };
    let code = text("code").unwrap_or("PROVIDER_ERROR");
    let mut out = Map::new();
    out.insert("code".into(), code.into());
    if code == "CONNECTION_REQUIRED" {
        let connector = text("connector").unwrap_or(&name.connector);
        let message = text("message").map(str::to_owned).unwrap_or_else(|| {
            format!("The {connector} connector is not connected for this account.")
        });
        out.insert("message".into(), message.into());
        out.insert("connector".into(), connector.into());
        match context.surface {
            Surface::Link => {
                if let Some(url) = text("connectUrl") {
                    out.insert("connect_url".into(), url.into());
                }
                if let Some(hint) = text("hint") {
                    out.insert("hint".into(), hint.into());
                }
            }
            Surface::Card => {
                out.insert("connect_card_available".into(), true.into());
                out.insert(
                    "hint".into(),
                    format!("Call manage_connections with action \"connect\" for {connector} to open a connection card for the user.").into(),
                );
            }
            Surface::Side => {
                out.insert(
                    "hint".into(),
                    format!("Only the main agent can connect {connector}. Report back that it needs connecting instead of retrying.").into(),
                );
            }
        }
        if let Some(id) = text("connectionId") {
            out.insert("connection_id".into(), id.into());
        }
    } else {
        out.insert(
            "message".into(),
            text("message")
                .unwrap_or("The gateway reported an error.")
                .into(),
        );
        if let Some(connector) = text("connector") {
            out.insert("connector".into(), connector.into());
        }
        if let Some(hint) = text("hint") {
            out.insert("hint".into(), hint.into());
        }
    }
    (Err(Value::Object(out)), account)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name() -> ConnectorName {
        ConnectorName::parse("connectors__gmail__SEND_EMAIL").unwrap()
    }

    fn connection_required(surface: Surface) -> Value {
        let slot = json!({"error": {"code": "CONNECTION_REQUIRED", "connectUrl": "https://connect/x",
                                    "hint": "Open the link", "connectionId": "c1"}, "account": "work"});
        let context = CallContext {
            surface,
            return_to: None,
        };
        let (outcome, account) = render(slot.as_object().unwrap(), &name(), &context);
        assert_eq!(account.as_deref(), Some("work"));
        outcome.unwrap_err()
    }

    #[test]
    fn connection_required_per_surface() {
        assert_eq!(
            connection_required(Surface::Link),
            json!({"code": "CONNECTION_REQUIRED", "message": "The gmail connector is not connected for this account.",
                   "connector": "gmail", "connect_url": "https://connect/x", "hint": "Open the link", "connection_id": "c1"})
        );
        let card = connection_required(Surface::Card);
        assert_eq!(card["connect_card_available"], true);
        assert!(card.get("connect_url").is_none());
        let side = connection_required(Surface::Side);
        assert!(side["hint"]
            .as_str()
            .unwrap()
            .contains("Only the main agent"));
        assert!(side.get("connect_url").is_none());
    }

    #[test]
    fn other_errors_and_success() {
        let context = CallContext::default();
        let (outcome, _) = render(
            json!({"error": {"code": "TOOL_NOT_ALLOWED", "hint": "ask"}})
                .as_object()
                .unwrap(),
            &name(),
            &context,
        );
        assert_eq!(
            outcome.unwrap_err(),
            json!({"code": "TOOL_NOT_ALLOWED", "message": "The gateway reported an error.", "hint": "ask"})
        );
        let (outcome, _) = render(json!({"error": {}}).as_object().unwrap(), &name(), &context);
        assert_eq!(outcome.unwrap_err()["code"], "PROVIDER_ERROR");
        let (outcome, account) = render(
            json!({"data": {"id": 1}, "error": null, "account": ""})
                .as_object()
                .unwrap(),
            &name(),
            &context,
        );
        assert_eq!((outcome.unwrap(), account), (json!({"id": 1}), None));
    }
}
