//! Languages as data: every file of `lang/` is one language, embedded at
//! build time. A file names its stemmer, script and telltale letters, lists
//! its filler words, and maps words onto the catalog's English (or, for
//! English itself, onto other words a tool may use for the same thing).
//! Adding a language is adding a file.
//!
//! Format (UTF-8, tab-separated, `#` comments):
//! `@language Name`, `@stemmer snowball-name`, `@script latin|kana|han|hangul`,
//! `@letters a|b`, `@filler word|phrase`, `@nouns capitalised`,
//! `@compounds split`, other `@key value|value` lists, and entries
//! `key<TAB>variant|variant`.

use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

use crate::search::{stem, FastMap, FastSet};

include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// How a language is written, which decides how its text is split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Script {
    /// Words separated by spaces.
    Latin,
    /// Japanese kana and kanji: no spaces; words are found by the longest
    /// glossary entry at each point.
    Kana,
    /// Chinese (simplified and traditional): no spaces; read like kana.
    Han,
    /// Korean: spaced, but with particles and endings joined to words; read
    /// like kana inside each spaced word.
    Hangul,
}

impl Script {
    /// Text of this script is read by the longest glossary entry at each
    /// character, not word by word.
    pub(crate) fn unspaced(self) -> bool {
        self != Script::Latin
    }

    /// The script a request written in it is recognised by: kana (with or
    /// without kanji) is Japanese, Hangul is Korean, Han alone is Chinese;
    /// `None` for text of none of them.
    pub(crate) fn of_text(text: &str) -> Option<Script> {
        let (mut han, mut hangul) = (false, false);
        for c in text.chars() {
            if matches!(c, '\u{3040}'..='\u{30FF}' | '\u{FF66}'..='\u{FF9F}') {
                return Some(Script::Kana);
            }
            han |= is_kanji(c);
            hangul |= is_hangul(c);
        }
        if hangul {
            Some(Script::Hangul)
        } else if han {
            Some(Script::Han)
        } else {
            None
        }
    }

    /// True for a character the script's glossary reads (Latin: none).
    pub(crate) fn holds(self, c: char) -> bool {
        match self {
            Script::Latin => false,
            Script::Kana => is_kana_script(c),
            Script::Han => is_kanji(c),
            Script::Hangul => is_hangul(c),
        }
    }
}

/// One parsed language file.
struct File {
    directives: FastMap<&'static str, Vec<&'static str>>,
    entries: Vec<(&'static str, &'static str)>,
}

impl File {
    fn parse(text: &'static str) -> File {
        // At most one entry per value: reserved at once rather than grown.
        let values = text.bytes().filter(|&b| b == b'|' || b == b'\n').count();
        let mut file = File {
            directives: FastMap::default(),
            entries: Vec::with_capacity(values + 1),
        };
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let Some((key, values)) = line.split_once('\t') else {
                continue;
            };
            let values = values.split('|').map(str::trim).filter(|v| !v.is_empty());
            match key.trim().strip_prefix('@') {
                Some(directive) => file.directives.entry(directive).or_default().extend(values),
                None => file.entries.extend(values.map(|v| (key.trim(), v))),
            }
        }
        file
    }

    fn first(&self, directive: &str) -> Option<&'static str> {
        self.directives.get(directive)?.first().copied()
    }

    fn list(&self, directive: &str) -> &[&'static str] {
        self.directives.get(directive).map_or(&[], Vec::as_slice)
    }
}

/// A language queries may be written in, with its glossary into English.
pub(crate) struct Language {
    /// The file name: an ISO 639-1 code.
    pub code: &'static str,
    /// How it is written.
    pub script: Script,
    /// Letters that suggest it.
    pub letters: Vec<char>,
    /// Every noun is capitalised (a capital is no sign of a name).
    pub capitalised_nouns: bool,
    /// Unknown words may be compounds of glossary words.
    pub compounds: bool,
    filler: FastSet<String>,
    stemmer: Option<Stemmer>,
    /// The file's `(english, variant)` entries, filler last with "" for
    /// English, read into the glossary on first use: a query whose words
    /// the catalog knows never asks another language for one.
    entries: Vec<(&'static str, &'static str)>,
    glossary: OnceLock<Glossary>,
    /// Stem of a one-word variant to its English word, made on first use:
    /// stemming every variant is most of the cost of a glossary.
    stems: OnceLock<FastMap<String, &'static str>>,
}

/// A language's words and phrases in English.
struct Glossary {
    /// Lowercased word or phrase to its English word; filler maps to "".
    phrases: FastMap<String, &'static str>,
    /// One-word variants (lowercased) and their English words, in file order.
    one_word: Vec<(String, &'static str)>,
    /// Longest entry: in words, or in characters for [`Script::Kana`].
    longest: usize,
}

impl Glossary {
    fn read(script: Script, entries: &[(&'static str, &'static str)]) -> Glossary {
        let mut glossary = Glossary {
            phrases: FastMap::default(),
            one_word: Vec::new(),
            longest: 1,
        };
        for &(english, variant) in entries {
            glossary.add(script, variant, english);
        }
        glossary
    }

    /// Adds a variant; the first English word given for it wins.
    fn add(&mut self, script: Script, variant: &str, english: &'static str) {
        let (lower, size) = if script.unspaced() {
            (variant.to_lowercase(), variant.chars().count())
        } else {
            let words = split_words(&variant.to_lowercase());
            (words.join(" "), words.len())
        };
        self.longest = self.longest.max(size);
        if !english.is_empty() && (size == 1 || script.unspaced()) {
            self.one_word.push((lower.clone(), english));
        }
        self.phrases.entry(lower).or_insert(english);
    }
}

impl Language {
    fn load(code: &'static str, file: &File) -> Language {
        let script = match file.first("script") {
            Some("kana") => Script::Kana,
            Some("han") => Script::Han,
            Some("hangul") => Script::Hangul,
            _ => Script::Latin,
        };
        let filler = file.list("filler");
        let mut entries = file.entries.clone();
        entries.extend(filler.iter().map(|&word| ("", word)));
        Language {
            code,
            script,
            letters: file
                .list("letters")
                .iter()
                .flat_map(|l| l.chars())
                .collect(),
            capitalised_nouns: file.first("nouns") == Some("capitalised"),
            compounds: file.first("compounds") == Some("split"),
            filler: filler.iter().map(|word| word.to_lowercase()).collect(),
            stemmer: file.first("stemmer").and_then(stemmer),
            entries,
            glossary: OnceLock::new(),
            stems: OnceLock::new(),
        }
    }

    fn glossary(&self) -> &Glossary {
        self.glossary
            .get_or_init(|| Glossary::read(self.script, &self.entries))
    }

    /// The stem a one-word variant is also found by: its Snowball stem, or
    /// the kanji of a Japanese verb or adjective before its kana ending (送
    /// of 送る, so that 送った is found).
    fn stem_of_variant(&self, lower: &str) -> Option<String> {
        match self.script {
            Script::Latin => self.stemmer.is_some().then(|| self.stem(lower)),
            Script::Kana => {
                let kanji = lower.trim_end_matches(is_hiragana);
                let inflected =
                    kanji.len() < lower.len() && !kanji.is_empty() && kanji.chars().all(is_kanji);
                inflected.then(|| kanji.to_owned())
            }
            Script::Han | Script::Hangul => None,
        }
    }

    /// The English word of a lowercased word or phrase, "" for filler.
    pub(crate) fn phrase(&self, lower: &str) -> Option<&'static str> {
        self.glossary().phrases.get(lower).copied()
    }

    /// The English word of a lowercased word by its stem (for Japanese, of
    /// kanji by the kanji of an inflected variant).
    pub(crate) fn by_stem(&self, lower: &str) -> Option<&'static str> {
        let stems = self.stems.get_or_init(|| {
            let mut stems = FastMap::default();
            for (variant, english) in &self.glossary().one_word {
                if let Some(stem) = self.stem_of_variant(variant) {
                    stems.entry(stem).or_insert(*english);
                }
            }
            stems
        });
        stems.get(&self.stem(lower)).copied()
    }

    /// True for a filler word or phrase of the language.
    pub(crate) fn is_filler(&self, lower: &str) -> bool {
        self.filler.contains(lower)
    }

    /// The longest entry (words, or characters for an unspaced script).
    pub(crate) fn longest(&self) -> usize {
        self.glossary().longest
    }

    fn stem(&self, lower: &str) -> String {
        self.stemmer
            .as_ref()
            .map_or_else(|| lower.to_owned(), |s| s.stem(lower).into_owned())
    }
}

/// English, the catalog's language: filler, the words that shape a request,
/// and alternatives of request words.
pub(crate) struct English {
    /// Function words of requests.
    pub filler: FastSet<&'static str>,
    /// Filler that keyword queries use too (prepositions, articles): on its
    /// own it does not make a query a sentence.
    pub linking: FastSet<&'static str>,
    /// Words negating the action after them.
    pub negations: FastSet<&'static str>,
    /// Forms of "be": negated ("isn't", "is not") they describe a state the
    /// word after them names ("isn't staged" asks for what is unstaged),
    /// which stays in the query.
    pub copulas: FastSet<&'static str>,
    /// Words introducing a value, a name or a message body.
    pub cues: FastSet<&'static str>,
    /// Words introducing a message body only as the start of a clause, that
    /// is before a function word ("text him that the gate is open", not
    /// "reply in that thread").
    pub clause_cues: FastSet<&'static str>,
    /// Stem of a word to the stems of its alternatives (each a phrase).
    pub alternatives: FastMap<String, Vec<Vec<String>>>,
    /// Phrases implying concepts without naming them, as lowercased words.
    pub implied: Vec<(Vec<&'static str>, Vec<String>)>,
    /// A kind of value (`url`, `email`, `phone`, `ip`, `sql`) to the stems
    /// of the words it implies.
    pub values: FastMap<&'static str, Vec<String>>,
}

impl English {
    fn load(file: &File) -> English {
        let set = |directive: &str| file.list(directive).iter().copied().collect();
        let mut english = English {
            filler: set("filler"),
            linking: set("linking"),
            negations: set("negation"),
            copulas: set("copula"),
            cues: set("cue"),
            clause_cues: set("clause-cue"),
            alternatives: FastMap::default(),
            implied: Vec::new(),
            values: file
                .directives
                .iter()
                .filter_map(|(name, words)| {
                    let kind = name.strip_prefix("value-")?;
                    Some((kind, words.iter().map(|w| stem(w)).collect()))
                })
                .collect(),
        };
        for &(key, alternative) in &file.entries {
            let words: Vec<&str> = key.split_whitespace().collect();
            if words.len() > 1 {
                let stems = stem(alternative);
                match english.implied.iter_mut().find(|(w, _)| *w == words) {
                    Some((_, list)) => list.push(stems),
                    None => english.implied.push((words, vec![stems])),
                }
                continue;
            }
            let list = english.alternatives.entry(stem(key)).or_default();
            let stems: Vec<String> = alternative.split_whitespace().map(stem).collect();
            if !list.contains(&stems) && stems != [stem(key)] {
                list.push(stems);
            }
        }
        english
    }
}

/// Words of every language that join the asks of a request (`@and`).
#[derive(Debug, Default)]
pub(crate) struct Joining {
    /// Words of spaced scripts, lowercased: matched as whole words.
    words: FastSet<String>,
    /// Words of scripts written without spaces: matched inside text.
    pub inside: Vec<&'static str>,
}

impl Joining {
    /// True when `word`, in any case, joins asks. A short ASCII word (most
    /// words of a request) is lowercased on the stack.
    pub(crate) fn holds(&self, word: &str) -> bool {
        let mut buffer = [0u8; 16];
        match buffer.get_mut(..word.len()).filter(|_| word.is_ascii()) {
            Some(lower) => {
                lower.copy_from_slice(word.as_bytes());
                lower.make_ascii_lowercase();
                std::str::from_utf8(lower).is_ok_and(|w| self.words.contains(w))
            }
            None => self.words.contains(&word.to_lowercase()),
        }
    }
}

struct Registry {
    english: English,
    others: Vec<Language>,
    joining: Joining,
}

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut english = None;
        let mut others = Vec::new();
        let mut joining = Joining::default();
        for &(code, text) in LANGUAGE_FILES {
            let file = File::parse(text);
            for &word in file.list("and") {
                if word.chars().any(is_kana_script) {
                    joining.inside.push(word);
                } else {
                    joining.words.insert(word.to_lowercase());
                }
            }
            if code == "en" {
                english = Some(English::load(&file));
            } else {
                others.push(Language::load(code, &file));
            }
        }
        Registry {
            english: english.unwrap_or_else(|| English::load(&File::parse(""))),
            others,
            joining,
        }
    })
}

/// English data.
pub(crate) fn english() -> &'static English {
    &registry().english
}

/// The joining words of every language.
pub(crate) fn joining() -> &'static Joining {
    &registry().joining
}

/// Every language other than English, by code.
pub(crate) fn languages() -> &'static [Language] {
    &registry().others
}

/// The words of text in a spaced language: punctuation trimmed, elisions
/// (`l'`, `d'`, `s'`) and hyphenated parts (`est-ce`, `Port-Forwarding`)
/// made words of their own.
pub(crate) fn split_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for chunk in text.split_whitespace() {
        let chunk = chunk.replace('’', "'");
        for part in chunk.split('-') {
            let part = part.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
            let (elided, rest) = match part.find('\'') {
                Some(at) if at <= 6 => part.split_at(at + 1),
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
pub(crate) fn is_hiragana(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{309F}')
}

/// A kanji (CJK unified ideograph).
pub(crate) fn is_kanji(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}')
}

/// A Hangul syllable or letter.
pub(crate) fn is_hangul(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' | '\u{AC00}'..='\u{D7AF}')
}

/// Kana (full and half width) and kanji.
pub(crate) fn is_kana_script(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{FF66}'..='\u{FF9F}') || is_kanji(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn language(code: &str) -> &'static Language {
        languages().iter().find(|l| l.code == code).unwrap()
    }

    #[test]
    fn every_file_loads() {
        let codes: Vec<&str> = languages().iter().map(|l| l.code).collect();
        for code in ["de", "es", "fr", "it", "ja", "ko", "pt", "zh"] {
            assert!(codes.contains(&code), "{codes:?}");
        }
        for l in languages() {
            assert!(!l.glossary().phrases.is_empty(), "{}", l.code);
            assert!(!l.filler.is_empty(), "{}", l.code);
            assert!(l.script.unspaced() || l.stemmer.is_some(), "{}", l.code);
        }
        assert!(english().filler.contains("the"));
        assert!(english().negations.contains("don't"));
    }

    #[test]
    fn glossary_lookups() {
        let german = language("de");
        assert_eq!(german.phrase("erstellen"), Some("create"));
        assert_eq!(german.phrase("liste auf"), Some("list"));
        assert_eq!(german.by_stem("repositorys"), Some("repository"));
        assert_eq!(german.by_stem("erstellend"), Some("create"));
        assert!(german.is_filler("bitte"));
        assert!(german.capitalised_nouns && german.compounds);
        assert_eq!(
            split_words("Peux-tu l’ouvrir ?"),
            ["Peux", "tu", "l'", "ouvrir"]
        );
        let japanese = language("ja");
        assert_eq!(japanese.phrase("スラック"), Some("slack"));
        assert_eq!(japanese.phrase("を"), Some(""));
        assert_eq!(japanese.by_stem("送"), Some("send"));
    }

    #[test]
    fn english_alternatives_and_phrases() {
        let english = english();
        assert!(english.alternatives[&stem("pr")].contains(&vec![stem("pull"), stem("request")]));
        assert!(english
            .implied
            .iter()
            .any(|(words, _)| words == &["how", "many"]));
    }

    #[test]
    fn a_file_is_parsed_by_its_directives() {
        let file = File::parse("# c\n@stemmer\titalian\n@filler\til|la\nlist\telenco|elenchi\n");
        let language = Language::load("xx", &file);
        // The glossary is read on its first lookup, not for filler.
        assert!(language.is_filler("la"));
        assert!(language.glossary.get().is_none());
        assert_eq!(language.phrase("elenchi"), Some("list"));
        assert!(language.glossary.get().is_some());
        assert_eq!(language.by_stem("elenco"), Some("list"));
    }

    #[test]
    fn forms_left_out_are_found_by_their_stem() {
        // The files list a form only where its stem does not already lead
        // to the same word.
        for (code, form, meaning) in [
            ("de", "lösche", "delete"),
            ("es", "borra", "delete"),
            ("fr", "listez", "list"),
            ("it", "elenchi", "list"),
            ("pt", "mostra", "show"),
        ] {
            let language = language(code);
            assert_eq!(language.phrase(form), None, "{code} {form}");
            assert_eq!(language.by_stem(form), Some(meaning), "{code} {form}");
        }
        // A form that is also an English word stays listed: the catalog's
        // words are looked up before stems.
        assert_eq!(language("de").phrase("starte"), Some("start"));
    }
}
