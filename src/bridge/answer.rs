//! What a bridge call answers, as a value that says what it is: the host
//! reads the kind, the model reads the text. Nothing downstream parses the
//! text to learn which kind it holds.

use super::error::BridgeError;
use super::validate::Rejection;
use crate::enhanced::Confidence;

/// The answer of one bridge call; `R` is what the host's executor returned
/// (see [`crate::Host::Returned`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<R> {
    /// A bridge tool's own answer: search results, schemas, connections.
    Bridge {
        /// The JSON text the model reads.
        text: String,
        /// The tool names a `tool_search` answer returned, each once, in
        /// the order first returned; empty for the other bridges.
        matches: Vec<String>,
        /// What the answer says, for the host's events.
        facts: Facts,
    },
    /// The call cannot go on.
    Error {
        /// The JSON text the model reads.
        text: String,
        /// Which error, as [`BridgeError::class`] names it.
        class: &'static str,
    },
    /// The tool ran.
    Tool {
        /// The text the model reads: the host's result as text (empty when
        /// the host keeps it in `returned`, as the wasm binding does).
        text: String,
        /// What the host's executor returned, untouched.
        returned: R,
    },
    /// A connector batch ran (§11.9), each entry with its own outcome.
    Connectors {
        /// The JSON text the model reads.
        text: String,
        /// Entries that succeeded.
        succeeded: usize,
        /// Entries that failed.
        failed: usize,
        /// Per entry, in order: the code of its error, or `None` when it
        /// succeeded.
        errors: Vec<Option<String>>,
    },
}

/// What a bridge's own answer says beside its text, for the host's events
/// (`host.onEvent`): the text says it to the model, these say it to the
/// host without its parsing the text.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Facts {
    /// `tool_search`: each query's group, in query order.
    pub groups: Vec<GroupFacts>,
    /// `tool_search`: the connector leg, when it ran.
    pub connector_leg: Option<LegOutcome>,
    /// `tool_describe`: the names whose schemas it gave, in order.
    pub described: Vec<String>,
}

/// One group of a `tool_search` answer.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupFacts {
    /// The query as it was searched.
    pub query: String,
    /// The names of the tools it returned, best first.
    pub matches: Vec<String>,
    /// Its label, under the enhanced ranking.
    pub confidence: Option<Confidence>,
    /// The search guard found nothing in it new to the turn.
    pub repeated: bool,
}

/// How the connector leg of a search went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegOutcome {
    /// The gateway answered.
    Answered,
    /// It failed: its code (`connectors.code` of the answer).
    Failed(&'static str),
}

impl<R> Answer<R> {
    /// A bridge tool's answer that matched no tools.
    pub fn bridge(text: String) -> Answer<R> {
        Answer::Bridge {
            text,
            matches: Vec::new(),
            facts: Facts::default(),
        }
    }

    /// An answer that could not be written: class `internal`.
    pub fn internal(reason: &str) -> Answer<R> {
        Answer::Error {
            text: super::messages::error_json(reason),
            class: "internal",
        }
    }

    /// The JSON text the model reads.
    pub fn text(&self) -> &str {
        match self {
            Answer::Bridge { text, .. }
            | Answer::Error { text, .. }
            | Answer::Tool { text, .. }
            | Answer::Connectors { text, .. } => text,
        }
    }

    /// The text the model reads, the rest dropped.
    pub fn into_text(self) -> String {
        match self {
            Answer::Bridge { text, .. }
            | Answer::Error { text, .. }
            | Answer::Tool { text, .. }
            | Answer::Connectors { text, .. } => text,
        }
    }

    /// True when a host should flag the answer as failed (MCP `isError`,
    /// Anthropic `is_error`): a bridge error, or a connector batch in which
    /// no entry succeeded.
    pub fn is_error(&self) -> bool {
        match self {
            Answer::Error { .. } => true,
            Answer::Connectors {
                succeeded, failed, ..
            } => *succeeded == 0 && *failed > 0,
            Answer::Bridge { .. } | Answer::Tool { .. } => false,
        }
    }
}

impl<R> From<BridgeError> for Answer<R> {
    fn from(error: BridgeError) -> Answer<R> {
        Answer::Error {
            text: error.to_json(),
            class: error.class(),
        }
    }
}

impl<R> From<&Rejection> for Answer<R> {
    fn from(rejection: &Rejection) -> Answer<R> {
        Answer::Error {
            text: rejection.to_json(),
            class: rejection.error.class(),
        }
    }
}
