//! How tools reach the model and how the model calls them: the words the
//! model reads depend on both, so this sits below the sentences
//! (`messages`) and everything that writes them.

/// Who loads a deferred tool once `tool_search` has found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Loading {
    /// The model, through `tool_describe` and `tool_call`: the three bridges.
    Bridges,
    /// The provider, from the tools it was given with `defer_loading`:
    /// `tool_search` alone.
    Provider,
}

/// How the model called a tool: the words of a rejection follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    /// Through `tool_call`.
    Bridge,
    /// By its own name: a deferred tool the provider loaded.
    Direct,
}
