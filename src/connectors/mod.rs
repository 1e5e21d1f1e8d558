//! Remote connector tools of the hosted gateway (spec §11): named
//! `connectors__<connector>__<tool>`, searched, described and called through
//! the same bridge tools. Every leg degrades to the local answer when the
//! gateway fails; only the `connectors` field reports it.

mod describe;
mod execute;
mod failure;
mod http;
mod name;
mod search;

pub use describe::{describe_leg, DescribeLeg};
pub use execute::{execute, CallContext, CallError, NotConnected, Outcome, Surface};
pub use failure::LegFailure;
pub use http::{send, Detail, Failure, FailureKind, Timeouts};
pub use name::{is_connector_name, ConnectorName};
pub use search::search_leg;
