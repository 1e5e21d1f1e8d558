//! Query understanding of the enhanced ranking: filler removed, identifiers
//! split, alternatives from the English glossary added, details of natural requests
//! (values, names, message bodies) set apart, and the style of the query
//! (keyword or natural) recognised.

use std::borrow::Cow;

use super::language::{english, English};
use super::translate::{translate, Translation};
use super::words::for_each_prose_word;
use crate::config::Rules;
use crate::search::stem;

/// Where an alternative of a query word comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Via {
    /// The query's own word.
    Word,
    /// The English glossary (`lang/en.tsv`).
    Glossary,
    /// Learned from the catalog's own names and descriptions.
    Catalog,
}

/// One way a concept can appear in a tool: stems that must all be present.
#[derive(Debug, Clone, PartialEq)]
pub struct Alternative {
    /// The stems of a word or phrase.
    pub stems: Vec<String>,
    /// 1 for the query's own word, less for an alternative.
    pub weight: f64,
    /// Where it comes from.
    pub via: Via,
}

/// One thing the query asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Concept {
    /// The query word, lowercased.
    pub word: String,
    /// Its stem first, then its alternatives.
    pub alternatives: Vec<Alternative>,
    /// A value or name rather than a capability (a number, code, quoted
    /// text, a word after "about", "saying", ...): it adds to the score but
    /// does not count against a tool.
    pub detail: bool,
    /// Written as a value (a number, code, address, quoted text): never a
    /// server or a capability, even when a tool knows the word.
    pub value: bool,
    /// Capitalised inside a sentence: a name, which counts against a tool
    /// only when some tool knows the word.
    pub proper: bool,
    /// Implied by a phrase of the request rather than written ("how many").
    pub implied: bool,
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
    /// The query rewritten into English, when it was written in another
    /// language.
    pub translation: Option<Translation>,
}

/// Weight of a glossary alternative relative to the query's own word.
pub(crate) const GLOSSARY_WEIGHT: f64 = 0.8;

/// Analyses a query. A query in another language is first rewritten into
/// English; `known` tells whether the catalog knows a word (see
/// [`translate`]).
pub(crate) fn analyze(text: &str, known: &dyn Fn(&str) -> bool, rules: Rules) -> Analysis {
    let text = &straight_apostrophes(text);
    let english = english();
    if let Some(translation) = translate(text, known).filter(|_| rules.translation) {
        let chunks: Vec<&str> = translation.words.iter().map(String::as_str).collect();
        let mut analysis = analyze_words(&chunks, translation.natural, english, rules);
        analysis.add_sources(&translation);
        return Analysis {
            translation: Some(translation),
            ..analysis
        };
    }
    let chunks: Vec<&str> = text.split_whitespace().collect();
    let natural = text.contains('?')
        || chunks.len() >= 6
        || chunks.iter().any(|c| {
            let word = clean(c).to_lowercase();
            (english.filler.contains(word.as_str()) && !english.linking.contains(word.as_str()))
                || word.contains('\'')
        });
    analyze_words(&chunks, natural, english, rules)
}

/// The sentences of a request, trimmed: it is cut after `.`, `!`, `?` or
/// `;` followed by a space, and after the full stops of Chinese and
/// Japanese. A query of one sentence (or of keywords) is one part.
pub(crate) fn sentences(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        let ends = match c {
            '.' | '!' | '?' | ';' => next.is_none_or(char::is_whitespace),
            '。' | '！' | '？' => true,
            _ => false,
        };
        if ends {
            let end = at + c.len_utf8();
            parts.push(text[start..end].trim());
            start = end;
        }
    }
    parts.push(text[start..].trim());
    parts.retain(|p| !p.is_empty());
    parts
}

/// Analyses the whitespace-separated chunks of an English query;
fn analyze_words(chunks: &[&str], natural: bool, english: &English, rules: Rules) -> Analysis {
    let mut analysis = Analysis {
        concepts: Vec::new(),
        natural,
        translation: None,
    };
    let mut in_detail = false;
    let mut quoted = false;
    let mut negated = false;
    let mut negated_state = false;
    let mut before: Option<String> = None;
    for (position, chunk) in chunks.iter().enumerate() {
        // Quoted text is a value (a message body, a title), word by word;
        // a detail span ends with its sentence, outside quotes.
        let in_quote = natural && (quoted || opens_quote(chunk));
        quoted = in_quote && !closes_quote(chunk, quoted);
        let ends_detail = !quoted && ends_sentence(chunk);
        let word = clean(chunk).to_lowercase();
        let clause_follows = || {
            chunks
                .get(position + 1)
                .is_some_and(|next| english.filler.contains(clean(next).to_lowercase().as_str()))
        };
        let cue = english.cues.contains(word.as_str())
            || (english.clause_cues.contains(word.as_str()) && clause_follows());
        if natural && cue && position > 0 {
            in_detail = !ends_detail;
            continue;
        }
        if rules.negation && (english.negations.contains(word.as_str()) || word.ends_with("n't")) {
            // A negated "be" ("isn't staged", "is not merged") describes a
            // state a tool may name ("unstaged"): the word after it stays,
            // as a detail. Any other negation leaves its word out.
            let after_copula = position > 0
                && matches!(word.as_str(), "not" | "never")
                && english
                    .copulas
                    .contains(chunks[position - 1].to_lowercase().as_str());
            if after_copula || english.copulas.contains(word.as_str()) {
                negated_state = true;
            } else {
                negated = true;
            }
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
        let value = is_number(chunk) || (natural && (in_quote || is_value(chunk)));
        let detail = in_detail || value || (natural && name_run);
        if ends_detail {
            in_detail = false;
        }
        for_each_prose_word(chunk, |w| {
            let previous = before.replace(w.to_owned());
            if english.filler.contains(w) {
                return;
            }
            if negated {
                negated = false;
                return;
            }
            analysis.push(
                w,
                Flags {
                    detail: detail || std::mem::take(&mut negated_state),
                    value,
                    proper,
                },
                previous,
                english,
            );
        });
        if natural && rules.implied {
            if let Some((kind, stems)) =
                value_kind(chunk).and_then(|kind| Some((kind, english.values.get(kind.as_str())?)))
            {
                analysis.imply_stems(kind.as_str(), stems);
            }
        }
    }
    if natural && rules.implied {
        let words: Vec<String> = chunks.iter().map(|c| clean(c).to_lowercase()).collect();
        for (phrase, stems) in &english.implied {
            if words.windows(phrase.len()).any(|w| w == phrase.as_slice()) {
                analysis.imply_stems(&phrase.join(" "), stems);
            }
        }
    }
    analysis
}

impl Analysis {
    /// Gives each concept of a translated word the writing it translates
    /// as an alternative of its own (its bigrams, all present), when that
    /// is of an unspaced script: a catalog may be written in the request's
    /// language.
    fn add_sources(&mut self, translation: &Translation) {
        for (word, source) in translation.words.iter().zip(&translation.sources) {
            let Some(source) = source else { continue };
            let mut stems = Vec::new();
            for_each_prose_word(source, |w| stems.push(w.to_owned()));
            if stems.is_empty() {
                continue;
            }
            for_each_prose_word(word, |w| {
                let concept = self.concepts.iter_mut().find(|c| !c.implied && c.word == w);
                if let Some(concept) = concept {
                    if !concept.alternatives.iter().any(|a| a.stems == stems) {
                        concept.alternatives.push(Alternative {
                            stems: stems.clone(),
                            weight: 1.0,
                            via: Via::Word,
                        });
                    }
                }
            });
        }
    }

    /// Adds the concept of word `word`, unless already there.
    fn push(&mut self, word: &str, flags: Flags, before: Option<String>, english: &English) {
        let stemmed = stem(word);
        if self
            .concepts
            .iter()
            .any(|c| c.alternatives[0].stems == [stemmed.as_str()])
        {
            return;
        }
        let mut alternatives = vec![Alternative {
            stems: vec![stemmed.clone()],
            weight: 1.0,
            via: Via::Word,
        }];
        for stems in english.alternatives.get(&stemmed).into_iter().flatten() {
            if !alternatives.iter().any(|a| &a.stems == stems) {
                alternatives.push(Alternative {
                    stems: stems.clone(),
                    weight: GLOSSARY_WEIGHT,
                    via: Via::Glossary,
                });
            }
        }
        self.concepts.push(Concept {
            word: word.to_owned(),
            alternatives,
            detail: flags.detail,
            value: flags.value,
            proper: flags.proper,
            implied: false,
            before,
        });
    }

    /// Adds a concept the request implies without naming it: it adds to a
    /// tool's score, never counts against one.
    fn imply_stems(&mut self, label: &str, stems: &[String]) {
        let alternatives = stems
            .iter()
            .map(|s| Alternative {
                stems: vec![s.clone()],
                weight: 1.0,
                via: Via::Glossary,
            })
            .collect();
        self.concepts.push(Concept {
            word: format!("({label})"),
            alternatives,
            detail: true,
            value: true,
            proper: false,
            implied: true,
            before: None,
        });
    }
}

/// A kind of value a request may hold; each implies concepts (the
/// `@value-<kind>` lines of `lang/en.tsv`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ValueKind {
    Url,
    Email,
    Phone,
    Ip,
    Sql,
}

impl ValueKind {
    /// The kind as `lang/en.tsv` names it.
    fn as_str(self) -> &'static str {
        match self {
            ValueKind::Url => "url",
            ValueKind::Email => "email",
            ValueKind::Phone => "phone",
            ValueKind::Ip => "ip",
            ValueKind::Sql => "sql",
        }
    }
}

/// What kind of value a chunk is, when it is a typed one.
fn value_kind(chunk: &str) -> Option<ValueKind> {
    let inner = chunk.trim_matches(|c: char| {
        matches!(
            c,
            ',' | '.' | '?' | '!' | ':' | ';' | '(' | ')' | '"' | '\''
        )
    });
    let digits = inner.chars().filter(char::is_ascii_digit).count();
    if inner.starts_with("http://") || inner.starts_with("https://") || inner.starts_with("www.") {
        Some(ValueKind::Url)
    } else if inner.contains('@') && inner.contains('.') {
        Some(ValueKind::Email)
    } else if inner.starts_with('+') && digits >= 7 {
        Some(ValueKind::Phone)
    } else if inner.split('.').count() == 4
        && inner
            .split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
    {
        Some(ValueKind::Ip)
    } else if matches!(
        inner,
        "SELECT" | "INSERT" | "UPDATE" | "DELETE" | "CREATE" | "DROP" | "ALTER"
    ) {
        Some(ValueKind::Sql)
    } else {
        None
    }
}

/// How a word was written.
#[derive(Debug, Clone, Copy)]
struct Flags {
    detail: bool,
    value: bool,
    proper: bool,
}

/// The chunk without surrounding punctuation.
fn clean(chunk: &str) -> &str {
    chunk.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
}

/// `text` with each typographic apostrophe written as `'` ("Don’t" is
/// "don't"), so that every later reading sees one kind.
fn straight_apostrophes(text: &str) -> Cow<'_, str> {
    if text.contains('’') {
        Cow::Owned(text.replace('’', "'"))
    } else {
        Cow::Borrowed(text)
    }
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
        || inner.chars().any(char::is_numeric)
        || inner.starts_with(['#', '@', '$', '+', '"', '\'', '«', '“', '‘'])
        || inner.contains(['/', '@'])
        || inner.trim_matches('.').contains('.')
}

/// A number as written, with its punctuation (`555`, `+1`, `(212)`,
/// `555-0147`, `$48`, `10:30`, `５５５`): a value in any query, never a
/// capability.
fn is_number(chunk: &str) -> bool {
    let mut digits = false;
    for c in chunk.chars() {
        if c.is_numeric() {
            digits = true;
        } else if c.is_alphanumeric() {
            return false;
        }
    }
    digits
}

/// Opens a quotation: starts with a quotation mark.
pub(super) fn opens_quote(chunk: &str) -> bool {
    chunk.starts_with(['"', '\'', '«', '“', '‘', '„', '「', '『'])
}

/// Closes the quotation it is in (`open`), or the one it opens: ends with
/// a quotation mark, before any closing punctuation. An apostrophe inside a
/// word ("we've") neither opens nor closes.
pub(super) fn closes_quote(chunk: &str, open: bool) -> bool {
    let inner = chunk.trim_end_matches(['?', '.', ',', '!', ':', ';', ')']);
    let body = if open {
        inner
    } else {
        // The mark that opened it does not close it too.
        inner
            .get(inner.chars().next().map_or(0, char::len_utf8)..)
            .unwrap_or("")
    };
    body.ends_with(['"', '\'', '»', '”', '’', '」', '』'])
}

/// Ends a sentence: a full stop, question or exclamation mark last.
fn ends_sentence(chunk: &str) -> bool {
    chunk.ends_with(['.', '!', '?', '。', '！', '？'])
}

/// Starts with a capital and is not all capitals (an acronym such as PR).
fn is_capitalised(chunk: &str) -> bool {
    let inner = chunk.trim_matches(|c: char| !c.is_alphanumeric());
    inner.chars().next().is_some_and(char::is_uppercase) && inner.chars().any(char::is_lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyze(text: &str) -> Analysis {
        super::analyze(text, &|_| true, Rules::default())
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
        // Prepositions and articles alone do not make a sentence; a pronoun,
        // a question mark or six words do.
        assert!(!analyze("slack upload file to channel").natural);
        assert!(analyze("show me the channels").natural);
        assert!(analyze("list channels?").natural);
        assert!(analyze("upload the file to the team channel now").natural);
        assert_eq!(
            words(&a),
            [
                ("github".into(), false),
                ("open".into(), false),
                ("pr".into(), false)
            ]
        );
        assert!(a.concepts[2]
            .alternatives
            .iter()
            .any(|alt| alt.stems == ["pull", "request"]));
        assert_eq!(analyze("linear_createIssue").concepts.len(), 3);
    }

    #[test]
    fn numbers_are_values_in_any_query() {
        // Keywords: the number's groups are details, whatever their digits.
        let a = analyze("ring +1 555 123 4567");
        assert!(!a.natural);
        assert_eq!(
            words(&a),
            [
                ("ring".into(), false),
                ("1".into(), true),
                ("555".into(), true),
                ("123".into(), true),
                ("4567".into(), true)
            ]
        );
        // Digits of any script.
        assert!(words(&analyze("ring ５５５ ١٢٣"))
            .iter()
            .skip(1)
            .all(|(_, detail)| *detail));
        // Names with digits stay words: they name services and versions.
        assert_eq!(
            words(&analyze("s3 upload v2 file")),
            [
                ("s3".into(), false),
                ("upload".into(), false),
                ("v2".into(), false),
                ("file".into(), false)
            ]
        );
    }

    #[test]
    fn a_typographic_apostrophe_reads_as_a_straight_one() {
        for (typographic, straight) in [
            ("Don’t delete files", "Don't delete files"),
            ("what’s on my calendar", "what's on my calendar"),
            ("user’s repos", "user's repos"),
            ("rename it, don’t copy", "rename it, don't copy"),
        ] {
            assert_eq!(analyze(typographic), analyze(straight), "{typographic}");
        }
    }

    #[test]
    fn a_negated_action_is_left_out_but_a_negated_state_stays() {
        let labels = |text: &str| -> Vec<String> {
            analyze(text)
                .concepts
                .iter()
                .map(|c| c.word.clone())
                .collect()
        };
        assert_eq!(
            labels("list the files, don't delete anything"),
            ["list", "files"]
        );
        let details = |text: &str| -> Vec<String> {
            analyze(text)
                .concepts
                .iter()
                .filter(|c| c.detail)
                .map(|c| c.word.clone())
                .collect()
        };
        // The state stays, as a detail: it adds to a tool's score, never
        // counts against one.
        assert_eq!(
            labels("What have I changed that isn't staged yet?"),
            ["changed", "staged"]
        );
        assert_eq!(
            details("What have I changed that isn’t staged yet?"),
            ["staged"]
        );
        assert_eq!(
            labels("branches that are not merged"),
            ["branches", "merged"]
        );
        assert_eq!(details("it's not working"), ["working"]);
        assert_eq!(details("list users who are not admins"), ["admins"]);
        // Only "not" and "never" right after "be" describe a state.
        assert_eq!(
            labels("check what the branch is, don't merge it"),
            ["check", "branch"]
        );
        assert_eq!(
            labels("tell me what the error is. Don't restart the pod"),
            ["error", "pod"]
        );
        assert_eq!(
            labels("list the files, don’t delete anything"),
            ["list", "files"]
        );
    }

    #[test]
    fn ablation_switches_off_negation_implication_and_translation() {
        let with = |names: &[&str], text: &str| {
            let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            super::analyze(text, &|_| true, Rules::without(&names))
        };
        let labels =
            |a: &Analysis| -> Vec<String> { a.concepts.iter().map(|c| c.word.clone()).collect() };
        let negated = "list files but not folders";
        assert!(!labels(&with(&[], negated)).contains(&"folders".to_owned()));
        assert!(labels(&with(&["negation"], negated)).contains(&"folders".to_owned()));
        let implying = "how many users signed up? see https://example.com";
        let implied = |a: &Analysis| a.concepts.iter().filter(|c| c.implied).count();
        assert!(implied(&with(&[], implying)) >= 2);
        assert_eq!(implied(&with(&["implied"], implying)), 0);
        assert!(with(&[], "Datei löschen").translation.is_some());
        let untranslated = with(&["translation"], "Datei löschen");
        assert!(untranslated.translation.is_none());
        assert_eq!(labels(&untranslated), ["datei", "löschen"]);
    }

    #[test]
    fn catenative_verbs_are_filler() {
        let a = analyze("my pod keeps crashing");
        assert_eq!(
            words(&a),
            [("pod".into(), false), ("crashing".into(), false)]
        );
        // The bare verb may name a product or an action: a word.
        let a = analyze("keep notes");
        assert!(!a.natural);
        assert_eq!(words(&a), [("keep".into(), false), ("notes".into(), false)]);
    }

    #[test]
    fn requests_split_into_sentences() {
        assert_eq!(
            sentences("Hi! I need help. Can you list the repos? Thanks"),
            ["Hi!", "I need help.", "Can you list the repos?", "Thanks"]
        );
        // Dots inside names, versions and addresses do not end a sentence.
        assert_eq!(
            sentences("Open example.com/a.b in v2.1 please."),
            ["Open example.com/a.b in v2.1 please."]
        );
        assert_eq!(
            sentences("チャンネルを見せて。急いで"),
            ["チャンネルを見せて。", "急いで"]
        );
        assert_eq!(sentences("  github list repos  "), ["github list repos"]);
        assert!(sentences(" ... ").len() <= 1);
        assert!(sentences("").is_empty());
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

    /// The words of `text` that count (details aside).
    fn counted(text: &str) -> Vec<String> {
        words(&analyze(text))
            .into_iter()
            .filter(|(_, detail)| !detail)
            .map(|(w, _)| w)
            .collect()
    }

    #[test]
    fn quoted_text_is_a_value_and_apostrophes_do_not_quote() {
        // Every word between the marks, not only the first; "we've" and
        // "isn't" open nothing, so the ask after them still counts.
        assert_eq!(
            counted("We've shipped it, so reply with 'Rolled back to the old build' in the thread"),
            ["shipped", "reply", "thread"]
        );
        assert_eq!(
            counted("I'd like the notes: \"deploy is done\" and then list the channels"),
            ["notes", "list", "channels"]
        );
        // An unclosed quotation runs to the end of the request.
        assert_eq!(
            counted("Send the message 'see you at noon"),
            ["send", "message"]
        );
    }

    #[test]
    fn a_detail_ends_with_its_sentence() {
        assert_eq!(
            counted("Maya posted about the outage. Could you reply in the thread?"),
            ["maya", "posted", "reply", "thread"]
        );
        // Inside a quotation a full stop ends nothing.
        assert_eq!(
            counted("Post a note saying 'Done. All green'. Then close the ticket"),
            ["post", "note", "close", "ticket"]
        );
    }

    #[test]
    fn that_introduces_a_message_only_before_a_clause() {
        assert_eq!(
            counted("Text the plumber that the gate code is ready"),
            ["text", "plumber"]
        );
        assert_eq!(
            counted("Could you reply in that thread with an update"),
            ["reply", "thread", "update"]
        );
    }

    #[test]
    fn contractions_leave_no_letters() {
        let a = analyze("I'd like to see what's in the folder, I'm sure it isn't empty");
        let kept: Vec<String> = words(&a).into_iter().map(|(w, _)| w).collect();
        assert!(!kept.iter().any(|w| w.len() == 1), "{kept:?}");
        assert!(kept.contains(&"folder".to_owned()), "{kept:?}");
    }
}
