//! The wasm-bindgen layer: read what the facade sends (`decode`), make one
//! engine call, write the result as plain JavaScript values (`encode`). No
//! spec behaviour lives here. The hand-written facade in `pkg/src/` wraps
//! this raw class as the public `ToolSearch`.

mod decode;
mod encode;
mod host;
mod memory;
mod reflect;
mod source;
mod timer;

use std::rc::Rc;

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

use crate::assemble::AssembleOptions;
use crate::engine::Engine;
use crate::session::tooldef::ToolFormat;
use crate::session::Session;
use host::{random_bytes, Bounds, JsHost};
use source::{JsSessionSource, SessionValue};

/// The raw engine behind one `ToolSearch`.
#[wasm_bindgen(js_name = Engine)]
pub struct WasmEngine {
    engine: Rc<Engine>,
    host: JsValue,
    bounds: Bounds,
    validator: JsValue,
}

/// Keys the hash of the index's maps for this instance before anything else
/// runs, so that text a server writes cannot be made to collide in them.
#[wasm_bindgen(start)]
#[allow(unreachable_pub)] // exported to JavaScript
pub fn start() {
    crate::search::seed_hash(u64::from_le_bytes(random_bytes()));
}

#[wasm_bindgen(js_class = Engine)]
impl WasmEngine {
    /// `options` is the JSON text of `{config, connectors, coreTools,
    /// directSurfaceToolsets}` (anything unreadable means defaults); `host`
    /// is `options.host`, the callbacks; `validator` checks arguments against
    /// a schema (`(schema, instance) => violation JSON`, text in and out),
    /// from the package's validator module.
    #[wasm_bindgen(constructor)]
    pub fn new(options: &str, host: JsValue, validator: JsValue) -> WasmEngine {
        let (options, bounds) = decode::options(options);
        WasmEngine {
            engine: Rc::new(Engine::new(&options)),
            host,
            bounds,
            validator,
        }
    }

    /// The resolved configuration (`ResolvedConfig`), a new object each time.
    pub fn config(&self) -> JsValue {
        encode::record(self.engine.config())
    }

    /// Interns tools sent as UTF-8 rows (see `Engine::intern_rows`); returns
    /// one id per row. Bytes, not a string: wasm-bindgen copies a string
    /// into wasm one character at a time in JavaScript until the first
    /// non-ASCII character, which took 10 ms for a large catalog.
    #[wasm_bindgen(js_name = internAll)]
    pub fn intern_all(&self, rows: &[u8]) -> Vec<u32> {
        // TextEncoder writes valid UTF-8: the fast check passes, and only
        // bytes from elsewhere take the slower lossy reading.
        let rows = std::str::from_utf8(rows).map_or_else(
            |_| String::from_utf8_lossy(rows),
            std::borrow::Cow::Borrowed,
        );
        self.engine.intern_rows(&rows)
    }

    /// Number of interned tools.
    pub fn interned(&self) -> usize {
        self.engine.interned()
    }

    /// Forgets interned tools; the facade drops its ids with them.
    pub fn clear(&self) {
        self.engine.clear();
    }

    /// The tool array (spec §4): the assembly's record, with the visible
    /// tools' positions and `bridge`, the bridge tools (see
    /// `encode::assembly`). The session carries the tools' compact JSON
    /// lengths; a `context_length` that is not a positive number means
    /// unknown.
    pub fn assemble(
        &self,
        session: &SessionValue,
        context_length: f64,
        format: &str,
        defer_loading: bool,
    ) -> JsValue {
        let session = self.session(session, true);
        let options = AssembleOptions {
            context_length: (context_length.is_finite() && context_length > 0.0)
                .then_some(context_length),
            format: ToolFormat::parse(format).unwrap_or_default(),
            defer_loading,
        };
        encode::assembly(&self.engine.assemble(&session, options))
    }

    /// Runs the bridge tool `name` (`tool_search`, `tool_describe`,
    /// `tool_call` or `manage_connections`), or with `loaded` the deferred
    /// tool `name` called by its own name (see `Engine::run_loaded`): a
    /// promise of its answer (`{kind, text, ...}`, with `facts` when asked
    /// for, see `encode::answer`),
    /// or of `null` for any other name. The promise owns what it needs, so
    /// host callbacks may call this instance again.
    pub fn call(
        &self,
        name: String,
        args: String,
        session: &SessionValue,
        ctx: JsValue,
        loaded: bool,
        facts: bool,
    ) -> Promise {
        let session = self.session(session, false);
        let engine = Rc::clone(&self.engine);
        let host = JsHost::new(self.host.clone(), ctx, self.bounds, self.validator.clone());
        let context = host.call_context();
        future_to_promise(async move {
            let out = if loaded {
                engine
                    .run_loaded(&name, &args, &session, &host, &context)
                    .await
            } else {
                engine.handle(&name, &args, &session, &host, &context).await
            };
            Ok(out.map_or(JsValue::NULL, |answer| encode::answer(answer, facts)))
        })
    }

    /// Builds the session's indexes now (see `Engine::warm`).
    pub fn warm(&self, session: &SessionValue) {
        let session = self.session(session, false);
        self.engine.warm(&session);
    }

    /// The session's search indexes as snapshot bytes (see `importIndex`).
    #[wasm_bindgen(js_name = exportIndex)]
    pub fn export_index(&self, session: &SessionValue) -> Vec<u8> {
        let session = self.session(session, false);
        self.engine.export_index(&session)
    }

    /// Restores the session's search indexes from snapshot bytes:
    /// `undefined` when restored, else why the bytes were refused (the
    /// indexes are then built from the tools).
    #[wasm_bindgen(js_name = importIndex)]
    pub fn import_index(&self, session: &SessionValue, bytes: &[u8]) -> Option<String> {
        let session = self.session(session, false);
        self.engine
            .import_index(&session, bytes)
            .err()
            .map(|refusal| refusal.to_string())
    }

    /// What a tool_call means (spec §10.1-10.3).
    #[wasm_bindgen(js_name = resolveToolCall)]
    pub fn resolve_tool_call(&self, args: &str, session: &SessionValue) -> JsValue {
        let session = self.session(session, false);
        encode::record(&self.engine.resolve_tool_call(args, &session))
    }

    /// Why tools rank as they do for `query`: the tools `names`, or with
    /// none the top `limit`.
    pub fn explain(
        &self,
        query: &str,
        names: Option<Vec<String>>,
        limit: usize,
        session: &SessionValue,
    ) -> JsValue {
        let session = self.session(session, false);
        encode::record(
            &self
                .engine
                .explain(query, &session, names.as_deref(), limit),
        )
    }

    /// The findability report of the session's deferred tools.
    pub fn findability(&self, session: &SessionValue) -> JsValue {
        let session = self.session(session, false);
        encode::record(&self.engine.findability(&session))
    }

    /// The `manage_connections` tool definition in `format`.
    #[wasm_bindgen(js_name = manageConnectionsTool)]
    pub fn manage_connections_tool(&self, format: &str) -> JsValue {
        let format = ToolFormat::parse(format).unwrap_or_default();
        encode::record(&self.engine.manage_connections_tool(format))
    }
}

impl WasmEngine {
    /// The engine's session for the facade's session value; the tools' JSON
    /// lengths are read only when `with_sizes` (assembly needs them).
    fn session(&self, value: &SessionValue, with_sizes: bool) -> Session {
        let sizes = if with_sizes {
            value.sizes()
        } else {
            Vec::new()
        };
        self.engine.session(
            value.ids(),
            decode::declared(&value.declared()),
            Box::new(JsSessionSource::new(value.tools(), value.toolsets(), sizes)),
        )
    }
}

/// A server's tools as session parts (`McpImport`, see
/// `crate::session::mcp::import_tools`): `tools` holds each tool's JSON text (or NUL
/// and why it has none), `taken` the names other servers already use.
#[wasm_bindgen(js_name = fromMcp)]
#[allow(unreachable_pub)] // exported to JavaScript
pub fn from_mcp(server: &str, tools: Vec<String>, taken: Vec<String>) -> JsValue {
    let tools = tools.iter().map(|text| decode::tool(text)).collect();
    encode::record(&crate::session::mcp::import_tools(server, tools, &taken))
}

/// Several servers' tools as the session parts of each (see
/// `crate::session::mcp::import_servers`): `tools` holds every server's
/// tools' JSON texts in turn, `counts` how many each server has.
#[wasm_bindgen(js_name = fromMcpServers)]
#[allow(unreachable_pub)] // exported to JavaScript
pub fn from_mcp_servers(servers: Vec<String>, tools: Vec<String>, counts: Vec<u32>) -> JsValue {
    let mut texts = tools.iter();
    let servers = servers
        .into_iter()
        .zip(counts)
        .map(|(server, count)| {
            let tools = texts.by_ref().take(count as usize).map(|t| decode::tool(t));
            (server, tools.collect())
        })
        .collect();
    encode::record(&crate::session::mcp::import_servers(servers))
}

/// Stemmed tokens of `text` (spec §5.4).
#[wasm_bindgen]
#[allow(unreachable_pub)] // exported to JavaScript
pub fn tokenize(text: &str) -> Vec<String> {
    crate::search::tokenize(text)
}

/// True for a name reserved for the bridges (`reserved::is_reserved`).
#[wasm_bindgen(js_name = isReservedName)]
#[allow(unreachable_pub)] // exported to JavaScript
pub fn is_reserved_name(name: &str) -> bool {
    crate::reserved::is_reserved(name)
}

/// The package version.
#[wasm_bindgen]
#[allow(unreachable_pub)] // exported to JavaScript
pub fn version() -> String {
    crate::version().to_owned()
}
