//! Embeds every language file of `src/enhanced/lang/` (adding a language is
//! adding a file there): writes `languages.rs` into `OUT_DIR` with one
//! `(code, text)` pair per file, sorted by code.

use std::path::Path;

fn main() {
    let dir = Path::new("src/enhanced/lang");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
                .filter_map(|p| {
                    let code = p.file_stem()?.to_str()?.to_owned();
                    let path = std::fs::canonicalize(&p).ok()?;
                    println!("cargo:rerun-if-changed={}", p.display());
                    Some((code, path.to_str()?.to_owned()))
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::from("/// `(code, file text)` of every language file.\npub const LANGUAGE_FILES: &[(&str, &str)] = &[\n");
    for (code, path) in &files {
        out.push_str(&format!("    ({code:?}, include_str!({path:?})),\n"));
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("languages.rs");
    if let Err(error) = std::fs::write(&target, out) {
        println!("cargo:warning=cannot write {}: {error}", target.display());
    }
}
