//! BM25 scoring with the spec's always-positive IDF (§6.1, §6.2).

/// Term-frequency saturation.
pub(crate) const K1: f64 = 1.5;
/// Length normalisation.
pub(crate) const B: f64 = 0.75;

/// `ln(1 + (N - df + 0.5) / (df + 0.5))`: positive for every df, largest for
/// a term no document contains.
pub(crate) fn idf(n: usize, df: u32) -> f64 {
    let df = f64::from(df);
    (1.0 + (n as f64 - df + 0.5) / (df + 0.5)).ln()
}

/// The contribution of one query-token occurrence to a document's score.
pub(crate) fn term_score(idf: f64, tf: u32, doc_len: u32, average_len: f64) -> f64 {
    let tf = f64::from(tf);
    let norm = 1.0 - B + B * f64::from(doc_len) / average_len.max(1.0);
    idf * tf * (K1 + 1.0) / (tf + K1 * norm)
}
