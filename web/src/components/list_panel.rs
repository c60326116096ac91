//! What the filterable list panels (the outline, the document list, the
//! search across documents) share: the filter takes the keyboard when the
//! panel opens, and the active row is kept in sight as Up/Down move it.

use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Focuses the panel's input once, when the panel opens.
#[hook]
pub fn use_focus_on_open(input: NodeRef) {
    use_effect_with((), move |_| {
        if let Some(i) = input.cast::<HtmlInputElement>() {
            let _ = i.focus();
        }
    });
}

/// Scrolls the list's selected row (`aria-selected=true`) into sight
/// whenever `active` changes.
#[hook]
pub fn use_active_in_sight<T: PartialEq + Clone + 'static>(list: NodeRef, active: T) {
    use_effect_with(active, move |_| {
        if let Some(el) = list
            .cast::<web_sys::Element>()
            .and_then(|l| l.query_selector("[aria-selected=true]").ok().flatten())
        {
            let o = web_sys::ScrollIntoViewOptions::new();
            o.set_block(web_sys::ScrollLogicalPosition::Nearest);
            el.scroll_into_view_with_scroll_into_view_options(&o);
        }
    });
}
