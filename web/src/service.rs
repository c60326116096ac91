//! The editor's questions to the language service, on the page's side:
//! each is asked of the core's worker (`core_worker::service`), which
//! answers from its latest analysis; what the answer asks of the page
//! (a move, another document opened or changed, a message) is done here.
//! Undoing a rename in the other documents it reached, and a reference
//! chosen in another document, need no analysis: they are answered here.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::json;
use wasm_bindgen::JsValue;

use crate::actions::Dispatch;
use crate::codec::Utf16Map;
use crate::core_worker::client::{Core, Kind, Outcome};
use crate::core_worker::protocol::{Answer, Effect, OpenDoc, OtherText, Request, ServiceCall};
use crate::state::{Action, Doc, Tone};

/// What an answer needs on the page: the open documents and the
/// dispatcher for moves and edits.
pub struct Context<'a> {
    pub core: &'a Core,
    pub docs: &'a [Rc<Doc>],
    pub dispatch: &'a Dispatch,
}

thread_local! {
    /// The other documents the last rename changed: undoing it in the
    /// document it was made in undoes it in these too.
    static LAST_RENAME: RefCell<Vec<OtherText>> = const { RefCell::new(Vec::new()) };
}

/// A promise of the answer's JSON (empty for none).
pub fn answer(call: ServiceCall, cx: &Context) -> js_sys::Promise {
    let here = match call.kind.as_str() {
        "undo-rename" => Some(rename_step(cx, Step::Undo)),
        "redo-rename" => Some(rename_step(cx, Step::Redo)),
        "goto" => Some(goto(cx, &call.arg, call.offset)),
        _ => None,
    };
    if let Some(json) = here {
        return js_sys::Promise::resolve(&JsValue::from_str(&json));
    }
    let dispatch = cx.dispatch.clone();
    cx.core
        .promise(Kind::Service, Request::Service(call), move |outcome| {
            let json = match outcome {
                Outcome::Answer(Answer::Service(a)) => {
                    a.effects.into_iter().for_each(|e| apply(e, &dispatch));
                    a.json
                }
                _ => String::new(),
            };
            Ok(JsValue::from_str(&json))
        })
}

fn apply(effect: Effect, dispatch: &Dispatch) {
    let action = match effect {
        Effect::Jump(offset) => Action::Jump(offset),
        Effect::GoTo { id, offset } => Action::GoTo { id, offset },
        Effect::ReplaceOtherDoc { id, text } => Action::ReplaceOtherDoc {
            id,
            text,
            at: crate::actions::now_ms(),
        },
        Effect::Renamed(group) => {
            LAST_RENAME.with(|r| *r.borrow_mut() = group);
            return;
        }
        Effect::Message(text) => Action::Message(Tone::Info, text),
    };
    dispatch.dispatch(action);
}

/// The documents the worker is told of: every open one but the shown.
pub fn open_docs(docs: &[Rc<Doc>], current: usize) -> Vec<OpenDoc> {
    docs.iter()
        .enumerate()
        .filter(|(i, _)| *i != current)
        .map(|(_, d)| OpenDoc {
            id: d.id.clone(),
            name: d.name.clone(),
            language: d.language,
            revision: d.revision,
            source: d.source.clone(),
        })
        .collect()
}

/// A reference in another open document, chosen in the list.
fn goto(cx: &Context, id: &str, offset16: u32) -> String {
    let Some(doc) = cx.docs.iter().find(|d| d.id == id) else {
        return String::new();
    };
    let offset = Utf16Map::new(&doc.source).to_byte(offset16);
    cx.dispatch.dispatch(Action::GoTo {
        id: id.to_string(),
        offset,
    });
    json!({ "found": 1 }).to_string()
}

#[derive(Clone, Copy)]
enum Step {
    Undo,
    Redo,
}

/// The rename undone (or redone) in the shown document is undone (redone)
/// in the others it reached, where they are still as it left them.
fn rename_step(cx: &Context, step: Step) -> String {
    let changed = LAST_RENAME.with(|r| {
        let mut n = 0;
        for o in r.borrow().iter() {
            let (from, to) = match step {
                Step::Undo => (&o.after, &o.before),
                Step::Redo => (&o.before, &o.after),
            };
            let current = cx.docs.iter().find(|d| d.id == o.id);
            if current.is_some_and(|d| d.source == *from) {
                cx.dispatch.dispatch(Action::ReplaceOtherDoc {
                    id: o.id.clone(),
                    text: to.clone(),
                    at: crate::actions::now_ms(),
                });
                n += 1;
            }
        }
        n
    });
    if changed > 0 {
        let verb = match step {
            Step::Undo => "Undid",
            Step::Redo => "Redid",
        };
        cx.dispatch.dispatch(Action::Message(
            Tone::Info,
            format!(
                "{verb} the rename in {changed} other document{} too.",
                if changed == 1 { "" } else { "s" }
            ),
        ));
    }
    json!({ "others": changed }).to_string()
}
