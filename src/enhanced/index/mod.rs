//! The enhanced ranking's index of one catalog: its fields (`fields`), the
//! names in every spelling (`names`) and the vocabulary the catalog teaches
//! (`vocabulary`).

mod fields;
mod names;
mod vocabulary;

pub(crate) use fields::{FieldIndex, Posting, TermId, FIELDS, PARAMS};
pub(crate) use vocabulary::{Vocabulary, SPELLING_WEIGHT};

use crate::bytes::{Corrupt, Reader, Writer};
use crate::catalog::Entry;

/// The enhanced ranking's view of one catalog: its field index and the
/// vocabulary learned from it.
#[derive(Debug, Default)]
pub struct EnhancedIndex {
    /// The field index.
    pub fields: FieldIndex,
    pub vocabulary: Vocabulary,
}

impl EnhancedIndex {
    /// Indexes `entries` and learns their vocabulary.
    pub fn build(entries: &[Entry]) -> EnhancedIndex {
        let fields = FieldIndex::build(entries);
        let vocabulary = Vocabulary::learn(&fields);
        EnhancedIndex { fields, vocabulary }
    }

    /// Writes the field index (the vocabulary is learned again on reading).
    pub fn write(&self, w: &mut Writer) {
        self.fields.write(w);
    }

    /// Reads what [`EnhancedIndex::write`] wrote for `entries`.
    pub fn read(r: &mut Reader, entries: &[Entry]) -> Result<EnhancedIndex, Corrupt> {
        let fields = FieldIndex::read(r, entries)?;
        let vocabulary = Vocabulary::learn(&fields);
        Ok(EnhancedIndex { fields, vocabulary })
    }
}
