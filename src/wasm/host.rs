//! The host's JavaScript callbacks as the engine's `Host` port. Callback
//! failures become values here; no exception escapes into the engine.

use js_sys::{Function, Promise, Reflect, JSON};
use serde_json::{Map, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::host::{Host, HostError};

/// `options.host` and the call's `ctx`.
pub struct JsHost {
    host: JsValue,
    ctx: JsValue,
}

impl JsHost {
    /// Wraps the host object and the context passed to its callbacks.
    pub fn new(host: JsValue, ctx: JsValue) -> JsHost {
        JsHost { host, ctx }
    }

    fn callback(&self, name: &str) -> Option<Function> {
        if !self.host.is_object() {
            return None;
        }
        Reflect::get(&self.host, &JsValue::from_str(name))
            .ok()?
            .dyn_into::<Function>()
            .ok()
    }
}

impl Host for JsHost {
    async fn execute_tool(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
    ) -> Result<String, HostError> {
        let execute = self.callback("executeTool").ok_or(HostError::Missing)?;
        let text =
            serde_json::to_string(arguments).map_err(|e| HostError::Failed(e.to_string()))?;
        // JSON.parse gives plain data: keys like `__proto__` stay own properties.
        let arguments = JSON::parse(&text).map_err(|e| HostError::Failed(describe(&e)))?;
        let returned = execute
            .call3(&self.host, &JsValue::from_str(name), &arguments, &self.ctx)
            .map_err(|e| HostError::Failed(describe(&e)))?;
        let value = JsFuture::from(Promise::resolve(&returned))
            .await
            .map_err(|e| HostError::Failed(describe(&e)))?;
        if let Some(text) = value.as_string() {
            return Ok(text);
        }
        match JSON::stringify(&value) {
            Ok(text) => Ok(text.as_string().unwrap_or_else(|| "null".to_owned())),
            Err(e) => Err(HostError::Failed(format!(
                "its result is not JSON: {}",
                describe(&e)
            ))),
        }
    }
}

/// The message of a thrown value: `error.message` for errors, else its text.
pub fn describe(thrown: &JsValue) -> String {
    if let Some(error) = thrown.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    if let Some(text) = thrown.as_string() {
        return text;
    }
    JSON::stringify(thrown)
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_else(|| "unknown error".to_owned())
}
