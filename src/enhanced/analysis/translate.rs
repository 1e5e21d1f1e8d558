//! Multilingual queries: the language of a query is recognised (Japanese,
//! Chinese and Korean by their scripts; the others by their filler words,
//! glossary words and letters), and the query is rewritten word by word into
//! the catalog's English vocabulary through the glossaries. Words the
//! glossary does not know (product names, English loanwords) pass through,
//! and a word of an unspaced script keeps its own writing beside its
//! English one, for a catalog written in that language.

use super::language::{english, is_hiragana, is_kanji, languages, split_words, Language, Script};

/// A query rewritten into English words.
#[derive(Debug, Clone, PartialEq)]
pub struct Translation {
    /// The language it was written in (its code).
    pub language: &'static str,
    /// English words and words passed through, in query order.
    pub words: Vec<String>,
    /// Per word of `words`, the text it translates when that is written in
    /// an unspaced script (Japanese, Chinese, Korean).
    pub sources: Vec<Option<String>>,
    /// Written as a request in sentences rather than as keywords.
    pub natural: bool,
}

/// Rewrites `text` into English when it is written in a language of the
/// glossaries. `known` tells whether the catalog knows an (English) word:
/// such words are no evidence of another language.
pub(crate) fn translate(text: &str, known: &dyn Fn(&str) -> bool) -> Option<Translation> {
    if let Some(script) = Script::of_text(text) {
        let language = languages().iter().find(|l| l.script == script)?;
        return Some(unspaced_text(language, text));
    }
    let words = split_words(text);
    let filler = &english().filler;
    let english = words
        .iter()
        .filter(|w| filler.contains(w.to_lowercase().as_str()))
        .count();
    // Most votes wins; among equals, the most words found as written (a stem
    // can match a word of another language by chance: Spanish "para" has
    // the stem of Italian "parere"), then the most content words (function
    // words such as "un" or "e" are shared by neighbouring languages), then
    // the first language by code.
    let lower = text.to_lowercase();
    // The words any language may claim, read once for all of them: English
    // filler and words the catalog knows vote for none.
    let open: Vec<String> = words
        .iter()
        .map(|w| w.to_lowercase())
        .filter(|w| !filler.contains(w.as_str()) && !known(w))
        .collect();
    let (language, votes) = languages()
        .iter()
        .filter(|l| l.script == Script::Latin)
        .map(|l| (l, votes(l, &lower, &open)))
        .fold(
            None,
            |best: Option<(&Language, Votes)>, (l, v)| match best {
                Some((_, top)) if top.rank() >= v.rank() => best,
                _ => Some((l, v)),
            },
        )?;
    (votes.all > 0 && votes.all > english).then(|| spaced(language, text, &words, known))
}

/// Evidence for one language.
#[derive(Debug, Clone, Copy)]
struct Votes {
    /// Its letters found, plus its words.
    all: usize,
    /// Its words that mean something (glossary words, not filler).
    content: usize,
    /// Its words found as written (filler, or a glossary phrase), not by stem.
    exact: usize,
}

impl Votes {
    /// The order of candidate languages: votes, then words found as written,
    /// then content words.
    fn rank(&self) -> (usize, usize, usize) {
        (self.all, self.exact, self.content)
    }
}

/// Evidence that a text is written in `glossary`'s language: its letters in
/// `lower` (the text lowercased), and its words among `open` (the text's
/// words lowercased, but for English filler and words the catalog knows).
fn votes(glossary: &Language, lower: &str, open: &[String]) -> Votes {
    let by_letter = glossary
        .letters
        .iter()
        .filter(|c| lower.contains(**c))
        .count();
    let (mut fillers, mut content, mut exact) = (0, 0, 0);
    for w in open {
        let w = w.as_str();
        if glossary.is_filler(w) {
            fillers += 1;
            exact += 1;
        } else if glossary.phrase(w).is_some_and(|e| e != w) {
            content += 1;
            exact += 1;
        } else if glossary.by_stem(w).is_some() {
            content += 1;
        }
    }
    Votes {
        all: by_letter + fillers + content,
        content,
        exact,
    }
}

/// Rewrites the words of a spaced language, longest glossary phrase first.
fn spaced(
    glossary: &'static Language,
    text: &str,
    words: &[String],
    known: &dyn Fn(&str) -> bool,
) -> Translation {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let mut out = Vec::new();
    let mut filler = false;
    let mut i = 0;
    while i < words.len() {
        let longest = glossary.longest().min(words.len() - i);
        let matched = (1..=longest)
            .rev()
            .find_map(|n| glossary.phrase(&lower[i..i + n].join(" ")).map(|e| (n, e)));
        // Then an English word the catalog knows passes through before the
        // glossary's stems are tried ("file" is no form of Portuguese "fila").
        let (taken, english) = match matched {
            Some(found) => found,
            None if known(&lower[i]) => {
                out.push(as_written(glossary, &words[i]));
                i += 1;
                continue;
            }
            None => match glossary.by_stem(&lower[i]) {
                Some(english) => (1, english),
                None => {
                    out.extend(compound(glossary, &words[i]));
                    i += 1;
                    continue;
                }
            },
        };
        if english.is_empty() {
            filler = true;
        } else {
            out.push(english.to_owned());
        }
        i += taken;
    }
    let natural = filler || text.contains('?') || words.len() >= 6;
    Translation {
        language: glossary.code,
        sources: vec![None; out.len()],
        words: out,
        natural,
    }
}

/// A word passed through. Where every noun is capitalised, a capitalised
/// word is no name, so it is lowercased unless written like a product
/// (`GitLab`, `API`).
fn as_written(language: &Language, word: &str) -> String {
    let inner_capital = word.chars().skip(1).any(char::is_uppercase);
    if language.capitalised_nouns && !inner_capital {
        word.to_lowercase()
    } else {
        word.to_owned()
    }
}

/// The longest word tried as a compound: every split point costs a stem of
/// the head, so longer words (no real compound) would cost quadratic time.
const LONGEST_COMPOUND: usize = 48;

/// A word neither the glossary nor the catalog knows: in a language that
/// joins nouns, a compound of glossary words ("Datenbankcluster" is
/// database + cluster), or the word itself.
fn compound(glossary: &Language, word: &str) -> Vec<String> {
    if !glossary.compounds {
        return vec![word.to_owned()];
    }
    if word.chars().count() > LONGEST_COMPOUND {
        return vec![as_written(glossary, word)];
    }
    let lower = word.to_lowercase();
    let known = |part: &str| {
        glossary
            .phrase(part)
            .or_else(|| glossary.by_stem(part))
            .filter(|e| !e.is_empty())
    };
    let bounds: Vec<usize> = lower.char_indices().map(|(at, _)| at).skip(3).collect();
    for &at in bounds.iter().rev() {
        let (head, tail) = lower.split_at(at);
        let Some(first) = known(head).or_else(|| head.strip_suffix('s').and_then(known)) else {
            continue;
        };
        if tail.chars().count() < 3 {
            continue;
        }
        let second = known(tail).unwrap_or(tail);
        return vec![first.to_owned(), second.to_owned()];
    }
    vec![as_written(glossary, word)]
}

/// Rewrites text of an unspaced script (kana, Han, Hangul): at each point
/// the longest glossary entry is taken, keeping what it translates; Latin
/// words pass through; runs the glossary does not know pass through whole,
/// but Japanese kana endings, which are dropped.
fn unspaced_text(glossary: &'static Language, text: &str) -> Translation {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut sources: Vec<Option<String>> = Vec::new();
    let mut unknown = String::new();
    let mut filler = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphanumeric() {
            flush(&mut unknown, &mut out, &mut sources);
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], '_' | '-' | '.'))
            {
                i += 1;
            }
            out.push(
                chars[start..i]
                    .iter()
                    .collect::<String>()
                    .trim_end_matches(['.', '-'])
                    .to_owned(),
            );
            sources.push(None);
            continue;
        }
        if !glossary.script.holds(c) {
            flush(&mut unknown, &mut out, &mut sources);
            i += 1;
            continue;
        }
        let longest = glossary.longest().min(chars.len() - i);
        let matched = (1..=longest).rev().find_map(|n| {
            glossary
                .phrase(&chars[i..i + n].iter().collect::<String>())
                .map(|e| (n, e))
        });
        match matched {
            Some((n, english)) => {
                flush(&mut unknown, &mut out, &mut sources);
                if english.is_empty() {
                    filler = true;
                } else {
                    out.push(english.to_owned());
                    sources.push(Some(chars[i..i + n].iter().collect()));
                }
                i += n;
            }
            None => match inflected(glossary, &chars[i..])
                .filter(|_| i == 0 || !is_kanji(chars[i - 1]))
            {
                Some((n, english)) => {
                    flush(&mut unknown, &mut out, &mut sources);
                    out.push(english.to_owned());
                    sources.push(Some(chars[i..i + n].iter().collect()));
                    i += n;
                }
                None => {
                    unknown.push(c);
                    i += 1;
                }
            },
        }
    }
    flush(&mut unknown, &mut out, &mut sources);
    let natural = filler || text.contains(['?', '？']);
    Translation {
        language: glossary.code,
        words: out,
        sources,
        natural,
    }
}

/// A verb or adjective in a form the glossary does not list (送った for
/// 送る): its kanji, found by the kanji of a listed form, then a kana
/// ending. Returns the number of kanji and the English word.
fn inflected(glossary: &Language, rest: &[char]) -> Option<(usize, &'static str)> {
    if glossary.script != Script::Kana {
        return None;
    }
    let kanji = rest.iter().take_while(|c| is_kanji(**c)).count();
    let ending = rest.get(kanji).is_some_and(|c| is_hiragana(*c));
    if kanji == 0 || !ending {
        return None;
    }
    glossary
        .by_stem(&rest[..kanji].iter().collect::<String>())
        .map(|english| (kanji, english))
}

/// Passes an unknown run through, unless it is only hiragana (a Japanese
/// ending).
fn flush(unknown: &mut String, out: &mut Vec<String>, sources: &mut Vec<Option<String>>) {
    if unknown.chars().any(|c| !is_hiragana(c)) {
        out.push(unknown.clone());
        sources.push(None);
    }
    unknown.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english(text: &str) -> Option<(&'static str, String, bool)> {
        translate(text, &|w| {
            matches!(w, "gitlab" | "issue" | "app" | "deploy")
        })
        .map(|t| (t.language, t.words.join(" "), t.natural))
    }

    #[test]
    fn english_stays_english() {
        assert_eq!(english("deploy the app to production"), None);
        assert_eq!(english("gitlab issue"), None);
    }

    #[test]
    fn spaced_languages() {
        assert_eq!(
            english("GitLab Issue anlegen"),
            Some(("de", "GitLab issue create".into(), false))
        );
        let (language, words, natural) = english("Peux-tu supprimer le fichier ?").unwrap();
        assert_eq!(language, "fr");
        assert!(
            words.contains("delete") && words.contains("file"),
            "{words}"
        );
        assert!(natural);
        let (language, words, _) = english("¿Puedes crear un repositorio?").unwrap();
        assert_eq!(language, "es");
        assert!(
            words.contains("create") && words.contains("repository"),
            "{words}"
        );
        assert_eq!(
            english("Datenbankcluster löschen").unwrap().1,
            "database cluster delete"
        );
        // A Portuguese word spelled like an English one means the
        // Portuguese thing: a "time" of people is a team.
        let (language, words, _) = english("criar um novo time de vendas").unwrap();
        assert_eq!(language, "pt");
        assert!(words.contains("team"), "{words}");
        let (language, words, natural) = english("Puoi elencare i file nella cartella?").unwrap();
        assert_eq!(language, "it");
        assert!(words.contains("list") && words.contains("file"), "{words}");
        assert!(natural);
    }

    #[test]
    fn content_words_outweigh_shared_function_words() {
        // "un" is French, Spanish and Italian, and the "e" of "e-mail" is
        // Spanish and Italian for "and" ("mail" is the catalog's own word,
        // no evidence): the verb is what is French.
        let french = translate("envoyer un e-mail", &|w| w == "mail").unwrap();
        assert_eq!(french.language, "fr");
        assert_eq!(french.words.first().map(String::as_str), Some("send"));
    }

    #[test]
    fn words_found_as_written_outweigh_stems_that_match_by_chance() {
        // "un" and "al" are Spanish and Italian, "para" Spanish filler and,
        // by its stem only, Italian "parere": Spanish has more words as
        // written.
        let spanish = translate("Pide un Uber para ir al aeropuerto", &|_| false).unwrap();
        assert_eq!(spanish.language, "es");
    }

    #[test]
    fn an_overlong_word_is_no_compound() {
        let word = format!("Datenbank{}", "x".repeat(LONGEST_COMPOUND));
        assert_eq!(
            english(&format!("{word} löschen")).unwrap().1,
            format!("{} delete", word.to_lowercase())
        );
    }

    #[test]
    fn japanese_is_segmented() {
        assert_eq!(
            english("スラック チャンネル一覧"),
            Some(("ja", "slack channel list".into(), false))
        );
        let (_, words, natural) = english("mainブランチを削除して").unwrap();
        assert_eq!(words, "main branch delete");
        assert!(natural);
    }
}
