//! What the engine asks of the host application (its "port"): the binding
//! implements it with JavaScript callbacks and fetch, native tests with fakes.
//! Everything but `execute_tool` has a default for hosts without connectors.

use std::future::Future;

use serde_json::{Map, Value};

/// Why the host could not run a tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostError {
    /// The host has no way to run local tools.
    Missing,
    /// The tool ran and failed, or gave no usable answer.
    Failed(CallbackError),
}

/// Why a host callback gave no answer the engine can use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallbackError {
    /// It threw or its promise rejected: the host's own message, when the
    /// thrown value has one to read.
    Threw(Option<String>),
    /// No answer within the deadline, in milliseconds.
    NoAnswer(u32),
    /// `ctx.signal` aborted the call, before the callback ran when
    /// `started` is false.
    Aborted {
        /// The callback had been called.
        started: bool,
    },
    /// What it was given or answered cannot be carried as JSON: why, when
    /// the error says.
    NotJson(Option<String>),
    /// `executeTool` answered a value that is not JSON text (a cycle, a
    /// BigInt): why, when the error says.
    ResultNotJson(Option<String>),
}

/// What a tool's arguments break in its schema (§10.5 step 7).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    /// Where, as `arguments.a[0]` or `arguments["odd key"]`.
    pub path: String,
    /// The failed keyword (`type`, `enum`, ...; `schema` when there is none).
    pub constraint: String,
    /// The validator's words, clipped.
    pub detail: String,
}

/// What the host's validator made of a tool's arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Validation {
    /// The host has no validator: the engine's own runs, when built with it.
    Unavailable,
    /// The arguments hold.
    Holds,
    /// The check itself failed; the call goes on (validation fails open).
    Failed,
    /// What the arguments break.
    Broken(Violation),
}

/// Why the host stopped a connector call before it was sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The host's verdict denied it, with the host's reason if it gave one.
    Denied(Option<String>),
    /// The host's check failed.
    Failed(CallbackError),
}

/// What the host's `approve` said of a local tool call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Approval {
    /// It may run.
    Allow,
    /// It must not run: the host's reason, which the model reads, if it gave one.
    Deny(Option<String>),
    /// It runs only once the user approves it: what the host wants asked, if it said.
    Ask(Option<String>),
    /// The check itself failed: the call does not run (approval fails closed).
    Failed(CallbackError),
}

/// A route of the connector gateway (spec §11.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// `v1/connectors/search`.
    Search,
    /// `v1/connectors/schemas`.
    Schemas,
    /// `v1/connectors/execute`.
    Execute,
    /// `v1/connectors/connections`.
    Connections,
}

impl Route {
    /// The path under the gateway origin.
    pub fn path(self) -> &'static str {
        match self {
            Route::Search => "v1/connectors/search",
            Route::Schemas => "v1/connectors/schemas",
            Route::Execute => "v1/connectors/execute",
            Route::Connections => "v1/connectors/connections",
        }
    }

    /// The name of the `host.gateway` callback for this route.
    pub fn callback(self) -> &'static str {
        match self {
            Route::Search => "search",
            Route::Schemas => "schemas",
            Route::Execute => "execute",
            Route::Connections => "connections",
        }
    }

    /// Retries after a transport failure or a 5xx answer.
    pub fn retries(self) -> u32 {
        match self {
            Route::Search | Route::Connections => 0,
            Route::Schemas | Route::Execute => 1,
        }
    }
}

/// How one gateway request failed, as the transport saw it.
#[derive(Debug, Clone, PartialEq)]
pub enum GatewayError {
    /// No gateway is configured (no callbacks, no origin).
    NotConfigured,
    /// A non-2xx answer: its status, body (JSON, or the text as a string) and
    /// `Retry-After` header in seconds.
    Http {
        /// HTTP status.
        status: u16,
        /// The body.
        body: Value,
        /// `Retry-After`, seconds.
        retry_after: Option<f64>,
    },
    /// The request did not complete (network error, a callback's throw):
    /// its message, when there is one to read.
    Transport(Option<String>),
    /// The answer is longer than the host allows
    /// (`options.limits.gatewayAnswerChars`).
    TooLong {
        /// Its length in UTF-16 units.
        chars: u32,
        /// The limit.
        max: u32,
    },
    /// No answer within the route's timeout (milliseconds).
    Timeout(u32),
}

/// Which side of a retrieval pair a text is: e5-style models prefix the
/// two differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmbedKind {
    /// A search query.
    Query,
    /// A tool document.
    Document,
}

impl EmbedKind {
    /// `"query"` or `"document"`, as `host.embed` receives it.
    pub fn as_str(self) -> &'static str {
        match self {
            EmbedKind::Query => "query",
            EmbedKind::Document => "document",
        }
    }
}

/// What a tool gave when it ran.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput<R> {
    /// The text the model reads; a host may leave it empty and keep it in
    /// `returned`, as the wasm binding keeps a result in JavaScript.
    pub text: String,
    /// What the host's executor returned, untouched, for the caller.
    pub returned: R,
}

/// The host application.
pub trait Host {
    /// What the host's executor returns, carried to the caller of
    /// `tool_call` as it was (a JavaScript value in the binding).
    type Returned;

    /// Runs the deferred tool `name` with validated, coerced `arguments`.
    fn execute_tool(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
    ) -> impl Future<Output = Result<ToolOutput<Self::Returned>, HostError>>;

    /// True when a connector gateway is configured.
    fn has_gateway(&self) -> bool {
        false
    }

    /// One gateway request, answered within `timeout_ms`; `key` is the
    /// idempotency key of an execute request.
    fn gateway(
        &self,
        _route: Route,
        _body: &Value,
        _key: Option<&str>,
        _timeout_ms: u32,
    ) -> impl Future<Output = Result<Value, GatewayError>> {
        async { Err(GatewayError::NotConfigured) }
    }

    /// Asked before a connector entry is sent; `Err` stops it.
    fn before_connector_call(&self, _call: &Value) -> impl Future<Output = Result<(), Refusal>> {
        async { Ok(()) }
    }

    /// Asked before a local deferred tool runs, once its arguments hold,
    /// with the tool's annotations (`tooldef::annotations`) when it has any.
    fn approve(
        &self,
        _name: &str,
        _arguments: &Map<String, Value>,
        _annotations: Option<&Map<String, Value>>,
    ) -> impl Future<Output = Approval> {
        async { Approval::Allow }
    }

    /// Shows connect cards and waits for their outcome; `None` without a card UI.
    fn connect_card(
        &self,
        _request: &Value,
    ) -> impl Future<Output = Option<Result<Value, CallbackError>>> {
        async { None }
    }

    /// Runs an action on local MCP servers; `None` when the host has none.
    fn manage_mcp(
        &self,
        _request: &Value,
    ) -> impl Future<Output = Option<Result<Value, CallbackError>>> {
        async { None }
    }

    /// Checks `instance` against the JSON Schema `schema` with the host's
    /// validator.
    fn validate(&self, _schema: &Value, _instance: &Value) -> impl Future<Output = Validation> {
        async { Validation::Unavailable }
    }

    /// True when the host embeds texts (`host.embed`).
    fn has_embedder(&self) -> bool {
        false
    }

    /// One vector per text; `None` without an embedder, `Err` when it failed
    /// (the turn then goes on without the semantic leg).
    fn embed(
        &self,
        _texts: &[String],
        _kind: EmbedKind,
    ) -> impl Future<Output = Option<Result<Vec<Vec<f32>>, CallbackError>>> {
        async { None }
    }

    /// True once the user stopped the turn (`ctx.signal` aborted).
    fn interrupted(&self) -> bool {
        false
    }

    /// A fresh random UUIDv4.
    fn new_key(&self) -> String {
        "00000000-0000-4000-8000-000000000000".to_owned()
    }
}
