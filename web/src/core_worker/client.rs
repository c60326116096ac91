//! The page's side of the core's worker. One question is with the worker
//! at a time; of those waiting, only the newest of each kind is kept (an
//! analysis of a text typed over is never made). An answer goes to the
//! one who asked. A question the worker has not answered in its time (a
//! script that never ends) stops the worker: it is ended and another
//! started, the asker told, and the page never waited for any of it.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use super::protocol::{Answer, Envelope, Reply, Request};
use crate::bridge;

/// What a question is: a newer one of the same kind replaces one waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Library,
    Analyze,
    Faces,
    ToLua,
    Bench,
    Documents,
    Service,
    /// The browser tests' runaway (see `Request::Spin`).
    Spin,
}

impl Kind {
    /// How long the worker may take before it is stopped, in ms. A
    /// keystroke's analysis gets two seconds, or four times what the last
    /// one took when that is longer (a large file is not a runaway one).
    fn allowance(self, last_analysis_ms: f64) -> f64 {
        match self {
            Kind::Analyze | Kind::Spin => OVERDUE_MS.max(4.0 * last_analysis_ms).min(30_000.0),
            Kind::Faces => 4.0 * OVERDUE_MS.max(4.0 * last_analysis_ms).min(30_000.0),
            Kind::Library | Kind::ToLua | Kind::Documents | Kind::Service => 10_000.0,
            Kind::Bench => 300_000.0,
        }
    }
}

/// An analysis not answered after this long is taken for a runaway.
pub const OVERDUE_MS: f64 = 2_000.0;

/// What the asker hears.
pub enum Outcome {
    Answer(Answer),
    /// The worker did not answer within `after_ms` and was stopped.
    Stopped {
        after_ms: f64,
    },
}

type Listener = Box<dyn FnOnce(Outcome)>;

struct Asked {
    kind: Kind,
    ticket: u64,
    request: Request,
    listener: Listener,
}

struct InFlight {
    kind: Kind,
    ticket: u64,
    sent_at: f64,
    listener: Listener,
    _watchdog: Timeout,
}

/// The page's handle on the worker (cheap to clone; every clone is the
/// same worker).
#[derive(Clone)]
pub struct Core {
    inner: Rc<RefCell<Inner>>,
    url: Rc<str>,
}

impl PartialEq for Core {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.inner, &other.inner)
    }
}

struct Inner {
    worker: Option<Worker>,
    ready: bool,
    waiting: VecDeque<Asked>,
    in_flight: Option<InFlight>,
    /// The library last sent, sent again to a worker started anew.
    library: Option<BTreeMap<String, String>>,
    next_ticket: u64,
    last_analysis_ms: f64,
    on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    /// Told when the worker is ready (the page says it is loading until).
    on_ready: Option<Rc<dyn Fn()>>,
}

impl Core {
    /// Starts the worker whose loader script is at `url`.
    pub fn start(url: &str) -> Core {
        let core = Core {
            inner: Rc::new(RefCell::new(Inner {
                worker: None,
                ready: false,
                waiting: VecDeque::new(),
                in_flight: None,
                library: None,
                next_ticket: 1,
                last_analysis_ms: 0.0,
                on_message: None,
                on_ready: None,
            })),
            url: Rc::from(url),
        };
        core.spawn();
        core
    }

    /// Whether the worker has loaded and takes questions.
    pub fn is_ready(&self) -> bool {
        self.inner.borrow().ready
    }

    /// `f` is called each time a worker becomes ready.
    pub fn on_ready(&self, f: Rc<dyn Fn()>) {
        self.inner.borrow_mut().on_ready = Some(f);
    }

    /// Asks the worker; `listener` hears the answer, unless a newer
    /// question of the same kind is asked before this one is sent.
    pub fn ask(&self, kind: Kind, request: Request, listener: impl FnOnce(Outcome) + 'static) {
        {
            let mut inner = self.inner.borrow_mut();
            if let Request::Library(files) = &request {
                inner.library = files.clone();
            }
            // Every service question is answered (the editor awaits each);
            // of the others only the newest counts.
            if kind != Kind::Service {
                inner.waiting.retain(|a| a.kind != kind);
            }
            let ticket = inner.next_ticket;
            inner.next_ticket += 1;
            inner.waiting.push_back(Asked {
                kind,
                ticket,
                request,
                listener: Box::new(listener),
            });
        }
        self.pump();
    }

    /// Asks the worker; a promise settled with what `settle` makes of
    /// the outcome (`Ok` resolves it, `Err` rejects it), for JavaScript
    /// that awaits an answer (the editor's service, the test hooks).
    pub fn promise(
        &self,
        kind: Kind,
        request: Request,
        settle: impl FnOnce(Outcome) -> Result<JsValue, JsValue> + 'static,
    ) -> js_sys::Promise {
        let mut asked = Some((request, settle));
        js_sys::Promise::new(&mut |resolve, reject| {
            let Some((request, settle)) = asked.take() else {
                return;
            };
            self.ask(kind, request, move |outcome| {
                let _ = match settle(outcome) {
                    Ok(value) => resolve.call1(&JsValue::NULL, &value),
                    Err(why) => reject.call1(&JsValue::NULL, &why),
                };
            });
        })
    }

    fn spawn(&self) {
        let (worker, early) = match take_early_worker() {
            Some(started) => started,
            None => {
                let options = web_sys::WorkerOptions::new();
                options.set_name("vaultwright-core");
                match Worker::new_with_options(&self.url, &options) {
                    Ok(w) => (w, Vec::new()),
                    Err(e) => {
                        web_sys::console::error_1(&e);
                        return;
                    }
                }
            }
        };
        let weak = Rc::downgrade(&self.inner);
        let url = self.url.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(inner) = weak.upgrade() {
                let core = Core {
                    inner,
                    url: url.clone(),
                };
                core.heard(e.data());
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        {
            let mut inner = self.inner.borrow_mut();
            inner.worker = Some(worker);
            inner.ready = false;
            inner.on_message = Some(on_message);
        }
        // What the worker said before the page listened (its `Ready`).
        for message in early {
            self.heard(message);
        }
    }

    fn heard(&self, message: JsValue) {
        let Some(reply) = read_reply(&message) else {
            return;
        };
        if reply.answer == Answer::Ready {
            let on_ready = {
                let mut inner = self.inner.borrow_mut();
                inner.ready = true;
                inner.on_ready.clone()
            };
            if let Some(f) = on_ready {
                f();
            }
            self.pump();
            return;
        }
        let done = {
            let mut inner = self.inner.borrow_mut();
            match inner.in_flight.take() {
                Some(f) if f.ticket == reply.ticket => {
                    if f.kind == Kind::Analyze {
                        inner.last_analysis_ms = bridge::now() - f.sent_at;
                    }
                    Some(f)
                }
                other => {
                    inner.in_flight = other;
                    None
                }
            }
        };
        if let Some(f) = done {
            (f.listener)(Outcome::Answer(reply.answer));
        }
        self.pump();
    }

    /// Sends the next question when the worker is free.
    fn pump(&self) {
        let mut inner = self.inner.borrow_mut();
        if !inner.ready || inner.in_flight.is_some() {
            return;
        }
        let Some(asked) = inner.waiting.pop_front() else {
            return;
        };
        let Some(worker) = inner.worker.clone() else {
            return;
        };
        let envelope = Envelope {
            ticket: asked.ticket,
            request: asked.request,
        };
        let Ok(json) = serde_json::to_string(&envelope) else {
            return;
        };
        let allowance = asked.kind.allowance(inner.last_analysis_ms);
        let watchdog = {
            let core = self.clone();
            let ticket = asked.ticket;
            Timeout::new(allowance as u32, move || core.overdue(ticket))
        };
        inner.in_flight = Some(InFlight {
            kind: asked.kind,
            ticket: asked.ticket,
            sent_at: bridge::now(),
            listener: asked.listener,
            _watchdog: watchdog,
        });
        drop(inner);
        if let Err(e) = worker.post_message(&JsValue::from_str(&json)) {
            web_sys::console::error_1(&e);
        }
    }

    /// The question `ticket` was not answered in time: the worker is
    /// ended and another started (given the library again), and the
    /// asker told.
    fn overdue(&self, ticket: u64) {
        let stopped = {
            let mut inner = self.inner.borrow_mut();
            match inner.in_flight.take() {
                Some(f) if f.ticket == ticket => Some(f),
                other => {
                    inner.in_flight = other;
                    None
                }
            }
        };
        let Some(stopped) = stopped else {
            return;
        };
        {
            let mut inner = self.inner.borrow_mut();
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
            if let Some(files) = inner.library.clone() {
                let ticket = inner.next_ticket;
                inner.next_ticket += 1;
                inner.waiting.push_front(Asked {
                    kind: Kind::Library,
                    ticket,
                    request: Request::Library(Some(files)),
                    listener: Box::new(|_| {}),
                });
            }
        }
        self.spawn();
        let after_ms = bridge::now() - stopped.sent_at;
        (stopped.listener)(Outcome::Stopped { after_ms });
    }
}

/// The worker `js/boot.js` started before the page's wasm had loaded
/// (its own downloads beside it), and what it said meanwhile; taken once.
fn take_early_worker() -> Option<(Worker, Vec<JsValue>)> {
    let window = web_sys::window()?;
    // From now on the page starts its own (`js/boot.js` reads this).
    let _ = js_sys::Reflect::set(&window, &JsValue::from_str("vwCoreTaken"), &JsValue::TRUE);
    let key = JsValue::from_str("vwCoreEarly");
    let started = js_sys::Reflect::get(&window, &key).ok()?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    let worker = js_sys::Reflect::get(&started, &JsValue::from_str("worker"))
        .ok()?
        .dyn_into::<Worker>()
        .ok()?;
    let said = js_sys::Reflect::get(&started, &JsValue::from_str("early")).ok()?;
    Some((worker, js_sys::Array::from(&said).iter().collect()))
}

/// A message of the worker: JSON text, or the text and an analysis's
/// tokens beside it (`message_loop::reply`).
fn read_reply(message: &JsValue) -> Option<Reply> {
    let mut reply: Reply = match message.as_string() {
        Some(text) => serde_json::from_str(&text).ok()?,
        None => {
            let parts = message.dyn_ref::<js_sys::Array>()?;
            let mut reply: Reply = serde_json::from_str(&parts.get(0).as_string()?).ok()?;
            if let Answer::Analyzed(a) = &mut reply.answer {
                a.tokens = parts
                    .get(1)
                    .dyn_into::<js_sys::Uint32Array>()
                    .ok()?
                    .to_vec();
            }
            reply
        }
    };
    reply.answer.unpack();
    Some(reply)
}
