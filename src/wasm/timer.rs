//! Timeouts for promises: a race with `setTimeout`, whose timer is always
//! cleared (a pending timer would keep Node from exiting).

use js_sys::{Array, Object, Promise};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &JsValue, ms: i32) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(handle: &JsValue);
}

/// Waits for `promise` at most `ms` milliseconds: `None` on timeout, else
/// its fulfilment (`Ok`) or rejection (`Err`).
pub async fn within(promise: &Promise, ms: u32) -> Option<Result<JsValue, JsValue>> {
    let marker: JsValue = Object::new().into();
    let mut handle = JsValue::UNDEFINED;
    let timer = {
        let marker = marker.clone();
        Promise::new(&mut |resolve, _reject| {
            let marker = marker.clone();
            let fire = Closure::once_into_js(move || {
                let _ = resolve.call1(&JsValue::NULL, &marker);
            });
            handle = set_timeout(&fire, i32::try_from(ms).unwrap_or(i32::MAX));
        })
    };
    let outcome = JsFuture::from(Promise::race(&Array::of2(promise, &timer))).await;
    clear_timeout(&handle);
    match outcome {
        Ok(value) if Object::is(&value, &marker) => None,
        other => Some(other),
    }
}
