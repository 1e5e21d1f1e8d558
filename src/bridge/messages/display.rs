//! Each typed error as the sentence the model reads.

use super::args::{
    args_not_json, args_unserialisable, item_too_long, json_error, list_empty, list_required,
    list_too_long,
};
use super::call::{
    approval_failed, approval_required, arguments_not_json, arguments_not_object, call_not_object,
    call_to_bridge, call_without_name, calls_not_json, denied, invalid_arguments, local_batch,
    missing_arguments, no_executor, not_in_session_scope, too_many_calls, tool_failed,
    CALLS_NOT_ARRAY, CALLS_REQUIRED,
};
use super::connectors::{
    gateway_failed, no_local_servers, CONNECTORS_UNAVAILABLE, MANAGE_ACTION, MANAGE_TARGETS,
};
use super::describe::{directly_listed, not_in_session, unknown_tool};
use super::host::callback_error;
use super::search::search_limit;
use super::text::error_json;
use crate::bridge::error::{BridgeError, JsonError};
use std::fmt;

impl fmt::Display for BridgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            BridgeError::Unserialisable(reason) => args_unserialisable(reason),
            BridgeError::ArgsNotJson(error) => args_not_json(error),
            BridgeError::ListRequired(key) => list_required(key),
            BridgeError::ListEmpty(key) => list_empty(key),
            BridgeError::ListTooLong { key, count, cap } => list_too_long(key, *count, *cap),
            BridgeError::ItemTooLong {
                key,
                index,
                chars,
                cap,
            } => item_too_long(key, *index, *chars, *cap),
            BridgeError::CallsRequired => CALLS_REQUIRED.to_owned(),
            BridgeError::CallsNotArray => CALLS_NOT_ARRAY.to_owned(),
            BridgeError::CallsNotJson(error) => calls_not_json(error),
            BridgeError::CallNotObject(i) => call_not_object(*i),
            BridgeError::CallWithoutName(i) => call_without_name(*i),
            BridgeError::CallToBridge(name) => call_to_bridge(name),
            BridgeError::ArgumentsNotObject(i) => arguments_not_object(*i),
            BridgeError::ArgumentsNotJson(i, error) => arguments_not_json(*i, error),
            BridgeError::LocalBatch { sent, retry } => local_batch(*sent, retry),
            BridgeError::DirectlyListed(name) => directly_listed(name),
            BridgeError::NotInSession(name) => not_in_session(name),
            BridgeError::UnknownTool { name, suggestions } => unknown_tool(name, suggestions),
            BridgeError::NotInSessionScope(name) => not_in_session_scope(name),
            BridgeError::ConnectorsUnavailable => CONNECTORS_UNAVAILABLE.to_owned(),
            BridgeError::NoExecutor(name) => no_executor(name),
            BridgeError::ToolFailed(name, error) => tool_failed(name, error),
            BridgeError::Denied { name, reason } => denied(name, reason.as_deref()),
            BridgeError::ApprovalRequired { name, question } => {
                approval_required(name, question.as_deref())
            }
            BridgeError::ApprovalFailed(name, error) => approval_failed(name, error),
            BridgeError::SearchLimit { searches, found } => search_limit(*searches, found),
            BridgeError::TooManyCalls { count, cap } => too_many_calls(*count, *cap),
            BridgeError::MissingArguments { name, missing } => missing_arguments(name, missing),
            BridgeError::InvalidArguments {
                name,
                path,
                constraint,
                detail,
            } => invalid_arguments(name, path, constraint, detail),
            BridgeError::ManageAction => MANAGE_ACTION.to_owned(),
            BridgeError::ManageTargets => MANAGE_TARGETS.to_owned(),
            BridgeError::NoLocalServers(action) => no_local_servers(action),
            BridgeError::Callback(error) => callback_error(error),
            BridgeError::Gateway(failure) => gateway_failed(failure),
        };
        f.write_str(&text)
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(json_error(self))
    }
}

impl BridgeError {
    /// `{"error": text}`, the answer of a bridge call that cannot go on.
    pub fn to_json(&self) -> String {
        error_json(&self.to_string())
    }
}
