//! Remote connector tools of the hosted gateway (spec §11): named
//! `connectors__<connector>__<tool>`, searched, described and called through
//! the same bridge tools. Every leg degrades to the local answer when the
//! gateway fails; only the `connectors` field reports it.

mod batch;
mod describe;
mod execute;
mod failure;
mod http;
mod manage;
mod name;
mod search;

pub use batch::{run_batch, MAX_BATCH};
pub use describe::{describe_leg, DescribeLeg};
pub use execute::{CallContext, Surface};
pub use failure::LegFailure;
pub use http::{positive_u32, Timeouts};
pub use manage::{manage_connections, manage_connections_tool};
pub use name::{is_connector_name, ConnectorName};
pub use search::{search_leg, RemoteGroup, SearchLeg};
