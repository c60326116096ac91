//! On a narrow screen the editor and the view share the page: these tabs
//! choose which one shows. Wide screens hide them (CSS) and show both.

use yew::prelude::*;

use crate::actions::Dispatch;
use crate::state::{Action, Pane};

#[derive(Properties, PartialEq)]
pub struct PaneTabsProps {
    pub pane: Pane,
    pub errors: usize,
}

#[function_component(PaneTabs)]
pub fn pane_tabs(props: &PaneTabsProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let tab = |pane: Pane, label: String| {
        let dispatch = dispatch.clone();
        let on = props.pane == pane;
        html! {
            <button role="tab" aria-selected={on.to_string()} class={classes!("tab", on.then_some("on"))}
                onclick={Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::ShowPane(pane)))}>{ label }</button>
        }
    };
    let source = if props.errors > 0 {
        format!(
            "Source ({} error{})",
            props.errors,
            if props.errors == 1 { "" } else { "s" }
        )
    } else {
        "Source".to_string()
    };
    html! {
        <nav class="pane-tabs" role="tablist" aria-label="Show" data-testid="pane-tabs">
            { tab(Pane::Editor, source) }
            { tab(Pane::View, "View".to_string()) }
        </nav>
    }
}
