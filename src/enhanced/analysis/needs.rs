//! Requests that ask for several things ("find the paper, summarise it and
//! mail it to my team"): the clauses of a request, so that each can be
//! ranked on its own and the best tool of every need reaches the top of
//! the group, not five variants of the first need's tool.

use super::language::joining;
use super::query::{closes_quote, opens_quote};

/// The most clauses read on their own, the last ones: a request sets the
/// scene first and asks after it, and the bound keeps a request of many
/// clauses from costing as many searches.
pub(crate) const MAX_CLAUSES: usize = 8;

/// Marks after which a clause ends.
const CLAUSE_ENDS: [char; 12] = [
    ',', ';', ':', '.', '!', '?', '、', '，', '。', '！', '？', '；',
];

/// The clauses of `text`, trimmed, in order: it is cut after a comma, a
/// semicolon, a colon or the end of a sentence, and before a word that
/// joins asks in any language (`@and` of the language files: "and",
/// "then", "und", "puis", そして, ...). Quoted text is never cut. A text of
/// one clause gives none.
pub(crate) fn clauses(text: &str) -> Vec<&str> {
    let joining = joining();
    let mut cuts = vec![0];
    let mut quoted = false;
    let mut words_in_clause = 0;
    for (at, chunk) in chunks(text) {
        let in_quote = quoted || opens_quote(chunk);
        quoted = in_quote && !closes_quote(chunk, quoted);
        let word = chunk.trim_matches(|c: char| !c.is_alphanumeric());
        let joins = !in_quote && joining.holds(word);
        if joins && words_in_clause > 0 {
            cuts.push(at);
            words_in_clause = 0;
        }
        // Scripts written without spaces mark clauses inside a chunk.
        if !in_quote && !chunk.is_ascii() {
            for (i, c) in chunk.char_indices() {
                let next = i + c.len_utf8();
                if CLAUSE_ENDS.contains(&c) && !c.is_ascii() && next < chunk.len() {
                    cuts.push(at + next);
                }
            }
            for inside in &joining.inside {
                cuts.extend(
                    chunk
                        .match_indices(inside)
                        .filter(|&(i, _)| i > 0)
                        .map(|(i, _)| at + i),
                );
            }
        }
        if !joins {
            words_in_clause += 1;
        }
        let ends = chunk
            .chars()
            .next_back()
            .is_some_and(|c| CLAUSE_ENDS.contains(&c));
        if !quoted && ends {
            cuts.push(at + chunk.len());
            words_in_clause = 0;
        }
    }
    cuts.push(text.len());
    cuts.sort_unstable();
    let mut parts = Vec::new();
    let mut start = 0;
    for &end in &cuts[1..] {
        let part = text.get(start..end).unwrap_or("").trim();
        if part.chars().any(char::is_alphanumeric) {
            parts.push(part);
        }
        start = end;
    }
    if parts.len() < 2 {
        parts.clear();
    }
    parts
}

/// The whitespace-separated chunks of `text`, each with its byte offset.
fn chunks(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |chunk| (chunk.as_ptr() as usize - text.as_ptr() as usize, chunk))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_cut_into_its_asks() {
        assert_eq!(
            clauses("Find the paper, summarise it and mail it to my team."),
            ["Find the paper,", "summarise it", "and mail it to my team."]
        );
        assert_eq!(
            clauses("List my open issues. Then post them in #standup"),
            ["List my open issues.", "Then post them in #standup"]
        );
        assert_eq!(
            clauses("Erstelle ein Issue und schick den Link an Anna"),
            ["Erstelle ein Issue", "und schick den Link an Anna"]
        );
        assert_eq!(
            clauses("論文を探して、要約をメールで送って"),
            ["論文を探して、", "要約をメールで送って"]
        );
        assert_eq!(
            clauses("チャンネルを作成そしてメッセージを送信"),
            ["チャンネルを作成", "そしてメッセージを送信"]
        );
    }

    #[test]
    fn one_ask_and_quoted_text_stay_whole() {
        assert!(clauses("github create issue").is_empty());
        assert!(clauses("and").is_empty());
        assert!(clauses("").is_empty());
        assert!(clauses("Post \"build and deploy, done\" to the channel").is_empty());
        // A joining word that opens the request cuts nothing before it.
        assert!(clauses("and then list the issues").is_empty());
    }

    #[test]
    fn cuts_fall_on_character_boundaries() {
        for text in [
            "é,é",
            "、、",
            "a、",
            "「and」 and ü",
            "x,\u{3000}y",
            "そして",
        ] {
            let _ = clauses(text);
        }
        assert_eq!(clauses("a,b c"), Vec::<&str>::new());
        assert_eq!(clauses("a, b"), ["a,", "b"]);
    }
}
