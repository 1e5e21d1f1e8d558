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

pub(crate) use describe::{describe_leg, DescribeLeg};
pub(crate) use execute::{execute, CallError, NotConnected, Outcome};
pub use execute::{CallContext, Surface};
pub(crate) use failure::LegFailure;
pub(crate) use http::{send, Detail, Failure, FailureKind, Timeouts};
pub(crate) use name::{is_connector_name, ConnectorName};
pub(crate) use search::search_leg;
