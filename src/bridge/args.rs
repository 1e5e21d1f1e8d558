//! Reading the model's arguments (spec §8.1): a JSON object or its text,
//! list-of-strings arguments with caps, and `limit`.

use serde_json::{Map, Value};

use super::error::BridgeError;
use super::json_text::parse_json;
use crate::config::{int_setting, python_str};
use crate::hash::FastSet;

/// Longest item of a list argument, in characters: a query or a tool name
/// longer than this is refused, not searched or echoed.
pub(crate) const MAX_ITEM_CHARS: usize = 4096;

/// Leads the arguments text when the host's arguments object could not be
/// written as JSON; the reason follows (set by the JavaScript facade, never
/// valid JSON).
pub(crate) const UNSERIALISABLE: char = '\0';

/// The model's arguments as an object. Text is parsed as JSON; blank text,
/// `null` and non-object JSON read as an empty object.
pub(crate) fn parse(args: &str) -> Result<Map<String, Value>, BridgeError> {
    if let Some(reason) = args.strip_prefix(UNSERIALISABLE) {
        return Err(BridgeError::Unserialisable(reason.to_owned()));
    }
    if args.trim().is_empty() {
        return Ok(Map::new());
    }
    match parse_json(args) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Ok(Map::new()),
        Err(error) => Err(BridgeError::ArgsNotJson(error)),
    }
}

/// How a list argument treats repeated items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Repeats {
    /// Keep every item (`queries`).
    Keep,
    /// Keep the first of equal items (`names`).
    Drop,
}

/// What a list argument does with an item longer than [`MAX_ITEM_CHARS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LongItems {
    /// Refuses the call.
    Refuse,
    /// Keeps the item, for the caller to read in part.
    Keep,
}

/// Reads `args[key]` as a list of strings: a bare string is one item; items
/// are stringified and trimmed and empty ones dropped; at most `cap` remain.
pub(crate) fn string_list(
    args: &Map<String, Value>,
    key: &'static str,
    repeats: Repeats,
    cap: usize,
    long: LongItems,
) -> Result<Vec<String>, BridgeError> {
    let items: Vec<String> = match args.get(key) {
        Some(Value::String(s)) => vec![s.trim().to_owned()],
        Some(Value::Array(items)) => items.iter().map(item_text).collect(),
        _ => return Err(BridgeError::ListRequired(key)),
    };
    let mut seen = FastSet::default();
    let items: Vec<String> = items
        .into_iter()
        .filter(|item| !item.is_empty())
        .filter(|item| repeats == Repeats::Keep || seen.insert(item.clone()))
        .collect();
    if items.is_empty() {
        return Err(BridgeError::ListEmpty(key));
    }
    if items.len() > cap {
        return Err(BridgeError::ListTooLong {
            key,
            count: items.len(),
            cap,
        });
    }
    if long == LongItems::Keep {
        return Ok(items);
    }
    if let Some((i, chars)) = items
        .iter()
        .map(|item| item.chars().count())
        .enumerate()
        .find(|&(_, chars)| chars > MAX_ITEM_CHARS)
    {
        return Err(BridgeError::ItemTooLong {
            key,
            index: i,
            chars,
            cap: MAX_ITEM_CHARS,
        });
    }
    Ok(items)
}

/// One list item as text; what Python counts false (`null`, `false`, `0`,
/// `""`, `[]`, `{}`) is empty.
fn item_text(item: &Value) -> String {
    let falsy = match item {
        Value::Null | Value::Bool(false) => true,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.is_empty(),
        Value::Bool(true) | Value::String(_) => false,
    };
    if falsy {
        String::new()
    } else {
        python_str(item).trim().to_owned()
    }
}

/// `limit`: absent, `null` or unreadable gives `default`; else clamped to [1, max].
pub(crate) fn limit(args: &Map<String, Value>, default: usize, max: usize) -> usize {
    match args.get("limit") {
        None | Some(Value::Null) => default,
        Some(value) => int_setting(Some(value), default, 1, max),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn parses_text_and_objects() {
        assert_eq!(parse(r#"{"a":1}"#).unwrap()["a"], 1);
        assert!(parse("").unwrap().is_empty());
        assert!(parse("[1]").unwrap().is_empty());
        assert!(parse("{oops")
            .unwrap_err()
            .to_string()
            .contains("not valid JSON"));
    }

    #[test]
    fn unserialisable_arguments_say_why() {
        let err = parse("\0Do not know how to serialize a BigInt")
            .unwrap_err()
            .to_string();
        assert!(err.contains("BigInt"), "{err}");
        assert!(!err.contains("required"), "{err}");
    }

    #[test]
    fn deep_nesting_is_named() {
        let deep = format!("{{\"a\":{}1{}}}", "[".repeat(200), "]".repeat(200));
        let err = parse(&deep).unwrap_err().to_string();
        assert!(err.contains("nested"), "{err}");
    }

    #[test]
    fn items_longer_than_the_cap_are_refused() {
        let long = "x".repeat(MAX_ITEM_CHARS + 1);
        let args = map(json!({ "queries": ["ok", long] }));
        let err = string_list(&args, "queries", Repeats::Keep, 7, LongItems::Refuse)
            .unwrap_err()
            .to_string();
        assert!(err.contains("queries[1]") && err.contains("4097"), "{err}");
        let kept = string_list(&args, "queries", Repeats::Keep, 7, LongItems::Keep).unwrap();
        assert_eq!(kept[1].len(), MAX_ITEM_CHARS + 1);
        let fits = map(json!({ "queries": ["x".repeat(MAX_ITEM_CHARS)] }));
        assert!(string_list(&fits, "queries", Repeats::Keep, 7, LongItems::Refuse).is_ok());
    }

    #[test]
    fn lists() {
        let args =
            map(json!({"q": [" a ", null, "", 0, false, "a", 5, true, [], {}], "s": "x", "n": 3}));
        assert_eq!(
            string_list(&args, "q", Repeats::Keep, 7, LongItems::Refuse).unwrap(),
            ["a", "a", "5", "True"]
        );
        assert_eq!(
            string_list(&args, "q", Repeats::Drop, 7, LongItems::Refuse).unwrap(),
            ["a", "5", "True"]
        );
        assert_eq!(
            string_list(&args, "s", Repeats::Keep, 7, LongItems::Refuse).unwrap(),
            ["x"]
        );
        assert!(string_list(&args, "n", Repeats::Keep, 7, LongItems::Refuse)
            .unwrap_err()
            .to_string()
            .contains("array of strings"));
        assert!(string_list(&args, "missing", Repeats::Keep, 7, LongItems::Refuse).is_err());
        let empty = map(json!({"q": ["", "  "]}));
        assert!(
            string_list(&empty, "q", Repeats::Keep, 7, LongItems::Refuse)
                .unwrap_err()
                .to_string()
                .contains("non-empty")
        );
        let many = map(json!({"queries": ["a", "b", "c", "d", "e", "f", "g", "h"]}));
        let err = string_list(&many, "queries", Repeats::Keep, 7, LongItems::Refuse)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("too many queries: 8 > max 7."), "{err}");
    }

    #[test]
    fn limits() {
        let l = |v: Value| limit(&map(json!({ "limit": v })), 5, 25);
        assert_eq!(limit(&Map::new(), 5, 25), 5);
        assert_eq!(l(json!(null)), 5);
        assert_eq!(l(json!(0)), 1);
        assert_eq!(l(json!(99)), 25);
        assert_eq!(l(json!("7")), 7);
        assert_eq!(l(json!(7.8)), 7);
        assert_eq!(l(json!("x")), 5);
        // A limit too large for a double reads as null, as JSON.parse reads it.
        assert_eq!(limit(&parse(r#"{"limit": 1e400}"#).unwrap(), 5, 25), 5);
    }
}
