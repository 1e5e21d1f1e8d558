//! What one session's tool list implies (classification, catalog, listing
//! blocks), computed once per distinct list and reused while it is unchanged.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use crate::catalog::Catalog;
use crate::classify::{Classifier, Split};
use crate::config::Config;
use crate::enhanced::EnhancedIndex;
use crate::listing::{catalog_blocks, Blocks, ListingWords};
use crate::ranking::Ranker;
use crate::reserved::MANAGE_CONNECTIONS;
use crate::session::{DeclaredSource, Session};
use crate::snapshot::{self, Refusal};

/// Listing blocks with what they were built from.
#[derive(Debug)]
struct CachedListing {
    /// The session's declared rows.
    declared: Vec<DeclaredSource>,
    /// The header of the words they were written in (one per word set).
    header: &'static str,
    blocks: Rc<Blocks>,
}

/// A prepared session tool list.
#[derive(Debug)]
pub struct Prepared {
    /// Visible and deferrable positions.
    pub split: Split,
    /// The deferrable tools, searchable.
    pub catalog: Catalog,
    /// `manage_connections` is among the session's tools and connectors are
    /// allowed by the configuration.
    pub connections_granted: bool,
    /// Listing blocks for the declared rows and words they were built with.
    listing: RefCell<Option<CachedListing>>,
    /// The enhanced ranking's index, built on its first search.
    enhanced: OnceCell<EnhancedIndex>,
    /// The catalog's vectors for the semantic leg, once the host embedded them.
    pub vectors: RefCell<Option<Vec<Rc<[f32]>>>>,
}

impl Prepared {
    /// Classifies and indexes the session's tools.
    pub fn new(session: &Session, classifier: &Classifier, connectors_enabled: bool) -> Prepared {
        let split = classifier.split(&session.tools);
        Prepared {
            catalog: Catalog::build(&session.tools, &split.deferrable),
            connections_granted: connectors_enabled && session.has_tool(MANAGE_CONNECTIONS),
            split,
            listing: RefCell::new(None),
            enhanced: OnceCell::new(),
            vectors: RefCell::new(None),
        }
    }

    /// Classifies the session's tools and restores their indexes from a
    /// snapshot ([`Prepared::snapshot`]), refused unless it is one of these
    /// very tools.
    pub fn restore(
        session: &Session,
        classifier: &Classifier,
        connectors_enabled: bool,
        bytes: &[u8],
    ) -> Result<Prepared, Refusal> {
        let split = classifier.split(&session.tools);
        let entries = Catalog::entries_of(&session.tools, &split.deferrable);
        let restored = snapshot::read(bytes, &entries)?;
        let enhanced = OnceCell::new();
        if let Some(index) = restored.enhanced {
            let _ = enhanced.set(index);
        }
        Ok(Prepared {
            catalog: Catalog::with_index(entries, restored.index),
            connections_granted: connectors_enabled && session.has_tool(MANAGE_CONNECTIONS),
            split,
            listing: RefCell::new(None),
            enhanced,
            vectors: RefCell::new(None),
        })
    }

    /// Takes the enhanced index of a snapshot of this very catalog when none
    /// is built yet; what is built stays as it is, and a snapshot that adds
    /// nothing is refused as not needed.
    pub fn adopt(&self, bytes: &[u8]) -> Result<(), Refusal> {
        let restored = snapshot::read(bytes, self.catalog.entries())?;
        let taken = restored
            .enhanced
            .is_some_and(|index| self.enhanced.set(index).is_ok());
        if taken {
            Ok(())
        } else {
            Err(Refusal::NotNeeded)
        }
    }

    /// The catalog's indexes as bytes: the reference index, and the enhanced
    /// one too when `enhanced` (it is built first if need be).
    pub fn snapshot(&self, enhanced: bool) -> Vec<u8> {
        snapshot::write(&self.catalog, enhanced.then(|| self.enhanced_index()))
    }

    /// The catalog under the configured ranking.
    pub fn ranker(&self, config: &Config) -> Ranker<'_> {
        Ranker::new(config, &self.catalog, || self.enhanced_index())
    }

    /// The catalog's enhanced index.
    pub fn enhanced_index(&self) -> &EnhancedIndex {
        self.enhanced
            .get_or_init(|| EnhancedIndex::build(self.catalog.entries()))
    }

    /// The listing blocks of this catalog with the session's declared rows,
    /// in `words`, reused while the rows and the words are unchanged.
    pub fn blocks(&self, session: &Session, words: &ListingWords) -> Rc<Blocks> {
        if let Some(cached) = &*self.listing.borrow() {
            if cached.declared == session.declared && cached.header == words.header {
                return Rc::clone(&cached.blocks);
            }
        }
        let blocks = Rc::new(catalog_blocks(&self.catalog, &session.declared, words));
        *self.listing.borrow_mut() = Some(CachedListing {
            declared: session.declared.clone(),
            header: words.header,
            blocks: Rc::clone(&blocks),
        });
        blocks
    }
}
