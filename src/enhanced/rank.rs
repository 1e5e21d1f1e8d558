//! Admission and ranking of the enhanced mode. A tool is admitted when it
//! answers enough of the query's content: the share of the query's IDF mass
//! it covers, where each concept counts by the best field it appears in and
//! a content word no tool knows counts fully against every tool. In a
//! keyword query, the tool's name must also hold the query's action.

use super::analyze::{Analysis, Concept};
use super::index::{FieldIndex, TermId, FIELDS, NAME, PARAMS};
use super::lexicon::GENERIC_OBJECTS;
use crate::search::{stem, Hit};

/// What a match in each field is worth toward coverage.
const FIELD_COVERAGE: [f64; FIELDS] = [1.0, 0.85, 0.6, 0.4, 0.3];
/// Coverage a tool needs for a keyword query naming one object.
pub const KEYWORD_COVERAGE: f64 = 0.65;
/// Coverage a tool needs for a keyword query naming several objects: one
/// of them may be a word the right tool does not use.
pub const KEYWORD_OBJECTS_COVERAGE: f64 = 0.5;
/// Coverage a tool needs for a natural request.
pub const NATURAL_COVERAGE: f64 = 0.45;
/// Weight toward coverage of a concept among a request's circumstances.
const TAIL_WEIGHT: f64 = 0.25;
/// Weight toward coverage of an untranslated word no tool knows.
const UNTRANSLATED_WEIGHT: f64 = 0.5;
/// Weight toward coverage of a server named in a sentence.
const SERVICE_WEIGHT: f64 = 0.5;
/// Share of a detail's score added to a tool's score.
const DETAIL_SCORE: f64 = 0.3;

/// Rules of the enhanced mode that can be switched off (benchmark ablation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Synonyms and abbreviations.
    pub synonyms: bool,
    /// Details of natural requests set apart.
    pub details: bool,
    /// Field weights (else every field counts alike).
    pub fields: bool,
    /// The action of a keyword query must be in the tool's name.
    pub actions: bool,
    /// Coverage gate (else plain ranking: every candidate admitted).
    pub coverage: bool,
    /// A query naming a server admits only that server's tools.
    pub services: bool,
    /// In a keyword query the share is taken over the query's objects: the
    /// server filters, the action is checked on the name, generic words
    /// count for nothing.
    pub objects: bool,
}

impl Rules {
    /// The rule names, as `ranking_ablation` takes them.
    pub const NAMES: [&'static str; 7] = [
        "synonyms", "details", "fields", "actions", "coverage", "services", "objects",
    ];

    /// Switches the rule `name` off; false for an unknown name.
    pub fn switch_off(&mut self, name: &str) -> bool {
        let rule = match name {
            "synonyms" => &mut self.synonyms,
            "details" => &mut self.details,
            "fields" => &mut self.fields,
            "actions" => &mut self.actions,
            "coverage" => &mut self.coverage,
            "services" => &mut self.services,
            "objects" => &mut self.objects,
            _ => return false,
        };
        *rule = false;
        true
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            synonyms: true,
            details: true,
            fields: true,
            actions: true,
            coverage: true,
            services: true,
            objects: true,
        }
    }
}

/// One alternative resolved in the index.
struct Resolved {
    terms: Vec<TermId>,
    weight: f64,
    /// The IDF of its commonest term: what a match through it is worth at
    /// most.
    idf: f64,
}

impl Resolved {
    fn new(index: &FieldIndex, terms: Vec<TermId>, weight: f64) -> Resolved {
        let idf = terms
            .iter()
            .map(|&t| index.idf(Some(t)))
            .fold(f64::MAX, f64::min);
        Resolved { terms, weight, idf }
    }
}

/// One concept resolved in the index.
struct Term {
    word: String,
    /// A word naming no particular object ("details", "data").
    generic: bool,
    alternatives: Vec<Resolved>,
    importance: f64,
    counts: bool,
    action: bool,
    service: bool,
}

/// Why one tool is in or out of an enhanced ranking.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// Share of the query's content the tool answers, in [0, 1].
    pub share: f64,
    /// The share needed.
    pub threshold: f64,
    /// The tool's score.
    pub score: f64,
    /// The query names a server and the tool belongs to none of them.
    pub other_service: bool,
    /// A keyword query's action is missing from the tool's name.
    pub action_missing: bool,
    /// The tool is named exactly as the query: admitted first.
    pub exact_name: bool,
    /// Per concept of the query, in order.
    pub concepts: Vec<ConceptMatch>,
}

/// One query concept in a tool.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ConceptMatch {
    /// The query word (two joined words, or an implied concept in brackets).
    pub word: String,
    /// Its weight in the share: its IDF, less for circumstances and generic
    /// words; 0 when it does not count (a detail, a server, a keyword
    /// query's action).
    pub weight: f64,
    /// How well the tool covers it, 0 to 1: 1 in the name, less in the
    /// description or parameters, less again through a synonym.
    pub coverage: f64,
}

impl Judgement {
    /// True when the tool is admitted.
    pub fn admitted(&self) -> bool {
        self.exact_name
            || (self.share >= self.threshold
                && !self.other_service
                && !self.action_missing
                && self.score > 0.0)
    }
}

/// Ranks the index for an analysed query, at most `limit` hits.
pub fn rank(index: &FieldIndex, analysis: &Analysis, rules: Rules, limit: usize) -> Vec<Hit> {
    if index.is_empty() || limit == 0 {
        return Vec::new();
    }
    let mut hits = exact_hits(index, analysis);
    let plan = Plan::new(index, analysis, rules);
    for doc in plan.candidates(index) {
        if hits.iter().any(|h| h.doc == doc) {
            continue;
        }
        let judgement = plan.judge(index, doc, false);
        if judgement.admitted() {
            hits.push(Hit {
                doc,
                score: judgement.score,
            });
        }
    }
    hits.sort_by(|a, b| b.score.total_cmp(&a.score));
    hits.truncate(limit);
    hits
}

/// Judges `docs` for an analysed query, with per-concept detail.
pub fn judge_all(
    index: &FieldIndex,
    analysis: &Analysis,
    rules: Rules,
    docs: &[u32],
) -> Vec<Judgement> {
    let plan = Plan::new(index, analysis, rules);
    let exact = exact_hits(index, analysis);
    docs.iter()
        .map(|&doc| Judgement {
            exact_name: exact.iter().any(|h| h.doc == doc),
            ..plan.judge(index, doc, true)
        })
        .collect()
}

/// A query resolved against the index: its terms, their weights in the
/// share, and the share an admitted tool needs.
struct Plan {
    terms: Vec<Term>,
    /// Per term: its weight in the share (0 when it does not count).
    weights: Vec<f64>,
    /// Sum of the weights.
    counted: f64,
    threshold: f64,
    keyword: bool,
    rules: Rules,
}

impl Plan {
    fn new(index: &FieldIndex, analysis: &Analysis, rules: Rules) -> Plan {
        let terms = resolve(index, analysis, rules);
        let keyword = !analysis.natural;
        // In a keyword query the server filters and the action is checked on
        // the name: the share is taken over the objects. In a sentence the
        // server may be what is asked about ("what time is it"), so it
        // counts, for less.
        let weights: Vec<f64> = terms
            .iter()
            .map(|t| {
                if !t.counts || (rules.objects && keyword && (t.service || t.action || t.generic)) {
                    0.0
                } else if rules.objects && t.service {
                    t.importance * SERVICE_WEIGHT
                } else {
                    t.importance
                }
            })
            .collect();
        let counted = weights.iter().sum();
        let objects = terms
            .iter()
            .zip(&weights)
            .filter(|(t, w)| **w > 0.0 && !t.generic)
            .count();
        let threshold = if !rules.coverage {
            0.0
        } else if !keyword {
            NATURAL_COVERAGE
        } else if objects >= 2 {
            KEYWORD_OBJECTS_COVERAGE
        } else {
            KEYWORD_COVERAGE
        };
        Plan {
            terms,
            weights,
            counted,
            threshold,
            keyword,
            rules,
        }
    }

    /// Documents holding any alternative of a counted concept, less those
    /// that cannot reach the share even if every concept they hold were
    /// fully covered.
    fn candidates(&self, index: &FieldIndex) -> Vec<u32> {
        let mut bound = vec![0.0f64; index.len()];
        let mut seen = vec![u32::MAX; index.len()];
        for (position, term) in self.terms.iter().enumerate().filter(|(_, t)| t.counts) {
            let weight = self.weights[position];
            for &id in term.alternatives.iter().flat_map(|a| a.terms.iter()) {
                for &doc in index.postings(id) {
                    let d = doc as usize;
                    if seen[d] != position as u32 {
                        // First sight of this document for this term.
                        if seen[d] == u32::MAX {
                            bound[d] = f64::MIN_POSITIVE;
                        }
                        seen[d] = position as u32;
                        bound[d] += weight;
                    }
                }
            }
        }
        let reachable = |b: f64| self.counted <= 0.0 || b / self.counted >= self.threshold - 1e-12;
        (0..index.len() as u32)
            .filter(|&d| bound[d as usize] > 0.0 && reachable(bound[d as usize]))
            .collect()
    }

    fn judge(&self, index: &FieldIndex, doc: u32, detail: bool) -> Judgement {
        let mut covered = 0.0;
        let mut score = 0.0;
        let mut action_missing = false;
        let mut service_named = false;
        let mut service_found = false;
        let mut concepts = Vec::new();
        for (term, &weight) in self.terms.iter().zip(&self.weights) {
            let (coverage, term_score, in_name) = best_alternative(index, doc, term, self.rules);
            if detail {
                concepts.push(ConceptMatch {
                    word: term.word.clone(),
                    weight,
                    coverage,
                });
            }
            covered += weight * coverage;
            if term.counts {
                score += term_score;
                if term.service {
                    service_named = true;
                    service_found |= coverage > 0.0;
                }
                if term.action && !in_name {
                    action_missing = true;
                }
            } else {
                score += DETAIL_SCORE * term_score;
            }
        }
        Judgement {
            share: if self.counted > 0.0 {
                covered / self.counted
            } else {
                1.0
            },
            threshold: self.threshold,
            score,
            other_service: self.rules.services && service_named && !service_found,
            action_missing: self.rules.actions && self.keyword && action_missing,
            exact_name: false,
            concepts,
        }
    }
}

/// Tools named exactly as the query: full name, the name without its
/// server prefix, or `mcp__server__tool` written for `mcp_server_tool`.
fn exact_hits(index: &FieldIndex, analysis: &Analysis) -> Vec<Hit> {
    let Some(key) = &analysis.identifier else {
        return Vec::new();
    };
    index
        .named(key)
        .map(|doc| Hit {
            doc,
            score: f64::INFINITY,
        })
        .collect()
}

fn resolve(index: &FieldIndex, analysis: &Analysis, rules: Rules) -> Vec<Term> {
    let mut terms: Vec<Term> = Vec::new();
    let concepts = &analysis.concepts;
    let mut i = 0;
    while i < concepts.len() {
        let concept = &concepts[i];
        let mut term = resolve_one(index, concept, rules);
        // A filler word a tool writes together with this one ("on call" -> oncall).
        if let Some(joined) = concept
            .before
            .as_ref()
            .and_then(|b| index.term(&stem(&format!("{b}{}", concept.word))))
        {
            term.alternatives
                .insert(0, Resolved::new(index, vec![joined], 1.0));
            term.importance = term.importance.max(index.idf(Some(joined)));
        }
        // Adjacent words that a tool writes as one ("key vault" -> keyvault).
        if let Some(next) = concepts.get(i + 1).filter(|n| !n.detail && !concept.detail) {
            if let Some(joined) = index.term(&stem(&format!("{}{}", concept.word, next.word))) {
                let second = resolve_one(index, next, rules);
                let mut both: Vec<TermId> = Vec::new();
                if let (Some(a), Some(b)) = (term.alternatives.first(), second.alternatives.first())
                {
                    both.extend(a.terms.iter().chain(&b.terms));
                }
                term.alternatives = vec![Resolved::new(index, vec![joined], 1.0)];
                if !both.is_empty() {
                    term.alternatives.push(Resolved::new(index, both, 1.0));
                }
                term.importance = index.idf(Some(joined));
                term.action |= second.action;
                term.word = format!("{} {}", term.word, second.word);
                i += 1;
            }
        }
        terms.push(term);
        i += 1;
    }
    terms
}

fn resolve_one(index: &FieldIndex, concept: &Concept, rules: Rules) -> Term {
    let alternatives: Vec<Resolved> = usable(concept, rules)
        .filter_map(|(stems, weight)| {
            let terms: Option<Vec<TermId>> = stems.iter().map(|s| index.term(s)).collect();
            terms.map(|terms| Resolved::new(index, terms, weight))
        })
        .collect();
    // A name counts against a tool only when some tool names or describes
    // it (not when it only appears among parameter examples).
    let described = alternatives
        .first()
        .is_some_and(|a| a.terms.iter().all(|&t| index.describes(t)));
    let importance = match alternatives.first() {
        Some(first) => first
            .terms
            .iter()
            .map(|&t| index.idf(Some(t)))
            .fold(f64::MAX, f64::min),
        None => index.idf(None),
    };
    // Only the word itself names a server, not its synonyms; a server named
    // anywhere but inside a value is a target, never a detail.
    let own = concept
        .alternatives
        .first()
        .and_then(|a| a.stems.first())
        .and_then(|s| index.term(s));
    let service = !concept.value && own.is_some_and(|t| index.is_service(t));
    let detail = !service && rules.details && (concept.detail || (concept.proper && !described));
    let generic = GENERIC_OBJECTS.contains(&concept.word.as_str());
    let minor = rules.details && (concept.tail || generic);
    let importance = if minor {
        importance * TAIL_WEIGHT
    } else {
        importance
    };
    let importance = if concept.untranslated && !described {
        importance * UNTRANSLATED_WEIGHT
    } else {
        importance
    };
    Term {
        word: concept.word.clone(),
        generic,
        alternatives,
        importance,
        counts: !detail,
        action: concept.action,
        service,
    }
}

fn usable(concept: &Concept, rules: Rules) -> impl Iterator<Item = (&Vec<String>, f64)> {
    let take = if rules.synonyms {
        concept.alternatives.len()
    } else {
        1
    };
    concept
        .alternatives
        .iter()
        .take(take)
        .map(|a| (&a.stems, a.weight))
}

/// `(coverage, score, in name)` of the concept's best alternative in `doc`.
fn best_alternative(index: &FieldIndex, doc: u32, term: &Term, rules: Rules) -> (f64, f64, bool) {
    let mut best = (0.0f64, 0.0f64, false);
    for alternative in &term.alternatives {
        let mut field_factor = f64::MAX;
        let mut in_name = true;
        let mut score = 0.0;
        for &t in &alternative.terms {
            let tf = index.tf(doc, t);
            // A word met only among parameters covers a concept only when
            // some tool names or describes it: "fax" in a call tool's
            // `detect fax machines` option is no fax capability.
            let first_field = (0..FIELDS).find(|&f| tf[f] > 0);
            let factor = match first_field {
                Some(f) if f >= PARAMS && !index.describes(t) => 0.0,
                Some(_) if !rules.fields => 1.0,
                Some(f) => FIELD_COVERAGE[f],
                None => 0.0,
            };
            field_factor = field_factor.min(factor);
            if factor == 0.0 {
                break;
            }
            in_name &= tf[NAME] > 0;
            score += index.saturation(doc, tf);
        }
        if field_factor == 0.0 || field_factor == f64::MAX {
            continue;
        }
        let n = alternative.terms.len().max(1) as f64;
        best.0 = best.0.max(alternative.weight * field_factor);
        // A match through a common form of the word itself (not a synonym)
        // is worth its own IDF at most: "call" where "on call" was asked.
        let idf = if alternative.weight < 1.0 {
            term.importance
        } else {
            term.importance.min(alternative.idf)
        };
        best.1 = best.1.max(idf * alternative.weight * score / n);
        best.2 |= in_name;
    }
    best
}
