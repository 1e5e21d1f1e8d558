//! The searchable text of a local tool (spec §5.3).

use super::source::label;
use crate::search::{for_each_word, with_stem, Index, IndexBuilder};
use crate::session::tooldef::ToolDef;

/// Indexes the document of a local tool: name words, the source label unless
/// the name already has it, the description and the top-level parameter
/// names (the spec joins them with single spaces, a token separator).
pub(crate) fn add_local_document(builder: &mut IndexBuilder, def: &ToolDef, source_name: &str) {
    let name_words = name_words(&def.name);
    builder.add_text(&name_words);
    if !source_name.is_empty() {
        let label = label(source_name);
        if !name_words.split_whitespace().any(|word| word == label) {
            builder.add_text(label);
        }
    }
    builder.add_text(def.description.as_deref().unwrap_or(""));
    for key in &def.param_keys {
        builder.add_text(key);
    }
    builder.end_document();
}

/// True when document `doc` of `index` holds every token of the name of
/// `def`: a restored index whose documents do not belong to these tools
/// (swapped, or of another catalog under a forged digest) is refused.
pub(crate) fn holds_name(index: &Index, doc: u32, def: &ToolDef) -> bool {
    let Some(document) = index.document(doc) else {
        return false;
    };
    let mut holds = true;
    for_each_word(&name_words(&def.name), |word| {
        holds = holds
            && with_stem(word, |token| {
                index.term(token).is_some_and(|term| document.tf(term) > 0)
            });
    });
    holds
}

/// The name without a leading `mcp__`, with `_ . : -` turned into spaces.
fn name_words(name: &str) -> String {
    let bare = name.strip_prefix("mcp__").unwrap_or(name);
    bare.chars()
        .map(|c| {
            if matches!(c, '_' | '.' | ':' | '-') {
                ' '
            } else {
                c
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tokenize;

    /// Indexes one tool and checks its document holds exactly the tokens of `words`.
    fn assert_document(def: &ToolDef, source_name: &str, words: &str) {
        let mut builder = IndexBuilder::default();
        add_local_document(&mut builder, def, source_name);
        let index = builder.finish();
        let doc = index.document(0).unwrap();
        let want = tokenize(words);
        assert_eq!(doc.len as usize, want.len(), "{words}");
        assert_eq!(doc.terms.len(), {
            let mut distinct = want.clone();
            distinct.sort();
            distinct.dedup();
            distinct.len()
        });
        for token in &want {
            let term = index
                .term(token)
                .unwrap_or_else(|| panic!("{token} missing"));
            assert_eq!(
                doc.tf(term) as usize,
                want.iter().filter(|w| *w == token).count()
            );
        }
    }

    fn def(name: &str, description: &str, params: &[&str]) -> ToolDef {
        ToolDef {
            name: name.into(),
            description: Some(description.into()),
            param_keys: params.iter().map(|p| p.to_string()).collect(),
            ..ToolDef::default()
        }
    }

    #[test]
    fn worked_example_document() {
        let d = def(
            "github_create_issue",
            "Open a new issue in a GitHub repository",
            &["title", "body"],
        );
        assert_document(
            &d,
            "",
            "github create issue open a new issue in a github repository title body",
        );
    }

    #[test]
    fn label_added_unless_a_name_word() {
        let d = def("mcp__linear__create_issue", "Create", &[]);
        assert_document(&d, "mcp-linear", "linear create issue create");
        let d = def("create_issue", "Create", &[]);
        assert_document(&d, "mcp-linear", "create issue linear create");
        assert_document(&d, "", "create issue create");
    }
}
