//! The protocol's frames read from standard input by us, in front of
//! lsp-server, and the server's messages and our refusals written out.
//!
//! lsp-server's own reader ends the server at the first malformed frame
//! (a bad header, a body that is not JSON) and allocates a frame's whole
//! `Content-Length` before a byte of it arrives (2^40 aborted the
//! process; 4 000 000 000 committed 4 GB). Here a header line is read at
//! most [`MAX_HEADER_LINE`] bytes at a time, a length over [`MAX_BODY`] is
//! refused before anything is allocated, a body grows only as its bytes
//! arrive, and a frame that cannot be read is answered with a JSON-RPC
//! error (-32700 Parse error, -32600 Invalid Request) while the server
//! goes on.

use std::io::{self, BufRead, Read, Write};

use crossbeam_channel::{Receiver, Sender};
use lsp_server::Message;
use serde_json::{json, Value};

/// The largest message body read: far above any level file sent whole
/// (the cap on a file read from disk is the same).
pub const MAX_BODY: u64 = 64 * 1024 * 1024;
/// The longest header line kept; a longer one is a broken header.
pub const MAX_HEADER_LINE: u64 = 8 * 1024;
/// Header lines in one frame (the protocol has two).
const MAX_HEADER_LINES: usize = 32;

/// JSON-RPC's error for a frame or body that cannot be parsed.
pub const PARSE_ERROR: i32 = -32700;
/// JSON-RPC's error for JSON that is not a request, response or
/// notification (and here, for a body over [`MAX_BODY`]).
pub const INVALID_REQUEST: i32 = -32600;

/// One frame read: a message for the server, or the error answered.
#[derive(Debug)]
pub enum Frame {
    Message(Message),
    Refused(Value),
}

/// A frame's headers: its body's length, or why the frame is unreadable.
enum Headers {
    Length(u64),
    /// Broken, but the body's length is known: it is skipped.
    BrokenWithLength(String, u64),
    /// The body's length is unknown (or refused): the stream is read
    /// again from the next `Content-Length` header.
    Lost(i32, String),
}

/// The frames of an input stream, one at a time.
pub struct Frames<R> {
    input: R,
    /// After a frame whose body's extent is unknown: lines are skipped
    /// until one holds a `Content-Length` header.
    resync: bool,
}

impl<R: BufRead> Frames<R> {
    pub fn new(input: R) -> Frames<R> {
        Frames {
            input,
            resync: false,
        }
    }

    /// The next frame, or `None` at the end of the input.
    pub fn next_frame(&mut self) -> io::Result<Option<Frame>> {
        let length = match self.headers()? {
            None => return Ok(None),
            Some(Headers::Length(n)) => n,
            Some(Headers::BrokenWithLength(why, n)) => {
                let skipped = io::copy(&mut (&mut self.input).take(n), &mut io::sink())?;
                if skipped < n {
                    return Ok(None);
                }
                return Ok(Some(refusal(PARSE_ERROR, &why, Value::Null)));
            }
            Some(Headers::Lost(code, why)) => {
                // After a refused or missing length the stream's position
                // is unknowable: answer, then read on from the next line
                // that holds a `Content-Length` header (a client that sent
                // the frame's body skips it; one that did not loses
                // nothing). Closing the connection would end the session
                // over one bad frame, which this reader exists to avoid.
                self.resync = true;
                return Ok(Some(refusal(code, &why, Value::Null)));
            }
        };
        let mut body = Vec::new();
        (&mut self.input).take(length).read_to_end(&mut body)?;
        if (body.len() as u64) < length {
            return Ok(None);
        }
        Ok(Some(parse_body(&body)))
    }

    /// A frame's header lines up to the empty one; `None` at the end of
    /// the input.
    fn headers(&mut self) -> io::Result<Option<Headers>> {
        let mut length = None;
        let mut broken = None;
        let mut lines = 0;
        loop {
            let Some((mut line, whole)) = self.line()? else {
                return Ok(None);
            };
            if self.resync {
                let Some(at) = find_content_length(&line) else {
                    continue;
                };
                line.drain(..at);
                self.resync = false;
            }
            let text = line.strip_suffix(b"\n").unwrap_or(&line);
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            if text.is_empty() && whole {
                if lines == 0 {
                    continue; // blank lines between frames
                }
                break;
            }
            lines += 1;
            let read = if !whole {
                Err(format!("a header line over {MAX_HEADER_LINE} bytes"))
            } else if lines > MAX_HEADER_LINES {
                Err(format!("more than {MAX_HEADER_LINES} header lines"))
            } else {
                header(text)
            };
            match read {
                Ok(Some(n)) => length = Some(n),
                Ok(None) => {}
                Err(why) => {
                    broken.get_or_insert(why);
                }
            }
        }
        Ok(Some(judge(length, broken)))
    }

    /// One line of at most [`MAX_HEADER_LINE`] bytes (with its `\n`), and
    /// whether it is whole; the rest of a longer line is read and dropped.
    fn line(&mut self) -> io::Result<Option<(Vec<u8>, bool)>> {
        let mut line = Vec::new();
        (&mut self.input)
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if line.is_empty() {
            return Ok(None);
        }
        if line.ends_with(b"\n") {
            return Ok(Some((line, true)));
        }
        // Cut short by the cap (or by the end of the input).
        self.skip_line()?;
        Ok(Some((line, false)))
    }

    /// Drops bytes up to and with the next `\n`, a buffer at a time.
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let buffer = self.input.fill_buf()?;
            if buffer.is_empty() {
                return Ok(());
            }
            let (used, found) = match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buffer.len(), false),
            };
            self.input.consume(used);
            if found {
                return Ok(());
            }
        }
    }
}

/// Where a `Content-Length` header starts in a line (any case), when
/// it holds one.
fn find_content_length(line: &[u8]) -> Option<usize> {
    const NAME: &[u8] = b"content-length:";
    line.windows(NAME.len())
        .position(|w| w.eq_ignore_ascii_case(NAME))
}

/// One header line: `Some(length)` for `Content-Length`, `None` for
/// another header, or why the line is not a header.
fn header(text: &[u8]) -> Result<Option<u64>, String> {
    let text = std::str::from_utf8(text).map_err(|_| "a header that is not text".to_string())?;
    let Some((name, value)) = text.split_once(':') else {
        return Err(format!("`{}` is not a header", shown(text)));
    };
    if !name.trim().eq_ignore_ascii_case("content-length") {
        return Ok(None);
    }
    let value = value.trim();
    value
        .parse::<u64>()
        .map(Some)
        .map_err(|_| format!("Content-Length `{}` is not a length", shown(value)))
}

/// A header's text in a message: at most 80 characters of it.
fn shown(text: &str) -> String {
    text.chars().take(80).flat_map(char::escape_debug).collect()
}

/// What the headers come to.
fn judge(length: Option<u64>, broken: Option<String>) -> Headers {
    match (length, broken) {
        (Some(n), _) if n > MAX_BODY => Headers::Lost(
            INVALID_REQUEST,
            format!(
                "a message of {n} bytes is over the limit of {} MiB; not read",
                MAX_BODY / (1024 * 1024)
            ),
        ),
        (Some(n), Some(why)) => Headers::BrokenWithLength(format!("malformed frame: {why}"), n),
        (Some(n), None) => Headers::Length(n),
        (None, Some(why)) => Headers::Lost(PARSE_ERROR, format!("malformed frame: {why}")),
        (None, None) => Headers::Lost(PARSE_ERROR, "a frame without Content-Length".into()),
    }
}

/// A body as a message, or the error it is answered with.
fn parse_body(body: &[u8]) -> Frame {
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            return refusal(
                PARSE_ERROR,
                &format!("the body is not JSON: {e}"),
                Value::Null,
            )
        }
    };
    // A request's id, when it has one the answer can carry.
    let id = match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    // An object only: serde would read `[1, 2]` as a response's fields.
    if !value.is_object() {
        return refusal(INVALID_REQUEST, "a message is a JSON object", id);
    }
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Frame::Message(message),
        Err(e) => refusal(
            INVALID_REQUEST,
            &format!("not a JSON-RPC request, response or notification: {e}"),
            id,
        ),
    }
}

fn refusal(code: i32, message: &str, id: Value) -> Frame {
    Frame::Refused(json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message},
    }))
}

/// Reads frames from `input` until it ends or the client says `exit`:
/// messages to the server, refusals to the writer.
pub fn pump(
    input: impl BufRead,
    to_server: Sender<Message>,
    refusals: Sender<Value>,
) -> io::Result<()> {
    let mut frames = Frames::new(input);
    while let Some(frame) = frames.next_frame()? {
        match frame {
            Frame::Message(message) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if to_server.send(message).is_err() || exit {
                    break;
                }
            }
            Frame::Refused(answer) => {
                if refusals.send(answer).is_err() {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// Writes the server's messages (lsp-server's, and those serialised
/// already: see `outbox`) and the refusals, each frame whole, until the
/// server's side closes. The server sends on one channel at a time and
/// each send waits for this loop to take it, so its order is kept.
pub fn write_out(
    from_server: Receiver<Message>,
    texts: Receiver<String>,
    refusals: Receiver<Value>,
    out: &mut impl Write,
) -> io::Result<()> {
    // The server's two channels hold nothing: each send waits for this
    // loop, which is what keeps the order sent (see `outbox::Outbox`).
    debug_assert_eq!(from_server.capacity(), Some(0));
    debug_assert_eq!(texts.capacity(), Some(0));
    // A channel closed is swapped for one that never delivers.
    let (no_refusals, no_texts) = (crossbeam_channel::never(), crossbeam_channel::never());
    let mut refusals = Some(refusals);
    let mut texts = Some(texts);
    loop {
        let refused = refusals.as_ref().unwrap_or(&no_refusals);
        let text = texts.as_ref().unwrap_or(&no_texts);
        crossbeam_channel::select! {
            recv(from_server) -> message => match message {
                Ok(message) => message.write(out)?,
                Err(_) => break,
            },
            recv(text) -> text => match text {
                Ok(text) => write_text(out, &text)?,
                Err(_) => texts = None,
            },
            recv(refused) -> answer => match answer {
                Ok(answer) => write_text(out, &answer.to_string())?,
                // The reader is gone: only the server's messages remain.
                Err(_) => refusals = None,
            },
        }
    }
    // The server is done: what it and the reader left is written out.
    for text in texts.iter().flat_map(|t| t.try_iter()) {
        write_text(out, &text)?;
    }
    for answer in refusals.iter().flat_map(|r| r.try_iter()) {
        write_text(out, &answer.to_string())?;
    }
    Ok(())
}

/// A message's JSON text as a frame.
fn write_text(out: &mut impl Write, text: &str) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n{text}", text.len())?;
    out.flush()
}

#[cfg(test)]
mod tests;
