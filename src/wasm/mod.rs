//! The wasm-bindgen layer: decode JavaScript values, make one engine call,
//! encode the result. No spec behaviour lives here. The hand-written facade in
//! `pkg/src/facade.js` wraps this raw class as the public `ToolSearch`.

mod decode;
mod host;
mod source;
mod timer;

use std::rc::Rc;

use js_sys::Promise;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

use crate::assemble::AssembleOptions;
use crate::connectors::CallContext;
use crate::engine::{Engine, Options};
use crate::session::tooldef::ToolFormat;
use crate::session::{DeclaredSource, Session};
use host::{Bounds, JsHost};
use source::JsSessionSource;

/// The raw engine behind one `ToolSearch`.
#[wasm_bindgen(js_name = Engine)]
pub struct WasmEngine {
    engine: Rc<Engine>,
    host: JsValue,
    bounds: Bounds,
}

#[wasm_bindgen(js_class = Engine)]
impl WasmEngine {
    /// `options` is the JSON text of `{config, connectors, coreTools,
    /// directSurfaceToolsets}` (anything unreadable means defaults); `host`
    /// is `options.host`, the callbacks.
    #[wasm_bindgen(constructor)]
    pub fn new(options: &str, host: JsValue) -> WasmEngine {
        let options: Value = serde_json::from_str(options).unwrap_or(Value::Null);
        let bounds = Bounds::read(&options);
        let strings = |key: &str| {
            options.get(key).and_then(Value::as_array).map(|items| {
                items
                    .iter()
                    .filter_map(|i| i.as_str().map(str::to_owned))
                    .collect::<Vec<_>>()
            })
        };
        let options = Options {
            config: options.get("config").cloned().unwrap_or(Value::Null),
            connectors: options.get("connectors").cloned().unwrap_or(Value::Null),
            core_tools: strings("coreTools").unwrap_or_default(),
            direct_surface_toolsets: strings("directSurfaceToolsets"),
            timeouts: options.get("timeouts").cloned().unwrap_or(Value::Null),
            semantic: options.get("semantic").cloned().unwrap_or(Value::Null),
        };
        WasmEngine {
            engine: Rc::new(Engine::new(&options)),
            host,
            bounds,
        }
    }

    /// The resolved configuration as JSON text.
    #[wasm_bindgen(js_name = configJson)]
    pub fn config_json(&self) -> String {
        serde_json::to_string(self.engine.config()).unwrap_or_default()
    }

    /// Interns tools sent as UTF-8 rows (see [`decode::tool_rows`]); returns
    /// one id per row. Bytes, not a string: wasm-bindgen copies a string
    /// into wasm one character at a time in JavaScript until the first
    /// non-ASCII character, which took 10 ms for a large catalog.
    #[wasm_bindgen(js_name = internAll)]
    pub fn intern_all(&self, rows: &[u8]) -> Vec<u32> {
        let rows = String::from_utf8_lossy(rows);
        decode::tool_rows(&rows)
            .into_iter()
            .map(|tool| self.engine.intern(tool))
            .collect()
    }

    /// Number of interned tools.
    pub fn interned(&self) -> usize {
        self.engine.interned()
    }

    /// Forgets interned tools; the facade drops its ids with them.
    pub fn clear(&self) {
        self.engine.clear();
    }

    /// The tool array (spec §4): `[record, bridge]`, the JSON text of the
    /// record (with the visible positions) and of the bridge tools. `sizes`
    /// are the tools' compact JSON lengths; a `context_length` that is not a
    /// positive number means unknown.
    #[allow(clippy::too_many_arguments)]
    pub fn assemble(
        &self,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
        sizes: Vec<u32>,
        context_length: f64,
        format: &str,
    ) -> Vec<String> {
        let session = self.session(ids, tools, toolsets, declared, sizes);
        let options = AssembleOptions {
            context_length: (context_length.is_finite() && context_length > 0.0)
                .then_some(context_length),
            format: ToolFormat::parse(format).unwrap_or_default(),
        };
        let assembly = self.engine.assemble(&session, options);
        vec![
            serde_json::to_string(&assembly).unwrap_or_default(),
            assembly.bridge,
        ]
    }

    /// `tool_search` (spec §8): a promise of the JSON text.
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = toolSearch)]
    pub fn tool_search(
        &self,
        args: String,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
        ctx: JsValue,
    ) -> Promise {
        self.run(
            ids,
            tools,
            toolsets,
            declared,
            ctx,
            |engine, session, host, context| async move {
                engine.tool_search(&args, &session, &host, &context).await
            },
        )
    }

    /// What a tool_call means (spec §10.1-10.3), as JSON text.
    #[wasm_bindgen(js_name = resolveToolCall)]
    pub fn resolve_tool_call(
        &self,
        args: &str,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
    ) -> String {
        let session = self.session(ids, tools, toolsets, declared, Vec::new());
        let resolution = self.engine.resolve_tool_call(args, &session);
        serde_json::to_string(&resolution).unwrap_or_default()
    }

    /// `tool_call` (spec §10.4-10.5): a promise of the JSON text. The promise
    /// owns what it needs, so callbacks may call this instance again.
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = toolCall)]
    pub fn tool_call(
        &self,
        args: String,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
        ctx: JsValue,
    ) -> Promise {
        self.run(
            ids,
            tools,
            toolsets,
            declared,
            ctx,
            |engine, session, host, context| async move {
                engine.tool_call(&args, &session, &host, &context).await
            },
        )
    }

    /// Any bridge tool by name: a promise of its JSON text, or of `null` for
    /// a name that is not a bridge tool.
    #[allow(clippy::too_many_arguments)]
    pub fn handle(
        &self,
        name: String,
        args: String,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
        ctx: JsValue,
    ) -> Promise {
        let session = self.session(ids, tools, toolsets, declared, Vec::new());
        let engine = Rc::clone(&self.engine);
        let host = JsHost::new(self.host.clone(), ctx, self.bounds);
        future_to_promise(async move {
            let context = host.call_context();
            let out = engine.handle(&name, &args, &session, &host, &context).await;
            Ok(out.map_or(JsValue::NULL, |text| JsValue::from_str(&text)))
        })
    }

    /// `tool_describe` (spec §9): a promise of the JSON text.
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = toolDescribe)]
    pub fn tool_describe(
        &self,
        args: String,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
        ctx: JsValue,
    ) -> Promise {
        self.run(
            ids,
            tools,
            toolsets,
            declared,
            ctx,
            |engine, session, host, context| async move {
                engine.tool_describe(&args, &session, &host, &context).await
            },
        )
    }

    /// `manage_connections` (spec §11.11): a promise of the JSON text.
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = manageConnections)]
    pub fn manage_connections(
        &self,
        args: String,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
        ctx: JsValue,
    ) -> Promise {
        self.run(
            ids,
            tools,
            toolsets,
            declared,
            ctx,
            |engine, session, host, context| async move {
                engine
                    .manage_connections(&args, &session, &host, &context)
                    .await
            },
        )
    }

    /// Why tools rank as they do for `query`, as JSON text; `names` is the
    /// JSON text of a list of tool names, or `null` for the top `limit`.
    #[allow(clippy::too_many_arguments)]
    pub fn explain(
        &self,
        query: &str,
        names: &str,
        limit: usize,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
    ) -> String {
        let session = self.session(ids, tools, toolsets, declared, Vec::new());
        let names: Option<Vec<String>> = serde_json::from_str(names).ok().flatten();
        let explanation = self
            .engine
            .explain(query, &session, names.as_deref(), limit);
        serde_json::to_string(&explanation).unwrap_or_default()
    }

    /// The `manage_connections` tool definition in `format`, as JSON text.
    #[wasm_bindgen(js_name = manageConnectionsTool)]
    pub fn manage_connections_tool(&self, format: &str) -> String {
        self.engine
            .manage_connections_tool(ToolFormat::parse(format).unwrap_or_default())
            .to_string()
    }
}

impl WasmEngine {
    /// Runs an async engine call in a promise that owns the engine, the
    /// session and the host, so no borrow of this object outlives the call.
    fn run<F, Fut>(
        &self,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
        ctx: JsValue,
        call: F,
    ) -> Promise
    where
        F: FnOnce(Rc<Engine>, Session, JsHost, CallContext) -> Fut + 'static,
        Fut: std::future::Future<Output = String> + 'static,
    {
        let session = self.session(ids, tools, toolsets, declared, Vec::new());
        let engine = Rc::clone(&self.engine);
        let host = JsHost::new(self.host.clone(), ctx, self.bounds);
        let context = host.call_context();
        future_to_promise(async move {
            Ok(JsValue::from_str(
                &call(engine, session, host, context).await,
            ))
        })
    }

    fn session(
        &self,
        ids: Vec<u32>,
        tools: JsValue,
        toolsets: JsValue,
        declared: &str,
        sizes: Vec<u32>,
    ) -> Session {
        let declared: Value = serde_json::from_str(declared).unwrap_or(Value::Null);
        self.engine.session(
            ids,
            DeclaredSource::read_all(Some(&declared)),
            Box::new(JsSessionSource::new(tools, toolsets, sizes)),
        )
    }
}

/// A server's tools as session parts, as JSON text (see
/// `crate::session::mcp::import_tools`): `tools` holds each tool's JSON text (or NUL
/// and why it has none), `taken` the names other servers already use.
#[wasm_bindgen(js_name = fromMcp)]
pub fn from_mcp(server: &str, tools: Vec<String>, taken: Vec<String>) -> String {
    let tools: Vec<Result<Value, String>> = tools
        .iter()
        .map(
            |text| match text.strip_prefix(crate::bridge::args::UNSERIALISABLE) {
                Some(reason) => Err(reason.to_owned()),
                None => crate::bridge::args::parse_json(text),
            },
        )
        .collect();
    serde_json::to_string(&crate::session::mcp::import_tools(server, &tools, &taken))
        .unwrap_or_default()
}

/// Stemmed tokens of `text` (spec §5.4).
#[wasm_bindgen]
pub fn tokenize(text: &str) -> Vec<String> {
    crate::search::tokenize(text)
}

/// The package version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::version().to_owned()
}
