//! What the engine makes of sessions read through its JSON path
//! (`Engine::session_from_json`), for the package's parity test
//! (tests/node/parity.test.mjs), which compares it with the package's own
//! path (tool views, src/wasm/decode.rs). One case per line on stdin:
//! `{config, session, contextLength, queries, names, calls}`; one line of
//! outcomes per case on stdout: the assembly, and the answers of
//! tool_search, tool_describe and tool_call's resolution.

use std::io::{BufRead, Write};

use serde_json::{json, Map, Value};
use toolsearch::{
    AssembleOptions, CallContext, Engine, Host, HostError, Options, ToolFormat, ToolOutput,
};

/// A host that runs nothing: search and describe need none.
struct NoHost;

impl Host for NoHost {
    type Returned = ();

    async fn execute_tool(
        &self,
        _: &str,
        _: &Map<String, Value>,
    ) -> Result<ToolOutput<()>, HostError> {
        Err(HostError::Missing)
    }
}

/// Runs a future that never waits (the host answers at once).
fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut context = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
    }
}

fn outcomes(case: &Value) -> Value {
    let engine = Engine::new(&Options {
        config: case["config"].clone(),
        ..Options::default()
    });
    let session = match engine.session_from_json(&case["session"]) {
        Ok(session) => session,
        Err(error) => return json!({"error": error}),
    };
    let assembly = engine.assemble(
        &session,
        AssembleOptions {
            context_length: case["contextLength"].as_f64(),
            format: ToolFormat::OpenAi,
            defer_loading: false,
        },
    );
    let context = CallContext::default();
    let answer = |name: &str, args: Value| {
        block_on(engine.handle(name, &args.to_string(), &session, &NoHost, &context))
            .map(toolsearch::Answer::into_text)
    };
    let searches: Vec<Option<String>> = case["queries"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|query| answer("tool_search", json!({"queries": [query]})))
        .collect();
    let resolutions: Vec<Value> = case["calls"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|call| {
            serde_json::to_value(engine.resolve_tool_call(&call.to_string(), &session))
                .unwrap_or_default()
        })
        .collect();
    json!({
        "assembly": {
            "visible": assembly.visible,
            "bridge": assembly.bridge,
            "tier": assembly.tier,
            "deferredCount": assembly.deferred_count,
            "deferredTokens": assembly.deferred_tokens,
            "warnings": assembly.warnings,
        },
        "searches": searches,
        "described": answer("tool_describe", json!({"names": case["names"]})),
        "resolutions": resolutions,
    })
}

fn main() {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let case: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        let _ = writeln!(out, "{}", outcomes(&case));
    }
}
