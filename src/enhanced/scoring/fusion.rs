//! Fusion of the enhanced ranking's two lexical legs: the rules' BM25F
//! ranking and the plain BM25 ranking of the request's own words, by a
//! calibrated sum. Each leg's score is put on a scale of its own first: the
//! rules' against the score of an ideal tool (every concept in its name;
//! uncapped, as a cap flattened the best tools of a request of one counted
//! concept into ties), the plain leg's against its best tool. Reciprocal-rank fusion was
//! measured against it and lost on the development pool
//! (bench/EXPERIMENTS.md, 2026-12-07).

use super::rank::Scored;
use crate::search::Hit;

/// How many tools the plain leg ranks: as many as a call may return.
pub(crate) const DEPTH: usize = 50;

/// The plain leg's part of a fused score. The development pool was flat
/// from 0.2 to 0.3 (mean recall@5 within 0.003).
const PLAIN_WEIGHT: f64 = 0.25;

/// The fused order of the rules' `ranked` candidates (in any order) and the
/// plain leg's `plain` tools (best first), the best `sorted` first and in
/// order, the others after them in no order; `ideal` is the rules score of
/// an ideal tool. Ties go to the first document. A plain tool that is no
/// candidate of the rules (or that was not scored in full) counts its plain
/// score alone.
pub(crate) fn fuse(ranked: &[Scored], plain: &[Hit], ideal: f64, sorted: usize) -> Vec<Hit> {
    let scale = if ideal > 0.0 {
        ideal
    } else {
        ranked.iter().map(|s| s.score).fold(0.0, f64::max)
    };
    let rules = |score: f64| if scale > 0.0 { score / scale } else { 0.0 };
    let best_plain = plain.first().map_or(0.0, |p| p.score);
    let mut by_doc: Vec<(u32, f64)> = plain
        .iter()
        .map(|p| (p.doc, PLAIN_WEIGHT * p.score / best_plain))
        .collect();
    by_doc.sort_unstable_by_key(|&(doc, _)| doc);
    let mut met = vec![false; by_doc.len()];
    let mut fused: Vec<Hit> = Vec::with_capacity(ranked.len() + plain.len());
    for s in ranked {
        let vote = match by_doc.binary_search_by_key(&s.doc, |&(doc, _)| doc) {
            Ok(at) => {
                met[at] = true;
                by_doc[at].1
            }
            Err(_) => 0.0,
        };
        fused.push(Hit {
            doc: s.doc,
            score: (1.0 - PLAIN_WEIGHT) * rules(s.score) + vote,
        });
    }
    for (&(doc, score), _) in by_doc.iter().zip(&met).filter(|(_, &met)| !met) {
        fused.push(Hit { doc, score });
    }
    if sorted < fused.len() {
        fused.select_nth_unstable_by(sorted, Hit::best_first);
        fused[..sorted].sort_unstable_by(Hit::best_first);
    } else {
        fused.sort_unstable_by(Hit::best_first);
    }
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(doc: u32, score: f64) -> Scored {
        Scored::with_score(doc, score)
    }

    fn docs(hits: &[Hit]) -> Vec<u32> {
        hits.iter().map(|h| h.doc).collect()
    }

    #[test]
    fn both_legs_vote_and_neither_loses_a_tool() {
        let ranked = [scored(0, 10.0), scored(1, 9.0), scored(2, 2.0)];
        let plain = [Hit { doc: 2, score: 8.0 }, Hit { doc: 3, score: 7.0 }];
        let fused = fuse(&ranked, &plain, 10.0, 10);
        // 2 holds the plain leg's best (0.25) and a little of the rules'
        // (0.15); 3, the plain leg's alone, comes last.
        assert_eq!(docs(&fused), [0, 1, 2, 3]);
        let strong_plain = [Hit { doc: 2, score: 8.0 }];
        let close = [scored(0, 4.0), scored(2, 3.5)];
        assert_eq!(docs(&fuse(&close, &strong_plain, 10.0, 10)), [2, 0]);
    }

    #[test]
    fn ties_go_to_the_first_document() {
        let ranked = [scored(5, 1.0), scored(4, 1.0), scored(3, 2.0)];
        let fused = fuse(&ranked, &[], 0.0, 10);
        assert_eq!(docs(&fused), [3, 4, 5]);
        assert!(fuse(&[], &[], 0.0, 10).is_empty());
    }
}
