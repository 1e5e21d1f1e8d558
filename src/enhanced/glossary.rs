//! The bilingual glossaries of the enhanced ranking: Japanese, German,
//! French and Spanish words and phrases of requests, mapped onto the
//! catalog's English vocabulary, and each language's filler words.
//!
//! The tables live in `glossary/*.tsv` (`english<TAB>variant|variant`, and
//! `lang<TAB>word|word` for filler) and are parsed once, on first use.

use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

use crate::search::{FastMap, FastSet};

/// A language the enhanced ranking translates from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Japanese,
    German,
    French,
    Spanish,
}

/// The languages written with spaces between words.
pub const SPACED: [Language; 3] = [Language::German, Language::French, Language::Spanish];

impl Language {
    /// The ISO 639-1 code.
    pub fn code(self) -> &'static str {
        match self {
            Language::Japanese => "ja",
            Language::German => "de",
            Language::French => "fr",
            Language::Spanish => "es",
        }
    }

    fn source(self) -> &'static str {
        match self {
            Language::Japanese => include_str!("glossary/ja.tsv"),
            Language::German => include_str!("glossary/de.tsv"),
            Language::French => include_str!("glossary/fr.tsv"),
            Language::Spanish => include_str!("glossary/es.tsv"),
        }
    }

    fn stemmer(self) -> Option<Stemmer> {
        match self {
            Language::Japanese => None,
            Language::German => Some(Stemmer::create(Algorithm::German)),
            Language::French => Some(Stemmer::create(Algorithm::French)),
            Language::Spanish => Some(Stemmer::create(Algorithm::Spanish)),
        }
    }
}

const FILLER: &str = include_str!("glossary/stopwords.tsv");

/// One language's glossary.
pub struct Glossary {
    /// Lowercased word or phrase to its English word; filler maps to "".
    phrases: FastMap<String, &'static str>,
    /// Stem of a one-word variant to its English word (spaced languages).
    stems: FastMap<String, &'static str>,
    /// Filler words and phrases.
    filler: FastSet<String>,
    /// Longest entry: in words for spaced languages, in characters for Japanese.
    longest: usize,
    stemmer: Option<Stemmer>,
}

impl Glossary {
    /// The glossary of `language`.
    pub fn of(language: Language) -> &'static Glossary {
        static TABLES: OnceLock<[Glossary; 4]> = OnceLock::new();
        let tables = TABLES.get_or_init(|| {
            [
                Language::Japanese,
                Language::German,
                Language::French,
                Language::Spanish,
            ]
            .map(Glossary::load)
        });
        match language {
            Language::Japanese => &tables[0],
            Language::German => &tables[1],
            Language::French => &tables[2],
            Language::Spanish => &tables[3],
        }
    }

    fn load(language: Language) -> Glossary {
        let mut glossary = Glossary {
            phrases: FastMap::default(),
            stems: FastMap::default(),
            filler: FastSet::default(),
            longest: 1,
            stemmer: language.stemmer(),
        };
        for (english, variant) in entries(language.source()) {
            glossary.add(variant, english);
        }
        for (code, word) in entries(FILLER) {
            if code == language.code() {
                glossary.filler.insert(word.to_lowercase());
                glossary.add(word, "");
            }
        }
        glossary
    }

    /// Adds a variant; the first English word given for it wins. Variants
    /// of spaced languages are split into words as queries are.
    fn add(&mut self, variant: &str, english: &'static str) {
        let (lower, size) = if self.stemmer.is_some() {
            let words = split_words(&variant.to_lowercase());
            (words.join(" "), words.len())
        } else {
            (variant.to_lowercase(), variant.chars().count())
        };
        self.longest = self.longest.max(size);
        if !english.is_empty() {
            if let Some(stem) = self.stem_of_variant(&lower, size) {
                self.stems.entry(stem).or_insert(english);
            }
        }
        self.phrases.entry(lower).or_insert(english);
    }

    /// The stem a variant is also found by: the Snowball stem of a single
    /// word, or the kanji of a Japanese verb or adjective before its kana
    /// ending (送 of 送る, so that 送った is found).
    fn stem_of_variant(&self, lower: &str, size: usize) -> Option<String> {
        if self.stemmer.is_some() {
            return (size == 1).then(|| self.stem(lower));
        }
        let kanji = lower.trim_end_matches(is_hiragana);
        let inflected =
            kanji.len() < lower.len() && !kanji.is_empty() && kanji.chars().all(is_kanji);
        inflected.then(|| kanji.to_owned())
    }

    /// The English word of a lowercased word or phrase, "" for filler.
    pub fn phrase(&self, lower: &str) -> Option<&'static str> {
        self.phrases.get(lower).copied()
    }

    /// The English word of a lowercased word by its stem (for Japanese,
    /// of kanji by the kanji of an inflected variant).
    pub fn by_stem(&self, lower: &str) -> Option<&'static str> {
        self.stems.get(&self.stem(lower)).copied()
    }

    /// True for a filler word or phrase of the language.
    pub fn is_filler(&self, lower: &str) -> bool {
        self.filler.contains(lower)
    }

    /// The longest entry (words, or characters for Japanese).
    pub fn longest(&self) -> usize {
        self.longest
    }

    fn stem(&self, lower: &str) -> String {
        self.stemmer
            .as_ref()
            .map_or_else(|| lower.to_owned(), |s| s.stem(lower).into_owned())
    }
}

/// The words of text in a spaced language: punctuation trimmed, elisions
/// (`l'`, `d'`, `s'`) and hyphenated parts (`est-ce`, `Port-Forwarding`)
/// made words of their own.
pub fn split_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for chunk in text.split_whitespace() {
        let chunk = chunk.replace('’', "'");
        for part in chunk.split('-') {
            let part = part.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
            let (elided, rest) = match part.find('\'') {
                Some(at) if at <= 3 => part.split_at(at + 1),
                _ => ("", part),
            };
            let rest = rest.trim_matches('\'');
            words.extend(
                [elided, rest]
                    .into_iter()
                    .filter(|w| !w.is_empty())
                    .map(str::to_owned),
            );
        }
    }
    words
}

/// A hiragana letter.
pub fn is_hiragana(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{309F}')
}

/// A kanji (CJK unified ideograph).
pub fn is_kanji(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}')
}

/// `(key, variant)` pairs of a table: one per variant of each line.
fn entries(source: &'static str) -> impl Iterator<Item = (&'static str, &'static str)> {
    source
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once('\t'))
        .flat_map(|(key, variants)| {
            variants
                .split('|')
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(move |v| (key.trim(), v))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_load_with_filler_and_stems() {
        let german = Glossary::of(Language::German);
        assert_eq!(german.phrase("erstellen"), Some("create"));
        assert_eq!(german.phrase("liste auf"), Some("list"));
        assert_eq!(german.by_stem("repositorys"), Some("repository"));
        assert_eq!(german.by_stem("erstellend"), Some("create"));
        assert!(german.is_filler("bitte"));
        assert!(german.longest() >= 2);
        assert_eq!(
            split_words("Peux-tu l’ouvrir ?"),
            ["Peux", "tu", "l'", "ouvrir"]
        );
        let japanese = Glossary::of(Language::Japanese);
        assert_eq!(japanese.phrase("スラック"), Some("slack"));
        assert_eq!(japanese.phrase("を"), Some(""));
        assert_eq!(japanese.by_stem("送"), Some("send"));
    }
}
