//! The bridge tools' own descriptions and parameters (§4.4) and the listing's words (§7): part of the cached prompt prefix.

use crate::bridge::modes::Loading;
use crate::config::Ranking;
use crate::listing::ListingWords;

/// The words of the listing in the `tool_search` description (§7).
pub(crate) const LISTING: ListingWords = ListingWords {
    header: "Deferred tools (load a schema with `tool_describe`, then invoke with `tool_call`):",
    heading: listing_heading,
    summary: listing_summary,
    unavailable: listing_unavailable,
};

/// The listing's words when the provider loads the tools search finds.
pub(crate) const LISTING_PROVIDER: ListingWords = ListingWords {
    header: "Deferred tools (found by `tool_search`, which loads them for you to call):",
    ..LISTING
};

/// The listing's words for `loading`.
pub(crate) fn listing_words(loading: Loading) -> &'static ListingWords {
    match loading {
        Loading::Bridges => &LISTING,
        Loading::Provider => &LISTING_PROVIDER,
    }
}

pub(super) fn listing_heading(label: &str, count: usize) -> String {
    format!("{label} tools ({count}):")
}

pub(super) fn listing_summary(label: &str, count: usize) -> String {
    format!("{label} ({count} tools \u{2014} names not listed; discover via `tool_search`)")
}

pub(super) fn listing_unavailable(name: &str, count: Option<u64>, why: &str) -> String {
    match count {
        Some(count) => format!("{name} ({count} tools unavailable: {why})"),
        None => format!("{name} (tools unavailable: {why})"),
    }
}

/// The opening sentence of `tool_search` with deferred tools.
pub(crate) fn search_opening(deferred_count: usize) -> String {
    format!("Search {deferred_count} more tools that are loaded on demand.")
}

/// The opening sentence of `tool_search` with connector tools only.
pub(crate) const SEARCH_CONNECTORS_ONLY: &str =
    "Search remote connector tools (email, calendars, issue trackers and more).";

/// How to write `tool_search` queries, after its opening sentence.
pub(super) const SEARCH_USAGE: &str = " Pass `queries`, a list of keyword queries searched in parallel against one catalog, one query per capability you need. Write each as app or service + action + object (good: \"github create issue\", \"slack post message\"; bad: \"can you help me file a bug\"). Every word counts: a query with a word that no tool contains returns nothing. The result lists the matching names per query plus one shared map of short descriptions; load full schemas with tool_describe, then invoke with tool_call. Tools already in your tool list need no search.";

/// How to write `tool_search` queries when the provider loads what it finds.
pub(super) const SEARCH_USAGE_PROVIDER: &str = " Pass `queries`, a list of keyword queries searched in parallel against one catalog, one query per capability you need. Write each as app or service + action + object (good: \"github create issue\", \"slack post message\"; bad: \"can you help me file a bug\"). Every word counts: a query with a word that no tool contains returns nothing. The tools it finds are loaded into your tool list; call them there as usual. Tools already in your tool list need no search.";

/// How to write `tool_search` queries for the enhanced ranking, up to what
/// happens to the tools found.
pub(super) const SEARCH_USAGE_ENHANCED: &str = " Pass `queries`, searched in parallel: write each in the user's own words or as keywords, in English, Chinese, Japanese, Korean, German, French, Spanish, Italian or Portuguese, one query for each thing a request needs. Each group lists matching names, best first, with a `confidence`: \"low\" means no tool clearly does it, so read the descriptions of its matches before calling one, and tell the user if none fits.";

/// The enhanced wording's end, when the model loads the tools.
pub(super) const SEARCH_USAGE_ENHANCED_BRIDGES: &str = " One shared map gives short descriptions; load full schemas with tool_describe, then invoke with tool_call. Tools already in your tool list need no search.";

/// The enhanced wording's end, when the provider loads the tools.
pub(super) const SEARCH_USAGE_ENHANCED_PROVIDER: &str = " The tools it finds are loaded into your tool list; call them there. Tools already in your tool list need no search.";

/// How to write `tool_search` queries for `ranking`, when `loading` loads
/// what it finds: the spec's keyword advice for the reference ranking.
pub(crate) fn search_usage(ranking: Ranking, loading: Loading) -> String {
    match (ranking, loading) {
        (Ranking::Reference, Loading::Bridges) => SEARCH_USAGE.to_owned(),
        (Ranking::Reference, Loading::Provider) => SEARCH_USAGE_PROVIDER.to_owned(),
        (Ranking::Enhanced, Loading::Bridges) => {
            format!("{SEARCH_USAGE_ENHANCED}{SEARCH_USAGE_ENHANCED_BRIDGES}")
        }
        (Ranking::Enhanced, Loading::Provider) => {
            format!("{SEARCH_USAGE_ENHANCED}{SEARCH_USAGE_ENHANCED_PROVIDER}")
        }
    }
}

/// `tool_search` description: connector names, when connections are granted.
pub(crate) const CONNECTOR_SENTENCE: &str = " Names starting with `connectors__` are tools of the user's remote connector accounts; `manage_connections` checks their connection state and returns the link that authorizes an app.";

/// Before a listing of server groups (§7.4).
pub(crate) const GROUPS_PARAGRAPH: &str = "The servers below are connected and their tools ARE available through this bridge. For any request in these domains, search here first: do not claim a capability is unavailable, and do not fall back to a generic tool (terminal, browser) without searching.";

/// Before a listing of names.
pub(crate) const LISTED_PARAGRAPH: &str = "Every deferred capability is listed below. Never claim a listed tool is unavailable. When you can see the exact name you need, load it with tool_describe directly and skip tool_search.";

/// Before a listing of names, when the provider loads what search finds.
pub(crate) const LISTED_PARAGRAPH_PROVIDER: &str = "Every deferred capability is listed below. Never claim a listed tool is unavailable. To use one, search for it by its name or words first: that loads it.";

/// After [`LISTED_PARAGRAPH`] in the mixed form: summarised servers have tools too.
pub(crate) const MIXED_SENTENCE: &str = " Servers marked \"names not listed\" have tools too: find them with tool_search before concluding that anything is missing.";

/// The `tool_describe` description.
pub(crate) const DESCRIBE_DESCRIPTION: &str = "Load the full JSON schemas of tools that tool_search returned. Call it before tool_call whenever you do not know a tool's parameters, and put every name you need in one call.";

/// The `tool_call` description.
pub(crate) const CALL_DESCRIPTION: &str = "Invoke deferred tools. `calls` is an array of {name, arguments}, one entry per invocation; a single call is an array of one. A local tool takes exactly one entry per tool_call. Only names starting with `connectors__` may be batched: a batch that mixes them with local tools, or holds several local tools, is rejected. Connector entries run one at a time and their results come back in input order. Arguments follow each tool's schema (see tool_describe). Policy, hooks and approvals apply as for tools called directly.";

/// `tool_search` `queries`.
pub(super) const QUERIES_PARAMETER: &str = "Keyword queries, one per capability: app or service + action + object, not sentences. Every word must appear in tool text. Searched in parallel; results are grouped per query. A single string counts as one query.";

/// `tool_search` `queries` under the enhanced ranking.
pub(super) const QUERIES_PARAMETER_ENHANCED: &str = "What you need, one query per thing, in the user's own words or as keywords. A single string counts as one query.";

/// `tool_search` `queries` for `ranking`.
pub(crate) fn queries_parameter(ranking: Ranking) -> &'static str {
    match ranking {
        Ranking::Reference => QUERIES_PARAMETER,
        Ranking::Enhanced => QUERIES_PARAMETER_ENHANCED,
    }
}

/// `tool_search` `limit`, with the configured default and maximum.
pub(crate) fn limit_parameter(default: usize, max: usize) -> String {
    format!("Matches per query (default {default}, max {max}).")
}

/// `tool_describe` `names`.
pub(crate) const NAMES_PARAMETER: &str =
    "Exact tool names as tool_search returned them. A single string counts as one name.";

/// `tool_call` `calls`.
pub(crate) const CALLS_PARAMETER: &str =
    "One local tool invocation, or one or more connector invocations; never both.";

/// `tool_call` `calls[].name`.
pub(crate) const CALL_NAME_PARAMETER: &str = "Exact tool name.";

/// `tool_call` `calls[].arguments`.
pub(crate) const CALL_ARGUMENTS_PARAMETER: &str = "Arguments matching the tool's schema.";

/// The `manage_connections` description.
pub(crate) const MANAGE_DESCRIPTION: &str = "Check and manage the user's app connections. status shows which apps are connected (a call to an app that is not connected returns CONNECTION_REQUIRED); connect and reconnect authorize an app; rename changes an account alias. It cannot disconnect accounts: that is done in the account portal.";

/// `manage_connections` `action`.
pub(crate) const MANAGE_ACTION_PARAMETER: &str = "status (default) lists apps and whether they are connected; connect or reconnect authorizes an app; rename changes an account's alias; install, enable and authorize act on local MCP servers.";

/// `manage_connections` `connectors`.
pub(crate) const MANAGE_CONNECTORS_PARAMETER: &str = "Apps (connector slugs such as \"gmail\"), or {name, alias?, to?}; {name, mcp: true} for a local MCP server.";

/// `manage_connections` `force`.
pub(crate) const MANAGE_FORCE_PARAMETER: &str =
    "reconnect only: start over even if the app is connected.";
