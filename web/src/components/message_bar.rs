//! The one-line message under the toolbar, with what it offers to do.

use std::rc::Rc;

use yew::prelude::*;

use crate::actions::{download_source, open_link, Dispatch};
use crate::state::{Action, Doc, Message, Offer, Tone};

#[derive(Properties, PartialEq)]
pub struct MessageBarProps {
    pub message: Message,
    pub doc: Rc<Doc>,
}

#[function_component(MessageBar)]
pub fn message_bar(props: &MessageBarProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let dismiss = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Dismiss))
    };
    let offer = props.message.offer.clone().map(|o| match o {
        Offer::DownloadSource => {
            let doc = props.doc.clone();
            let go = Callback::from(move |_: MouseEvent| download_source(&doc));
            html! { <button onclick={go} data-testid="offer">{ format!("Download {}", props.doc.name) }</button> }
        }
        Offer::Restore { doc, index } => {
            let dispatch = dispatch.clone();
            let go = Callback::from(move |_: MouseEvent| {
                dispatch.dispatch(Action::Restore { doc: doc.clone(), index })
            });
            html! { <button onclick={go} data-testid="offer">{"Undo"}</button> }
        }
        Offer::OpenLink { link, from } => {
            let dispatch = dispatch.clone();
            let go = Callback::from(move |_: MouseEvent| {
                open_link(link.as_ref().clone(), &from, &dispatch)
            });
            html! { <button onclick={go} data-testid="offer">{"Open it"}</button> }
        }
    });
    let tone = if props.message.tone == Tone::Error {
        "error"
    } else {
        "info"
    };
    html! {
        <div class={classes!("message", tone)} role="status" data-testid="message">
            <span>{ &props.message.text }</span>
            <span class="message-actions">
                { for offer }
                <button onclick={dismiss} aria-label="Dismiss" class="dismiss">{"×"}</button>
            </span>
        </div>
    }
}
