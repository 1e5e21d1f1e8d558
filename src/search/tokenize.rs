//! The tokenizer shared by documents and queries (spec §5.4): maximal runs of
//! ASCII letters and digits, lowercased, stemmed with Snowball English.

use std::cell::RefCell;

use crate::hash::FastMap;

/// Stems kept in the memo before it is cleared. Catalogs have a few thousand
/// distinct words, so a full catalog plus its queries stays memoised.
const MEMO_CAPACITY: usize = 1 << 16;

thread_local! {
    static MEMO: RefCell<FastMap<String, String>> = RefCell::new(FastMap::default());
}

/// ASCII letters and digits, as a byte table (the tokenizer's hot loop).
const WORD_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    table
};

/// Calls `f` with each lowercased run of ASCII letters and digits of `text`;
/// every other character (including any non-ASCII letter) separates words.
pub(crate) fn for_each_word(text: &str, mut f: impl FnMut(&str)) {
    let bytes = text.as_bytes();
    let mut lower = String::new();
    let mut i = 0;
    while i < bytes.len() {
        if !WORD_BYTE[bytes[i] as usize] {
            i += 1;
            continue;
        }
        let start = i;
        let mut has_upper = false;
        while i < bytes.len() && WORD_BYTE[bytes[i] as usize] {
            has_upper |= bytes[i].is_ascii_uppercase();
            i += 1;
        }
        // ASCII bytes never split a UTF-8 sequence, so this slice always exists.
        let Some(run) = text.get(start..i) else {
            continue;
        };
        if has_upper {
            lower.clear();
            lower.push_str(run);
            lower.make_ascii_lowercase();
            f(&lower);
        } else {
            f(run);
        }
    }
}

/// Calls `f` with the Snowball English stem of a lowercased ASCII word,
/// without copying it out of the memo.
pub(crate) fn with_stem<R>(word: &str, f: impl FnOnce(&str) -> R) -> R {
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if let Some(stem) = memo.get(word) {
            return f(stem);
        }
        let stem = super::english::stem(word);
        let found = f(&stem);
        if memo.len() >= MEMO_CAPACITY {
            memo.clear();
        }
        memo.insert(word.to_owned(), stem);
        found
    })
}

/// Returns the Snowball English stem of a lowercased ASCII word.
pub(crate) fn stem(word: &str) -> String {
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if let Some(stem) = memo.get(word) {
            return stem.clone();
        }
        let stem = super::english::stem(word);
        if memo.len() >= MEMO_CAPACITY {
            memo.clear();
        }
        memo.insert(word.to_owned(), stem.clone());
        stem
    })
}

/// Tokenizes `text` into stemmed tokens, in order, duplicates kept (§5.4).
pub fn tokenize(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    for_each_word(text, |word| tokens.push(stem(word)));
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_everything_but_ascii_alphanumerics() {
        assert_eq!(
            tokenize("snake_case dotted.names dash-names createIssue v2Api café"),
            [
                "snake",
                "case",
                "dot",
                "name",
                "dash",
                "name",
                "createissu",
                "v2api",
                "caf"
            ]
        );
        assert!(tokenize("").is_empty());
        assert!(tokenize(" _-.:").is_empty());
    }

    #[test]
    fn reference_stems_of_spec_5_4() {
        let pairs = [
            ("issues", "issu"),
            ("issue", "issu"),
            ("create", "creat"),
            ("creating", "creat"),
            ("sending", "send"),
            ("emails", "email"),
            ("messages", "messag"),
            ("repository", "repositori"),
            ("repositories", "repositori"),
            ("recovery", "recoveri"),
            ("execute", "execut"),
            ("running", "run"),
            ("dying", "die"),
            ("skies", "sky"),
            ("generously", "generous"),
            ("news", "news"),
            ("github", "github"),
            ("gmail", "gmail"),
            ("v2api", "v2api"),
            ("123", "123"),
        ];
        for (word, expected) in pairs {
            assert_eq!(stem(word), expected, "stem of {word}");
        }
    }
}
