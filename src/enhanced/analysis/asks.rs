//! The part of a long request that the enhanced ranking reads: a request
//! longer than the bridges read is not refused but cut down to the
//! sentences that ask, so that its cost stays bounded.

use std::borrow::Cow;

use super::query::sentences;

/// `text` when it holds at most `max_chars` characters; else its questions
/// and its last sentences, latest first, as many as fit in `max_chars`
/// with a space between them, in the order written. A sentence longer than
/// `max_chars` on its own gives its last `max_chars` characters.
pub(crate) fn asks(text: &str, max_chars: usize) -> Cow<'_, str> {
    if text.chars().count() <= max_chars {
        return Cow::Borrowed(text);
    }
    let parts = sentences(text);
    let asks_question = |s: &&str| s.ends_with(['?', '？']);
    // Questions first, then the others, each group latest first.
    let mut order: Vec<usize> = (0..parts.len())
        .rev()
        .filter(|&i| asks_question(&parts[i]))
        .collect();
    order.extend(
        (0..parts.len())
            .rev()
            .filter(|&i| !asks_question(&parts[i])),
    );
    let mut chosen: Vec<usize> = Vec::new();
    let mut used = 0;
    for i in order {
        let chars = parts[i].chars().count();
        let cost = chars + usize::from(!chosen.is_empty());
        if used + cost > max_chars {
            continue;
        }
        used += cost;
        chosen.push(i);
    }
    if chosen.is_empty() {
        let last = parts.last().copied().unwrap_or(text);
        return Cow::Owned(last_chars(last, max_chars).to_owned());
    }
    chosen.sort_unstable();
    let mut read = String::with_capacity(used);
    for i in chosen {
        if !read.is_empty() {
            read.push(' ');
        }
        read.push_str(parts[i]);
    }
    Cow::Owned(read)
}

/// The last `n` characters of `text`, from a word's start when one begins
/// within them.
fn last_chars(text: &str, n: usize) -> &str {
    let start = text
        .char_indices()
        .rev()
        .nth(n.saturating_sub(1))
        .map_or(0, |(at, _)| at);
    let tail = &text[start..];
    match tail.find(char::is_whitespace) {
        Some(space) if start > 0 && space + 1 < tail.len() => tail[space..].trim_start(),
        _ => tail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_requests_are_read_whole() {
        assert_eq!(asks("list the issues", 100), "list the issues");
    }

    #[test]
    fn a_long_request_keeps_its_questions_and_last_sentences() {
        let scene = "We moved offices last week and everything is in boxes. ".repeat(40);
        let text = format!("Can you list my open issues? {scene}Then post them in the channel.");
        let read = asks(&text, 200);
        assert!(read.chars().count() <= 200, "{read}");
        assert!(read.starts_with("Can you list my open issues?"), "{read}");
        assert!(read.ends_with("Then post them in the channel."), "{read}");
    }

    #[test]
    fn one_long_sentence_keeps_its_end_whole_words() {
        let text = format!("{} please list the issues", "blah ".repeat(100));
        let read = asks(&text, 30);
        assert!(read.chars().count() <= 30, "{read}");
        assert!(read.ends_with("please list the issues"), "{read}");
        assert!(!read.starts_with(' '));
        let wide = "é".repeat(50);
        assert_eq!(asks(&wide, 10).chars().count(), 10);
    }
}
