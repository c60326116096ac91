//! The OS colour preference, followed while the user has not chosen.

use gloo::events::EventListener;
use yew::prelude::*;

fn dark_query() -> Option<web_sys::MediaQueryList> {
    web_sys::window()?
        .match_media("(prefers-color-scheme: dark)")
        .ok()?
}

/// Whether the OS prefers dark colours, updated when that changes.
#[hook]
pub fn use_system_dark() -> bool {
    let dark = use_state(|| dark_query().is_some_and(|q| q.matches()));
    {
        let dark = dark.clone();
        use_effect_with((), move |_| {
            let listener = dark_query().map(|q| {
                let q2 = q.clone();
                EventListener::new(&q, "change", move |_| dark.set(q2.matches()))
            });
            move || drop(listener)
        });
    }
    *dark
}
