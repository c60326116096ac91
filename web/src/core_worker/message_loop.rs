//! The worker's message loop: each message from the page is a request
//! (JSON text), answered with one message back. A request that runs away
//! blocks this loop; the page then stops the whole worker and starts
//! another (`client`), so nothing here needs a way to be interrupted.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::protocol::{Answer, Envelope, Reply};
use super::serve::Server;

/// Starts answering; says `Ready` once it does (messages sent before a
/// worker listens are lost, so the page waits for it).
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let server = RefCell::new(Server::new());
    let post = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let Some(text) = e.data().as_string() else {
            return;
        };
        let Ok(envelope) = serde_json::from_str::<Envelope>(&text) else {
            return;
        };
        let answer = server.borrow_mut().answer(envelope.request, &clock);
        reply(&post, envelope.ticket, answer);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    reply(&scope, 0, Answer::Ready);
}

/// Posts an answer: JSON text, and beside it an analysis's tokens as a
/// typed array whose memory is handed to the page, not copied.
fn reply(scope: &DedicatedWorkerGlobalScope, ticket: u64, mut answer: Answer) {
    answer.pack();
    let tokens = match &mut answer {
        Answer::Analyzed(a) => Some(std::mem::take(&mut a.tokens)),
        _ => None,
    };
    let Ok(json) = serde_json::to_string(&Reply { ticket, answer }) else {
        return;
    };
    let json = JsValue::from_str(&json);
    let _ = match tokens {
        None => scope.post_message(&json),
        Some(tokens) => {
            let flat = js_sys::Uint32Array::from(&tokens[..]);
            let message = js_sys::Array::of2(&json, &flat);
            scope.post_message_with_transfer(&message, &js_sys::Array::of1(&flat.buffer()))
        }
    };
}

fn clock() -> f64 {
    js_sys::global()
        .dyn_into::<web_sys::WorkerGlobalScope>()
        .ok()
        .and_then(|g| g.performance())
        .map_or(0.0, |p| p.now())
}
