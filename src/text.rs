//! Text measures shared by the bridges and the listing; "characters" are
//! Unicode code points throughout (spec §2.4).

/// Characters per token of every token estimate.
pub(crate) const CHARS_PER_TOKEN: f64 = 4.0;

/// `text` cut to `max` characters followed by `marker` when longer, else
/// `text` unchanged.
pub(crate) fn clip(text: &str, max: usize, marker: &str) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}{marker}", &text[..cut]),
        None => text.to_owned(),
    }
}

/// `ceil(chars / 4)`.
pub(crate) fn estimate_tokens(chars: usize) -> usize {
    (chars as f64 / CHARS_PER_TOKEN).ceil() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clips_by_code_points() {
        assert_eq!(clip("héllo", 2, "…"), "hé…");
        assert_eq!(clip("héllo", 5, "…"), "héllo");
        assert_eq!(clip("", 0, "…"), "");
    }

    #[test]
    fn token_estimate_rounds_up() {
        assert_eq!(estimate_tokens(0), 0);
        assert_eq!(estimate_tokens(1), 1);
        assert_eq!(estimate_tokens(8), 2);
        assert_eq!(estimate_tokens(9), 3);
    }
}
