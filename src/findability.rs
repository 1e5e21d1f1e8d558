//! The findability report: which deferred tools a model would not find.
//! Each tool is searched for with its own words (its name's, and its
//! description's first sentence) under the configured ranking; a tool that
//! is not in the first [`TOP`] for them, tools of several servers named
//! with the same words, and tools with no real description are findings,
//! each with why and what to change.

use serde::Serialize;

use crate::catalog::{label, Catalog, Entry};
use crate::config::Config;
use crate::prepared::Prepared;
use crate::ranking::Ranker;
use crate::search::{tokenize, FastMap};
use crate::text::clip;

/// A tool counts as found when its own words put it in the first `TOP`.
pub(crate) const TOP: usize = 5;

/// How far down the ranking is looked for a tool that is not in the `TOP`.
pub(crate) const LOOK_DOWN: usize = 25;

/// Characters of a description's first sentence searched for.
pub(crate) const SENTENCE_CHARS: usize = 200;

/// Tools named ahead of one that was not found.
pub(crate) const AHEAD_SHOWN: usize = 3;

/// Tools a word may be in and still be searched for: a word in more tells
/// a tool from none of them, and every search of it would read them all
/// (many tools written alike made the report quadratic). A catalog of no
/// more tools, as every real one we have (the largest holds 1,873), has none.
pub(crate) const COMMON_WORD_TOOLS: usize = 2_000;

/// What the report found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Findability {
    /// The deferred tools checked.
    pub tools: usize,
    /// Those that both of their queries put in the first [`TOP`].
    pub found: usize,
    /// Queries of a tool's own words that did not put it in the first [`TOP`].
    pub unfound: Vec<Unfound>,
    /// Tools of several servers named with the same words.
    pub duplicates: Vec<Duplicate>,
    /// Tools with an empty or one-word description.
    pub thin: Vec<Thin>,
    /// The deferred tools that carry search-only keywords
    /// (`_meta["toolsearch/keywords"]`).
    pub keywords: usize,
}

/// Which words of a tool a query was made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum QueryFrom {
    /// The words of its name.
    Name,
    /// Its description's first sentence.
    Description,
}

/// A tool that a query of its own words did not put in the first [`TOP`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unfound {
    /// The tool.
    pub name: String,
    /// Its server (or toolset) label.
    pub source: String,
    /// The query.
    pub query: String,
    /// What the query was made of.
    pub from: QueryFrom,
    /// Its place in the ranking (1 is first), if within [`LOOK_DOWN`].
    pub rank: Option<usize>,
    /// The tools ranked first for the query.
    pub ahead: Vec<String>,
    /// Why, in words.
    pub reason: String,
    /// What to change.
    pub fix: String,
}

/// Tools of several servers named with the same words.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Duplicate {
    /// The words, as written in the names.
    pub words: String,
    /// The tools, in catalog order.
    pub names: Vec<String>,
    /// What to change.
    pub fix: String,
}

/// A tool whose description says next to nothing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Thin {
    /// The tool.
    pub name: String,
    /// Its description.
    pub description: String,
    /// What to change.
    pub fix: String,
}

/// The report for the deferred tools of `prepared`, ranked as `config` says.
pub(crate) fn report(prepared: &Prepared, config: &Config) -> Findability {
    let entries = prepared.catalog.entries();
    let queries: Vec<Vec<(String, QueryFrom)>> = entries.iter().map(own_words).collect();
    let mut searches = Searches::new(prepared.ranker(config), &prepared.catalog, &queries);
    let mut report = Findability {
        tools: entries.len(),
        found: 0,
        unfound: Vec::new(),
        duplicates: duplicates(entries),
        thin: Vec::new(),
        keywords: entries
            .iter()
            .filter(|e| !e.tool.def.keywords.is_empty())
            .count(),
    };
    for ((doc, entry), queries) in entries.iter().enumerate().zip(queries) {
        let description = entry.tool.def.description.as_deref().unwrap_or("").trim();
        if description.split_whitespace().nth(1).is_none() {
            report.thin.push(Thin {
                name: entry.name().to_owned(),
                description: description.to_owned(),
                fix: THIN_FIX.to_owned(),
            });
        }
        let mut found = true;
        for (query, from) in queries {
            let Some(hits) = searches.ranked(&query) else {
                // Each word of it is a common one.
                found = false;
                report.unfound.push(Unfound {
                    name: entry.name().to_owned(),
                    source: label(&entry.source_name).to_owned(),
                    reason: common_words_reason(),
                    fix: fix(from, &query),
                    rank: None,
                    query,
                    from,
                    ahead: Vec::new(),
                });
                continue;
            };
            let at = hits.iter().position(|&hit| hit as usize == doc);
            if at.is_some_and(|at| at < TOP) {
                continue;
            }
            found = false;
            let ahead: Vec<String> = hits
                .iter()
                .take(AHEAD_SHOWN)
                .filter_map(|&hit| entries.get(hit as usize))
                .map(|e| e.name().to_owned())
                .collect();
            report.unfound.push(Unfound {
                name: entry.name().to_owned(),
                source: label(&entry.source_name).to_owned(),
                reason: reason(at, &ahead),
                fix: fix(from, &query),
                rank: at.map(|at| at + 1),
                query,
                from,
                ahead,
            });
        }
        if found {
            report.found += 1;
        }
    }
    report
}

/// A tool's own words as the report searches for them: its name's, and
/// its description's first sentence when it has one.
fn own_words(entry: &Entry) -> Vec<(String, QueryFrom)> {
    let description = entry.tool.def.description.as_deref().unwrap_or("").trim();
    let mut queries = vec![(name_words(entry.name()), QueryFrom::Name)];
    let sentence = first_sentence(description);
    if !sentence.is_empty() {
        queries.push((sentence, QueryFrom::Description));
    }
    queries
}

/// The searches of the report: each query's words in more than
/// [`COMMON_WORD_TOOLS`] tools left out, and the ranking of a query that
/// comes again kept until its last time.
struct Searches<'a> {
    ranker: Ranker<'a>,
    /// The catalog searched, whose index counts the tools of each word;
    /// `None` when it has no more than [`COMMON_WORD_TOOLS`] tools.
    counted: Option<&'a Catalog>,
    /// How many times each searched query is still to come.
    uses: FastMap<String, usize>,
    /// The first [`LOOK_DOWN`] tools of each query that is to come again.
    kept: FastMap<String, Vec<u32>>,
}

impl<'a> Searches<'a> {
    /// The searches of `queries` in `catalog`.
    fn new(
        ranker: Ranker<'a>,
        catalog: &'a Catalog,
        queries: &[Vec<(String, QueryFrom)>],
    ) -> Searches<'a> {
        let mut searches = Searches {
            ranker,
            counted: (catalog.len() > COMMON_WORD_TOOLS).then_some(catalog),
            uses: FastMap::default(),
            kept: FastMap::default(),
        };
        for (query, _) in queries.iter().flatten() {
            if let Some(searched) = searches.searched(query) {
                *searches.uses.entry(searched).or_default() += 1;
            }
        }
        searches
    }

    /// The first [`LOOK_DOWN`] tools for `query`; `None` when each of its
    /// words is a common one.
    fn ranked(&mut self, query: &str) -> Option<Vec<u32>> {
        let query = self.searched(query)?;
        let left = self.uses.get_mut(&query).map_or(0, |left| {
            *left = left.saturating_sub(1);
            *left
        });
        let docs = match self.kept.remove(&query) {
            Some(docs) => docs,
            None => {
                let hits = self.ranker.search(&query, LOOK_DOWN, None).hits;
                hits.iter().map(|hit| hit.doc).collect()
            }
        };
        if left > 0 {
            self.kept.insert(query, docs.clone());
        }
        Some(docs)
    }

    /// `query` without its common words: as written when it has none,
    /// `None` when it has nothing else.
    fn searched(&self, query: &str) -> Option<String> {
        let Some(catalog) = self.counted else {
            return Some(query.to_owned());
        };
        let is_common = |word: &str| {
            let tokens = tokenize(word);
            !tokens.is_empty()
                && tokens
                    .iter()
                    .all(|t| catalog.tools_with(t) > COMMON_WORD_TOOLS)
        };
        if !query.split_whitespace().any(is_common) {
            return Some(query.to_owned());
        }
        let kept: Vec<&str> = query.split_whitespace().filter(|w| !is_common(w)).collect();
        (!kept.is_empty()).then(|| kept.join(" "))
    }
}

/// Why a query of only common words was not searched for.
fn common_words_reason() -> String {
    format!("Each of its words is in more than {COMMON_WORD_TOOLS} tools, so they tell it from none of them.")
}

/// The end of each fix: words the model should not read can be given to
/// search alone.
const KEYWORDS_HINT: &str = ", or give it search-only keywords (`_meta[\"toolsearch/keywords\"]`)";

/// What to do about a tool with an empty or one-word description.
const THIN_FIX: &str = "Describe what the tool does and when to use it, in a sentence or two: the description is most of what search reads.";

/// Why a tool was not in the first [`TOP`].
fn reason(at: Option<usize>, ahead: &[String]) -> String {
    let place = match at {
        Some(at) => format!("It ranks {}", at + 1),
        None if ahead.is_empty() => return "The query finds no tool at all.".to_owned(),
        None => format!("It is not among the first {LOOK_DOWN}"),
    };
    format!("{place}; first come {}.", ahead.join(", "))
}

/// What to change when the query from `from` missed its tool.
fn fix(from: QueryFrom, query: &str) -> String {
    match from {
        QueryFrom::Name => format!(
            "Name the tool by what it does to what: the words of its name ({query}) lead to other tools first. Put its operation and its object in the name, or say them early in the description{KEYWORDS_HINT}."
        ),
        QueryFrom::Description => format!("Begin the description with what the tool does, in the words a user would ask with; its first sentence leads to other tools first{KEYWORDS_HINT}."),
    }
}

/// The words of a tool's name: `mcp__github__create_issue` is `github
/// create issue`, `listFiles` is `list files`.
pub(crate) fn name_words(name: &str) -> String {
    let name = name.strip_prefix("mcp__").unwrap_or(name);
    let mut words = String::new();
    let mut previous = ' ';
    for c in name.chars() {
        let splits = c == '_' || c == '-' || c == '.' || c == ' ';
        let camel = c.is_uppercase() && previous.is_lowercase();
        if (splits || camel) && !words.ends_with(' ') && !words.is_empty() {
            words.push(' ');
        }
        if !splits {
            words.extend(c.to_lowercase());
        }
        previous = c;
    }
    words.trim_end().to_owned()
}

/// A description's first sentence, clipped to [`SENTENCE_CHARS`].
fn first_sentence(description: &str) -> String {
    let end = description
        .char_indices()
        .find(|&(i, c)| {
            matches!(c, '.' | '!' | '?' | '\n')
                && description[i + c.len_utf8()..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace)
        })
        .map_or(description.len(), |(i, _)| i);
    clip(description[..end].trim(), SENTENCE_CHARS, "")
}

/// Tools of two servers or more whose names, without the server, are the
/// same words.
fn duplicates(entries: &[Entry]) -> Vec<Duplicate> {
    let mut groups: FastMap<String, Vec<&Entry>> = FastMap::default();
    let mut order: Vec<String> = Vec::new();
    for entry in entries {
        let key = name_words(tool_part(entry.name(), label(&entry.source_name)));
        if key.is_empty() {
            continue;
        }
        let group = groups.entry(key.clone()).or_default();
        if group.is_empty() {
            order.push(key);
        }
        group.push(entry);
    }
    order
        .into_iter()
        .filter_map(|words| {
            let group = groups.remove(&words)?;
            let sources = group.iter().map(|e| &e.source_name);
            let several = sources.clone().any(|s| s != &group[0].source_name);
            several.then(|| Duplicate {
                names: group.iter().map(|e| e.name().to_owned()).collect(),
                fix: format!("Tools of several servers are named '{words}'. Say in each description what sets it apart (its service, the data it works on), so that a request that names neither can be told apart."),
                words,
            })
        })
        .collect()
}

/// The tool's own part of its name, without its server's: `create_issue`
/// of `mcp__github__create_issue` or `mcp_github_create_issue` from
/// `github`; the whole name otherwise.
fn tool_part<'n>(name: &'n str, server: &str) -> &'n str {
    let rest = name
        .strip_prefix("mcp__")
        .or_else(|| name.strip_prefix("mcp_"))
        .unwrap_or(name);
    rest.strip_prefix(server)
        .and_then(|tool| tool.strip_prefix("__").or_else(|| tool.strip_prefix('_')))
        .filter(|tool| !tool.is_empty())
        .unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_words_split_on_separators_and_case() {
        assert_eq!(
            name_words("mcp__github__create_issue"),
            "github create issue"
        );
        assert_eq!(name_words("listFiles"), "list files");
        assert_eq!(name_words("get-HTTP.status"), "get http status");
        assert_eq!(name_words("__x__"), "x");
        assert_eq!(
            tool_part("mcp__github__create_issue", "github"),
            "create_issue"
        );
        assert_eq!(
            tool_part("mcp_github_create_issue", "github"),
            "create_issue"
        );
        assert_eq!(tool_part("github_create_issue", "github"), "create_issue");
        assert_eq!(tool_part("terminal", "other"), "terminal");
        assert_eq!(tool_part("mcp_git", "git"), "mcp_git");
    }

    #[test]
    fn the_first_sentence_ends_at_its_stop() {
        assert_eq!(first_sentence("Reads a file. Then more."), "Reads a file");
        assert_eq!(
            first_sentence("Version 1.2 of it! Yes"),
            "Version 1.2 of it"
        );
        assert_eq!(first_sentence("no stop at all"), "no stop at all");
        assert_eq!(first_sentence(&"x".repeat(300)).len(), SENTENCE_CHARS);
    }
}
