//! The configured ranking over one catalog: the only place that chooses
//! between the reference ranking (spec §6) and the enhanced one.

use serde::Serialize;

mod reference;

pub(crate) use reference::ReferenceExplanation;

use crate::catalog::{Catalog, Entry};
use crate::config::{Config, Ranking, Rules};
use crate::enhanced::{self, Confidence, EnhancedExplanation, EnhancedIndex, Leg};
use crate::search::{rank, Corpus, Hit, Part};

/// One catalog under the configured ranking.
pub enum Ranker<'a> {
    /// Spec §6: stemmed BM25 with the rarest-term gate and the floor.
    Reference(&'a Catalog),
    /// The natural-language and multilingual ranking (`crate::enhanced`).
    Enhanced {
        /// The catalog ranked.
        catalog: &'a Catalog,
        /// Its field index and vocabulary.
        index: &'a EnhancedIndex,
        /// The rules in force.
        rules: Rules,
    },
}

/// One query's group of entries, with the enhanced ranking's label.
#[derive(Debug, Clone)]
pub struct Group<'c> {
    /// The entries, best first.
    pub entries: Vec<&'c Entry>,
    /// The label (`None` under the reference ranking).
    pub confidence: Option<Confidence>,
}

/// One query's ranked tools.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The tools, best first.
    pub hits: Vec<Hit>,
    /// The enhanced ranking's label (`None` under the reference ranking,
    /// whose groups carry none).
    pub confidence: Option<Confidence>,
}

/// Why tools rank as they do, under the configured ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Explanation {
    /// Spec §6: tokens, gate, floor and BM25 contributions.
    Reference(ReferenceExplanation),
    /// Concepts, shares and verdicts of the enhanced ranking.
    Enhanced(EnhancedExplanation),
}

impl<'a> Ranker<'a> {
    /// The ranking `config` asks for; `index` builds the enhanced index when
    /// that ranking needs it.
    pub fn new(
        config: &Config,
        catalog: &'a Catalog,
        index: impl FnOnce() -> &'a EnhancedIndex,
    ) -> Ranker<'a> {
        match config.ranking {
            Ranking::Reference => Ranker::Reference(catalog),
            Ranking::Enhanced => Ranker::Enhanced {
                catalog,
                index: index(),
                rules: config.rules,
            },
        }
    }

    /// True when the semantic leg can take part (only the enhanced ranking
    /// fuses it).
    pub fn fuses_semantic(&self) -> bool {
        matches!(self, Ranker::Enhanced { .. })
    }

    /// The catalog's best `limit` tools for `query`; `leg` is the query's
    /// semantic leg, when the host embeds.
    pub fn search(&self, query: &str, limit: usize, leg: Option<Leg>) -> Found {
        match *self {
            Ranker::Reference(catalog) => Found {
                hits: catalog.search(query, limit),
                confidence: None,
            },
            Ranker::Enhanced { index, rules, .. } => {
                let outcome = enhanced::search(index, query, rules, limit, leg);
                Found {
                    hits: outcome.hits,
                    confidence: Some(outcome.confidence),
                }
            }
        }
    }

    /// Adds connector tools to one query's local `group` (§8.2 step 4): the
    /// reference ranking ranks both together; the enhanced one ranks the
    /// connector tools on their own and adds them when it is sure of them,
    /// first when it is not sure of the local ones, else in the room left.
    pub fn merge_remote<'c>(
        &self,
        group: &mut Group<'c>,
        remote: (&'c [Entry], Part<'_>),
        query: &str,
        limit: usize,
    ) where
        'a: 'c,
    {
        let (entries, part) = remote;
        match *self {
            Ranker::Reference(catalog) => {
                let corpus = Corpus::new(vec![catalog.part(), part]);
                group.entries = rank(&corpus, query, limit)
                    .iter()
                    .filter_map(|hit| {
                        let doc = hit.doc as usize;
                        catalog
                            .entries()
                            .get(doc)
                            .or_else(|| entries.get(doc - catalog.len()))
                    })
                    .collect();
            }
            Ranker::Enhanced { rules, .. } => {
                let index = EnhancedIndex::build(entries);
                let outcome = enhanced::search(&index, query, rules, limit, None);
                if outcome.confidence == Confidence::Low {
                    return;
                }
                let found = outcome
                    .hits
                    .iter()
                    .filter_map(|hit| entries.get(hit.doc as usize));
                if group.confidence == Some(Confidence::High) {
                    let room = limit.saturating_sub(group.entries.len());
                    group.entries.extend(found.take(room));
                } else {
                    let local = std::mem::take(&mut group.entries);
                    group.entries = found.chain(local).take(limit).collect();
                    group.confidence = Some(Confidence::High);
                }
            }
        }
    }

    /// Why tools rank as they do for `query`: the top `limit` tools, or the
    /// tools `names`.
    pub fn explain(&self, query: &str, names: Option<&[String]>, limit: usize) -> Explanation {
        match *self {
            Ranker::Reference(catalog) => {
                Explanation::Reference(reference::explain(catalog, query, names, limit))
            }
            Ranker::Enhanced {
                catalog,
                index,
                rules,
            } => Explanation::Enhanced(enhanced::explain(
                catalog, index, query, rules, names, limit,
            )),
        }
    }
}
