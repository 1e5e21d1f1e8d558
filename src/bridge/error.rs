//! Why a bridge call cannot go on, as data. Each variant holds the facts;
//! `messages` words them for the model (`Display`), so every sentence the
//! model reads is written there.

use crate::connectors::Failure;
use crate::host::CallbackError;

/// What the JSON parser found wrong in a text the model or host sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonError {
    /// Nested deeper than the parser reads (128 levels).
    TooDeep,
    /// Any other error: the parser's words.
    Syntax(String),
}

/// An error a bridge tool answers with.
#[derive(Debug, Clone, PartialEq)]
pub enum BridgeError {
    /// The host's arguments object cannot be written as JSON: why.
    Unserialisable(String),
    /// The arguments text is not JSON.
    ArgsNotJson(JsonError),
    /// A list argument is missing or of the wrong type (§8.1).
    ListRequired(&'static str),
    /// A list argument holds no usable string (§8.1).
    ListEmpty(&'static str),
    /// A list argument holds more items than one call takes (§8.1).
    ListTooLong {
        /// The argument.
        key: &'static str,
        /// Items sent.
        count: usize,
        /// Items taken.
        cap: usize,
    },
    /// One item of a list argument is longer than the bridges read.
    ItemTooLong {
        /// The argument.
        key: &'static str,
        /// The item's position.
        index: usize,
        /// Its length in characters.
        chars: usize,
        /// The longest item read.
        cap: usize,
    },
    /// tool_call with neither `calls` nor a legacy `name` (§10.1).
    CallsRequired,
    /// `calls` is not a non-empty list (§10.1).
    CallsNotArray,
    /// `calls` is text that is not JSON (§10.1).
    CallsNotJson(JsonError),
    /// Entry `i` is not an object (§10.1).
    CallNotObject(usize),
    /// Entry `i` has no name (§10.1).
    CallWithoutName(usize),
    /// An entry names a bridge tool (§10.1).
    CallToBridge(String),
    /// Entry `i`'s arguments are not an object (§10.1).
    ArgumentsNotObject(usize),
    /// Entry `i`'s arguments are text that is not JSON (§10.1).
    ArgumentsNotJson(usize, JsonError),
    /// A batch holding a local tool (§10.3): entries sent, and the first
    /// entry as a ready-to-send retry.
    LocalBatch {
        /// Entries sent.
        sent: usize,
        /// The retry payload, JSON.
        retry: String,
    },
    /// A core or visible tool sent through the bridge (§10.6), normalised.
    DirectlyListed(String),
    /// A registered tool this session does not hold (§10.6), normalised.
    NotInSession(String),
    /// A name nobody knows (§10.6), with registered names it may stand for.
    UnknownTool {
        /// The name as sent.
        name: String,
        /// Registered names ending in `__<name>`, sorted.
        suggestions: Vec<String>,
    },
    /// A local tool outside the session's deferrable tools (§10.4 step 6).
    NotInSessionScope(String),
    /// Connector names while connectors are out of scope (§10.4 step 5).
    ConnectorsUnavailable,
    /// The host runs no local tools.
    NoExecutor(String),
    /// The tool ran and failed.
    ToolFailed(String, CallbackError),
    /// The host's `approve` denied the call.
    Denied {
        /// The tool.
        name: String,
        /// The host's reason, if it gave one.
        reason: Option<String>,
    },
    /// The host's `approve` wants the user to approve the call first.
    ApprovalRequired {
        /// The tool.
        name: String,
        /// What the host wants asked, if it said.
        question: Option<String>,
    },
    /// The host's `approve` failed, so the call did not run.
    ApprovalFailed(String, CallbackError),
    /// The turn made as many searches as the search guard allows.
    SearchLimit {
        /// Searches the turn made.
        searches: usize,
        /// The tools its searches showed, in the order first shown.
        found: Vec<String>,
    },
    /// A connector batch over the cap (§11.9).
    TooManyCalls {
        /// Entries sent.
        count: usize,
        /// Entries taken.
        cap: usize,
    },
    /// Required arguments absent (§10.5 step 2).
    MissingArguments {
        /// The tool.
        name: String,
        /// The absent keys, in schema order.
        missing: Vec<String>,
    },
    /// Arguments that fail the schema (§10.5 step 7).
    InvalidArguments {
        /// The tool.
        name: String,
        /// Where, as `arguments[...]`.
        path: String,
        /// The failed keyword.
        constraint: String,
        /// The validator's words, clipped.
        detail: String,
    },
    /// manage_connections with an unknown action.
    ManageAction,
    /// manage_connections targets that are not app names.
    ManageTargets,
    /// A local MCP action on a host that has no local servers.
    NoLocalServers(String),
    /// A host callback of manage_connections failed.
    Callback(CallbackError),
    /// The gateway request of manage_connections failed.
    Gateway(Failure),
}

impl BridgeError {
    /// Which error this is, in words a host can match on (`unknown_tool`,
    /// `invalid_arguments`, ...): stable across releases, unlike the text.
    pub fn class(&self) -> &'static str {
        match self {
            BridgeError::Unserialisable(_) => "arguments_unserialisable",
            BridgeError::ArgsNotJson(_) => "arguments_not_json",
            BridgeError::ListRequired(_) => "list_required",
            BridgeError::ListEmpty(_) => "list_empty",
            BridgeError::ListTooLong { .. } => "list_too_long",
            BridgeError::ItemTooLong { .. } => "item_too_long",
            BridgeError::CallsRequired => "calls_required",
            BridgeError::CallsNotArray => "calls_not_array",
            BridgeError::CallsNotJson(_) => "calls_not_json",
            BridgeError::CallNotObject(_) => "call_not_object",
            BridgeError::CallWithoutName(_) => "call_without_name",
            BridgeError::CallToBridge(_) => "call_to_bridge",
            BridgeError::ArgumentsNotObject(_) => "call_arguments_not_object",
            BridgeError::ArgumentsNotJson(..) => "call_arguments_not_json",
            BridgeError::LocalBatch { .. } => "local_batch",
            BridgeError::DirectlyListed(_) => "directly_listed",
            BridgeError::NotInSession(_) => "not_in_session",
            BridgeError::UnknownTool { .. } => "unknown_tool",
            BridgeError::NotInSessionScope(_) => "not_in_session_scope",
            BridgeError::ConnectorsUnavailable => "connectors_unavailable",
            BridgeError::NoExecutor(_) => "no_executor",
            BridgeError::ToolFailed(..) => "tool_failed",
            BridgeError::Denied { .. } => "denied",
            BridgeError::ApprovalRequired { .. } => "approval_required",
            BridgeError::ApprovalFailed(..) => "approval_failed",
            BridgeError::SearchLimit { .. } => "search_limit",
            BridgeError::TooManyCalls { .. } => "too_many_calls",
            BridgeError::MissingArguments { .. } => "missing_arguments",
            BridgeError::InvalidArguments { .. } => "invalid_arguments",
            BridgeError::ManageAction => "manage_action",
            BridgeError::ManageTargets => "manage_targets",
            BridgeError::NoLocalServers(_) => "no_local_servers",
            BridgeError::Callback(_) => "callback_failed",
            BridgeError::Gateway(_) => "gateway_failed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connectors::{Detail, FailureKind};

    /// One error of each variant. The match below names every variant: a
    /// new one does not compile until it has a sample here.
    fn one_of_each() -> Vec<BridgeError> {
        let thrown = CallbackError::Threw(None);
        let failure = Failure {
            kind: FailureKind::Auth,
            status: Some(401),
            code: "HTTP_401".into(),
            detail: Detail::Unreadable,
            retry_after: None,
        };
        let samples = vec![
            BridgeError::Unserialisable("x".into()),
            BridgeError::ArgsNotJson(JsonError::TooDeep),
            BridgeError::ListRequired("queries"),
            BridgeError::ListEmpty("queries"),
            BridgeError::ListTooLong {
                key: "queries",
                count: 9,
                cap: 7,
            },
            BridgeError::ItemTooLong {
                key: "queries",
                index: 0,
                chars: 9,
                cap: 1,
            },
            BridgeError::CallsRequired,
            BridgeError::CallsNotArray,
            BridgeError::CallsNotJson(JsonError::Syntax("x".into())),
            BridgeError::CallNotObject(0),
            BridgeError::CallWithoutName(0),
            BridgeError::CallToBridge("tool_call".into()),
            BridgeError::ArgumentsNotObject(0),
            BridgeError::ArgumentsNotJson(0, JsonError::TooDeep),
            BridgeError::LocalBatch {
                sent: 2,
                retry: String::new(),
            },
            BridgeError::DirectlyListed("t".into()),
            BridgeError::NotInSession("t".into()),
            BridgeError::UnknownTool {
                name: "t".into(),
                suggestions: Vec::new(),
            },
            BridgeError::NotInSessionScope("t".into()),
            BridgeError::ConnectorsUnavailable,
            BridgeError::NoExecutor("t".into()),
            BridgeError::ToolFailed("t".into(), thrown.clone()),
            BridgeError::Denied {
                name: "t".into(),
                reason: None,
            },
            BridgeError::ApprovalRequired {
                name: "t".into(),
                question: None,
            },
            BridgeError::ApprovalFailed("t".into(), thrown.clone()),
            BridgeError::SearchLimit {
                searches: 6,
                found: Vec::new(),
            },
            BridgeError::TooManyCalls { count: 9, cap: 8 },
            BridgeError::MissingArguments {
                name: "t".into(),
                missing: Vec::new(),
            },
            BridgeError::InvalidArguments {
                name: "t".into(),
                path: String::new(),
                constraint: String::new(),
                detail: String::new(),
            },
            BridgeError::ManageAction,
            BridgeError::ManageTargets,
            BridgeError::NoLocalServers("install".into()),
            BridgeError::Callback(thrown),
            BridgeError::Gateway(failure),
        ];
        for error in &samples {
            match error {
                BridgeError::Unserialisable(_)
                | BridgeError::ArgsNotJson(_)
                | BridgeError::ListRequired(_)
                | BridgeError::ListEmpty(_)
                | BridgeError::ListTooLong { .. }
                | BridgeError::ItemTooLong { .. }
                | BridgeError::CallsRequired
                | BridgeError::CallsNotArray
                | BridgeError::CallsNotJson(_)
                | BridgeError::CallNotObject(_)
                | BridgeError::CallWithoutName(_)
                | BridgeError::CallToBridge(_)
                | BridgeError::ArgumentsNotObject(_)
                | BridgeError::ArgumentsNotJson(..)
                | BridgeError::LocalBatch { .. }
                | BridgeError::DirectlyListed(_)
                | BridgeError::NotInSession(_)
                | BridgeError::UnknownTool { .. }
                | BridgeError::NotInSessionScope(_)
                | BridgeError::ConnectorsUnavailable
                | BridgeError::NoExecutor(_)
                | BridgeError::ToolFailed(..)
                | BridgeError::Denied { .. }
                | BridgeError::ApprovalRequired { .. }
                | BridgeError::ApprovalFailed(..)
                | BridgeError::SearchLimit { .. }
                | BridgeError::TooManyCalls { .. }
                | BridgeError::MissingArguments { .. }
                | BridgeError::InvalidArguments { .. }
                | BridgeError::ManageAction
                | BridgeError::ManageTargets
                | BridgeError::NoLocalServers(_)
                | BridgeError::Callback(_)
                | BridgeError::Gateway(_) => {}
            }
        }
        samples
    }

    #[test]
    fn the_typescript_error_classes_are_the_classes_of_the_variants() {
        let mut classes: Vec<&str> = one_of_each().iter().map(BridgeError::class).collect();
        // An answer that could not be written (`Answer::internal`).
        classes.push("internal");
        classes.sort_unstable();
        let before = classes.len();
        classes.dedup();
        assert_eq!(classes.len(), before, "two variants share a class");
        let declarations = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("pkg/toolsearch.d.ts"),
        )
        .unwrap();
        let union = declarations
            .split("export type ErrorClass =")
            .nth(1)
            .and_then(|rest| rest.split(';').next())
            .expect("pkg/toolsearch.d.ts declares ErrorClass");
        let mut declared: Vec<&str> = union.split('"').skip(1).step_by(2).collect();
        declared.sort_unstable();
        assert_eq!(declared, classes, "ErrorClass in pkg/toolsearch.d.ts");
    }
}
