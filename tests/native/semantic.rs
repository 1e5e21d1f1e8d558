//! The semantic leg of the enhanced ranking through a host that embeds.

use std::cell::RefCell;

use serde_json::{json, Map, Value};
use toolsearch::CallContext;
use toolsearch::{EmbedKind, Host, HostError};
use toolsearch::{Engine, Options};

use crate::support::{block_on, parse, session, tool};

/// Embeds by topic words; records what it was asked.
#[derive(Default)]
struct EmbedHost {
    asked: RefCell<Vec<(EmbedKind, usize)>>,
}

impl Host for EmbedHost {
    type Returned = ();

    async fn execute_tool(
        &self,
        _: &str,
        _: &Map<String, Value>,
    ) -> Result<toolsearch::ToolOutput<()>, HostError> {
        Err(HostError::Missing)
    }

    fn has_embedder(&self) -> bool {
        true
    }

    async fn embed(
        &self,
        texts: &[String],
        kind: EmbedKind,
    ) -> Option<Result<Vec<Vec<f32>>, toolsearch::CallbackError>> {
        self.asked.borrow_mut().push((kind, texts.len()));
        let topic = |text: &str, words: &[&str]| {
            let lower = text.to_lowercase();
            words.iter().filter(|w| lower.contains(*w)).count() as f32
        };
        Some(Ok(texts
            .iter()
            .map(|t| {
                vec![
                    topic(t, &["vehicle", "tow", "truck", "car"]),
                    topic(t, &["mail", "email"]),
                    0.1,
                ]
            })
            .collect()))
    }
}

fn engine(semantic: Value) -> Engine {
    Engine::new(&Options {
        config: json!({"ranking": "enhanced"}),
        semantic,
        ..Options::default()
    })
}

fn fixture() -> Value {
    json!({
        "tools": [
            tool("garage_call_truck", "Call a truck to a stranded car.", &["location"]),
            tool("mail_send_email", "Send an email message.", &["to"]),
        ],
        "toolsets": {"garage_call_truck": "mcp-garage", "mail_send_email": "mcp-mail"},
    })
}

/// The first match for `query` and the group's confidence.
fn first(engine: &Engine, host: &EmbedHost, query: &str) -> (Option<String>, String) {
    let s = session(engine, fixture());
    let args = json!({"queries": [query]}).to_string();
    let out = parse(block_on(engine.tool_search(&args, &s, host, &CallContext::default())).text());
    let group = &out["results"][0];
    (
        group["matches"][0].as_str().map(str::to_owned),
        group["confidence"].as_str().unwrap_or_default().to_owned(),
    )
}

#[test]
fn vectors_are_kept_per_tool_and_rescue_needs_a_threshold() {
    let host = EmbedHost::default();
    let plain = engine(Value::Null);
    // No tool holds a word of it: the nearest by meaning comes first, low.
    let tow = "my vehicle needs a tow";
    let truck = Some("garage_call_truck".to_owned());
    assert_eq!(first(&plain, &host, tow), (truck.clone(), "low".into()));
    assert_eq!(
        *host.asked.borrow(),
        [(EmbedKind::Document, 2), (EmbedKind::Query, 1)]
    );
    assert_eq!(
        first(&plain, &host, "send email"),
        (Some("mail_send_email".into()), "high".into())
    );
    assert_eq!(host.asked.borrow().len(), 3, "tool vectors are reused");
    let rescuing = engine(json!({"weight": 0.5, "rescue": 0.6}));
    assert_eq!(first(&rescuing, &host, tow), (truck, "high".into()));
}

#[test]
fn options_are_clamped() {
    use toolsearch::SemanticOptions;
    let read = |v: Value| SemanticOptions::read(&v);
    assert_eq!(read(json!({"weight": 7})).weight, 1.0);
    assert_eq!(read(json!({"weight": -1})).weight, 0.0);
    assert_eq!(read(json!({"weight": "x"})), SemanticOptions::default());
    assert_eq!(read(json!({"rescue": 0.8})).rescue, Some(0.8));
}
