//! The `?` sheet: every keyboard shortcut on one page.

use yew::prelude::*;

use crate::actions::Dispatch;
use crate::effects::shortcuts::SHORTCUTS;
use crate::state::Action;

#[function_component(ShortcutSheet)]
pub fn shortcut_sheet() -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let close = Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Overlay(None)));
    let close_ref = use_node_ref();
    {
        let close_ref = close_ref.clone();
        use_effect_with((), move |_| {
            if let Some(b) = close_ref.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        });
    }
    html! {
        <div class="sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-title" data-testid="shortcuts">
            <div class="sheet-head">
                <h2 id="sheet-title">{"Keyboard shortcuts"}</h2>
                <button ref={close_ref} onclick={close} aria-label="Close (Esc)">{"×"}</button>
            </div>
            <table>
                { for SHORTCUTS.iter().map(|s| html!{ <tr><th><kbd>{ s.keys }</kbd></th><td>{ s.does }</td></tr> }) }
            </table>
            <p class="hint">{"Every control is also reachable with Tab, in reading order."}</p>
        </div>
    }
}
