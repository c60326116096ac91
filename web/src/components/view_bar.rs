//! Above the view: the outline entry, the views it has, and the seed when
//! the view shown depends on it.

use std::rc::Rc;

use vaultwright::view::ViewKind;
use vaultwright::Analysis;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::faces_controls::FacesControls;
use super::outline_button::OutlineButton;
use crate::actions::Dispatch;
use crate::codec::FacesState;
use crate::state::{Action, Overlay};

#[derive(Properties, PartialEq)]
pub struct ViewBarProps {
    pub analysis: Rc<Analysis>,
    pub symbol: usize,
    /// Indices into `analysis.views` of the current entry's views.
    pub views: Rc<Vec<usize>>,
    /// Index into `analysis.views` of the view shown.
    pub shown: Option<usize>,
    pub seed: u64,
    pub faces: FacesState,
    /// Copies a link to outline entry `n` alone.
    pub on_share: Callback<usize>,
}

#[function_component(ViewBar)]
pub fn view_bar(props: &ViewBarProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let on_seed = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(s) = input.value().trim().parse() {
                dispatch.dispatch(Action::SetSeed(s));
            }
        })
    };
    let reroll = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::SetSeed((js_sys::Math::random() * 1e9) as u64))
        })
    };
    let view_of = |i: usize| &props.analysis.views[i].view;
    let seeded = props.shown.is_some_and(|i| view_of(i).uses_seed());
    // Several seeds at once are offered for maps.
    let faceted = seeded
        && props
            .shown
            .is_some_and(|i| view_of(i).kind() == ViewKind::Map);
    let tab = |i: usize| {
        let v = view_of(i);
        let kind = v.kind();
        let dispatch = dispatch.clone();
        let on = props.shown == Some(i);
        html! {
            <button role="tab" aria-selected={on.to_string()} class={classes!("tab", on.then_some("on"))}
                onclick={Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::SetView(kind)))}>{ kind.title() }</button>
        }
    };
    let entry = props.analysis.outline.get(props.symbol);
    // "vault", "level": what a link to the entry alone carries.
    let noun = entry.map_or("entry", |s| {
        if s.kind.contains("level") {
            "level"
        } else {
            s.kind.as_str()
        }
    });
    let share = {
        let (on_share, symbol) = (props.on_share.clone(), props.symbol);
        Callback::from(move |_: MouseEvent| on_share.emit(symbol))
    };
    let embed = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::Overlay(Some(Overlay::Embed)))
        })
    };
    html! {
        <div class="view-bar">
            <OutlineButton analysis={props.analysis.clone()} current={props.symbol} />

            <span role="tablist" aria-label="Views" class="view-tabs">{ for props.views.iter().map(|&i| tab(i)) }</span>
            if seeded {
                <label class="seed" title="Seed for what the game chooses at random">{"seed"}
                    <input type="number" min="0" value={props.seed.to_string()} onchange={on_seed} data-testid="seed" />
                </label>
                <button onclick={reroll} title="New random seed">{"reroll"}</button>
            }
            if faceted {
                <FacesControls faces={props.faces} seed={props.seed} />
            }
            if entry.is_some() {
                <span class="share-entry">
                    <button onclick={share} data-testid="copy-entry-link"
                        title={format!("Copy a link to this {noun} alone (Ctrl+Shift+K)")}>{ format!("Link to this {noun}") }</button>
                    <button onclick={embed} data-testid="embed" title="Show this in another page: a frame, or the picture with a link">{"Embed…"}</button>
                </span>
            }
        </div>
    }
}
