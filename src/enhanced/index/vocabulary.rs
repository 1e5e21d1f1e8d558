//! Vocabulary learned from the catalog itself, never from queries:
//! - **actions**: a tool named with one verb and described with another
//!   ("run_query: Execute a SQL query") links the two; a pair seen on
//!   several tools is an equivalence;
//! - **acronyms**: a short word no tool uses, spelled by the initials of
//!   words the catalog writes together ("pr" for "pull request");
//! - **numeronyms**: `k8s` for a 10-letter word from k to s;
//! - **families**: one stem extending another by a suffix ("creation",
//!   "creat").

use std::cell::OnceCell;

use super::fields::{FieldIndex, TermId};
use crate::enhanced::analysis::english;
use crate::search::{FastMap, FastSet};

/// Descriptions a word must open to count as a verb of the catalog.
const MIN_LEAD: u32 = 2;
/// Share of the tools holding a word whose description it must open, for
/// the word to count as a verb ("tool" is everywhere, and opens little).
const VERB_OPENS: f64 = 0.1;
/// Tools a name/description verb pair needs to be an equivalence.
const MIN_PAIR: u32 = 2;
/// Pseudo-count of the pair strength `count / (count + PAIR_PRIOR)`.
const PAIR_PRIOR: u32 = 2;
/// Weight of an action learned from the catalog, at full strength.
pub(crate) const ACTION_WEIGHT: f64 = 0.8;
/// Weight of an acronym or numeronym read from the catalog.
pub(crate) const SPELLING_WEIGHT: f64 = 0.9;
/// Weight of a stem of the same family.
pub(crate) const FAMILY_WEIGHT: f64 = 0.7;
/// Shortest stem a family is built on, and the longest suffix it adds.
const FAMILY_STEM: usize = 5;
const FAMILY_SUFFIX: usize = 4;
/// The most stems extending a stem that are read, and the most taken: a
/// catalog's text (a server's) could hold thousands of words that extend
/// one stem, and each would cost every query of that stem.
const FAMILY_SCAN: usize = 64;
const FAMILY_SIZE: usize = 8;
/// Tools an acronym's phrase must appear in, and how much commoner than the
/// next reading it must be.
const MIN_ACRONYM: u32 = 2;

/// Initials to the runs of words they spell, with the runs' counts.
type Acronyms = FastMap<String, Vec<(Vec<TermId>, u32)>>;

/// One learned alternative of a query word.
#[derive(Debug, Clone, PartialEq)]
pub struct Learned {
    /// The terms (all must be present).
    pub terms: Vec<TermId>,
    /// Its weight relative to the query's own word.
    pub weight: f64,
}

/// The catalog's own equivalences.
#[derive(Debug, Default)]
pub struct Vocabulary {
    /// Verb to its equivalent verbs and their strength in (0, 1].
    actions: FastMap<TermId, Vec<(TermId, f64)>>,
    /// Stems in order, for family lookups.
    sorted: Vec<(String, TermId)>,
    /// Initials to phrases and their counts, built on first need.
    acronyms: OnceCell<Acronyms>,
}

impl Vocabulary {
    /// Learns the vocabulary of `index`.
    pub fn learn(index: &FieldIndex) -> Vocabulary {
        // A verb of the catalog opens several descriptions and is a word of
        // several names; function words and server names are not verbs.
        // Counted in arrays indexed by term id (ids are dense), not hashed.
        let terms = index.stems().len();
        let mut leads = vec![0u32; terms];
        let mut named = vec![0u32; terms];
        for (name, first) in &index.heads {
            if let Some(n) = first.and_then(|t| leads.get_mut(t as usize)) {
                *n += 1;
            }
            for &word in name {
                if let Some(n) = named.get_mut(word as usize) {
                    *n += 1;
                }
            }
        }
        let filler = &english().filler;
        let servers: FastSet<TermId> = index
            .servers()
            .iter()
            .filter_map(|s| s.terms.first().copied())
            .collect();
        let is_verb = |t: &TermId| {
            leads.get(*t as usize).is_some_and(|&n| {
                n >= MIN_LEAD && f64::from(n) >= VERB_OPENS * f64::from(index.capability_df(*t))
            }) && named.get(*t as usize).is_some_and(|&n| n >= MIN_LEAD)
                && !servers.contains(t)
                && !filler.contains(index.surface(*t))
        };
        let mut pairs: FastMap<(TermId, TermId), u32> = FastMap::default();
        for (name, first) in &index.heads {
            let Some(first) = first.filter(is_verb) else {
                continue;
            };
            if name.contains(&first) {
                continue;
            }
            for &verb in name.iter().filter(|t| is_verb(t)) {
                *pairs.entry((verb, first)).or_default() += 1;
                *pairs.entry((first, verb)).or_default() += 1;
            }
        }
        let mut actions: FastMap<TermId, Vec<(TermId, f64)>> = FastMap::default();
        for (&(a, b), &count) in &pairs {
            if count >= MIN_PAIR {
                // Strength grows with the tools that show the pair.
                let strength = f64::from(count) / f64::from(count + PAIR_PRIOR);
                actions.entry(a).or_default().push((b, strength));
            }
        }
        for list in actions.values_mut() {
            list.sort_unstable_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
        }
        let mut sorted: Vec<(String, TermId)> =
            index.stems().map(|(t, s)| (s.to_owned(), t)).collect();
        sorted.sort_unstable();
        Vocabulary {
            actions,
            sorted,
            acronyms: OnceCell::new(),
        }
    }

    /// The learned alternatives of a query word (`word` as written,
    /// lowercased; `stem` its stem).
    pub fn alternatives(&self, index: &FieldIndex, word: &str, stem: &str) -> Vec<Learned> {
        let mut out = Vec::new();
        let own = index.term(stem);
        if let Some(own) = own {
            for &(other, strength) in self.actions.get(&own).into_iter().flatten() {
                out.push(Learned {
                    terms: vec![other],
                    weight: ACTION_WEIGHT * strength,
                });
            }
        }
        if own.is_none_or(|t| index.capability_df(t) == 0) {
            if let Some(terms) = self.acronym(index, word) {
                out.push(Learned {
                    terms,
                    weight: SPELLING_WEIGHT,
                });
            }
            if let Some(term) = numeronym(index, word) {
                out.push(Learned {
                    terms: vec![term],
                    weight: SPELLING_WEIGHT,
                });
            }
        }
        for term in self.family(stem) {
            // Only words tools name or describe: parameter names join words
            // into identifiers ("instanceType") that are no family.
            if Some(term) != own && index.capability_df(term) > 0 {
                out.push(Learned {
                    terms: vec![term],
                    weight: FAMILY_WEIGHT,
                });
            }
        }
        out
    }

    /// Stems extending `stem` by a short suffix, or that it extends.
    fn family(&self, stem: &str) -> Vec<TermId> {
        let mut out = Vec::new();
        if !stem.is_ascii() {
            return out;
        }
        if stem.len() >= FAMILY_STEM {
            let start = self.sorted.partition_point(|(s, _)| s.as_str() < stem);
            let extending = self.sorted[start..]
                .iter()
                .take(FAMILY_SCAN)
                .take_while(|(s, _)| s.starts_with(stem));
            out.extend(
                extending
                    .filter(|(s, _)| s.len() > stem.len() && s.len() - stem.len() <= FAMILY_SUFFIX)
                    .map(|&(_, t)| t)
                    .take(FAMILY_SIZE),
            );
        }
        for cut in FAMILY_STEM..stem.len() {
            if stem.len() - cut > FAMILY_SUFFIX {
                continue;
            }
            let Some(prefix) = stem.get(..cut) else {
                continue;
            };
            if let Ok(at) = self
                .sorted
                .binary_search_by(|(s, _)| s.as_str().cmp(prefix))
            {
                out.push(self.sorted[at].1);
            }
        }
        out
    }

    /// The phrase whose initials spell `word`, when one reading clearly
    /// dominates in the catalog.
    fn acronym(&self, index: &FieldIndex, word: &str) -> Option<Vec<TermId>> {
        if !(2..=4).contains(&word.len()) || !word.bytes().all(|b| b.is_ascii_lowercase()) {
            return None;
        }
        let table = self.acronyms.get_or_init(|| acronym_table(index));
        let readings = table.get(word)?;
        let mut best: Option<&(Vec<TermId>, u32)> = None;
        let mut second = 0;
        for reading in readings {
            match best {
                Some(b) if b.1 >= reading.1 => second = second.max(reading.1),
                _ => {
                    second = best.map_or(second, |b| b.1.max(second));
                    best = Some(reading);
                }
            }
        }
        let (terms, count) = best?;
        (*count >= MIN_ACRONYM && *count >= 2 * second).then(|| terms.clone())
    }
}

/// Initials of every run of two or three adjacent words (of two letters
/// or more, none a function word) in names and descriptions, with the runs'
/// counts.
fn acronym_table(index: &FieldIndex) -> Acronyms {
    let filler = &english().filler;
    let mut counts: FastMap<String, FastMap<Vec<TermId>, u32>> = FastMap::default();
    for sequence in &index.sequences {
        for size in 2..=3 {
            for run in sequence.windows(size) {
                if run.iter().any(|&t| filler.contains(index.surface(t))) {
                    continue;
                }
                let stems: Vec<&str> = run.iter().map(|&t| index.stem(t)).collect();
                if stems
                    .iter()
                    .any(|s| s.len() < 2 || !s.as_bytes()[0].is_ascii_lowercase())
                {
                    continue;
                }
                let initials: String = stems.iter().map(|s| char::from(s.as_bytes()[0])).collect();
                *counts
                    .entry(initials)
                    .or_default()
                    .entry(run.to_vec())
                    .or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .map(|(initials, runs)| {
            let mut runs: Vec<(Vec<TermId>, u32)> = runs.into_iter().collect();
            runs.sort_unstable();
            (initials, runs)
        })
        .collect()
}

/// The word a numeronym abbreviates (`k8s`: k, 8 letters, s), when exactly
/// one word of the catalog fits.
fn numeronym(index: &FieldIndex, word: &str) -> Option<TermId> {
    let bytes = word.as_bytes();
    let (&first, &last) = (bytes.first()?, bytes.last()?);
    let digits = word.get(1..word.len().checked_sub(1)?)?;
    if !first.is_ascii_lowercase() || !last.is_ascii_lowercase() || digits.is_empty() {
        return None;
    }
    let full = digits.parse::<usize>().ok()?.checked_add(2)?;
    let mut found = None;
    for (term, _) in index.stems() {
        let s = index.surface(term).as_bytes();
        if s.len() == full && s.first() == Some(&first) && s.last() == Some(&last) {
            if found.is_some_and(|f| f != term) {
                return None;
            }
            found = Some(term);
        }
    }
    found
}
