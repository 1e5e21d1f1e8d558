//! The bridge tools the model calls: `tool_search`, `tool_describe`,
//! `tool_call` (and `manage_connections`), reading the model's arguments and
//! writing the JSON it reads back.

pub mod answer;
pub mod args;
pub mod batch;
pub mod call;
pub mod coerce;
pub mod describe;
pub mod dispatch;
pub mod error;
pub mod guard;
pub mod json_text;
pub mod manage;
pub mod messages;
pub mod modes;
pub mod refusal;
pub mod schemas;
pub mod search;
pub mod turn;
pub mod validate;

pub use turn::Turn;
