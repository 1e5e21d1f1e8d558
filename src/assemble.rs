//! Assembly of the model-visible tool array (spec §4): visible tools
//! unchanged, then the three bridge tools with the listing of what deferred.

use serde::Serialize;

use crate::bridge::modes::Loading;
use crate::bridge::schemas::{bridge_tools, SearchBridge};
use crate::config::{Config, TriState};
use crate::listing::{context_share, listing_budget, ListingForm};
use crate::reserved::is_bridge;
use crate::session::tooldef::ToolFormat;
use crate::session::Session;
use crate::text::{clip, estimate_tokens};

/// The host's assembly options (`pkg/toolsearch.d.ts`, `assemble(session, options)`).
#[derive(Debug, Clone, Copy, Default)]
pub struct AssembleOptions {
    /// The model's context length in tokens; `None` when unknown.
    pub context_length: Option<f64>,
    /// The shape of the bridge tools.
    pub format: ToolFormat,
    /// The provider loads deferred tools itself (its `defer_loading`): the
    /// bridge is `tool_search` alone, worded for tools it loads, and
    /// connectors are left out (no `tool_call` would reach them).
    pub defer_loading: bool,
}

/// The assembled array and what it cost (`pkg/toolsearch.d.ts`, `assemble` result).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Assembly {
    /// Positions in `session.tools` of the tools passed through, in order.
    pub visible: Vec<usize>,
    /// The bridge tools as JSON text of an array (empty array when not activated).
    #[serde(skip)]
    pub bridge: String,
    /// The bridge was assembled.
    pub activated: bool,
    /// 0 pass-through; 1 bridge with a per-tool listing; 2 bare bridge, groups
    /// only, or connectors only.
    pub tier: u8,
    /// How much of the catalog the listing shows.
    pub listing_form: ListingForm,
    /// Deferrable tools.
    pub deferred_count: usize,
    /// `ceil(compact JSON characters of the deferrable tools / 4)`.
    pub deferred_tokens: usize,
    /// The listing budget when activated, else `⌊context × pct / 100⌋`.
    pub threshold_tokens: usize,
    /// What the host may not have meant: visible tools that could defer
    /// but have no toolset.
    pub warnings: Vec<String>,
}

/// What assembly needs of a prepared session.
pub(crate) struct AssemblyInput<'a> {
    /// The resolved configuration.
    pub config: &'a Config,
    /// The session.
    pub session: &'a Session,
    /// Visible positions (bridge-named tools excluded).
    pub visible: &'a [usize],
    /// Deferrable positions.
    pub deferrable: &'a [usize],
    /// Connectors are in scope for this session.
    pub connections_granted: bool,
    /// Visible tools with no toolset that are not core tools: they stay
    /// visible only because nothing registers them.
    pub unregistered: usize,
}

/// Assembles the tool array (§4.2). `listing` renders the listing for a
/// budget; the engine passes a cached renderer.
pub(crate) fn assemble(
    input: AssemblyInput,
    options: AssembleOptions,
    listing: impl FnOnce(usize, Loading) -> (Option<String>, ListingForm),
) -> Assembly {
    let config = input.config;
    let loading = if options.defer_loading {
        Loading::Provider
    } else {
        Loading::Bridges
    };
    let connections_granted = input.connections_granted && loading == Loading::Bridges;
    let session = input.session;
    let incoming: Vec<usize> = (0..session.tools.len())
        .filter(|&i| !is_bridge(&session.tools[i].def.name))
        .collect();
    let deferred_chars: usize = input
        .deferrable
        .iter()
        .map(|&i| session.source.json_chars(i))
        .sum();
    let deferred_tokens = estimate_tokens(deferred_chars);
    let mut warnings = unregistered_warning(input.unregistered, incoming.len());
    warnings.extend(schemaless_warning(session, input.deferrable));
    let pass_through = |deferred_count| Assembly {
        visible: incoming.clone(),
        bridge: "[]".to_owned(),
        activated: false,
        tier: 0,
        listing_form: ListingForm::None,
        deferred_count,
        deferred_tokens,
        threshold_tokens: context_share(options.context_length, config.threshold_pct),
        warnings: warnings.clone(),
    };
    let enabled = config.enabled != TriState::Off;
    let budget = listing_budget(
        options.context_length,
        config.threshold_pct,
        config.listing_max_tokens,
    );
    let bridge = |deferred_count, listing: Option<(&str, ListingForm)>| {
        let tools = bridge_tools(
            SearchBridge {
                deferred_count,
                listing,
                connections_granted,
                loading,
                ranking: config.ranking,
                default_limit: config.search_default_limit,
                max_limit: config.max_search_limit,
            },
            options.format,
        );
        serde_json::to_string(&tools).unwrap_or_else(|_| "[]".to_owned())
    };
    if input.deferrable.is_empty() {
        if enabled && connections_granted {
            return Assembly {
                visible: incoming.clone(),
                bridge: bridge(0, None),
                activated: true,
                tier: 2,
                listing_form: ListingForm::None,
                deferred_count: 0,
                deferred_tokens,
                threshold_tokens: budget,
                warnings,
            };
        }
        return pass_through(0);
    }
    if !enabled {
        return pass_through(input.deferrable.len());
    }
    let (text, form) = if config.listing == TriState::Off {
        (None, ListingForm::None)
    } else {
        listing(budget, loading)
    };
    let shown = text.as_deref().map(|t| (t, form));
    Assembly {
        visible: input.visible.to_vec(),
        bridge: bridge(input.deferrable.len(), shown),
        activated: true,
        tier: if matches!(
            form,
            ListingForm::Full | ListingForm::Names | ListingForm::Mixed
        ) {
            1
        } else {
            2
        },
        listing_form: form,
        deferred_count: input.deferrable.len(),
        deferred_tokens,
        threshold_tokens: budget,
        warnings,
    }
}

/// Names a warning lists at most.
const WARNING_NAMES: usize = 5;
/// Characters of each name a warning keeps.
const WARNING_NAME_CHARS: usize = 80;

/// The warning for deferrable tools whose parameters schema is in no place
/// any accepted shape keeps one ([`ToolDef::schema_missing`]): described
/// without one, called unchecked.
///
/// [`ToolDef::schema_missing`]: crate::session::tooldef::ToolDef::schema_missing
fn schemaless_warning(session: &Session, deferrable: &[usize]) -> Option<String> {
    let mut missing = deferrable
        .iter()
        .map(|&i| &session.tools[i].def)
        .filter(|def| def.schema_missing);
    let names: Vec<String> = missing
        .by_ref()
        .take(WARNING_NAMES)
        .map(|def| clip(&def.name, WARNING_NAME_CHARS, "…"))
        .collect();
    let more = missing.count();
    if names.is_empty() {
        return None;
    }
    let count = names.len() + more;
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    Some(format!(
        "{count} deferred tools ({}{more}) have no parameters schema where a known shape keeps it (function.parameters, parameters, inputSchema or input_schema), so tool_describe shows none and tool_call cannot check their arguments; give each its schema in one of those places",
        names.join(", ")
    ))
}

/// The warning for `count` of `total` tools that stay visible only because
/// no toolset registers them (a session built without `toolsets`).
fn unregistered_warning(count: usize, total: usize) -> Vec<String> {
    if count == 0 {
        return Vec::new();
    }
    vec![format!(
        "{count} of {total} tools have no toolset in session.toolsets and are not named in config.defer, so they stay visible and cannot be searched; give MCP tools the toolset mcp-<server> (ToolSearch.fromMcp does), and name the tools meant to stay visible in coreTools"
    )]
}
