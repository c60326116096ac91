//! Where the server's notifications and answers go.
//!
//! lsp-server's `Message` holds params and results as a `serde_json::Value`
//! tree: one finding is four maps, some 2.5 KB, so publishing the 20,000
//! findings of a 1 MB level held 52 MB before a byte was written. On
//! standard output they are serialised straight from the protocol's types
//! into the frame's text instead; in memory (the tests' connection) they
//! stay the `Message`s an lsp-server client reads.

use crossbeam_channel::Sender;
use lsp_server::{ErrorCode, Message, Notification, RequestId, Response};
use serde::Serialize;

pub enum Outbox {
    /// lsp-server's channel: messages as its clients read them.
    Messages(Sender<Message>),
    /// Standard output's writer: each message's JSON text, one frame. The
    /// channel holds nothing (`bounded(0)`), as lsp-server's beside it
    /// does: each send waits for the writer, so the order sent is the
    /// order written (`frames::write_out`).
    Frames(Sender<String>),
}

impl Outbox {
    /// Notification `method` with `params`.
    pub fn notify(&self, method: &str, params: impl Serialize) {
        match self {
            Outbox::Messages(to) => send(
                to,
                Message::Notification(Notification::new(method.to_string(), params)),
            ),
            Outbox::Frames(to) => {
                let note = Note {
                    jsonrpc: "2.0",
                    method,
                    params,
                };
                // The protocol's types always serialise; should one not, a
                // notification is better dropped than sent broken.
                let _ = send_json(to, &note);
            }
        }
    }

    /// The answer `result` to request `id` (an internal error, should the
    /// result not serialise: a request is always answered).
    pub fn answer(&self, id: RequestId, result: impl Serialize) {
        match self {
            Outbox::Messages(to) => send(to, Message::Response(Response::new_ok(id, result))),
            Outbox::Frames(to) => {
                let answer = Answer {
                    jsonrpc: "2.0",
                    id: &id,
                    result,
                };
                if let Err(e) = send_json(to, &answer) {
                    let code = ErrorCode::InternalError as i32;
                    self.respond(Response::new_err(id, code, e.to_string()));
                }
            }
        }
    }

    /// A response made already (a refusal: small, whichever way it goes).
    pub fn respond(&self, response: Response) {
        match self {
            Outbox::Messages(to) => send(to, Message::Response(response)),
            Outbox::Frames(to) => {
                let whole = Whole {
                    jsonrpc: "2.0",
                    response,
                };
                let _ = send_json(to, &whole);
            }
        }
    }
}

#[derive(Serialize)]
struct Note<'a, P> {
    jsonrpc: &'static str,
    method: &'a str,
    params: P,
}

#[derive(Serialize)]
struct Answer<'a, R> {
    jsonrpc: &'static str,
    id: &'a RequestId,
    result: R,
}

#[derive(Serialize)]
struct Whole {
    jsonrpc: &'static str,
    #[serde(flatten)]
    response: Response,
}

/// `message` serialised and sent, or why it could not be serialised
/// (then nothing is sent).
fn send_json(to: &Sender<String>, message: &impl Serialize) -> serde_json::Result<()> {
    let text = serde_json::to_string(message)?;
    // A client gone away ends the loop at the next receive.
    let _ = to.send(text);
    Ok(())
}

fn send(to: &Sender<Message>, message: Message) {
    let _ = to.send(message);
}

#[cfg(test)]
mod tests;
