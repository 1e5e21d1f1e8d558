//! Assembly (spec §4, §7): forms, tiers, idempotence, byte stability.

use serde_json::{json, Value};
use toolsearch::Engine;
use toolsearch::ListingForm;
use toolsearch::ToolFormat;
use toolsearch::{AssembleOptions, Assembly};

use crate::support::{engine, real_catalog_session, session, shared_dir, tool};

fn fixture_tools() -> Vec<Value> {
    let mut tools = vec![tool("terminal", "Run a shell command.", &["command"])];
    for (server, count) in [("github", 3), ("stripe", 30)] {
        for i in 0..count {
            tools.push(tool(
                &format!("mcp__{server}__op_{i:02}"),
                &format!("Operation {i} of {server}. More text follows."),
                &["id"],
            ));
        }
    }
    tools
}

fn fixture_session(tools: Vec<Value>) -> Value {
    let toolsets: serde_json::Map<String, Value> = tools
        .iter()
        .filter_map(|t| {
            let name = t["function"]["name"].as_str()?;
            let server = name.strip_prefix("mcp__")?.split("__").next()?;
            Some((name.to_owned(), json!(format!("mcp-{server}"))))
        })
        .collect();
    json!({"tools": tools, "toolsets": toolsets})
}

fn assemble(engine: &Engine, session_json: Value, context_length: Option<f64>) -> Assembly {
    let s = session(engine, session_json);
    engine.assemble(
        &s,
        AssembleOptions {
            context_length,
            format: ToolFormat::OpenAi,
            defer_loading: false,
        },
    )
}

fn bridge(assembly: &Assembly) -> Vec<Value> {
    serde_json::from_str(&assembly.bridge).unwrap()
}

fn search_description(assembly: &Assembly) -> String {
    bridge(assembly)[0]["function"]["description"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn forms_follow_the_budget() {
    let e = engine(json!({"listing_max_tokens": 60000}), &["terminal"]);
    let forms: Vec<(f64, ListingForm, u8)> = [1e6, 8200.0, 8000.0, 4000.0, 3800.0, 1200.0, 1000.0]
        .into_iter()
        .map(|ctx| {
            let a = assemble(&e, fixture_session(fixture_tools()), Some(ctx));
            (ctx, a.listing_form, a.tier)
        })
        .collect();
    assert_eq!(
        forms,
        [
            (1e6, ListingForm::Full, 1),
            (8200.0, ListingForm::Full, 1),
            (8000.0, ListingForm::Names, 1),
            (4000.0, ListingForm::Names, 1),
            (3800.0, ListingForm::Mixed, 1),
            (1200.0, ListingForm::Mixed, 1),
            (1000.0, ListingForm::None, 2),
        ]
    );
    let mixed = assemble(&e, fixture_session(fixture_tools()), Some(2000.0));
    let text = search_description(&mixed);
    assert!(text
        .contains("github tools (3):\nmcp__github__op_00, mcp__github__op_01, mcp__github__op_02"));
    assert!(
        text.contains("stripe (30 tools \u{2014} names not listed; discover via `tool_search`)")
    );
    assert!(text.contains("names not listed\" have tools too"));
    assert_eq!(mixed.deferred_count, 33);
    assert_eq!(mixed.threshold_tokens, 100);
    assert_eq!(mixed.visible, [0]);
}

#[test]
fn groups_form_and_bare_bridge() {
    let e = engine(json!({}), &["terminal"]);
    let mut tools = fixture_tools();
    tools.retain(|t| !t["function"]["name"].as_str().unwrap().contains("github"));
    let a = assemble(&e, fixture_session(tools.clone()), Some(2000.0));
    assert_eq!((a.listing_form, a.tier), (ListingForm::Groups, 2));
    assert!(search_description(&a).contains("ARE available through this bridge"));
    let bare = assemble(
        &engine(json!({"threshold_pct": 0}), &["terminal"]),
        fixture_session(tools.clone()),
        Some(1e5),
    );
    assert_eq!(
        (bare.listing_form, bare.tier, bare.threshold_tokens),
        (ListingForm::None, 2, 0)
    );
    assert!(!search_description(&bare).contains("Deferred tools"));
    let off = assemble(
        &engine(json!({"listing": "off"}), &["terminal"]),
        fixture_session(tools),
        Some(1e6),
    );
    assert_eq!(
        (off.activated, off.listing_form, off.tier),
        (true, ListingForm::None, 2)
    );
}

#[test]
fn pass_through_cases() {
    let off = assemble(
        &engine(json!({"enabled": "off"}), &["terminal"]),
        fixture_session(fixture_tools()),
        Some(40_000.0),
    );
    assert!(!off.activated);
    assert_eq!(
        (off.tier, off.listing_form, off.threshold_tokens),
        (0, ListingForm::None, 2000)
    );
    assert_eq!(off.visible.len(), 34);
    assert_eq!(off.bridge, "[]");
    let nothing = assemble(
        &engine(json!({}), &["terminal"]),
        json!({"tools": [tool("terminal", "", &[])]}),
        None,
    );
    assert_eq!(
        (nothing.activated, nothing.tier, nothing.deferred_count),
        (false, 0, 0)
    );
    assert_eq!(nothing.visible, [0]);
}

#[test]
fn connector_only_bridge() {
    let e = engine(json!({}), &["manage_connections"]);
    let a = assemble(
        &e,
        json!({"tools": [tool("manage_connections", "Connect apps", &[])]}),
        Some(1e5),
    );
    assert!(a.activated);
    assert_eq!(
        (a.tier, a.listing_form, a.deferred_count, a.threshold_tokens),
        (2, ListingForm::None, 0, 4000)
    );
    let text = search_description(&a);
    assert!(text.starts_with("Search remote connector tools"));
    assert!(text.contains("`connectors__`"));
    let killed = toolsearch::Engine::new(&toolsearch::Options {
        connectors: json!(false),
        core_tools: vec!["manage_connections".into()],
        ..Default::default()
    });
    let a = assemble(
        &killed,
        json!({"tools": [tool("manage_connections", "", &[])]}),
        None,
    );
    assert!(!a.activated);
}

#[test]
fn idempotent_and_byte_stable() {
    let e = engine(json!({}), &["terminal"]);
    let tools = fixture_tools();
    let first = assemble(&e, fixture_session(tools.clone()), Some(1e4));
    let mut assembled: Vec<Value> = first.visible.iter().map(|&i| tools[i].clone()).collect();
    assembled.extend(bridge(&first));
    let mut again_tools = assembled.clone();
    again_tools.extend(tools[1..].iter().cloned());
    let again = assemble(&e, fixture_session(again_tools.clone()), Some(1e4));
    assert_eq!(again.bridge, first.bridge);
    let visible_again: Vec<&Value> = again.visible.iter().map(|&i| &again_tools[i]).collect();
    assert_eq!(visible_again, [&tools[0]]);
    let mut shuffled = tools.clone();
    shuffled[1..].reverse();
    shuffled.swap(5, 20);
    let other = assemble(&e, fixture_session(shuffled), Some(1e4));
    assert_eq!(other.bridge, first.bridge);
}

#[test]
fn formats() {
    let e = engine(json!({}), &["terminal"]);
    let s = session(&e, fixture_session(fixture_tools()));
    for (format, key) in [
        (ToolFormat::Anthropic, "input_schema"),
        (ToolFormat::Mcp, "inputSchema"),
    ] {
        let a = e.assemble(
            &s,
            AssembleOptions {
                context_length: None,
                format,
                defer_loading: false,
            },
        );
        let tools = bridge(&a);
        let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["tool_search", "tool_describe", "tool_call"]);
        assert!(tools.iter().all(|t| t[key]["type"] == "object"));
    }
}

#[test]
fn declared_rows_join_the_listing() {
    let e = engine(json!({}), &["terminal"]);
    let mut s = fixture_session(fixture_tools());
    s["declaredSources"] = json!([{"name": "grafana", "tool_count": 3, "unavailable": "Grafana is not running. Start Grafana, then try again."}]);
    let a = assemble(&e, s, Some(1e5));
    assert!(search_description(&a).contains(
        "\ngrafana (3 tools unavailable: Grafana is not running. Start Grafana, then try again.)\n"
    ));
}

#[test]
fn real_catalog_forms_and_saving() {
    let Some(shared) = shared_dir() else { return };
    let e = engine(json!({}), &[]);
    let at = |ctx: f64| assemble(&e, real_catalog_session(&shared), Some(ctx));
    let a = at(200_000.0);
    assert_eq!(
        (a.listing_form, a.tier, a.deferred_count),
        (ListingForm::Mixed, 1, 1873)
    );
    assert!(a.deferred_tokens > 550_000, "{}", a.deferred_tokens);
    let text = search_description(&a);
    assert!(text.contains("postgres tools (1):\nmcp_postgres_query"));
    assert!(text.contains("digitalocean (353 tools \u{2014} names not listed"));
    assert!(text.contains("twilio (197 tools \u{2014} names not listed"));
    assert!(a.bridge.chars().count() / 4 < 6_000);
    assert_eq!(at(16_000.0).listing_form, ListingForm::None);
    let wide = engine(json!({"listing_max_tokens": 60000}), &[]);
    let form = |ctx: f64| assemble(&wide, real_catalog_session(&shared), Some(ctx)).listing_form;
    assert_eq!(form(1_000_000.0), ListingForm::Full);
    assert_eq!(form(400_000.0), ListingForm::Names);
}

#[test]
fn tools_without_toolsets_are_warned_about() {
    let engine = engine(json!({}), &["terminal"]);
    // Without toolsets nothing defers, and the assembly says why.
    let bare = assemble(&engine, json!({"tools": fixture_tools()}), Some(200_000.0));
    assert!(!bare.activated);
    assert_eq!(bare.warnings.len(), 1, "{:?}", bare.warnings);
    assert!(
        bare.warnings[0].starts_with("33 of 34 tools have no toolset"),
        "{}",
        bare.warnings[0]
    );
    assert!(
        bare.warnings[0].ends_with("in coreTools"),
        "{}",
        bare.warnings[0]
    );
    // Registered, they defer; a core tool without a toolset is no warning.
    let registered = assemble(&engine, fixture_session(fixture_tools()), Some(200_000.0));
    assert!(registered.activated);
    assert!(registered.warnings.is_empty(), "{:?}", registered.warnings);
}

#[test]
fn the_limit_parameter_states_the_configured_limits() {
    let limit_description = |config: Value| {
        let e = engine(config, &["terminal"]);
        let a = assemble(&e, fixture_session(fixture_tools()), Some(2000.0));
        bridge(&a)[0]["function"]["parameters"]["properties"]["limit"]["description"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        limit_description(json!({})),
        "Matches per query (default 5, max 25)."
    );
    assert_eq!(
        limit_description(json!({"search_default_limit": 3, "max_search_limit": 10})),
        "Matches per query (default 3, max 10)."
    );
}

#[test]
fn deferred_tools_without_a_schema_in_a_known_place_are_warned_about() {
    let engine = engine(json!({}), &["terminal"]);
    let mut session_json = fixture_session(fixture_tools());
    // A schema where no shape keeps one.
    for i in 0..7 {
        let name = format!("mcp__github__odd_{i}");
        let odd = json!({"name": name, "schema": {"type": "object"}});
        session_json["tools"].as_array_mut().unwrap().push(odd);
        session_json["toolsets"][&name] = json!("mcp-github");
    }
    let a = assemble(&engine, session_json, Some(200_000.0));
    assert!(a.activated);
    assert_eq!(a.warnings.len(), 1, "{:?}", a.warnings);
    assert!(
        a.warnings[0].starts_with(
            "7 deferred tools (mcp__github__odd_0, mcp__github__odd_1, mcp__github__odd_2, mcp__github__odd_3, mcp__github__odd_4 and 2 more) have no parameters schema"
        ),
        "{}",
        a.warnings[0]
    );
    // An OpenAI function without parameters takes none: no warning.
    let bare = json!({"type": "function", "function": {"name": "mcp__github__ping"}});
    let mut tools = fixture_tools();
    tools.push(bare);
    let a = assemble(&engine, fixture_session(tools), Some(200_000.0));
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
}
