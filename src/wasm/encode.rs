//! What the engine answers, written as plain JavaScript values: the facade
//! reads each as the `.d.ts` declares it and parses no JSON text to learn
//! what the engine said. Records go through `serde-wasm-bindgen` in its
//! JSON-compatible form (maps as objects, `None` as `null`), the shape the
//! native JSON path gives; a bridge answer, made on every model call, is
//! written key by key, each key a string made once.

use js_sys::{Array, Object};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::host::ToolResult;
use crate::assemble::Assembly;
use crate::bridge::answer::{Answer, Facts, LegOutcome};
use crate::enhanced::Confidence;

/// `value` as a plain JavaScript value, through `serde_json::Value`: the
/// wasm serializer is made once, for `Value`, not once per type. A number
/// no JavaScript number holds exactly (an integer past 2^53 in a server's
/// schema) is what `JSON.parse` makes of it: the record goes as JSON text
/// then.
pub(crate) fn record<T: Serialize + ?Sized>(value: &T) -> JsValue {
    json(&serde_json::to_value(value).unwrap_or(Value::Null))
}

/// A JSON value as a plain JavaScript value (see [`record`]).
fn json(value: &Value) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .or_else(|_| js_sys::JSON::parse(&value.to_string()))
        .unwrap_or(JsValue::NULL)
}

/// An assembly: its record's keys (`visible`, `activated`, `tier`, ...) and
/// `bridge`, the bridge tools as objects, in order. The bridges are made as
/// JSON text, the bytes a prompt cache keeps: `JSON.parse` makes them
/// objects in one crossing, where writing them value by value takes one per
/// value.
pub(crate) fn assembly(assembly: &Assembly) -> JsValue {
    let object = record(assembly);
    let bridge = js_sys::JSON::parse(&assembly.bridge).unwrap_or_else(|_| Array::new().into());
    set(&object, Key::Bridge, &bridge);
    object
}

/// A bridge answer as `{kind, text, ...}`: `matches` (a bridge's answer),
/// `class` (an error), `result` (what the executor returned, untouched) or
/// `succeeded` and `failed` (a connector batch). With `facts`, a bridge's
/// answer and a batch's carry `facts` too, what the host's events read:
/// `{groups?, connectorLeg?, described?}` (see `bridge_facts`) or
/// `{errors}`.
pub(crate) fn answer(answer: Answer<ToolResult>, facts: bool) -> JsValue {
    let object: JsValue = Object::new().into();
    match answer {
        Answer::Bridge {
            text,
            matches,
            facts: said,
        } => {
            set_kind(&object, Key::Bridge);
            set(&object, Key::Text, &text.into());
            if facts {
                set(&object, Key::Facts, &bridge_facts(said, &matches));
            }
            let names: Array = matches.into_iter().map(JsValue::from).collect();
            set(&object, Key::Matches, &names);
        }
        Answer::Error { text, class } => {
            set_kind(&object, Key::Error);
            set(&object, Key::Text, &text.into());
            set(&object, Key::Class, &class.into());
        }
        Answer::Tool { returned, .. } => {
            set_kind(&object, Key::Tool);
            set(&object, Key::Text, &returned.text);
            set(&object, Key::Result, &returned.value);
        }
        Answer::Connectors {
            text,
            succeeded,
            failed,
            errors,
        } => {
            set_kind(&object, Key::Connectors);
            set(&object, Key::Text, &text.into());
            set(&object, Key::Succeeded, &(succeeded as f64).into());
            set(&object, Key::Failed, &(failed as f64).into());
            if facts {
                let said: JsValue = Object::new().into();
                let codes: Array = errors.into_iter().map(JsValue::from).collect();
                set(&said, Key::Errors, &codes);
                set(&object, Key::Facts, &said);
            }
        }
    }
    object
}

/// A bridge answer's facts (see [`Facts`]), each key only when it says
/// something: `groups`, a search's, as a `Uint32Array` holding per group,
/// in query order, its number of matches `n`, its label (0 none, 1 low,
/// 2 high), 1 when it is `repeated` else 0, then the `n` positions of its
/// matches in the answer's `matches` (the names cross once, and the queries
/// are the model's); `connectorLeg`, when the leg ran, `"answered"` or the
/// code it failed with; `described`, the names `tool_describe` gave. An
/// event is made on every call: each key set here is a crossing.
fn bridge_facts(facts: Facts, matches: &[String]) -> JsValue {
    let said: JsValue = Object::new().into();
    if !facts.groups.is_empty() {
        let mut groups: Vec<u32> = Vec::new();
        for group in &facts.groups {
            groups.push(group.matches.len() as u32);
            groups.push(match group.confidence {
                None => 0,
                Some(Confidence::Low) => 1,
                Some(Confidence::High) => 2,
            });
            groups.push(u32::from(group.repeated));
            for name in &group.matches {
                let at = matches.iter().position(|m| m == name).unwrap_or(usize::MAX);
                groups.push(at as u32);
            }
        }
        set(
            &said,
            Key::Groups,
            &js_sys::Uint32Array::from(groups.as_slice()),
        );
    }
    if let Some(leg) = facts.connector_leg {
        let leg = match leg {
            LegOutcome::Answered => "answered",
            LegOutcome::Failed(code) => code,
        };
        set(&said, Key::ConnectorLeg, &leg.into());
    }
    if !facts.described.is_empty() {
        let described: Array = facts.described.into_iter().map(JsValue::from).collect();
        set(&said, Key::Described, &described);
    }
    said
}

#[wasm_bindgen]
extern "C" {
    /// A plain object this module makes.
    #[wasm_bindgen(extends = Object)]
    type Plain;

    /// `object[key] = value`: a plain assignment, which cannot throw on an
    /// object made here (`Reflect.set` goes through a handler that catches).
    #[wasm_bindgen(method, structural, indexing_setter)]
    fn put(this: &Plain, key: &JsValue, value: &JsValue);
}

/// The keys written and the kinds of answer, in the order of [`KEYS`].
#[derive(Clone, Copy)]
enum Key {
    Kind,
    Text,
    Matches,
    Class,
    Result,
    Succeeded,
    Failed,
    Facts,
    Groups,
    ConnectorLeg,
    Described,
    Errors,
    Bridge,
    Error,
    Tool,
    Connectors,
}

thread_local! {
    /// Each [`Key`] as a JavaScript string, made once.
    static KEYS: [JsValue; 16] = [
        "kind", "text", "matches", "class", "result", "succeeded", "failed", "facts", "groups",
        "connectorLeg", "described", "errors", "bridge", "error", "tool", "connectors",
    ]
    .map(JsValue::from_str);
}

/// Sets `key` of an object this module made.
fn set(object: &JsValue, key: Key, value: &JsValue) {
    let plain: &Plain = object.unchecked_ref();
    KEYS.with(|keys| plain.put(&keys[key as usize], value));
}

/// Sets the answer's `kind` to `kind` (a kind's [`Key`]).
fn set_kind(object: &JsValue, kind: Key) {
    let plain: &Plain = object.unchecked_ref();
    KEYS.with(|keys| plain.put(&keys[Key::Kind as usize], &keys[kind as usize]));
}
