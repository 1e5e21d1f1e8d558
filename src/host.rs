//! What the engine asks of the host application (its "port"): the binding
//! implements it with JavaScript callbacks, native tests with fakes.

use std::future::Future;

use serde_json::{Map, Value};

/// Why the host could not run a tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostError {
    /// The host has no way to run local tools.
    Missing,
    /// The tool ran and failed (a thrown error or a rejected promise).
    Failed(String),
}

/// The host application.
pub trait Host {
    /// Runs the deferred tool `name` with validated, coerced `arguments`;
    /// `Ok` holds the text the model reads.
    fn execute_tool(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
    ) -> impl Future<Output = Result<String, HostError>>;
}
