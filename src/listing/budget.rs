//! The listing budget (spec §4.3): a share of the context window, capped.

/// The percentage leg when the context length is unknown ("5 % of a typical
/// 200K window").
pub(crate) const UNKNOWN_CONTEXT_TOKENS: usize = 10_000;

/// `min(listing_max_tokens, ⌊context × pct / 100⌋)`, with 10,000 tokens for
/// the percentage leg when the context length is unknown or not positive.
pub(crate) fn listing_budget(
    context_length: Option<f64>,
    threshold_pct: f64,
    listing_max_tokens: usize,
) -> usize {
    let pct_leg = match context_length {
        Some(ctx) if ctx > 0.0 => (ctx * (threshold_pct / 100.0)).trunc(),
        _ => UNKNOWN_CONTEXT_TOKENS as f64,
    };
    pct_leg.max(0.0).min(listing_max_tokens as f64) as usize
}

/// `⌊context × pct / 100⌋` (0 when unknown): the threshold reported when the
/// bridge is not assembled.
pub(crate) fn context_share(context_length: Option<f64>, threshold_pct: f64) -> usize {
    match context_length {
        Some(ctx) if ctx > 0.0 => (ctx * (threshold_pct / 100.0)).trunc().max(0.0) as usize,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        assert_eq!(listing_budget(Some(200_000.0), 5.0, 4000), 4000);
        assert_eq!(listing_budget(Some(40_000.0), 5.0, 4000), 2000);
        assert_eq!(listing_budget(None, 5.0, 4000), 4000);
        assert_eq!(listing_budget(Some(0.0), 5.0, 8000), 8000);
        assert_eq!(listing_budget(None, 5.0, 8000), 8000);
        assert_eq!(listing_budget(Some(40_000.0), 0.0, 4000), 0);
        assert_eq!(listing_budget(Some(12_345.0), 7.5, 60_000), 925);
        assert_eq!(context_share(Some(40_000.0), 5.0), 2000);
        assert_eq!(context_share(None, 5.0), 0);
    }
}
