//! A connector batch of `tool_call` (spec §11.9): up to ten entries run one at
//! a time in input order, each asked of the host first, and stopped between
//! entries when the user interrupts.

use serde_json::{json, Map, Value};

use super::answer::Answer;
use super::call::CallEntry;
use super::error::BridgeError;
use super::messages;
use crate::connectors::{execute, CallContext, CallError, ConnectorName, Outcome, Timeouts};
use crate::host::Host;

/// Entries per connector batch (a context cap, not a wire limit).
pub(crate) const MAX_BATCH: usize = 10;

/// Runs the batch: each entry's outcome, and the counts of both kinds.
pub(crate) async fn run_batch<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    context: &CallContext,
    calls: &[CallEntry],
) -> Answer<H::Returned> {
    if calls.len() > MAX_BATCH {
        return BridgeError::TooManyCalls {
            count: calls.len(),
            cap: MAX_BATCH,
        }
        .into();
    }
    let mut results = Vec::with_capacity(calls.len());
    for (index, call) in calls.iter().enumerate() {
        let (outcome, account) = if host.interrupted() {
            (Err(CallError::Interrupted), None)
        } else {
            entry(host, timeouts, context, call).await
        };
        let mut slot = Map::new();
        slot.insert("index".into(), index.into());
        slot.insert("name".into(), call.name.clone().into());
        match outcome {
            Ok(response) => slot.insert("response".into(), response),
            Err(error) => slot.insert("error".into(), messages::connector_error(&error)),
        };
        if let Some(account) = account {
            slot.insert("account".into(), account.into());
        }
        results.push(Value::Object(slot));
    }
    // Each entry's error code, for the host's events.
    let codes: Vec<Option<String>> = results
        .iter()
        .map(|slot| {
            let error = slot.get("error")?;
            let code = error.get("code").and_then(Value::as_str).unwrap_or("error");
            Some(code.to_owned())
        })
        .collect();
    let errors = codes.iter().filter(|code| code.is_some()).count();
    let text = json!({
        "results": results,
        "success_count": calls.len() - errors,
        "error_count": errors,
        "total_count": calls.len(),
    })
    .to_string();
    Answer::Connectors {
        text,
        succeeded: calls.len() - errors,
        failed: errors,
        errors: codes,
    }
}

/// One entry: its name read, the host asked, then the call made.
async fn entry<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    context: &CallContext,
    call: &CallEntry,
) -> Outcome {
    let Some(name) = ConnectorName::parse(&call.name) else {
        return (Err(CallError::MalformedName), None);
    };
    let request = json!({"name": call.name, "connector": name.connector, "tool": name.tool, "arguments": call.arguments});
    if let Err(refusal) = host.before_connector_call(&request).await {
        return (Err(CallError::Denied(refusal)), None);
    }
    execute(host, timeouts, context, &name, &call.arguments).await
}
