//! The source editor (`web/js/editor.js`), driven from Rust: text in and out, highlighting
//! from the core's tokens, diagnostics as squiggles and gutter markers,
//! linked ranges from the views, jumps from clicks, and what a level's
//! run did (dimmed code, loop counts, variable values on hover).

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::bridge;

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EditorDiagnostic {
    pub from: u32,
    pub to: u32,
    /// `error`, `warning` or `note`.
    pub severity: String,
    pub message: String,
    pub code: String,
    /// The finding's fixes, each a button on it and Ctrl+. at the cursor.
    pub fixes: Vec<EditorFix>,
    /// The problems list shows it (its filters): F8 stops on it.
    pub shown: bool,
}

/// One fix of a finding: replace UTF-16 `from..to` with `insert`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EditorFix {
    pub title: String,
    pub from: u32,
    pub to: u32,
    pub insert: String,
}

pub use crate::core_worker::protocol::ServiceCall;

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub text: Rc<String>,
    /// Which document the text is (each keeps its own undo history).
    pub doc_id: Rc<str>,
    /// Changes when the editor must take `text` (another document opened).
    pub reload: u32,
    /// Flat `[from, to, kind, …]` in UTF-16 offsets.
    pub tokens: Rc<Vec<u32>>,
    pub diagnostics: Rc<Vec<EditorDiagnostic>>,
    /// What folds, flat `[from, to, …]`.
    pub folds: Rc<Vec<u32>>,
    /// Flat `[from, to, 0, …]` ranges linked to the hovered view item.
    pub linked: Rc<Vec<u32>>,
    /// What the level's run did (JSON, see `Derived::trace`): code never
    /// run is dimmed, loops get their count, variables their values.
    pub trace: Rc<String>,
    /// UTF-16 offset to move the cursor to, with a nonce.
    pub jump: Option<(u32, u32)>,
    /// An edit to make as one undo step (`from`, `to`, text, nonce).
    pub edit: Option<(u32, u32, Rc<String>, u32)>,
    pub on_change: Callback<TextChange>,
    /// UTF-16 offset of the cursor.
    pub on_cursor: Callback<u32>,
    /// The text is shown, not edited (the reviewer's view).
    #[prop_or_default]
    pub read_only: bool,
    /// Answers the language service's questions (JSON, or empty).
    pub service: Callback<ServiceCall, js_sys::Promise>,
}

/// The editor's report of an edit: the document's whole text, and when
/// the first key of it was typed (`performance.now()`, for the timing
/// harness's edit → repaint figure).
#[derive(Clone, Debug, PartialEq)]
pub struct TextChange {
    pub doc_id: String,
    pub text: String,
    pub typed_at: f64,
}

type ServiceClosure = Closure<dyn FnMut(String, u32, String, u32) -> js_sys::Promise>;
type Closures = (
    Closure<dyn FnMut(String, String, f64)>,
    Closure<dyn FnMut(u32)>,
    ServiceClosure,
);

#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let host = use_node_ref();
    let view = use_mut_ref(|| None::<JsValue>);
    let closures = use_mut_ref(|| None::<Closures>);
    // The editor is made once; what it reports goes to the latest
    // callbacks (a cursor offset is converted with the shown document's
    // map), its questions to the latest answerer (the latest analysis).
    let service = use_mut_ref(|| props.service.clone());
    *service.borrow_mut() = props.service.clone();
    let on_change = use_mut_ref(|| props.on_change.clone());
    *on_change.borrow_mut() = props.on_change.clone();
    let on_cursor = use_mut_ref(|| props.on_cursor.clone());
    *on_cursor.borrow_mut() = props.on_cursor.clone();
    let shown_id = use_mut_ref(|| props.doc_id.clone());
    {
        let (host, view, closures) = (host.clone(), view.clone(), closures.clone());
        let (on_change, on_cursor) = (on_change.clone(), on_cursor.clone());
        let (text, id, service) = (props.text.clone(), props.doc_id.clone(), service.clone());
        use_effect_with((), move |_| {
            if let Some(el) = host.cast::<web_sys::Element>() {
                let ch = Closure::wrap(Box::new(
                    move |text: String, doc_id: String, typed_at: f64| {
                        let latest = on_change.borrow().clone();
                        latest.emit(TextChange {
                            doc_id,
                            text,
                            typed_at,
                        })
                    },
                ) as Box<dyn FnMut(String, String, f64)>);
                let cu = Closure::wrap(Box::new(move |o: u32| {
                    let latest = on_cursor.borrow().clone();
                    latest.emit(o)
                }) as Box<dyn FnMut(u32)>);
                let sv = Closure::wrap(Box::new(
                    move |kind: String, offset: u32, arg: String, length: u32| {
                        let call = ServiceCall {
                            kind,
                            offset,
                            arg,
                            length,
                        };
                        let answerer = service.borrow().clone();
                        answerer.emit(call)
                    },
                )
                    as Box<dyn FnMut(String, u32, String, u32) -> js_sys::Promise>);
                let v = bridge::create_editor(&el, &text, &id, &ch, &cu, &sv);
                *view.borrow_mut() = Some(v);
                *closures.borrow_mut() = Some((ch, cu, sv));
            }
            // Unmounted (on a phone, the map shown): the history is kept
            // for the next mount, the view and its callbacks let go.
            move || {
                if let Some(v) = view.borrow_mut().take() {
                    bridge::destroy_editor(&v);
                }
                closures.borrow_mut().take();
            }
        });
    }
    {
        let view = view.clone();
        let (text, id) = (props.text.clone(), props.doc_id.clone());
        use_effect_with(props.reload, move |_| {
            if let Some(v) = view.borrow().as_ref() {
                let other = *shown_id.borrow() != id;
                if other || bridge::get_text(v) != *text {
                    bridge::set_text(v, &text, &id);
                    *shown_id.borrow_mut() = id;
                }
            }
        });
    }
    {
        let view = view.clone();
        use_effect_with(props.folds.clone(), move |folds| {
            if let Some(v) = view.borrow().as_ref() {
                bridge::set_folds(v, folds.to_vec());
            }
        });
    }
    {
        let view = view.clone();
        use_effect_with(props.read_only, move |&on| {
            if let Some(v) = view.borrow().as_ref() {
                bridge::set_read_only(v, on);
            }
        });
    }
    {
        let view = view.clone();
        use_effect_with(props.tokens.clone(), move |tokens| {
            if let Some(v) = view.borrow().as_ref() {
                let t = bridge::now();
                bridge::set_tokens(v, tokens.to_vec());
                bridge::measure("vw-tokens", t);
            }
        });
    }
    {
        let view = view.clone();
        use_effect_with(props.diagnostics.clone(), move |diags| {
            if let Some(v) = view.borrow().as_ref() {
                let t = bridge::now();
                // As JSON text: one parse on the JS side, and no second
                // serialisation library in the wasm.
                if let Ok(json) = serde_json::to_string(&**diags) {
                    bridge::set_diagnostics(v, &json);
                }
                bridge::measure("vw-diags", t);
            }
        });
    }
    {
        let view = view.clone();
        use_effect_with(props.linked.clone(), move |linked| {
            if let Some(v) = view.borrow().as_ref() {
                bridge::set_linked(v, linked.to_vec());
            }
        });
    }
    {
        let view = view.clone();
        use_effect_with(props.trace.clone(), move |trace| {
            if let Some(v) = view.borrow().as_ref() {
                bridge::set_trace(v, trace);
            }
        });
    }
    {
        let view = view.clone();
        use_effect_with(props.jump, move |jump| {
            if let (Some(v), Some((offset, _))) = (view.borrow().as_ref(), jump) {
                bridge::set_cursor(v, *offset);
            }
        });
    }
    {
        // An edit is made once: not again when the editor is mounted anew
        // (the pane shown again on a phone) with the last one still set.
        let applied = use_mut_ref(|| props.edit.as_ref().map(|e| e.3));
        let view = view.clone();
        use_effect_with(props.edit.clone(), move |edit| {
            if let (Some(v), Some((from, to, text, nonce))) = (view.borrow().as_ref(), edit) {
                if *applied.borrow() != Some(*nonce) {
                    *applied.borrow_mut() = Some(*nonce);
                    bridge::apply_edit(v, *from, *to, text);
                }
            }
        });
    }
    html! { <div class="editor" ref={host} data-testid="editor"></div> }
}
