//! Why the connector leg of a search or describe failed (spec §11.8); 404
//! and auth errors other than an expired sign-in stay silent.

use super::http::{Failure, FailureKind};

/// Why the connector leg of a call failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LegFailure {
    /// Hosted connectors are not set up yet.
    NotSetUp,
    /// The user's sign-in expired.
    SignInExpired,
    /// Any other failure.
    Unreachable,
}

impl LegFailure {
    /// The leg failure a request failure means, or `None` when silent.
    pub(crate) fn of(failure: &Failure) -> Option<LegFailure> {
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

    /// The `reason` code of the `connectors` field.
    pub(crate) fn code(self) -> &'static str {
        match self {
            LegFailure::NotSetUp => "not_set_up",
            LegFailure::SignInExpired => "sign_in_expired",
            LegFailure::Unreachable => "unreachable",
        }
    }
}
