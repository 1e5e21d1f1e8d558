//! The host's session read lazily from JavaScript: whole definitions and
//! toolset lookups happen only on the paths that need them.

use js_sys::{Object, Reflect, JSON};
use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::reflect;
use crate::session::tooldef::annotations;
use crate::session::SessionSource;

#[wasm_bindgen]
extern "C" {
    /// The session as the facade passes it on every call (`#session` in
    /// `pkg/src/facade.js`): one plain object it built itself, so reading
    /// it cannot throw.
    pub type SessionValue;

    /// The interned id of each tool, in session order.
    #[wasm_bindgen(method, getter)]
    pub fn ids(this: &SessionValue) -> Vec<u32>;

    /// `session.tools`, the host's own tool objects.
    #[wasm_bindgen(method, getter)]
    pub fn tools(this: &SessionValue) -> JsValue;

    /// `session.toolsets`, or null.
    #[wasm_bindgen(method, getter)]
    pub fn toolsets(this: &SessionValue) -> JsValue;

    /// `session.declaredSources` as JSON text.
    #[wasm_bindgen(method, getter)]
    pub fn declared(this: &SessionValue) -> String;

    /// Each tool's compact JSON length (assembly only).
    #[wasm_bindgen(method, getter)]
    pub fn sizes(this: &SessionValue) -> Vec<u32>;
}

thread_local! {
    /// The key `annotations` as a JS string, made once: a search reads it
    /// for each record it returns.
    static ANNOTATIONS_KEY: JsValue = JsValue::from_str("annotations");
}

/// `session.tools` and `session.toolsets` as the host passed them, with the
/// JSON sizes of the tools when the call needs them (assembly).
pub(crate) struct JsSessionSource {
    tools: JsValue,
    toolsets: JsValue,
    sizes: Vec<u32>,
}

impl JsSessionSource {
    /// Wraps the host's values; nothing is read yet.
    pub(crate) fn new(tools: JsValue, toolsets: JsValue, sizes: Vec<u32>) -> JsSessionSource {
        JsSessionSource {
            tools,
            toolsets,
            sizes,
        }
    }

    /// `toolsets[key]` when it is an own string. A key holding a lone
    /// surrogate reaches Rust as U+FFFD (as the tool's name does), so a
    /// `key` with U+FFFD that is not an own key is looked for among the keys
    /// as Rust reads them.
    fn own_string(&self, key: &str) -> Option<String> {
        let toolsets = object(&self.toolsets)?;
        let mut own = JsValue::from_str(key);
        if !reflect::has_own(toolsets, &own) {
            if !key.contains('\u{FFFD}') {
                return None;
            }
            own = reflect::own_keys(toolsets)
                .iter()
                .find(|k| k.as_string().as_deref() == Some(key))?;
        }
        Reflect::get(toolsets, &own).ok()?.as_string()
    }
}

/// `value` as an object when it is one: any object, also one without a
/// prototype (a prepared session's own copy of the toolsets, or a host's
/// `Object.create(null)`), which is no `instanceof Object`.
fn object(value: &JsValue) -> Option<&Object> {
    value.is_object().then(|| value.unchecked_ref::<Object>())
}

impl SessionSource for JsSessionSource {
    fn def(&self, index: usize) -> Option<Value> {
        if !self.tools.is_object() {
            return None;
        }
        let tool = Reflect::get_u32(&self.tools, index as u32).ok()?;
        let text = JSON::stringify(&tool).ok()?.as_string()?;
        // A lone surrogate reads as U+FFFD here as in the catalog's rows.
        crate::bridge::json_text::parse_json(&text).ok()
    }

    fn toolset_of(&self, name: &str) -> Option<String> {
        self.own_string(name)
    }

    fn registered_names(&self) -> Vec<String> {
        let Some(toolsets) = object(&self.toolsets) else {
            return Vec::new();
        };
        reflect::own_keys(toolsets)
            .iter()
            .filter_map(|key| key.as_string())
            .filter(|key| self.own_string(key).is_some())
            .collect()
    }

    fn json_chars(&self, index: usize) -> usize {
        self.sizes.get(index).map_or(0, |&n| n as usize)
    }

    /// Reads only the tool's `annotations`: a search's records ask for a
    /// few tools each turn, and the whole definition is not needed.
    fn annotations(&self, index: usize) -> Option<Map<String, Value>> {
        if !self.tools.is_object() {
            return None;
        }
        let tool = Reflect::get_u32(&self.tools, index as u32).ok()?;
        let tool = object(&tool)?;
        let given = ANNOTATIONS_KEY.with(|key| Reflect::get(tool, key)).ok()?;
        if !given.is_object() {
            return None;
        }
        let text = JSON::stringify(&given).ok()?.as_string()?;
        let value = crate::bridge::json_text::parse_json(&text).ok()?;
        annotations(Some(&value))
    }
}
