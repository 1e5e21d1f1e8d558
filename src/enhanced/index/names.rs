//! Exact names in any spelling. A name and a query are compared as their
//! ASCII letters and digits, lowercased: any other character is a
//! separator, and separators do not count, so case, `_`, `__`, `-`, `.`,
//! `/`, `:`, spaces and camelCase against snake_case make no difference. A
//! tool answers to its full name, to it without a leading `mcp` word, and to
//! its bare name without the server too: `mcp__s__t`, `mcp_s_t`,
//! `mcp--s--t`, `s.t`, `s/t`, `S T` and `t` all name `mcp_s_t`.

use crate::search::FastMap;

/// The ASCII letters and digits of a name or query, lowercased: its words
/// run together.
fn compact(text: &str) -> String {
    let mut form = String::with_capacity(text.len());
    form.extend(
        text.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase()),
    );
    form
}

/// True when the first of several words of `text` is `mcp`.
fn leads_with_mcp(text: &str) -> bool {
    let mut words = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty());
    words.next().is_some_and(|w| w.eq_ignore_ascii_case("mcp")) && words.next().is_some()
}

/// The name forms of a catalog, to find the tools a query names exactly.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct NameForms {
    /// Name form to the documents answering to it, in catalog order.
    forms: FastMap<String, Vec<u32>>,
}

impl NameForms {
    /// Registers `doc`, named `name`, on the server labelled `label`.
    pub(crate) fn add(&mut self, doc: u32, name: &str, label: &str) {
        let all = compact(name);
        let rest = if leads_with_mcp(name) {
            &all["mcp".len()..]
        } else {
            &all[..]
        };
        let server = compact(label);
        let bare = (!server.is_empty())
            .then(|| rest.strip_prefix(server.as_str()))
            .flatten()
            .filter(|bare| !bare.is_empty());
        for form in [Some(all.as_str()), Some(rest), bare].into_iter().flatten() {
            match self.forms.get_mut(form) {
                Some(docs) if docs.last() == Some(&doc) => {}
                Some(docs) => docs.push(doc),
                None => {
                    self.forms.insert(form.to_owned(), vec![doc]);
                }
            }
        }
    }

    /// The documents `query` names exactly, in catalog order.
    pub(crate) fn named(&self, query: &str) -> Vec<u32> {
        let all = compact(query);
        if all.is_empty() {
            return Vec::new();
        }
        let mut docs: Vec<u32> = self.forms.get(&all).cloned().unwrap_or_default();
        // `mcp <server> <tool>` for a tool whose own name lacks the prefix.
        if leads_with_mcp(query) {
            docs.extend(self.forms.get(&all["mcp".len()..]).into_iter().flatten());
        }
        docs.sort_unstable();
        docs.dedup();
        docs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms() -> NameForms {
        let mut forms = NameForms::default();
        forms.add(0, "mcp_github_create_pull_request", "github");
        forms.add(1, "mcp_github_legacy_create_pull_request", "github-legacy");
        forms.add(2, "mcp__kubernetes__kubectl_logs", "kubernetes");
        forms.add(3, "mcp_linear_linear_createIssue", "linear");
        forms.add(4, "plain_tool", "other");
        forms
    }

    #[test]
    fn every_spelling_names_the_tool() {
        let forms = forms();
        for query in [
            "mcp_github_create_pull_request",
            "mcp__github__create_pull_request",
            "mcp--github--create-pull-request",
            "github.create_pull_request",
            "github/create_pull_request",
            "github:create_pull_request",
            "mcp_github_create-pull-request",
            "GitHub create pull request",
            "MCP_GITHUB_CREATE_PULL_REQUEST",
        ] {
            assert_eq!(forms.named(query), [0], "{query}");
        }
        assert_eq!(forms.named("create_pull_request"), [0, 1]);
        assert_eq!(forms.named("createPullRequest"), [0, 1]);
        assert_eq!(forms.named("kubectl_logs"), [2]);
        assert_eq!(forms.named("mcp_kubernetes_kubectl_logs"), [2]);
        assert_eq!(forms.named("linear_create_issue"), [3]);
        assert_eq!(forms.named("linear linear createIssue"), [3]);
        assert_eq!(forms.named("mcp plain_tool"), [4]);
        assert!(forms.named("create").is_empty());
        assert!(forms.named(" -- ").is_empty());
    }
}
