//! The crate's modules form layers, and every `crate::` path points to a
//! lower layer: the code reads from the boundary (top) down to the text
//! helpers (bottom), never back up. A new module must be placed here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, lowest first; modules of one layer do not use each other.
const LAYERS: &[&[&str]] = &[
    &["text", "reserved", "host"],
    &["search", "session", "schema"],
    &["catalog", "classify"],
    &["enhanced"],
    &["config"],
    &["listing", "ranking", "connectors"],
    &["prepared"],
    &["bridge"],
    &["assemble"],
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

/// The top-level modules a file names through `crate::`, comments aside.
fn crate_paths(source: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            if let Some(braced) = rest.strip_prefix('{') {
                let list = braced.split('}').next().unwrap_or("");
                found.extend(list.split(',').map(|p| head(p.trim())));
            } else {
                found.insert(head(rest));
            }
        }
    }
    found.retain(|m| !m.is_empty());
    found
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
        for used in crate_paths(&source) {
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
fn the_check_sees_braced_and_plain_paths() {
    let found = crate_paths(
        "use crate::{config::Config, host};\nlet x = crate::search::tokenize(q); // crate::wasm\n",
    );
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        ["config", "host", "search"]
    );
}
