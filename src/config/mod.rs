//! Resolves the host's `tools.tool_search` and `tools.connectors` values into a
//! clamped [`Config`] (spec §2). Resolution never fails: a bad value falls back
//! to its default, as a typo must never break the agent.

use serde::Serialize;
use serde_json::{Map, Value};

mod rules;

pub(crate) use rules::Rules;

/// Curated names deferred when the config has no `defer` list (§2.3).
pub(crate) const CURATED_DEFER: [&str; 17] = [
    "computer_use",
    "session_search",
    "image_generate",
    "todo_list",
    "process_manage",
    "cronjob_manage",
    "drive_preview",
    "gui_tour",
    "desktop_preview",
    "annotate_preview",
    "show_tip",
    "desktop_project",
    "close_terminal",
    "apply_layout",
    "read_terminal",
    "read_window_below",
    "focus_pane",
];

/// A tri-state switch (§2.2). `Auto` and `On` behave the same today.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TriState {
    /// Decide automatically (currently: like `On`).
    Auto,
    /// Always on.
    On,
    /// Never.
    Off,
}

/// Which ranking answers tool_search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ranking {
    /// Spec §6, exactly.
    Reference,
    /// The natural-language and multilingual ranking (`crate::enhanced`).
    Enhanced,
}

/// What the bridges do around the ranking: the spec's behaviour exactly, or
/// ours. `ranking` names both (the public config has one switch), but code
/// that is not ranking reads the profile, never the scorer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Profile {
    /// The spec's behaviour, exactly (`ranking: "reference"`).
    Spec,
    /// Ours (`ranking: "enhanced"`).
    Extended,
}

impl Profile {
    /// The profile that goes with a ranking.
    pub(crate) fn of(ranking: Ranking) -> Profile {
        match ranking {
            Ranking::Reference => Profile::Spec,
            Ranking::Enhanced => Profile::Extended,
        }
    }

    /// A query longer than a list item may be is read for the sentences
    /// that ask, rather than refused (§8.1 refuses it).
    pub(crate) fn reads_long_requests(self) -> bool {
        self == Profile::Extended
    }

    /// `tool_call` refuses a name that is a tool's only when spelled
    /// otherwise, naming the exact one (the spec runs no such check).
    pub(crate) fn checks_inexact_names(self) -> bool {
        self == Profile::Extended
    }

    /// Search and describe records carry the tool's annotations (the
    /// spec's records have no such key).
    pub(crate) fn annotates_records(self) -> bool {
        self == Profile::Extended
    }

    /// `tool_call_scope` when the config names none: the spec's
    /// `deferred`, or `session`.
    fn default_call_scope(self) -> CallScope {
        match self {
            Profile::Spec => CallScope::Deferred,
            Profile::Extended => CallScope::Session,
        }
    }

    /// `max_searches_per_turn` when the config names none: the spec has no
    /// guard.
    fn default_max_searches(self) -> Option<usize> {
        (self == Profile::Extended).then_some(DEFAULT_MAX_SEARCHES_PER_TURN)
    }
}

/// Which tools `tool_call` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CallScope {
    /// Only deferred tools; a visible one is refused (§10.6, the spec's).
    Deferred,
    /// Every tool of the session, visible or deferred, validated alike: a
    /// model that routes every call through the bridge is not refused.
    Session,
}

/// The search guard's cap when the config names none (enhanced ranking):
/// one call takes up to seven queries (one per need), so six calls leave
/// room to refine a search five times over; looping agents in users' reports
/// ran 15 to 1,500.
pub(crate) const DEFAULT_MAX_SEARCHES_PER_TURN: usize = 6;

/// The resolved `tools.connectors` section (spec §2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ConnectorsConfig {
    /// User kill switch for everything connector-related.
    pub enabled: bool,
}

/// The resolved configuration; `ts.config` shows it with these key names.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Config {
    /// `off` never assembles the bridge.
    pub enabled: TriState,
    /// Listing budget as a percentage of the context length, in [0, 100].
    pub threshold_pct: f64,
    /// Matches per query when the model omits `limit`, in [1, max].
    pub search_default_limit: usize,
    /// Upper bound of the model's `limit`, in [1, 50].
    pub max_search_limit: usize,
    /// `off` never embeds the listing.
    pub listing: TriState,
    /// Absolute cap of the listing budget, in [200, 60000].
    pub listing_max_tokens: usize,
    /// Names forced to defer.
    pub defer: Vec<String>,
    /// The resolved `tools.connectors` section.
    pub connectors: ConnectorsConfig,
    /// `ranking`: "enhanced" (default) or "reference" (the spec's, exactly).
    pub ranking: Ranking,
    /// What the bridges do around the ranking, which `ranking` implies.
    #[serde(skip)]
    pub(crate) profile: Profile,
    /// `ranking_ablation`: rules of the enhanced ranking switched off, for
    /// measuring what each contributes (see `Rules::names`), by name.
    pub ranking_ablation: Vec<String>,
    /// The enhanced ranking's rules that `ranking_ablation` leaves on,
    /// resolved once.
    #[serde(skip)]
    pub rules: Rules,
    /// `tool_call_scope`: which tools `tool_call` runs.
    pub tool_call_scope: CallScope,
    /// `max_searches_per_turn`: the search guard's cap on `tool_search`
    /// calls in one turn of the host (`ctx.turn`); `None`: no guard.
    pub max_searches_per_turn: Option<usize>,
    /// What was ignored while resolving, for the host's logs.
    pub warnings: Vec<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config::resolve(&Value::Null, &Value::Null)
    }
}

impl Config {
    /// Resolves `tool_search` (the `tools.tool_search` value) and `connectors`
    /// (the `tools.connectors` value).
    pub fn resolve(tool_search: &Value, connectors: &Value) -> Config {
        let empty = Map::new();
        let (section, legacy_off) = match tool_search {
            Value::Object(map) => (map, false),
            other => (&empty, *other == Value::Bool(false)),
        };
        let mut warnings = Vec::new();
        let max_search_limit = int_setting(section.get("max_search_limit"), 25, 1, 50);
        let defer = match section.get("defer") {
            None | Some(Value::Null) => curated_defer(),
            Some(Value::Array(items)) => items.iter().filter_map(defer_name).collect(),
            Some(_) => {
                warnings.push(
                    "`defer` must be a list of tool names (YAML: `defer: [name, ...]`); using the curated default"
                        .to_owned(),
                );
                curated_defer()
            }
        };
        warnings.extend(unknown_keys(section));
        let ranking = ranking(section.get("ranking"), &mut warnings);
        let ranking_ablation = ranking_ablation(section.get("ranking_ablation"), &mut warnings);
        let profile = Profile::of(ranking);
        let tool_call_scope = call_scope(section.get("tool_call_scope"), profile, &mut warnings);
        let max_searches_per_turn =
            max_searches(section.get("max_searches_per_turn"), profile, &mut warnings);
        Config {
            enabled: if legacy_off {
                TriState::Off
            } else {
                section.get("enabled").map_or(TriState::Auto, tri_state)
            },
            threshold_pct: float_setting(section.get("threshold_pct"), 5.0, 0.0, 100.0),
            search_default_limit: int_setting(
                section.get("search_default_limit"),
                5,
                1,
                max_search_limit,
            ),
            max_search_limit,
            listing: section.get("listing").map_or(TriState::Auto, tri_state),
            listing_max_tokens: int_setting(section.get("listing_max_tokens"), 4000, 200, 60000),
            defer,
            connectors: ConnectorsConfig {
                enabled: connectors_enabled(connectors),
            },
            ranking,
            profile,
            rules: Rules::without(&ranking_ablation),
            ranking_ablation,
            tool_call_scope,
            max_searches_per_turn,
            warnings,
        }
    }
}

/// The keys of `tools.tool_search` (§2.1 and ours).
const KEYS: [&str; 11] = [
    "enabled",
    "threshold_pct",
    "search_default_limit",
    "max_search_limit",
    "listing",
    "listing_max_tokens",
    "defer",
    "ranking",
    "ranking_ablation",
    "tool_call_scope",
    "max_searches_per_turn",
];

/// A warning per key of `section` that no setting reads (a typo such as
/// `treshold_pct` would otherwise be ignored in silence), naming the closest
/// known key.
fn unknown_keys(section: &Map<String, Value>) -> Vec<String> {
    section
        .keys()
        .filter(|key| !KEYS.contains(&key.as_str()))
        .map(|key| {
            let closest = KEYS
                .iter()
                .min_by_key(|known| edit_distance(key, known))
                .filter(|known| edit_distance(key, known) <= 2);
            match closest {
                Some(known) => {
                    format!("unknown setting `{key}` is ignored; did you mean `{known}`?")
                }
                None => format!(
                    "unknown setting `{key}` is ignored; the settings are {}",
                    KEYS.join(", ")
                ),
            }
        })
        .collect()
}

/// Levenshtein distance by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

fn ranking(value: Option<&Value>, warnings: &mut Vec<String>) -> Ranking {
    match value {
        None | Some(Value::Null) => Ranking::Enhanced,
        Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("reference") => Ranking::Reference,
        Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("enhanced") => Ranking::Enhanced,
        Some(other) => {
            warnings.push(format!(
                "`ranking` must be \"enhanced\" or \"reference\", not {other}; using \"enhanced\""
            ));
            Ranking::Enhanced
        }
    }
}

/// `tool_call_scope`: "session" or "deferred"; by default the profile's.
fn call_scope(value: Option<&Value>, profile: Profile, warnings: &mut Vec<String>) -> CallScope {
    let default = profile.default_call_scope();
    match value {
        None | Some(Value::Null) => default,
        Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("session") => CallScope::Session,
        Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("deferred") => CallScope::Deferred,
        Some(other) => {
            warnings.push(format!(
                "`tool_call_scope` must be \"session\" or \"deferred\", not {other}; using the ranking's default"
            ));
            default
        }
    }
}

/// `max_searches_per_turn`: a whole number of at least 1, or `false` (or 0)
/// for no guard; by default the profile's.
fn max_searches(
    value: Option<&Value>,
    profile: Profile,
    warnings: &mut Vec<String>,
) -> Option<usize> {
    let default = profile.default_max_searches();
    match value {
        None | Some(Value::Null) => default,
        Some(Value::Bool(false)) => None,
        Some(Value::Number(n)) if n.as_u64() == Some(0) => None,
        Some(Value::Number(n)) if n.as_u64().is_some() => {
            n.as_u64().map(|n| n.min(u64::from(u32::MAX)) as usize)
        }
        Some(other) => {
            warnings.push(format!(
                "`max_searches_per_turn` must be a whole number, or false for no guard, not {other}; using the ranking's default"
            ));
            default
        }
    }
}

fn ranking_ablation(value: Option<&Value>, warnings: &mut Vec<String>) -> Vec<String> {
    let items = match value {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Array(items)) => items,
        Some(other) => {
            warnings.push(format!(
                "`ranking_ablation` must be a list of rule names, not {other}; ignored"
            ));
            return Vec::new();
        }
    };
    let mut names = Vec::new();
    for item in items {
        match item
            .as_str()
            .and_then(|name| Rules::names().find(|known| *known == name))
        {
            Some(name) if !names.iter().any(|n| n == name) => names.push(name.to_owned()),
            Some(_) => {}
            None => warnings.push(format!(
                "`ranking_ablation`: unknown rule {item}; the rules are {}",
                Rules::names().collect::<Vec<_>>().join(", ")
            )),
        }
    }
    names
}

fn curated_defer() -> Vec<String> {
    CURATED_DEFER.iter().map(|&name| name.to_owned()).collect()
}

/// A `defer` item stringified and trimmed; empty items are dropped.
fn defer_name(item: &Value) -> Option<String> {
    let name = match item {
        Value::Null => String::new(),
        Value::String(s) => s.trim().to_owned(),
        other => python_str(other),
    };
    (!name.is_empty()).then_some(name)
}

/// Tri-state normalisation: stringify, trim, lowercase (§2.2).
fn tri_state(value: &Value) -> TriState {
    let text = match value {
        Value::String(s) => s.trim().to_lowercase(),
        other => python_str(other).to_lowercase(),
    };
    match text.as_str() {
        "on" | "true" | "1" | "yes" => TriState::On,
        "off" | "false" | "0" | "no" => TriState::Off,
        _ => TriState::Auto,
    }
}

/// The connectors kill switch: a bare bool, or the section's `enabled`.
fn connectors_enabled(section: &Value) -> bool {
    let value = match section {
        Value::Bool(b) => return *b,
        Value::Object(map) => map.get("enabled"),
        _ => None,
    };
    match value {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => !matches!(
            s.trim().to_lowercase().as_str(),
            "false" | "0" | "no" | "off" | ""
        ),
        Some(Value::Number(n)) => n.as_f64().is_none_or(|x| x != 0.0),
        _ => true,
    }
}

/// Python-style `int()` of a setting, then clamped; `fallback` when absent or
/// not convertible.
pub(crate) fn int_setting(value: Option<&Value>, fallback: usize, lo: usize, hi: usize) -> usize {
    let parsed = value.and_then(python_int).unwrap_or(fallback as i128);
    parsed.clamp(lo as i128, hi as i128) as usize
}

fn float_setting(value: Option<&Value>, fallback: f64, lo: f64, hi: f64) -> f64 {
    let parsed = match value {
        Some(Value::Bool(b)) => Some(f64::from(u8::from(*b))),
        Some(Value::Number(n)) => n.as_f64(),
        Some(Value::String(s)) => s.trim().replace('_', "").parse::<f64>().ok(),
        _ => None,
    };
    parsed
        .filter(|x| !x.is_nan())
        .unwrap_or(fallback)
        .clamp(lo, hi)
}

/// Truncating integer conversion as Python's `int()` does it: booleans are 0
/// or 1, floats truncate toward zero, strings must spell a whole number.
pub(crate) fn python_int(value: &Value) -> Option<i128> {
    match value {
        Value::Bool(b) => Some(i128::from(*b)),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Some(i128::from(i))
            } else if let Some(u) = n.as_u64() {
                Some(i128::from(u))
            } else {
                n.as_f64()
                    .filter(|x| x.is_finite())
                    .map(|x| x.trunc() as i128)
            }
        }
        Value::String(s) => parse_int_text(s.trim()),
        _ => None,
    }
}

/// `[+-]digits` with single underscores between digits; saturates when huge.
fn parse_int_text(text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let bytes = digits.as_bytes();
    if bytes.is_empty() || bytes[0] == b'_' || bytes[bytes.len() - 1] == b'_' {
        return None;
    }
    let mut magnitude: i128 = 0;
    let mut previous_underscore = false;
    for &byte in bytes {
        if byte == b'_' {
            if previous_underscore {
                return None;
            }
            previous_underscore = true;
            continue;
        }
        previous_underscore = false;
        if !byte.is_ascii_digit() {
            return None;
        }
        magnitude = magnitude
            .saturating_mul(10)
            .saturating_add(i128::from(byte - b'0'));
    }
    Some(if negative { -magnitude } else { magnitude })
}

/// Roughly Python's `str()` of a JSON scalar; containers as compact JSON.
pub(crate) fn python_str(value: &Value) -> String {
    match value {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    }
}

/// A positive number (at least 1), capped at `u32::MAX`: how the host's
/// timeouts and limits are read.
pub(crate) fn positive_u32(value: Option<&Value>) -> Option<u32> {
    value
        .and_then(Value::as_f64)
        .filter(|v| v.is_finite() && *v >= 1.0)
        .map(|v| v.min(f64::from(u32::MAX)) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn resolve(config: Value) -> Config {
        Config::resolve(&config, &Value::Null)
    }

    #[test]
    fn defaults() {
        let c = Config::default();
        assert_eq!(c.enabled, TriState::Auto);
        assert_eq!(c.threshold_pct, 5.0);
        assert_eq!(c.search_default_limit, 5);
        assert_eq!(c.max_search_limit, 25);
        assert_eq!(c.listing, TriState::Auto);
        assert_eq!(c.listing_max_tokens, 4000);
        assert_eq!(c.defer, curated_defer());
        assert!(c.connectors.enabled);
        assert_eq!(c.ranking, Ranking::Enhanced);
        assert!(c.ranking_ablation.is_empty());
        assert_eq!(c.rules, Rules::default());
    }

    #[test]
    fn unknown_keys_are_warned_about() {
        let c = resolve(json!({"treshold_pct": 9, "colour": "red", "threshold_pct": 7}));
        assert_eq!(c.threshold_pct, 7.0);
        assert_eq!(c.warnings.len(), 2, "{:?}", c.warnings);
        assert!(
            c.warnings[0].contains("did you mean `threshold_pct`"),
            "{}",
            c.warnings[0]
        );
        assert!(c.warnings[1].contains("`colour`") && c.warnings[1].contains("listing_max_tokens"));
        assert!(resolve(json!({"enabled": "on", "ranking": "enhanced"}))
            .warnings
            .is_empty());
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn ranking_modes() {
        let c = resolve(
            json!({"ranking": " Enhanced ", "ranking_ablation": ["glossary", "bogus", "glossary", 3]}),
        );
        assert_eq!(c.ranking, Ranking::Enhanced);
        assert_eq!(c.ranking_ablation, ["glossary"]);
        assert!(!c.rules.glossary);
        assert_eq!(c.warnings.len(), 2);
        let c = resolve(json!({"ranking": 1, "ranking_ablation": "fields"}));
        assert_eq!(c.ranking, Ranking::Enhanced);
        let c = resolve(json!({"ranking": "Reference"}));
        assert_eq!(c.ranking, Ranking::Reference);
        let c = resolve(json!({"ranking": 1, "ranking_ablation": "fields"}));
        assert!(c.ranking_ablation.is_empty());
        assert_eq!(c.warnings.len(), 2);
    }

    #[test]
    fn clamps_and_fallbacks() {
        let c = resolve(json!({
            "threshold_pct": 250, "max_search_limit": "80", "search_default_limit": 70,
            "listing_max_tokens": 10
        }));
        assert_eq!(c.threshold_pct, 100.0);
        assert_eq!(c.max_search_limit, 50);
        assert_eq!(c.search_default_limit, 50);
        assert_eq!(c.listing_max_tokens, 200);
        let c = resolve(json!({
            "threshold_pct": "abc", "max_search_limit": "3.5", "search_default_limit": 9,
            "listing_max_tokens": [1]
        }));
        assert_eq!(c.threshold_pct, 5.0);
        assert_eq!(c.max_search_limit, 25);
        assert_eq!(c.search_default_limit, 9);
        assert_eq!(c.listing_max_tokens, 4000);
        let c = resolve(json!({"max_search_limit": 3, "search_default_limit": 9.9}));
        assert_eq!(c.search_default_limit, 3);
        let c = resolve(json!({"search_default_limit": -4, "threshold_pct": " 7.5 "}));
        assert_eq!(c.search_default_limit, 1);
        assert_eq!(c.threshold_pct, 7.5);
    }

    #[test]
    fn python_int_conversion() {
        assert_eq!(python_int(&json!(" 1_000 ")), Some(1000));
        assert_eq!(python_int(&json!("+7")), Some(7));
        assert_eq!(python_int(&json!("-7")), Some(-7));
        assert_eq!(python_int(&json!("1__0")), None);
        assert_eq!(python_int(&json!("_1")), None);
        assert_eq!(python_int(&json!("3.5")), None);
        assert_eq!(python_int(&json!(3.9)), Some(3));
        assert_eq!(python_int(&json!(-3.9)), Some(-3));
        assert_eq!(python_int(&json!(true)), Some(1));
        assert_eq!(python_int(&json!(null)), None);
        assert_eq!(python_int(&json!("")), None);
    }

    #[test]
    fn tri_states_and_legacy_sections() {
        for (raw, expected) in [
            (json!(true), TriState::On),
            (json!("YES"), TriState::On),
            (json!(1), TriState::On),
            (json!(" Off "), TriState::Off),
            (json!(0), TriState::Off),
            (json!(false), TriState::Off),
            (json!("maybe"), TriState::Auto),
            (json!(null), TriState::Auto),
            (json!(1.5), TriState::Auto),
        ] {
            assert_eq!(
                resolve(json!({ "enabled": raw })).enabled,
                expected,
                "{raw}"
            );
        }
        assert_eq!(resolve(json!(false)).enabled, TriState::Off);
        for legacy in [json!(true), json!(null), json!(3), json!("off"), json!([])] {
            assert_eq!(resolve(legacy).enabled, TriState::Auto);
        }
    }

    #[test]
    fn defer_lists() {
        assert_eq!(
            resolve(json!({"defer": [" a ", "", null, 5, "b"]})).defer,
            ["a", "5", "b"]
        );
        assert!(resolve(json!({"defer": []})).defer.is_empty());
        let c = resolve(json!({"defer": "computer_use"}));
        assert_eq!(c.defer, curated_defer());
        assert_eq!(c.warnings.len(), 1);
        assert_eq!(resolve(json!({"defer": {"a": 1}})).defer, curated_defer());
        assert_eq!(resolve(json!({"defer": null})).defer, curated_defer());
    }

    #[test]
    fn connectors_switch() {
        let on = |v: Value| Config::resolve(&Value::Null, &v).connectors.enabled;
        assert!(!on(json!(false)));
        assert!(on(json!(true)));
        assert!(on(json!(null)));
        assert!(on(json!({})));
        assert!(!on(json!({"enabled": false})));
        for off in ["false", " OFF ", "0", "no", ""] {
            assert!(!on(json!({ "enabled": off })), "{off}");
        }
        assert!(on(json!({"enabled": "yes please"})));
        assert!(!on(json!({"enabled": 0})));
        assert!(on(json!({"enabled": 2})));
        assert!(on(json!({"enabled": null})));
        assert!(on(json!({"enabled": [false]})));
        assert!(on(json!("false")));
    }
}
