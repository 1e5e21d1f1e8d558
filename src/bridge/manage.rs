//! `manage_connections` (spec §11.11): connection status, connect and
//! reconnect links (or connect cards), alias renames against the gateway, and
//! local MCP server actions through the host.
//!
//! The gateway's connections route is the host's; this library sends
//! `{"action", "connectors": [...], "force"?, "returnTo"?}` and reads
//! `{"connections": [{"connector", "connected", "connectUrl"?, "alias"?, ...}]}`.

use serde_json::{json, Map, Value};

use super::answer::Answer;
use super::error::BridgeError;
use super::schemas::parameters;
use super::{args, messages};
use crate::connectors::{send, CallContext, FailureKind, Timeouts};
use crate::host::{Host, Route};
use crate::reserved::MANAGE_CONNECTIONS;
use crate::session::tooldef::ToolFormat;

/// Actions on hosted connectors.
const HOSTED: [&str; 4] = ["status", "connect", "reconnect", "rename"];
/// Actions on local MCP servers.
const LOCAL: [&str; 3] = ["install", "enable", "authorize"];

/// The `manage_connections` tool definition in `format`.
pub(crate) fn manage_connections_tool(format: ToolFormat) -> Value {
    let parameters = parameters(
        MANAGE_PARAMETERS,
        &[
            messages::MANAGE_ACTION_PARAMETER,
            messages::MANAGE_CONNECTORS_PARAMETER,
            messages::MANAGE_FORCE_PARAMETER,
        ],
    );
    format.write(MANAGE_CONNECTIONS, messages::MANAGE_DESCRIPTION, parameters)
}

/// `manage_connections`' parameters: `$0` the action's, `$1` the
/// connectors' and `$2` force's descriptions.
const MANAGE_PARAMETERS: &str = r#"{"type":"object","properties":{"action":{"type":"string","enum":["status","connect","reconnect","rename","install","enable","authorize"],"description":"$0"},"connectors":{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"object","properties":{"name":{"type":"string"},"mcp":{"type":"boolean"},"alias":{"type":"string"},"to":{"type":"string"}},"required":["name"]}]},"description":"$1"},"force":{"type":"boolean","description":"$2"}},"required":[]}"#;

/// Runs `manage_connections`; `hosted_in_scope` is false when the session or
/// the host has no connectors (hosted actions are then refused).
pub(crate) async fn manage_connections<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    context: &CallContext,
    args_text: &str,
    hosted_in_scope: bool,
) -> Answer<H::Returned> {
    let args = match args::parse(args_text) {
        Ok(args) => args,
        Err(error) => return error.into(),
    };
    let action = match args.get("action") {
        None | Some(Value::Null) => "status",
        Some(Value::String(action))
            if HOSTED.contains(&action.as_str()) || LOCAL.contains(&action.as_str()) =>
        {
            action
        }
        Some(_) => return BridgeError::ManageAction.into(),
    };
    let targets = match targets(args.get("connectors")) {
        Ok(targets) => targets,
        Err(error) => return error.into(),
    };
    if LOCAL.contains(&action) {
        let servers: Vec<&Value> = targets.iter().filter_map(|t| t.get("name")).collect();
        let request = json!({"action": action, "servers": servers});
        return match host.manage_mcp(&request).await {
            None => BridgeError::NoLocalServers(action.to_owned()).into(),
            Some(Ok(result)) => Answer::bridge(result.to_string()),
            Some(Err(error)) => BridgeError::Callback(error).into(),
        };
    }
    if !hosted_in_scope {
        return BridgeError::ConnectorsUnavailable.into();
    }
    if action != "status" && targets.is_empty() {
        return BridgeError::ManageTargets.into();
    }
    let connectors: Vec<Value> = targets
        .iter()
        .map(|t| {
            let mut c = Map::new();
            c.insert(
                "connector".into(),
                t.get("name").cloned().unwrap_or(Value::Null),
            );
            for key in ["alias", "to"] {
                if let Some(v) = t.get(key).filter(|v| v.is_string()) {
                    c.insert(key.into(), v.clone());
                }
            }
            Value::Object(c)
        })
        .collect();
    let mut body = json!({"action": action, "connectors": connectors});
    if action == "reconnect" && args.get("force") == Some(&Value::Bool(true)) {
        body["force"] = true.into();
    }
    if let (true, Some(return_to)) = (action.ends_with("connect"), &context.return_to) {
        body["returnTo"] = return_to.clone().into();
    }
    let answer = match send(host, timeouts, Route::Connections, &body, None).await {
        Ok(answer) => answer,
        Err(f) if matches!(f.kind, FailureKind::Dark | FailureKind::NotConfigured) => {
            return BridgeError::ConnectorsUnavailable.into();
        }
        Err(f) => return BridgeError::Gateway(f).into(),
    };
    let connections = answer
        .get("connections")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    match action {
        "status" => Answer::bridge(
            json!({"connections": connections, "hint": messages::STATUS_HINT}).to_string(),
        ),
        "rename" => Answer::bridge(json!({"connections": connections}).to_string()),
        _ => connect(host, connections).await,
    }
}

/// Connect or reconnect: a card when the host has one, else links.
async fn connect<H: Host>(host: &H, connections: Vec<Value>) -> Answer<H::Returned> {
    let apps: Vec<Value> = connections
        .iter()
        .filter(|c| c.get("connectUrl").is_some_and(Value::is_string))
        .map(|c| {
            let mut app = Map::new();
            app.insert(
                "connector".into(),
                c.get("connector").cloned().unwrap_or(Value::Null),
            );
            app.insert(
                "connect_url".into(),
                c.get("connectUrl").cloned().unwrap_or(Value::Null),
            );
            if let Some(alias) = c.get("alias").filter(|a| a.is_string()) {
                app.insert("alias".into(), alias.clone());
            }
            Value::Object(app)
        })
        .collect();
    if !apps.is_empty() {
        match host.connect_card(&json!({"apps": apps})).await {
            Some(Ok(outcomes)) => {
                return Answer::bridge(json!({"connections": outcomes}).to_string())
            }
            Some(Err(error)) => return BridgeError::Callback(error).into(),
            None => {}
        }
    }
    let links: Vec<Value> = connections
        .iter()
        .map(|c| {
            let mut link = Map::new();
            for (from, to) in [
                ("connector", "connector"),
                ("connected", "connected"),
                ("connectUrl", "connect_url"),
                ("alias", "alias"),
            ] {
                if let Some(v) = c.get(from).filter(|v| !v.is_null()) {
                    link.insert(to.into(), v.clone());
                }
            }
            Value::Object(link)
        })
        .collect();
    Answer::bridge(json!({"connections": links, "hint": messages::CONNECT_HINT}).to_string())
}

/// `connectors` as a list of `{name, ...}` objects; a bare string is one.
fn targets(value: Option<&Value>) -> Result<Vec<Map<String, Value>>, BridgeError> {
    let items = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::String(name)) => vec![Value::String(name.clone())],
        Some(Value::Array(items)) => items.clone(),
        Some(_) => return Err(BridgeError::ManageTargets),
    };
    items
        .into_iter()
        .map(|item| match item {
            Value::String(name) if !name.trim().is_empty() => {
                let mut target = Map::new();
                target.insert("name".into(), name.trim().into());
                Ok(target)
            }
            Value::Object(target)
                if target
                    .get("name")
                    .and_then(Value::as_str)
                    .is_some_and(|n| !n.trim().is_empty()) =>
            {
                Ok(target)
            }
            _ => Err(BridgeError::ManageTargets),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tool_is_the_template_filled() {
        let parameters = json!({
            "type": "object",
            "properties": {
                "action": {
                    "type": "string",
                    "enum": ["status", "connect", "reconnect", "rename", "install", "enable", "authorize"],
                    "description": messages::MANAGE_ACTION_PARAMETER
                },
                "connectors": {
                    "type": "array",
                    "items": {"anyOf": [
                        {"type": "string"},
                        {"type": "object", "properties": {
                            "name": {"type": "string"}, "mcp": {"type": "boolean"},
                            "alias": {"type": "string"}, "to": {"type": "string"}
                        }, "required": ["name"]}
                    ]},
                    "description": messages::MANAGE_CONNECTORS_PARAMETER
                },
                "force": {"type": "boolean", "description": messages::MANAGE_FORCE_PARAMETER}
            },
            "required": []
        });
        let want =
            ToolFormat::OpenAi.write(MANAGE_CONNECTIONS, messages::MANAGE_DESCRIPTION, parameters);
        assert_eq!(
            manage_connections_tool(ToolFormat::OpenAi).to_string(),
            want.to_string()
        );
    }
}
