//! The listing embedded in the `tool_search` description (spec §7): every
//! deferred capability by name, as far as the token budget allows.

mod blocks;
mod budget;
mod render;
mod short;

pub(crate) use blocks::catalog_blocks;
pub(crate) use budget::{context_share, listing_budget};
pub use render::ListingForm;
pub(crate) use render::{Blocks, ListingWords};
