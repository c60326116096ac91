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

fn reply(scope: &DedicatedWorkerGlobalScope, ticket: u64, answer: Answer) {
    if let Ok(json) = serde_json::to_string(&Reply { ticket, answer }) {
        let _ = scope.post_message(&JsValue::from_str(&json));
    }
}

fn clock() -> f64 {
    js_sys::global()
        .dyn_into::<web_sys::WorkerGlobalScope>()
        .ok()
        .and_then(|g| g.performance())
        .map_or(0.0, |p| p.now())
}
