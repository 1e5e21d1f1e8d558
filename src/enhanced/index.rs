//! The field-weighted index of the enhanced ranking: each tool's name words
//! (with its server label), description and parameter names, split at
//! identifier boundaries and stemmed, scored with BM25F (spec §6 extended).

use super::words::{for_each_prose_word, for_each_word};
use crate::catalog::{label, Entry};
use crate::search::{stem, FastMap, FastSet};

/// The fields of a tool document, most telling first.
pub const FIELDS: usize = 5;
/// Name words and server label.
pub const NAME: usize = 0;
/// The description's lead: its words before the first preposition that
/// introduces a place or a companion ("Delete records | from a table").
pub const LEAD: usize = 1;
/// The rest of the description.
pub const DESCRIPTION: usize = 2;
/// Parameter names.
pub const PARAMS: usize = 3;
/// Parameter descriptions and enumerated values ("pods, deployments, ...").
pub const PARAM_TEXT: usize = 4;

/// Term-frequency weight of a match in each field.
const WEIGHT: [f64; FIELDS] = [5.0, 1.5, 1.0, 0.6, 0.3];
/// Length normalisation per field.
const LENGTH_NORM: [f64; FIELDS] = [0.3, 0.5, 0.75, 0.5, 0.75];
/// Words that end a description's lead.
const LEAD_ENDS: [&str; 16] = [
    "to", "from", "in", "into", "on", "onto", "for", "with", "within", "by", "at", "across", "via",
    "using", "under", "over",
];
/// Term-frequency saturation.
const K1: f64 = 1.2;

/// Dense id of an indexed term.
pub type TermId = u32;

#[derive(Debug, Default)]
struct Doc {
    /// `(term, tf per field)` sorted by term.
    terms: Vec<(TermId, [u16; FIELDS])>,
    len: [u32; FIELDS],
}

/// The enhanced index of one catalog.
#[derive(Debug, Default)]
pub struct FieldIndex {
    vocabulary: FastMap<String, TermId>,
    docs: Vec<Doc>,
    /// First words of server labels ("github", "aws", "google").
    services: FastSet<TermId>,
    postings: Vec<Vec<u32>>,
    /// Per term, documents holding it outside their parameter names: the
    /// tools that name or describe it as something they do or handle.
    capability_df: Vec<u32>,
    average_len: [f64; FIELDS],
    /// Per document, the names a query may give it exactly.
    names: Vec<NameForms>,
}

impl FieldIndex {
    /// Indexes `entries` (a catalog's, or a connector search's).
    pub fn build(entries: &[Entry]) -> FieldIndex {
        let mut index = FieldIndex::default();
        let mut totals = [0u64; FIELDS];
        for entry in entries {
            let def = &entry.tool.def;
            let label = label(&entry.source_name);
            let mut fields: [Vec<TermId>; FIELDS] = Default::default();
            let mut label_terms: Vec<TermId> = Vec::new();
            for_each_word(label, |w| label_terms.push(index.intern(w)));
            if let Some(&first) = label_terms.first() {
                index.services.insert(first);
            }
            for_each_word(&def.name, |w| fields[NAME].push(index.intern(w)));
            fields[NAME].extend(&label_terms);
            let mut lead = true;
            for_each_prose_word(def.description.as_deref().unwrap_or(""), |w| {
                lead &= !LEAD_ENDS.contains(&w);
                let field = if lead { LEAD } else { DESCRIPTION };
                fields[field].push(index.intern(w));
            });
            for key in &def.param_keys {
                for_each_word(key, |w| fields[PARAMS].push(index.intern(w)));
            }
            for_each_prose_word(&def.param_text, |w| {
                fields[PARAM_TEXT].push(index.intern(w))
            });
            let mut doc = Doc::default();
            let mut counts: FastMap<TermId, [u16; FIELDS]> = FastMap::default();
            for (field, terms) in fields.iter().enumerate() {
                doc.len[field] = terms.len() as u32;
                totals[field] += terms.len() as u64;
                for &term in terms {
                    let tf = counts.entry(term).or_default();
                    tf[field] = tf[field].saturating_add(1);
                }
            }
            doc.terms = counts.into_iter().collect();
            doc.terms.sort_unstable_by_key(|&(t, _)| t);
            let id = index.docs.len() as u32;
            for &(term, tf) in &doc.terms {
                if let Some(p) = index.postings.get_mut(term as usize) {
                    p.push(id);
                }
                if tf[..PARAMS].iter().any(|&n| n > 0) {
                    if let Some(df) = index.capability_df.get_mut(term as usize) {
                        *df += 1;
                    }
                }
            }
            index.docs.push(doc);
            let lower = def.name.to_lowercase();
            index.names.push(NameForms {
                bare: bare_name(&lower, label),
                collapsed: lower.replace("__", "_"),
                full: lower,
            });
        }
        let n = index.docs.len().max(1) as f64;
        for (field, total) in totals.iter().enumerate() {
            index.average_len[field] = (*total as f64 / n).max(1.0);
        }
        index
    }

    fn intern(&mut self, word: &str) -> TermId {
        let stemmed = stem(word);
        let next = self.vocabulary.len() as TermId;
        let id = *self.vocabulary.entry(stemmed).or_insert(next);
        if id == next {
            self.postings.push(Vec::new());
            self.capability_df.push(0);
        }
        id
    }

    /// Documents named `key` (lowercased): in full, without their server
    /// prefix, or with `__` written `_`.
    pub fn named<'a>(&'a self, key: &'a str) -> impl Iterator<Item = u32> + 'a {
        let collapsed = key.replace("__", "_");
        self.names
            .iter()
            .enumerate()
            .filter(move |(_, n)| n.full == key || n.bare == key || n.collapsed == collapsed)
            .map(|(doc, _)| doc as u32)
    }

    /// Number of documents.
    pub fn len(&self) -> usize {
        self.docs.len()
    }

    /// True without documents.
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    /// The id of a stem, when some document holds it.
    pub fn term(&self, stem: &str) -> Option<TermId> {
        self.vocabulary.get(stem).copied()
    }

    /// True when some document holds the English word `word` (lowercased).
    pub fn knows(&self, word: &str) -> bool {
        self.vocabulary.contains_key(&stem(word))
    }

    /// True when some document holds `term` in its name or description.
    pub fn describes(&self, term: TermId) -> bool {
        self.capability_df
            .get(term as usize)
            .is_some_and(|&df| df > 0)
    }

    /// True when `term` is the first word of a server label.
    pub fn is_service(&self, term: TermId) -> bool {
        self.services.contains(&term)
    }

    /// Documents holding `term`.
    pub fn postings(&self, term: TermId) -> &[u32] {
        self.postings.get(term as usize).map_or(&[], Vec::as_slice)
    }

    /// `ln(1 + (N - df + 0.5) / (df + 0.5))` where `df` counts the tools
    /// naming or describing the term (a word found only among parameter
    /// names is no capability); largest for an unknown term.
    pub fn idf(&self, term: Option<TermId>) -> f64 {
        let df = term
            .and_then(|t| self.capability_df.get(t as usize))
            .copied()
            .unwrap_or(0) as f64;
        (1.0 + (self.docs.len() as f64 - df + 0.5) / (df + 0.5)).ln()
    }

    /// Occurrences of `term` in each field of `doc`.
    pub fn tf(&self, doc: u32, term: TermId) -> [u16; FIELDS] {
        self.docs
            .get(doc as usize)
            .and_then(|d| {
                d.terms
                    .binary_search_by_key(&term, |&(t, _)| t)
                    .ok()
                    .map(|i| d.terms[i].1)
            })
            .unwrap_or_default()
    }

    /// BM25F term-frequency saturation of a term occurring `tf` times (per
    /// field) in `doc`, in [0, K1 + 1): the score without the IDF factor.
    pub fn saturation(&self, doc: u32, tf: [u16; FIELDS]) -> f64 {
        let Some(d) = self.docs.get(doc as usize) else {
            return 0.0;
        };
        let mut weighted = 0.0;
        for field in 0..FIELDS {
            if tf[field] > 0 {
                let norm = 1.0 - LENGTH_NORM[field]
                    + LENGTH_NORM[field] * f64::from(d.len[field]) / self.average_len[field];
                weighted += WEIGHT[field] * f64::from(tf[field]) / norm;
            }
        }
        weighted * (K1 + 1.0) / (weighted + K1)
    }
}

/// The forms of one tool name, lowercased.
#[derive(Debug)]
struct NameForms {
    full: String,
    /// Without the `mcp…<server>…` prefix.
    bare: String,
    /// With `__` written `_`.
    collapsed: String,
}

/// The name without `mcp_<server>_`, `mcp__<server>__` or `<server>_`.
fn bare_name(lower: &str, label: &str) -> String {
    let server = label.to_lowercase().replace('-', "_");
    let rest = lower
        .strip_prefix("mcp__")
        .or_else(|| lower.strip_prefix("mcp_"))
        .unwrap_or(lower);
    for sep in ["__", "_"] {
        if let Some(bare) = rest.strip_prefix(&format!("{server}{sep}")) {
            if !bare.is_empty() {
                return bare.to_owned();
            }
        }
    }
    rest.to_owned()
}

#[cfg(test)]
mod tests {
    use super::bare_name;

    #[test]
    fn bare_names() {
        assert_eq!(
            bare_name("mcp_github_legacy_create_issue", "github-legacy"),
            "create_issue"
        );
        assert_eq!(
            bare_name("mcp__kubernetes__kubectl_logs", "kubernetes"),
            "kubectl_logs"
        );
        assert_eq!(
            bare_name("mcp_linear_linear_createissue", "linear"),
            "linear_createissue"
        );
        assert_eq!(bare_name("plain_tool", "other"), "plain_tool");
    }
}
