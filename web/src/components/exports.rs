//! Under the view: the compiled files to download, and the picture of the
//! view.

use std::rc::Rc;

use vaultwright::view::ViewKind;
use vaultwright::Analysis;
use yew::prelude::*;

use super::picture::PictureExport;
use crate::actions::{download_all, download_artifact, Dispatch};
use crate::state::{Doc, NamesFile};

/// More compiled files than this are offered through one chooser.
const MAX_BUTTONS: usize = 3;

#[derive(Properties, PartialEq)]
pub struct ExportsProps {
    pub analysis: Rc<Analysis>,
    pub doc: Rc<Doc>,
    /// The picture shown, to export: none for a table or a grid of faces.
    pub picture: Option<ViewKind>,
    pub canvas_ref: NodeRef,
    pub svg_ref: NodeRef,
    /// The names files, and whether pictures (as links) carry the active ones.
    pub names: Rc<Vec<NamesFile>>,
    pub names_in_links: bool,
    /// The tile map shown, which a PNG draws anew at the scale chosen.
    pub map: Option<Rc<vaultwright::view::TileMap>>,
    pub dark: bool,
}

#[function_component(Exports)]
pub fn exports(props: &ExportsProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let artifacts = &props.analysis.artifacts;
    let artifact = |i: usize| {
        let a = props.analysis.clone();
        let name = artifacts[i].name.clone();
        let dispatch = dispatch.clone();
        let go = Callback::from(move |_: MouseEvent| {
            if let Some(x) = a.artifacts.get(i) {
                download_artifact(x, &dispatch);
            }
        });
        html! { <button class="artifact" data-testid="artifact" onclick={go}>{ format!("⬇ {name}") }</button> }
    };
    // Many files (a file of many levels) are one chooser, not rows of buttons.
    let many = artifacts.len() > MAX_BUTTONS;
    let choose = {
        let a = props.analysis.clone();
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(x) = sel
                .value()
                .parse::<usize>()
                .ok()
                .and_then(|i| a.artifacts.get(i))
            {
                download_artifact(x, &dispatch);
            }
            sel.set_value("");
        })
    };
    let all = {
        let (a, doc) = (props.analysis.clone(), props.doc.clone());
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| download_all(&a, &doc, &dispatch))
    };
    let picture = props.picture.map(|kind| {
        html! {
            <PictureExport kind={kind} canvas_ref={props.canvas_ref.clone()} svg_ref={props.svg_ref.clone()}
                doc={props.doc.clone()} names={props.names.clone()} names_in_links={props.names_in_links}
                map={props.map.clone()} dark={props.dark} />
        }
    });
    let empty = if props.analysis.has_errors() {
        "no binaries while there are errors"
    } else {
        "nothing compiled"
    };
    html! {
        <div class="exports">
            <span>{"Export:"}</span>
            if many {
                <select onchange={choose} aria-label="Download one compiled file" data-testid="artifact-choice">
                    <option value="" selected=true>{ format!("⬇ one of {} files…", artifacts.len()) }</option>
                    { for artifacts.iter().enumerate().map(|(i, a)| html!{ <option value={i.to_string()}>{ &a.name }</option> }) }
                </select>
            } else {
                { for (0..artifacts.len()).map(artifact) }
            }
            if artifacts.len() > 1 {
                <button onclick={all} title="All artifacts as one .zip (Ctrl+Shift+E)">{"⬇ all (.zip)"}</button>
            }
            if artifacts.is_empty() {
                <span class="muted">{ empty }</span>
            }
            { for picture }
        </div>
    }
}
