//! Reading JSON text from a model or host as JavaScript would: escaped
//! lone surrogates and numbers beyond a double's range, which `JSON.parse`
//! accepts and serde_json refuses, are read rather than failing the call.

use std::borrow::Cow;

use serde_json::Value;

use super::error::JsonError;

/// Parses JSON text from a model or host. An escaped lone surrogate
/// (`"\ud800"`, which JavaScript writes for a broken string) reads as
/// U+FFFD, as the facade reads such strings elsewhere; a number beyond a
/// double's range reads as `null`; too deep a nesting says so.
pub(crate) fn parse_json(text: &str) -> Result<Value, JsonError> {
    let text = repair_lone_surrogates(text);
    match serde_json::from_str(&text) {
        Err(e) if e.to_string().starts_with("number out of range") => {
            serde_json::from_str(&nulls_for_overflowing_numbers(&text)).map_err(json_error)
        }
        read => read.map_err(json_error),
    }
}

/// A serde_json error as the bridge reports it.
fn json_error(error: serde_json::Error) -> JsonError {
    let detail = error.to_string();
    if detail.starts_with("recursion limit exceeded") {
        JsonError::TooDeep
    } else {
        JsonError::Syntax(detail)
    }
}

/// `text` with every number beyond the range of a double (`1e400`) written
/// as `null`: what `JSON.parse` then `JSON.stringify` make of it, so text
/// and object arguments read alike. Strings are copied untouched.
fn nulls_for_overflowing_numbers(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
                {
                    i += 1;
                }
                if text[start..i].parse::<f64>().is_ok_and(f64::is_infinite) {
                    out.push_str(&text[copied..start]);
                    out.push_str("null");
                    copied = i;
                }
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[copied.min(text.len())..]);
    out
}

/// `text` with every `\uXXXX` escape of a lone surrogate replaced by
/// `\ufffd`; borrowed when there is none.
fn repair_lone_surrogates(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let surrogate_at = |i: usize| -> Option<u16> {
        let hex = bytes.get(i + 2..i + 6)?;
        if bytes.get(i) != Some(&b'\\') || bytes.get(i + 1) != Some(&b'u') {
            return None;
        }
        let unit = u16::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
        (0xD800..0xE000).contains(&unit).then_some(unit)
    };
    let mut repaired: Option<String> = None;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(unit) = surrogate_at(i) else {
            // Any other escape: skip the backslash and the escaped byte.
            i += 2;
            continue;
        };
        let paired = unit < 0xDC00 && surrogate_at(i + 6).is_some_and(|low| low >= 0xDC00);
        if paired {
            i += 12;
            continue;
        }
        let out = repaired.get_or_insert_with(|| String::with_capacity(text.len()));
        out.push_str(&text[copied..i]);
        out.push_str("\\ufffd");
        i += 6;
        copied = i;
    }
    match repaired {
        Some(mut out) => {
            out.push_str(&text[copied..]);
            Cow::Owned(out)
        }
        None => Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lone_surrogates_read_as_replacement_characters() {
        let args = parse_json(
            r#"{"q": "a\ud800b", "p": "\ud83d\ude00", "r": "\\ud800", "s": "\udc00\ud800"}"#,
        )
        .unwrap();
        assert_eq!(args["q"], "a\u{fffd}b");
        assert_eq!(args["p"], "\u{1f600}");
        assert_eq!(args["r"], "\\ud800");
        assert_eq!(args["s"], "\u{fffd}\u{fffd}");
        // A low surrogate's digits without their backslash pair with nothing.
        let args = parse_json(r#"{"t": "\ud800xudc00", "u": "\ud800\n"}"#).unwrap();
        assert_eq!(args["t"], "\u{fffd}xudc00");
        assert_eq!(args["u"], "\u{fffd}\n");
        assert_eq!(repair_lone_surrogates("plain"), Cow::Borrowed("plain"));
    }

    #[test]
    fn numbers_beyond_a_double_read_as_null() {
        let read =
            parse_json(r#"{"limit": 1e400, "n": [-1E+999, 2.5e3], "s": "1e400", "t": "\"9e999"}"#)
                .unwrap();
        assert_eq!(
            read,
            json!({"limit": null, "n": [null, 2500.0], "s": "1e400", "t": "\"9e999"})
        );
        // Other errors keep their own message.
        let err = parse_json(r#"{"a": 1e400,"#).unwrap_err().to_string();
        assert!(err.contains("EOF"), "{err}");
    }
}
