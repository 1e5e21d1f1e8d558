//! Embeds every language file of `src/enhanced/lang/` (adding a language is
//! adding a file there): writes `languages.rs` into `OUT_DIR` with one
//! `(code, text)` pair per file (its comment lines left out), sorted by
//! code, and `stemmer(name)` over the Snowball stemmers the files name, so
//! that the wasm carries only those (each unused one costs about 5 KB of
//! gzip).

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
    let mut out = String::from("/// `(code, file text)` of every language file, its comment lines left out\n/// (they document the file, and the wasm carries them for nothing).\npub(crate) const LANGUAGE_FILES: &[(&str, &str)] = &[\n");
    for (code, path) in &files {
        let text = std::fs::read_to_string(path).unwrap_or_else(|error| {
            println!("cargo:warning=cannot read {path}: {error}");
            String::new()
        });
        let data: String = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .flat_map(|line| [line, "\n"])
            .collect();
        out.push_str(&format!("    ({code:?}, {data:?}),\n"));
    }
    out.push_str("];\n");
    out.push_str(&stemmer_function(&files));
    let target = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("languages.rs");
    if let Err(error) = std::fs::write(&target, out) {
        println!("cargo:warning=cannot write {}: {error}", target.display());
    }
}

/// `fn stemmer(name) -> Option<Stemmer>` over the stemmers the files other
/// than English name in their `@stemmer` line (`german` is `Algorithm::German`; a name
/// rust-stemmers lacks fails to compile).
fn stemmer_function(files: &[(String, String)]) -> String {
    // English, the catalog's language, is stemmed by the tokenizer's own
    // Snowball English (src/search/english.rs): its file names the stemmer
    // for the record only.
    let mut names: Vec<String> = files
        .iter()
        .filter(|(code, _)| code != "en")
        .filter_map(|(_, path)| std::fs::read_to_string(path).ok())
        .flat_map(|text| {
            text.lines()
                .filter_map(|line| line.strip_prefix("@stemmer\t"))
                .map(|name| name.trim().to_ascii_lowercase())
                .collect::<Vec<_>>()
        })
        .collect();
    names.sort();
    names.dedup();
    let mut out = String::from(
        "\n/// The Snowball stemmer a language file names.\nfn stemmer(name: &str) -> Option<Stemmer> {\n    let algorithm = match name.to_ascii_lowercase().as_str() {\n",
    );
    for name in &names {
        let mut variant = name.clone();
        if let Some(first) = variant.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        out.push_str(&format!("        {name:?} => Algorithm::{variant},\n"));
    }
    out.push_str("        _ => return None,\n    };\n    Some(Stemmer::create(algorithm))\n}\n");
    out
}
