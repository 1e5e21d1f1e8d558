//! `Engine`: the library in Rust. It owns the resolved configuration, turns a
//! host session into a [`Session`], and answers each JavaScript call.

use std::cell::RefCell;
use std::rc::Rc;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::assemble::{assemble, listing_blocks, AssembleOptions, Assembly, AssemblyInput};
use crate::bridge::call::{self, Resolution};
use crate::bridge::{describe, messages, search, validate};
use crate::catalog::Catalog;
use crate::classify::{Classifier, Split, DEFAULT_DIRECT_SURFACE_TOOLSETS};
use crate::config::Config;
use crate::host::{Host, HostError};
use crate::intern::Interner;
use crate::listing::Blocks;
use crate::names::{MANAGE_CONNECTIONS, TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH};
use crate::search::{DocumentReport, QueryReport};
use crate::session::{DeclaredSource, JsonSession, Session, SessionSource, SessionTool};
use crate::tooldef::{name_of, ToolDef};

/// Prepared sessions kept for reuse (a main agent and a few sub-agents).
const PREPARED_CACHE: usize = 4;

/// Constructor options (API.md `new ToolSearch(options)`), as JSON values.
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
}

/// What one session's tool list implies, computed once per distinct list.
#[derive(Debug)]
pub struct Prepared {
    /// Visible and deferrable positions.
    pub split: Split,
    /// The deferrable tools, searchable.
    pub catalog: Catalog,
    /// `manage_connections` is among the session's tools and connectors are allowed.
    pub connections_granted: bool,
    /// Listing blocks for the declared rows they were built with.
    listing: RefCell<Option<(Vec<DeclaredSource>, Rc<Blocks>)>>,
}

impl Prepared {
    /// The listing blocks of this catalog with `declared` rows, reused while
    /// the rows are unchanged.
    fn blocks(&self, session: &Session) -> Rc<Blocks> {
        if let Some((declared, blocks)) = &*self.listing.borrow() {
            if *declared == session.declared {
                return Rc::clone(blocks);
            }
        }
        let blocks = Rc::new(listing_blocks(&self.catalog, session));
        *self.listing.borrow_mut() = Some((session.declared.clone(), Rc::clone(&blocks)));
        blocks
    }
}

/// A query's explanation (`ts.explain` in JavaScript).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explanation {
    /// The query as given.
    pub query: String,
    /// Tokens, gate, answerable terms and the floor.
    #[serde(flatten)]
    pub report: QueryReport,
    /// One report per explained tool.
    pub tools: Vec<ToolReport>,
}

/// One tool's part of an explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolReport {
    /// The tool name.
    pub name: String,
    /// Its 1-based rank among admitted tools, if admitted.
    pub rank: Option<usize>,
    /// Verdict, score, coverage and per-term contributions.
    #[serde(flatten)]
    pub document: DocumentReport,
}

/// The tool-search engine of one `ToolSearch` instance.
pub struct Engine {
    config: Config,
    classifier: Classifier,
    interner: RefCell<Interner>,
    prepared: RefCell<Vec<(Vec<u32>, Rc<Prepared>)>>,
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
            config,
            interner: RefCell::new(Interner::default()),
            prepared: RefCell::new(Vec::new()),
        }
    }

    /// The resolved configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Interns one session tool; see [`Interner`].
    pub fn intern(&self, tool: SessionTool) -> u32 {
        self.interner.borrow_mut().intern(tool)
    }

    /// Number of interned tools.
    pub fn interned(&self) -> usize {
        self.interner.borrow().len()
    }

    /// Forgets interned tools and prepared sessions.
    pub fn clear(&self) {
        self.interner.borrow_mut().clear();
        self.prepared.borrow_mut().clear();
    }

    /// A session from interned ids, the declared rows and the raw source.
    pub fn session(
        &self,
        ids: Vec<u32>,
        declared: Vec<DeclaredSource>,
        source: Box<dyn SessionSource>,
    ) -> Session {
        let interner = self.interner.borrow();
        let tools = ids.iter().map(|&id| interner.get(id)).collect();
        Session {
            ids,
            tools,
            declared,
            source,
        }
    }

    /// A session from its JSON form (API.md `Session`); `Err` when it is not
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
        if let Some(at) = cache.iter().position(|(ids, _)| *ids == session.ids) {
            let hit = cache.remove(at);
            let prepared = Rc::clone(&hit.1);
            cache.insert(0, hit);
            return prepared;
        }
        let split = self.classifier.split(&session.tools);
        let prepared = Rc::new(Prepared {
            catalog: Catalog::build(&session.tools, &split.deferrable),
            connections_granted: self.config.connectors.enabled
                && session.has_tool(MANAGE_CONNECTIONS),
            split,
            listing: RefCell::new(None),
        });
        cache.insert(0, (session.ids.clone(), Rc::clone(&prepared)));
        cache.truncate(PREPARED_CACHE);
        prepared
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
        };
        assemble(input, options, |budget| {
            prepared.blocks(session).render(budget)
        })
    }

    /// `tool_search` (spec §8): the JSON text the model reads.
    pub fn tool_search(&self, args: &str, session: &Session) -> String {
        let request = match search::SearchRequest::read(args, &self.config) {
            Ok(request) => request,
            Err(error) => return error,
        };
        let prepared = self.prepare(session);
        let catalog = &prepared.catalog;
        let groups = search::local_groups(catalog, &request);
        let summary = search::source_summary(catalog, &session.declared);
        search::render(&request, &groups, catalog.len(), &summary, None)
    }

    /// What a tool_call means (spec §10.1-10.3); pure, nothing runs.
    pub fn resolve_tool_call(&self, args: &str, session: &Session) -> Resolution {
        call::resolve(args, &self.classifier, session)
    }

    /// `tool_call` (spec §10.4-10.5): resolve, check the session's scope,
    /// validate, then run the tool through the host.
    pub async fn tool_call<H: Host>(&self, args: &str, session: &Session, host: &H) -> String {
        let (name, arguments) = match self.resolve_tool_call(args, session) {
            Resolution::Error { error } => return messages::error_json(&error),
            Resolution::Connectors { .. } => {
                return messages::error_json(messages::CONNECTORS_UNAVAILABLE)
            }
            Resolution::Local { name, arguments } => (name, arguments),
        };
        let position = match self.prepare(session).catalog.get(&name) {
            Some(entry) => entry.position,
            None => return messages::error_json(&messages::not_in_session_scope(&name)),
        };
        let def = session.source.def(position);
        let arguments = match validate::check(&name, def.as_ref(), &arguments) {
            Ok(arguments) => arguments,
            Err(error) => return error,
        };
        match host.execute_tool(&name, &arguments).await {
            Ok(text) => text,
            Err(HostError::Missing) => messages::error_json(&messages::no_executor(&name)),
            Err(HostError::Failed(reason)) => {
                messages::error_json(&messages::tool_failed(&name, &reason))
            }
        }
    }

    /// Runs the bridge tool `name` (`None` for any other name: the host runs
    /// its own tools).
    pub async fn handle<H: Host>(
        &self,
        name: &str,
        args: &str,
        session: &Session,
        host: &H,
    ) -> Option<String> {
        Some(match name {
            TOOL_SEARCH => self.tool_search(args, session),
            TOOL_DESCRIBE => self.tool_describe(args, session),
            TOOL_CALL => self.tool_call(args, session, host).await,
            _ => return None,
        })
    }

    /// Why tools rank as they do for `query` (spec §6): the query's tokens,
    /// gate and floor, and per tool its verdict, score and the contribution of
    /// each query term. Explains the top `limit` tools, or the tools `names`.
    pub fn explain(
        &self,
        query: &str,
        session: &Session,
        names: Option<&[String]>,
        limit: usize,
    ) -> Explanation {
        let prepared = self.prepare(session);
        let catalog = &prepared.catalog;
        let (report, documents) = catalog.explain(query, names, limit);
        let ranked: Vec<u32> = catalog
            .search(query, catalog.len())
            .iter()
            .map(|h| h.doc)
            .collect();
        let tools = documents
            .into_iter()
            .filter_map(|d| {
                let name = catalog.entries().get(d.doc as usize)?.name().to_owned();
                let rank = ranked.iter().position(|&r| r == d.doc).map(|p| p + 1);
                Some(ToolReport {
                    name,
                    rank,
                    document: d,
                })
            })
            .collect();
        Explanation {
            query: query.to_owned(),
            report,
            tools,
        }
    }

    /// `tool_describe` (spec §9): the JSON text the model reads.
    pub fn tool_describe(&self, args: &str, session: &Session) -> String {
        let names = match describe::read_names(args) {
            Ok(names) => names,
            Err(error) => return error,
        };
        let prepared = self.prepare(session);
        describe::describe(&names, &prepared.catalog, &self.classifier, session)
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
