//! The search leg (spec §11.4): one gateway request for all queries, and its
//! results turned into per-query connector documents (§11.5).

use std::rc::Rc;

use serde_json::{Map, Value};

use super::failure::LegFailure;
use super::http::{search_body, send, Failure, Timeouts};
use super::name::ConnectorName;
use crate::catalog::{Entry, Source};
use crate::host::{Host, Route};
use crate::search::{Index, IndexBuilder, Part};
use crate::session::tooldef::ToolDef;
use crate::session::SessionTool;

/// The connector documents of one query.
#[derive(Debug, Default)]
pub(crate) struct RemoteGroup {
    /// The connector tools, in gateway order.
    pub entries: Vec<Entry>,
    index: Index,
    lowercase_names: Vec<String>,
}

impl RemoteGroup {
    /// The documents as a searchable part, to stack after the local catalog.
    pub(crate) fn part(&self) -> Part<'_> {
        Part {
            index: &self.index,
            names: &self.lowercase_names,
            lookup: None,
        }
    }

    /// True without documents.
    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// What the search leg found: one group per query, and a failure if any.
#[derive(Debug, Default)]
pub(crate) struct SearchLeg {
    /// Per query, in query order (empty groups when the leg failed).
    pub groups: Vec<RemoteGroup>,
    /// Set when the failure is to be reported.
    pub failure: Option<LegFailure>,
}

/// Runs the search leg for `queries`.
pub(crate) async fn search_leg<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    queries: &[String],
) -> SearchLeg {
    let empty = || queries.iter().map(|_| RemoteGroup::default()).collect();
    let payload = match send(host, timeouts, Route::Search, &search_body(queries), None).await {
        Ok(payload) => payload,
        Err(failure) => {
            return SearchLeg {
                groups: empty(),
                failure: LegFailure::of(&failure),
            }
        }
    };
    match merge(&payload, queries) {
        Ok(Some(groups)) => SearchLeg {
            groups,
            failure: None,
        },
        Ok(None) => SearchLeg {
            groups: empty(),
            failure: None,
        },
        Err(failure) => SearchLeg {
            groups: empty(),
            failure: LegFailure::of(&failure),
        },
    }
}

/// Per-query documents from the payload; `Ok(None)` when it holds nothing
/// usable and is empty, `Err` for a payload that breaks the contract.
fn merge(payload: &Value, queries: &[String]) -> Result<Option<Vec<RemoteGroup>>, Failure> {
    let (Some(results), Some(schemas)) = (
        payload.get("results").and_then(Value::as_array),
        payload.get("schemas").and_then(Value::as_object),
    ) else {
        let empty = payload.as_object().is_none_or(Map::is_empty);
        return if empty {
            Ok(None)
        } else {
            // A search answer without results or schemas.
            Err(Failure::unexpected())
        };
    };
    check_shape(results, schemas)?;
    let groups = queries
        .iter()
        .enumerate()
        .map(|(position, query)| match results.get(position) {
            Some(Value::Object(group)) => documents(group, query, schemas),
            _ => RemoteGroup::default(),
        })
        .collect();
    Ok(Some(groups))
}

/// The typed-model checks: every result has an integer `index`; every schema
/// has string `connector` and `tool`.
fn check_shape(results: &[Value], schemas: &Map<String, Value>) -> Result<(), Failure> {
    for result in results.iter().filter_map(Value::as_object) {
        if !result.get("index").is_some_and(Value::is_u64) {
            return Err(Failure::unexpected());
        }
    }
    for schema in schemas.values().filter_map(Value::as_object) {
        if !schema.get("connector").is_some_and(Value::is_string)
            || !schema.get("tool").is_some_and(Value::is_string)
        {
            return Err(Failure::unexpected());
        }
    }
    Ok(())
}

/// The documents of one result group, twins composing to one name deduplicated.
fn documents(group: &Map<String, Value>, query: &str, schemas: &Map<String, Value>) -> RemoteGroup {
    if let Some(echo) = group.get("useCase").and_then(Value::as_str) {
        if !echo.is_empty() && echo != query {
            return RemoteGroup::default();
        }
    }
    let slugs = group
        .get("tools")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let mut chosen: Vec<(String, &str, &Map<String, Value>)> = Vec::new();
    for slug in slugs.iter().filter_map(Value::as_str) {
        let Some(schema) = schemas.get(slug).and_then(Value::as_object) else {
            continue;
        };
        let Some(connector) = schema
            .get("connector")
            .and_then(Value::as_str)
            .filter(|c| !c.is_empty())
        else {
            continue;
        };
        let name = ConnectorName::compose(&connector.to_lowercase(), slug);
        match chosen.iter_mut().find(|(n, _, _)| *n == name) {
            None => chosen.push((name, slug, schema)),
            Some(twin) if twin.1 == slug => {}
            Some(twin) => {
                let wanted = ConnectorName::parse(&name).map(|n| n.prefixed_slug());
                if wanted.as_deref() == Some(slug) {
                    *twin = (name, slug, schema);
                }
            }
        }
    }
    let mut builder = IndexBuilder::default();
    let mut remote = RemoteGroup::default();
    for (name, slug, schema) in chosen {
        let connector = schema
            .get("connector")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let description = schema
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default();
        builder.add_text(&format!(
            "{connector} {} {description}",
            slug.replace('_', " ")
        ));
        builder.end_document();
        let required = schema
            .get("inputSchema")
            .and_then(|s| s.get("required"))
            .and_then(Value::as_array)
            .map(|r| {
                r.iter()
                    .filter_map(|x| x.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let tool = SessionTool {
            def: ToolDef {
                name: name.clone(),
                description: Some(description.to_owned()),
                param_keys: Vec::new(),
                required,
                param_text: String::new(),
                keywords: String::new(),
                schema_missing: false,
            },
            toolset: None,
            owner: None,
        };
        remote.lowercase_names.push(name.to_lowercase());
        remote.entries.push(Entry {
            tool: Rc::new(tool),
            position: usize::MAX,
            source: Source::Connectors,
            source_name: connector.to_owned(),
        });
    }
    remote.index = builder.finish();
    remote
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn payload() -> Value {
        json!({
            "results": [
                {"index": 0, "useCase": "send email", "tools": ["GMAIL_SEND_EMAIL", "SEND_EMAIL", "GMAIL_SEND_EMAIL", "MISSING"]},
                {"index": 1, "useCase": "other query", "tools": ["LINEAR_CREATE_ISSUE"]},
                "junk"
            ],
            "schemas": {
                "GMAIL_SEND_EMAIL": {"connector": "Gmail", "tool": "GMAIL_SEND_EMAIL", "description": "Send an email",
                                     "inputSchema": {"required": ["to", 3]}},
                "SEND_EMAIL": {"connector": "gmail", "tool": "SEND_EMAIL", "description": "Twin"},
                "LINEAR_CREATE_ISSUE": {"connector": "linear", "tool": "LINEAR_CREATE_ISSUE"}
            },
            "unknownField": true
        })
    }

    #[test]
    fn groups_by_position_with_twins_deduplicated() {
        let queries = [
            "send email".to_owned(),
            "create issue".to_owned(),
            "third".to_owned(),
        ];
        let groups = merge(&payload(), &queries).unwrap().unwrap();
        assert_eq!(groups.len(), 3);
        let first = &groups[0].entries;
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].name(), "connectors__gmail__SEND_EMAIL");
        assert_eq!(first[0].source_name, "Gmail");
        assert_eq!(
            first[0].tool.def.description.as_deref(),
            Some("Send an email")
        );
        assert_eq!(first[0].tool.def.required, ["to"]);
        assert!(
            groups[1].is_empty(),
            "a group echoing another query is skipped"
        );
        assert!(groups[2].is_empty());
    }

    #[test]
    fn the_prefixed_twin_wins_in_place() {
        let mut p = payload();
        p["results"][0]["tools"] = json!(["SEND_EMAIL", "GMAIL_SEND_EMAIL"]);
        let groups = merge(&p, &["send email".to_owned()]).unwrap().unwrap();
        assert_eq!(
            groups[0].entries[0].tool.def.description.as_deref(),
            Some("Send an email")
        );
    }

    #[test]
    fn shape_violations_and_empty_payloads() {
        assert!(merge(&json!({}), &["q".to_owned()]).unwrap().is_none());
        assert!(merge(&json!({"results": 5}), &["q".to_owned()]).is_err());
        let no_index = json!({"results": [{"tools": []}], "schemas": {}});
        assert!(merge(&no_index, &["q".to_owned()]).is_err());
        let bad_schema = json!({"results": [], "schemas": {"X": {"connector": "c"}}});
        assert!(merge(&bad_schema, &["q".to_owned()]).is_err());
    }
}
