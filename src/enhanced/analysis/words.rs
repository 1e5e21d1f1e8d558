//! Word splitting of the enhanced ranking: ASCII letter and digit runs,
//! further split at camelCase and PascalCase boundaries (`createIssue`,
//! `HTMLParser`, `v2Api`; but `PRs` and `APIs` stay whole). Letters and
//! digits stay together otherwise: product names such as `s3`, `ec2`, `k8s`
//! and `neo4j` are words.
//!
//! Han, kana and Hangul are written without spaces between words (Chinese,
//! Japanese) or with particles joined to them (Korean, 깃허브에): a run of
//! them is cut into overlapping character bigrams, a lone character kept as
//! itself. Both sides of a search cut alike, so that a request's bigrams
//! meet a description's without a dictionary.

/// Calls `f` with each lowercased word of an identifier (a tool or
/// parameter name), split at case boundaries.
pub(crate) fn for_each_identifier_word(text: &str, mut f: impl FnMut(&str)) {
    identifier_words(text, &mut f);
}

/// [`for_each_identifier_word`] through one callback type, so that the wasm holds
/// one copy of it, not one per caller.
fn identifier_words(text: &str, f: &mut dyn FnMut(&str)) {
    let mut lower = String::new();
    for_each_run(
        text,
        |b| b.is_ascii_alphanumeric(),
        |run| {
            split_run(run, &mut |part| emit_lowercase(part, f, &mut lower));
        },
    );
}

/// Calls `f` with each lowercased word of prose (a description or a query).
/// Only what is written as an identifier (`createIssue` with an underscore
/// nearby, or starting in lowercase) is split; capitalised names such as
/// GitHub, HubSpot or JavaScript stay whole. Text split at whitespace, then
/// each chunk at what is no letter or digit; ASCII text byte by byte.
pub(crate) fn for_each_prose_word(text: &str, mut f: impl FnMut(&str)) {
    prose_words(text, &mut f);
}

/// [`for_each_prose_word`] through one callback type (see
/// [`identifier_words`]).
fn prose_words(text: &str, f: &mut dyn FnMut(&str)) {
    let mut lower = String::new();
    if text.is_ascii() {
        ascii_prose_words(text, f, &mut lower);
    } else {
        text.split_whitespace()
            .for_each(|chunk| prose_chunk(chunk, f, &mut lower));
    }
}

/// [`prose_words`] of ASCII text, where indexing spends most of its time:
/// each chunk is found with whether it holds an underscore, and each word
/// with whether it holds a capital, in one pass over their bytes.
fn ascii_prose_words(text: &str, f: &mut dyn FnMut(&str), lower: &mut String) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if is_ascii_space(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        let mut underscore = false;
        while let Some(&b) = bytes.get(i).filter(|&&b| !is_ascii_space(b)) {
            underscore |= b == b'_';
            i += 1;
        }
        let Some(chunk) = text.get(start..i) else {
            continue;
        };
        if underscore || is_camel(chunk) {
            identifier_words(chunk, f);
        } else {
            ascii_words(chunk, f, lower);
        }
    }
}

/// Calls `f` with each run of ASCII letters and digits of `chunk` (ASCII),
/// lowercased.
fn ascii_words(chunk: &str, f: &mut dyn FnMut(&str), lower: &mut String) {
    let bytes = chunk.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        let mut capital = false;
        while let Some(&b) = bytes.get(i).filter(|b| b.is_ascii_alphanumeric()) {
            capital |= b.is_ascii_uppercase();
            i += 1;
        }
        if let Some(word) = chunk.get(start..i) {
            emit(word, capital, f, lower);
        }
    }
}

/// The words of one chunk of prose (no whitespace in it).
fn prose_chunk(chunk: &str, f: &mut dyn FnMut(&str), lower: &mut String) {
    if chunk.contains('_') || is_camel(chunk) {
        identifier_words(chunk, f);
    } else if chunk.is_ascii() {
        ascii_words(chunk, f, lower);
    } else {
        for run in chunk
            .split(|c: char| !c.is_alphanumeric())
            .filter(|r| !r.is_empty())
        {
            if run.is_ascii() {
                emit_lowercase(run, f, lower);
            } else {
                mixed_run(run, f, lower);
            }
        }
    }
}

/// The words of a run of letters and digits that holds some non-ASCII
/// character: its Han, kana and Hangul parts as bigrams, each other part
/// as one word (`GitHub` of `在GitHub上`, `café`).
fn mixed_run(run: &str, f: &mut dyn FnMut(&str), lower: &mut String) {
    let mut rest = run;
    while let Some(first) = rest.chars().next() {
        let cjk = is_cjk(first);
        let end = rest
            .char_indices()
            .find(|&(_, c)| is_cjk(c) != cjk)
            .map_or(rest.len(), |(at, _)| at);
        let (part, tail) = rest.split_at(end);
        if cjk {
            bigrams(part, f);
        } else if part.is_ascii() {
            emit_lowercase(part, f, lower);
        } else {
            f(&part.to_lowercase());
        }
        rest = tail;
    }
}

/// Calls `f` with each pair of adjacent characters of `part` (Han, kana or
/// Hangul), or with `part` itself when it is one character.
fn bigrams(part: &str, f: &mut dyn FnMut(&str)) {
    let mut starts = part.char_indices().map(|(at, _)| at).skip(1);
    let Some(mut second) = starts.next() else {
        f(part);
        return;
    };
    let mut first = 0;
    loop {
        let end = starts.next();
        if let Some(pair) = part.get(first..end.unwrap_or(part.len())) {
            f(pair);
        }
        match end {
            Some(end) => (first, second) = (second, end),
            None => break,
        }
    }
}

/// True for a character of Han (Chinese characters, kanji), kana or Hangul:
/// the scripts cut into bigrams.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{11FF}'   // Hangul Jamo
        | '\u{3005}'             // 々, the kanji repeat mark
        | '\u{3040}'..='\u{30FA}' // hiragana and katakana, but the middle dot
        | '\u{30FC}'..='\u{30FF}' // the long vowel mark, iteration marks
        | '\u{3130}'..='\u{318F}' // Hangul compatibility Jamo
        | '\u{31F0}'..='\u{31FF}' // katakana phonetic extensions
        | '\u{3400}'..='\u{4DBF}' // Han extension A
        | '\u{4E00}'..='\u{9FFF}' // Han
        | '\u{AC00}'..='\u{D7AF}' // Hangul syllables
        | '\u{F900}'..='\u{FAFF}' // Han compatibility
        | '\u{FF66}'..='\u{FF9F}' // halfwidth katakana
    )
}

/// Calls `f` with `word` (ASCII) lowercased, copying it only when it has a
/// capital.
fn emit_lowercase(word: &str, f: &mut dyn FnMut(&str), lower: &mut String) {
    emit(word, word.bytes().any(|b| b.is_ascii_uppercase()), f, lower);
}

/// Calls `f` with `word` (ASCII) lowercased: copied into `lower` when it has
/// a `capital`, else as it is.
fn emit(word: &str, capital: bool, f: &mut dyn FnMut(&str), lower: &mut String) {
    if capital {
        lower.clear();
        lower.push_str(word);
        lower.make_ascii_lowercase();
        f(lower);
    } else {
        f(word);
    }
}

/// The ASCII bytes that [`char::is_whitespace`] accepts (vertical tab
/// included, unlike [`u8::is_ascii_whitespace`]).
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
}

/// Calls `f` with each maximal non-empty run of `text` whose bytes `inside`
/// accepts. `inside` must reject every byte of 0x80 or more, so that a run
/// always holds whole characters.
fn for_each_run<'t>(text: &'t str, inside: impl Fn(u8) -> bool, mut f: impl FnMut(&'t str)) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !inside(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && inside(bytes[i]) {
            i += 1;
        }
        if let Some(run) = text.get(start..i) {
            f(run);
        }
    }
}

/// Splits one alphanumeric run at case and letter/number boundaries.
fn split_run(run: &str, f: &mut impl FnMut(&str)) {
    let bytes = run.as_bytes();
    let mut start = 0;
    for i in 1..bytes.len() {
        let (a, b) = (bytes[i - 1], bytes[i]);
        let next = bytes.get(i + 1).copied();
        let camel = (a.is_ascii_lowercase() || a.is_ascii_digit()) && b.is_ascii_uppercase();
        // An uppercase run followed by a capitalised word: HTML|Parser. A
        // trailing plural `s` does not count (PRs).
        let acronym = a.is_ascii_uppercase()
            && b.is_ascii_uppercase()
            && next.is_some_and(|n| n.is_ascii_lowercase())
            && bytes.get(i + 2).is_some_and(u8::is_ascii_lowercase);
        if camel || acronym {
            if let Some(part) = run.get(start..i) {
                f(part);
            }
            start = i;
        }
    }
    if let Some(part) = run.get(start..) {
        f(part);
    }
}

/// `useEffect` (three or more lowercase letters, then a capital); not
/// `arXiv` or `iPhone`.
fn is_camel(chunk: &str) -> bool {
    let lower = chunk.bytes().take_while(u8::is_ascii_lowercase).count();
    lower >= 3
        && chunk
            .as_bytes()
            .get(lower)
            .is_some_and(u8::is_ascii_uppercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for_each_identifier_word(text, |w| out.push(w.to_owned()));
        out
    }

    #[test]
    fn prose_keeps_names_whole() {
        let mut out = Vec::new();
        for_each_prose_word(
            "Open GitHub, arXiv and HubSpot via useEffect or linear_createIssue",
            |w| out.push(w.to_owned()),
        );
        assert_eq!(
            out,
            [
                "open", "github", "arxiv", "and", "hubspot", "via", "use", "effect", "or",
                "linear", "create", "issue"
            ]
        );
    }

    /// The splitting as it was written before its byte-level fast paths:
    /// char by char throughout.
    fn prose_char_by_char(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for chunk in text.split_whitespace() {
            if chunk.contains('_') || is_camel(chunk) {
                for run in chunk
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|r| !r.is_empty())
                {
                    split_run(run, &mut |part| out.push(part.to_ascii_lowercase()));
                }
            } else {
                for run in chunk
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|r| !r.is_empty())
                {
                    if run.is_ascii() {
                        out.push(run.to_ascii_lowercase());
                        continue;
                    }
                    // Script by script: Han, kana and Hangul as bigrams.
                    let chars: Vec<char> = run.chars().collect();
                    let mut i = 0;
                    while i < chars.len() {
                        let cjk = is_cjk(chars[i]);
                        let start = i;
                        while i < chars.len() && is_cjk(chars[i]) == cjk {
                            i += 1;
                        }
                        let part = &chars[start..i];
                        if !cjk {
                            out.push(part.iter().collect::<String>().to_lowercase());
                        } else if part.len() == 1 {
                            out.push(part[0].to_string());
                        } else {
                            out.extend(part.windows(2).map(|w| w.iter().collect::<String>()));
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn byte_level_splitting_matches_char_by_char() {
        const ALPHABET: [char; 29] = [
            'a', 'b', 'z', 'B', 'Q', 'E', '0', '9', '_', '-', '.', ' ', '\t', '\u{b}', '\n', 'é',
            'É', 'İ', '\u{a0}', '\u{3000}', '\u{85}', '\u{2028}', '日', 'К', '🙂', '\u{1c}', '본',
            'ー', '・',
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let length = (next() % 24) as usize;
            // Half the texts ASCII only, to take the fast path.
            let ascii = next() % 2 == 0;
            let text: String = (0..length)
                .map(|_| {
                    let pick = (next() % ALPHABET.len() as u64) as usize;
                    let c = ALPHABET[pick];
                    if ascii && !c.is_ascii() {
                        'x'
                    } else {
                        c
                    }
                })
                .collect();
            let mut out = Vec::new();
            for_each_prose_word(&text, |w| out.push(w.to_owned()));
            assert_eq!(out, prose_char_by_char(&text), "{text:?}");
        }
    }

    #[test]
    fn han_kana_and_hangul_are_cut_into_bigrams() {
        let prose = |text: &str| {
            let mut out = Vec::new();
            for_each_prose_word(text, |w| out.push(w.to_owned()));
            out
        };
        assert_eq!(prose("查询违章"), ["查询", "询违", "违章"]);
        assert_eq!(prose("깃허브에 이슈"), ["깃허", "허브", "브에", "이슈"]);
        // A lone character is kept; Latin words inside stay whole.
        assert_eq!(
            prose("帮我在GitHub上开 issue"),
            ["帮我", "我在", "github", "上开", "issue"]
        );
        assert_eq!(prose("车"), ["车"]);
        assert_eq!(
            prose("スラック・チャンネル"),
            ["スラ", "ラッ", "ック", "チャ", "ャン", "ンネ", "ネル"]
        );
    }

    #[test]
    fn splits_identifiers() {
        assert_eq!(words("createIssue"), ["create", "issue"]);
        assert_eq!(words("listPRs"), ["list", "prs"]);
        assert_eq!(words("HTMLParser"), ["html", "parser"]);
        assert_eq!(
            words("TwilioApiV2010__CreateMessage"),
            ["twilio", "api", "v2010", "create", "message"]
        );
        assert_eq!(words("v2Api"), ["v2", "api"]);
        assert_eq!(
            words("oauth2 neo4j s3 ec2 k8s t3.large"),
            ["oauth2", "neo4j", "s3", "ec2", "k8s", "t3", "large"]
        );
        assert_eq!(
            words("FaxEnabled linear_createIssue"),
            ["fax", "enabled", "linear", "create", "issue"]
        );
    }
}
