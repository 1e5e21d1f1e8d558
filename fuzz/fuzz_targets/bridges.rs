//! The model's arguments to every bridge, as text, on both rankings.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

use common::{assert_in_session, call, describe, json_of, search, session_names, with_fixtures};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let args = String::from_utf8_lossy(rest);
    let names = session_names(&common::fixture_session());
    with_fixtures(|fixtures| {
        let (engine, session) = &fixtures[usize::from(selector & 1)];
        match (selector >> 1) % 4 {
            0 => assert_in_session(&json_of(&search(engine, &args, session)), &names),
            1 => assert_in_session(&json_of(&describe(engine, &args, session)), &names),
            2 => {
                let (answer, ran) = call(engine, &args, session);
                for name in &ran {
                    assert!(names.contains(name), "{name} ran outside the session");
                }
                // A tool's own answer is its text; every other answer is JSON.
                if answer != "ran" {
                    json_of(&answer);
                }
            }
            _ => {
                let resolution = engine.resolve_tool_call(&args, session);
                assert_eq!(resolution, engine.resolve_tool_call(&args, session));
            }
        }
    });
});
