//! Remote connector tools of the hosted gateway (spec §11).

mod name;

pub use name::is_connector_name;
