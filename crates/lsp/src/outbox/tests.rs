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
