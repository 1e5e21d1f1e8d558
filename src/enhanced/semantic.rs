//! The optional semantic leg of the enhanced ranking: the host embeds texts
//! (`host.embed(texts, kind)`), the engine keeps each tool's vector by the
//! text it was computed from, embeds the turn's queries once, and hands the
//! cosine of every tool to the ranking, which fuses it with the lexical
//! score. Without an embedder, or when it fails, nothing changes.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::Value;

use crate::catalog::Entry;
use crate::host::{EmbedKind, Host};
use crate::search::FastMap;

/// Characters of a description embedded with the tool's name.
const DOCUMENT_CHARS: usize = 1000;
/// Default share of the cosine in the fused score.
pub(crate) const DEFAULT_WEIGHT: f64 = 0.5;

/// How the host wants the semantic leg fused (`options.semantic`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SemanticOptions {
    /// Share of the min-max-normalised cosine in the fused score, in [0, 1];
    /// the lexical score has the rest.
    pub weight: f64,
    /// When the lexical decision returns nothing, the fused list is still
    /// returned if the best cosine reaches this (none: never).
    pub rescue: Option<f64>,
}

impl Default for SemanticOptions {
    fn default() -> SemanticOptions {
        SemanticOptions {
            weight: DEFAULT_WEIGHT,
            rescue: None,
        }
    }
}

impl SemanticOptions {
    /// Reads `{weight?, rescue?}`; anything else keeps the default.
    pub fn read(value: &Value) -> SemanticOptions {
        let number = |key: &str| {
            value
                .get(key)
                .and_then(Value::as_f64)
                .filter(|x| x.is_finite())
        };
        SemanticOptions {
            weight: number("weight").map_or(DEFAULT_WEIGHT, |w| w.clamp(0.0, 1.0)),
            rescue: number("rescue"),
        }
    }
}

/// The semantic leg's options and the tool vectors computed so far.
#[derive(Debug, Default)]
pub(crate) struct Semantic {
    /// Fusion options.
    pub options: SemanticOptions,
    /// Unit vectors by the text they were computed from.
    vectors: RefCell<FastMap<String, Rc<[f32]>>>,
}

impl Semantic {
    /// A leg with `options` and no vectors yet.
    pub(crate) fn new(options: SemanticOptions) -> Semantic {
        Semantic {
            options,
            vectors: RefCell::default(),
        }
    }

    /// Forgets every vector.
    pub(crate) fn clear(&self) {
        self.vectors.borrow_mut().clear();
    }

    /// Per query, the cosine of every entry (in entry order); `None` without
    /// an embedder, or when it fails or answers in the wrong shape. `slot`
    /// keeps the entries' vectors for the next turn of the same catalog.
    pub(crate) async fn cosines<H: Host>(
        &self,
        host: &H,
        entries: &[Entry],
        slot: &RefCell<Option<Vec<Rc<[f32]>>>>,
        queries: &[String],
    ) -> Option<Vec<Vec<f32>>> {
        if !host.has_embedder() || entries.is_empty() || queries.is_empty() {
            return None;
        }
        let known = slot.borrow().clone();
        let documents = match known {
            Some(documents) => documents,
            None => {
                let documents = self.documents(host, entries).await?;
                *slot.borrow_mut() = Some(documents.clone());
                documents
            }
        };
        let queries = embed(host, queries, EmbedKind::Query).await?;
        let dimension = queries.first()?.len();
        if documents.iter().any(|d| d.len() != dimension) {
            return None;
        }
        Some(
            queries
                .iter()
                .map(|q| documents.iter().map(|d| dot(q, d)).collect())
                .collect(),
        )
    }

    /// The entries' vectors: those kept by text, the others asked of the
    /// host in one call.
    async fn documents<H: Host>(&self, host: &H, entries: &[Entry]) -> Option<Vec<Rc<[f32]>>> {
        let texts: Vec<String> = entries.iter().map(document_text).collect();
        let missing: Vec<String> = {
            let vectors = self.vectors.borrow();
            let mut missing: Vec<String> = texts
                .iter()
                .filter(|t| !vectors.contains_key(*t))
                .cloned()
                .collect();
            missing.sort_unstable();
            missing.dedup();
            missing
        };
        if !missing.is_empty() {
            let computed = embed(host, &missing, EmbedKind::Document).await?;
            let mut vectors = self.vectors.borrow_mut();
            // Vectors of tools no longer in the catalog go when the cache
            // outgrows it.
            if vectors.len() + computed.len() > 2 * texts.len() + 1024 {
                vectors.retain(|text, _| texts.contains(text));
            }
            for (text, vector) in missing.into_iter().zip(computed) {
                vectors.insert(text, vector);
            }
        }
        let vectors = self.vectors.borrow();
        texts.iter().map(|t| vectors.get(t).cloned()).collect()
    }
}

/// What is embedded for a tool: its name's words and its description.
pub fn document_text(entry: &Entry) -> String {
    let def = &entry.tool.def;
    let mut name = String::new();
    crate::enhanced::analysis::for_each_identifier_word(&def.name, |w| {
        if !name.is_empty() {
            name.push(' ');
        }
        name.push_str(w);
    });
    let description: String = def
        .description
        .as_deref()
        .unwrap_or("")
        .chars()
        .take(DOCUMENT_CHARS)
        .collect();
    format!("{name}: {}", description.trim())
}

/// Embeds `texts` through the host as unit vectors of one dimension.
async fn embed<H: Host>(host: &H, texts: &[String], kind: EmbedKind) -> Option<Vec<Rc<[f32]>>> {
    let vectors = host.embed(texts, kind).await?.ok()?;
    let dimension = vectors.first()?.len();
    if vectors.len() != texts.len() || dimension == 0 {
        return None;
    }
    vectors
        .into_iter()
        .map(|v| {
            let norm = v
                .iter()
                .map(|x| f64::from(*x) * f64::from(*x))
                .sum::<f64>()
                .sqrt();
            let usable = v.len() == dimension && norm.is_finite() && norm > 0.0;
            usable.then(|| v.iter().map(|x| (f64::from(*x) / norm) as f32).collect())
        })
        .collect()
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
