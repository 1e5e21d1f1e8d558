//! What one session's tool list implies (classification, catalog, listing
//! blocks), computed once per distinct list and reused while it is unchanged.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use crate::assemble::listing_blocks;
use crate::catalog::Catalog;
use crate::classify::{Classifier, Split};
use crate::config::{Config, Ranking};
use crate::enhanced::{self, FieldIndex};
use crate::listing::Blocks;
use crate::names::MANAGE_CONNECTIONS;
use crate::search::Hit;
use crate::session::{DeclaredSource, Session};

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
    /// Listing blocks for the declared rows they were built with.
    listing: RefCell<Option<(Vec<DeclaredSource>, Rc<Blocks>)>>,
    /// The enhanced ranking's index, built on its first search.
    enhanced: OnceCell<FieldIndex>,
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
        }
    }

    /// Ranks the catalog for one query with the configured ranking.
    pub fn search(&self, query: &str, limit: usize, config: &Config) -> Vec<Hit> {
        match config.ranking {
            Ranking::Reference => self.catalog.search(query, limit),
            Ranking::Enhanced => {
                enhanced::search(self.enhanced_index(), query, config.rules(), limit)
            }
        }
    }

    /// The catalog's enhanced index.
    pub fn enhanced_index(&self) -> &FieldIndex {
        self.enhanced
            .get_or_init(|| FieldIndex::build(self.catalog.entries()))
    }

    /// The listing blocks of this catalog with the session's declared rows,
    /// reused while the rows are unchanged.
    pub fn blocks(&self, session: &Session) -> Rc<Blocks> {
        if let Some((declared, blocks)) = &*self.listing.borrow() {
            if *declared == session.declared {
                return Rc::clone(blocks);
            }
        }
        let blocks = Rc::new(listing_blocks(&self.catalog, session));
        *self.listing.borrow_mut() = Some((session.declared.clone(), Rc::clone(&blocks)));
        blocks
    }
}
