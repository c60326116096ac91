//! A message serialised for standard output is the JSON lsp-server would
//! have written for it.

use lsp_server::{ErrorCode, Message, RequestId, Response};
use lsp_types as lsp;
use serde_json::Value;

use super::*;

/// What each kind of outbox sends for `send`, as JSON values.
fn both(send: impl Fn(&Outbox)) -> (Value, Value) {
    let (to_messages, messages) = crossbeam_channel::unbounded();
    let (to_texts, texts) = crossbeam_channel::unbounded();
    send(&Outbox::Messages(to_messages));
    send(&Outbox::Frames(to_texts));
    let message: Message = messages.try_recv().expect("a message");
    let text: String = texts.try_recv().expect("a text");
    let written = serde_json::to_value(&message).expect("serialised");
    let read: Value = serde_json::from_str(&text).expect("JSON");
    (written, read)
}

fn publish() -> lsp::PublishDiagnosticsParams {
    let at = lsp::Position::new(3, 7);
    lsp::PublishDiagnosticsParams {
        uri: "file:///levels/castle.lua".parse().expect("a URL"),
        diagnostics: vec![lsp::Diagnostic {
            range: lsp::Range::new(at, at),
            severity: Some(lsp::DiagnosticSeverity::WARNING),
            code: Some(lsp::NumberOrString::String("NL0218".into())),
            source: Some("vaultwright".into()),
            message: "the monster is placed in solid rock".into(),
            ..Default::default()
        }],
        version: Some(4),
    }
}

#[test]
fn a_notification_is_the_same_json_either_way() {
    let (written, read) = both(|out| out.notify("textDocument/publishDiagnostics", publish()));
    assert_eq!(read["jsonrpc"], "2.0");
    assert_eq!(read["params"]["diagnostics"][0]["code"], "NL0218");
    // lsp-server writes the version field itself, outside its `Message`.
    let mut read = read;
    read.as_object_mut().map(|o| o.remove("jsonrpc"));
    assert_eq!(written, read);
}

#[test]
fn answers_and_refusals_are_the_same_json_either_way() {
    let id = RequestId::from(7);
    let (written, read) = both(|out| out.answer(id.clone(), Some(vec![1, 2, 3])));
    assert_eq!(read["result"], serde_json::json!([1, 2, 3]));
    let mut without_version = read.clone();
    without_version.as_object_mut().map(|o| o.remove("jsonrpc"));
    assert_eq!(written, without_version);
    let (written, read) = both(|out| out.answer(id.clone(), None::<u8>));
    assert_eq!(read["result"], Value::Null);
    assert_eq!(written["result"], Value::Null);
    let refusal = || Response::new_err(id.clone(), ErrorCode::InvalidParams as i32, "no".into());
    let (written, read) = both(|out| out.respond(refusal()));
    assert_eq!(read["error"]["code"], ErrorCode::InvalidParams as i32);
    assert_eq!(read["jsonrpc"], "2.0");
    let mut without_version = read;
    without_version.as_object_mut().map(|o| o.remove("jsonrpc"));
    assert_eq!(written, without_version);
}

/// A result that does not serialise is still answered: the client never
/// waits for ever on a request.
#[test]
fn an_answer_that_does_not_serialise_is_an_internal_error() {
    let (to_texts, texts) = crossbeam_channel::unbounded();
    // JSON keys are strings: a map keyed by lists cannot be written.
    let unwritable = std::collections::BTreeMap::from([(vec![1u8], 1u8)]);
    Outbox::Frames(to_texts).answer(RequestId::from(9), unwritable);
    let text: String = texts.try_recv().expect("an answer");
    let read: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(read["id"], 9);
    assert_eq!(read["error"]["code"], ErrorCode::InternalError as i32);
}
