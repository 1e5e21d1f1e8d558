//! Running a `tool_call` (spec §10.4, §11.9) and dispatching bridge tools by
//! name.

use serde_json::{Map, Value};

use super::answer::Answer;
use super::batch::run_batch;
use super::call::{definition_position, resolve, Resolution};
use super::error::BridgeError;
use super::manage::manage_connections;
use super::modes::Caller;
use super::turn::Turn;
use super::validate::Rejection;
use super::{args, describe, search, validate};
use crate::host::{Approval, Host, HostError, Validation, Violation};
use crate::reserved::{MANAGE_CONNECTIONS, TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH};

/// tool_call: resolve; a connector batch goes to the gateway; a local call is
/// checked against the session's scope, validated, and run by the host.
pub(crate) async fn tool_call<H: Host>(turn: &Turn<'_, H>, args: &str) -> Answer<H::Returned> {
    let (name, arguments) = match resolve(args, turn.classifier, turn.session, turn.config) {
        Resolution::Error { error } => return error.into(),
        Resolution::Connectors { calls } => {
            if !turn.connectors_in_scope() {
                return BridgeError::ConnectorsUnavailable.into();
            }
            return run_batch(turn.host, turn.timeouts, turn.context, &calls).await;
        }
        Resolution::Local { name, arguments } => (name, arguments),
    };
    if position_of(turn, &name).is_none() {
        return BridgeError::NotInSessionScope(name).into();
    }
    run_local(turn, name, &arguments, Caller::Bridge).await
}

/// Where tool_call finds the definition of `name` in the turn's session.
fn position_of<H: Host>(turn: &Turn<'_, H>, name: &str) -> Option<usize> {
    definition_position(turn.prepared, turn.session, turn.config, name)
}

/// A deferred tool called by its own name, as a provider's own deferred
/// loading lets the model call the tools it loaded: validated and run as
/// `tool_call` runs it, its rejections worded for a direct call. `None`
/// when `name` is no deferred tool of the session (the host runs its own).
pub(crate) async fn run_loaded<H: Host>(
    turn: &Turn<'_, H>,
    name: &str,
    args: &str,
) -> Option<Answer<H::Returned>> {
    turn.prepared.catalog.get(name)?;
    Some(match args::parse(args) {
        Ok(arguments) => run_local(turn, name.to_owned(), &arguments, Caller::Direct).await,
        Err(error) => error.into(),
    })
}

/// Validates a deferred tool's arguments (§10.5), asks the host's approval,
/// and runs it through the host.
async fn run_local<H: Host>(
    turn: &Turn<'_, H>,
    name: String,
    arguments: &Map<String, Value>,
    caller: Caller,
) -> Answer<H::Returned> {
    let rejected = |rejection: &Rejection| Answer::Error {
        text: rejection.json(caller),
        class: rejection.error.class(),
    };
    let position = position_of(turn, &name);
    let def = position.and_then(|position| turn.session.source.def(position));
    let prepared = match validate::prepare(&name, def.as_ref(), arguments) {
        Ok(prepared) => prepared,
        Err(rejection) => return rejected(&rejection),
    };
    if let Some(schema) = &prepared.schema {
        if let Some(violation) = violation(turn.host, schema, &prepared.arguments).await {
            return rejected(&prepared.reject(&name, violation));
        }
    }
    let arguments = prepared.arguments;
    let annotations = position.and_then(|position| turn.session.source.annotations(position));
    match turn
        .host
        .approve(&name, &arguments, annotations.as_ref())
        .await
    {
        Approval::Allow => {}
        Approval::Deny(reason) => return BridgeError::Denied { name, reason }.into(),
        Approval::Ask(question) => return BridgeError::ApprovalRequired { name, question }.into(),
        Approval::Failed(error) => return BridgeError::ApprovalFailed(name, error).into(),
    }
    match turn.host.execute_tool(&name, &arguments).await {
        Ok(output) => Answer::Tool {
            text: output.text,
            returned: output.returned,
        },
        Err(HostError::Missing) => BridgeError::NoExecutor(name).into(),
        Err(HostError::Failed(error)) => BridgeError::ToolFailed(name, error).into(),
    }
}

/// What `arguments` break in `schema`: the host's validator when it has one,
/// else the built-in one (the `validation` feature), else nothing.
async fn violation<H: Host>(
    host: &H,
    schema: &Value,
    arguments: &Map<String, Value>,
) -> Option<Violation> {
    let instance = Value::Object(arguments.clone());
    match host.validate(schema, &instance).await {
        Validation::Broken(violation) => Some(violation),
        Validation::Holds | Validation::Failed => None,
        #[cfg(feature = "validation")]
        Validation::Unavailable => crate::schema::violation(schema, &instance),
        #[cfg(not(feature = "validation"))]
        Validation::Unavailable => None,
    }
}

/// manage_connections (§11.11); hosted actions need connectors allowed and a gateway.
pub(crate) async fn manage<H: Host>(turn: &Turn<'_, H>, args: &str) -> Answer<H::Returned> {
    let hosted = turn.config.connectors.enabled && turn.host.has_gateway();
    manage_connections(turn.host, turn.timeouts, turn.context, args, hosted).await
}

/// Runs the bridge tool `name`; `None` for any other name (the host runs its own).
pub(crate) async fn handle<H: Host>(
    turn: &Turn<'_, H>,
    name: &str,
    args: &str,
) -> Option<Answer<H::Returned>> {
    Some(match name {
        TOOL_SEARCH => search::tool_search(turn, args).await,
        TOOL_DESCRIBE => describe::tool_describe(turn, args).await,
        TOOL_CALL => tool_call(turn, args).await,
        MANAGE_CONNECTIONS => manage(turn, args).await,
        _ => return None,
    })
}
