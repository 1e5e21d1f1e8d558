//! Timeouts for promises: a race with `setTimeout`, whose timer is always
//! cleared (a pending timer would keep Node from exiting).

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &JsValue, ms: i32) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(handle: &JsValue);
}

/// Waits for `promise` at most `ms` milliseconds, and no longer than until
/// `signal` (an `AbortSignal`, when given) aborts: `None` on timeout or
/// abort, else its fulfilment (`Ok`) or rejection (`Err`).
pub async fn within(promise: &Promise, ms: u32) -> Option<Result<JsValue, JsValue>> {
    within_or_aborted(promise, ms, None).await
}

/// [`within`], also ending when `signal` aborts.
pub async fn within_or_aborted(
    promise: &Promise,
    ms: u32,
    signal: Option<&JsValue>,
) -> Option<Result<JsValue, JsValue>> {
    let marker: JsValue = Object::new().into();
    let mut handle = JsValue::UNDEFINED;
    let mut listener = JsValue::UNDEFINED;
    let racers = Array::of1(promise);
    racers.push(&Promise::new(&mut |resolve, _reject| {
        let marker = marker.clone();
        let fire = Closure::once_into_js(move || {
            let _ = resolve.call1(&JsValue::NULL, &marker);
        });
        handle = set_timeout(&fire, i32::try_from(ms).unwrap_or(i32::MAX));
    }));
    if signal.is_some_and(is_aborted) {
        // Settled promises win a race in order: an answer already given
        // still counts.
        racers.push(&Promise::resolve(&marker));
    } else if let Some(signal) = signal {
        racers.push(&Promise::new(&mut |resolve, _reject| {
            let marker = marker.clone();
            let fire = Closure::once_into_js(move || {
                let _ = resolve.call1(&JsValue::NULL, &marker);
            });
            if call_method(signal, "addEventListener", &fire) {
                listener = fire;
            }
        }));
    }
    let outcome = JsFuture::from(Promise::race(&racers)).await;
    clear_timeout(&handle);
    if let Some(signal) = signal.filter(|_| !listener.is_undefined()) {
        call_method(signal, "removeEventListener", &listener);
    }
    match outcome {
        Ok(value) if Object::is(&value, &marker) => None,
        other => Some(other),
    }
}

/// `signal.aborted` is true (a read that throws counts as not aborted).
pub fn is_aborted(signal: &JsValue) -> bool {
    signal.is_object() && Reflect::get(signal, &"aborted".into()).is_ok_and(|a| a == JsValue::TRUE)
}

/// `target[method]("abort", listener)`; false when it is no function or throws.
fn call_method(target: &JsValue, method: &str, listener: &JsValue) -> bool {
    Reflect::get(target, &method.into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .is_some_and(|f| f.call2(target, &"abort".into(), listener).is_ok())
}
