//! The view bar's button naming the current outline entry (and how many
//! there are); it opens the outline.

use std::rc::Rc;

use vaultwright::Analysis;
use yew::prelude::*;

use crate::actions::Dispatch;
use crate::state::{Action, Overlay};

#[derive(Properties, PartialEq)]
pub struct OutlineButtonProps {
    pub analysis: Rc<Analysis>,
    pub current: usize,
}

/// The view bar's button naming the current entry; it opens the outline.
#[function_component(OutlineButton)]
pub fn outline_button(props: &OutlineButtonProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let open = Callback::from(move |_: MouseEvent| {
        dispatch.dispatch(Action::Overlay(Some(Overlay::Outline)))
    });
    let outline = &props.analysis.outline;
    let label = match outline.get(props.current) {
        Some(s) => format!("{} — {}", s.name, s.kind),
        None => "(nothing defined)".to_string(),
    };
    let count = format!(
        "{} of {}",
        (props.current + 1).min(outline.len()),
        outline.len()
    );
    html! {
        <button class="outline-button" onclick={open} title="Outline: go to an entry (Ctrl+Shift+O)"
            aria-haspopup="dialog" data-testid="outline" data-current={label.clone()}>
            <span class="outline-label">{ label }</span><span class="muted">{ count }</span>{" ▾"}
        </button>
    }
}
