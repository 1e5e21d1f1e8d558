//! The host's JavaScript callbacks (and the built-in fetch client) as the
//! engine's `Host` port. Callback failures become values here; no exception
//! escapes into the engine, and every gateway request is bounded in time.

use js_sys::{Function, Promise, Reflect, Uint8Array, JSON};
use serde_json::{Map, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::future_to_promise;
use web_sys::AbortController;

use super::reflect;
use super::timer::{is_aborted, within, within_or_aborted};
use crate::config::positive_u32;
use crate::connectors::{CallContext, Surface};
use crate::host::{
    Approval, CallbackError, EmbedKind, GatewayError, Host, HostError, Refusal, Route, ToolOutput,
    Validation, Violation,
};

/// How long the host's callbacks may take and how large a gateway answer
/// may be: `options.timeouts.tool` (`executeTool`, default 10 minutes),
/// `options.timeouts.callback` (`beforeConnectorCall`, `connectCard`,
/// `manageMcp`, default 5 minutes) and `options.limits.gatewayAnswerChars`
/// (default 8 Mi characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// Deadline of `executeTool`, in milliseconds.
    pub tool_ms: u32,
    /// Deadline of the other callbacks, in milliseconds.
    pub callback_ms: u32,
    /// Longest gateway answer read, in UTF-16 units of its JSON text.
    pub answer_chars: u32,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            tool_ms: 600_000,
            callback_ms: 300_000,
            answer_chars: 8 << 20,
        }
    }
}

impl Bounds {
    /// The defaults with any positive number given in `options` instead.
    pub(crate) fn read(options: &Value) -> Bounds {
        let pick = |path: [&str; 2], default: u32| {
            positive_u32(options.get(path[0]).and_then(|o| o.get(path[1]))).unwrap_or(default)
        };
        let defaults = Bounds::default();
        Bounds {
            tool_ms: pick(["timeouts", "tool"], defaults.tool_ms),
            callback_ms: pick(["timeouts", "callback"], defaults.callback_ms),
            answer_chars: pick(["limits", "gatewayAnswerChars"], defaults.answer_chars),
        }
    }
}

/// `options.host` and the call's `ctx`.
pub(crate) struct JsHost {
    host: JsValue,
    ctx: JsValue,
    bounds: Bounds,
    validator: JsValue,
}

impl JsHost {
    /// Wraps the host object, the context passed to its callbacks and the
    /// package's argument validator (`validateArguments` of the entry files).
    pub(crate) fn new(host: JsValue, ctx: JsValue, bounds: Bounds, validator: JsValue) -> JsHost {
        JsHost {
            host,
            ctx,
            bounds,
            validator,
        }
    }

    /// `ctx.signal`, when the host passed one.
    fn signal(&self) -> Option<JsValue> {
        get(&self.ctx, "signal")
    }

    /// Set when `ctx.signal` has already aborted: then no callback starts.
    fn aborted_before(&self) -> Option<CallbackError> {
        self.signal()
            .as_ref()
            .is_some_and(is_aborted)
            .then_some(CallbackError::Aborted { started: false })
    }

    /// Waits for what a callback returned, within `ms` and until `ctx.signal`
    /// aborts; a rejection becomes [`CallbackError::Threw`].
    async fn settle(&self, returned: &JsValue, ms: u32) -> Result<JsValue, CallbackError> {
        let signal = self.signal();
        match within_or_aborted(&Promise::resolve(returned), ms, signal.as_ref()).await {
            Some(Ok(value)) => Ok(value),
            Some(Err(thrown)) => Err(CallbackError::Threw(describe(&thrown))),
            None if signal.as_ref().is_some_and(is_aborted) => {
                Err(CallbackError::Aborted { started: true })
            }
            None => Err(CallbackError::NoAnswer(ms)),
        }
    }

    /// The call context the engine reads from `ctx`.
    pub(crate) fn call_context(&self) -> CallContext {
        let text = |key: &str| get(&self.ctx, key).and_then(|v| v.as_string());
        CallContext {
            surface: text("surface").map_or(Surface::Link, |s| Surface::parse(&s)),
            return_to: text("returnTo").filter(|s| !s.is_empty()),
            turn: get(&self.ctx, "turn").and_then(|turn| turn_name(&turn)),
        }
    }

    fn callback(&self, name: &str) -> Option<Function> {
        get(&self.host, name)?.dyn_into::<Function>().ok()
    }

    fn gateway_callback(&self, route: Route) -> Option<(JsValue, Function)> {
        let gateway = get(&self.host, "gateway").filter(JsValue::is_object)?;
        let callback = get(&gateway, route.callback())?
            .dyn_into::<Function>()
            .ok()?;
        Some((gateway, callback))
    }

    /// `host.gatewayHttp`: its origin (no trailing `/`) and extra headers.
    fn http(&self) -> Option<(String, JsValue)> {
        let http = get(&self.host, "gatewayHttp").filter(JsValue::is_object)?;
        let origin = get(&http, "origin")?
            .as_string()?
            .trim_end_matches('/')
            .to_owned();
        (!origin.is_empty()).then(|| (origin, get(&http, "headers").unwrap_or(JsValue::UNDEFINED)))
    }

    /// Calls an optional callback with `args`; `None` when it is absent.
    async fn optional(
        &self,
        name: &str,
        args: &[&JsValue],
    ) -> Option<Result<JsValue, CallbackError>> {
        let callback = self.callback(name)?;
        if let Some(reason) = self.aborted_before() {
            return Some(Err(reason));
        }
        let args: js_sys::Array = args.iter().copied().collect();
        let returned = callback.apply(&self.host, &args);
        Some(match returned {
            Ok(value) => self.settle(&value, self.bounds.callback_ms).await,
            Err(e) => Err(CallbackError::Threw(describe(&e))),
        })
    }
}

/// What a tool returned, left in JavaScript: a result of any size passes
/// through without entering the wasm memory, which never shrinks.
pub(crate) struct ToolResult {
    /// The executor's value, untouched.
    pub value: JsValue,
    /// The text the model reads: the value when it is a string, else its
    /// JSON (`null` for what JSON cannot write, such as `undefined`).
    pub text: JsValue,
}

impl Host for JsHost {
    /// The engine's `ToolOutput::text` stays empty: the text is here.
    type Returned = ToolResult;

    async fn execute_tool(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
    ) -> Result<ToolOutput<ToolResult>, HostError> {
        let execute = self.callback("executeTool").ok_or(HostError::Missing)?;
        if let Some(reason) = self.aborted_before() {
            return Err(HostError::Failed(reason));
        }
        let arguments = to_js(&Value::Object(arguments.clone()))
            .map_err(|detail| HostError::Failed(CallbackError::NotJson(detail)))?;
        let returned = execute
            .call3(&self.host, &JsValue::from_str(name), &arguments, &self.ctx)
            .map_err(|e| HostError::Failed(CallbackError::Threw(describe(&e))))?;
        let value = self
            .settle(&returned, self.bounds.tool_ms)
            .await
            .map_err(HostError::Failed)?;
        let text = if value.is_string() {
            value.clone()
        } else {
            match JSON::stringify(&value) {
                Ok(text) if text.is_string() => text.into(),
                Ok(_) => JsValue::from_str("null"),
                Err(e) => {
                    return Err(HostError::Failed(CallbackError::ResultNotJson(describe(
                        &e,
                    ))))
                }
            }
        };
        Ok(ToolOutput {
            text: String::new(),
            returned: ToolResult { value, text },
        })
    }

    fn has_gateway(&self) -> bool {
        get(&self.host, "gateway").is_some_and(|g| g.is_object()) || self.http().is_some()
    }

    async fn gateway(
        &self,
        route: Route,
        body: &Value,
        key: Option<&str>,
        timeout_ms: u32,
    ) -> Result<Value, GatewayError> {
        let max = self.bounds.answer_chars;
        if let Some((gateway, callback)) = self.gateway_callback(route) {
            return call_gateway(&gateway, &callback, body, key, timeout_ms, max).await;
        }
        if get(&self.host, "gateway").is_some_and(|g| g.is_object()) {
            return Err(GatewayError::NotConfigured);
        }
        let (origin, headers) = self.http().ok_or(GatewayError::NotConfigured)?;
        fetch(
            &format!("{origin}/{}", route.path()),
            &headers,
            body,
            key,
            timeout_ms,
            max,
        )
        .await
    }

    async fn before_connector_call(&self, call: &Value) -> Result<(), Refusal> {
        let Ok(call) = to_js(call) else { return Ok(()) };
        match self
            .optional("beforeConnectorCall", &[&call, &self.ctx])
            .await
        {
            None => Ok(()),
            Some(Err(error)) => Err(Refusal::Failed(error)),
            Some(Ok(verdict)) => match denial(&verdict) {
                Some(reason) => Err(Refusal::Denied(reason)),
                None => Ok(()),
            },
        }
    }

    async fn approve(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
        annotations: Option<&Map<String, Value>>,
    ) -> Approval {
        let given = (
            to_js(&Value::Object(arguments.clone())),
            to_js(&Value::Object(annotations.cloned().unwrap_or_default())),
        );
        let (Ok(arguments), Ok(annotations)) = given else {
            return Approval::Failed(CallbackError::NotJson(None));
        };
        let name = JsValue::from_str(name);
        match self
            .optional("approve", &[&name, &arguments, &annotations, &self.ctx])
            .await
        {
            None => Approval::Allow,
            Some(Err(error)) => Approval::Failed(error),
            Some(Ok(verdict)) => {
                let reason = || get(&verdict, "reason").and_then(|r| r.as_string());
                let asks = verdict.as_string().as_deref() == Some("ask")
                    || get(&verdict, "ask").is_some_and(|a| a.is_truthy());
                match denial(&verdict) {
                    Some(reason) => Approval::Deny(reason),
                    None if asks => Approval::Ask(reason()),
                    None => Approval::Allow,
                }
            }
        }
    }

    async fn connect_card(&self, request: &Value) -> Option<Result<Value, CallbackError>> {
        let request = to_js(request).ok()?;
        let outcome = self.optional("connectCard", &[&request]).await?;
        Some(outcome.and_then(|v| from_js(&v)))
    }

    async fn manage_mcp(&self, request: &Value) -> Option<Result<Value, CallbackError>> {
        let request = to_js(request).ok()?;
        let outcome = self.optional("manageMcp", &[&request, &self.ctx]).await?;
        Some(outcome.and_then(|v| from_js(&v)))
    }

    async fn validate(&self, schema: &Value, instance: &Value) -> Validation {
        let Some(validate) = self.validator.dyn_ref::<Function>() else {
            return Validation::Unavailable;
        };
        let schema = JsValue::from_str(&schema.to_string());
        let instance = JsValue::from_str(&instance.to_string());
        let Ok(returned) = validate.call2(&JsValue::NULL, &schema, &instance) else {
            return Validation::Failed;
        };
        let answer = match within(&Promise::resolve(&returned), VALIDATE_TIMEOUT_MS).await {
            Some(Ok(answer)) => answer.as_string(),
            _ => None,
        };
        match answer.map(|text| serde_json::from_str::<Value>(&text)) {
            Some(Ok(Value::Null)) => Validation::Holds,
            Some(Ok(found)) => violation_of(&found).map_or(Validation::Failed, Validation::Broken),
            Some(Err(_)) | None => Validation::Failed,
        }
    }

    fn has_embedder(&self) -> bool {
        self.callback("embed").is_some()
    }

    async fn embed(
        &self,
        texts: &[String],
        kind: EmbedKind,
    ) -> Option<Result<Vec<Vec<f32>>, CallbackError>> {
        let embed = self.callback("embed")?;
        let list: js_sys::Array = texts.iter().map(|t| JsValue::from_str(t)).collect();
        let returned = match embed.call2(&self.host, &list, &JsValue::from_str(kind.as_str())) {
            Ok(value) => Promise::resolve(&value),
            Err(thrown) => return Some(Err(CallbackError::Threw(describe(&thrown)))),
        };
        Some(match within(&returned, EMBED_TIMEOUT_MS).await {
            None => Err(CallbackError::NoAnswer(EMBED_TIMEOUT_MS)),
            Some(Err(thrown)) => Err(CallbackError::Threw(describe(&thrown))),
            Some(Ok(vectors)) => read_vectors(&vectors).ok_or(CallbackError::NotJson(None)),
        })
    }

    fn interrupted(&self) -> bool {
        get(&self.ctx, "signal")
            .and_then(|s| get(&s, "aborted"))
            .is_some_and(|a| a == JsValue::TRUE)
    }

    fn new_key(&self) -> String {
        uuid_v4()
    }
}

/// How long loading and running the validator may take before the call runs
/// unvalidated (§10.5 fails open).
const VALIDATE_TIMEOUT_MS: u32 = 30_000;

/// How long `host.embed` may take before the turn goes on without it.
const EMBED_TIMEOUT_MS: u32 = 30_000;

/// `Float32Array[]` (or arrays of numbers) as vectors; `None` for any other
/// shape.
fn read_vectors(value: &JsValue) -> Option<Vec<Vec<f32>>> {
    reflect::array_copy(value)?
        .iter()
        .map(|item| {
            if let Some(floats) = item.dyn_ref::<js_sys::Float32Array>() {
                return Some(floats.to_vec());
            }
            reflect::array_copy(&item)?
                .iter()
                .map(|x| x.as_f64().map(|x| x as f32))
                .collect()
        })
        .collect()
}

/// Calls a `host.gateway` callback with `(body, {idempotencyKey?, signal})`.
/// A throw of `{status, body?, headers?}` is that HTTP answer; any other throw
/// is a transport error.
async fn call_gateway(
    gateway: &JsValue,
    callback: &Function,
    body: &Value,
    key: Option<&str>,
    timeout_ms: u32,
    max_chars: u32,
) -> Result<Value, GatewayError> {
    let body = to_js(body).map_err(GatewayError::Transport)?;
    let controller = AbortController::new().map_err(|e| GatewayError::Transport(describe(&e)))?;
    let opts = js_sys::Object::new();
    if let Some(key) = key {
        let _ = Reflect::set(&opts, &"idempotencyKey".into(), &key.into());
    }
    let _ = Reflect::set(&opts, &"signal".into(), &controller.signal());
    let returned = match callback.call2(gateway, &body, &opts) {
        Ok(value) => Promise::resolve(&value),
        Err(thrown) => return Err(thrown_error(&thrown)),
    };
    match within(&returned, timeout_ms).await {
        None => {
            controller.abort();
            Err(GatewayError::Timeout(timeout_ms))
        }
        Some(Ok(value)) => {
            let text =
                JSON::stringify(&value).map_err(|e| GatewayError::Transport(describe(&e)))?;
            let text = bounded_text(&text, max_chars)?;
            serde_json::from_str(if text.is_empty() { "null" } else { &text })
                .map_err(|e| GatewayError::Transport(Some(e.to_string())))
        }
        Some(Err(thrown)) => Err(thrown_error(&thrown)),
    }
}

fn thrown_error(thrown: &JsValue) -> GatewayError {
    let Some(status) = get(thrown, "status")
        .and_then(|s| s.as_f64())
        .filter(|s| (100.0..600.0).contains(s))
    else {
        return GatewayError::Transport(describe(thrown));
    };
    let body = get(thrown, "body").map_or(Value::Null, |b| match b.as_string() {
        Some(text) => serde_json::from_str(&text).unwrap_or(Value::String(text)),
        None => from_js(&b).unwrap_or(Value::Null),
    });
    let retry_after = get(thrown, "headers")
        .and_then(|h| get(&h, "retry-after").or_else(|| get(&h, "Retry-After")))
        .and_then(|v| v.as_f64().or_else(|| v.as_string()?.trim().parse().ok()));
    GatewayError::Http {
        status: status as u16,
        body,
        retry_after,
    }
}

/// POSTs `body` with gloo-net, aborting the request when `timeout_ms` passes.
async fn fetch(
    url: &str,
    headers: &JsValue,
    body: &Value,
    key: Option<&str>,
    timeout_ms: u32,
    max_chars: u32,
) -> Result<Value, GatewayError> {
    let controller = AbortController::new().map_err(|e| GatewayError::Transport(describe(&e)))?;
    let mut request = gloo_net::http::Request::post(url).header("Content-Type", "application/json");
    if headers.is_object() {
        for key in reflect::own_keys(headers.unchecked_ref())
            .iter()
            .filter_map(|k| k.as_string())
        {
            if let Some(value) = get(headers, &key).and_then(|v| v.as_string()) {
                request = request.header(&key, &value);
            }
        }
    }
    if let Some(key) = key {
        request = request.header("x-idempotency-key", key);
    }
    let request = request
        .abort_signal(Some(&controller.signal()))
        .body(body.to_string())
        .map_err(|e| GatewayError::Transport(Some(e.to_string())))?;
    let sent = future_to_promise(async move {
        let response = request
            .send()
            .await
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        let status = response.status();
        let retry_after = response.headers().get("retry-after");
        let text = response
            .text()
            .await
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        let answer = js_sys::Array::of3(
            &status.into(),
            &text.into(),
            &retry_after.map_or(JsValue::NULL, JsValue::from),
        );
        Ok(answer.into())
    });
    let answer = match within(&sent, timeout_ms).await {
        None => {
            controller.abort();
            return Err(GatewayError::Timeout(timeout_ms));
        }
        Some(Err(e)) => return Err(GatewayError::Transport(describe(&e))),
        Some(Ok(answer)) => js_sys::Array::from(&answer),
    };
    let status = answer.get(0).as_f64().unwrap_or(0.0) as u16;
    let text = bounded_text(&answer.get(1), max_chars)?;
    let retry_after = answer
        .get(2)
        .as_string()
        .and_then(|s| s.trim().parse().ok());
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    if (200..300).contains(&status) {
        Ok(body)
    } else {
        Err(GatewayError::Http {
            status,
            body,
            retry_after,
        })
    }
}

/// A gateway answer's text, refused past `max_chars` UTF-16 units before it
/// is copied into wasm memory (`undefined` reads as empty).
fn bounded_text(text: &JsValue, max_chars: u32) -> Result<String, GatewayError> {
    let Some(string) = text.dyn_ref::<js_sys::JsString>() else {
        return Ok(String::new());
    };
    if string.length() > max_chars {
        return Err(GatewayError::TooLong {
            chars: string.length(),
            max: max_chars,
        });
    }
    Ok(string.as_string().unwrap_or_default())
}

/// `value[key]`, when `value` is an object and the read does not throw.
fn get(value: &JsValue, key: &str) -> Option<JsValue> {
    if !value.is_object() && !value.is_function() {
        return None;
    }
    Reflect::get(value, &JsValue::from_str(key))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// Characters of `ctx.turn` kept as the search guard's key.
const TURN_NAME_CHARS: usize = 256;

/// `ctx.turn` as the search guard's key: a non-empty string (clipped), or a
/// whole number written in decimal.
fn turn_name(turn: &JsValue) -> Option<String> {
    if let Some(text) = turn.as_string() {
        return (!text.is_empty()).then(|| text.chars().take(TURN_NAME_CHARS).collect());
    }
    let number = turn.as_f64()?;
    let whole = number.fract() == 0.0 && number.abs() < 9_007_199_254_740_992.0;
    whole.then(|| (number as i64).to_string())
}

/// A host verdict that refuses: `false`, or an object with `allow: false`,
/// with its `reason` when it is a string.
fn denial(verdict: &JsValue) -> Option<Option<String>> {
    let denied =
        *verdict == JsValue::FALSE || get(verdict, "allow").is_some_and(|a| a == JsValue::FALSE);
    denied.then(|| get(verdict, "reason").and_then(|r| r.as_string()))
}

/// Plain JavaScript data from JSON (keys like `__proto__` stay own properties).
/// `Err` holds what the parser said, when it said something.
fn to_js(value: &Value) -> Result<JsValue, Option<String>> {
    JSON::parse(&value.to_string()).map_err(|e| describe(&e))
}

/// A JavaScript value as JSON (`undefined` reads as `null`).
fn from_js(value: &JsValue) -> Result<Value, CallbackError> {
    if value.is_undefined() {
        return Ok(Value::Null);
    }
    let text = JSON::stringify(value).map_err(|e| CallbackError::NotJson(describe(&e)))?;
    serde_json::from_str(&text.as_string().unwrap_or_default())
        .map_err(|e| CallbackError::NotJson(Some(e.to_string())))
}

/// `N` random bytes: from `crypto.getRandomValues`, or, where a host has no
/// `crypto`, from `Math.random` (unpredictable enough to tell keys apart,
/// never one constant).
pub(crate) fn random_bytes<const N: usize>() -> [u8; N] {
    let from_crypto = || {
        let crypto = get(&js_sys::global(), "crypto")?;
        let bytes = Uint8Array::new_with_length(N as u32);
        let fill = get(&crypto, "getRandomValues")?
            .dyn_into::<Function>()
            .ok()?;
        fill.call1(&crypto, &bytes).ok()?;
        let mut out = [0u8; N];
        bytes.copy_to(&mut out);
        Some(out)
    };
    from_crypto().unwrap_or_else(|| std::array::from_fn(|_| (js_sys::Math::random() * 256.0) as u8))
}

/// A random UUIDv4.
fn uuid_v4() -> String {
    let mut b: [u8; 16] = random_bytes();
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// The message of a thrown value: its `message` when that is text, else its
/// text or JSON; `None` when it has none to read. Never throws: a `message`
/// getter or proxy trap that throws, a message that is no string, a BigInt or
/// a cycle all end here.
/// The validator's answer `{path, constraint, detail}` as a violation;
/// `None` for any other shape.
fn violation_of(found: &Value) -> Option<Violation> {
    let text = |key: &str| found.get(key)?.as_str().map(str::to_owned);
    Some(Violation {
        path: text("path")?,
        constraint: text("constraint")?,
        detail: text("detail")?,
    })
}

pub(crate) fn describe(thrown: &JsValue) -> Option<String> {
    if let Some(text) = thrown.as_string() {
        return Some(text);
    }
    if let Some(message) = get(thrown, "message").and_then(|m| m.as_string()) {
        return Some(message);
    }
    JSON::stringify(thrown)
        .ok()
        .and_then(|t| t.as_string())
        .filter(|t| t != "{}")
}
