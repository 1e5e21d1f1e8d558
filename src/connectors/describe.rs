//! The describe leg (spec §11.6): schemas of connector tools by name.

use serde_json::{json, Map, Value};

use super::failure::LegFailure;
use super::http::{send, Failure, Timeouts};
use super::name::ConnectorName;
use crate::host::{Host, Route};

/// What the describe leg found.
#[derive(Debug, Default)]
pub(crate) struct DescribeLeg {
    /// Composed name -> `{"description", "parameters"}`.
    pub schemas: Map<String, Value>,
    /// Set when the leg failed (misses are then "undescribed", not "not
    /// found"); 404 and silent auth errors leave it unset.
    pub failure: Option<LegFailure>,
}

/// Describes the connector names among `names` (malformed or repeated ones
/// are skipped). One request carries every candidate slug.
pub(crate) async fn describe_leg<H: Host>(
    host: &H,
    timeouts: &Timeouts,
    names: &[String],
) -> DescribeLeg {
    let mut parsed: Vec<(&String, ConnectorName)> = Vec::new();
    for name in names {
        if let Some(n) = ConnectorName::parse(name) {
            if !parsed.iter().any(|(seen, _)| *seen == name) {
                parsed.push((name, n));
            }
        }
    }
    if parsed.is_empty() {
        return DescribeLeg::default();
    }
    let mut slugs: Vec<String> = Vec::new();
    for (_, name) in &parsed {
        for slug in name.slug_candidates() {
            if !slugs.contains(&slug) {
                slugs.push(slug);
            }
        }
    }
    let payload = match send(
        host,
        timeouts,
        Route::Schemas,
        &json!({ "tools": slugs }),
        None,
    )
    .await
    {
        Ok(payload) => payload,
        Err(failure) => return failed(&failure),
    };
    let Some(schemas) = payload.get("schemas").and_then(Value::as_object) else {
        // A schemas answer without schemas.
        return failed(&Failure::unexpected());
    };
    let mut leg = DescribeLeg::default();
    for (composed, name) in parsed {
        let found = name
            .slug_candidates()
            .into_iter()
            .find_map(|slug| schemas.get(&slug)?.as_object());
        if let Some(schema) = found {
            let description = schema
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let parameters = schema
                .get("inputSchema")
                .filter(|p| p.is_object())
                .cloned()
                .unwrap_or_else(|| json!({}));
            leg.schemas.insert(
                composed.clone(),
                json!({ "description": description, "parameters": parameters }),
            );
        }
    }
    leg
}

fn failed(failure: &Failure) -> DescribeLeg {
    DescribeLeg {
        schemas: Map::new(),
        failure: LegFailure::of(failure),
    }
}
