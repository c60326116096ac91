//! Opening a shared link: the document in the URL hash becomes a new
//! document (or the identical open one), and the hash is then cleared.

use gloo::events::EventListener;
use yew::prelude::*;

use crate::actions::{make_doc, Dispatch};
use crate::codec;
use crate::state::{Action, NamesFile, Tone};

#[hook]
pub fn use_hash_link(dispatch: Dispatch) {
    use_effect_with((), move |_| {
        open_from_hash(&dispatch);
        let listener = web_sys::window()
            .map(|w| EventListener::new(&w, "hashchange", move |_| open_from_hash(&dispatch)));
        move || drop(listener)
    });
}

fn open_from_hash(dispatch: &Dispatch) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hash = window.location().hash().unwrap_or_default();
    match codec::decode_link(&hash) {
        Ok(None) => return,
        Ok(Some(link)) => {
            let mut doc = make_doc(&link.name, link.language, &link.source);
            doc.target = link.target;
            doc.explicit_target = link.explicit_target;
            doc.seed = link.seed;
            doc.symbol = link.symbol;
            doc.view = link.view;
            doc.faces = link.faces;
            let brought: Vec<String> = link.names.iter().map(|n| n.name.clone()).collect();
            let message = if brought.is_empty() {
                "Opened the shared link as a new document.".to_string()
            } else {
                format!(
                    "Opened the shared link as a new document, with its names files (now active; see Names…): {}.",
                    brought.join(", ")
                )
            };
            if !link.names.is_empty() {
                let at = crate::actions::now_ms();
                dispatch.dispatch(Action::NamesLoaded(
                    link.names
                        .into_iter()
                        .map(|n| NamesFile {
                            id: format!("names:{at}:{}", n.name),
                            name: n.name,
                            text: n.text,
                            active: true,
                        })
                        .collect(),
                ));
            }
            dispatch.dispatch(Action::Message(Tone::Info, message));
            dispatch.dispatch(Action::Open(doc));
        }
        Err(e) => dispatch.dispatch(Action::Message(
            Tone::Error,
            format!("Could not open the link: {e}. Nothing was changed."),
        )),
    }
    clear_hash(&window);
}

fn clear_hash(w: &web_sys::Window) {
    if let Ok(h) = w.history() {
        let url = w.location().pathname().unwrap_or_else(|_| "/".into());
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}
