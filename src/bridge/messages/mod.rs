//! Every sentence the model can read, in one room, one module per bridge:
//! the bridge tools' own descriptions (`tools`), what `tool_search`,
//! `tool_describe` and `tool_call` say (`search`, `describe`, `call`), the
//! connector gateway's words (`connectors`), and the words for the typed
//! errors of the layers below (`args`, `host`), each typed error's sentence
//! (`display`) and the frame of an error answer (`text`). Fragments that
//! tests pin are marked; the rest is our own wording of the spec's facts.

mod args;
mod call;
mod connectors;
mod describe;
mod display;
mod host;
mod search;
mod text;
mod tools;

pub(crate) use call::{rejection_text, validation_hint};
pub(crate) use connectors::{connector_error, connectors_field, CONNECT_HINT, STATUS_HINT};
pub(crate) use describe::{DESCRIBED_EARLIER_HINT, NOT_FOUND_HINT, UNREADABLE_DEFINITION};
pub(crate) use search::{
    EMPTY_GROUP_HINT, LOW_GROUP_HINT, NOTHING_SEARCHABLE_HINT, REPEATED_EMPTY_HINT,
    REPEATED_GROUP_HINT, SOURCES_UNAVAILABLE_HINT,
};
pub(crate) use text::{clip_error, error_json};
pub(crate) use tools::{
    limit_parameter, listing_words, queries_parameter, search_opening, search_usage,
    CALLS_PARAMETER, CALL_ARGUMENTS_PARAMETER, CALL_DESCRIPTION, CALL_NAME_PARAMETER,
    CONNECTOR_SENTENCE, DESCRIBE_DESCRIPTION, GROUPS_PARAGRAPH, LISTED_PARAGRAPH,
    LISTED_PARAGRAPH_PROVIDER, MANAGE_ACTION_PARAMETER, MANAGE_CONNECTORS_PARAMETER,
    MANAGE_DESCRIPTION, MANAGE_FORCE_PARAMETER, MIXED_SENTENCE, NAMES_PARAMETER,
    SEARCH_CONNECTORS_ONLY,
};
#[cfg(test)]
pub(crate) use tools::{LISTING, LISTING_PROVIDER};

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::call::{approval_required, denied, tool_failed};
    use super::connectors::gateway_failed;
    use super::host::refusal;
    use super::*;
    use crate::bridge::error::{BridgeError, JsonError};
    use crate::connectors::{CallError, Detail, Failure, LegFailure, NotConnected, Surface};
    use crate::host::{CallbackError, Refusal};

    #[test]
    fn error_text_is_clipped_at_2048_characters() {
        let long = "é".repeat(3000);
        let json: serde_json::Value = serde_json::from_str(&error_json(&long)).unwrap();
        let text = json["error"].as_str().unwrap();
        assert_eq!(text.chars().count(), 2048 + "… [truncated]".chars().count());
        assert!(text.ends_with("… [truncated]"));
        assert_eq!(clip_error("short"), "short");
    }

    fn not_connected(surface: Surface) -> Value {
        connector_error(&CallError::NotConnected(NotConnected {
            connector: "gmail".into(),
            message: None,
            connect_url: Some("https://connect/x".into()),
            hint: Some("Open the link".into()),
            connection_id: Some("c1".into()),
            surface,
        }))
    }

    #[test]
    fn connection_required_per_surface() {
        assert_eq!(
            not_connected(Surface::Link).to_string(),
            serde_json::json!({"code": "CONNECTION_REQUIRED", "message": "The gmail connector is not connected for this account.",
                   "connector": "gmail", "connect_url": "https://connect/x", "hint": "Open the link", "connection_id": "c1"}).to_string()
        );
        let card = not_connected(Surface::Card);
        assert_eq!(card["connect_card_available"], true);
        assert!(card.get("connect_url").is_none());
        assert!(card["hint"]
            .as_str()
            .unwrap()
            .contains("manage_connections"));
        let side = not_connected(Surface::Side);
        assert!(side["hint"]
            .as_str()
            .unwrap()
            .contains("Only the main agent"));
        assert!(side.get("connect_url").is_none());
    }

    #[test]
    fn reported_errors_and_gateway_failures() {
        let reported = CallError::Reported {
            code: "TOOL_NOT_ALLOWED".into(),
            message: None,
            connector: None,
            hint: Some("ask".into()),
        };
        assert_eq!(
            connector_error(&reported).to_string(),
            r#"{"code":"TOOL_NOT_ALLOWED","message":"The gateway reported an error.","hint":"ask"}"#
        );
        let failure = |detail| Failure {
            kind: crate::connectors::FailureKind::Transport,
            status: None,
            code: "TRANSPORT_ERROR".into(),
            detail,
            retry_after: None,
        };
        assert_eq!(
            gateway_failed(&failure(Detail::NoAnswer(40))),
            "The connector gateway request failed: no answer within 40 ms"
        );
        assert_eq!(
            gateway_failed(&Failure::unexpected()),
            "The connector gateway request failed unexpectedly."
        );
        assert!(
            gateway_failed(&failure(Detail::TooLong { chars: 9, max: 4 }))
                .contains("options.limits.gatewayAnswerChars")
        );
    }

    #[test]
    fn host_callback_failures() {
        assert_eq!(
            tool_failed("t", &CallbackError::NoAnswer(40)),
            "tool 't' failed: no answer within 40 ms"
        );
        assert_eq!(
            refusal(&Refusal::Denied(None)),
            "The host denied this call."
        );
        assert_eq!(
            refusal(&Refusal::Failed(CallbackError::Aborted { started: false })),
            "The host refused this call: the call was aborted (ctx.signal) before it started"
        );
    }

    #[test]
    fn a_host_reason_that_ends_a_sentence_gets_no_second_period() {
        let denial = |reason: &str| denied("t", Some(reason));
        for reason in [
            "The user declined this call when asked to approve it.",
            "Not now!",
            "Really?",
            "He said \"no.\"",
            "(over the limit.)",
            "\u{4e0d}\u{884c}\u{3002}",
        ] {
            let text = denial(reason);
            assert!(
                text.contains(&format!(": {reason} The tool was NOT invoked;")),
                "{text}"
            );
        }
        assert!(denial("prod is protected  ")
            .contains(": prod is protected. The tool was NOT invoked;"));
        assert!(denied("t", None).starts_with("The host did not allow 't' to run. The tool"));
        let asked = |question: &str| approval_required("t", Some(question));
        assert!(asked("Delete prod?").contains("The host asks: Delete prod? Tell the user"));
        assert!(asked("Confirm the deletion").contains("The host asks: Confirm the deletion. Tell"));
        assert!(!asked("Approve it.").contains(".."));
    }

    #[test]
    fn connectors_field_per_failure() {
        let unset = connectors_field(LegFailure::NotSetUp, "searched", &[]);
        assert_eq!(unset["status"], "not_set_up");
        let expired = connectors_field(
            LegFailure::SignInExpired,
            "described",
            &["connectors__a__b".into()],
        );
        assert_eq!(expired["reason"], "sign_in_expired");
        assert!(expired["hint"]
            .as_str()
            .unwrap()
            .contains("could not be described"));
        assert_eq!(expired["names"], serde_json::json!(["connectors__a__b"]));
    }

    #[test]
    fn the_spec_pinned_fragments() {
        let syntax = || JsonError::Syntax("expected value".into());
        let cases: Vec<(BridgeError, &[&str])> = vec![
            (
                BridgeError::ListTooLong {
                    key: "queries",
                    count: 9,
                    cap: 8,
                },
                &["too many queries"],
            ),
            (
                BridgeError::DirectlyListed("read_file".into()),
                &["directly-listed tool", "call it directly"],
            ),
            (BridgeError::CallsRequired, &["requires 'calls'"]),
            (BridgeError::CallsNotArray, &["non-empty array"]),
            (BridgeError::CallsNotJson(syntax()), &["not valid JSON"]),
            (BridgeError::CallNotObject(0), &["must be an object"]),
            (BridgeError::CallWithoutName(1), &["requires a 'name'"]),
            (
                BridgeError::CallToBridge("tool_call".into()),
                &["itself a bridge tool"],
            ),
            (
                BridgeError::LocalBatch {
                    sent: 2,
                    retry: "{}".into(),
                },
                &["one entry per tool_call", "Retry with only: {}"],
            ),
            (
                BridgeError::MissingArguments {
                    name: "t".into(),
                    missing: vec!["a".into()],
                },
                &["NOT invoked"],
            ),
            (
                BridgeError::InvalidArguments {
                    name: "t".into(),
                    path: "arguments[a]".into(),
                    constraint: "type".into(),
                    detail: "1 is not a string".into(),
                },
                &["NOT invoked"],
            ),
        ];
        for (error, fragments) in cases {
            let text = error.to_string();
            for fragment in fragments {
                assert!(text.contains(fragment), "{error:?}: {text}");
            }
        }
        for fragment in ["remain available", "before concluding"] {
            assert!(EMPTY_GROUP_HINT.contains(fragment));
        }
        assert!(BridgeError::ArgsNotJson(JsonError::TooDeep)
            .to_string()
            .contains("128 levels"));
        assert_eq!(
            BridgeError::NoExecutor("t".into()).to_json(),
            r#"{"error":"'t' cannot run here: this host does not run local tools (host.executeTool is not set)."}"#
        );
    }
}
