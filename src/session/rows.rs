//! Tool rows: how the package's facade sends tools (pkg/src/views.js). Tool
//! views cross as one string rather than JSON: parsing JSON in freshly
//! loaded (baseline-compiled) wasm cost about three times the rest of the
//! first call's interning. Pure Rust, so that native tests read rows as the
//! package writes them.

use super::tooldef::{clip_keywords, SessionTool, ToolDef};

/// Ends each row.
const ROW: char = '\u{0}';
/// Separates the fields of a row.
const FIELD: char = '\u{1}';
/// Ends each item of a list field (so that `[""]` is told from `[]`).
const ITEM: char = '\u{2}';
/// A field that is absent (`null`), as opposed to empty.
const ABSENT: &str = "\u{3}";
/// Inside strings, each framing character `c` (including this one) is sent as
/// `ESCAPE` followed by `c + 0x40`.
const ESCAPE: char = '\u{4}';

/// Reads rows `name FIELD description FIELD keys FIELD required FIELD toolset
/// FIELD owner FIELD param_text FIELD keywords ROW`, where each item of a list
/// ends with `ITEM` and `ABSENT` stands for a missing description, toolset or
/// owner, and for the keys of a tool whose schema is missing
/// ([`ToolDef::schema_missing`]); `keywords` are the search-only keywords, one per line, as
/// [`clip_keywords`] made them. The facade escapes these characters inside
/// strings (see `ESCAPE`), so they only frame. A row without eight fields
/// reads as a nameless tool, keeping one tool per row.
pub(crate) fn tool_rows(text: &str) -> impl Iterator<Item = SessionTool> + '_ {
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
    let &[name, description, keys, required, toolset, owner, param_text, keywords] =
        fields.as_slice()
    else {
        return SessionTool {
            def: ToolDef::default(),
            toolset: None,
            owner: None,
        };
    };
    let optional = |field: &str| (field != ABSENT).then(|| unescape(field));
    let list = |field: &str| field.split_terminator(ITEM).map(&unescape).collect();
    SessionTool {
        def: ToolDef {
            name: unescape(name),
            description: optional(description),
            param_keys: if keys == ABSENT {
                Vec::new()
            } else {
                list(keys)
            },
            required: list(required),
            param_text: unescape(param_text),
            keywords: clip_keywords(unescape(keywords).split_terminator('\n')),
            schema_missing: keys == ABSENT,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A row as pkg/src/views.js writes it: strings escaped, list items
    /// ended by `ITEM`, `None` as `ABSENT`.
    fn row(fields: [Option<&str>; 4], lists: [&[&str]; 2], texts: [&str; 2]) -> String {
        let plain = |text: &str| -> String {
            text.chars()
                .flat_map(|c| match c {
                    '\u{0}'..='\u{4}' => vec![ESCAPE, char::from_u32(c as u32 + 0x40).unwrap_or(c)],
                    _ => vec![c],
                })
                .collect()
        };
        let text = |field: Option<&str>| field.map_or(ABSENT.to_owned(), plain);
        let list = |items: &[&str]| {
            items
                .iter()
                .map(|i| plain(i) + &ITEM.to_string())
                .collect::<String>()
        };
        let [name, description, toolset, owner] = fields;
        [
            text(name),
            text(description),
            list(lists[0]),
            list(lists[1]),
            text(toolset),
            text(owner),
            plain(texts[0]),
            plain(texts[1]),
        ]
        .join(&FIELD.to_string())
            + &ROW.to_string()
    }

    fn read(text: &str) -> Vec<SessionTool> {
        tool_rows(text).collect()
    }

    #[test]
    fn reads_each_field() {
        let text = row(
            [
                Some("mcp__git__push"),
                Some("Push a branch"),
                Some("mcp-git"),
                Some("plugin"),
            ],
            [&["branch", "force"], &["branch"]],
            ["Branch name", "git upload\nsync"],
        );
        let [tool] = read(&text).try_into().unwrap();
        assert_eq!(tool.def.name, "mcp__git__push");
        assert_eq!(tool.def.description.as_deref(), Some("Push a branch"));
        assert_eq!(tool.def.param_keys, ["branch", "force"]);
        assert_eq!(tool.def.required, ["branch"]);
        assert_eq!(tool.def.param_text, "Branch name");
        assert_eq!(tool.def.keywords, "git upload\nsync\n");
        assert_eq!(tool.toolset.as_deref(), Some("mcp-git"));
        assert_eq!(tool.owner.as_deref(), Some("plugin"));
    }

    #[test]
    fn absent_is_told_from_empty_and_an_empty_item_from_no_item() {
        let text = row([Some(""), None, None, Some("")], [&[], &[""]], ["", ""]);
        let [tool] = read(&text).try_into().unwrap();
        assert_eq!(tool.def.description, None);
        assert_eq!(tool.toolset, None);
        assert_eq!(tool.owner, None, "an empty owner is none");
        assert!(tool.def.param_keys.is_empty());
        assert_eq!(tool.def.required, [""]);
        let [described] = read(&row(
            [Some("t"), Some(""), Some(""), None],
            [&[], &[]],
            ["", ""],
        ))
        .try_into()
        .unwrap();
        assert_eq!(described.def.description.as_deref(), Some(""));
        assert_eq!(described.toolset.as_deref(), Some(""));
        assert!(!described.def.schema_missing, "no keys is an empty schema");
        let unknown = row([Some("t"), None, None, None], [&[], &[]], ["", ""]).replacen(
            &format!("{FIELD}{FIELD}"),
            &format!("{FIELD}{ABSENT}{FIELD}"),
            1,
        );
        let [unknown] = read(&unknown).try_into().unwrap();
        assert!(unknown.def.schema_missing, "absent keys: no schema");
        assert!(unknown.def.param_keys.is_empty());
    }

    #[test]
    fn framing_characters_inside_strings_come_back() {
        let odd = "a\u{0}b\u{1}c\u{2}d\u{3}e\u{4}f";
        let text = row(
            [Some(odd), Some(odd), Some(odd), Some(odd)],
            [&[odd, odd], &[odd]],
            [odd, odd],
        );
        let [tool] = read(&text).try_into().unwrap();
        assert_eq!(tool.def.name, odd);
        assert_eq!(tool.def.description.as_deref(), Some(odd));
        assert_eq!(tool.def.param_keys, [odd, odd]);
        assert_eq!(tool.def.required, [odd]);
        assert_eq!(tool.def.param_text, odd);
        assert_eq!(tool.def.keywords, format!("{odd}\n"));
        assert_eq!(tool.toolset.as_deref(), Some(odd));
    }

    #[test]
    fn one_tool_per_row_whatever_the_rows_hold() {
        assert!(read("").is_empty());
        let two = row([Some("a"), None, None, None], [&[], &[]], ["", ""])
            + &row([Some("b"), None, None, None], [&[], &[]], ["", ""]);
        let names: Vec<String> = read(&two).into_iter().map(|t| t.def.name).collect();
        assert_eq!(names, ["a", "b"]);
        // A row of too few fields is a nameless tool, and the next row stays.
        let broken =
            format!("x{FIELD}y{ROW}") + &row([Some("c"), None, None, None], [&[], &[]], ["", ""]);
        let names: Vec<String> = read(&broken).into_iter().map(|t| t.def.name).collect();
        assert_eq!(names, ["", "c"]);
        // An escape at the very end of a field drops nothing else.
        let [cut] = read(&format!(
            "n{ESCAPE}{FIELD}{ABSENT}{FIELD}{FIELD}{FIELD}{ABSENT}{FIELD}{ABSENT}{FIELD}{FIELD}{ROW}"
        ))
        .try_into()
        .unwrap();
        assert_eq!(cut.def.name, "n");
    }
}
