//! Query understanding of the enhanced ranking: filler removed, identifiers
//! split, synonyms and abbreviations added, details of natural requests
//! (values, names, message bodies) set apart, and the style of the query
//! (keyword or natural) recognised.

use std::sync::OnceLock;

use super::lexicon::{
    ACTIONS, DETAIL_CUES, HEAD_ENDS, IMPLIED, NEGATIONS, PARTICLES, STOP_WORDS, SYNONYMS,
};
use super::translate::{translate, Translation};
use super::words::for_each_prose_word;
use crate::search::{stem, FastMap, FastSet};

/// One way a concept can appear in a tool: stems that must all be present.
#[derive(Debug, Clone, PartialEq)]
pub struct Alternative {
    /// The stems of a word or phrase.
    pub stems: Vec<String>,
    /// 1 for the query's own word, less for a synonym.
    pub weight: f64,
}

/// One thing the query asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Concept {
    /// The query word, lowercased.
    pub word: String,
    /// Its stem first, then its synonyms.
    pub alternatives: Vec<Alternative>,
    /// A verb naming what the tool does.
    pub action: bool,
    /// A value rather than a capability (a number, code, quoted text, or a
    /// word after "about", "saying", ...): it adds to the score but does not
    /// count against a tool.
    pub detail: bool,
    /// Written as a value (a number, code, address, quoted text): never a
    /// server or a capability, even when a tool knows the word.
    pub value: bool,
    /// Capitalised inside a sentence: a name, which counts against a tool
    /// only when some tool knows the word.
    pub proper: bool,
    /// After the head of a natural request (its verb and object), among the
    /// circumstances: it counts for little against a tool.
    pub tail: bool,
    /// A word of a query in another language that the glossary could not
    /// translate: when no tool knows it either, it may be grammar rather
    /// than content, and counts for less against a tool.
    pub untranslated: bool,
    /// The query word just before it, filler included ("on" of "on call"),
    /// which a tool may write together with it ("oncall").
    pub before: Option<String>,
}

/// A query, understood.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Analysis {
    /// What it asks for, in query order, without repeats.
    pub concepts: Vec<Concept>,
    /// Written as a request in sentences rather than as keywords.
    pub natural: bool,
    /// The query as a tool name, when it looks like one.
    pub identifier: Option<String>,
    /// The query rewritten into English, when it was written in another
    /// language.
    pub translation: Option<Translation>,
}

/// Weight of a synonym relative to the query's own word.
pub const SYNONYM_WEIGHT: f64 = 0.8;

struct Tables {
    stop: FastSet<&'static str>,
    cues: FastSet<&'static str>,
    negations: FastSet<&'static str>,
    head_ends: FastSet<&'static str>,
    particles: FastSet<&'static str>,
    actions: FastSet<String>,
    synonyms: FastMap<String, Vec<Vec<String>>>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut synonyms: FastMap<String, Vec<Vec<String>>> = FastMap::default();
        for (word, alternatives) in SYNONYMS {
            let list = synonyms.entry(stem(word)).or_default();
            for alternative in *alternatives {
                let stems: Vec<String> = alternative.split_whitespace().map(stem).collect();
                if !list.contains(&stems) {
                    list.push(stems);
                }
            }
        }
        Tables {
            stop: STOP_WORDS.iter().copied().collect(),
            cues: DETAIL_CUES.iter().copied().collect(),
            negations: NEGATIONS.iter().copied().collect(),
            head_ends: HEAD_ENDS.iter().copied().collect(),
            particles: PARTICLES.iter().copied().collect(),
            actions: ACTIONS.iter().map(|w| stem(w)).collect(),
            synonyms,
        }
    })
}

/// Analyses a query. A query in Japanese, German, French or Spanish is
/// first rewritten into English; `known` tells whether the catalog knows a
/// word (see [`translate`]).
pub fn analyze(text: &str, known: &dyn Fn(&str) -> bool) -> Analysis {
    let tables = tables();
    if let Some(translation) = translate(text, known) {
        let chunks: Vec<&str> = translation.words.iter().map(String::as_str).collect();
        let analysis = analyze_words(
            &chunks,
            &translation.untranslated,
            translation.natural,
            None,
            tables,
        );
        return Analysis {
            translation: Some(translation),
            ..analysis
        };
    }
    let chunks: Vec<&str> = text.split_whitespace().collect();
    let natural = text.contains('?')
        || chunks.len() >= 6
        || chunks
            .iter()
            .any(|c| tables.stop.contains(clean(c).to_lowercase().as_str()));
    let identifier = (chunks.len() == 1 && looks_like_identifier(text.trim()))
        .then(|| text.trim().to_lowercase());
    analyze_words(&chunks, &[], natural, identifier, tables)
}

/// Analyses the whitespace-separated chunks of an English query;
/// `untranslated` marks the chunks of a translation left as written.
fn analyze_words(
    chunks: &[&str],
    untranslated: &[bool],
    natural: bool,
    identifier: Option<String>,
    tables: &Tables,
) -> Analysis {
    let mut analysis = Analysis {
        concepts: Vec::new(),
        natural,
        identifier,
        translation: None,
    };
    let mut in_detail = false;
    let mut negated = false;
    let mut before: Option<String> = None;
    let mut in_tail = false;
    let mut previous_was_verb = false;
    for (position, chunk) in chunks.iter().enumerate() {
        let word = clean(chunk).to_lowercase();
        if natural && tables.cues.contains(word.as_str()) && position > 0 {
            in_detail = true;
            continue;
        }
        let has_content = !analysis.concepts.is_empty();
        if natural && has_content && tables.head_ends.contains(word.as_str()) {
            let particle = previous_was_verb && tables.particles.contains(word.as_str());
            if !particle {
                in_tail = true;
            }
        }
        previous_was_verb = tables.actions.contains(&stem(&word));
        if tables.negations.contains(word.as_str()) || word.ends_with("n't") {
            negated = true;
            continue;
        }
        // Capitalised inside a sentence, not at the start of one.
        let sentence_start = position == 0 || chunks[position - 1].ends_with(['.', '?', '!', ':']);
        let proper = natural && !sentence_start && is_capitalised(chunk);
        // Two capitalised words in a row name a place or a person (New York).
        let neighbour = |p: Option<&&str>| p.is_some_and(|c| is_capitalised(c));
        let name_run = proper
            && (neighbour(chunks.get(position + 1))
                || (position > 1 && neighbour(chunks.get(position - 1))));
        let value = natural && is_value(chunk);
        let detail = in_detail || value || (natural && name_run);
        let untranslated = untranslated.get(position).copied().unwrap_or(false);
        for_each_prose_word(chunk, |w| {
            let previous = before.replace(w.to_owned());
            if tables.stop.contains(w) {
                return;
            }
            let stemmed = stem(w);
            if negated {
                negated = false;
                return;
            }
            analysis.push(
                w,
                &stemmed,
                Flags {
                    detail,
                    value,
                    proper,
                    tail: in_tail,
                    untranslated,
                },
                previous,
                tables,
            );
        });
        if natural {
            if let Some(kind) = value_kind(chunk) {
                analysis.imply(kind, implied_by_value(kind));
            }
        }
    }
    if natural {
        let lower = format!(" {} ", chunks.join(" ").to_lowercase());
        for (phrase, words) in IMPLIED {
            if lower.contains(&format!(" {phrase} ")) {
                analysis.imply(phrase, words);
            }
        }
    }
    analysis
}

impl Analysis {
    /// Adds the concept of word `word` (stem `stemmed`), unless already there.
    fn push(
        &mut self,
        word: &str,
        stemmed: &str,
        flags: Flags,
        before: Option<String>,
        tables_ref: &Tables,
    ) {
        let Flags {
            detail,
            value,
            proper,
            tail,
            untranslated,
        } = flags;
        if self
            .concepts
            .iter()
            .any(|c| c.alternatives[0].stems == [stemmed])
        {
            return;
        }
        let mut alternatives = vec![Alternative {
            stems: vec![stemmed.to_owned()],
            weight: 1.0,
        }];
        for stems in tables_ref.synonyms.get(stemmed).into_iter().flatten() {
            if stems != &alternatives[0].stems {
                alternatives.push(Alternative {
                    stems: stems.clone(),
                    weight: SYNONYM_WEIGHT,
                });
            }
        }
        // The query's action is its first action verb; a plural is a noun.
        let plural = word.ends_with('s') && !word.ends_with("ss");
        let action = tables_ref.actions.contains(stemmed)
            && !plural
            && !self.concepts.iter().any(|c| c.action);
        self.concepts.push(Concept {
            word: word.to_owned(),
            action,
            alternatives,
            detail,
            value,
            proper,
            tail,
            untranslated,
            before,
        });
    }
}

impl Analysis {
    /// Adds a concept the request implies without naming it: it adds to a
    /// tool's score, never counts against one.
    fn imply(&mut self, label: &str, words: &[&str]) {
        let alternatives = words
            .iter()
            .map(|w| Alternative {
                stems: vec![stem(w)],
                weight: 1.0,
            })
            .collect();
        self.concepts.push(Concept {
            word: format!("({label})"),
            alternatives,
            action: false,
            detail: true,
            value: true,
            proper: false,
            tail: false,
            untranslated: false,
            before: None,
        });
    }
}

/// What kind of value a chunk is, when it is a typed one.
fn value_kind(chunk: &str) -> Option<&'static str> {
    let inner = chunk.trim_matches(|c: char| {
        matches!(
            c,
            ',' | '.' | '?' | '!' | ':' | ';' | '(' | ')' | '"' | '\''
        )
    });
    let digits = inner.chars().filter(char::is_ascii_digit).count();
    if inner.starts_with("http://") || inner.starts_with("https://") || inner.starts_with("www.") {
        Some("url")
    } else if inner.contains('@') && inner.contains('.') {
        Some("email")
    } else if inner.starts_with('+') && digits >= 7 {
        Some("phone")
    } else if inner.split('.').count() == 4
        && inner
            .split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
    {
        Some("ip")
    } else if matches!(
        inner,
        "SELECT" | "INSERT" | "UPDATE" | "DELETE" | "CREATE" | "DROP" | "ALTER"
    ) {
        Some("sql")
    } else {
        None
    }
}

fn implied_by_value(kind: &str) -> &'static [&'static str] {
    match kind {
        "url" => &["url", "page", "web"],
        "email" => &["email"],
        "phone" => &["phone", "sms", "call"],
        "ip" => &["ip", "address"],
        _ => &["sql", "query"],
    }
}

/// How a word was written.
#[derive(Debug, Clone, Copy)]
struct Flags {
    detail: bool,
    value: bool,
    proper: bool,
    tail: bool,
    untranslated: bool,
}

/// The chunk without surrounding punctuation.
fn clean(chunk: &str) -> &str {
    chunk.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
}

/// A value written in a request: quoted text, numbers and codes, addresses,
/// paths, handles and tags, and hyphenated lowercase names (`new-checkout`).
fn is_value(chunk: &str) -> bool {
    let inner = chunk.trim_end_matches(['?', '.', ',', '!', ':', ';']);
    let hyphenated = inner.split('-').count() > 1
        && inner
            .split('-')
            .all(|p| p.len() >= 2 && p.chars().all(|c| c.is_ascii_lowercase()));
    hyphenated
        || inner.chars().any(|c| c.is_ascii_digit())
        || inner.starts_with(['#', '@', '$', '+', '"', '\'', '«', '“', '‘'])
        || inner.contains(['/', '@'])
        || inner.trim_matches('.').contains('.')
}

/// Starts with a capital and is not all capitals (an acronym such as PR).
fn is_capitalised(chunk: &str) -> bool {
    let inner = chunk.trim_matches(|c: char| !c.is_alphanumeric());
    inner.chars().next().is_some_and(char::is_uppercase) && inner.chars().any(char::is_lowercase)
}

/// One chunk with `_`, `__`, `.` separators or inner capitals: a tool name.
fn looks_like_identifier(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'))
        && (text.contains('_') || text.chars().skip(1).any(|c| c.is_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyze(text: &str) -> Analysis {
        super::analyze(text, &|_| true)
    }

    fn words(analysis: &Analysis) -> Vec<(String, bool)> {
        analysis
            .concepts
            .iter()
            .map(|c| (c.word.clone(), c.detail))
            .collect()
    }

    #[test]
    fn keyword_queries() {
        let a = analyze("github open PR");
        assert!(!a.natural);
        assert_eq!(
            words(&a),
            [
                ("github".into(), false),
                ("open".into(), false),
                ("pr".into(), false)
            ]
        );
        assert!(a.concepts[1].action);
        assert!(a.concepts[2]
            .alternatives
            .iter()
            .any(|alt| alt.stems == ["pull", "request"]));
        assert_eq!(
            analyze("kubectl_get").identifier.as_deref(),
            Some("kubectl_get")
        );
        assert_eq!(analyze("linear_createIssue").concepts.len(), 3);
    }

    #[test]
    fn natural_requests_set_details_apart() {
        let a =
            analyze("Post a message in the #general Slack channel saying the deploy is finished");
        assert!(a.natural);
        let kept: Vec<_> = words(&a)
            .into_iter()
            .filter(|(_, d)| !d)
            .map(|(w, _)| w)
            .collect();
        assert_eq!(kept, ["post", "message", "slack", "channel"]);
        assert!(
            a.concepts
                .iter()
                .find(|c| c.word == "slack")
                .unwrap()
                .proper
        );
        let a = analyze("Write a draft email to the team but don't send it yet");
        assert!(!a.concepts.iter().any(|c| c.word == "send"));
        let a = analyze("Find the email from Dana about the Q3 invoice");
        let kept: Vec<_> = words(&a)
            .into_iter()
            .filter(|(_, d)| !d)
            .map(|(w, _)| w)
            .collect();
        assert_eq!(kept, ["find", "email", "dana"]);
        assert!(a.concepts[2].proper);
    }
}
