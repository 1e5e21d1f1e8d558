//! Gateway requests (spec §11.3): per-route timeouts and retries, and the
//! mapping of statuses and error bodies to classified failures. Pure: the
//! host's adapter only moves bytes and enforces the timeout it is given.

use serde_json::{json, Map, Value};

use crate::config::positive_u32;
use crate::host::{GatewayError, Host, Route};
use crate::text::clip;

/// Gateway timeouts per route in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Timeouts {
    /// Search: 30 s.
    pub search: u32,
    /// Schemas: 10 s.
    pub schemas: u32,
    /// Execute: 60 s.
    pub execute: u32,
    /// Connections: 30 s.
    pub connections: u32,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            search: 30_000,
            schemas: 10_000,
            execute: 60_000,
            connections: 30_000,
        }
    }
}

impl Timeouts {
    /// The spec's timeouts with any of `{search, schemas, execute,
    /// connections}` (positive milliseconds) from `value` instead.
    pub(crate) fn read(value: &Value) -> Timeouts {
        let mut timeouts = Timeouts::default();
        let pick = |key: &str, default: u32| positive_u32(value.get(key)).unwrap_or(default);
        timeouts.search = pick("search", timeouts.search);
        timeouts.schemas = pick("schemas", timeouts.schemas);
        timeouts.execute = pick("execute", timeouts.execute);
        timeouts.connections = pick("connections", timeouts.connections);
        timeouts
    }

    /// The timeout of `route`.
    pub(crate) fn of(&self, route: Route) -> u32 {
        match route {
            Route::Search => self.search,
            Route::Schemas => self.schemas,
            Route::Execute => self.execute,
            Route::Connections => self.connections,
        }
    }
}

/// The class of a failed request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// No gateway configured: callers degrade silently.
    NotConfigured,
    /// 401 or 403.
    Auth,
    /// 404: the gateway is "dark"; callers degrade silently.
    Dark,
    /// 409: an idempotency conflict.
    Conflict,
    /// 429.
    RateLimited,
    /// 5xx: retryable.
    Server,
    /// Any other non-2xx status.
    Client,
    /// The request did not complete (or timed out).
    Transport,
    /// The answer did not have the expected shape.
    Unexpected,
}

/// What a failed request reported; `bridge::messages` words it for the model.
#[derive(Debug, Clone, PartialEq)]
pub enum Detail {
    /// The gateway's message (a body of bare text clipped to 500
    /// characters), or the transport's.
    Reported(String),
    /// The transport failed with no message to read.
    Unreadable,
    /// No gateway is configured.
    NotConfigured,
    /// No answer within this many milliseconds.
    NoAnswer(u32),
    /// An answer longer than the host allows.
    TooLong {
        /// Its length in UTF-16 units.
        chars: u32,
        /// The limit.
        max: u32,
    },
    /// This status, with no message in the body.
    Status(u16),
    /// An answer of a shape the protocol does not have.
    Unexpected,
}

/// A failed gateway request.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// Its class.
    pub kind: FailureKind,
    /// HTTP status, when there was an answer.
    pub status: Option<u16>,
    /// Error code from the body, or a default (`HTTP_<status>`, `TRANSPORT_ERROR`).
    pub code: String,
    /// What went wrong, as the gateway or the transport said it.
    pub detail: Detail,
    /// Seconds to wait before retrying (429).
    pub retry_after: Option<f64>,
}

impl Failure {
    /// A response that breaks the wire contract.
    pub fn unexpected() -> Failure {
        Failure {
            kind: FailureKind::Unexpected,
            status: None,
            code: "UNEXPECTED_RESPONSE".to_owned(),
            detail: Detail::Unexpected,
            retry_after: None,
        }
    }

    /// Classifies what the transport reported.
    pub fn from_error(error: GatewayError) -> Failure {
        match error {
            GatewayError::NotConfigured => Failure {
                kind: FailureKind::NotConfigured,
                status: None,
                code: "NO_ORIGIN".to_owned(),
                detail: Detail::NotConfigured,
                retry_after: None,
            },
            GatewayError::Transport(message) => Failure {
                kind: FailureKind::Transport,
                status: None,
                code: "TRANSPORT_ERROR".to_owned(),
                detail: message.map_or(Detail::Unreadable, Detail::Reported),
                retry_after: None,
            },
            GatewayError::Timeout(ms) => Failure {
                kind: FailureKind::Transport,
                status: None,
                code: "TRANSPORT_ERROR".to_owned(),
                detail: Detail::NoAnswer(ms),
                retry_after: None,
            },
            GatewayError::TooLong { chars, max } => Failure {
                kind: FailureKind::Transport,
                status: None,
                code: "TRANSPORT_ERROR".to_owned(),
                detail: Detail::TooLong { chars, max },
                retry_after: None,
            },
            GatewayError::Http {
                status,
                body,
                retry_after,
            } => http_failure(status, &body, retry_after),
        }
    }

    /// True for failures worth one more attempt: transport errors and 5xx.
    pub fn retryable(&self) -> bool {
        matches!(self.kind, FailureKind::Transport | FailureKind::Server)
    }
}

/// Reads the error body forms `{error: {code, message}}`, `{error: "<code>"}`
/// and `{code, message, retryAfterMs}`; any other body is message text.
fn http_failure(status: u16, body: &Value, retry_after_header: Option<f64>) -> Failure {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_owned);
    let (code, message, retry_after_ms) = match body {
        Value::Object(map) => match map.get("error") {
            Some(Value::Object(error)) => {
                (text(error.get("code")), text(error.get("message")), None)
            }
            Some(Value::String(code)) => (Some(code.clone()), None, None),
            _ => (
                text(map.get("code")),
                text(map.get("message")),
                map.get("retryAfterMs").and_then(Value::as_f64),
            ),
        },
        Value::String(raw) if !raw.is_empty() => (None, Some(clip(raw, 500, "")), None),
        Value::Null => (None, None, None),
        other => (None, Some(clip(&other.to_string(), 500, "")), None),
    };
    let kind = match status {
        401 | 403 => FailureKind::Auth,
        404 => FailureKind::Dark,
        409 => FailureKind::Conflict,
        429 => FailureKind::RateLimited,
        500.. => FailureKind::Server,
        _ => FailureKind::Client,
    };
    let retry_after = (kind == FailureKind::RateLimited).then(|| {
        retry_after_header
            .or(retry_after_ms.map(|ms| ms / 1000.0))
            .unwrap_or(1.0)
    });
    Failure {
        kind,
        status: Some(status),
        code: code.unwrap_or_else(|| format!("HTTP_{status}")),
        detail: message.map_or(Detail::Status(status), Detail::Reported),
        retry_after,
    }
}

/// Sends one request of `route`, retrying per the route's policy; a retry
/// reuses `key` and is skipped once the user has stopped the turn.
pub(crate) async fn send<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    route: Route,
    body: &Value,
    key: Option<&str>,
) -> Result<Value, Failure> {
    let mut attempt = 0;
    loop {
        match host.gateway(route, body, key, timeouts.of(route)).await {
            Ok(Value::Object(map)) => return Ok(Value::Object(map)),
            // An empty search answer (`null`, `false`, `""`, `[]`) is no
            // failure: it merges to nothing, silently (§11.5).
            Ok(other) if route == Route::Search && is_empty_answer(&other) => {
                return Ok(Value::Object(Map::new()))
            }
            // Not a JSON object.
            Ok(_) => return Err(Failure::unexpected()),
            Err(error) => {
                let failure = Failure::from_error(error);
                if !failure.retryable() || attempt >= route.retries() || host.interrupted() {
                    return Err(failure);
                }
                attempt += 1;
            }
        }
    }
}

/// A JSON value Python reads as false, other than `{}`.
fn is_empty_answer(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::String(s) => s.is_empty(),
        Value::Array(items) => items.is_empty(),
        Value::Number(n) => n.as_f64() == Some(0.0),
        _ => false,
    }
}

/// `{"queries": [{"useCase": q}, ...]}` (§11.4).
pub(crate) fn search_body(queries: &[String]) -> Value {
    json!({ "queries": queries.iter().map(|q| json!({ "useCase": q })).collect::<Vec<_>>() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn http(status: u16, body: Value) -> Failure {
        Failure::from_error(GatewayError::Http {
            status,
            body,
            retry_after: None,
        })
    }

    #[test]
    fn error_body_forms() {
        let f = http(
            401,
            json!({"error": {"code": "TOKEN_EXPIRED", "message": "expired"}}),
        );
        assert_eq!(
            (f.kind, f.code.as_str(), f.detail),
            (
                FailureKind::Auth,
                "TOKEN_EXPIRED",
                Detail::Reported("expired".into())
            )
        );
        let f = http(403, json!({"error": "not_set_up"}));
        assert_eq!(
            (f.code.as_str(), f.detail),
            ("not_set_up", Detail::Status(403))
        );
        let f = http(
            429,
            json!({"code": "RATE", "message": "slow down", "retryAfterMs": 2500}),
        );
        assert_eq!(
            (f.kind, f.retry_after),
            (FailureKind::RateLimited, Some(2.5))
        );
        let f = Failure::from_error(GatewayError::Http {
            status: 429,
            body: Value::Null,
            retry_after: Some(7.0),
        });
        assert_eq!(f.retry_after, Some(7.0));
        assert_eq!(http(429, json!({})).retry_after, Some(1.0));
        let f = http(502, Value::String("x".repeat(900)));
        let Detail::Reported(message) = &f.detail else {
            panic!("{f:?}")
        };
        assert_eq!(
            (f.kind, f.code.as_str(), message.chars().count()),
            (FailureKind::Server, "HTTP_502", 500)
        );
        assert!(f.retryable());
        assert_eq!(http(404, json!({})).kind, FailureKind::Dark);
        assert_eq!(http(409, json!({})).kind, FailureKind::Conflict);
        assert_eq!(http(400, json!({})).kind, FailureKind::Client);
        assert!(!http(400, json!({})).retryable());
        assert!(Failure::from_error(GatewayError::Timeout(5)).retryable());
    }

    #[test]
    fn timeouts_default_and_override() {
        assert_eq!(Timeouts::default().of(Route::Execute), 60_000);
        let t = Timeouts::read(&json!({"search": 50, "execute": -1, "schemas": "x"}));
        assert_eq!(
            (t.search, t.schemas, t.execute, t.connections),
            (50, 10_000, 60_000, 30_000)
        );
    }
}
