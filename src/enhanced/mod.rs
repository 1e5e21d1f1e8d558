//! The enhanced ranking (`config.ranking: "enhanced"`): lexical and in the
//! wasm, built for natural and multilingual requests as well as keywords.
//!
//! 1. **Exact names** in any spelling come first, always (`names`).
//! 2. **Candidates** are every tool holding a query concept or one of its
//!    alternatives, plus everything the reference ranking returns: nothing
//!    the reference finds is lost (`rank`).
//! 3. **Ranking** is BM25F over the tools' fields, with alternatives from
//!    the language files (`language`, `translate`) and from the catalog's
//!    own vocabulary (`vocabulary`).
//! 4. **One no-match decision** (`decision`) returns nothing when the
//!    confidence that some tool answers is too low.

mod decision;
mod explain;
mod index;
mod language;
mod names;
mod proximity;
mod query;
mod rank;
pub mod semantic;
mod translate;
mod vocabulary;
mod words;

pub use decision::{Decision, Signals};
pub use explain::{explain, EnhancedExplanation};
pub use index::FieldIndex;
use query::sentences;
pub use query::{analyze, Analysis};
pub use words::for_each_word as for_each_name_word;

use rank::{Plan, Scored};
use vocabulary::Vocabulary;

use crate::enhanced::semantic::SemanticOptions;
use crate::search::Hit;

/// Tools the reference ranking contributes as candidates: the most any
/// call may return (`max_search_limit` is at most 50), so a query's
/// candidates and decision do not depend on its limit.
pub const REFERENCE_POOL: usize = 50;

/// Candidates, best by BM25F first, whose concepts written side by side
/// add to their score: as many as a call may return.
const PROXIMITY_POOL: usize = REFERENCE_POOL;

/// Tools taken from the top of the cosine ranking into the fused pool.
const SEMANTIC_POOL: usize = 50;

/// The semantic leg of one query: every tool's cosine with it, and how to
/// fuse them.
#[derive(Debug, Clone, Copy)]
pub struct Leg<'a> {
    /// Per tool (document id), its cosine with the query.
    pub cosines: &'a [f32],
    /// Fusion weight and rescue threshold.
    pub options: SemanticOptions,
}

/// Rules of the enhanced ranking that can be switched off (benchmark
/// ablation, `config.ranking_ablation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Alternatives from the English glossary (`lang/en.tsv`).
    pub glossary: bool,
    /// Alternatives learned from the catalog.
    pub catalog: bool,
    /// Values, names and message bodies of requests set apart.
    pub details: bool,
    /// Field weights (else every field counts alike).
    pub fields: bool,
    /// The no-match decision (else the candidates are always returned).
    pub decision: bool,
    /// The decision judged on the surest sentence of a request (else on the
    /// whole request only).
    pub sentences: bool,
    /// Concepts written side by side in a tool's text add to its score.
    pub proximity: bool,
    /// Queries in other languages recognised and rewritten into English
    /// (`lang/*.tsv` but English; else read as English).
    pub translation: bool,
    /// Concepts a request implies without naming them: a value's kind
    /// (`@value-*`) and the phrases of `@implied` ("how many", ...).
    pub implied: bool,
    /// A negated word ("don't", "not", ...) is left out of the query.
    pub negation: bool,
    /// A catalog name, in any spelling, ranks its tools first.
    pub exact_names: bool,
    /// The reference ranking's tools are candidates too.
    pub reference: bool,
}

impl Rules {
    /// The rule names, as `ranking_ablation` takes them.
    pub const NAMES: [&'static str; 12] = [
        "glossary",
        "catalog",
        "details",
        "fields",
        "decision",
        "sentences",
        "proximity",
        "translation",
        "implied",
        "negation",
        "exact_names",
        "reference",
    ];

    /// Every rule on but those `names` switch off (`ranking_ablation`).
    pub fn without(names: &[String]) -> Rules {
        let mut rules = Rules::default();
        for name in names {
            rules.switch_off(name);
        }
        rules
    }

    /// Switches the rule `name` off; false for an unknown name.
    pub fn switch_off(&mut self, name: &str) -> bool {
        let rule = match name {
            "glossary" => &mut self.glossary,
            "catalog" => &mut self.catalog,
            "details" => &mut self.details,
            "fields" => &mut self.fields,
            "decision" => &mut self.decision,
            "sentences" => &mut self.sentences,
            "proximity" => &mut self.proximity,
            "translation" => &mut self.translation,
            "implied" => &mut self.implied,
            "negation" => &mut self.negation,
            "exact_names" => &mut self.exact_names,
            "reference" => &mut self.reference,
            _ => return false,
        };
        *rule = false;
        true
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            glossary: true,
            catalog: true,
            details: true,
            fields: true,
            decision: true,
            sentences: true,
            proximity: true,
            translation: true,
            implied: true,
            negation: true,
            exact_names: true,
            reference: true,
        }
    }
}

/// The enhanced ranking's view of one catalog: its field index and the
/// vocabulary learned from it.
#[derive(Debug, Default)]
pub struct EnhancedIndex {
    /// The field index.
    pub fields: FieldIndex,
    vocabulary: Vocabulary,
}

impl EnhancedIndex {
    /// Indexes `entries` and learns their vocabulary.
    pub fn build(entries: &[crate::catalog::Entry]) -> EnhancedIndex {
        let fields = FieldIndex::build(entries);
        let vocabulary = Vocabulary::learn(&fields);
        EnhancedIndex { fields, vocabulary }
    }

    /// Writes the field index (the vocabulary is learned again on reading).
    pub fn write(&self, w: &mut crate::bytes::Writer) {
        self.fields.write(w);
    }

    /// Reads what [`EnhancedIndex::write`] wrote for `entries`.
    pub fn read(
        r: &mut crate::bytes::Reader,
        entries: &[crate::catalog::Entry],
    ) -> Result<EnhancedIndex, crate::bytes::Corrupt> {
        let fields = FieldIndex::read(r, entries)?;
        let vocabulary = Vocabulary::learn(&fields);
        Ok(EnhancedIndex { fields, vocabulary })
    }
}

/// The answer to one query.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The returned tools, best first: exact names, then ranked tools when
    /// the decision answers (or the semantic leg rescues them).
    pub hits: Vec<Hit>,
    /// The lexical no-match decision.
    pub decision: Decision,
    /// The best cosine of the semantic leg, when there was one.
    pub best_cosine: Option<f32>,
    /// The lexical decision returned nothing and the best cosine reached
    /// the rescue threshold.
    pub rescued: bool,
}

/// Everything the ranking computed for one query, for search and explain.
struct Ranking {
    analysis: Analysis,
    plan: Plan,
    exact: Vec<u32>,
    /// Candidates: the first `sorted` best first, the rest after them in no
    /// order.
    ranked: Vec<Scored>,
    decision: Decision,
    /// The sentence whose signals decided, when the query has several and
    /// one of them is surer than the whole.
    decided_by: Option<String>,
}

/// Ranks `query`; the best `sorted` candidates come first, in order.
fn run(
    index: &EnhancedIndex,
    query: &str,
    rules: Rules,
    reference: &[u32],
    sorted: usize,
) -> Ranking {
    let fields = &index.fields;
    let exact = if rules.exact_names {
        fields.named(query)
    } else {
        Vec::new()
    };
    let analysis = analyze(query, &|word| fields.knows(word), rules);
    let plan = Plan::new(fields, &index.vocabulary, &analysis, rules);
    let mut extra = if rules.reference {
        reference.to_vec()
    } else {
        Vec::new()
    };
    extra.extend(&exact);
    let ranked = score_all(fields, &plan, &extra, sorted.saturating_add(exact.len()));
    let whole = Signals::read(fields, &plan, &ranked);
    let (signals, decided_by) = surest_sentence(index, query, rules, whole);
    Ranking {
        analysis,
        plan,
        exact,
        ranked,
        decision: Decision::new(signals, rules.decision),
        decided_by,
    }
}

/// Sentences of a request the decision reads on their own: the last ones,
/// as a request sets the scene first and asks after it. The bound keeps a
/// query of many short sentences from costing as many searches.
const DECIDING_SENTENCES: usize = 8;

/// The signals of the query, or those of one of its sentences when that
/// one is surer: a request in several sentences often asks in one of them,
/// and the others only set the scene, diluting the share answered. A
/// sentence that names no server takes the whole request's `service_gap`:
/// a server named elsewhere in the request still has to offer the operation.
fn surest_sentence(
    index: &EnhancedIndex,
    query: &str,
    rules: Rules,
    whole: Signals,
) -> (Signals, Option<String>) {
    let mut best = (whole, None);
    if !rules.decision || !rules.sentences {
        return best;
    }
    let parts = sentences(query);
    if parts.len() < 2 {
        return best;
    }
    let fields = &index.fields;
    for &sentence in &parts[parts.len().saturating_sub(DECIDING_SENTENCES)..] {
        let analysis = analyze(sentence, &|word| fields.knows(word), rules);
        let plan = Plan::new(fields, &index.vocabulary, &analysis, rules);
        let ranked = score_all(fields, &plan, &[], decision::TOP);
        let mut signals = Signals::read(fields, &plan, &ranked);
        if plan.named_servers().next().is_none() {
            signals.service_gap = whole.service_gap;
        }
        if signals.confidence() > best.0.confidence() {
            best = (signals, Some(sentence.to_owned()));
        }
    }
    best
}

/// Scores the candidates of `plan` (`extra` are kept even without a score),
/// the best `sorted` first and in order: sorting only what is returned.
/// The best [`PROXIMITY_POOL`] by BM25F then earn what their concepts
/// written side by side are worth; a bonus only lifts, so they stay above
/// the rest.
fn score_all(fields: &FieldIndex, plan: &Plan, extra: &[u32], sorted: usize) -> Vec<Scored> {
    let mut ranked: Vec<Scored> = plan
        .score_candidates(fields, extra)
        .into_iter()
        .filter(|s| s.score > 0.0 || extra.contains(&s.doc))
        .collect();
    let sorted = sorted.max(decision::TOP);
    // The candidates the best `sorted` are among.
    let mut head = ranked.len();
    if plan.pairs_concepts() {
        bring_forward(&mut ranked, PROXIMITY_POOL);
        let pool = ranked.len().min(PROXIMITY_POOL);
        for scored in &mut ranked[..pool] {
            plan.add_proximity(fields, scored);
        }
        if sorted <= pool {
            head = pool;
        }
    }
    if sorted < head {
        if head == ranked.len() {
            bring_forward(&mut ranked, sorted);
        } else {
            ranked[..head].select_nth_unstable_by(sorted, best_first);
        }
        ranked[..sorted].sort_unstable_by(best_first);
    } else {
        ranked[..head].sort_unstable_by(best_first);
    }
    ranked
}

/// Higher scores first, ties in catalog order: a total order, so the
/// ranking is deterministic.
fn best_first(a: &Scored, b: &Scored) -> std::cmp::Ordering {
    best_key_first((a.score, a.doc), (b.score, b.doc))
}

/// [`best_first`] on `(score, doc)`.
fn best_key_first(a: (f64, u32), b: (f64, u32)) -> std::cmp::Ordering {
    b.0.total_cmp(&a.0).then(a.1.cmp(&b.1))
}

/// Moves the best `n` candidates (by [`best_first`], in no order) before
/// the others, which are left in no order. The selection runs on 16-byte
/// keys, and each chosen candidate moves once: partitioning the candidates
/// themselves moved them many times over.
fn bring_forward(ranked: &mut [Scored], n: usize) {
    if n >= ranked.len() {
        return;
    }
    let mut keys: Vec<(f64, u32, u32)> = (0u32..)
        .zip(ranked.iter())
        .map(|(at, s)| (s.score, s.doc, at))
        .collect();
    keys.select_nth_unstable_by(n, |a, b| best_key_first((a.0, a.1), (b.0, b.1)));
    let mut chosen: Vec<usize> = keys[..n].iter().map(|k| k.2 as usize).collect();
    chosen.sort_unstable();
    // The k-th smallest chosen position is at least k; the swaps before it
    // filled the positions below k and moved only candidates that were not
    // chosen, so the candidate there is still the chosen one.
    for (to, from) in chosen.into_iter().enumerate() {
        ranked.swap(to, from);
    }
}

/// Ranks `index` for `query`: at most `limit` tools, best first.
/// `reference` holds what the reference ranking returns for the query
/// (those tools are always candidates); `leg`, when the host embeds, is
/// fused with the lexical ranking.
pub fn search(
    index: &EnhancedIndex,
    query: &str,
    rules: Rules,
    limit: usize,
    reference: &[u32],
    leg: Option<Leg>,
) -> Outcome {
    if index.fields.is_empty() || limit == 0 {
        return Outcome {
            hits: Vec::new(),
            decision: Decision::new(Signals::default(), false),
            best_cosine: None,
            rescued: false,
        };
    }
    let ranking = run(index, query, rules, reference, limit);
    let mut hits: Vec<Hit> = ranking
        .exact
        .iter()
        .map(|&doc| Hit {
            doc,
            score: f64::INFINITY,
        })
        .collect();
    let best_cosine = leg.map(|l| l.cosines.iter().copied().fold(f32::MIN, f32::max));
    let rescued = !ranking.decision.answer
        && leg.is_some_and(|l| {
            l.options
                .rescue
                .is_some_and(|t| best_cosine.is_some_and(|c| f64::from(c) >= t))
        });
    if ranking.decision.answer || rescued {
        let ranked: Vec<Hit> = match leg {
            Some(leg) => fuse(&ranking.ranked, leg),
            None => ranking
                .ranked
                .iter()
                .map(|s| Hit {
                    doc: s.doc,
                    score: s.score,
                })
                .collect(),
        };
        hits.extend(
            ranked
                .into_iter()
                .filter(|h| !ranking.exact.contains(&h.doc)),
        );
    }
    hits.truncate(limit);
    Outcome {
        hits,
        decision: ranking.decision,
        best_cosine,
        rescued,
    }
}

/// Linear fusion of the min-max-normalised lexical key and cosine over the
/// lexical candidates and the tools nearest the query, best first.
fn fuse(ranked: &[Scored], leg: Leg) -> Vec<Hit> {
    let mut pool: Vec<(u32, f64)> = ranked.iter().map(|s| (s.doc, s.score)).collect();
    let mut nearest: Vec<u32> = (0..leg.cosines.len() as u32).collect();
    let cosine = |doc: u32| f64::from(leg.cosines.get(doc as usize).copied().unwrap_or(0.0));
    nearest.sort_unstable_by(|&a, &b| cosine(b).total_cmp(&cosine(a)).then(a.cmp(&b)));
    for doc in nearest.into_iter().take(SEMANTIC_POOL) {
        if !pool.iter().any(|&(d, _)| d == doc) {
            pool.push((doc, 0.0));
        }
    }
    let range = |values: &mut dyn Iterator<Item = f64>| {
        values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
    };
    let (lex_lo, lex_hi) = range(&mut pool.iter().map(|p| p.1));
    let (cos_lo, cos_hi) = range(&mut pool.iter().map(|p| cosine(p.0)));
    let scale = |v: f64, lo: f64, hi: f64| if hi > lo { (v - lo) / (hi - lo) } else { 0.0 };
    let weight = leg.options.weight;
    let mut fused: Vec<Hit> = pool
        .into_iter()
        .map(|(doc, key)| Hit {
            doc,
            score: (1.0 - weight) * scale(key, lex_lo, lex_hi)
                + weight * scale(cosine(doc), cos_lo, cos_hi),
        })
        .collect();
    fused.sort_unstable_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(doc: u32, score: f64) -> Scored {
        Scored {
            doc,
            score,
            share: 0.0,
            flat_share: 0.0,
            operation_share: 0.0,
            counted: 0,
            proximity: 0.0,
        }
    }

    #[test]
    fn bring_forward_puts_the_best_first_and_loses_none() {
        // Random candidate lists (a fixed generator): scores drawn from a few
        // values, so that ties (broken by the smaller document) abound, and
        // unique documents in a shuffled order; every prefix length,
        // including none and all.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        let values = [0.0, -0.0, 0.5, 1.0, 3.0, 7.0, f64::INFINITY];
        for _ in 0..300 {
            let len = next(40);
            let mut docs: Vec<u32> = (0..len as u32).collect();
            for i in (1..len).rev() {
                docs.swap(i, next(i + 1));
            }
            let all: Vec<Scored> = docs
                .iter()
                .map(|&doc| candidate(doc, values[next(values.len())]))
                .collect();
            let mut expected = all.clone();
            expected.sort_unstable_by(best_first);
            for n in 0..=len + 1 {
                let mut ranked = all.clone();
                bring_forward(&mut ranked, n);
                let head = n.min(len);
                let mut best: Vec<u32> = ranked[..head].iter().map(|s| s.doc).collect();
                best.sort_unstable();
                let mut want: Vec<u32> = expected[..head].iter().map(|s| s.doc).collect();
                want.sort_unstable();
                assert_eq!(best, want, "the best {n} of {len}");
                let mut every: Vec<u32> = ranked.iter().map(|s| s.doc).collect();
                every.sort_unstable();
                assert_eq!(
                    every,
                    (0..len as u32).collect::<Vec<u32>>(),
                    "a permutation"
                );
            }
        }
    }
}
