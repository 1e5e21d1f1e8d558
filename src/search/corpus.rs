//! The corpus one search runs over (spec §6.1): one index, or several stacked
//! (the local catalog followed by a query's connector documents, §8.2 step 4),
//! with N, df and avgdl taken over all of them.

use super::index::{Document, Index, TermId};
use super::names::NameLookup;

/// One searchable part: an index and the lowercased names of its documents.
#[derive(Debug, Clone, Copy)]
pub struct Part<'a> {
    /// The part's documents.
    pub index: &'a Index,
    /// Their lowercased names, in document order (exact-name matching).
    pub names: &'a [String],
    /// A lookup of `names`; without one, exact names are found by comparing
    /// every name (a few connector documents).
    pub lookup: Option<&'a NameLookup>,
}

/// Documents of one or more parts, numbered across parts in order.
#[derive(Debug, Clone)]
pub(crate) struct Corpus<'a> {
    parts: Vec<Part<'a>>,
    starts: Vec<u32>,
    len: usize,
    total_len: u64,
}

/// A token resolved in every part: its id per part and its total df.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TermRef {
    ids: Vec<Option<TermId>>,
    /// Documents containing it, over all parts.
    pub df: u32,
}

impl<'a> Corpus<'a> {
    /// Stacks `parts` in order.
    pub(crate) fn new(parts: Vec<Part<'a>>) -> Corpus<'a> {
        let mut starts = Vec::with_capacity(parts.len());
        let mut len = 0usize;
        let mut total_len = 0u64;
        for part in &parts {
            starts.push(len as u32);
            len += part.index.len();
            total_len += part.index.total_len();
        }
        Corpus {
            parts,
            starts,
            len,
            total_len,
        }
    }

    /// Number of documents (`N`).
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// True without documents.
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Mean document length (`avgdl`), 0 for an empty corpus.
    pub(crate) fn average_len(&self) -> f64 {
        if self.len == 0 {
            0.0
        } else {
            self.total_len as f64 / self.len as f64
        }
    }

    /// Resolves a stemmed token in every part.
    pub(crate) fn term(&self, token: &str) -> TermRef {
        let ids: Vec<Option<TermId>> = self.parts.iter().map(|p| p.index.term(token)).collect();
        let df = self
            .parts
            .iter()
            .zip(&ids)
            .map(|(p, id)| id.map_or(0, |id| p.index.df(id)))
            .sum();
        TermRef { ids, df }
    }

    /// Ascending ids of the documents containing `term`.
    pub(crate) fn postings(&self, term: &TermRef) -> Vec<u32> {
        let mut docs = Vec::new();
        for ((part, id), &start) in self.parts.iter().zip(&term.ids).zip(&self.starts) {
            if let Some(id) = id {
                docs.extend(part.index.postings(*id).iter().map(|d| d + start));
            }
        }
        docs
    }

    /// The document `doc` and the part holding it.
    fn locate(&self, doc: u32) -> Option<(&'a Document, usize, u32)> {
        let at = self
            .starts
            .partition_point(|&start| start <= doc)
            .checked_sub(1)?;
        let local = doc - self.starts[at];
        Some((self.parts.get(at)?.index.document(local)?, at, local))
    }

    /// Token count of `doc`.
    pub(crate) fn doc_len(&self, doc: u32) -> Option<u32> {
        self.locate(doc).map(|(d, _, _)| d.len)
    }

    /// Occurrences of `term` in `doc`.
    #[inline]
    pub(crate) fn tf(&self, doc: u32, term: &TermRef) -> u32 {
        match self.locate(doc) {
            Some((document, part, _)) => term
                .ids
                .get(part)
                .copied()
                .flatten()
                .map_or(0, |id| document.tf(id)),
            None => 0,
        }
    }

    /// Ids of the documents whose lowercased name equals `key`.
    pub(crate) fn exact_matches(&self, key: &str) -> Vec<u32> {
        let mut docs = Vec::new();
        for (part, &start) in self.parts.iter().zip(&self.starts) {
            match part.lookup {
                Some(lookup) => docs.extend(lookup.find(part.names, key).map(|doc| start + doc)),
                None => {
                    for (i, name) in part.names.iter().enumerate() {
                        if name == key {
                            docs.push(start + i as u32);
                        }
                    }
                }
            }
        }
        docs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacked_statistics() {
        let local = Index::build(["alpha beta", "beta"]);
        let remote = Index::build(["beta gamma gamma"]);
        let names = ["a".to_owned(), "b".to_owned()];
        let remote_names = ["c".to_owned()];
        let corpus = Corpus::new(vec![
            Part {
                index: &local,
                names: &names,
                lookup: None,
            },
            Part {
                index: &remote,
                names: &remote_names,
                lookup: None,
            },
        ]);
        assert_eq!(corpus.len(), 3);
        assert!((corpus.average_len() - 2.0).abs() < 1e-12);
        let beta = corpus.term("beta");
        assert_eq!(beta.df, 3);
        assert_eq!(corpus.postings(&beta), [0, 1, 2]);
        let gamma = corpus.term("gamma");
        assert_eq!(
            (gamma.df, corpus.tf(2, &gamma), corpus.tf(0, &gamma)),
            (1, 2, 0)
        );
        assert_eq!(corpus.doc_len(2), Some(3));
        assert_eq!(corpus.exact_matches("c"), [2]);
        assert_eq!(corpus.term("zeta").df, 0);
    }
}
