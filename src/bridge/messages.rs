//! Every sentence the model can read, in one place: the bridge tools' errors
//! and hints, and the words for the typed errors of the layers below (host
//! callbacks, the connector gateway). Fragments that tests pin are marked;
//! the rest is our own wording of the spec's facts.

use std::fmt;

use serde_json::{Map, Value};

use super::error::{BridgeError, JsonError};
use super::modes::{Caller, Loading};

use crate::config::Ranking;
use crate::connectors::{CallError, Detail, Failure, LegFailure, NotConnected, Surface};
use crate::host::{CallbackError, Refusal};
use crate::listing::ListingWords;

/// Longest `error` text before it is cut (§14 `tool_error`).
const ERROR_TEXT_CHARS: usize = 2048;

/// `{"error": text}` with the text cut at 2,048 characters.
pub(crate) fn error_json(text: &str) -> String {
    let mut object = serde_json::Map::new();
    object.insert("error".into(), clip_error(text).into());
    serde_json::Value::Object(object).to_string()
}

/// The error text, cut at 2,048 characters with a truncation marker.
pub(crate) fn clip_error(text: &str) -> String {
    crate::text::clip(text, ERROR_TEXT_CHARS, "… [truncated]")
}

// The bridge tools' own descriptions (§4.4): part of the cached prompt prefix.

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

fn listing_heading(label: &str, count: usize) -> String {
    format!("{label} tools ({count}):")
}

fn listing_summary(label: &str, count: usize) -> String {
    format!("{label} ({count} tools \u{2014} names not listed; discover via `tool_search`)")
}

fn listing_unavailable(name: &str, count: Option<u64>, why: &str) -> String {
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
const SEARCH_USAGE: &str = " Pass `queries`, a list of keyword queries searched in parallel against one catalog, one query per capability you need. Write each as app or service + action + object (good: \"github create issue\", \"slack post message\"; bad: \"can you help me file a bug\"). Every word counts: a query with a word that no tool contains returns nothing. The result lists the matching names per query plus one shared map of short descriptions; load full schemas with tool_describe, then invoke with tool_call. Tools already in your tool list need no search.";

/// How to write `tool_search` queries when the provider loads what it finds.
const SEARCH_USAGE_PROVIDER: &str = " Pass `queries`, a list of keyword queries searched in parallel against one catalog, one query per capability you need. Write each as app or service + action + object (good: \"github create issue\", \"slack post message\"; bad: \"can you help me file a bug\"). Every word counts: a query with a word that no tool contains returns nothing. The tools it finds are loaded into your tool list; call them there as usual. Tools already in your tool list need no search.";

/// How to write `tool_search` queries for the enhanced ranking, up to what
/// happens to the tools found.
const SEARCH_USAGE_ENHANCED: &str = " Pass `queries`, searched in parallel: write each in the user's own words or as keywords, in English, Chinese, Japanese, Korean, German, French, Spanish, Italian or Portuguese, one query for each thing a request needs. Each group lists matching names, best first, with a `confidence`: \"low\" means no tool clearly does it, so read the descriptions of its matches before calling one, and tell the user if none fits.";

/// The enhanced wording's end, when the model loads the tools.
const SEARCH_USAGE_ENHANCED_BRIDGES: &str = " One shared map gives short descriptions; load full schemas with tool_describe, then invoke with tool_call. Tools already in your tool list need no search.";

/// The enhanced wording's end, when the provider loads the tools.
const SEARCH_USAGE_ENHANCED_PROVIDER: &str = " The tools it finds are loaded into your tool list; call them there. Tools already in your tool list need no search.";

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
const QUERIES_PARAMETER: &str = "Keyword queries, one per capability: app or service + action + object, not sentences. Every word must appear in tool text. Searched in parallel; results are grouped per query. A single string counts as one query.";

/// `tool_search` `queries` under the enhanced ranking.
const QUERIES_PARAMETER_ENHANCED: &str = "What you need, one query per thing, in the user's own words or as keywords. A single string counts as one query.";

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

// Errors and hints of the bridge tools.

/// The arguments string did not parse.
fn args_not_json(error: &JsonError) -> String {
    format!("the arguments are not valid JSON: {}", json_error(error))
}

/// What the JSON parser found wrong.
fn json_error(error: &JsonError) -> &str {
    match error {
        JsonError::TooDeep => NESTED_TOO_DEEP,
        JsonError::Syntax(detail) => detail,
    }
}

/// The host's arguments object could not be written as JSON.
fn args_unserialisable(reason: &str) -> String {
    let reason = if reason.is_empty() {
        UNREADABLE_THROWN
    } else {
        reason
    };
    format!("the arguments cannot be read as JSON ({reason}); send plain JSON values: no BigInt, no cycles, at most 128 levels of nesting")
}

/// JSON nested deeper than the parser reads.
const NESTED_TOO_DEEP: &str = "it is nested more than 128 levels deep";

/// One item of a list argument is longer than the bridges read.
fn item_too_long(key: &str, index: usize, chars: usize, cap: usize) -> String {
    format!("{key}[{index}] is too long: {chars} characters > max {cap}. Describe the capability you need in a few words.")
}

/// A list argument is missing or of the wrong type (§8.1).
fn list_required(key: &str) -> String {
    format!("`{key}` is required and must be an array of strings")
}

/// A list argument holds no usable string (§8.1).
fn list_empty(key: &str) -> String {
    format!("`{key}` is required and must contain at least one non-empty string")
}

/// Too many items in one call (§8.1). Pinned: `too many queries`.
fn list_too_long(key: &str, count: usize, cap: usize) -> String {
    let advice = if key == "queries" {
        "Send fewer, more targeted queries: one per capability you need now."
    } else {
        "Ask for fewer names per call."
    };
    format!("too many {key}: {count} > max {cap}. {advice}")
}

/// Hint on a query group without matches while sources are connected (§8.2
/// step 6). Pinned: `remain available`, `before concluding`.
pub(crate) const EMPTY_GROUP_HINT: &str = "No tool matched these words, but the sources in available_sources are connected and their tools remain available. Retry with the service name plus a concrete action or object (for example \"github create issue\") before concluding that the capability is missing.";

/// Hint on an empty group when the session defers no tool at all (the
/// enhanced ranking's; the spec's groups carry no hint without sources).
pub(crate) const NOTHING_SEARCHABLE_HINT: &str = "Nothing is searchable in this session: it defers no tool, so every tool there is is already in your tool list. (A host defers a tool by giving it a toolset such as mcp-<server> in session.toolsets, or by naming it in config.defer.)";

/// Hint on an empty group when nothing is searchable because every source
/// of deferred tools is unavailable (`session.declaredSources`).
pub(crate) const SOURCES_UNAVAILABLE_HINT: &str = "Nothing is searchable now: every source of deferred tools is unavailable, and available_sources says why. Searching again finds nothing until one is back: tell the user which sources are down, or do the task with the tools already in your tool list.";

/// Hint of a group whose tools a search of this turn showed already.
pub(crate) const REPEATED_GROUP_HINT: &str = "Nothing new: an earlier search in this turn showed these tools already (their descriptions are there). Describe or call one of them, or tell the user that none fits; searching again in other words finds the same tools.";

/// Hint of an empty group after an earlier search of the turn found nothing.
pub(crate) const REPEATED_EMPTY_HINT: &str = "Still nothing: an earlier search in this turn found nothing either. Tell the user that no available tool does this, rather than searching again.";

/// Hint of tool_describe for names it described earlier in the turn.
pub(crate) const DESCRIBED_EARLIER_HINT: &str = "These schemas were given earlier in this turn: call the tool with tool_call now, or tell the user it does not fit.";

/// Hint on a group the enhanced ranking labels low: its matches are
/// guesses, and the sources in `available_sources` are what is connected.
pub(crate) const LOW_GROUP_HINT: &str = "No tool clearly does this; these are the closest. Read their descriptions before calling one, and if none fits, tell the user that no connected tool does it (available_sources lists what is connected).";

/// tool_describe of a tool whose definition the host holds in a form JSON
/// cannot carry (a cycle, a BigInt, nesting past 128 levels).
pub(crate) const UNREADABLE_DEFINITION: &str = "This tool's definition cannot be read as JSON (it holds a cycle, a BigInt or nesting deeper than 128 levels), so its schema cannot be shown. Tell the user the tool is misconfigured.";

/// Hint next to `not_found` in tool_describe (§9).
pub(crate) const NOT_FOUND_HINT: &str =
    "These names are not currently available. Run tool_search again to get current tool names.";

/// A name the session does not hold although the registry knows it (§10.6).
fn not_in_session(normalized: &str) -> String {
    format!("'{normalized}' is not available in this session, so it cannot be used here; do not retry it.")
}

/// A core or visible tool sent to the bridge (§10.6). Pinned:
/// `directly-listed tool`, `call it directly`.
fn directly_listed(normalized: &str) -> String {
    format!(
        "'{normalized}' is a directly-listed tool, not a deferred one, so call it directly instead of via tool_call."
    )
}

/// A name nobody knows (§10.6), with the registered names it may stand for.
fn unknown_tool(name: &str, suggestions: &[String]) -> String {
    let head = format!(
        "'{name}' is not a known tool name. Deferred tools need the exact name that tool_search returns (for example mcp__<server>__<tool>)."
    );
    if suggestions.is_empty() {
        format!("{head} Use tool_search to find it.")
    } else {
        let quoted: Vec<String> = suggestions.iter().map(|s| format!("'{s}'")).collect();
        format!("{head} Did you mean {}?", quoted.join(", "))
    }
}

/// tool_call without `calls` nor a legacy `name` (§10.1). Pinned: `requires 'calls'`.
const CALLS_REQUIRED: &str = "tool_call requires 'calls', an array of {name, arguments}.";

/// `calls` is not a non-empty list (§10.1). Pinned: `non-empty array`.
const CALLS_NOT_ARRAY: &str = "`calls` must be a non-empty array of {name, arguments}.";

/// `calls` was text that did not parse (§10.1). Pinned: `not valid JSON`.
fn calls_not_json(error: &JsonError) -> String {
    format!("`calls` is not valid JSON: {}", json_error(error))
}

/// An entry that is not an object (§10.1). Pinned: `must be an object`.
fn call_not_object(i: usize) -> String {
    format!("calls[{i}] must be an object with 'name' and 'arguments'.")
}

/// An entry without a name (§10.1). Pinned: `requires a 'name'`.
fn call_without_name(i: usize) -> String {
    format!("calls[{i}] requires a 'name'.")
}

/// An entry naming a bridge tool (§10.1). Pinned: `itself a bridge tool`.
fn call_to_bridge(name: &str) -> String {
    format!("cannot invoke '{name}' (it is itself a bridge tool).")
}

/// Entry arguments given as text that did not parse (§10.1).
fn arguments_not_json(i: usize, error: &JsonError) -> String {
    format!(
        "calls[{i}].arguments is not valid JSON: {}",
        json_error(error)
    )
}

/// Entry arguments that are not an object (§10.1).
fn arguments_not_object(i: usize) -> String {
    format!("calls[{i}].arguments must be an object.")
}

/// A batch holding a local tool (§10.3), with the retry payload. Pinned:
/// `one entry per tool_call`, `Retry with only: {...}`.
fn local_batch(sent: usize, retry: &str) -> String {
    let rest = sent.saturating_sub(1);
    let remaining = if rest > 0 {
        format!(" Then send the remaining {rest} as separate tool_call invocations.")
    } else {
        String::new()
    };
    format!(
        "Local tools take exactly one entry per tool_call, and this call sent {sent} entries. Retry with only: {retry}{remaining} Only names starting with `connectors__` may be batched."
    )
}

/// A local tool outside the session's deferrable tools (§10.4 step 6).
fn not_in_session_scope(name: &str) -> String {
    format!(
        "'{name}' is not available in this session. Use tool_search to find tools you can call."
    )
}

/// Required arguments absent from the raw arguments (§10.5 step 2). Pinned: `NOT invoked`.
fn missing_arguments(name: &str, missing: &[String]) -> String {
    format!(
        "tool_call to '{name}' is missing required argument(s): {}. The tool was NOT invoked.",
        missing.join(", ")
    )
}

/// Arguments that failed schema validation (§10.5 step 7). Pinned: `NOT invoked`.
fn invalid_arguments(name: &str, path: &str, constraint: &str, detail: &str) -> String {
    format!("tool_call to '{name}' failed argument validation at {path} ({constraint}): {detail}. The tool was NOT invoked.")
}

/// Hint of a validation error (§10.5 step 8).
const VALIDATION_HINT: &str =
    "Retry tool_call with arguments that match the parameters schema above.";

/// Hint of a validation error of a tool called by its own name.
const DIRECT_VALIDATION_HINT: &str =
    "Call it again with arguments that match the parameters schema above.";

/// The hint of a rejection, for how the tool was called.
pub(crate) fn validation_hint(caller: Caller) -> &'static str {
    match caller {
        Caller::Bridge => VALIDATION_HINT,
        Caller::Direct => DIRECT_VALIDATION_HINT,
    }
}

/// The text of a rejection (`MissingArguments` or `InvalidArguments`), for
/// how the tool was called: a tool called by its own name is not told of
/// `tool_call`, which it may not have.
pub(crate) fn rejection_text(error: &BridgeError, caller: Caller) -> String {
    match (caller, error) {
        (Caller::Direct, BridgeError::MissingArguments { name, missing }) => format!(
            "The call to '{name}' is missing required argument(s): {}. The tool was NOT invoked.",
            missing.join(", ")
        ),
        (
            Caller::Direct,
            BridgeError::InvalidArguments {
                name,
                path,
                constraint,
                detail,
            },
        ) => format!("The call to '{name}' failed argument validation at {path} ({constraint}): {detail}. The tool was NOT invoked."),
        _ => error.to_string(),
    }
}

/// The host gave no way to run local tools.
fn no_executor(name: &str) -> String {
    format!("'{name}' cannot run here: this host does not run local tools (host.executeTool is not set).")
}

/// The tool ran and failed.
fn tool_failed(name: &str, error: &CallbackError) -> String {
    format!("tool '{name}' failed: {}", callback_error(error))
}

/// Names listed in the search guard's refusal before "and N more".
const FOUND_NAMES_SHOWN: usize = 20;

/// The search guard's refusal past `max_searches_per_turn`.
fn search_limit(searches: usize, found: &[String]) -> String {
    let what = if found.is_empty() {
        "They found no tool: tell the user that no available tool does what they ask.".to_owned()
    } else {
        let mut names = found[..found.len().min(FOUND_NAMES_SHOWN)].join(", ");
        if found.len() > FOUND_NAMES_SHOWN {
            names.push_str(&format!(" and {} more", found.len() - FOUND_NAMES_SHOWN));
        }
        format!("They found: {names}. Describe or call the one that fits (tool_describe, tool_call), or tell the user that none does.")
    };
    format!("No more searches in this turn: it searched for tools {searches} times, the most it may. {what}")
}

/// The host's `approve` denied the call.
fn denied(name: &str, reason: Option<&str>) -> String {
    let refused = format!("The host did not allow '{name}' to run");
    let refused = match reason {
        Some(reason) => sentence(&format!("{refused}: {reason}")),
        None => sentence(&refused),
    };
    format!("{refused} The tool was NOT invoked; do not retry it. Tell the user, or do the task another way.")
}

/// The host's `approve` wants the user's approval first.
fn approval_required(name: &str, question: Option<&str>) -> String {
    let question = question.map_or_else(String::new, |question| {
        format!(" {}", sentence(&format!("The host asks: {question}")))
    });
    format!("'{name}' needs the user's approval before it runs, and it was NOT invoked.{question} Tell the user what this call would do and ask them to approve it; call it again only once they agree.")
}

/// `text` as a sentence: a period added unless it already ends one (after
/// any closing quote or bracket), so a host's reason ending in `.` is not
/// followed by another.
fn sentence(text: &str) -> String {
    let text = text.trim_end();
    let closed = text.trim_end_matches(['"', '\'', ')', ']', '\u{201d}', '\u{2019}', '\u{bb}']);
    if closed.ends_with([
        '.', '!', '?', '\u{2026}', '\u{3002}', '\u{ff01}', '\u{ff1f}',
    ]) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// The host's `approve` failed.
fn approval_failed(name: &str, error: &CallbackError) -> String {
    format!(
        "'{name}' was NOT invoked: the host's approval check failed ({}).",
        callback_error(error)
    )
}

/// What went wrong in a host callback.
fn callback_error(error: &CallbackError) -> String {
    match error {
        CallbackError::Threw(message) => message.as_deref().unwrap_or(UNREADABLE_THROWN).to_owned(),
        CallbackError::NoAnswer(ms) => format!("no answer within {ms} ms"),
        CallbackError::Aborted { started: false } => {
            "the call was aborted (ctx.signal) before it started".to_owned()
        }
        CallbackError::Aborted { started: true } => "the call was aborted (ctx.signal)".to_owned(),
        CallbackError::NotJson(detail) => detail.as_deref().unwrap_or(UNREADABLE_THROWN).to_owned(),
        CallbackError::ResultNotJson(detail) => format!(
            "its result is not JSON: {}",
            detail.as_deref().unwrap_or(UNREADABLE_THROWN)
        ),
    }
}

/// A host callback threw a value with no message to read (or a transport
/// error had none).
const UNREADABLE_THROWN: &str = "the host threw a value with no readable message";

/// Why the host stopped a connector call (`beforeConnectorCall`, §11.9).
fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Denied(Some(reason)) => reason.clone(),
        Refusal::Denied(None) => "The host denied this call.".to_owned(),
        Refusal::Failed(error) => format!("The host refused this call: {}", callback_error(error)),
    }
}

/// A failed gateway request (PROVIDER_ERROR, manage_connections).
fn gateway_failed(failure: &Failure) -> String {
    let detail = match &failure.detail {
        Detail::Unexpected => return "The connector gateway request failed unexpectedly.".to_owned(),
        Detail::Reported(message) => message.clone(),
        Detail::Unreadable => UNREADABLE_THROWN.to_owned(),
        Detail::NotConfigured => "no connector gateway is configured".to_owned(),
        Detail::NoAnswer(ms) => format!("no answer within {ms} ms"),
        Detail::TooLong { chars, max } => format!(
            "the answer is {chars} characters long, more than the {max} allowed (options.limits.gatewayAnswerChars)"
        ),
        Detail::Status(status) => format!("tool gateway request failed with status {status}"),
    };
    format!("The connector gateway request failed: {detail}")
}

/// The `error` object of a connector call's result slot (§11.7 step 6),
/// with CONNECTION_REQUIRED shaped for the caller's surface (§11.7.1).
pub(crate) fn connector_error(error: &CallError) -> Value {
    let mut out = Map::new();
    let mut put = |key: &str, value: Option<String>| {
        if let Some(value) = value {
            out.insert(key.into(), value.into());
        }
    };
    match error {
        CallError::Interrupted => {
            put("code", Some("INTERRUPTED".into()));
            put("message", Some(INTERRUPTED.into()));
        }
        CallError::MalformedName => {
            put("code", Some("TOOL_NOT_FOUND".into()));
            put("message", Some(MALFORMED_CONNECTOR_NAME.into()));
        }
        CallError::Denied(denial) => {
            put("code", Some("DENIED".into()));
            put("message", Some(refusal(denial)));
        }
        CallError::Gateway(failure) => {
            put("code", Some("PROVIDER_ERROR".into()));
            put("message", Some(gateway_failed(failure)));
        }
        CallError::NoResult => {
            put("code", Some("PROVIDER_ERROR".into()));
            put(
                "message",
                Some("The gateway returned no result for this call.".into()),
            );
        }
        CallError::NotConnected(n) => return connection_required(n),
        CallError::Reported {
            code,
            message,
            connector,
            hint,
        } => {
            put("code", Some(code.clone()));
            put(
                "message",
                Some(
                    message
                        .clone()
                        .unwrap_or_else(|| "The gateway reported an error.".into()),
                ),
            );
            put("connector", connector.clone());
            put("hint", hint.clone());
        }
    }
    Value::Object(out)
}

/// CONNECTION_REQUIRED for the caller's surface (§11.7.1): the link and the
/// gateway's hint where the user connects by link, the card where the agent
/// can open one, and a word to the main agent from a side agent.
fn connection_required(n: &NotConnected) -> Value {
    let connector = &n.connector;
    let mut out = Map::new();
    out.insert("code".into(), "CONNECTION_REQUIRED".into());
    let message = n
        .message
        .clone()
        .unwrap_or_else(|| format!("The {connector} connector is not connected for this account."));
    out.insert("message".into(), message.into());
    out.insert("connector".into(), connector.clone().into());
    match n.surface {
        Surface::Link => {
            for (key, value) in [("connect_url", &n.connect_url), ("hint", &n.hint)] {
                if let Some(value) = value {
                    out.insert(key.into(), value.clone().into());
                }
            }
        }
        Surface::Card => {
            out.insert("connect_card_available".into(), true.into());
            out.insert("hint".into(), format!("Call manage_connections with action \"connect\" for {connector} to open a connection card for the user.").into());
        }
        Surface::Side => {
            out.insert("hint".into(), format!("Only the main agent can connect {connector}. Report back that it needs connecting instead of retrying.").into());
        }
    }
    if let Some(id) = &n.connection_id {
        out.insert("connection_id".into(), id.clone().into());
    }
    Value::Object(out)
}

/// The `connectors` field of a search or describe answer whose connector leg
/// failed (§11.8); `verb` is "searched" or "described", `names` the connector
/// names left without an answer.
pub(crate) fn connectors_field(failure: LegFailure, verb: &str, names: &[String]) -> Value {
    let mut field = Map::new();
    if failure == LegFailure::NotSetUp {
        field.insert("status".into(), "not_set_up".into());
        field.insert(
            "hint".into(),
            "Hosted connectors are not set up yet. Calling manage_connections to connect an app sets them up, and the app's tools then become searchable. Prefer the tools above when they fit.".into(),
        );
    } else {
        let mut hint = format!("Hosted connector tools could not be {verb} right now; do not conclude that the app is missing.");
        if failure == LegFailure::SignInExpired {
            hint.push_str(" The user must sign in to the connector gateway again.");
        }
        field.insert("status".into(), "unavailable".into());
        field.insert("reason".into(), failure.code().into());
        field.insert("hint".into(), hint.into());
    }
    if !names.is_empty() {
        field.insert("names".into(), names.into());
    }
    Value::Object(field)
}

/// A connector batch over the cap (§11.9).
fn too_many_calls(count: usize, cap: usize) -> String {
    format!("too many calls: {count} > max {cap}. Retry with fewer calls per batch.")
}

/// A connector entry not started because the user stopped the turn (§11.9).
const INTERRUPTED: &str = "Stopped by the user before this call was made.";

/// A `connectors__` claim that does not parse (§11.9).
const MALFORMED_CONNECTOR_NAME: &str =
    "Malformed connector tool name; expected connectors__<connector>__{tool}.";

/// manage_connections with an unknown action.
const MANAGE_ACTION: &str =
    "`action` must be one of status, connect, reconnect, rename, install, enable, authorize.";

/// manage_connections targets that are not app names.
const MANAGE_TARGETS: &str =
    "`connectors` must list apps: names such as \"gmail\", or objects {name, alias?, to?, mcp?}.";

/// A local MCP action on a host that cannot run it.
fn no_local_servers(action: &str) -> String {
    format!("This host cannot {action} local MCP servers.")
}

/// Hint of manage_connections status.
pub(crate) const STATUS_HINT: &str = "An app with connected=false is not connected: calls to its tools return CONNECTION_REQUIRED until the user connects it (action connect).";

/// Hint of manage_connections connect without a card.
pub(crate) const CONNECT_HINT: &str =
    "Give each connect_url to the user to open; the app is connected once they finish there.";

/// Connector names when connectors are out of scope (§10.4 step 5).
const CONNECTORS_UNAVAILABLE: &str = "Connectors are not available in this session.";

impl fmt::Display for BridgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            BridgeError::Unserialisable(reason) => args_unserialisable(reason),
            BridgeError::ArgsNotJson(error) => args_not_json(error),
            BridgeError::ListRequired(key) => list_required(key),
            BridgeError::ListEmpty(key) => list_empty(key),
            BridgeError::ListTooLong { key, count, cap } => list_too_long(key, *count, *cap),
            BridgeError::ItemTooLong {
                key,
                index,
                chars,
                cap,
            } => item_too_long(key, *index, *chars, *cap),
            BridgeError::CallsRequired => CALLS_REQUIRED.to_owned(),
            BridgeError::CallsNotArray => CALLS_NOT_ARRAY.to_owned(),
            BridgeError::CallsNotJson(error) => calls_not_json(error),
            BridgeError::CallNotObject(i) => call_not_object(*i),
            BridgeError::CallWithoutName(i) => call_without_name(*i),
            BridgeError::CallToBridge(name) => call_to_bridge(name),
            BridgeError::ArgumentsNotObject(i) => arguments_not_object(*i),
            BridgeError::ArgumentsNotJson(i, error) => arguments_not_json(*i, error),
            BridgeError::LocalBatch { sent, retry } => local_batch(*sent, retry),
            BridgeError::DirectlyListed(name) => directly_listed(name),
            BridgeError::NotInSession(name) => not_in_session(name),
            BridgeError::UnknownTool { name, suggestions } => unknown_tool(name, suggestions),
            BridgeError::NotInSessionScope(name) => not_in_session_scope(name),
            BridgeError::ConnectorsUnavailable => CONNECTORS_UNAVAILABLE.to_owned(),
            BridgeError::NoExecutor(name) => no_executor(name),
            BridgeError::ToolFailed(name, error) => tool_failed(name, error),
            BridgeError::Denied { name, reason } => denied(name, reason.as_deref()),
            BridgeError::ApprovalRequired { name, question } => {
                approval_required(name, question.as_deref())
            }
            BridgeError::ApprovalFailed(name, error) => approval_failed(name, error),
            BridgeError::SearchLimit { searches, found } => search_limit(*searches, found),
            BridgeError::TooManyCalls { count, cap } => too_many_calls(*count, *cap),
            BridgeError::MissingArguments { name, missing } => missing_arguments(name, missing),
            BridgeError::InvalidArguments {
                name,
                path,
                constraint,
                detail,
            } => invalid_arguments(name, path, constraint, detail),
            BridgeError::ManageAction => MANAGE_ACTION.to_owned(),
            BridgeError::ManageTargets => MANAGE_TARGETS.to_owned(),
            BridgeError::NoLocalServers(action) => no_local_servers(action),
            BridgeError::Callback(error) => callback_error(error),
            BridgeError::Gateway(failure) => gateway_failed(failure),
        };
        f.write_str(&text)
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(json_error(self))
    }
}

impl BridgeError {
    /// `{"error": text}`, the answer of a bridge call that cannot go on.
    pub fn to_json(&self) -> String {
        error_json(&self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_text_is_clipped_at_2048_characters() {
        let long = "é".repeat(3000);
        let json: serde_json::Value = serde_json::from_str(&error_json(&long)).unwrap();
        let text = json["error"].as_str().unwrap();
        assert_eq!(text.chars().count(), 2048 + "… [truncated]".chars().count());
        assert!(text.ends_with("… [truncated]"));
        assert_eq!(clip_error("short"), "short");
    }

    fn not_connected(surface: Surface) -> Value {
        connector_error(&CallError::NotConnected(NotConnected {
            connector: "gmail".into(),
            message: None,
            connect_url: Some("https://connect/x".into()),
            hint: Some("Open the link".into()),
            connection_id: Some("c1".into()),
            surface,
        }))
    }

    #[test]
    fn connection_required_per_surface() {
        assert_eq!(
            not_connected(Surface::Link).to_string(),
            serde_json::json!({"code": "CONNECTION_REQUIRED", "message": "The gmail connector is not connected for this account.",
                   "connector": "gmail", "connect_url": "https://connect/x", "hint": "Open the link", "connection_id": "c1"}).to_string()
        );
        let card = not_connected(Surface::Card);
        assert_eq!(card["connect_card_available"], true);
        assert!(card.get("connect_url").is_none());
        assert!(card["hint"]
            .as_str()
            .unwrap()
            .contains("manage_connections"));
        let side = not_connected(Surface::Side);
        assert!(side["hint"]
            .as_str()
            .unwrap()
            .contains("Only the main agent"));
        assert!(side.get("connect_url").is_none());
    }

    #[test]
    fn reported_errors_and_gateway_failures() {
        let reported = CallError::Reported {
            code: "TOOL_NOT_ALLOWED".into(),
            message: None,
            connector: None,
            hint: Some("ask".into()),
        };
        assert_eq!(
            connector_error(&reported).to_string(),
            r#"{"code":"TOOL_NOT_ALLOWED","message":"The gateway reported an error.","hint":"ask"}"#
        );
        let failure = |detail| Failure {
            kind: crate::connectors::FailureKind::Transport,
            status: None,
            code: "TRANSPORT_ERROR".into(),
            detail,
            retry_after: None,
        };
        assert_eq!(
            gateway_failed(&failure(Detail::NoAnswer(40))),
            "The connector gateway request failed: no answer within 40 ms"
        );
        assert_eq!(
            gateway_failed(&Failure::unexpected()),
            "The connector gateway request failed unexpectedly."
        );
        assert!(
            gateway_failed(&failure(Detail::TooLong { chars: 9, max: 4 }))
                .contains("options.limits.gatewayAnswerChars")
        );
    }

    #[test]
    fn host_callback_failures() {
        assert_eq!(
            tool_failed("t", &CallbackError::NoAnswer(40)),
            "tool 't' failed: no answer within 40 ms"
        );
        assert_eq!(
            refusal(&Refusal::Denied(None)),
            "The host denied this call."
        );
        assert_eq!(
            refusal(&Refusal::Failed(CallbackError::Aborted { started: false })),
            "The host refused this call: the call was aborted (ctx.signal) before it started"
        );
    }

    #[test]
    fn a_host_reason_that_ends_a_sentence_gets_no_second_period() {
        let denial = |reason: &str| denied("t", Some(reason));
        for reason in [
            "The user declined this call when asked to approve it.",
            "Not now!",
            "Really?",
            "He said \"no.\"",
            "(over the limit.)",
            "\u{4e0d}\u{884c}\u{3002}",
        ] {
            let text = denial(reason);
            assert!(
                text.contains(&format!(": {reason} The tool was NOT invoked;")),
                "{text}"
            );
        }
        assert!(denial("prod is protected  ")
            .contains(": prod is protected. The tool was NOT invoked;"));
        assert!(denied("t", None).starts_with("The host did not allow 't' to run. The tool"));
        let asked = |question: &str| approval_required("t", Some(question));
        assert!(asked("Delete prod?").contains("The host asks: Delete prod? Tell the user"));
        assert!(asked("Confirm the deletion").contains("The host asks: Confirm the deletion. Tell"));
        assert!(!asked("Approve it.").contains(".."));
    }

    #[test]
    fn connectors_field_per_failure() {
        let unset = connectors_field(LegFailure::NotSetUp, "searched", &[]);
        assert_eq!(unset["status"], "not_set_up");
        let expired = connectors_field(
            LegFailure::SignInExpired,
            "described",
            &["connectors__a__b".into()],
        );
        assert_eq!(expired["reason"], "sign_in_expired");
        assert!(expired["hint"]
            .as_str()
            .unwrap()
            .contains("could not be described"));
        assert_eq!(expired["names"], serde_json::json!(["connectors__a__b"]));
    }

    #[test]
    fn the_spec_pinned_fragments() {
        let syntax = || JsonError::Syntax("expected value".into());
        let cases: Vec<(BridgeError, &[&str])> = vec![
            (
                BridgeError::ListTooLong {
                    key: "queries",
                    count: 9,
                    cap: 8,
                },
                &["too many queries"],
            ),
            (
                BridgeError::DirectlyListed("read_file".into()),
                &["directly-listed tool", "call it directly"],
            ),
            (BridgeError::CallsRequired, &["requires 'calls'"]),
            (BridgeError::CallsNotArray, &["non-empty array"]),
            (BridgeError::CallsNotJson(syntax()), &["not valid JSON"]),
            (BridgeError::CallNotObject(0), &["must be an object"]),
            (BridgeError::CallWithoutName(1), &["requires a 'name'"]),
            (
                BridgeError::CallToBridge("tool_call".into()),
                &["itself a bridge tool"],
            ),
            (
                BridgeError::LocalBatch {
                    sent: 2,
                    retry: "{}".into(),
                },
                &["one entry per tool_call", "Retry with only: {}"],
            ),
            (
                BridgeError::MissingArguments {
                    name: "t".into(),
                    missing: vec!["a".into()],
                },
                &["NOT invoked"],
            ),
            (
                BridgeError::InvalidArguments {
                    name: "t".into(),
                    path: "arguments[a]".into(),
                    constraint: "type".into(),
                    detail: "1 is not a string".into(),
                },
                &["NOT invoked"],
            ),
        ];
        for (error, fragments) in cases {
            let text = error.to_string();
            for fragment in fragments {
                assert!(text.contains(fragment), "{error:?}: {text}");
            }
        }
        for fragment in ["remain available", "before concluding"] {
            assert!(EMPTY_GROUP_HINT.contains(fragment));
        }
        assert!(BridgeError::ArgsNotJson(JsonError::TooDeep)
            .to_string()
            .contains("128 levels"));
        assert_eq!(
            BridgeError::NoExecutor("t".into()).to_json(),
            r#"{"error":"'t' cannot run here: this host does not run local tools (host.executeTool is not set)."}"#
        );
    }
}
