//! The reviewer's view's bar: what is being reviewed and where it came
//! from, the source (shown aside, read-only) and the choice to edit; in an
//! embed, the way out to the full studio.

use std::rc::Rc;

use yew::prelude::*;

use crate::actions::Dispatch;
use crate::state::{Action, Doc, Review};

#[derive(Properties, PartialEq)]
pub struct ReviewBarProps {
    pub doc: Rc<Doc>,
    pub review: Review,
    /// Shown in a frame of another page: the studio opens in a tab of its
    /// own instead of editing here.
    pub embedded: bool,
    /// The address that opens the same document in the full studio.
    pub studio_url: String,
}

#[function_component(ReviewBar)]
pub fn review_bar(props: &ReviewBarProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let source_shown = props.review.source;
    let toggle = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::Review(Some(Review {
                source: !source_shown,
            })))
        })
    };
    let edit = Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Review(None)));
    let origin = props
        .doc
        .from
        .as_ref()
        .map(|f| format!(" · from {}, line {}", f.file, f.line));
    html! {
        <div class="review-bar" role="region" aria-label="Reviewing" data-testid="review-bar">
            <span class="review-what">
                <strong>{ &props.doc.name }</strong>
                <span class="muted">{ origin.unwrap_or_default() }{" · read-only"}</span>
            </span>
            <button onclick={toggle} aria-pressed={source_shown.to_string()} data-testid="review-source"
                title="Show the source beside the map (read-only)">{ if source_shown { "Hide source" } else { "Source" } }</button>
            if props.embedded {
                <a class="button" href={props.studio_url.clone()} target="_blank" rel="noopener" data-testid="open-studio">{"Open in Vaultwright ↗"}</a>
            } else {
                <button class="primary" onclick={edit} data-testid="review-edit" title="Leave the reviewer's view and edit this document">{"Edit"}</button>
            }
        </div>
    }
}
