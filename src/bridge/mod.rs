//! The bridge tools the model calls: `tool_search`, `tool_describe` (and,
//! later in the pipeline, `tool_call`), reading the model's arguments and
//! writing the JSON it reads back.

pub mod args;
pub mod call;
pub mod coerce;
pub mod describe;
pub mod messages;
pub mod refusal;
pub mod schemas;
pub mod search;
pub mod validate;
