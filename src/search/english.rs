//! Snowball English (Porter2) stemming as of Snowball 3.1.1, the version the
//! reference pins (`snowballstemmer==3.1.1`). Written from the published
//! algorithm; `rust-stemmers` implements the pre-3.0 rules, which differ on
//! words such as "added", "internal", "organize", "paste" and "geologist"
//! (see `tests/node/stem-parity.test.mjs`).
//!
//! Input is one lowercased run of ASCII letters and digits (§5.4); anything
//! else is returned unchanged.

/// Words with a fixed stem, checked before any rule.
const EXCEPTIONS: [(&str, &str); 15] = [
    ("skis", "ski"),
    ("skies", "sky"),
    ("idly", "idl"),
    ("gently", "gentl"),
    ("ugly", "ugli"),
    ("early", "earli"),
    ("only", "onli"),
    ("singly", "singl"),
    ("sky", "sky"),
    ("news", "news"),
    ("howe", "howe"),
    ("atlas", "atlas"),
    ("cosmos", "cosmos"),
    ("bias", "bias"),
    ("andes", "andes"),
];

/// Length of the longest exception word.
const EXCEPTION_MAX_LEN: usize = 6;

/// Prefixes after which R1 starts, whatever their vowels.
const R1_PREFIXES: [&str; 9] = [
    "gener", "commun", "arsen", "past", "univers", "later", "emerg", "organ", "inter",
];

/// Step 2 suffixes, longest first, with their replacement; `None` marks the
/// conditional ones (`ogi`, `li`).
const STEP2: [(&str, Option<&str>); 25] = [
    ("ization", Some("ize")),
    ("ational", Some("ate")),
    ("fulness", Some("ful")),
    ("ousness", Some("ous")),
    ("iveness", Some("ive")),
    ("tional", Some("tion")),
    ("biliti", Some("ble")),
    ("lessli", Some("less")),
    ("entli", Some("ent")),
    ("ation", Some("ate")),
    ("alism", Some("al")),
    ("aliti", Some("al")),
    ("ousli", Some("ous")),
    ("iviti", Some("ive")),
    ("fulli", Some("ful")),
    ("ogist", Some("og")),
    ("enci", Some("ence")),
    ("anci", Some("ance")),
    ("abli", Some("able")),
    ("izer", Some("ize")),
    ("ator", Some("ate")),
    ("alli", Some("al")),
    ("bli", Some("ble")),
    ("ogi", None),
    ("li", None),
];

/// Step 3 suffixes, longest first; `None` marks `ative` (deleted in R2).
const STEP3: [(&str, Option<&str>); 9] = [
    ("ational", Some("ate")),
    ("tional", Some("tion")),
    ("alize", Some("al")),
    ("icate", Some("ic")),
    ("iciti", Some("ic")),
    ("ative", None),
    ("ical", Some("ic")),
    ("ness", Some("")),
    ("ful", Some("")),
];

/// Step 4 suffixes, longest first (deleted in R2; `ion` only after s or t).
const STEP4: [&str; 18] = [
    "ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous",
    "ive", "ize", "ion", "al", "er", "ic",
];

fn is_vowel(c: u8) -> bool {
    matches!(c, b'a' | b'e' | b'i' | b'o' | b'u' | b'y')
}

fn is_double(c: u8) -> bool {
    matches!(
        c,
        b'b' | b'd' | b'f' | b'g' | b'm' | b'n' | b'p' | b'r' | b't'
    )
}

fn is_li_ending(c: u8) -> bool {
    matches!(
        c,
        b'c' | b'd' | b'e' | b'g' | b'h' | b'k' | b'm' | b'n' | b'r' | b't'
    )
}

/// Returns the stem of `word`.
pub(crate) fn stem(word: &str) -> String {
    if word.len() <= EXCEPTION_MAX_LEN {
        if let Some(&(_, fixed)) = EXCEPTIONS.iter().find(|(w, _)| *w == word) {
            return fixed.to_owned();
        }
    }
    if word.len() < 3 || !word.is_ascii() {
        return word.to_owned();
    }
    let mut w = Word::new(word);
    w.step_1a();
    w.step_1b();
    w.step_1c();
    w.step_2();
    w.step_3();
    w.step_4();
    w.step_5();
    w.finish()
}

/// The word being stemmed, with its regions R1 and R2 (as start offsets).
struct Word {
    b: Vec<u8>,
    p1: usize,
    p2: usize,
}

impl Word {
    /// Marks consonant `y` as `Y` and computes R1 and R2.
    fn new(word: &str) -> Word {
        let mut b = word.as_bytes().to_vec();
        if b.first() == Some(&b'y') {
            b[0] = b'Y';
        }
        for i in 1..b.len() {
            if b[i] == b'y' && is_vowel(b[i - 1]) {
                b[i] = b'Y';
            }
        }
        let p1 = R1_PREFIXES
            .iter()
            .find(|p| b.starts_with(p.as_bytes()))
            .map(|p| p.len())
            .unwrap_or_else(|| region_after(&b, 0));
        let p2 = region_after(&b, p1);
        Word { b, p1, p2 }
    }

    /// True when the word ends with `suffix`. Compares from the last byte,
    /// which rejects almost every candidate suffix at once.
    fn ends(&self, suffix: &str) -> bool {
        let (word, suffix) = (self.b.as_slice(), suffix.as_bytes());
        word.len() >= suffix.len()
            && word
                .iter()
                .rev()
                .zip(suffix.iter().rev())
                .all(|(a, b)| a == b)
    }

    /// Start offset of `suffix` (which the word ends with).
    fn start_of(&self, suffix: &str) -> usize {
        self.b.len() - suffix.len()
    }

    fn replace(&mut self, suffix_len: usize, with: &str) {
        let keep = self.b.len() - suffix_len;
        self.b.truncate(keep);
        self.b.extend_from_slice(with.as_bytes());
    }

    fn has_vowel_before(&self, end: usize) -> bool {
        self.b[..end].iter().any(|&c| is_vowel(c))
    }

    /// True when the word up to `end` ends in a short syllable.
    fn short_syllable_at(&self, end: usize) -> bool {
        let b = &self.b;
        if end >= 3 {
            let (a, v, c) = (b[end - 3], b[end - 2], b[end - 1]);
            if !is_vowel(a) && is_vowel(v) && !is_vowel(c) && !matches!(c, b'w' | b'x' | b'Y') {
                return true;
            }
        }
        if end == 2 && is_vowel(b[0]) && !is_vowel(b[1]) {
            return true;
        }
        end >= 4 && &b[end - 4..end] == b"past"
    }

    /// Possessives and plurals.
    fn step_1a(&mut self) {
        if self.ends("sses") {
            self.replace(4, "ss");
        } else if self.ends("ied") || self.ends("ies") {
            let with = if self.b.len() - 3 >= 2 { "i" } else { "ie" };
            self.replace(3, with);
        } else if self.ends("us") || self.ends("ss") {
        } else if self.ends("s") {
            let len = self.b.len();
            if len >= 2 && self.has_vowel_before(len - 2) {
                self.b.truncate(len - 1);
            }
        }
    }

    /// `-eed`, `-ed`, `-ing` and their `-ly` forms.
    fn step_1b(&mut self) {
        let Some(suffix) = ["eedly", "ingly", "edly", "eed", "ing", "ed"]
            .into_iter()
            .find(|s| self.ends(s))
        else {
            return;
        };
        let start = self.start_of(suffix);
        let before = &self.b[..start];
        if suffix.starts_with("eed") {
            if !matches!(before, b"proc" | b"exc" | b"succ") && start >= self.p1 {
                self.replace(suffix.len(), "ee");
            }
            return;
        }
        if suffix == "ing" {
            if before.len() == 2 && before[1] == b'y' && !is_vowel(before[0]) {
                self.replace(4, "ie");
                return;
            }
            if matches!(
                before,
                b"inn" | b"out" | b"cann" | b"herr" | b"earr" | b"even"
            ) {
                return;
            }
        }
        if !self.has_vowel_before(start) {
            return;
        }
        self.b.truncate(start);
        let len = self.b.len();
        if self.ends("at") || self.ends("bl") || self.ends("iz") {
            self.b.push(b'e');
        } else if len >= 2 && self.b[len - 1] == self.b[len - 2] && is_double(self.b[len - 1]) {
            if !(len == 3 && matches!(self.b[0], b'a' | b'e' | b'o')) {
                self.b.truncate(len - 1);
            }
        } else if len == self.p1 && self.short_syllable_at(len) {
            self.b.push(b'e');
        }
    }

    /// Final `y` after a consonant that is not the first letter becomes `i`.
    fn step_1c(&mut self) {
        let len = self.b.len();
        if len >= 3 && matches!(self.b[len - 1], b'y' | b'Y') && !is_vowel(self.b[len - 2]) {
            self.b[len - 1] = b'i';
        }
    }

    /// Derivational suffixes in R1.
    fn step_2(&mut self) {
        let Some(&(suffix, with)) = STEP2.iter().find(|(s, _)| self.ends(s)) else {
            return;
        };
        let start = self.start_of(suffix);
        if start < self.p1 {
            return;
        }
        let previous = start.checked_sub(1).map(|i| self.b[i]);
        match (suffix, with) {
            (_, Some(with)) => self.replace(suffix.len(), with),
            ("ogi", None) if previous == Some(b'l') => self.replace(3, "og"),
            ("li", None) if previous.is_some_and(is_li_ending) => self.replace(2, ""),
            _ => {}
        }
    }

    /// More derivational suffixes in R1 (`ative` in R2).
    fn step_3(&mut self) {
        let Some(&(suffix, with)) = STEP3.iter().find(|(s, _)| self.ends(s)) else {
            return;
        };
        let start = self.start_of(suffix);
        if start < self.p1 {
            return;
        }
        match with {
            Some(with) => self.replace(suffix.len(), with),
            None if start >= self.p2 => self.replace(suffix.len(), ""),
            None => {}
        }
    }

    /// Residual suffixes in R2.
    fn step_4(&mut self) {
        let Some(suffix) = STEP4.into_iter().find(|s| self.ends(s)) else {
            return;
        };
        let start = self.start_of(suffix);
        if start < self.p2 {
            return;
        }
        if suffix == "ion" && !(start >= 1 && matches!(self.b[start - 1], b's' | b't')) {
            return;
        }
        self.b.truncate(start);
    }

    /// A final `e` in R2 (or in R1 after no short syllable); `ll` in R2.
    fn step_5(&mut self) {
        let Some(&last) = self.b.last() else { return };
        let end = self.b.len() - 1;
        let drop = match last {
            b'e' => end >= self.p2 || (end >= self.p1 && !self.short_syllable_at(end)),
            b'l' => end >= self.p2 && end >= 1 && self.b[end - 1] == b'l',
            _ => false,
        };
        if drop {
            self.b.truncate(end);
        }
    }

    fn finish(mut self) -> String {
        for c in &mut self.b {
            if *c == b'Y' {
                *c = b'y';
            }
        }
        String::from_utf8(self.b).unwrap_or_default()
    }
}

/// The offset just after the first non-vowel that follows a vowel, at or
/// after `from`; the word length when there is none.
fn region_after(b: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < b.len() && !is_vowel(b[i]) {
        i += 1;
    }
    while i < b.len() && is_vowel(b[i]) {
        i += 1;
    }
    if i < b.len() {
        i + 1
    } else {
        b.len()
    }
}

#[cfg(test)]
mod tests {
    use super::stem;

    #[test]
    fn snowball_3_rules() {
        let cases = [
            ("added", "add"),
            ("adding", "add"),
            ("emergency", "emergenc"),
            ("internal", "internal"),
            ("international", "internat"),
            ("intervals", "interval"),
            ("organization", "organiz"),
            ("organized", "organiz"),
            ("paste", "paste"),
            ("pasted", "paste"),
            ("past", "past"),
            ("geologist", "geolog"),
            ("vying", "vie"),
            ("dying", "die"),
            ("evening", "evening"),
            ("university", "universiti"),
            ("universe", "univers"),
            ("exceed", "exceed"),
            ("succeeding", "succeed"),
            ("hopping", "hop"),
            ("hoping", "hope"),
            ("generously", "generous"),
            ("feed", "feed"),
            ("agreed", "agre"),
            ("cries", "cri"),
            ("ties", "tie"),
            ("gas", "gas"),
            ("gaps", "gap"),
            ("kiwis", "kiwi"),
            ("sayyid", "sayyid"),
            ("yes", "yes"),
            ("happy", "happi"),
            ("by", "by"),
        ];
        for (word, expected) in cases {
            assert_eq!(stem(word), expected, "stem of {word}");
        }
    }
}
