//! Timeouts for promises: a race with `setTimeout` (and with an
//! `AbortSignal`), whose timer is always cleared and whose listener is always
//! removed (a pending timer would keep Node from exiting). The callbacks
//! handed to JavaScript are owned here and freed when the race ends, so
//! nothing a call resolved to stays reachable.

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

/// Waits for `promise` at most `ms` milliseconds: `None` on timeout, else its
/// fulfilment (`Ok`) or rejection (`Err`).
pub(crate) async fn within(promise: &Promise, ms: u32) -> Option<Result<JsValue, JsValue>> {
    within_or_aborted(promise, ms, None).await
}

/// [`within`], also ending (`None`) when `signal` aborts. An answer already
/// given when the signal is found aborted still counts.
pub(crate) async fn within_or_aborted(
    promise: &Promise,
    ms: u32,
    signal: Option<&JsValue>,
) -> Option<Result<JsValue, JsValue>> {
    let marker: JsValue = Object::new().into();
    let racers = Array::of1(promise);
    let mut race = Race {
        timer: None,
        listener: None,
    };
    // `new Promise` runs its executor at once: there is always a resolver.
    let Some((timer, resolve)) = deferred() else {
        return Some(JsFuture::from(promise.clone()).await);
    };
    let fire = {
        let marker = marker.clone();
        Closure::once(move || {
            let _ = resolve.call1(&JsValue::NULL, &marker);
        })
    };
    let handle = set_timeout(
        fire.as_ref().unchecked_ref(),
        i32::try_from(ms).unwrap_or(i32::MAX),
    );
    race.timer = Some((handle, fire));
    racers.push(&timer);
    if let Some(signal) = signal {
        if is_aborted(signal) {
            // Settled promises win a race in order.
            racers.push(&Promise::resolve(&marker));
        } else if let Some((aborted, resolve)) = deferred() {
            let marker = marker.clone();
            let listener = Closure::once(move || {
                let _ = resolve.call1(&JsValue::NULL, &marker);
            });
            if call_method(signal, "addEventListener", listener.as_ref()) {
                race.listener = Some((signal.clone(), listener));
                racers.push(&aborted);
            }
        }
    }
    let outcome = JsFuture::from(Promise::race(&racers)).await;
    drop(race);
    match outcome {
        Ok(value) if Object::is(&value, &marker) => None,
        other => Some(other),
    }
}

/// The timer and the abort listener of one race; dropping it clears the
/// timer and removes the listener before their callbacks are freed, so
/// neither can run afterwards.
struct Race {
    timer: Option<(JsValue, Closure<dyn FnMut()>)>,
    listener: Option<(JsValue, Closure<dyn FnMut()>)>,
}

impl Drop for Race {
    fn drop(&mut self) {
        if let Some((handle, _)) = &self.timer {
            clear_timeout(handle);
        }
        if let Some((signal, listener)) = &self.listener {
            call_method(signal, "removeEventListener", listener.as_ref());
        }
    }
}

/// A pending promise and the function that resolves it.
fn deferred() -> Option<(Promise, Function)> {
    let mut resolver: Option<Function> = None;
    let promise = Promise::new(&mut |resolve, _reject| resolver = Some(resolve));
    resolver.map(|resolve| (promise, resolve))
}

/// `signal.aborted` is true (a read that throws counts as not aborted).
pub(crate) fn is_aborted(signal: &JsValue) -> bool {
    signal.is_object() && Reflect::get(signal, &"aborted".into()).is_ok_and(|a| a == JsValue::TRUE)
}

/// `target[method]("abort", listener)`; false when it is no function or throws.
fn call_method(target: &JsValue, method: &str, listener: &JsValue) -> bool {
    Reflect::get(target, &method.into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .is_some_and(|f| f.call2(target, &"abort".into(), listener).is_ok())
}
