//! Word splitting of the enhanced ranking: ASCII letter and digit runs,
//! further split at camelCase and PascalCase boundaries (`createIssue`,
//! `HTMLParser`, `v2Api`; but `PRs` and `APIs` stay whole). Letters and
//! digits stay together otherwise: product names such as `s3`, `ec2`, `k8s`
//! and `neo4j` are words.

/// Calls `f` with each lowercased word of an identifier (a tool or
/// parameter name), split at case boundaries.
pub fn for_each_word(text: &str, mut f: impl FnMut(&str)) {
    let mut lower = String::new();
    for run in text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|r| !r.is_empty())
    {
        split_run(run, &mut |part| {
            lower.clear();
            lower.push_str(part);
            lower.make_ascii_lowercase();
            f(&lower);
        });
    }
}

/// Calls `f` with each lowercased word of prose (a description or a query).
/// Only what is written as an identifier (`createIssue` with an underscore
/// nearby, or starting in lowercase) is split; capitalised names such as
/// GitHub, HubSpot or JavaScript stay whole.
pub fn for_each_prose_word(text: &str, mut f: impl FnMut(&str)) {
    let mut lower = String::new();
    for chunk in text.split_whitespace() {
        let identifier = chunk.contains('_') || is_camel(chunk);
        if identifier {
            for_each_word(chunk, &mut f);
        } else {
            for run in chunk
                .split(|c: char| !c.is_alphanumeric())
                .filter(|r| !r.is_empty())
            {
                if !run.is_ascii() {
                    f(&run.to_lowercase());
                } else if run.bytes().any(|b| b.is_ascii_uppercase()) {
                    lower.clear();
                    lower.push_str(run);
                    lower.make_ascii_lowercase();
                    f(&lower);
                } else {
                    f(run);
                }
            }
        }
    }
}

/// Splits one alphanumeric run at case and letter/number boundaries.
fn split_run(run: &str, f: &mut impl FnMut(&str)) {
    let bytes = run.as_bytes();
    let mut start = 0;
    for i in 1..bytes.len() {
        let (a, b) = (bytes[i - 1], bytes[i]);
        let next = bytes.get(i + 1).copied();
        let camel = (a.is_ascii_lowercase() || a.is_ascii_digit()) && b.is_ascii_uppercase();
        // An uppercase run followed by a capitalised word: HTML|Parser. A
        // trailing plural `s` does not count (PRs).
        let acronym = a.is_ascii_uppercase()
            && b.is_ascii_uppercase()
            && next.is_some_and(|n| n.is_ascii_lowercase())
            && bytes.get(i + 2).is_some_and(u8::is_ascii_lowercase);
        if camel || acronym {
            if let Some(part) = run.get(start..i) {
                f(part);
            }
            start = i;
        }
    }
    if let Some(part) = run.get(start..) {
        f(part);
    }
}

/// `useEffect` (three or more lowercase letters, then a capital); not
/// `arXiv` or `iPhone`.
fn is_camel(chunk: &str) -> bool {
    let lower = chunk.bytes().take_while(u8::is_ascii_lowercase).count();
    lower >= 3
        && chunk
            .as_bytes()
            .get(lower)
            .is_some_and(u8::is_ascii_uppercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for_each_word(text, |w| out.push(w.to_owned()));
        out
    }

    #[test]
    fn prose_keeps_names_whole() {
        let mut out = Vec::new();
        for_each_prose_word(
            "Open GitHub, arXiv and HubSpot via useEffect or linear_createIssue",
            |w| out.push(w.to_owned()),
        );
        assert_eq!(
            out,
            [
                "open", "github", "arxiv", "and", "hubspot", "via", "use", "effect", "or",
                "linear", "create", "issue"
            ]
        );
    }

    #[test]
    fn splits_identifiers() {
        assert_eq!(words("createIssue"), ["create", "issue"]);
        assert_eq!(words("listPRs"), ["list", "prs"]);
        assert_eq!(words("HTMLParser"), ["html", "parser"]);
        assert_eq!(
            words("TwilioApiV2010__CreateMessage"),
            ["twilio", "api", "v2010", "create", "message"]
        );
        assert_eq!(words("v2Api"), ["v2", "api"]);
        assert_eq!(
            words("oauth2 neo4j s3 ec2 k8s t3.large"),
            ["oauth2", "neo4j", "s3", "ec2", "k8s", "t3", "large"]
        );
        assert_eq!(
            words("FaxEnabled linear_createIssue"),
            ["fax", "enabled", "linear", "create", "issue"]
        );
    }
}
