//! The bridge tools the model calls: `tool_search`, `tool_describe`,
//! `tool_call` (and `manage_connections`), reading the model's arguments and
//! writing the JSON it reads back.

pub(crate) mod answer;
pub(crate) mod args;
pub(crate) mod batch;
pub(crate) mod call;
pub(crate) mod coerce;
pub(crate) mod describe;
pub(crate) mod dispatch;
pub(crate) mod error;
pub(crate) mod guard;
pub(crate) mod json_text;
pub(crate) mod manage;
pub(crate) mod messages;
pub(crate) mod modes;
pub(crate) mod refusal;
pub(crate) mod schemas;
pub(crate) mod search;
pub(crate) mod turn;
pub(crate) mod validate;

pub(crate) use turn::Turn;
