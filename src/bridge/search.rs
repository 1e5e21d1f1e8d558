//! The `tool_search` bridge (spec §8): per-query groups of ranked names and one
//! shared map of short records.

use serde::Serialize;
use serde_json::{Map, Value};

use super::answer::{Answer, Facts, GroupFacts, LegOutcome};
use super::args::{self, LongItems, Repeats, MAX_ITEM_CHARS};
use super::error::BridgeError;
use super::guard::Guard;
use super::messages;
use super::turn::Turn;
use crate::catalog::{Catalog, Source};
use std::borrow::Cow;

use crate::config::Config;
use crate::connectors::search_leg;
use crate::enhanced::{asks, Confidence, Leg};
use crate::host::Host;
use crate::ranking::{Group, Ranker};
use crate::search::FastSet;
use crate::session::{DeclaredSource, SessionSource};
use crate::text::clip;

/// Queries per call; the gateway answers at most 7 use cases (§2.4).
pub(crate) const MAX_QUERIES: usize = 7;
/// Characters of a record description before `…` (§2.4).
pub(crate) const RECORD_DESCRIPTION_CHARS: usize = 500;
/// Names echoed from `required` (§2.4).
pub(crate) const RECORD_REQUIRED_NAMES: usize = 32;
/// Characters kept of each echoed required name (§2.4).
pub(crate) const RECORD_REQUIRED_CHARS: usize = 64;

/// A validated tool_search call.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SearchRequest {
    /// Cleaned queries, input order, repeats kept.
    pub queries: Vec<String>,
    /// Matches per query.
    pub limit: usize,
}

impl SearchRequest {
    /// Reads the model's arguments (§8.1). The spec refuses a query longer
    /// than [`MAX_ITEM_CHARS`]; the extended profile reads the sentences of
    /// it that ask (`enhanced::asks`).
    pub(crate) fn read(args_text: &str, config: &Config) -> Result<SearchRequest, BridgeError> {
        let args = args::parse(args_text)?;
        let queries = if !config.profile.reads_long_requests() {
            args::string_list(
                &args,
                "queries",
                Repeats::Keep,
                MAX_QUERIES,
                LongItems::Refuse,
            )?
        } else {
            args::string_list(
                &args,
                "queries",
                Repeats::Keep,
                MAX_QUERIES,
                LongItems::Keep,
            )?
            .into_iter()
            .map(|query| match asks(&query, MAX_ITEM_CHARS) {
                Cow::Borrowed(_) => query,
                Cow::Owned(part) => part,
            })
            .collect()
        };
        let limit = args::limit(&args, config.search_default_limit, config.max_search_limit);
        Ok(SearchRequest { queries, limit })
    }
}

/// One row of `available_sources` (§8.4).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct SourceRow {
    /// Group label or declared server name.
    pub name: String,
    /// Tools behind the label, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_count: Option<u64>,
    /// Why a declared source is unusable now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
}

/// Labels of the local catalog with their counts, and the declared rows,
/// sorted by name (available rows first among equal names).
pub(crate) fn source_summary(catalog: &Catalog, declared: &[DeclaredSource]) -> Vec<SourceRow> {
    let mut rows: Vec<SourceRow> = catalog
        .label_counts()
        .iter()
        .map(|(name, &count)| SourceRow {
            name: name.clone(),
            tool_count: Some(count as u64),
            unavailable: None,
        })
        .collect();
    rows.extend(declared.iter().map(|d| SourceRow {
        name: d.name.clone(),
        tool_count: d.tool_count,
        unavailable: Some(d.unavailable.clone()),
    }));
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    rows
}

/// One group as the model reads it (§8.3, with the enhanced ranking's
/// `confidence` after `matches`, and the search guard's `repeated`).
#[derive(Serialize)]
struct GroupJson<'a> {
    query: &'a str,
    matches: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    confidence: Option<Confidence>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    repeated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    available_sources: Option<&'a [SourceRow]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'static str>,
}

impl<'a> GroupJson<'a> {
    /// `group` for `query`: an empty group, or a low one, says which
    /// sources are connected and what to do; an empty group of a session
    /// whose every source is unavailable says so, and under the enhanced
    /// ranking one of a session with nothing to search says that. A group the
    /// search guard finds `repeated` says what to do instead of searching.
    fn new(
        query: &'a str,
        group: &Group<'a>,
        summary: &'a [SourceRow],
        searchable: bool,
        repeated: bool,
    ) -> GroupJson<'a> {
        let hint = if repeated && group.entries.is_empty() {
            Some(messages::REPEATED_EMPTY_HINT)
        } else if repeated {
            Some(messages::REPEATED_GROUP_HINT)
        } else if group.entries.is_empty() {
            let none_available = summary.iter().all(|row| row.unavailable.is_some());
            if !searchable && !summary.is_empty() && none_available {
                Some(messages::SOURCES_UNAVAILABLE_HINT)
            } else if !searchable && group.confidence.is_some() {
                Some(messages::NOTHING_SEARCHABLE_HINT)
            } else {
                (!summary.is_empty()).then_some(messages::EMPTY_GROUP_HINT)
            }
        } else if group.confidence == Some(Confidence::Low) {
            Some(messages::LOW_GROUP_HINT)
        } else {
            None
        };
        GroupJson {
            query,
            matches: group.entries.iter().map(|e| e.name()).collect(),
            confidence: group.confidence,
            repeated,
            available_sources: hint.and((!summary.is_empty()).then_some(summary)),
            hint,
        }
    }
}

#[derive(Serialize)]
struct Record<'a> {
    source: Source,
    source_name: &'a str,
    description: String,
    required: Clipped<'a>,
    /// The tool's annotations (approval hints, title), when it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    annotations: Option<Map<String, Value>>,
}

/// Required names, each cut to `RECORD_REQUIRED_CHARS` characters.
struct Clipped<'a>(&'a [String]);

impl Serialize for Clipped<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|name| {
            match name.char_indices().nth(RECORD_REQUIRED_CHARS) {
                Some((cut, _)) => &name[..cut],
                None => name.as_str(),
            }
        }))
    }
}

/// The records by name, in the order first returned.
struct Records<'a>(Vec<(&'a str, Record<'a>)>);

impl Serialize for Records<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, record)| (name, record)))
    }
}

#[derive(Serialize)]
struct Output<'a> {
    queries: &'a [String],
    total_available: usize,
    results: Vec<GroupJson<'a>>,
    tools: Records<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    connectors: Option<Value>,
}

/// What a search answer is rendered from besides its groups.
pub(crate) struct Scope<'a> {
    /// The size of the local catalog.
    pub local_count: usize,
    /// The source summary (§8.4).
    pub summary: &'a [SourceRow],
    /// Connector tools are in scope.
    pub connectors_in_scope: bool,
    /// The raw session, for the records' annotations.
    pub source: &'a dyn SessionSource,
    /// Records carry their tools' annotations (not under the reference
    /// ranking, whose records are the spec's).
    pub annotated: bool,
}

/// The connector leg of a search, when it ran: the answer's `connectors`
/// field (when it failed) and how it went.
pub(crate) type LegReport = (Option<Value>, LegOutcome);

/// Renders the answer (§8.2 steps 5-9, §8.3). `groups[i]` holds the ranked
/// entries of query i. With the turn's `log` (the search guard), a record
/// the turn showed already is left out, a group that brings nothing new is
/// `repeated`, and the log notes what this answer shows.
pub(crate) fn render<R>(
    request: &SearchRequest,
    groups: &[Group],
    scope: Scope,
    leg: Option<LegReport>,
    guard: Option<(&Guard, &str)>,
) -> Answer<R> {
    let (connectors, connector_leg) = match leg {
        Some((field, outcome)) => (field, Some(outcome)),
        None => (None, None),
    };
    let Scope {
        local_count,
        summary,
        connectors_in_scope,
        source,
        annotated,
    } = scope;
    let searchable = local_count > 0 || connectors_in_scope;
    let mut named = FastSet::default();
    let mut matches = Vec::new();
    let mut tools = Vec::new();
    let mut remote_returned = 0;
    let shown_before = |name: &str| guard.is_some_and(|(guard, turn)| guard.was_shown(turn, name));
    let repeated: Vec<bool> = groups
        .iter()
        .map(|group| match guard {
            None => false,
            Some((guard, turn)) if group.entries.is_empty() => guard.found_nothing(turn),
            Some(_) => group.entries.iter().all(|e| shown_before(e.name())),
        })
        .collect();
    for entry in groups.iter().flat_map(|g| &g.entries) {
        if !named.insert(entry.name()) {
            continue;
        }
        if entry.source == Source::Connectors {
            remote_returned += 1;
        }
        matches.push(entry.name().to_owned());
        if shown_before(entry.name()) {
            continue;
        }
        let required = &entry.tool.def.required;
        let local = entry.source != Source::Connectors;
        tools.push((
            entry.name(),
            Record {
                source: entry.source,
                source_name: &entry.source_name,
                description: clip(
                    entry.tool.def.description.as_deref().unwrap_or(""),
                    RECORD_DESCRIPTION_CHARS,
                    "…",
                ),
                required: Clipped(&required[..required.len().min(RECORD_REQUIRED_NAMES)]),
                annotations: (local && annotated)
                    .then(|| source.annotations(entry.position))
                    .flatten(),
            },
        ));
    }
    let facts = Facts {
        groups: request
            .queries
            .iter()
            .zip(groups)
            .zip(&repeated)
            .map(|((query, group), &repeated)| GroupFacts {
                query: query.clone(),
                matches: group.entries.iter().map(|e| e.name().to_owned()).collect(),
                confidence: group.confidence,
                repeated,
            })
            .collect(),
        connector_leg,
        described: Vec::new(),
    };
    let results = request
        .queries
        .iter()
        .zip(groups)
        .zip(repeated)
        .map(|((query, group), repeated)| {
            GroupJson::new(query, group, summary, searchable, repeated)
        })
        .collect();
    if let Some((guard, turn)) = guard {
        let found_nothing = groups.iter().any(|g| g.entries.is_empty());
        guard.note_search(turn, tools.iter().map(|(name, _)| *name), found_nothing);
    }
    let output = Output {
        queries: &request.queries,
        total_available: local_count + remote_returned,
        results,
        tools: Records(tools),
        connectors,
    };
    match serde_json::to_string(&output) {
        Ok(text) => Answer::Bridge {
            text,
            matches,
            facts,
        },
        Err(error) => Answer::internal(&error.to_string()),
    }
}

/// Answers tool_search (§8.2): local groups, then the connector leg when
/// connectors are in scope and some group is short of `limit`.
pub(crate) async fn tool_search<H: Host>(turn: &Turn<'_, H>, args: &str) -> Answer<H::Returned> {
    let request = match SearchRequest::read(args, turn.config) {
        Ok(request) => request,
        Err(error) => return error.into(),
    };
    let guarded = turn.guarded();
    if let Some((name, max)) = guarded {
        if let Err(error) = turn.guard.begin_search(name, max) {
            return error.into();
        }
    }
    let guard = guarded.map(|(name, _)| (turn.guard, name));
    let catalog = &turn.prepared.catalog;
    let ranker = turn.prepared.ranker(turn.config);
    let cosines = if ranker.fuses_semantic() {
        let slot = &turn.prepared.vectors;
        turn.semantic
            .cosines(turn.host, catalog.entries(), slot, &request.queries)
            .await
    } else {
        None
    };
    let legs: Vec<Option<Leg>> = (0..request.queries.len())
        .map(|i| {
            cosines.as_ref().and_then(|c| c.get(i)).map(|c| Leg {
                cosines: c,
                options: turn.semantic.options,
            })
        })
        .collect();
    let mut groups = local_groups(&ranker, catalog, &request, &legs);
    let summary = source_summary(catalog, &turn.session.declared);
    let scope = Scope {
        local_count: catalog.len(),
        summary: &summary,
        connectors_in_scope: turn.connectors_in_scope(),
        source: turn.session.source.as_ref(),
        annotated: turn.config.profile.annotates_records(),
    };
    if !scope.connectors_in_scope || groups.iter().all(|g| g.entries.len() >= request.limit) {
        return render(&request, &groups, scope, None, guard);
    }
    let leg = search_leg(turn.host, turn.timeouts, &request.queries).await;
    for ((group, remote), query) in groups.iter_mut().zip(&leg.groups).zip(&request.queries) {
        if !remote.is_empty() {
            ranker.merge_remote(
                group,
                (&remote.entries, remote.part()),
                query,
                request.limit,
            );
        }
    }
    let report = match leg.failure {
        Some(failure) => (
            Some(messages::connectors_field(failure, "searched", &[])),
            LegOutcome::Failed(failure.code()),
        ),
        None => (None, LegOutcome::Answered),
    };
    render(&request, &groups, scope, Some(report), guard)
}

/// Groups of the local catalog alone (§8.2 step 2), in the configured
/// ranking; `legs[i]` is query i's semantic leg, if any.
pub(crate) fn local_groups<'c>(
    ranker: &Ranker<'c>,
    catalog: &'c Catalog,
    request: &SearchRequest,
    legs: &[Option<Leg>],
) -> Vec<Group<'c>> {
    request
        .queries
        .iter()
        .enumerate()
        .map(|(i, query)| {
            let leg = legs.get(i).copied().flatten();
            let found = ranker.search(query, request.limit, leg);
            Group {
                entries: found
                    .hits
                    .iter()
                    .filter_map(|hit| catalog.entries().get(hit.doc as usize))
                    .collect(),
                confidence: found.confidence,
            }
        })
        .collect()
}
