//! The words for what a host callback threw or refused.

use crate::host::{CallbackError, Refusal};

/// What went wrong in a host callback.
pub(super) fn callback_error(error: &CallbackError) -> String {
    match error {
        CallbackError::Threw(message) => message.as_deref().unwrap_or(UNREADABLE_THROWN).to_owned(),
        CallbackError::NoAnswer(ms) => format!("no answer within {ms} ms"),
        CallbackError::Aborted { started: false } => {
            "the call was aborted (ctx.signal) before it started".to_owned()
        }
        CallbackError::Aborted { started: true } => "the call was aborted (ctx.signal)".to_owned(),
        CallbackError::NotJson(detail) => detail.as_deref().unwrap_or(UNREADABLE_THROWN).to_owned(),
        CallbackError::ResultNotJson(detail) => format!(
            "its result is not JSON: {}",
            detail.as_deref().unwrap_or(UNREADABLE_THROWN)
        ),
    }
}

/// A host callback threw a value with no message to read (or a transport
/// error had none).
pub(super) const UNREADABLE_THROWN: &str = "the host threw a value with no readable message";

/// Why the host stopped a connector call (`beforeConnectorCall`, §11.9).
pub(super) fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Denied(Some(reason)) => reason.clone(),
        Refusal::Denied(None) => "The host denied this call.".to_owned(),
        Refusal::Failed(error) => format!("The host refused this call: {}", callback_error(error)),
    }
}
