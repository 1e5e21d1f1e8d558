//! Decoding what the facade sends. Tool views cross as one string rather than
//! JSON: parsing JSON in freshly loaded (baseline-compiled) wasm cost about
//! three times the rest of the first call's interning.

use crate::session::tooldef::ToolDef;
use crate::session::SessionTool;

/// Ends each row.
const ROW: char = '\u{0}';
/// Separates the fields of a row.
const FIELD: char = '\u{1}';
/// Separates the items of a list field.
const ITEM: char = '\u{2}';
/// A field that is absent (`null`), as opposed to empty.
const ABSENT: &str = "\u{3}";
/// Inside strings, each framing character `c` (including this one) is sent as
/// `ESCAPE` followed by `c + 0x40`.
const ESCAPE: char = '\u{4}';

/// Reads rows `name FIELD description FIELD keys FIELD required FIELD toolset
/// FIELD owner FIELD param_text ROW`, where lists join their items with
/// `ITEM` and `ABSENT` stands for a missing description, toolset or owner.
/// The facade escapes these characters inside strings (see `ESCAPE`), so they
/// only frame. A row without seven fields reads as a nameless tool, keeping
/// one tool per row.
pub fn tool_rows(text: &str) -> impl Iterator<Item = SessionTool> + '_ {
    // Escapes are rare: one scan of the whole text spares one per field.
    let escaped = text.contains(ESCAPE);
    let text = text.strip_suffix(ROW).unwrap_or(text);
    let rows = (!text.is_empty()).then(|| text.split(ROW));
    rows.into_iter()
        .flatten()
        .map(move |row| tool_row(row, escaped))
}

/// One row; `escaped` tells whether any field may hold an `ESCAPE`.
fn tool_row(row: &str, escaped: bool) -> SessionTool {
    let unescape = |field: &str| {
        if escaped {
            unescape(field)
        } else {
            field.to_owned()
        }
    };
    let fields: Vec<&str> = row.split(FIELD).collect();
    let &[name, description, keys, required, toolset, owner, param_text] = fields.as_slice() else {
        return SessionTool {
            def: ToolDef::default(),
            toolset: None,
            owner: None,
        };
    };
    let optional = |field: &str| (field != ABSENT).then(|| unescape(field));
    let list = |field: &str| {
        if field.is_empty() {
            Vec::new()
        } else {
            field.split(ITEM).map(&unescape).collect()
        }
    };
    SessionTool {
        def: ToolDef {
            name: unescape(name),
            description: optional(description),
            param_keys: list(keys),
            required: list(required),
            param_text: unescape(param_text),
        },
        toolset: optional(toolset),
        owner: optional(owner).filter(|o| !o.is_empty()),
    }
}

/// A string field with its escaped framing characters restored.
fn unescape(field: &str) -> String {
    if !field.contains(ESCAPE) {
        return field.to_owned();
    }
    let mut text = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c == ESCAPE {
            let escaped = chars
                .next()
                .and_then(|e| char::from_u32(u32::from(e).wrapping_sub(0x40)));
            text.extend(escaped);
        } else {
            text.push(c);
        }
    }
    text
}
