//! Shared helpers: engines, sessions, JSON parsing and the shared data dir.

use std::io::Write;
use std::path::PathBuf;

use serde_json::{json, Value};
use toolsearch::CallContext;
use toolsearch::{Engine, Options, Session};

/// An engine with the given `tools.tool_search` config and core tools. A
/// config that names no ranking gets the spec's (`"reference"`): the
/// conformance tests pin the spec's behaviour, which is not the default.
pub fn engine(mut config: Value, core: &[&str]) -> Engine {
    if let Some(section) = config.as_object_mut() {
        section
            .entry("ranking")
            .or_insert_with(|| Value::from("reference"));
    }
    Engine::new(&Options {
        config,
        core_tools: core.iter().map(|s| s.to_string()).collect(),
        ..Options::default()
    })
}

/// A session from its JSON form.
pub fn session(engine: &Engine, session: Value) -> Session {
    engine
        .session_from_json(&session)
        .expect("session is an object")
}

/// An OpenAI-shaped tool.
pub fn tool(name: &str, description: &str, params: &[&str]) -> Value {
    let properties: serde_json::Map<String, Value> = params
        .iter()
        .map(|p| (p.to_string(), json!({"type": "string"})))
        .collect();
    json!({"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": properties, "required": params}
    }})
}

/// Parses bridge output.
pub fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// `../shared` (or `$TOOLSEARCH_SHARED`) when present. Without it the test
/// skips with a message, except under `CI=true`, where it fails.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("TOOLSEARCH_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    if dir.join("catalogs").is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "shared data missing at {} (CI must provide it)",
        dir.display()
    );
    // Straight to stderr: libtest captures eprintln! of passing tests, and
    // a skip must show.
    let _ = writeln!(
        std::io::stderr().lock(),
        "skipping: shared data not found at {} (set TOOLSEARCH_SHARED)",
        dir.display()
    );
    None
}

/// The real catalog as a session: every tool registered as `mcp-<x-source>`.
pub fn real_catalog_session(shared: &std::path::Path) -> Value {
    let text = std::fs::read_to_string(shared.join("catalogs/all-openai.json")).unwrap();
    let tools: Vec<Value> = serde_json::from_str(&text).unwrap();
    let toolsets: serde_json::Map<String, Value> = tools
        .iter()
        .map(|t| {
            let name = t["function"]["name"].as_str().unwrap().to_owned();
            (
                name,
                json!(format!("mcp-{}", t["x-source"].as_str().unwrap())),
            )
        })
        .collect();
    json!({"tools": tools, "toolsets": toolsets})
}

/// Runs a future that never waits on I/O (fake hosts answer at once).
pub fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut context = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
    }
}

/// A host that records the calls it runs and answers with a fixed result.
#[derive(Default)]
pub struct FakeHost {
    /// `(name, arguments)` of every call, in order.
    pub calls: std::cell::RefCell<Vec<(String, Value)>>,
    /// The answer: `Ok(text)` or `Err(message)`.
    pub answer: Option<Result<String, String>>,
}

impl toolsearch::Host for FakeHost {
    /// The answer's text again, as a host's own value.
    type Returned = String;

    async fn execute_tool(
        &self,
        name: &str,
        arguments: &serde_json::Map<String, Value>,
    ) -> Result<toolsearch::ToolOutput<String>, toolsearch::HostError> {
        self.calls
            .borrow_mut()
            .push((name.to_owned(), Value::Object(arguments.clone())));
        match &self.answer {
            None => Err(toolsearch::HostError::Missing),
            Some(Ok(text)) => Ok(toolsearch::ToolOutput {
                text: text.clone(),
                returned: text.clone(),
            }),
            Some(Err(reason)) => Err(toolsearch::HostError::Failed(
                toolsearch::CallbackError::Threw(Some(reason.clone())),
            )),
        }
    }
}

/// tool_search with a host without connectors: the text the model reads.
pub fn search(engine: &Engine, args: &str, session: &Session) -> String {
    block_on(engine.tool_search(args, session, &FakeHost::default(), &CallContext::default()))
        .into_text()
}

/// tool_describe with a host without connectors: the text the model reads.
pub fn describe(engine: &Engine, args: &str, session: &Session) -> String {
    block_on(engine.tool_describe(args, session, &FakeHost::default(), &CallContext::default()))
        .into_text()
}

/// tool_call through `host`: the text the model reads.
pub fn call<H: toolsearch::Host>(
    engine: &Engine,
    args: &str,
    session: &Session,
    host: &H,
) -> String {
    block_on(engine.tool_call(args, session, host, &CallContext::default())).into_text()
}

/// Any bridge tool by name through `host`: the text the model reads.
pub fn handle<H: toolsearch::Host>(
    engine: &Engine,
    name: &str,
    args: &str,
    session: &Session,
    host: &H,
) -> Option<String> {
    block_on(engine.handle(name, args, session, host, &CallContext::default()))
        .map(toolsearch::Answer::into_text)
}

/// The hint of result `group` of a tool_search answer, after checking that
/// it carries the fragments the spec pins (§8.2).
pub fn empty_group_hint(out: &str, group: usize) -> String {
    let value: Value = serde_json::from_str(out).unwrap();
    let hint = value["results"][group]["hint"].as_str().unwrap().to_owned();
    assert!(
        hint.contains("remain available") && hint.contains("before concluding"),
        "{hint}"
    );
    hint
}
