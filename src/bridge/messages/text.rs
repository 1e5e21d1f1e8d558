//! The frame of every error answer: `{"error": text}`, cut at 2,048 characters.

/// Longest `error` text before it is cut (§14 `tool_error`).
pub(super) const ERROR_TEXT_CHARS: usize = 2048;

/// `{"error": text}` with the text cut at 2,048 characters.
pub(crate) fn error_json(text: &str) -> String {
    let mut object = serde_json::Map::new();
    object.insert("error".into(), clip_error(text).into());
    serde_json::Value::Object(object).to_string()
}

/// The error text, cut at 2,048 characters with a truncation marker.
pub(crate) fn clip_error(text: &str) -> String {
    crate::text::clip(text, ERROR_TEXT_CHARS, "… [truncated]")
}
