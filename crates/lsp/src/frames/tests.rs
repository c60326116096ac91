//! The frame reader on hostile streams held in memory: broken headers,
//! bodies that are not JSON, lengths past the cap, endless header lines.

use std::io::Cursor;
use std::time::{Duration, Instant};

use super::*;

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#;

fn frame(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

/// Every frame of `input`, as the codes of the refusals and the methods
/// of the messages.
fn read_all(input: &[u8]) -> Vec<String> {
    let mut frames = Frames::new(Cursor::new(input));
    let mut out = Vec::new();
    while let Ok(Some(f)) = frames.next_frame() {
        out.push(match f {
            Frame::Message(Message::Request(r)) => r.method,
            Frame::Message(Message::Notification(n)) => n.method,
            Frame::Message(Message::Response(_)) => "response".into(),
            Frame::Refused(v) => format!("error {}", v["error"]["code"]),
        });
    }
    out
}

#[test]
fn a_garbage_header_is_answered_and_the_next_frame_read() {
    let input = format!("Garbage without a colon\r\n\r\n{}", frame(INIT));
    assert_eq!(read_all(input.as_bytes()), ["error -32700", "initialize"]);
    let input = format!("Content-Length: 2\r\nBroken\r\n\r\n{{}}{}", frame(INIT));
    assert_eq!(read_all(input.as_bytes()), ["error -32700", "initialize"]);
    let input = format!("Content-Length: lots\r\n\r\n{}", frame(INIT));
    assert_eq!(read_all(input.as_bytes()), ["error -32700", "initialize"]);
}

#[test]
fn a_body_that_is_not_json_or_not_a_message_is_answered() {
    let input = format!("{}{}{}", frame("hello"), frame("[1,2]"), frame(INIT));
    assert_eq!(
        read_all(input.as_bytes()),
        ["error -32700", "error -32600", "initialize"]
    );
    let mut frames = Frames::new(Cursor::new(frame("{").into_bytes()));
    let Ok(Some(Frame::Refused(answer))) = frames.next_frame() else {
        panic!("a refusal");
    };
    assert_eq!(answer["id"], Value::Null);
    assert_eq!(answer["jsonrpc"], "2.0");
    assert!(answer["error"]["message"].is_string());
}

#[test]
fn a_length_past_the_cap_is_refused_before_anything_is_read() {
    for length in ["1099511627776", "4000000000", "18446744073709551615"] {
        let input = format!("Content-Length: {length}\r\n\r\n{}", frame(INIT));
        let started = Instant::now();
        assert_eq!(read_all(input.as_bytes()), ["error -32600", "initialize"]);
        assert!(started.elapsed() < Duration::from_secs(1));
    }
    let input = format!(
        "Content-Length: 99999999999999999999999\r\n\r\n{}",
        frame(INIT)
    );
    assert_eq!(read_all(input.as_bytes()), ["error -32700", "initialize"]);
}

#[test]
fn an_endless_header_line_is_dropped_a_buffer_at_a_time() {
    let long = "x".repeat(1024 * 1024);
    let input = format!("X-Junk: {long}\r\n\r\n{}", frame(INIT));
    assert_eq!(read_all(input.as_bytes()), ["error -32700", "initialize"]);
    let many = "X-Junk: 1\r\n".repeat(100);
    let input = format!("Content-Length: 2\r\n{many}\r\n{{}}{}", frame(INIT));
    assert_eq!(read_all(input.as_bytes()), ["error -32700", "initialize"]);
}

#[test]
fn a_truncated_body_ends_the_input_quietly() {
    assert!(read_all(b"Content-Length: 10\r\n\r\n{}").is_empty());
    assert!(read_all(b"").is_empty());
}

#[test]
fn the_pump_stops_after_exit_and_the_writer_keeps_frames_whole() {
    let exit = r#"{"jsonrpc":"2.0","method":"exit"}"#;
    let input = format!("{}{}{}", frame("nope"), frame(exit), frame(INIT));
    let (to_server, server_in) = crossbeam_channel::unbounded();
    let (refuse, refusals) = crossbeam_channel::unbounded();
    pump(Cursor::new(input.into_bytes()), to_server, refuse).expect("read");
    let got: Vec<Message> = server_in.try_iter().collect();
    assert_eq!(got.len(), 1, "nothing after exit: {got:?}");
    let (server_out, from_server) = crossbeam_channel::bounded::<Message>(0);
    let (_, texts) = crossbeam_channel::bounded::<String>(0);
    drop(server_out);
    let mut out = Vec::new();
    write_out(from_server, texts, refusals, &mut out).expect("written");
    let text = String::from_utf8(out).expect("text");
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
    assert!(text.starts_with(&format!("Content-Length: {}\r\n\r\n", body.len())));
    let answer: Value = serde_json::from_str(body).expect("JSON");
    assert_eq!(answer["error"]["code"], PARSE_ERROR);
}

/// What the server sends on its two channels (lsp-server's messages and
/// texts serialised already) reaches the client in the order sent, each
/// a whole frame, and the writer ends when the server's side closes.
#[test]
fn messages_and_texts_are_written_in_the_order_sent() {
    let (server_out, from_server) = crossbeam_channel::bounded::<Message>(0);
    let (text_out, texts) = crossbeam_channel::bounded::<String>(0);
    let (_refuse, refusals) = crossbeam_channel::bounded::<Value>(0);
    let writer = std::thread::spawn(move || {
        let mut out = Vec::new();
        write_out(from_server, texts, refusals, &mut out).map(|()| out)
    });
    for i in 0..50 {
        let method = format!("m{i}");
        if i % 3 == 0 {
            let note = lsp_server::Notification::new(method, Value::Null);
            server_out.send(Message::Notification(note)).expect("sent");
        } else {
            let text = format!(r#"{{"jsonrpc":"2.0","method":"{method}","params":null}}"#);
            text_out.send(text).expect("sent");
        }
    }
    drop((server_out, text_out));
    let out = writer.join().expect("writer").expect("written");
    let mut input = Frames::new(Cursor::new(out));
    let mut methods = Vec::new();
    while let Some(frame) = input.next_frame().expect("read") {
        match frame {
            Frame::Message(Message::Notification(n)) => methods.push(n.method),
            other => panic!("not a notification: {other:?}"),
        }
    }
    let sent: Vec<String> = (0..50).map(|i| format!("m{i}")).collect();
    assert_eq!(methods, sent);
}
