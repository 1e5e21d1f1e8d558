//! `Engine`: the library in Rust. It owns the resolved configuration, turns a
//! host session into a [`Session`], prepares it once per distinct tool list,
//! and answers each JavaScript call through the bridge modules.

mod intern;

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{Map, Value};

use crate::assemble::{assemble, AssembleOptions, Assembly, AssemblyInput};
use crate::bridge::answer::Answer;
use crate::bridge::args::MAX_ITEM_CHARS;
use crate::bridge::call::{self, Resolution};
use crate::bridge::guard::Guard;
use crate::bridge::manage::manage_connections_tool;
use crate::bridge::messages;
use crate::bridge::{describe, dispatch, search, Turn};
use crate::classify::{Classifier, DEFAULT_DIRECT_SURFACE_TOOLSETS};
use crate::config::{Config, Ranking};
use crate::connectors::{CallContext, Timeouts};
use crate::engine::intern::Interner;
use crate::enhanced::semantic::{Semantic, SemanticOptions};
use crate::findability::{self, Findability};
use crate::host::Host;
use crate::prepared::Prepared;
use crate::ranking::Explanation;
use crate::session::rows::tool_rows;
use crate::session::tooldef::{name_of, ToolDef, ToolFormat};
use crate::session::{DeclaredSource, JsonSession, Session, SessionSource, SessionTool};
use crate::snapshot::Refusal as SnapshotRefusal;

/// Prepared sessions kept for reuse (a main agent and a few sub-agents).
const PREPARED_CACHE: usize = 4;

/// Most tools one explanation covers; its query is read up to the bridges'
/// longest query.
pub(crate) const EXPLAIN_MAX_TOOLS: usize = 100;

/// What an engine is built from (`pkg/toolsearch.d.ts`, `new ToolSearch(options)`): the
/// host's configuration and tool lists, as JSON values.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The `tools.tool_search` value.
    pub config: Value,
    /// The `tools.connectors` value.
    pub connectors: Value,
    /// Tools that never defer unless named in `defer`.
    pub core_tools: Vec<String>,
    /// Toolsets that stay direct; `None` for the default three.
    pub direct_surface_toolsets: Option<Vec<String>>,
    /// Gateway timeouts in milliseconds (`{search, schemas, execute,
    /// connections}`); the spec's values where absent.
    pub timeouts: Value,
    /// How the semantic leg is fused (`{weight?, rescue?}`), when the host
    /// embeds.
    pub semantic: Value,
}

/// A prepared tool list: its ids and read tools, which the sessions of the
/// same list share, and what it implies.
struct PreparedList {
    ids: Rc<[u32]>,
    tools: Rc<[Rc<SessionTool>]>,
    prepared: Rc<Prepared>,
}

impl PreparedList {
    /// True when `session` is of this list.
    fn holds(&self, session: &Session) -> bool {
        Rc::ptr_eq(&self.tools, &session.tools) || same_ids(&self.ids, &session.ids)
    }
}

/// `a == b`, an element at a time: slice equality is a byte-wise `memcmp`
/// in wasm, and a prepared list is compared on every call.
fn same_ids(a: &[u32], b: &[u32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// The tool-search engine of one `ToolSearch` instance.
pub struct Engine {
    config: Config,
    classifier: Classifier,
    timeouts: Timeouts,
    interner: RefCell<Interner>,
    prepared: RefCell<Vec<PreparedList>>,
    semantic: Semantic,
    guard: Guard,
}

impl Engine {
    /// Resolves the options; never fails (spec §2).
    pub fn new(options: &Options) -> Engine {
        let config = Config::resolve(&options.config, &options.connectors);
        let direct = options.direct_surface_toolsets.clone().unwrap_or_else(|| {
            DEFAULT_DIRECT_SURFACE_TOOLSETS
                .iter()
                .map(|s| s.to_string())
                .collect()
        });
        Engine {
            classifier: Classifier::new(&config.defer, &options.core_tools, &direct),
            timeouts: Timeouts::read(&options.timeouts),
            config,
            interner: RefCell::new(Interner::default()),
            prepared: RefCell::new(Vec::new()),
            guard: Guard::default(),
            semantic: Semantic::new(SemanticOptions::read(&options.semantic)),
        }
    }

    /// The resolved configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Interns one session tool; see [`Interner`].
    pub(crate) fn intern(&self, tool: SessionTool) -> u32 {
        self.interner.borrow_mut().intern(tool)
    }

    /// Interns the tools of `rows` (tool rows, `session::rows`, as the
    /// package's facade writes them): one id per row.
    pub fn intern_rows(&self, rows: &str) -> Vec<u32> {
        let tools: Vec<SessionTool> = tool_rows(rows).collect();
        let mut interner = self.interner.borrow_mut();
        // Room for all of them at once.
        interner.reserve(tools.len());
        tools
            .into_iter()
            .map(|tool| interner.intern(tool))
            .collect()
    }

    /// Number of interned tools.
    pub fn interned(&self) -> usize {
        self.interner.borrow().len()
    }

    /// Forgets interned tools and prepared sessions.
    pub fn clear(&self) {
        self.interner.borrow_mut().clear();
        self.prepared.borrow_mut().clear();
        self.semantic.clear();
    }

    /// A session from interned ids, the declared rows and the raw source.
    /// The ids of a prepared list take its ids and tools as they are, so
    /// that a turn on an unchanged catalog reads no tool.
    pub(crate) fn session(
        &self,
        ids: Vec<u32>,
        declared: Vec<DeclaredSource>,
        source: Box<dyn SessionSource>,
    ) -> Session {
        let known = self
            .prepared
            .borrow()
            .iter()
            .find(|list| same_ids(&list.ids, &ids))
            .map(|list| (Rc::clone(&list.ids), Rc::clone(&list.tools)));
        let (ids, tools) = known.unwrap_or_else(|| {
            let interner = self.interner.borrow();
            let tools = ids.iter().map(|&id| interner.get(id)).collect();
            (ids.into(), tools)
        });
        Session {
            ids,
            tools,
            declared,
            source,
        }
    }

    /// A session from its JSON form (`pkg/toolsearch.d.ts`, `Session`); `Err` when it is not
    /// an object. Missing or ill-typed members read as empty.
    pub fn session_from_json(&self, session: &Value) -> Result<Session, String> {
        let Value::Object(session) = session else {
            return Err(format!(
                "session must be an object, got {}",
                json_type(session)
            ));
        };
        let tools = match session.get("tools") {
            Some(Value::Array(tools)) => tools.clone(),
            _ => Vec::new(),
        };
        let member = |key: &str| match session.get(key) {
            Some(Value::Object(map)) => map.clone(),
            _ => Map::new(),
        };
        let (toolsets, owners) = (member("toolsets"), member("owners"));
        let ids = tools
            .iter()
            .map(|tool| {
                let name = name_of(tool);
                let text = |map: &Map<String, Value>| map.get(name)?.as_str().map(str::to_owned);
                self.intern(SessionTool {
                    def: ToolDef::read(tool),
                    toolset: text(&toolsets),
                    owner: text(&owners).filter(|owner| !owner.is_empty()),
                })
            })
            .collect();
        let declared = DeclaredSource::read_all(session.get("declaredSources"));
        Ok(self.session(ids, declared, Box::new(JsonSession { tools, toolsets })))
    }

    /// What the session's tool list implies, reused while the list is unchanged.
    pub fn prepare(&self, session: &Session) -> Rc<Prepared> {
        let mut cache = self.prepared.borrow_mut();
        if let Some(at) = cache.iter().position(|list| list.holds(session)) {
            let hit = cache.remove(at);
            let prepared = Rc::clone(&hit.prepared);
            cache.insert(0, hit);
            return prepared;
        }
        drop(cache);
        let prepared = Rc::new(Prepared::new(
            session,
            &self.classifier,
            self.config.connectors.enabled,
        ));
        self.remember(session, Rc::clone(&prepared));
        prepared
    }

    /// Keeps `prepared` as the session's, first in the cache.
    fn remember(&self, session: &Session, prepared: Rc<Prepared>) {
        let mut cache = self.prepared.borrow_mut();
        cache.retain(|list| !list.holds(session));
        cache.insert(
            0,
            PreparedList {
                ids: Rc::clone(&session.ids),
                tools: Rc::clone(&session.tools),
                prepared,
            },
        );
        cache.truncate(PREPARED_CACHE);
    }

    /// Builds what the session's calls read: its catalog with the search
    /// index, and under the enhanced ranking the enhanced index too, so that
    /// a host can pay for them before its first turn.
    pub fn warm(&self, session: &Session) {
        let prepared = self.prepare(session);
        if self.config.ranking == Ranking::Enhanced {
            prepared.enhanced_index();
        }
    }

    /// The session's search indexes as bytes for a host's cache (with the
    /// enhanced index under the enhanced ranking); see
    /// [`Engine::import_index`].
    pub fn export_index(&self, session: &Session) -> Vec<u8> {
        self.prepare(session)
            .snapshot(self.config.ranking == Ranking::Enhanced)
    }

    /// Restores the session's search indexes from `bytes`, so that its
    /// first search builds none. A refused snapshot is not used: the session
    /// is prepared as usual, its indexes built from its tools. A session
    /// prepared already keeps what it has built.
    pub fn import_index(&self, session: &Session, bytes: &[u8]) -> Result<(), SnapshotRefusal> {
        let cached = self
            .prepared
            .borrow()
            .iter()
            .find(|list| list.holds(session))
            .map(|list| Rc::clone(&list.prepared));
        if let Some(prepared) = cached {
            return prepared.adopt(bytes);
        }
        let restored = Prepared::restore(
            session,
            &self.classifier,
            self.config.connectors.enabled,
            bytes,
        );
        match restored {
            Ok(prepared) => {
                self.remember(session, Rc::new(prepared));
                Ok(())
            }
            Err(refusal) => {
                self.prepare(session);
                Err(refusal)
            }
        }
    }

    /// The model-visible tool array (spec §4).
    pub fn assemble(&self, session: &Session, options: AssembleOptions) -> Assembly {
        let prepared = self.prepare(session);
        let input = AssemblyInput {
            config: &self.config,
            session,
            visible: &prepared.split.visible,
            deferrable: &prepared.split.deferrable,
            connections_granted: prepared.connections_granted,
            unregistered: prepared
                .split
                .visible
                .iter()
                .map(|&i| &session.tools[i])
                .filter(|t| t.toolset.is_none() && !self.classifier.is_core(&t.def.name))
                .count(),
        };
        assemble(input, options, |budget, loading| {
            prepared
                .blocks(session, messages::listing_words(loading))
                .render(budget)
        })
    }

    /// Why tools rank as they do for `query` (spec §6): the query's tokens,
    /// gate and floor, and per tool its verdict, score and the contribution of
    /// each query term. Explains the top `limit` tools, or the tools `names`
    /// (at most [`EXPLAIN_MAX_TOOLS`] either way), for the query's first
    /// [`MAX_ITEM_CHARS`] characters.
    pub fn explain(
        &self,
        query: &str,
        session: &Session,
        names: Option<&[String]>,
        limit: usize,
    ) -> Explanation {
        let prepared = self.prepare(session);
        let query = &crate::text::clip(query, MAX_ITEM_CHARS, "");
        let limit = limit.min(EXPLAIN_MAX_TOOLS);
        let names = names.map(|n| &n[..n.len().min(EXPLAIN_MAX_TOOLS)]);
        prepared.ranker(&self.config).explain(query, names, limit)
    }

    /// Which deferred tools of `session` a model would not find with their
    /// own words, with near-duplicates and thin descriptions
    /// (`findability`).
    pub fn findability(&self, session: &Session) -> Findability {
        findability::report(&self.prepare(session), &self.config)
    }

    /// What a tool_call means (spec §10.1-10.3), a local call's arguments
    /// coerced as tool_call runs them (§10.7); pure, nothing runs.
    pub fn resolve_tool_call(&self, args: &str, session: &Session) -> Resolution {
        let prepared = self.prepare(session);
        call::resolve_as_run(args, &self.classifier, session, &prepared, &self.config)
    }

    /// `tool_search` (spec §8): its answer, with the names it matched.
    pub async fn tool_search<H: Host>(
        &self,
        args: &str,
        session: &Session,
        host: &H,
        context: &CallContext,
    ) -> Answer<H::Returned> {
        let prepared = self.prepare(session);
        search::tool_search(&self.turn(session, &prepared, host, context), args).await
    }

    /// `tool_describe` (spec §9): its answer.
    pub async fn tool_describe<H: Host>(
        &self,
        args: &str,
        session: &Session,
        host: &H,
        context: &CallContext,
    ) -> Answer<H::Returned> {
        let prepared = self.prepare(session);
        describe::tool_describe(&self.turn(session, &prepared, host, context), args).await
    }

    /// `tool_call` (spec §10.4-10.5, §11.9): resolve, check the session's
    /// scope, validate, then run the tool through the host (or the gateway).
    pub async fn tool_call<H: Host>(
        &self,
        args: &str,
        session: &Session,
        host: &H,
        context: &CallContext,
    ) -> Answer<H::Returned> {
        let prepared = self.prepare(session);
        dispatch::tool_call(&self.turn(session, &prepared, host, context), args).await
    }

    /// Runs the bridge tool `name` (`None` for any other name: the host runs
    /// its own tools).
    pub async fn handle<H: Host>(
        &self,
        name: &str,
        args: &str,
        session: &Session,
        host: &H,
        context: &CallContext,
    ) -> Option<Answer<H::Returned>> {
        let prepared = self.prepare(session);
        dispatch::handle(&self.turn(session, &prepared, host, context), name, args).await
    }

    /// A deferred tool called by its own name, as a provider's deferred
    /// loading lets the model call it: validated and run as `tool_call`
    /// runs it (`None` when `name` is no deferred tool of the session).
    pub async fn run_loaded<H: Host>(
        &self,
        name: &str,
        args: &str,
        session: &Session,
        host: &H,
        context: &CallContext,
    ) -> Option<Answer<H::Returned>> {
        let prepared = self.prepare(session);
        dispatch::run_loaded(&self.turn(session, &prepared, host, context), name, args).await
    }

    /// The `manage_connections` tool definition, for hosts that offer it.
    pub fn manage_connections_tool(&self, format: ToolFormat) -> Value {
        manage_connections_tool(format)
    }

    fn turn<'a, H>(
        &'a self,
        session: &'a Session,
        prepared: &'a Prepared,
        host: &'a H,
        context: &'a CallContext,
    ) -> Turn<'a, H> {
        Turn {
            config: &self.config,
            classifier: &self.classifier,
            timeouts: &self.timeouts,
            session,
            prepared,
            host,
            context,
            semantic: &self.semantic,
            guard: &self.guard,
        }
    }
}

/// The JSON type name of a value, for error messages.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}
