//! Reading a host's objects without letting a throw cross Rust frames. A
//! Proxy trap or a revoked Proxy may throw from `Object.keys` and friends;
//! js-sys's own bindings for them do not catch, and an exception unwinding
//! through the engine would leave a call unsettled and its state half held.
//! Here every throw reads as "nothing there".

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Object, js_name = hasOwn)]
    fn has_own_or_throw(target: &Object, key: &JsValue) -> Result<bool, JsValue>;

    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn keys_or_throw(target: &Object) -> Result<Array, JsValue>;

    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array_or_throw(value: &JsValue) -> Result<bool, JsValue>;

    #[wasm_bindgen(catch, js_namespace = Array, js_name = from)]
    fn from_or_throw(value: &JsValue) -> Result<Array, JsValue>;
}

/// Whether `key` is an own property of `target`; false when asking throws.
pub(crate) fn has_own(target: &Object, key: &JsValue) -> bool {
    has_own_or_throw(target, key).unwrap_or(false)
}

/// The own enumerable string keys of `target` (`Object.keys`), as the host
/// spells them; none when listing them throws.
pub(crate) fn own_keys(target: &Object) -> Array {
    keys_or_throw(target).unwrap_or_default()
}

/// A plain copy of `value` when it is an array (a Proxy of one included);
/// `None` for anything else or when copying throws.
pub(crate) fn array_copy(value: &JsValue) -> Option<Array> {
    if !is_array_or_throw(value).unwrap_or(false) {
        return None;
    }
    from_or_throw(value).ok()
}
