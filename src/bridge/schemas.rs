//! The three bridge tool definitions (spec §4.4). Their text and key order are
//! part of the cached prompt prefix: everything here is deterministic.

use serde_json::{json, Value};

use super::messages;
use crate::listing::ListingForm;
use crate::reserved::{TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH};
use crate::session::tooldef::ToolFormat;

/// Who loads a deferred tool once `tool_search` has found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loading {
    /// The model, through `tool_describe` and `tool_call`: the three bridges.
    Bridges,
    /// The provider, from the tools it was given with `defer_loading`:
    /// `tool_search` alone.
    Provider,
}

/// What the `tool_search` description depends on.
#[derive(Debug, Clone, Copy)]
pub struct SearchBridge<'a> {
    /// Number of deferred tools.
    pub deferred_count: usize,
    /// The embedded listing and its form, if any.
    pub listing: Option<(&'a str, ListingForm)>,
    /// `manage_connections` is in the session and connectors are allowed.
    pub connections_granted: bool,
    /// Who loads what search finds.
    pub loading: Loading,
}

/// The bridge tools in assembly order (search, describe, call), in `format`;
/// `tool_search` alone when the provider loads what it finds.
pub fn bridge_tools(search: SearchBridge, format: ToolFormat) -> Vec<Value> {
    let mut tools = vec![format.write(
        TOOL_SEARCH,
        &search_description(search),
        search_parameters(),
    )];
    if search.loading == Loading::Bridges {
        tools.push(format.write(
            TOOL_DESCRIBE,
            messages::DESCRIBE_DESCRIPTION,
            describe_parameters(),
        ));
        tools.push(format.write(TOOL_CALL, messages::CALL_DESCRIPTION, call_parameters()));
    }
    tools
}

fn search_description(search: SearchBridge) -> String {
    let mut text = if search.deferred_count > 0 {
        messages::search_opening(search.deferred_count)
    } else {
        messages::SEARCH_CONNECTORS_ONLY.to_owned()
    };
    text.push_str(match search.loading {
        Loading::Bridges => messages::SEARCH_USAGE,
        Loading::Provider => messages::SEARCH_USAGE_PROVIDER,
    });
    if search.connections_granted {
        text.push_str(messages::CONNECTOR_SENTENCE);
    }
    if let Some((listing, form)) = search.listing {
        text.push_str("\n\n");
        if form == ListingForm::Groups {
            text.push_str(messages::GROUPS_PARAGRAPH);
        } else {
            text.push_str(match search.loading {
                Loading::Bridges => messages::LISTED_PARAGRAPH,
                Loading::Provider => messages::LISTED_PARAGRAPH_PROVIDER,
            });
            if form == ListingForm::Mixed {
                text.push_str(messages::MIXED_SENTENCE);
            }
        }
        text.push_str("\n\n");
        text.push_str(listing);
    }
    text
}

fn search_parameters() -> Value {
    json!({
        "type": "object",
        "properties": {
            "queries": {
                "type": "array",
                "items": {"type": "string"},
                "description": messages::QUERIES_PARAMETER
            },
            "limit": {
                "type": "integer",
                "description": messages::LIMIT_PARAMETER
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
                "description": messages::NAMES_PARAMETER
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
                "description": messages::CALLS_PARAMETER,
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "description": messages::CALL_NAME_PARAMETER},
                        "arguments": {"type": "object", "description": messages::CALL_ARGUMENTS_PARAMETER}
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
        search_for(deferred_count, listing, granted, Loading::Bridges)
    }

    fn search_for(
        deferred_count: usize,
        listing: Option<(&str, ListingForm)>,
        granted: bool,
        loading: Loading,
    ) -> String {
        let tools = bridge_tools(
            SearchBridge {
                deferred_count,
                listing,
                connections_granted: granted,
                loading,
            },
            ToolFormat::OpenAi,
        );
        tools[0]["function"]["description"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn key_order_is_fixed() {
        let tools = bridge_tools(
            SearchBridge {
                deferred_count: 3,
                listing: None,
                connections_granted: false,
                loading: Loading::Bridges,
            },
            ToolFormat::OpenAi,
        );
        let [search, describe, call] = <[Value; 3]>::try_from(tools).unwrap();
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
        let mcp = bridge_tools(
            SearchBridge {
                deferred_count: 3,
                listing: None,
                connections_granted: false,
                loading: Loading::Bridges,
            },
            ToolFormat::Mcp,
        );
        assert!(serde_json::to_string(&mcp[0])
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
        assert!(listed.ends_with(&format!("{}\n\nLISTING", messages::LISTED_PARAGRAPH)));
        let mixed = search(2, Some(("LISTING", ListingForm::Mixed)), false);
        assert!(mixed.ends_with(&format!(
            "{}{}\n\nLISTING",
            messages::LISTED_PARAGRAPH,
            messages::MIXED_SENTENCE
        )));
        let groups = search(2, Some(("LISTING", ListingForm::Groups)), false);
        assert!(groups.ends_with(&format!("{}\n\nLISTING", messages::GROUPS_PARAGRAPH)));
        assert!(messages::CALL_DESCRIPTION.contains("one entry per tool_call"));
    }

    #[test]
    fn when_the_provider_loads_search_alone_names_no_other_bridge() {
        let tools = bridge_tools(
            SearchBridge {
                deferred_count: 2,
                listing: Some(("LISTING", ListingForm::Names)),
                connections_granted: false,
                loading: Loading::Provider,
            },
            ToolFormat::OpenAi,
        );
        assert_eq!(tools.len(), 1);
        let text = search_for(
            2,
            Some(("LISTING", ListingForm::Names)),
            false,
            Loading::Provider,
        );
        assert!(text.ends_with(&format!(
            "{}\n\nLISTING",
            messages::LISTED_PARAGRAPH_PROVIDER
        )));
        for word in ["tool_describe", "tool_call", "connectors__"] {
            assert!(!text.contains(word), "{word} in {text}");
            assert!(!messages::LISTING_PROVIDER.header.contains(word));
        }
    }
}
