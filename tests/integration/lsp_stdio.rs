//! `vaultwright lsp` on its real standard input and output, sent frames
//! a client should never send: a garbage header, a body that is not JSON,
//! a length of 2^40. Each is answered with a JSON-RPC error and the
//! session goes on to a clean exit.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Server {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<Value>,
}

/// The frames a server writes, each body parsed; ends with its output.
fn read_frames(out: impl Read + Send + 'static) -> Receiver<Value> {
    let (send, answers) = mpsc::channel();
    std::thread::spawn(move || {
        let mut out = BufReader::new(out);
        loop {
            let mut length = None;
            loop {
                let mut line = String::new();
                if out.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(n) = line.strip_prefix("Content-Length: ") {
                    length = n.parse::<usize>().ok();
                }
            }
            let mut body = vec![0; length.unwrap_or(0)];
            if out.read_exact(&mut body).is_err() {
                return;
            }
            let value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            if send.send(value).is_err() {
                return;
            }
        }
    });
    answers
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vaultwright"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("started");
        let stdin = child.stdin.take().expect("stdin");
        let answers = read_frames(child.stdout.take().expect("stdout"));
        Server {
            child,
            stdin,
            answers,
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("sent");
        self.stdin.flush().expect("sent");
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    /// The next answer that is not a notification, within 20 s.
    fn answer(&self) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let value = self.answers.recv_timeout(left).expect("an answer in time");
            if value.get("method").is_none() {
                return value;
            }
        }
    }

    /// `initialize`, then at once `initialized`, which lsp-server waits
    /// for before it serves.
    fn initialize(&mut self, id: i32) {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": "initialize",
            "params": {"capabilities": {}}}));
        self.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    }

    /// The next `n` answers, refusals first (the server's answers and
    /// the reader's refusals are written by one writer, in either order
    /// when both wait).
    fn answers(&self, n: usize) -> Vec<Value> {
        let mut all: Vec<Value> = (0..n).map(|_| self.answer()).collect();
        all.sort_by_key(|a| !a["id"].is_null());
        all
    }

    /// Shuts down and exits; the process ends with status 0 in time.
    fn stop(mut self) {
        self.send(json!({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}));
        assert_eq!(self.answer()["id"], 99);
        self.send(json!({"jsonrpc": "2.0", "method": "exit"}));
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "{status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("the server did not exit");
    }
}

/// A refusal: no id, the code given, a message.
fn assert_refused(answer: &Value, code: i64) {
    assert_eq!(answer["id"], Value::Null, "{answer}");
    assert_eq!(answer["error"]["code"], code, "{answer}");
    assert!(answer["error"]["message"].is_string(), "{answer}");
}

#[test]
fn a_garbage_header_is_answered_then_initialize_is() {
    let mut server = Server::start();
    server.send_raw(b"Garbage header without a colon\r\n\r\n");
    server.initialize(1);
    let [refused, init] = &server.answers(2)[..] else {
        panic!("two answers");
    };
    assert_refused(refused, -32700);
    assert_eq!(init["id"], 1, "{init}");
    assert!(init["result"]["capabilities"].is_object(), "{init}");
    server.stop();
}

#[test]
fn a_body_that_is_not_json_is_answered_and_the_session_goes_on() {
    let mut server = Server::start();
    server.initialize(1);
    assert_eq!(server.answer()["id"], 1);
    server.send_raw(b"Content-Length: 11\r\n\r\nnot json!!!");
    server.send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol",
        "params": {"textDocument": {"uri": "file:///nowhere.des"}}}),
    );
    let [refused, symbols] = &server.answers(2)[..] else {
        panic!("two answers");
    };
    assert_refused(refused, -32700);
    assert_eq!(symbols["id"], 2, "{symbols}");
    server.stop();
}

/// After a refused length the stream's position is unknowable: the
/// server answers and reads on from the next `Content-Length` header.
#[test]
fn a_length_of_two_to_the_forty_is_refused_promptly_without_an_abort() {
    let mut server = Server::start();
    let started = Instant::now();
    server.send_raw(b"Content-Length: 1099511627776\r\n\r\n");
    server.send_raw(b"Content-Length: 4000000000\r\n\r\n");
    server.initialize(1);
    let [first, second, init] = &server.answers(3)[..] else {
        panic!("three answers");
    };
    assert_refused(first, -32600);
    assert_refused(second, -32600);
    assert_eq!(init["id"], 1, "{init}");
    assert!(started.elapsed() < Duration::from_secs(10));
    server.stop();
}
