//! Scoring of the enhanced ranking. Each query concept is resolved in the
//! index with its alternatives (the glossary's, and those the catalog
//! teaches); every tool holding any of them is a candidate. A tool's score
//! is BM25F over its fields, each concept counted once through its best
//! alternative; its share is the part of the query's content it answers,
//! each concept weighed by its IDF and covered by the field it appears in.

use std::cell::RefCell;

use super::index::{FieldIndex, Posting, TermId, FIELDS, PARAMS};
use super::proximity::Proximity;
use super::query::{Analysis, Concept, Via};
use super::vocabulary::Vocabulary;
use super::words::is_cjk;
use super::Rules;
use crate::search::stem;

/// What a match of the query's own word in each field is worth toward the
/// share.
const FIELD_COVERAGE: [f64; FIELDS] = [1.0, 0.85, 0.6, 0.4, 0.3];
/// The same for an alternative: away from the name, a related word is
/// weak evidence ("Post a new message" is no "create").
const ALTERNATIVE_COVERAGE: [f64; FIELDS] = [1.0, 0.6, 0.3, 0.2, 0.1];
/// Share of a detail's score added to a tool's score.
const DETAIL_SCORE: f64 = 0.3;
/// A word names a server when at least this share of the tools holding it
/// belong to servers whose label has it.
const SERVICE_SPECIFICITY: f64 = 0.5;

/// One alternative resolved in the index.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// Its terms (all must be present).
    pub terms: Vec<TermId>,
    /// Weight relative to the query's own word.
    pub weight: f64,
    /// Where it comes from.
    pub via: Via,
    /// IDF of its commonest term.
    idf: f64,
}

/// One query concept resolved in the index.
#[derive(Debug, Clone)]
pub struct Term {
    /// The query word (two joined words, or an implied concept in brackets).
    pub word: String,
    /// Ways a tool can hold it, the query's own word first when known.
    pub alternatives: Vec<Resolved>,
    /// Its IDF: what answering it is worth (largest for a word no tool
    /// knows).
    pub importance: f64,
    /// What it is to the query: asked for, or a detail of the request.
    pub role: Role,
    /// Some tool names or describes it (through any alternative).
    pub known: bool,
    /// The servers it names, when it names some.
    pub servers: Vec<u32>,
}

/// What a concept is to its query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Asked for: the share counts it.
    Asked,
    /// A detail of the request (a value, a name no tool knows): it adds to a
    /// tool's score, never counts against one.
    Detail,
}

impl Term {
    /// True when the share counts it (it is asked for, no detail).
    pub fn counts(&self) -> bool {
        self.role == Role::Asked
    }

    /// Its weight in the share, relative to its IDF: 1 when it counts, 0
    /// for a detail.
    pub fn weight(&self) -> f64 {
        match self.role {
            Role::Asked => 1.0,
            Role::Detail => 0.0,
        }
    }
}

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
    pub(super) fn with_score(doc: u32, score: f64) -> Scored {
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
    pub(super) fn named_servers(&self) -> impl Iterator<Item = u32> + '_ {
        self.terms
            .iter()
            .filter(|t| t.counts())
            .flat_map(|t| t.servers.iter().copied())
    }

    /// The number of concepts the share counts (details aside).
    pub(super) fn counted(&self) -> f64 {
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
pub(super) fn best_key_first(a: (f64, u32), b: (f64, u32)) -> std::cmp::Ordering {
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

impl Resolved {
    /// What a match through this alternative is worth per unit of
    /// saturation: the query's own word (or a form joined with its
    /// neighbour) the IDF of the form the tool holds at most; another word
    /// for it, between its IDF and the query word's; times its weight, over
    /// its words.
    fn worth(&self, term: &Term) -> f64 {
        let idf = if self.via == Via::Word {
            term.importance.min(self.idf)
        } else {
            (term.importance * self.idf).sqrt()
        };
        idf * self.weight / self.terms.len().max(1) as f64
    }

    fn new(index: &FieldIndex, terms: Vec<TermId>, weight: f64, via: Via) -> Resolved {
        let idf = terms
            .iter()
            .map(|&t| index.idf(Some(t)))
            .fold(f64::MAX, f64::min);
        Resolved {
            terms,
            weight,
            via,
            idf,
        }
    }
}

fn resolve(
    index: &FieldIndex,
    vocabulary: &Vocabulary,
    concepts: &[Concept],
    rules: Rules,
) -> Vec<Term> {
    let mut terms: Vec<Term> = Vec::new();
    let mut i = 0;
    while i < concepts.len() {
        let concept = &concepts[i];
        let mut term = resolve_one(index, vocabulary, concept, rules);
        // A filler word a tool writes together with this one ("on call" -> oncall).
        if let Some(joined) = concept
            .before
            .as_ref()
            .and_then(|b| index.term(&stem(&format!("{b}{}", concept.word))))
        {
            term.alternatives
                .insert(0, Resolved::new(index, vec![joined], 1.0, Via::Word));
            term.importance = term.importance.max(index.idf(Some(joined)));
            term.known = true;
        }
        // Adjacent words that a tool writes as one ("key vault" -> keyvault,
        // "context 7" -> context7: a value may end the name).
        let joins = |next: &&Concept| !concept.detail && (!next.detail || next.value);
        if let Some(next) = concepts.get(i + 1).filter(joins) {
            if let Some(joined) = index.term(&stem(&format!("{}{}", concept.word, next.word))) {
                let second = resolve_one(index, vocabulary, next, rules);
                let mut both: Vec<TermId> = Vec::new();
                if let (Some(a), Some(b)) = (term.alternatives.first(), second.alternatives.first())
                {
                    both.extend(a.terms.iter().chain(&b.terms));
                }
                term.alternatives = vec![Resolved::new(index, vec![joined], 1.0, Via::Word)];
                if !both.is_empty() {
                    term.alternatives
                        .push(Resolved::new(index, both, 1.0, Via::Word));
                }
                term.importance = index.idf(Some(joined));
                term.word = format!("{} {}", term.word, second.word);
                term.known = true;
                i += 1;
            }
        }
        terms.push(term);
        i += 1;
    }
    drop_seams(terms)
}

/// `terms` without the seams of Han, kana or Hangul text: a pair of
/// characters that no tool holds, next to a pair that some tool does, most
/// likely straddles two words (章记 of 违章记录) and says nothing of the
/// request.
fn drop_seams(terms: Vec<Term>) -> Vec<Term> {
    let cjk = |t: &Term| !t.word.is_empty() && t.word.chars().all(is_cjk);
    let held = |t: Option<&Term>| t.is_some_and(|t| cjk(t) && t.known);
    let seams: Vec<bool> = (0..terms.len())
        .map(|i| {
            let t = &terms[i];
            cjk(t)
                && !t.known
                && (held(i.checked_sub(1).and_then(|j| terms.get(j))) || held(terms.get(i + 1)))
        })
        .collect();
    terms
        .into_iter()
        .zip(seams)
        .filter_map(|(t, seam)| (!seam).then_some(t))
        .collect()
}

fn resolve_one(
    index: &FieldIndex,
    vocabulary: &Vocabulary,
    concept: &Concept,
    rules: Rules,
) -> Term {
    let mut alternatives: Vec<Resolved> = Vec::new();
    for (n, alternative) in concept.alternatives.iter().enumerate() {
        if n > 0 && !rules.glossary && alternative.via == Via::Glossary {
            continue;
        }
        let terms: Option<Vec<TermId>> = alternative.stems.iter().map(|s| index.term(s)).collect();
        if let Some(terms) = terms {
            alternatives.push(Resolved::new(
                index,
                terms,
                alternative.weight,
                alternative.via,
            ));
        }
    }
    let own_stem = concept
        .alternatives
        .first()
        .and_then(|a| a.stems.first())
        .cloned()
        .unwrap_or_default();
    if rules.catalog && !concept.implied {
        for learned in vocabulary.alternatives(index, &concept.word, &own_stem) {
            if !alternatives.iter().any(|a| a.terms == learned.terms) {
                alternatives.push(Resolved::new(
                    index,
                    learned.terms,
                    learned.weight,
                    Via::Catalog,
                ));
            }
        }
    }
    let own = index.term(&own_stem);
    let known = alternatives
        .iter()
        .any(|a| a.terms.iter().all(|&t| index.capability_df(t) > 0));
    // What answering it is worth: the IDF of the word itself, or, for a word
    // no tool holds, of what it stands for when the catalog spells it out
    // (an acronym), else the largest IDF.
    // (An alternative of the query's own kind that the catalog holds,
    // when the word itself is not there, is the word as the request wrote
    // it in another script: what it is worth.)
    let importance = match own {
        Some(t) => index.idf(Some(t)),
        None => alternatives
            .iter()
            .find(|a| a.via == Via::Word)
            .or_else(|| {
                alternatives.iter().find(|a| {
                    a.via == Via::Catalog && a.weight >= super::vocabulary::SPELLING_WEIGHT
                })
            })
            .map_or_else(|| index.idf(None), |a| a.idf),
    };
    let servers = if concept.value {
        Vec::new()
    } else {
        servers_named(index, own)
    };
    // A name counts against a tool only when some tool knows the word.
    let detail =
        servers.is_empty() && rules.details && (concept.detail || (concept.proper && !known));
    Term {
        word: concept.word.clone(),
        alternatives,
        importance,
        role: if detail { Role::Detail } else { Role::Asked },
        known,
        servers,
    }
}

/// The servers `term` names: those whose label holds it, when most tools
/// holding it belong to them.
fn servers_named(index: &FieldIndex, term: Option<TermId>) -> Vec<u32> {
    let Some(term) = term else {
        return Vec::new();
    };
    let servers: Vec<u32> = index
        .servers()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.terms.contains(&term))
        .map(|(i, _)| i as u32)
        .collect();
    if servers.is_empty() {
        return servers;
    }
    let holders = index.postings(term);
    let own = holders
        .iter()
        .filter(|p| servers.contains(&index.server_of(p.doc)))
        .count();
    if (own as f64) < SERVICE_SPECIFICITY * holders.len() as f64 {
        return Vec::new();
    }
    servers
}
