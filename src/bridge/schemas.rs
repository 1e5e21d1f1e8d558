//! The three bridge tool definitions (spec §4.4). Their text and key order are
//! part of the cached prompt prefix: everything here is deterministic.

use serde_json::{json, Value};

use super::messages;
use super::modes::Loading;
use crate::config::Ranking;
use crate::listing::ListingForm;
use crate::reserved::{TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH};
use crate::session::tooldef::ToolFormat;

/// What the `tool_search` description depends on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SearchBridge<'a> {
    /// Number of deferred tools.
    pub deferred_count: usize,
    /// The embedded listing and its form, if any.
    pub listing: Option<(&'a str, ListingForm)>,
    /// `manage_connections` is in the session and connectors are allowed.
    pub connections_granted: bool,
    /// Who loads what search finds.
    pub loading: Loading,
    /// The ranking that answers: how queries are best written.
    pub ranking: Ranking,
    /// Matches per query when the model gives no `limit`.
    pub default_limit: usize,
    /// The most matches per query the model may ask for.
    pub max_limit: usize,
}

/// The bridge tools in assembly order (search, describe, call), in `format`;
/// `tool_search` alone when the provider loads what it finds.
/// In MCP shape, `tool_search` and `tool_describe` say they only read
/// (`annotations.readOnlyHint`); `tool_call` runs tools that may write, and
/// says nothing of the kind.
pub(crate) fn bridge_tools(search: SearchBridge, format: ToolFormat) -> Vec<Value> {
    let mut tools = vec![read_only(
        format,
        format.write(
            TOOL_SEARCH,
            &search_description(search),
            search_parameters(search.ranking, search.default_limit, search.max_limit),
        ),
    )];
    if search.loading == Loading::Bridges {
        tools.push(read_only(
            format,
            format.write(
                TOOL_DESCRIBE,
                messages::DESCRIBE_DESCRIPTION,
                describe_parameters(),
            ),
        ));
        tools.push(format.write(TOOL_CALL, messages::CALL_DESCRIPTION, call_parameters()));
    }
    tools
}

/// `tool` with MCP's `{"readOnlyHint": true}` annotations in MCP shape, the
/// only shape with annotations.
fn read_only(format: ToolFormat, mut tool: Value) -> Value {
    if let (ToolFormat::Mcp, Value::Object(fields)) = (format, &mut tool) {
        fields.insert("annotations".into(), json!({"readOnlyHint": true}));
    }
    tool
}

fn search_description(search: SearchBridge) -> String {
    let mut text = if search.deferred_count > 0 {
        messages::search_opening(search.deferred_count)
    } else {
        messages::SEARCH_CONNECTORS_ONLY.to_owned()
    };
    text.push_str(&messages::search_usage(search.ranking, search.loading));
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

/// `tool_search`'s parameters: `$0` the queries' description, `$1` the limit's.
const SEARCH_PARAMETERS: &str = r#"{"type":"object","properties":{"queries":{"type":"array","items":{"type":"string"},"description":"$0"},"limit":{"type":"integer","description":"$1"}},"required":["queries"]}"#;

/// `tool_describe`'s parameters: `$0` the names' description.
const DESCRIBE_PARAMETERS: &str = r#"{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"},"description":"$0"}},"required":["names"]}"#;

/// `tool_call`'s parameters: `$0` the calls', `$1` a call's name's and `$2`
/// its arguments' descriptions.
const CALL_PARAMETERS: &str = r#"{"type":"object","properties":{"calls":{"type":"array","description":"$0","items":{"type":"object","properties":{"name":{"type":"string","description":"$1"},"arguments":{"type":"object","description":"$2"}},"required":["name","arguments"]}}},"required":["calls"]}"#;

fn search_parameters(ranking: Ranking, default_limit: usize, max_limit: usize) -> Value {
    parameters(
        SEARCH_PARAMETERS,
        &[
            messages::queries_parameter(ranking),
            &messages::limit_parameter(default_limit, max_limit),
        ],
    )
}

fn describe_parameters() -> Value {
    parameters(DESCRIBE_PARAMETERS, &[messages::NAMES_PARAMETER])
}

fn call_parameters() -> Value {
    parameters(
        CALL_PARAMETERS,
        &[
            messages::CALLS_PARAMETER,
            messages::CALL_NAME_PARAMETER,
            messages::CALL_ARGUMENTS_PARAMETER,
        ],
    )
}

/// The JSON of `template`, each string `"$<n>"` in it replaced by
/// `texts[n]`: a tool's parameters written as JSON text cost the wasm far
/// less than the same value built in code. The templates are constants of
/// this crate, which the tests parse.
pub(crate) fn parameters(template: &str, texts: &[&str]) -> Value {
    let mut value: Value = serde_json::from_str(template).unwrap_or_default();
    fill(&mut value, texts);
    value
}

fn fill(value: &mut Value, texts: &[&str]) {
    match value {
        Value::String(text) => {
            let slot = text.strip_prefix('$').and_then(|n| n.parse::<usize>().ok());
            if let Some(&filled) = slot.and_then(|n| texts.get(n)) {
                *text = filled.to_owned();
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| fill(item, texts)),
        Value::Object(map) => map.values_mut().for_each(|item| fill(item, texts)),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
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
        let (description, _) = search_tool(SearchBridge {
            deferred_count,
            listing,
            connections_granted: granted,
            loading,
            ranking: Ranking::Reference,
            default_limit: 5,
            max_limit: 25,
        });
        description
    }

    /// The `tool_search` description and its `queries` parameter's.
    fn search_tool(search: SearchBridge) -> (String, String) {
        let tools = bridge_tools(search, ToolFormat::OpenAi);
        let function = &tools[0]["function"];
        let text = |v: &Value| v.as_str().unwrap().to_owned();
        (
            text(&function["description"]),
            text(&function["parameters"]["properties"]["queries"]["description"]),
        )
    }

    #[test]
    fn the_enhanced_description_asks_for_the_users_words() {
        for loading in [Loading::Bridges, Loading::Provider] {
            let bridge = |ranking| SearchBridge {
                deferred_count: 4,
                listing: None,
                connections_granted: false,
                loading,
                ranking,
                default_limit: 5,
                max_limit: 25,
            };
            let (reference, reference_queries) = search_tool(bridge(Ranking::Reference));
            assert!(reference.contains("Every word counts"), "{reference}");
            assert!(reference_queries.contains("not sentences"));
            let (enhanced, queries) = search_tool(bridge(Ranking::Enhanced));
            for advice in [
                "own words",
                "Japanese",
                "one query for each thing",
                "\"low\"",
            ] {
                assert!(enhanced.contains(advice), "{advice} in {enhanced}");
            }
            for wrong in ["Every word", "not sentences", "returns nothing"] {
                assert!(!enhanced.contains(wrong), "{wrong} in {enhanced}");
                assert!(!queries.contains(wrong), "{wrong} in {queries}");
            }
            assert!(queries.contains("one query per thing"), "{queries}");
            let other_bridges = ["tool_describe", "tool_call"]
                .iter()
                .any(|name| enhanced.contains(name));
            assert_eq!(other_bridges, loading == Loading::Bridges, "{enhanced}");
        }
    }

    #[test]
    fn the_templates_give_the_parameters_as_written() {
        use serde_json::json;
        let search = |description: &str| {
            json!({
                "type": "object",
                "properties": {
                    "queries": {"type": "array", "items": {"type": "string"}, "description": description},
                    "limit": {"type": "integer", "description": "Matches per query (default 5, max 25)."}
                },
                "required": ["queries"]
            })
        };
        for ranking in [Ranking::Reference, Ranking::Enhanced] {
            let want = search(messages::queries_parameter(ranking));
            assert_eq!(
                search_parameters(ranking, 5, 25).to_string(),
                want.to_string(),
                "keys and their order too"
            );
        }
        let describe = json!({
            "type": "object",
            "properties": {
                "names": {"type": "array", "items": {"type": "string"}, "description": messages::NAMES_PARAMETER}
            },
            "required": ["names"]
        });
        assert_eq!(describe_parameters().to_string(), describe.to_string());
        let call = json!({
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
        });
        assert_eq!(call_parameters().to_string(), call.to_string());
        // A slot with no text stays as written.
        assert_eq!(
            parameters(r#"["$0", "$1", "$x"]"#, &["a"]),
            json!(["a", "$1", "$x"])
        );
    }

    #[test]
    fn key_order_is_fixed() {
        let tools = bridge_tools(
            SearchBridge {
                deferred_count: 3,
                listing: None,
                connections_granted: false,
                loading: Loading::Bridges,
                ranking: Ranking::Reference,
                default_limit: 5,
                max_limit: 25,
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
                ranking: Ranking::Reference,
                default_limit: 5,
                max_limit: 25,
            },
            ToolFormat::Mcp,
        );
        assert!(serde_json::to_string(&mcp[0])
            .unwrap()
            .starts_with(r#"{"name":"tool_search","description":"#));
    }

    #[test]
    fn in_mcp_shape_only_the_lookups_say_they_only_read() {
        let bridge = SearchBridge {
            deferred_count: 3,
            listing: None,
            connections_granted: false,
            loading: Loading::Bridges,
            ranking: Ranking::Enhanced,
            default_limit: 5,
            max_limit: 25,
        };
        let mcp = bridge_tools(bridge, ToolFormat::Mcp);
        let read_only = json!({"readOnlyHint": true});
        assert_eq!(mcp[0]["annotations"], read_only);
        assert_eq!(mcp[1]["annotations"], read_only);
        assert_eq!(mcp[2].get("annotations"), None, "tool_call may write");
        assert!(serde_json::to_string(&mcp[0])
            .unwrap()
            .ends_with(r#""annotations":{"readOnlyHint":true}}"#));
        for format in [ToolFormat::OpenAi, ToolFormat::Anthropic] {
            for tool in bridge_tools(bridge, format) {
                assert_eq!(tool.get("annotations"), None);
            }
        }
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
                ranking: Ranking::Reference,
                default_limit: 5,
                max_limit: 25,
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
