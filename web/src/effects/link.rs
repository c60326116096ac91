//! Opening a shared link: the document in the URL hash becomes a new
//! document (or the identical open one), and the hash is then cleared.

use gloo::events::EventListener;
use yew::prelude::*;

use crate::actions::{open_link, Dispatch};
use crate::codec;
use crate::state::{Action, Tone};

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
        Ok(Some(link)) => open_link(link, "the shared link", dispatch),
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
