//! Proximity of the query's concepts in a tool's text: a tool whose name
//! or description writes two of them side by side ("Delete a branch")
//! answers them together, where another only mentions each somewhere.

use super::terms::Term;
use crate::enhanced::index::TermId;

/// Concepts further apart than this many words earn nothing.
const WINDOW: usize = 2;
/// What a pair of adjacent concepts adds to a tool's score, times the
/// smaller of their IDFs; a pair `d` words apart adds `1/d` of it. Chosen
/// on the development sets with the window (bench/EXPERIMENTS.md, 2026-12-05, "Proximity").
const PAIR_WEIGHT: f64 = 0.25;
/// The concepts considered, in query order (one bit each).
const MOST_CONCEPTS: usize = 64;
/// Bits of the sieve: a query's few dozen terms leave most of them clear.
const SIEVE_BITS: usize = 1024;

/// The counted concepts of one query, ready to be found in tools' text.
#[derive(Debug, Clone, Default)]
pub(crate) struct Proximity {
    /// Every term of the concepts' alternatives, sorted, with the concepts
    /// (bits) it stands for; empty when fewer than two concepts count.
    terms: Vec<(TermId, u64)>,
    /// A bit per `term % SIEVE_BITS` of `terms`: most words of a text are
    /// none of them, and this tells so without a search.
    sieve: [u64; SIEVE_BITS / 64],
    /// Per concept bit, its IDF.
    importance: Vec<f64>,
}

impl Proximity {
    /// The proximity of `terms`' counted concepts (details aside).
    pub(crate) fn new(terms: &[Term]) -> Proximity {
        let mut table: Vec<(TermId, u64)> = Vec::new();
        let mut importance = Vec::new();
        let counted = terms.iter().filter(|t| t.counts());
        for (bit, term) in counted.take(MOST_CONCEPTS).enumerate() {
            importance.push(term.importance);
            let alternatives = term.alternatives.iter();
            table.extend(alternatives.flat_map(|a| a.terms.iter().map(move |&t| (t, 1 << bit))));
        }
        if importance.len() < 2 {
            table.clear();
        }
        table.sort_unstable();
        table.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 |= later.1;
            }
            same
        });
        let mut sieve = [0u64; SIEVE_BITS / 64];
        for &(t, _) in &table {
            let (word, bit) = sieve_bit(t);
            sieve[word] |= bit;
        }
        Proximity {
            terms: table,
            sieve,
            importance,
        }
    }

    /// True when there is nothing to find (fewer than two concepts).
    pub(crate) fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// What `sequence` (a tool's name and description words, in order)
    /// earns: each pair of distinct concepts written within the window,
    /// once, at its closest. The work is linear in the sequence, whatever
    /// the query: a word costs a few mask operations per concept it holds.
    pub(crate) fn bonus(&self, sequence: &[TermId]) -> f64 {
        if self.terms.is_empty() {
            return 0.0;
        }
        // The concepts of the previous `WINDOW` words, nearest first.
        let mut recent = [0u64; WINDOW];
        // Per concept and distance - 1, the concepts met at that distance.
        let mut met = [[0u64; WINDOW]; MOST_CONCEPTS];
        for &term in sequence {
            let here = self.concepts_of(term);
            if here != 0 {
                for (back, &earlier) in recent.iter().enumerate() {
                    for a in bits(earlier) {
                        met[a as usize][back] |= here & !(1 << a);
                    }
                    for b in bits(here) {
                        met[b as usize][back] |= earlier & !(1 << b);
                    }
                }
            }
            recent.rotate_right(1);
            recent[0] = here;
        }
        let idf = |bit: u32| self.importance.get(bit as usize).copied().unwrap_or(0.0);
        let mut bonus = 0.0;
        for (a, distances) in met.iter().enumerate().take(self.importance.len()) {
            // Each pair once, from its lower concept, at its closest.
            let later = u64::MAX.checked_shl(a as u32 + 1).unwrap_or(0);
            let mut closer = 0u64;
            for (back, &partners) in distances.iter().enumerate() {
                for b in bits(partners & later & !closer) {
                    bonus += PAIR_WEIGHT * idf(a as u32).min(idf(b)) / (back + 1) as f64;
                }
                closer |= partners;
            }
        }
        bonus
    }

    fn concepts_of(&self, term: TermId) -> u64 {
        let (word, bit) = sieve_bit(term);
        if self.sieve[word] & bit == 0 {
            return 0;
        }
        self.terms
            .binary_search_by_key(&term, |&(t, _)| t)
            .map_or(0, |i| self.terms[i].1)
    }
}

/// Where `term` is in the sieve: its word, and its bit in that word.
fn sieve_bit(term: TermId) -> (usize, u64) {
    let at = term as usize % SIEVE_BITS;
    (at / 64, 1 << (at % 64))
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Concept 0 is term 10 or 11 (IDF 2), concept 1 term 20 (IDF 1),
    /// concept 2 term 30 (IDF 4).
    fn three_concepts() -> Proximity {
        Proximity {
            terms: vec![(10, 1), (11, 1), (20, 2), (30, 4)],
            sieve: [u64::MAX; SIEVE_BITS / 64],
            importance: vec![2.0, 1.0, 4.0],
        }
    }

    #[test]
    fn adjacent_concepts_earn_the_smaller_idf() {
        let p = three_concepts();
        assert_eq!(p.bonus(&[10, 20]), PAIR_WEIGHT * 1.0);
        assert_eq!(p.bonus(&[30, 11]), PAIR_WEIGHT * 2.0);
    }

    #[test]
    fn distance_divides_and_the_window_bounds() {
        let p = three_concepts();
        assert_eq!(p.bonus(&[10, 99, 30]), PAIR_WEIGHT * 2.0 / 2.0);
        assert_eq!(p.bonus(&[10, 99, 98, 30]), 0.0);
    }

    #[test]
    fn a_pair_counts_once_at_its_closest() {
        let p = three_concepts();
        assert_eq!(p.bonus(&[10, 99, 30, 10, 30]), PAIR_WEIGHT * 2.0);
    }

    #[test]
    fn one_concept_repeated_earns_nothing() {
        let p = three_concepts();
        assert_eq!(p.bonus(&[10, 11, 10]), 0.0);
        assert_eq!(Proximity::default().bonus(&[10, 20]), 0.0);
    }

    #[test]
    fn every_concept_on_one_word_costs_a_pass() {
        // A hostile query and tool: 64 concepts sharing one word, written
        // ten thousand times. Each pair counts once, adjacent.
        let p = Proximity {
            terms: vec![(7, u64::MAX)],
            sieve: [u64::MAX; SIEVE_BITS / 64],
            importance: vec![1.0; MOST_CONCEPTS],
        };
        let pairs = (MOST_CONCEPTS * (MOST_CONCEPTS - 1) / 2) as f64;
        assert_eq!(p.bonus(&[7; 10_000]), PAIR_WEIGHT * pairs);
    }

    #[test]
    fn a_word_of_two_concepts_pairs_with_its_neighbours() {
        // Term 40 stands for concepts 0 and 1.
        let p = Proximity {
            terms: vec![(10, 1), (20, 2), (40, 3)],
            sieve: [u64::MAX; SIEVE_BITS / 64],
            importance: vec![1.0, 1.0],
        };
        assert_eq!(p.bonus(&[40]), 0.0);
        assert_eq!(p.bonus(&[40, 40]), PAIR_WEIGHT);
    }
}
