//! A bridge answer as the facade reads it: `[kind, text, facts]`, where
//! `facts` is the search's matches, the error's class, the executor's
//! result or a batch's `[succeeded, failed]` (`answerOf` in
//! pkg/src/facade.js names them; the array keeps the wasm small).

use js_sys::Array;
use wasm_bindgen::JsValue;

use super::host::ToolResult;
use crate::bridge::answer::Answer;

/// `answer` as `[kind, text, facts]`; a tool's text and value come from
/// JavaScript as they are (see [`ToolResult`]).
pub(crate) fn encode(answer: Answer<ToolResult>) -> JsValue {
    let (kind, text, facts) = match answer {
        Answer::Bridge { text, matches } => (
            "bridge",
            text.into(),
            matches
                .into_iter()
                .map(JsValue::from)
                .collect::<Array>()
                .into(),
        ),
        Answer::Error { text, class } => ("error", text.into(), class.into()),
        Answer::Tool { returned, .. } => ("tool", returned.text, returned.value),
        Answer::Connectors {
            text,
            succeeded,
            failed,
        } => (
            "connectors",
            text.into(),
            Array::of2(&(succeeded as f64).into(), &(failed as f64).into()).into(),
        ),
    };
    Array::of3(&kind.into(), &text, &facts).into()
}
