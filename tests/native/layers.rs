//! The crate's modules form layers, and every `crate::` path points to a
//! lower layer: the code reads from the boundary (top) down to the text
//! helpers (bottom), never back up. A new module must be placed here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, lowest first; modules of one layer do not use each other.
const LAYERS: &[&[&str]] = &[
    &["text", "reserved", "host", "bytes", "hash"],
    &["search", "session", "schema"],
    &["catalog", "classify"],
    &["enhanced"],
    &["config"],
    &["listing", "ranking", "connectors", "snapshot"],
    &["prepared"],
    &["bridge"],
    &["assemble", "findability"],
    &["engine"],
    &["wasm"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a source file as the check reads it: comments, string and
/// character literals blanked, and the test module (`#[cfg(test)]` followed
/// by `mod`) cut, since tests may use any layer.
fn code_of(source: &str) -> String {
    let source = match source.find("#[cfg(test)]\nmod ") {
        Some(at) => &source[..at],
        None => source,
    };
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let at = |k: usize| chars.get(k).copied().unwrap_or(' ');
        match chars[i] {
            '/' if at(i + 1) == '/' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if at(i + 1) == '*' => {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                    i += 1;
                }
                i += 2;
            }
            'r' if at(i + 1) == '"'
                || (at(i + 1) == '#' && (at(i + 2) == '"' || at(i + 2) == '#')) =>
            {
                let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                i += 2 + hashes;
                let close: String = std::iter::once('"')
                    .chain("#".repeat(hashes).chars())
                    .collect();
                while i < chars.len() && !chars[i..].iter().collect::<String>().starts_with(&close)
                {
                    i += 1;
                }
                i += close.len();
                out.push_str("\"\"");
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            '\'' if at(i + 1) == '\\' || at(i + 2) == '\'' => {
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("' '");
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The top-level modules a file's code names: through `crate::` (plain or
/// in a `use` tree over any number of lines) and through enough `super::`
/// to reach the crate root from a module `depth` levels down (1 for
/// `src/x.rs` and `src/x/mod.rs`). `crate as` aliases read as `"crate as"`.
fn crate_paths(code: &str, depth: usize) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let words: Vec<(usize, &str)> = code
        .match_indices(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .scan(0, |start, (at, _)| {
            let word = (*start, &code[*start..at]);
            *start = at + 1;
            Some(word)
        })
        .filter(|(_, w)| !w.is_empty())
        .collect();
    for (at, word) in words {
        let after = code[at + word.len()..].trim_start();
        if word == "crate" && after.starts_with("as ") {
            found.insert("crate as".to_owned());
        }
        if word != "crate" && word != "super" {
            continue;
        }
        // Climb `super::` links from this word; only the first of a chain counts.
        let before = code[..at].trim_end();
        if before.ends_with("::") {
            continue;
        }
        let mut rest = &code[at..];
        let mut level = depth;
        loop {
            if let Some(tail) = rest.strip_prefix("crate") {
                rest = tail;
                level = 0;
            } else if let Some(tail) = rest.strip_prefix("super") {
                rest = tail;
                level = level.saturating_sub(1);
            } else {
                break;
            }
            match rest.trim_start().strip_prefix("::") {
                Some(tail) => rest = tail.trim_start(),
                None => {
                    rest = "";
                    break;
                }
            }
        }
        if level == 0 {
            found.extend(tree_heads(rest));
        }
    }
    found.retain(|m| !m.is_empty() && m != "self");
    found
}

/// The first segment of each path of a `use` tree (`{a::b, c}` or `a::b`).
fn tree_heads(tree: &str) -> Vec<String> {
    let Some(braced) = tree.strip_prefix('{') else {
        return vec![head(tree)];
    };
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (at, c) in braced.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                heads.push(head(braced[start..at].trim()));
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                heads.push(head(braced[start..at].trim()));
                start = at + 1;
            }
            _ => {}
        }
    }
    heads
}

fn head(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn every_module_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod "))
        .map(|m| m.trim_end_matches(';'))
        .collect();
    assert!(declared.len() > 10, "no modules read from lib.rs");
    for module in declared {
        assert!(
            layer_of(module).is_some(),
            "module {module} has no layer in tests/native/layers.rs"
        );
    }
}

#[test]
fn every_import_points_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    let mut upward = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let module = head(&relative.to_string_lossy());
        if module == "lib" {
            continue;
        }
        let own =
            layer_of(&module).unwrap_or_else(|| panic!("{} has no layer", relative.display()));
        let source = std::fs::read_to_string(file).unwrap();
        let parts = relative.components().count();
        let depth = if relative.ends_with("mod.rs") {
            parts - 1
        } else {
            parts
        };
        for used in crate_paths(&code_of(&source), depth) {
            if used == module || used == "version" {
                continue;
            }
            match layer_of(&used) {
                Some(layer) if layer < own => {}
                _ => upward.push(format!("{} uses crate::{used}", relative.display())),
            }
        }
    }
    assert!(files.len() > 40, "no sources found under {}", src.display());
    assert!(
        upward.is_empty(),
        "imports that do not point down:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_check_sees_every_form_of_path() {
    let paths = |code: &str, depth: usize| {
        crate_paths(&code_of(code), depth)
            .into_iter()
            .collect::<Vec<_>>()
    };
    assert_eq!(
        paths("use crate::{config::Config, host};\nlet x = crate::search::tokenize(q); // crate::wasm\n", 1),
        ["config", "host", "search"]
    );
    // A use tree over several lines, with nested braces.
    assert_eq!(
        paths("use crate::{\n    a::{b, c},\n    engine::X,\n};\n", 2),
        ["a", "engine"]
    );
    // super:: that reaches the crate root, and super:: that does not.
    assert_eq!(paths("use super::super::engine::X;\n", 2), ["engine"]);
    assert_eq!(paths("use super::engine;\n", 1), ["engine"]);
    assert!(paths("use super::messages;\n", 2).is_empty());
    // Strings, comments and tests hide nothing and add nothing.
    assert_eq!(
        paths(
            "let u = \"https://x\"; use crate::wasm;\n/* crate::bridge */\n",
            1
        ),
        ["wasm"]
    );
    assert!(paths("let s = r#\"crate::bridge\"#;\n", 1).is_empty());
    assert!(paths(
        "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::bridge;\n}\n",
        1
    )
    .is_empty());
    assert_eq!(paths("use crate as c;\n", 1), ["crate as"]);
}

#[test]
fn the_crate_doc_shows_these_layers() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let documented: Vec<Vec<String>> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("//! | "))
        .filter_map(|row| {
            let cells: Vec<&str> = row.split(" | ").collect();
            cells.first()?.parse::<usize>().ok()?;
            Some(
                cells[1]
                    .split(", ")
                    .map(|m| m.trim_matches('`').to_owned())
                    .collect(),
            )
        })
        .collect();
    let layers: Vec<Vec<String>> = LAYERS
        .iter()
        .map(|layer| layer.iter().map(|m| (*m).to_owned()).collect())
        .collect();
    assert_eq!(documented, layers, "the table in src/lib.rs");
}
