//! The crate's modules form layers, and every `crate::` path points to a
//! lower layer: the code reads from the boundary (top) down to the text
//! helpers (bottom), never back up. A new module must be placed here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, lowest first; modules of one layer do not use each other.
const LAYERS: &[&[&str]] = &[
    &["text", "reserved", "host", "bytes", "hash"],
    &["search", "session", "schema"],
    &["catalog", "classify", "config"],
    &["enhanced"],
    &["listing", "ranking", "connectors", "snapshot"],
    &["prepared"],
    &["bridge"],
    &["assemble", "findability"],
    &["engine"],
    &["wasm"],
];

/// Rooms: modules that hold modules, each with its modules' layers,
/// lowest first. Inside a room, a module uses only those of lower layers,
/// and never the room's own items (its `mod.rs` is the door the rest of the
/// crate goes through, not a floor below its modules).
const ROOMS: &[(&str, &[&[&str]])] = &[
    (
        "bridge",
        &[
            &["error", "coerce", "modes"],
            &["json_text", "refusal", "guard"],
            &["args", "messages"],
            &["validate", "schemas"],
            &["answer", "call"],
            &["batch", "turn"],
            &["search", "describe", "manage"],
            &["dispatch"],
        ],
    ),
    (
        "bridge/messages",
        &[
            &["text", "host"],
            &["args", "tools", "search", "describe"],
            &["call"],
            &["connectors"],
            &["display"],
        ],
    ),
    ("catalog", &[&["source"], &["document"]]),
    ("config", &[&["rules"]]),
    (
        "connectors",
        &[
            &["http", "name"],
            &["failure"],
            &["describe", "execute", "search"],
        ],
    ),
    ("engine", &[&["intern"]]),
    (
        "enhanced",
        &[
            &["analysis"],
            &["index", "semantic"],
            &["scoring"],
            &["search"],
            &["explain"],
        ],
    ),
    (
        "enhanced/analysis",
        &[
            &["words", "language"],
            &["translate"],
            &["query"],
            &["asks", "needs"],
        ],
    ),
    (
        "enhanced/index",
        &[&["names"], &["fields"], &["vocabulary"]],
    ),
    (
        "enhanced/scoring",
        &[
            &["terms"],
            &["proximity"],
            &["rank"],
            &["plain"],
            &["fusion"],
            &["decision"],
        ],
    ),
    ("listing", &[&["budget", "short", "render"], &["blocks"]]),
    ("ranking", &[&["reference"]]),
    ("schema", &[&["cost"]]),
    (
        "search",
        &[
            &["english", "bm25", "names"],
            &["tokenize"],
            &["index"],
            &["corpus"],
            &["query"],
            &["rank"],
            &["explain"],
        ],
    ),
    ("session", &[&["tooldef"], &["rows", "mcp"]]),
    (
        "wasm",
        &[
            &["reflect", "timer", "memory"],
            &["host", "source"],
            &["decode", "encode"],
        ],
    ),
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

/// The module path of a file under `src/`: `bridge/search.rs` is
/// `["bridge", "search"]`, and `bridge/mod.rs` is `["bridge"]`.
fn module_path(relative: &Path) -> Vec<String> {
    let mut path: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    path
}

/// Every path a file's code names through `crate::`, `super::` or `self::`
/// (plain, or in a `use` tree over any number of lines), resolved from its
/// module `at` and expanded out of its braces. A `crate as` alias reads as
/// the path `["crate as"]`.
fn named_paths(code: &str, at: &[String]) -> BTreeSet<Vec<String>> {
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
    for (offset, word) in words {
        let after = code[offset + word.len()..].trim_start();
        if word == "crate" && after.starts_with("as ") {
            found.insert(vec!["crate as".to_owned()]);
        }
        if !matches!(word, "crate" | "super" | "self") || !after.starts_with("::") {
            continue;
        }
        // Only the first link of a chain starts a path.
        if code[..offset].trim_end().ends_with("::") {
            continue;
        }
        let mut rest = &code[offset..];
        let mut base: Vec<String> = at.to_vec();
        loop {
            let link = ["crate", "super", "self"]
                .into_iter()
                .find(|link| rest.starts_with(link));
            let Some(link) = link else { break };
            match link {
                "crate" => base.clear(),
                "super" => {
                    base.pop();
                }
                _ => {}
            }
            match rest[link.len()..].trim_start().strip_prefix("::") {
                Some(tail) => rest = tail.trim_start(),
                None => {
                    rest = "";
                    break;
                }
            }
        }
        expand_tree(rest, base, &mut found);
    }
    found.retain(|path| !path.is_empty());
    found
}

/// The paths of a `use` tree (`a::{b, c::{d, e}}`, or a plain `a::b`
/// followed by anything), each after `prefix`.
fn expand_tree(tree: &str, prefix: Vec<String>, out: &mut BTreeSet<Vec<String>>) {
    let tree = tree.trim_start();
    if let Some(braced) = tree.strip_prefix('{') {
        let mut depth = 0;
        let mut start = 0;
        for (at, c) in braced.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    expand_tree(&braced[start..at], prefix.clone(), out);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_tree(&braced[start..at], prefix.clone(), out);
                    start = at + 1;
                }
                _ => {}
            }
        }
        return;
    }
    let segment = head(tree);
    if segment.is_empty() || segment == "self" {
        out.insert(prefix);
        return;
    }
    let mut path = prefix;
    path.push(segment.clone());
    match tree[segment.len()..].trim_start().strip_prefix("::") {
        Some(tail) => expand_tree(tail, path, out),
        None => {
            out.insert(path);
        }
    }
}

fn head(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// Each source file under `src/` with its module path and its code as the
/// check reads it.
fn sources() -> Vec<(PathBuf, Vec<String>, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    assert!(files.len() > 40, "no sources found under {}", src.display());
    files
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(&src).unwrap().to_path_buf();
            let module = module_path(&relative);
            let code = code_of(&std::fs::read_to_string(&file).unwrap());
            (relative, module, code)
        })
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
    let mut upward = Vec::new();
    for (relative, module, code) in sources() {
        let Some(own) = module.first().filter(|m| *m != "lib") else {
            continue;
        };
        let layer = layer_of(own).unwrap_or_else(|| panic!("{} has no layer", relative.display()));
        for path in named_paths(&code, &module) {
            let used = &path[0];
            if used == own || used == "version" {
                continue;
            }
            match layer_of(used) {
                Some(lower) if lower < layer => {}
                _ => upward.push(format!("{} uses crate::{used}", relative.display())),
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that do not point down:\n{}",
        upward.join("\n")
    );
}

#[test]
fn every_room_has_a_layer_for_each_module() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut rooms_found = BTreeSet::new();
    for (_, module, _) in sources() {
        if module.len() >= 2 {
            rooms_found.insert(module[..module.len() - 1].join("/"));
        }
    }
    let declared: BTreeSet<String> = ROOMS.iter().map(|(room, _)| (*room).to_owned()).collect();
    assert_eq!(rooms_found, declared, "rooms in src/ and in ROOMS");
    for (room, layers) in ROOMS {
        let mut children: Vec<String> = std::fs::read_dir(src.join(room))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.is_dir() || path.extension().is_some_and(|e| e == "rs"))
            .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
            .filter(|name| name != "mod" && name != "lang")
            .collect();
        children.sort();
        let mut placed: Vec<String> = layers
            .iter()
            .flat_map(|l| l.iter())
            .map(|m| (*m).to_owned())
            .collect();
        placed.sort();
        assert_eq!(children, placed, "the modules of {room} and its layers");
    }
}

#[test]
fn inside_each_room_every_import_points_down() {
    let mut upward = Vec::new();
    for (relative, module, code) in sources() {
        for path in named_paths(&code, &module) {
            for (room, layers) in ROOMS {
                let room: Vec<&str> = room.split('/').collect();
                let inside =
                    |p: &[String]| p.len() > room.len() && p.iter().zip(&room).all(|(a, b)| a == b);
                if !inside(&module) || !inside(&path) {
                    continue;
                }
                let (own, used) = (&module[room.len()], &path[room.len()]);
                if own == used {
                    continue;
                }
                let layer = |m: &str| layers.iter().position(|layer| layer.contains(&m));
                match (layer(own), layer(used)) {
                    (Some(own), Some(used)) if used < own => {}
                    (_, None) => upward.push(format!(
                        "{} uses {}::{used}, its room's own item",
                        relative.display(),
                        room.join("::")
                    )),
                    _ => upward.push(format!(
                        "{} uses {}::{used}",
                        relative.display(),
                        room.join("::")
                    )),
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports inside rooms that do not point down:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_check_sees_every_form_of_path() {
    let at = |module: &str| -> Vec<String> { module.split('/').map(str::to_owned).collect() };
    let paths = |code: &str, module: &str| -> Vec<String> {
        named_paths(&code_of(code), &at(module))
            .into_iter()
            .map(|path| path.join("::"))
            .collect()
    };
    assert_eq!(
        paths("use crate::{config::Config, host};\nlet x = crate::search::tokenize(q); // crate::wasm\n", "a"),
        ["config::Config", "host", "search::tokenize"]
    );
    // A use tree over several lines, with nested braces.
    assert_eq!(
        paths(
            "use crate::{\n    a::{b, c::{d, e}},\n    engine::X,\n};\n",
            "x/y"
        ),
        ["a::b", "a::c::d", "a::c::e", "engine::X"]
    );
    // super:: and self:: from a module's file.
    assert_eq!(
        paths("use super::super::engine::X;\n", "x/y"),
        ["engine::X"]
    );
    assert_eq!(paths("use super::engine;\n", "x"), ["engine"]);
    assert_eq!(
        paths("use super::messages;\n", "bridge/search"),
        ["bridge::messages"]
    );
    assert_eq!(
        paths("use self::args::{self, Repeats};\n", "bridge"),
        ["bridge::args", "bridge::args::Repeats"]
    );
    // Strings, comments and tests hide nothing and add nothing.
    assert_eq!(
        paths(
            "let u = \"https://x\"; use crate::wasm;\n/* crate::bridge */\n",
            "a"
        ),
        ["wasm"]
    );
    assert!(paths("let s = r#\"crate::bridge\"#;\n", "a").is_empty());
    assert!(paths(
        "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::bridge;\n}\n",
        "a"
    )
    .is_empty());
    assert_eq!(paths("use crate as c;\n", "a"), ["crate as"]);
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
