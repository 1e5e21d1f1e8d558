//! Query concepts resolved in the index: each with the ways a tool can
//! hold it (its own word, the glossary's alternatives and those the catalog
//! teaches), what answering it is worth, its role and the servers it names.

use crate::config::Rules;
use crate::enhanced::analysis::{is_cjk, Concept, Via};
use crate::enhanced::index::{FieldIndex, TermId, Vocabulary, SPELLING_WEIGHT};
use crate::search::stem;

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
    pub idf: f64,
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

impl Resolved {
    /// What a match through this alternative is worth per unit of
    /// saturation: the query's own word (or a form joined with its
    /// neighbour) the IDF of the form the tool holds at most; another word
    /// for it, between its IDF and the query word's; times its weight, over
    /// its words.
    pub fn worth(&self, term: &Term) -> f64 {
        let idf = if self.via == Via::Word {
            term.importance.min(self.idf)
        } else {
            (term.importance * self.idf).sqrt()
        };
        idf * self.weight / self.terms.len().max(1) as f64
    }

    pub fn new(index: &FieldIndex, terms: Vec<TermId>, weight: f64, via: Via) -> Resolved {
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

pub(crate) fn resolve(
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
                alternatives
                    .iter()
                    .find(|a| a.via == Via::Catalog && a.weight >= SPELLING_WEIGHT)
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
