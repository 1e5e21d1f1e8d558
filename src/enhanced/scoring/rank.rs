//! Scoring of the enhanced ranking. Each query concept is resolved in the
//! index with its alternatives (the glossary's, and those the catalog
//! teaches); every tool holding any of them is a candidate. A tool's score
//! is BM25F over its fields, each concept counted once through its best
//! alternative; its share is the part of the query's content it answers,
//! each concept weighed by its IDF and covered by the field it appears in.

use std::cell::RefCell;

use super::proximity::Proximity;
use super::terms::{resolve, Resolved, Term};
use crate::config::Rules;
use crate::enhanced::analysis::{Analysis, Via};
use crate::enhanced::index::{FieldIndex, Posting, TermId, Vocabulary, FIELDS, PARAMS};

/// What a match of the query's own word in each field is worth toward the
/// share.
const FIELD_COVERAGE: [f64; FIELDS] = [1.0, 0.85, 0.6, 0.4, 0.3];
/// The same for an alternative: away from the name, a related word is
/// weak evidence ("Post a new message" is no "create").
const ALTERNATIVE_COVERAGE: [f64; FIELDS] = [1.0, 0.6, 0.3, 0.2, 0.1];
/// Share of a detail's score added to a tool's score.
const DETAIL_SCORE: f64 = 0.3;

/// A query resolved against the index.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Its concepts, in query order.
    pub terms: Vec<Term>,
    /// The sum of `importance × weight` over the concepts.
    pub mass: f64,
    /// The sum of the weights (each counted concept alike).
    flat_mass: f64,
    /// `mass` without the concepts that name servers.
    operation_mass: f64,
    /// Written as a request in sentences.
    pub natural: bool,
    /// The counted concepts, to find side by side in tools' text.
    proximity: Proximity,
    rules: Rules,
}

/// One candidate tool.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    /// Document id.
    pub doc: u32,
    /// BM25F score.
    pub score: f64,
    /// Share of the query's content it answers, in [0, 1].
    pub share: f64,
    /// The same share with every counted concept weighing alike.
    pub flat_share: f64,
    /// The counted concepts (details aside) it holds.
    pub counted: u32,
    /// What its concepts written side by side added to `score`.
    pub proximity: f64,
}

#[cfg(test)]
impl Scored {
    /// A candidate with a score and nothing else, for tests.
    pub(crate) fn with_score(doc: u32, score: f64) -> Scored {
        Scored {
            doc,
            score,
            share: 0.0,
            flat_share: 0.0,
            counted: 0,
            proximity: 0.0,
        }
    }
}

impl Plan {
    /// The servers the query's counted words name.
    pub(crate) fn named_servers(&self) -> impl Iterator<Item = u32> + '_ {
        self.terms
            .iter()
            .filter(|t| t.counts())
            .flat_map(|t| t.servers.iter().copied())
    }

    /// The number of concepts the share counts (details aside).
    pub(crate) fn counted(&self) -> f64 {
        self.flat_mass
    }

    /// Resolves an analysed query in `index`.
    pub fn new(
        index: &FieldIndex,
        vocabulary: &Vocabulary,
        analysis: &Analysis,
        rules: Rules,
    ) -> Plan {
        let terms = resolve(index, vocabulary, &analysis.concepts, rules);
        let mass = terms.iter().map(|t| t.importance * t.weight()).sum();
        let flat_mass = terms.iter().map(Term::weight).sum();
        let operation_mass = terms
            .iter()
            .filter(|t| t.servers.is_empty())
            .map(|t| t.importance * t.weight())
            .sum();
        let proximity = if rules.proximity {
            Proximity::new(&terms)
        } else {
            Proximity::default()
        };
        Plan {
            proximity,
            terms,
            mass,
            flat_mass,
            operation_mass,
            natural: analysis.natural,
            rules,
        }
    }

    /// Scores every tool holding any alternative of any concept, plus the
    /// tools `extra` (kept even without a score), term at a time through
    /// the postings; a tool without a score that `extra` does not hold is
    /// left out. With `keep`, only the best `keep` by score (ties to the
    /// first document) are scored in full, in no order; without it, every
    /// candidate, in the order first met. The operation shares read every
    /// candidate either way.
    pub fn score_candidates(
        &self,
        index: &FieldIndex,
        extra: &[u32],
        keep: Option<usize>,
    ) -> Candidates {
        let named: Vec<u32> = self.named_servers().collect();
        with_scratch(index.len(), |scratch| {
            self.accumulate(index, scratch);
            scratch.add_docs(extra, index.len());
            let mut operation = OperationShares::default();
            // `(score, doc, slot)` of each candidate.
            let mut keys: Vec<(f64, u32, u32)> = Vec::with_capacity(scratch.held.len());
            for (slot, h) in (0u32..).zip(&scratch.held) {
                if !(h.sums.score > 0.0 || extra.contains(&h.doc)) {
                    continue;
                }
                let share = ratio(h.sums.operation, self.operation_mass);
                operation.any = larger(operation.any, share);
                if !named.is_empty() && named.contains(&index.server_of(h.doc)) {
                    operation.named = larger(operation.named, share);
                }
                keys.push((h.sums.score, h.doc, slot));
            }
            if let Some(n) = keep.filter(|&n| n < keys.len()) {
                keys.select_nth_unstable_by(n, |a, b| best_key_first((a.0, a.1), (b.0, b.1)));
                keys.truncate(n);
            }
            let ranked = keys
                .iter()
                .filter_map(|&(_, doc, slot)| {
                    let held = scratch.held.get(slot as usize)?;
                    Some(self.scored(doc, &held.sums))
                })
                .collect();
            Candidates { ranked, operation }
        })
    }

    /// Adds each concept's best match to the sums of the tools holding it.
    fn accumulate(&self, index: &FieldIndex, scratch: &mut Scratch) {
        let mut touched: Vec<u32> = Vec::new();
        for (number, term) in (0u32..).zip(&self.terms) {
            let first_of_concept = scratch.held.len();
            touched.clear();
            for alternative in &term.alternatives {
                let Some((&first, rest)) = alternative.terms.split_first() else {
                    continue;
                };
                // A word met only among parameters covers nothing (see
                // `alternative_value`): no tool holds the alternative.
                if index.capability_df(first) == 0 {
                    continue;
                }
                let single = self.single_term(term, alternative);
                for posting in index.postings(first) {
                    let found = if rest.is_empty() {
                        single.value(posting)
                    } else {
                        let doc = posting.doc;
                        self.alternative_value(index, term, alternative, |t| index.posting(doc, t))
                    };
                    if let Some(found) = found {
                        scratch.hold(posting.doc, number, found, first_of_concept, &mut touched);
                    }
                }
            }
            let fresh = first_of_concept as u32..scratch.held.len() as u32;
            for s in touched.iter().copied().chain(fresh) {
                let h = &mut scratch.held[s as usize];
                h.sums.add(term, h.best);
            }
        }
    }

    /// What a match of a one-word alternative is worth, per field.
    fn single_term(&self, term: &Term, alternative: &Resolved) -> SingleTerm {
        SingleTerm {
            coverage: self
                .field_coverage(alternative.via)
                .map(|f| alternative.weight * f),
            worth: alternative.worth(term),
        }
    }

    /// What a match in each field covers of a concept, for an alternative
    /// that comes from `via` (every field alike without the `fields` rule).
    fn field_coverage(&self, via: Via) -> [f64; FIELDS] {
        if !self.rules.fields {
            [1.0; FIELDS]
        } else if via == Via::Word {
            FIELD_COVERAGE
        } else {
            ALTERNATIVE_COVERAGE
        }
    }

    /// True when concepts written side by side can earn something: the rule
    /// is on and the query counts two concepts or more.
    pub fn pairs_concepts(&self) -> bool {
        !self.proximity.is_empty()
    }

    /// Adds to `scored`'s score what its concepts written side by side earn.
    pub fn add_proximity(&self, index: &FieldIndex, scored: &mut Scored) {
        // Only a tool holding two counted concepts can write them side by side.
        if scored.counted >= 2 {
            scored.proximity = self.proximity.bonus(index.sequence(scored.doc));
            scored.score += scored.proximity;
        }
    }

    fn scored(&self, doc: u32, sums: &Sums) -> Scored {
        Scored {
            doc,
            counted: sums.counted,
            proximity: 0.0,
            score: sums.score,
            share: ratio(sums.covered, self.mass),
            flat_share: ratio(sums.flat, self.flat_mass),
        }
    }

    /// Per concept, how well `doc` covers it (0 to 1).
    pub fn coverages(&self, index: &FieldIndex, doc: u32) -> Vec<f64> {
        self.terms
            .iter()
            .map(|t| self.best_alternative(index, doc, t).coverage)
            .collect()
    }

    /// How well `doc` covers the concept it covers least, of those the
    /// share counts (0 when the query counts none).
    pub fn least_coverage(&self, index: &FieldIndex, doc: u32) -> f64 {
        let least = self
            .terms
            .iter()
            .filter(|t| t.counts())
            .map(|t| self.best_alternative(index, doc, t).coverage)
            .fold(f64::INFINITY, f64::min);
        if least.is_finite() {
            least
        } else {
            0.0
        }
    }

    /// The score an ideal tool would get: every concept once in its name.
    pub fn ideal_score(&self, index: &FieldIndex) -> f64 {
        self.terms
            .iter()
            .filter(|t| t.counts())
            .map(|t| t.importance * index.name_saturation())
            .sum()
    }

    /// How `doc` matches the concept through its best alternative.
    fn best_alternative(&self, index: &FieldIndex, doc: u32, term: &Term) -> Match {
        let mut best = Match::default();
        for alternative in &term.alternatives {
            if let Some(found) =
                self.alternative_value(index, term, alternative, |t| index.posting(doc, t))
            {
                best = best.or(found);
            }
        }
        best
    }

    /// How a tool matches one alternative, `held` giving how it holds each
    /// term; `None` when it does not hold them all. Inlined into the
    /// scoring loop always: left to itself, LLVM's choice flips with
    /// unrelated changes, and a call per posting costs a turn about a
    /// quarter more.
    #[inline(always)]
    fn alternative_value<'i>(
        &self,
        index: &FieldIndex,
        term: &Term,
        alternative: &Resolved,
        held: impl Fn(TermId) -> Option<&'i Posting>,
    ) -> Option<Match> {
        let coverage = self.field_coverage(alternative.via);
        let mut factor = f64::MAX;
        let mut saturation = 0.0;
        for &t in &alternative.terms {
            let posting = held(t)?;
            // A word met only among parameters covers a concept only when
            // some tool names or describes it: "fax" in a call tool's
            // `detect fax machines` option is no fax capability.
            let f = match posting.field as usize {
                f if f >= PARAMS && index.capability_df(t) == 0 => 0.0,
                f => *coverage.get(f)?,
            };
            if f == 0.0 {
                return None;
            }
            factor = if f < factor { f } else { factor };
            saturation += posting.saturation;
        }
        if factor == f64::MAX {
            return None;
        }
        Some(Match {
            coverage: alternative.weight * factor,
            score: alternative.worth(term) * saturation,
        })
    }
}

/// The candidates of a query ([`Plan::score_candidates`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Candidates {
    /// The candidates scored in full.
    pub ranked: Vec<Scored>,
    /// What every candidate answers of the operation.
    pub operation: OperationShares,
}

/// The largest share of a query's operation (its concepts other than server
/// names) that a candidate answers.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct OperationShares {
    /// By any candidate.
    pub any: f64,
    /// By a candidate of the servers the query names (0 when it names none).
    pub named: f64,
}

/// `a / b`, or 0 when `b` is not positive.
fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 {
        a / b
    } else {
        0.0
    }
}

/// Higher scores first, ties to the first document: the candidates' total
/// order, on `(score, doc)`.
pub(crate) fn best_key_first(a: (f64, u32), b: (f64, u32)) -> std::cmp::Ordering {
    b.0.total_cmp(&a.0).then(a.1.cmp(&b.1))
}

/// How a tool matches one concept.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Match {
    /// How fully it holds the concept, by field and alternative (0 to 1).
    coverage: f64,
    /// What the match adds to its score.
    score: f64,
}

impl Match {
    /// Each of the two the larger of this match's and `other`'s.
    fn or(self, other: Match) -> Match {
        Match {
            coverage: larger(self.coverage, other.coverage),
            score: larger(self.score, other.score),
        }
    }
}

/// The larger of two finite numbers: a comparison, where `f64::max` is a
/// call in wasm (its NaN rule differs from the instruction's).
pub(super) fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// A candidate being scored: its sums, and its best match for the concept
/// `concept`.
#[derive(Debug, Clone, Copy)]
struct Held {
    doc: u32,
    concept: u32,
    sums: Sums,
    best: Match,
}

impl Held {
    fn new(doc: u32) -> Held {
        Held {
            doc,
            concept: u32::MAX,
            sums: Sums::default(),
            best: Match::default(),
        }
    }
}

/// How a one-word alternative matches, by the field its word is met in
/// first: what [`Plan::alternative_value`] gives for one word, made once
/// per alternative.
struct SingleTerm {
    /// Per field, the coverage of a match there.
    coverage: [f64; FIELDS],
    /// What a match adds to the score per unit of saturation.
    worth: f64,
}

impl SingleTerm {
    #[inline(always)]
    fn value(&self, posting: &Posting) -> Option<Match> {
        let coverage = *self.coverage.get(posting.field as usize)?;
        Some(Match {
            coverage,
            score: self.worth * posting.saturation,
        })
    }
}

/// The candidates of one scoring, and per document its slot among them:
/// kept from one query to the next, so that scoring allocates nothing that
/// grows with the catalog.
#[derive(Default)]
struct Scratch {
    /// Per document its index in `held`, `u32::MAX` when it holds none.
    slot: Vec<u32>,
    held: Vec<Held>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// Runs `score` on the thread's scratch, sized for `docs` documents, and
/// leaves it empty; on a fresh one if it is in use.
fn with_scratch<T>(docs: usize, score: impl FnOnce(&mut Scratch) -> T) -> T {
    let run = |scratch: &mut Scratch| {
        if scratch.slot.len() < docs {
            scratch.slot.resize(docs, u32::MAX);
        }
        let answer = score(scratch);
        scratch.clear();
        answer
    };
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => run(&mut scratch),
        Err(_) => run(&mut Scratch::default()),
    })
}

impl Scratch {
    /// Records `found`, the match of concept `concept` in `doc` through one
    /// alternative: the best of the concept's alternatives counts. A tool
    /// held before the concept (below `first_of_concept`) is noted in
    /// `touched` the first time the concept reaches it.
    #[inline(always)]
    fn hold(
        &mut self,
        doc: u32,
        concept: u32,
        found: Match,
        first_of_concept: usize,
        touched: &mut Vec<u32>,
    ) {
        let Some(s) = self.slot.get_mut(doc as usize) else {
            return;
        };
        if *s == u32::MAX {
            *s = self.held.len() as u32;
            self.held.push(Held::new(doc));
        }
        let at = *s;
        let Some(h) = self.held.get_mut(at as usize) else {
            return;
        };
        if h.concept != concept {
            h.concept = concept;
            h.best = Match::default();
            if (at as usize) < first_of_concept {
                touched.push(at);
            }
        }
        h.best = h.best.or(found);
    }

    /// Holds each of `docs` below `len` that is not held yet, without a
    /// score.
    fn add_docs(&mut self, docs: &[u32], len: usize) {
        for &doc in docs.iter().filter(|&&doc| (doc as usize) < len) {
            if let Some(s) = self.slot.get_mut(doc as usize) {
                if *s == u32::MAX {
                    *s = self.held.len() as u32;
                    self.held.push(Held::new(doc));
                }
            }
        }
    }

    /// Forgets every candidate, keeping the memory.
    fn clear(&mut self) {
        for h in &self.held {
            if let Some(s) = self.slot.get_mut(h.doc as usize) {
                *s = u32::MAX;
            }
        }
        self.held.clear();
    }
}

/// A tool's running sums over the concepts.
#[derive(Debug, Default, Clone, Copy)]
struct Sums {
    score: f64,
    covered: f64,
    flat: f64,
    operation: f64,
    /// The counted concepts (details aside) it holds.
    counted: u32,
}

impl Sums {
    /// Adds a concept the tool covers as `found` says.
    fn add(&mut self, term: &Term, found: Match) {
        let Match { coverage, score } = found;
        let weight = term.weight();
        self.covered += term.importance * weight * coverage;
        self.flat += weight * coverage;
        if term.servers.is_empty() {
            self.operation += term.importance * weight * coverage;
        }
        self.counted += u32::from(term.counts());
        self.score += if term.counts() {
            score
        } else {
            DETAIL_SCORE * score
        };
    }
}
