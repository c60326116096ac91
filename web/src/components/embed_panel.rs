//! What to paste into another page to show the focused vault or level: a
//! frame of the reviewer's view, or for pages that allow no frames (many
//! wikis, forums and READMEs) the map's picture linked to the studio.

use yew::prelude::*;

use crate::actions::{copy_then, Dispatch};
use crate::embed::embed_snippets;
use crate::state::{Action, Tone};

#[derive(Properties, PartialEq)]
pub struct EmbedPanelProps {
    /// The reviewer's link to the entry alone.
    pub url: String,
    /// The document the link opens (the entry's name).
    pub name: String,
}

#[function_component(EmbedPanel)]
pub fn embed_panel(props: &EmbedPanelProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let (frame, markdown, html) = embed_snippets(&props.url, &props.name);
    let snippet = |label: &'static str, text: String, testid: &'static str| {
        let dispatch = dispatch.clone();
        let copied = text.clone();
        let copy = Callback::from(move |_: MouseEvent| {
            copy_then(copied.clone(), &dispatch, move |_, ok| {
                let said = if ok {
                    format!("Copied the {label}.")
                } else {
                    format!("Select the {label} and copy it.")
                };
                Action::Message(Tone::Info, said)
            })
        });
        html! {
            <div class="embed-snippet">
                <label>{ label }
                    <textarea readonly=true rows="3" value={text} data-testid={testid} />
                </label>
                <button onclick={copy}>{"Copy"}</button>
            </div>
        }
    };
    let close = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Overlay(None)))
    };
    let onkeydown = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                dispatch.dispatch(Action::Overlay(None));
            }
        })
    };
    html! {
        <div class="embed-panel" role="dialog" aria-label="Embed" data-testid="embed-panel" {onkeydown}>
            <div class="embed-head">
                <strong>{ format!("Embed {}", props.name) }</strong>
                <button onclick={close} aria-label="Close (Esc)">{"×"}</button>
            </div>
            <p class="muted">{"The reviewer's view: the map first, its seeds at hand, the source a click away and read-only until the reader chooses to edit."}</p>
            { snippet("reviewer's link", props.url.clone(), "embed-link") }
            { snippet("frame (HTML)", frame, "embed-frame") }
            <p class="muted">{"Where frames are not allowed: export the map's picture (PNG, below the map: it carries the document) and link it."}</p>
            { snippet("picture with link (Markdown)", markdown, "embed-markdown") }
            { snippet("picture with link (HTML)", html, "embed-html") }
        </div>
    }
}
