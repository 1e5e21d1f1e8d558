//! The short description of a listing line (spec §7.1): the first sentence,
//! at most 60 characters, cut at a word boundary with an ellipsis.

/// Characters kept before the ellipsis.
pub(crate) const SHORT_DESCRIPTION_CHARS: usize = 60;

/// Abbreviations whose final period does not end a sentence.
const ABBREVIATIONS: [&str; 3] = ["e.g", "i.e", "etc"];

/// The short form of a tool description.
pub(crate) fn short_description(text: &str) -> String {
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let sentence = first_sentence(&collapsed);
    if sentence.chars().count() <= SHORT_DESCRIPTION_CHARS {
        return sentence.to_owned();
    }
    let head: &str = match sentence.char_indices().nth(SHORT_DESCRIPTION_CHARS) {
        Some((cut, _)) => &sentence[..cut],
        None => sentence,
    };
    let head = head.rfind(' ').map_or(head, |space| &head[..space]);
    let head = head.trim_end_matches([',', ';', ':', ' ']);
    format!("{head}…")
}

/// Text up to and including the first `.`, `!` or `?` that is followed by
/// whitespace or the end and does not close `e.g`, `i.e` or `etc`.
fn first_sentence(text: &str) -> &str {
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let ends = chars.peek().is_none_or(|&(_, next)| next.is_whitespace());
        if ends && !closes_abbreviation(&text[..at]) {
            return &text[..at + c.len_utf8()];
        }
    }
    text
}

/// True when `before` ends with an abbreviation that starts at a word boundary.
fn closes_abbreviation(before: &str) -> bool {
    ABBREVIATIONS.iter().any(|abbreviation| {
        before.strip_suffix(abbreviation).is_some_and(|rest| {
            rest.chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        assert_eq!(
            short_description("Open an issue. Second sentence dropped."),
            "Open an issue."
        );
        assert_eq!(
            short_description("Use e.g. this value. Next one."),
            "Use e.g. this value."
        );
        assert_eq!(
            short_description("Ends with etc. and more. Final."),
            "Ends with etc. and more."
        );
        assert_eq!(
            short_description("Deletes the file!Really"),
            "Deletes the file!Really"
        );
        let words = "word ".repeat(20);
        let short = short_description(&words);
        assert_eq!(short, format!("{}…", ["word"; 12].join(" ")));
    }

    #[test]
    fn abbreviations_need_a_word_boundary_and_case() {
        assert_eq!(
            short_description("See i.e. below. Then."),
            "See i.e. below."
        );
        assert_eq!(short_description("Fetc. ends here. No."), "Fetc.");
        assert_eq!(short_description("Like E.g. this. No."), "Like E.g.");
        assert_eq!(short_description("e.g. first. Then."), "e.g. first.");
    }

    #[test]
    fn whitespace_and_trailing_punctuation() {
        assert_eq!(
            short_description("  Multi\n\tline   text  "),
            "Multi line text"
        );
        assert_eq!(short_description(""), "");
        let text = format!("{}, tail words here", "a".repeat(55));
        assert_eq!(short_description(&text), format!("{}…", "a".repeat(55)));
        let unbroken = "x".repeat(70);
        assert_eq!(short_description(&unbroken), format!("{}…", "x".repeat(60)));
        assert_eq!(short_description("Question? Yes."), "Question?");
        assert_eq!(short_description("Ends at end."), "Ends at end.");
    }
}
