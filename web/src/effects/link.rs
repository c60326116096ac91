//! Opening a shared link: the document in the URL hash becomes a new
//! document (or the identical open one), and the hash is then cleared.
//!
//! A link is a document someone else wrote, so what it adds happens as
//! the user sees it: the message names where it came from (the page
//! that linked here, when it is another site), and when another page
//! opened this studio (a popup, which can then push link after link into
//! it) nothing is added until the user chooses Open it.

use gloo::events::EventListener;
use yew::prelude::*;

use crate::actions::{open_link, Dispatch};
use crate::codec;
use crate::state::{Action, Offer, Tone};

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
            let from = from_where(&window);
            if opened_by_another_page(&window) {
                dispatch.dispatch(Action::Offer(
                    Tone::Info,
                    format!(
                        "Another page sent a link to {} ({from}). Nothing is added unless you open it.",
                        link.name
                    ),
                    Offer::OpenLink {
                        link: std::rc::Rc::new(link),
                        from,
                    },
                ));
            } else {
                open_link(link, &from, dispatch);
            }
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

/// Whether a page opened this one (`window.open` without `noopener`):
/// it can push links into the studio at will.
fn opened_by_another_page(w: &web_sys::Window) -> bool {
    w.opener().is_ok_and(|o| !o.is_null() && !o.is_undefined())
}

/// "the shared link", with the site that linked here when it is another.
fn from_where(w: &web_sys::Window) -> String {
    let referrer = w.document().map(|d| d.referrer()).unwrap_or_default();
    let ours = w.location().origin().unwrap_or_default();
    match site_of(&referrer) {
        Some(site) if site != ours => format!("the shared link from {site}"),
        _ => "the shared link".into(),
    }
}

/// `https://example.org` of `https://example.org/page?x`.
fn site_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()).then(|| format!("{scheme}://{host}"))
}
