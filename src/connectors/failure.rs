//! Leg failure codes and the `connectors` field of search and describe
//! answers (spec §11.8). 404 and non-sign-in auth errors stay silent.

use serde_json::{json, Map, Value};

use super::http::{Failure, FailureKind};

/// Why the connector leg of a call failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegFailure {
    /// Hosted connectors are not set up yet.
    NotSetUp,
    /// The user's sign-in expired.
    SignInExpired,
    /// Any other failure.
    Unreachable,
}

impl LegFailure {
    /// The leg failure a request failure means, or `None` when silent.
    pub fn of(failure: &Failure) -> Option<LegFailure> {
        match failure.kind {
            FailureKind::NotConfigured | FailureKind::Dark => None,
            FailureKind::Auth if failure.code.eq_ignore_ascii_case("not_set_up") => {
                Some(LegFailure::NotSetUp)
            }
            FailureKind::Auth
                if failure.status == Some(401)
                    || matches!(
                        failure.code.as_str(),
                        "UNAUTHORIZED" | "INVALID_TOKEN" | "TOKEN_EXPIRED"
                    ) =>
            {
                Some(LegFailure::SignInExpired)
            }
            FailureKind::Auth => None,
            _ => Some(LegFailure::Unreachable),
        }
    }

    fn code(self) -> &'static str {
        match self {
            LegFailure::NotSetUp => "not_set_up",
            LegFailure::SignInExpired => "sign_in_expired",
            LegFailure::Unreachable => "unreachable",
        }
    }

    /// The `connectors` field; `verb` is "searched" or "described", `names`
    /// the connector names left without an answer.
    pub fn field(self, verb: &str, names: &[String]) -> Value {
        let mut field = Map::new();
        if self == LegFailure::NotSetUp {
            field.insert("status".into(), "not_set_up".into());
            field.insert(
                "hint".into(),
                "Hosted connectors are not set up yet. Calling manage_connections to connect an app sets them up, and the app's tools then become searchable. Prefer the tools above when they fit.".into(),
            );
        } else {
            let mut hint = format!("Hosted connector tools could not be {verb} right now; do not conclude that the app is missing.");
            if self == LegFailure::SignInExpired {
                hint.push_str(" The user must sign in to the connector gateway again.");
            }
            field.insert("status".into(), "unavailable".into());
            field.insert("reason".into(), self.code().into());
            field.insert("hint".into(), hint.into());
        }
        if !names.is_empty() {
            field.insert("names".into(), json!(names));
        }
        Value::Object(field)
    }
}
