//! The listing's rows for one catalog: each deferred tool under its source,
//! with its short description.

use super::render::{Blocks, ListingWords};
use super::short::short_description;
use crate::catalog::{label, Catalog};
use crate::session::DeclaredSource;

/// The listing blocks of a catalog's tools with the session's declared rows,
/// in `words`.
pub(crate) fn catalog_blocks(
    catalog: &Catalog,
    declared: &[DeclaredSource],
    words: &ListingWords,
) -> Blocks {
    let shorts: Vec<String> = catalog
        .entries()
        .iter()
        .map(|e| short_description(e.tool.def.description.as_deref().unwrap_or("")))
        .collect();
    Blocks::new(
        catalog
            .entries()
            .iter()
            .zip(shorts)
            .map(|(e, short)| (label(&e.source_name), e.name(), short)),
        declared,
        words,
    )
}
