//! The three bridge tool definitions (spec §4.4). Their text and key order are
//! part of the cached prompt prefix: everything here is deterministic.

use serde_json::{json, Value};

use crate::listing::ListingForm;
use crate::reserved::{TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH};
use crate::session::tooldef::ToolFormat;

/// What the `tool_search` description depends on.
#[derive(Debug, Clone, Copy)]
pub struct SearchBridge<'a> {
    /// Number of deferred tools.
    pub deferred_count: usize,
    /// The embedded listing and its form, if any.
    pub listing: Option<(&'a str, ListingForm)>,
    /// `manage_connections` is in the session and connectors are allowed.
    pub connections_granted: bool,
}

/// The bridge tools in assembly order (search, describe, call), in `format`.
pub fn bridge_tools(search: SearchBridge, format: ToolFormat) -> [Value; 3] {
    [
        format.write(
            TOOL_SEARCH,
            &search_description(search),
            search_parameters(),
        ),
        format.write(TOOL_DESCRIBE, DESCRIBE_DESCRIPTION, describe_parameters()),
        format.write(TOOL_CALL, CALL_DESCRIPTION, call_parameters()),
    ]
}

fn search_description(search: SearchBridge) -> String {
    let mut text = if search.deferred_count > 0 {
        format!(
            "Search {} more tools that are loaded on demand.",
            search.deferred_count
        )
    } else {
        "Search remote connector tools (email, calendars, issue trackers and more).".to_owned()
    };
    text.push_str(SEARCH_USAGE);
    if search.connections_granted {
        text.push_str(CONNECTOR_SENTENCE);
    }
    if let Some((listing, form)) = search.listing {
        text.push_str("\n\n");
        if form == ListingForm::Groups {
            text.push_str(GROUPS_PARAGRAPH);
        } else {
            text.push_str(LISTED_PARAGRAPH);
            if form == ListingForm::Mixed {
                text.push_str(MIXED_SENTENCE);
            }
        }
        text.push_str("\n\n");
        text.push_str(listing);
    }
    text
}

const SEARCH_USAGE: &str = " Pass `queries`, a list of keyword queries searched in parallel against one catalog, one query per capability you need. Write each as app or service + action + object (good: \"github create issue\", \"slack post message\"; bad: \"can you help me file a bug\"). Every word counts: a query with a word that no tool contains returns nothing. The result lists the matching names per query plus one shared map of short descriptions; load full schemas with tool_describe, then invoke with tool_call. Tools already in your tool list need no search.";

const CONNECTOR_SENTENCE: &str = " Names starting with `connectors__` are tools of the user's remote connector accounts; `manage_connections` checks their connection state and returns the link that authorizes an app.";

const GROUPS_PARAGRAPH: &str = "The servers below are connected and their tools ARE available through this bridge. For any request in these domains, search here first: do not claim a capability is unavailable, and do not fall back to a generic tool (terminal, browser) without searching.";

const LISTED_PARAGRAPH: &str = "Every deferred capability is listed below. Never claim a listed tool is unavailable. When you can see the exact name you need, load it with tool_describe directly and skip tool_search.";

const MIXED_SENTENCE: &str = " Servers marked \"names not listed\" have tools too: find them with tool_search before concluding that anything is missing.";

const DESCRIBE_DESCRIPTION: &str = "Load the full JSON schemas of tools that tool_search returned. Call it before tool_call whenever you do not know a tool's parameters, and put every name you need in one call.";

const CALL_DESCRIPTION: &str = "Invoke deferred tools. `calls` is an array of {name, arguments}, one entry per invocation; a single call is an array of one. A local tool takes exactly one entry per tool_call. Only names starting with `connectors__` may be batched: a batch that mixes them with local tools, or holds several local tools, is rejected. Connector entries run one at a time and their results come back in input order. Arguments follow each tool's schema (see tool_describe). Policy, hooks and approvals apply as for tools called directly.";

fn search_parameters() -> Value {
    json!({
        "type": "object",
        "properties": {
            "queries": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Keyword queries, one per capability: app or service + action + object, not sentences. Every word must appear in tool text. Searched in parallel; results are grouped per query. A single string counts as one query."
            },
            "limit": {
                "type": "integer",
                "description": "Matches per query (default 5, max 25)."
            }
        },
        "required": ["queries"]
    })
}

fn describe_parameters() -> Value {
    json!({
        "type": "object",
        "properties": {
            "names": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Exact tool names as tool_search returned them. A single string counts as one name."
            }
        },
        "required": ["names"]
    })
}

fn call_parameters() -> Value {
    json!({
        "type": "object",
        "properties": {
            "calls": {
                "type": "array",
                "description": "One local tool invocation, or one or more connector invocations; never both.",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "description": "Exact tool name."},
                        "arguments": {"type": "object", "description": "Arguments matching the tool's schema."}
                    },
                    "required": ["name", "arguments"]
                }
            }
        },
        "required": ["calls"]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(
        deferred_count: usize,
        listing: Option<(&str, ListingForm)>,
        granted: bool,
    ) -> String {
        let [tool, _, _] = bridge_tools(
            SearchBridge {
                deferred_count,
                listing,
                connections_granted: granted,
            },
            ToolFormat::OpenAi,
        );
        tool["function"]["description"].as_str().unwrap().to_owned()
    }

    #[test]
    fn key_order_is_fixed() {
        let [search, describe, call] = bridge_tools(
            SearchBridge {
                deferred_count: 3,
                listing: None,
                connections_granted: false,
            },
            ToolFormat::OpenAi,
        );
        let text = serde_json::to_string(&search).unwrap();
        assert!(text
            .starts_with(r#"{"type":"function","function":{"name":"tool_search","description":"#));
        assert!(text.contains(r#""parameters":{"type":"object","properties":{"queries":"#));
        assert!(text.ends_with(r#""required":["queries"]}}}"#));
        assert!(serde_json::to_string(&describe)
            .unwrap()
            .ends_with(r#""required":["names"]}}}"#));
        assert!(serde_json::to_string(&call)
            .unwrap()
            .ends_with(r#""required":["calls"]}}}"#));
        let [mcp, _, _] = bridge_tools(
            SearchBridge {
                deferred_count: 3,
                listing: None,
                connections_granted: false,
            },
            ToolFormat::Mcp,
        );
        assert!(serde_json::to_string(&mcp)
            .unwrap()
            .starts_with(r#"{"name":"tool_search","description":"#));
    }

    #[test]
    fn description_parts() {
        let plain = search(12, None, false);
        assert!(plain.starts_with("Search 12 more tools"));
        assert!(plain.contains("returns nothing"));
        assert!(!plain.contains("connectors__"));
        assert!(search(0, None, true).starts_with("Search remote connector tools"));
        assert!(search(0, None, true).contains("`manage_connections`"));
        let listed = search(2, Some(("LISTING", ListingForm::Names)), false);
        assert!(listed.ends_with(&format!("{LISTED_PARAGRAPH}\n\nLISTING")));
        let mixed = search(2, Some(("LISTING", ListingForm::Mixed)), false);
        assert!(mixed.ends_with(&format!("{LISTED_PARAGRAPH}{MIXED_SENTENCE}\n\nLISTING")));
        let groups = search(2, Some(("LISTING", ListingForm::Groups)), false);
        assert!(groups.ends_with(&format!("{GROUPS_PARAGRAPH}\n\nLISTING")));
        assert!(CALL_DESCRIPTION.contains("one entry per tool_call"));
    }
}
