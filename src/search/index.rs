//! An inverted index over documents and the corpus statistics of spec §6.1
//! (N, df, document lengths, average length).

use super::english;
use super::tokenize::for_each_word;
use crate::bytes::{Corrupt, Reader, Writer};
use crate::hash::FastMap;

/// Dense id of a distinct term of one index.
pub(crate) type TermId = u32;

/// One document: its length in tokens and its term frequencies.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Token count, duplicates included (`dl`).
    pub len: u32,
    /// `(term, tf)` sorted by term id.
    pub terms: Vec<(TermId, u32)>,
}

impl Document {
    /// Occurrences of `term` in this document.
    #[inline]
    pub fn tf(&self, term: TermId) -> u32 {
        self.terms
            .binary_search_by_key(&term, |&(t, _)| t)
            .map_or(0, |i| self.terms[i].1)
    }
}

/// Documents in corpus order with a vocabulary and postings.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Index {
    vocabulary: FastMap<String, TermId>,
    documents: Vec<Document>,
    /// For each term, the ascending ids of the documents that contain it.
    postings: Vec<Vec<u32>>,
    total_len: u64,
}

impl Index {
    /// Indexes texts, one per document, in corpus order.
    pub fn build<'a>(texts: impl IntoIterator<Item = &'a str>) -> Index {
        let mut builder = IndexBuilder::default();
        for text in texts {
            builder.add_text(text);
            builder.end_document();
        }
        builder.finish()
    }

    /// Number of documents (`N`).
    pub fn len(&self) -> usize {
        self.documents.len()
    }

    /// True when the index holds no document.
    pub fn is_empty(&self) -> bool {
        self.documents.is_empty()
    }

    /// Mean document length (`avgdl`), 0 for an empty corpus.
    pub fn average_len(&self) -> f64 {
        if self.documents.is_empty() {
            0.0
        } else {
            self.total_len as f64 / self.documents.len() as f64
        }
    }

    /// Total tokens of all documents.
    pub fn total_len(&self) -> u64 {
        self.total_len
    }

    /// The id of a stemmed token, when some document contains it.
    pub fn term(&self, token: &str) -> Option<TermId> {
        self.vocabulary.get(token).copied()
    }

    /// Number of documents containing `term` (`df`).
    pub fn df(&self, term: TermId) -> u32 {
        self.postings
            .get(term as usize)
            .map_or(0, |p| p.len() as u32)
    }

    /// Ascending ids of the documents containing `term`.
    pub fn postings(&self, term: TermId) -> &[u32] {
        self.postings.get(term as usize).map_or(&[], Vec::as_slice)
    }

    /// The document with id `doc`.
    pub fn document(&self, doc: u32) -> Option<&Document> {
        self.documents.get(doc as usize)
    }

    /// Writes the terms (stems by id) and the documents; postings and
    /// totals follow from them.
    pub fn write(&self, w: &mut Writer) {
        let mut stems = vec![""; self.postings.len()];
        for (stem, &term) in &self.vocabulary {
            if let Some(slot) = stems.get_mut(term as usize) {
                *slot = stem;
            }
        }
        w.number(stems.len() as u64);
        stems.iter().for_each(|stem| w.text(stem));
        w.number(self.documents.len() as u64);
        for document in &self.documents {
            w.number(u64::from(document.len));
            w.number(document.terms.len() as u64);
            let mut previous = 0;
            for &(term, tf) in &document.terms {
                w.number(u64::from(term - previous));
                w.number(u64::from(tf));
                previous = term;
            }
        }
    }

    /// Reads what [`Index::write`] wrote: the same index, or [`Corrupt`].
    /// Terms whose text adds up to more than `text_bytes` are corrupt
    /// (see `Catalog::text_bytes`), so that what is allocated stays in
    /// proportion to the catalog, whatever the bytes declare.
    pub fn read(r: &mut Reader, text_bytes: usize) -> Result<Index, Corrupt> {
        let terms = r.count()?;
        let mut index = Index::default();
        let mut left = text_bytes;
        for term in 0..terms {
            let text = r.text()?;
            left = left.checked_sub(text.len().max(1)).ok_or(Corrupt)?;
            let known = index.vocabulary.insert(text.to_owned(), term as TermId);
            if known.is_some() {
                return Err(Corrupt);
            }
        }
        let documents = r.count()?;
        for _ in 0..documents {
            let len = r.small()?;
            let count = r.count()?;
            let mut document = Document {
                len,
                terms: Vec::new(),
            };
            let mut term = 0u32;
            for i in 0..count {
                let step = r.small()?;
                term = term.checked_add(step).ok_or(Corrupt)?;
                let tf = r.small()?;
                if (i > 0 && step == 0) || tf == 0 || term as usize >= terms {
                    return Err(Corrupt);
                }
                document.terms.push((term, tf));
            }
            index.total_len += u64::from(len);
            index.documents.push(document);
        }
        index.postings = postings_of(index.documents.iter().map(|d| d.terms.as_slice()), terms);
        Ok(index)
    }
}

/// Builds an [`Index`] one document at a time. Each distinct lowercased word
/// is stemmed and looked up once per build.
#[derive(Debug, Default)]
pub(crate) struct IndexBuilder {
    index: Index,
    word_terms: WordTerms,
    /// Occurrences of each term in the current document.
    counts: Vec<u32>,
    /// Terms of the current document, in first-seen order.
    touched: Vec<TermId>,
    len: u32,
}

impl IndexBuilder {
    /// Appends the tokens of `text` (§5.4) to the current document.
    pub(crate) fn add_text(&mut self, text: &str) {
        let IndexBuilder {
            index,
            word_terms,
            counts,
            touched,
            len,
        } = self;
        for_each_word(text, |word| {
            let term = word_terms.get_or_insert_with(word, || {
                let next = index.vocabulary.len() as TermId;
                let term = *index.vocabulary.entry(english::stem(word)).or_insert(next);
                if term == next {
                    counts.push(0);
                }
                term
            });
            if let Some(count) = counts.get_mut(term as usize) {
                if *count == 0 {
                    touched.push(term);
                }
                *count += 1;
            }
            *len += 1;
        });
    }

    /// Closes the current document; the next text starts a new one.
    pub(crate) fn end_document(&mut self) {
        self.touched.sort_unstable();
        let mut terms = Vec::with_capacity(self.touched.len());
        for &term in &self.touched {
            let count = self.counts.get_mut(term as usize).map_or(0, std::mem::take);
            terms.push((term, count));
        }
        self.touched.clear();
        self.index.total_len += u64::from(self.len);
        self.index.documents.push(Document {
            len: std::mem::take(&mut self.len),
            terms,
        });
    }

    /// The finished index.
    pub(crate) fn finish(mut self) -> Index {
        let terms = self.index.vocabulary.len();
        self.index.postings = postings_of(
            self.index.documents.iter().map(|d| d.terms.as_slice()),
            terms,
        );
        self.index
    }
}

/// Per term, the documents holding it, in order, from the documents' term
/// lists (`(term, frequency)`). Each list is allocated once at its final
/// length (growing them a document at a time cost a quarter of a first index
/// build in freshly loaded wasm).
fn postings_of<'a>(
    documents: impl Iterator<Item = &'a [(TermId, u32)]> + Clone,
    terms: usize,
) -> Vec<Vec<u32>> {
    let mut df = vec![0usize; terms];
    for list in documents.clone() {
        for &(term, _) in list {
            if let Some(n) = df.get_mut(term as usize) {
                *n += 1;
            }
        }
    }
    let mut postings: Vec<Vec<u32>> = df.into_iter().map(Vec::with_capacity).collect();
    for (doc, list) in documents.enumerate() {
        for &(term, _) in list {
            if let Some(list) = postings.get_mut(term as usize) {
                list.push(doc as u32);
            }
        }
    }
    postings
}

/// Term ids of lowercased words. Words of up to 16 bytes (nearly all) are
/// keyed by their bytes packed into an integer, which avoids a pointer chase
/// per lookup; that halved the cost of indexing a catalog. In front of that
/// map, a direct-mapped cache of recent words answers most lookups with one
/// comparison (text repeats its common words).
#[derive(Debug, Default)]
pub(crate) struct WordTerms {
    short: FastMap<u128, TermId>,
    long: FastMap<Box<str>, TermId>,
    /// `RECENT_SLOTS` slots of `(key, term)`, key 0 for an empty slot;
    /// allocated once the map holds `RECENT_AFTER` words, so that a small
    /// index (a connector search's) never pays for it.
    recent: Vec<(u128, TermId)>,
}

/// Slots of the cache of recent words (a power of two).
const RECENT_SLOTS: usize = 4096;
/// Distinct words an index holds before the cache of recent words is made.
const RECENT_AFTER: usize = 512;

impl WordTerms {
    /// The term of `word`, from `term` the first time the word is seen.
    pub(crate) fn get_or_insert_with(
        &mut self,
        word: &str,
        term: impl FnOnce() -> TermId,
    ) -> TermId {
        match pack(word) {
            Some(key) => {
                if self.recent.is_empty() && self.short.len() >= RECENT_AFTER {
                    self.recent = vec![(0, 0); RECENT_SLOTS];
                }
                let slot = recent_slot(key);
                if let Some(&(known, id)) = self.recent.get(slot) {
                    if known == key {
                        return id;
                    }
                }
                let id = *self.short.entry(key).or_insert_with(term);
                if let Some(entry) = self.recent.get_mut(slot) {
                    *entry = (key, id);
                }
                id
            }
            None => match self.long.get(word) {
                Some(&known) => known,
                None => *self.long.entry(word.into()).or_insert_with(term),
            },
        }
    }
}

/// The cache slot of a packed word: its two halves mixed by a multiply.
fn recent_slot(key: u128) -> usize {
    let mixed = ((key as u64) ^ ((key >> 64) as u64)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed >> (64 - RECENT_SLOTS.trailing_zeros())) as usize
}

/// The bytes of a word of at most 16 bytes as one integer. Words never hold a
/// zero byte, so the zero padding cannot make two words equal.
fn pack(word: &str) -> Option<u128> {
    let bytes = word.as_bytes();
    if bytes.len() > 16 {
        return None;
    }
    let mut buffer = [0u8; 16];
    buffer[..bytes.len()].copy_from_slice(bytes);
    Some(u128::from_le_bytes(buffer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_terms_give_each_word_one_id_through_the_cache_of_recent_words() {
        // Enough distinct words to make the cache and to collide in it, each
        // met many times, short and long.
        let words: Vec<String> = (0..6_000u32)
            .map(|i| match i % 3 {
                0 => format!("w{i}"),
                1 => format!("word{i}x"),
                _ => format!("a-rather-long-word-number-{i}"),
            })
            .collect();
        let mut terms = WordTerms::default();
        let mut expected: std::collections::HashMap<&str, TermId> =
            std::collections::HashMap::new();
        let mut next: TermId = 0;
        for round in 0..3u32 {
            for (i, word) in words.iter().enumerate() {
                if (i as u32 + round) % 2 == 0 {
                    continue;
                }
                let id = terms.get_or_insert_with(word, || {
                    next += 1;
                    next - 1
                });
                assert_eq!(id, *expected.entry(word).or_insert(id), "{word}");
            }
        }
        assert_eq!(expected.len(), words.len());
        assert_eq!(next as usize, words.len());
    }

    #[test]
    fn counts_lengths_frequencies_and_document_frequencies() {
        let index = Index::build(["a b a", "B c", ""]);
        assert_eq!(index.len(), 3);
        assert!((index.average_len() - 5.0 / 3.0).abs() < 1e-12);
        let a = index.term("a").unwrap();
        let b = index.term("b").unwrap();
        assert_eq!(index.df(a), 1);
        assert_eq!(index.df(b), 2);
        assert_eq!(index.postings(b), &[0, 1]);
        assert_eq!(index.document(0).unwrap().tf(a), 2);
        assert_eq!(index.document(1).unwrap().tf(a), 0);
        assert_eq!(index.term("z"), None);
    }

    #[test]
    fn reads_back_what_it_writes() {
        let index = Index::build([
            "Creating issues",
            "",
            "list issues and pull requests",
            "a a b",
        ]);
        let mut w = Writer::default();
        index.write(&mut w);
        let bytes = w.into_bytes();
        let mut r = Reader::new(&bytes);
        assert_eq!(Index::read(&mut r, usize::MAX), Ok(index));
        assert_eq!(r.finish(), Ok(()));
        for cut in 0..bytes.len() {
            assert_eq!(
                Index::read(&mut Reader::new(&bytes[..cut]), usize::MAX),
                Err(Corrupt),
                "{cut} of {} bytes read as an index",
                bytes.len()
            );
        }
    }

    #[test]
    fn stems_document_words() {
        let index = Index::build(["Creating issues"]);
        assert!(index.term("creat").is_some());
        assert!(index.term("issu").is_some());
        assert_eq!(index.document(0).unwrap().len, 2);
    }
}
