//! The confidence label of the enhanced ranking: how sure it is that some
//! tool does what the query asks, from measurable signals of the ranked
//! candidates, against one threshold. Its weights and threshold were fitted
//! on the development sets alone (the shared dev sets and our written one,
//! `bench/calibrate.mjs`). The label never empties a result: a low group
//! shows its best candidates and says that none clearly fits.

use serde::Serialize;

use super::plain::PlainRanking;
use super::rank::{larger, Candidates, Plan};
use crate::enhanced::index::FieldIndex;

/// Candidates whose share counts toward the best share.
pub(crate) const TOP: usize = 5;

// The fitted model: `confidence = sigmoid(BIAS + Σ weight × signal)`, by
// `node bench/calibrate.mjs SIGNALS` on the whole development pool (dev, our
// written, long, needs and Chinese and Korean sets, and the public
// seal-tools, metatool, hammerbench-zh and functionchat-ko), each set (and in
// our sets each style) weighing alike within its class, on signals that do
// not depend on it (the parts of
// a request are read with PART_MODEL). Left out one set at a time, the agreement of the two legs lowered
// the cost of the label on the set left out, and the plain leg's coverage and
// the share of unknown concepts raised it (bench/EXPERIMENTS.md, 2026-12-07).
const BIAS: f64 = -6.367;
const W_ANSWERED: f64 = 1.293;
const W_RELATIVE: f64 = 2.423;
const W_SERVICE_GAP: f64 = -1.142;
const W_COVERED: f64 = 0.460;
const W_NATURAL: f64 = 1.446;
const W_BREADTH: f64 = 1.690;
const W_AGREEMENT: f64 = 1.029;
/// How surely a tool answers one part of a request (a clause that may be a
/// need of its own, or the sentence that decides the label) is judged by the
/// model the label used before the plain leg (fitted on dev and written),
/// kept apart so that how a request is read into parts does not move with
/// each refit of the label: the label is fitted on the signals those parts
/// give, so it must not choose them.
const PART_MODEL: [f64; 7] = [-3.583, 1.388, 1.809, -0.655, 1.521, 0.906, 0.524];

/// The most concepts `breadth` counts: the most a development query has, so
/// that a longer request is not judged beyond what the fit has seen (a
/// rambling request would otherwise gain confidence with every word).
pub(crate) const BREADTH_CAP: f64 = 8.0;
/// Confidence at or above which a group is labelled high: where the mean
/// share of answerable requests labelled low plus the mean share of
/// impossible ones labelled high is least over the development pool's sets
/// and styles. A low
/// group lists every candidate, so a false label costs a caution and a
/// missed one a tool trusted wrongly: alike (bench/README.md, "The
/// confidence label").
pub(crate) const THRESHOLD: f64 = 0.46;

/// How sure the ranking is that a group holds a tool that does what the
/// query asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    /// A tool clearly answers the query.
    High,
    /// None clearly does: the best candidates are shown, with a caution.
    Low,
}

/// What the decision is made from.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Signals {
    /// The largest part of the query's concepts a top tool answers, each
    /// concept alike, in [0, 1].
    pub answered: f64,
    /// The top tool's score relative to the score of an ideal tool (every
    /// concept in its name), in [0, 1].
    pub relative: f64,
    /// The query names a server, and the best of its tools answers less of
    /// the operation than the best tool overall: the server lacks it. A
    /// deciding sentence that names no server carries the whole query's.
    pub service_gap: f64,
    /// 1 for a request written in sentences, 0 for keywords.
    pub natural: f64,
    /// The most that one of the top tools covers the query's least covered
    /// concept (details aside), in [0, 1]: whether a single tool touches
    /// everything the query asks, if only in its description.
    pub covered: f64,
    /// `ln(1 + n)` for the `n` concepts the share counts (details aside),
    /// `n` at most [`BREADTH_CAP`]: the more a query says, the smaller the
    /// part of it that even its right tool answers.
    pub breadth: f64,
    /// How the two legs agree: `1 / r` for the rank `r` that the rules'
    /// best tool has in the plain BM25 leg (0 when not among its first 50;
    /// 1 when that leg ranks nothing).
    pub agreement: f64,
}

/// The decision for one query.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Decision {
    /// Its inputs: the query's, or those of the sentence that decided
    /// (`decided_by` in the explanation).
    pub signals: Signals,
    /// How sure the ranking is that a tool answers, in [0, 1].
    pub confidence: f64,
    /// The confidence a high label needs.
    pub threshold: f64,
    /// The label: high when `confidence` reaches `threshold`.
    pub label: Confidence,
}

impl Signals {
    /// Reads the signals of `candidates` (best first) for `plan`, and of
    /// the plain leg's ranking of the same words.
    pub fn read(
        index: &FieldIndex,
        plan: &Plan,
        candidates: &Candidates,
        plain: &PlainRanking,
    ) -> Signals {
        let ranked = &candidates.ranked;
        let top = &ranked[..ranked.len().min(TOP)];
        let answered = top.iter().map(|s| s.flat_share).fold(0.0, larger);
        let ideal = plan.ideal_score(index);
        let operation = candidates.operation;
        Signals {
            answered,
            relative: match ranked.first() {
                Some(best) if ideal > 0.0 => (best.score / ideal).min(1.0),
                _ => 0.0,
            },
            // The query names a server, and its tools answer less of the
            // operation than the best tool overall.
            service_gap: if plan.named_servers().next().is_some() {
                (operation.any - operation.named).max(0.0)
            } else {
                0.0
            },
            covered: top
                .iter()
                .map(|s| plan.least_coverage(index, s.doc))
                .fold(0.0, larger),
            natural: f64::from(u8::from(plan.natural)),
            breadth: (1.0 + plan.counted().min(BREADTH_CAP)).ln(),
            agreement: plain.agreement(ranked.first().map(|s| s.doc)),
        }
    }

    /// How sure the part model ([`PART_MODEL`]) is that a tool clearly
    /// answers a part of a request with these signals.
    pub fn part_confidence(&self) -> f64 {
        let [bias, answered, relative, gap, covered, natural, breadth] = PART_MODEL;
        let z = bias
            + answered * self.answered
            + relative * self.relative
            + gap * self.service_gap
            + covered * self.covered
            + natural * self.natural
            + breadth * self.breadth;
        1.0 / (1.0 + (-z).exp())
    }

    /// The confidence these signals give.
    pub fn confidence(&self) -> f64 {
        let z = BIAS
            + W_ANSWERED * self.answered
            + W_RELATIVE * self.relative
            + W_SERVICE_GAP * self.service_gap
            + W_COVERED * self.covered
            + W_NATURAL * self.natural
            + W_BREADTH * self.breadth
            + W_AGREEMENT * self.agreement;
        1.0 / (1.0 + (-z).exp())
    }
}

impl Decision {
    /// Labels `signals` (`enabled` false labels every query high).
    pub fn new(signals: Signals, enabled: bool) -> Decision {
        let confidence = signals.confidence();
        let high = !enabled || confidence >= THRESHOLD;
        Decision {
            signals,
            confidence,
            threshold: THRESHOLD,
            label: if high {
                Confidence::High
            } else {
                Confidence::Low
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_signal_moves_the_confidence_its_own_way() {
        let base = Signals {
            answered: 0.5,
            relative: 0.5,
            service_gap: 0.0,
            covered: 0.3,
            natural: 0.0,
            breadth: 3f64.ln(),
            ..Signals::default()
        };
        let sure = base.confidence();
        let with = |change: fn(&mut Signals)| {
            let mut signals = base;
            change(&mut signals);
            signals.confidence()
        };
        assert!(with(|s| s.answered = 0.9) > sure);
        assert!(with(|s| s.relative = 0.9) > sure);
        assert!(with(|s| s.service_gap = 0.5) < sure);
        assert!(with(|s| s.covered = 0.9) > sure);
        // Requests in sentences, and longer ones, answer smaller shares:
        // half of six concepts answered is surer than half of two.
        assert!(with(|s| s.natural = 1.0) > sure);
        assert!(with(|s| s.breadth = 7f64.ln()) > sure);
        // The two legs agreeing on the best tool.
        assert!(with(|s| s.agreement = 1.0) > sure);
    }
}
