//! What one session's tool list implies (classification, catalog, listing
//! blocks), computed once per distinct list and reused while it is unchanged.

use std::cell::RefCell;
use std::rc::Rc;

use crate::assemble::listing_blocks;
use crate::catalog::Catalog;
use crate::classify::{Classifier, Split};
use crate::listing::Blocks;
use crate::names::MANAGE_CONNECTIONS;
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
        }
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
