//! One query through the enhanced ranking: exact names, the rules' BM25F
//! and the plain BM25 leg fused, the label, the needs of a request that asks
//! for several things, and the semantic leg when the host embeds. What it
//! computed on the way ([`Ranking`]) is what explain reads.

use super::analysis::{analyze, needs, sentences, Analysis};
use super::index::{EnhancedIndex, FieldIndex};
use super::scoring::{
    best_key_first, decision, fusion, Candidates, Confidence, Decision, PlainRanking, Plan, Scored,
    Signals,
};
use super::semantic::SemanticOptions;
use crate::config::Rules;
use crate::search::Hit;

/// Candidates, best by BM25F first, whose concepts written side by side
/// add to their score: as many as a call may return.
const PROXIMITY_POOL: usize = fusion::DEPTH;

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

/// The answer to one query.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Outcome {
    /// The returned tools, best first: exact names, then ranked tools, as
    /// many as the limit whatever the label.
    pub hits: Vec<Hit>,
    /// The group's label: high for an exact name, a high lexical decision
    /// or a rescue by the semantic leg.
    pub confidence: Confidence,
    /// The lexical decision.
    pub decision: Decision,
    /// The best cosine of the semantic leg, when there was one.
    pub best_cosine: Option<f32>,
    /// The lexical decision labelled the query low and the best cosine
    /// reached the rescue threshold.
    pub rescued: bool,
}

/// Everything the ranking computed for one query, for search and explain.
pub(crate) struct Ranking {
    pub(crate) analysis: Analysis,
    pub(crate) plan: Plan,
    pub(crate) exact: Vec<u32>,
    /// Candidates: the first `sorted` best first, the rest after them in no
    /// order.
    pub(crate) ranked: Vec<Scored>,
    pub(crate) decision: Decision,
    /// The sentence whose signals decided, when the query has several and
    /// one of them is surer than the whole.
    pub(crate) decided_by: Option<String>,
    /// The clauses that ask for a need of their own, when the request asks
    /// for several things.
    pub(crate) needs: Vec<Need>,
    /// The lexical order: both legs fused, exact names and needs aside.
    pub(crate) fused: Vec<Hit>,
}

impl Ranking {
    /// The group's label without a semantic leg: high for an exact name,
    /// for a high decision, and for a request whose several needs some
    /// tool each clearly answers.
    pub(crate) fn label(&self) -> Confidence {
        if !self.exact.is_empty() || self.needs.len() >= 2 {
            Confidence::High
        } else {
            self.decision.label
        }
    }
}

/// One need of a request that asks for several things.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Need {
    /// The clause that asks for it.
    pub(crate) clause: String,
    /// Its best tool.
    pub(crate) best: u32,
}

/// Ranks `query`; the best `sorted` candidates come first, in order, and
/// the others follow when `keep_all` (else only those a label reads).
pub(crate) fn run(
    index: &EnhancedIndex,
    query: &str,
    rules: Rules,
    sorted: usize,
    keep_all: bool,
) -> Ranking {
    let fields = &index.fields;
    let exact = if rules.exact_names {
        fields.named(query)
    } else {
        Vec::new()
    };
    let analysis = analyze(query, &|word| fields.knows(word), rules);
    let plan = Plan::new(fields, &index.vocabulary, &analysis, rules);
    let plain = plain_leg(fields, query, &analysis, rules);
    let mut extra = exact.clone();
    extra.extend(plain.hits.iter().map(|p| p.doc));
    let sorted = sorted.saturating_add(exact.len());
    // As many scored in full as the plain leg ranks, so that each of its
    // tools that the rules rank too is fused with the rules' score.
    let candidates = score_all(fields, &plan, &extra, sorted, fusion::DEPTH, keep_all);
    let fused = fusion::fuse(
        &candidates.ranked,
        &plain.hits,
        plan.ideal_score(fields),
        sorted,
    );
    let whole = Signals::read(fields, &plan, &candidates, &plain);
    let parts = read_parts(index, query, rules, whole);
    Ranking {
        analysis,
        plan,
        exact,
        ranked: candidates.ranked,
        decision: Decision::new(parts.signals, rules.decision),
        decided_by: parts.decided_by,
        needs: parts.needs,
        fused,
    }
}

/// The plain BM25 leg of `query`: its own words, and when it was written in
/// another language, the English ones too (the request in the catalog's
/// words); nothing without the `bm25` rule.
fn plain_leg(fields: &FieldIndex, query: &str, analysis: &Analysis, rules: Rules) -> PlainRanking {
    if !rules.bm25 {
        return PlainRanking::default();
    }
    match &analysis.translation {
        Some(translation) => {
            let text = format!("{query} {}", translation.words.join(" "));
            PlainRanking::new(fields, &text, fusion::DEPTH)
        }
        None => PlainRanking::new(fields, query, fusion::DEPTH),
    }
}

/// What the parts of a request say: the signals that label it, and the
/// needs it asks for.
struct Parts {
    signals: Signals,
    decided_by: Option<String>,
    needs: Vec<Need>,
}

/// Reads a request of several clauses part by part. The label reads the
/// surest sentence (by [`Signals::part_confidence`]) when that one is surer
/// than the whole: a request in
/// several sentences often asks in one of them, and the others only set
/// the scene, diluting the share answered. A sentence that names no server
/// takes the whole request's `service_gap`: a server named elsewhere in
/// the request still has to offer the operation. Each clause that some
/// tool clearly answers on its own is a need, with its best tool.
fn read_parts(index: &EnhancedIndex, query: &str, rules: Rules, whole: Signals) -> Parts {
    let mut parts = Parts {
        signals: whole,
        decided_by: None,
        needs: Vec::new(),
    };
    let judge = rules.decision && rules.sentences;
    if !judge && !rules.needs {
        return parts;
    }
    let fields = &index.fields;
    // One part's signals, and its best tool when a tool clearly answers it.
    let read = |part: &str| -> (Signals, Option<u32>) {
        let analysis = analyze(part, &|word| fields.knows(word), rules);
        let plan = Plan::new(fields, &index.vocabulary, &analysis, rules);
        let candidates = score_all(fields, &plan, &[], decision::TOP, 0, false);
        let plain = plain_leg(fields, part, &analysis, rules);
        let mut signals = Signals::read(fields, &plan, &candidates, &plain);
        if plan.named_servers().next().is_none() {
            signals.service_gap = whole.service_gap;
        }
        let answered = signals.part_confidence() >= NEED_THRESHOLD && plan.counted() > 0.0;
        let best = candidates.ranked.first().filter(|_| answered);
        (signals, best.map(|s| s.doc))
    };
    let last = |all: &[&str]| all.len().saturating_sub(needs::MAX_CLAUSES);
    let sentences = sentences(query);
    // Each sentence read once: a clause that is a whole sentence reuses it.
    let mut read_sentences: Vec<(&str, Option<u32>)> = Vec::new();
    if judge && sentences.len() > 1 {
        for &sentence in &sentences[last(&sentences)..] {
            let (signals, best) = read(sentence);
            if signals.part_confidence() > parts.signals.part_confidence() {
                parts.signals = signals;
                parts.decided_by = Some(sentence.to_owned());
            }
            read_sentences.push((sentence, best));
        }
    }
    if rules.needs {
        let clauses = needs::clauses(query);
        for &clause in &clauses[last(&clauses)..] {
            let best = match read_sentences
                .iter()
                .find(|&&(sentence, _)| sentence == clause)
            {
                Some(&(_, best)) => best,
                None => read(clause).1,
            };
            if let Some(best) = best {
                parts.needs.push(Need {
                    clause: clause.to_owned(),
                    best,
                });
            }
        }
    }
    parts
}

/// Scores the candidates of `plan` (`extra` are kept even without a score),
/// the best `sorted` first and in order: sorting only what is returned. The
/// others follow in no order when `keep_all`; else only as many as the
/// label, the proximity pool and `depth` ask for are scored in full. The best
/// [`PROXIMITY_POOL`] by BM25F then earn what their concepts written side
/// by side are worth; a bonus only lifts, so they stay above the rest.
fn score_all(
    fields: &FieldIndex,
    plan: &Plan,
    extra: &[u32],
    sorted: usize,
    depth: usize,
    keep_all: bool,
) -> Candidates {
    let sorted = sorted.max(decision::TOP);
    let pool = if plan.pairs_concepts() {
        PROXIMITY_POOL
    } else {
        0
    };
    // The best `sorted` are among the best `sorted.max(pool)` by BM25F.
    let keep = (!keep_all).then_some(sorted.max(pool).max(depth));
    let mut candidates = plan.score_candidates(fields, extra, keep);
    let ranked = &mut candidates.ranked;
    // The candidates the best `sorted` are among.
    let mut head = ranked.len();
    if plan.pairs_concepts() {
        bring_forward(ranked, PROXIMITY_POOL);
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
            bring_forward(ranked, sorted);
        } else {
            ranked[..head].select_nth_unstable_by(sorted, best_first);
        }
        ranked[..sorted].sort_unstable_by(best_first);
    } else {
        ranked[..head].sort_unstable_by(best_first);
    }
    candidates
}

/// Higher scores first, ties in catalog order: a total order, so the
/// ranking is deterministic.
fn best_first(a: &Scored, b: &Scored) -> std::cmp::Ordering {
    best_key_first((a.score, a.doc), (b.score, b.doc))
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

/// Ranks `index` for `query`: at most `limit` tools, best first; `leg`,
/// when the host embeds, is fused with the lexical ranking.
pub(crate) fn search(
    index: &EnhancedIndex,
    query: &str,
    rules: Rules,
    limit: usize,
    leg: Option<Leg>,
) -> Outcome {
    if index.fields.is_empty() || limit == 0 {
        return Outcome {
            hits: Vec::new(),
            confidence: Confidence::Low,
            decision: Decision::new(Signals::default(), rules.decision),
            best_cosine: None,
            rescued: false,
        };
    }
    let ranking = run(index, query, rules, limit, leg.is_some());
    let best_cosine = leg.map(|l| l.cosines.iter().copied().fold(f32::MIN, f32::max));
    let lexical_low = ranking.label() == Confidence::Low;
    let rescued = lexical_low
        && leg.is_some_and(|l| {
            l.options
                .rescue
                .is_some_and(|t| best_cosine.is_some_and(|c| f64::from(c) >= t))
        });
    let confidence = if lexical_low && !rescued {
        Confidence::Low
    } else {
        Confidence::High
    };
    let mut hits: Vec<Hit> = ranking
        .exact
        .iter()
        .map(|&doc| Hit {
            doc,
            score: f64::INFINITY,
        })
        .collect();
    let ranked: Vec<Hit> = match leg {
        Some(leg) => fuse(&ranking.fused, leg),
        // Only the first `limit` past the exact names are sorted, and no
        // more are returned.
        None => ranking
            .fused
            .iter()
            .take(limit.saturating_add(ranking.exact.len()))
            .copied()
            .collect(),
    };
    hits.extend(
        serve_needs(ranked, &ranking.needs)
            .into_iter()
            .filter(|h| !ranking.exact.contains(&h.doc)),
    );
    hits.truncate(limit);
    Outcome {
        hits,
        confidence,
        decision: ranking.decision,
        best_cosine,
        rescued,
    }
}

/// Confidence at or above which a clause asks for a need of its own.
const NEED_THRESHOLD: f64 = 0.35;

/// The most needs of one request whose best tools move up.
const MAX_NEEDS: usize = 4;

/// `hits`, with the best tool of each need among the first when a request
/// asks for several things: right after the best hit, in the order the
/// request asks for them, unless they are all among the first
/// [`decision::TOP`] already. A request with one need keeps its order.
pub(crate) fn serve_needs(hits: Vec<Hit>, needs: &[Need]) -> Vec<Hit> {
    let Some(&best) = hits.first().filter(|_| needs.len() >= 2) else {
        return hits;
    };
    let mut wanted: Vec<u32> = Vec::with_capacity(MAX_NEEDS);
    for need in needs {
        if wanted.len() == MAX_NEEDS {
            break;
        }
        if !wanted.contains(&need.best) {
            wanted.push(need.best);
        }
    }
    let top = &hits[..hits.len().min(decision::TOP)];
    if wanted.iter().all(|&doc| top.iter().any(|h| h.doc == doc)) {
        return hits;
    }
    let mut served = Vec::with_capacity(hits.len() + wanted.len());
    served.push(best);
    for &doc in wanted.iter().filter(|&&doc| doc != best.doc) {
        let hit = hits.iter().find(|h| h.doc == doc);
        served.push(hit.copied().unwrap_or(Hit { doc, score: 0.0 }));
    }
    served.extend(hits.iter().skip(1).filter(|h| !wanted.contains(&h.doc)));
    served
}

/// Linear fusion of the min-max-normalised lexical key (both lexical legs
/// fused) and cosine over the
/// lexical candidates and the tools nearest the query, best first.
fn fuse(lexical: &[Hit], leg: Leg) -> Vec<Hit> {
    let mut pool: Vec<(u32, f64)> = lexical.iter().map(|h| (h.doc, h.score)).collect();
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
    fused.sort_unstable_by(Hit::best_first);
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(doc: u32, score: f64) -> Scored {
        Scored::with_score(doc, score)
    }

    #[test]
    fn each_need_gets_its_best_tool_among_the_first() {
        let hits = |docs: &[u32]| -> Vec<Hit> {
            docs.iter()
                .map(|&doc| Hit {
                    doc,
                    score: f64::from(100 - doc),
                })
                .collect()
        };
        let docs = |hits: Vec<Hit>| -> Vec<u32> { hits.iter().map(|h| h.doc).collect() };
        let need = |best: u32| Need {
            clause: String::new(),
            best,
        };
        let ranked = hits(&[0, 1, 2, 3, 4, 5, 6, 7]);
        // A need whose tool is ranked below the first five moves up, after
        // the best hit; one that is not ranked at all comes in there too.
        assert_eq!(
            docs(serve_needs(ranked.clone(), &[need(6), need(9)])),
            [0, 6, 9, 1, 2, 3, 4, 5, 7]
        );
        // A tool among the first five stays where it is.
        assert_eq!(
            docs(serve_needs(ranked.clone(), &[need(0), need(3)])),
            docs(ranked.clone())
        );
        // Needs among the first five stay there when others come up: each
        // need's tool is among the first five.
        assert_eq!(
            docs(serve_needs(
                ranked.clone(),
                &[need(3), need(4), need(7), need(6)]
            )),
            [0, 3, 4, 7, 6, 1, 2, 5]
        );
        // One need is the request's own ask: nothing moves.
        assert_eq!(docs(serve_needs(ranked.clone(), &[need(7)])), docs(ranked));
        assert!(serve_needs(Vec::new(), &[need(1), need(2)]).is_empty());
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
