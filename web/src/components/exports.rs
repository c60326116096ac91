//! Under the view: the compiled files to download, and the picture of the
//! view.

use std::rc::Rc;

use vaultwright::Analysis;
use yew::prelude::*;

use crate::actions::{download_all, stem, Dispatch};
use crate::bridge;
use crate::state::Doc;

/// More compiled files than this are offered through one chooser.
const MAX_BUTTONS: usize = 3;

#[derive(Properties, PartialEq)]
pub struct ExportsProps {
    pub analysis: Rc<Analysis>,
    pub doc: Rc<Doc>,
    /// "map" for a canvas, "rooms"/"graph"/"roll" for SVG, None for none.
    pub picture: Option<&'static str>,
    pub canvas_ref: NodeRef,
    pub svg_ref: NodeRef,
}

#[function_component(Exports)]
pub fn exports(props: &ExportsProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let artifacts = &props.analysis.artifacts;
    let artifact = |i: usize| {
        let a = props.analysis.clone();
        let name = artifacts[i].name.clone();
        let go = Callback::from(move |_: MouseEvent| {
            if let Some(x) = a.artifacts.get(i) {
                bridge::download(&x.name, &x.bytes, "application/octet-stream");
            }
        });
        html! { <button class="artifact" data-testid="artifact" onclick={go}>{ format!("⬇ {name}") }</button> }
    };
    // Many files (a file of many levels) are one chooser, not rows of buttons.
    let many = artifacts.len() > MAX_BUTTONS;
    let choose = {
        let a = props.analysis.clone();
        Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(x) = sel
                .value()
                .parse::<usize>()
                .ok()
                .and_then(|i| a.artifacts.get(i))
            {
                bridge::download(&x.name, &x.bytes, "application/octet-stream");
            }
            sel.set_value("");
        })
    };
    let all = {
        let (a, doc) = (props.analysis.clone(), props.doc.clone());
        Callback::from(move |_: MouseEvent| download_all(&a, &doc, &dispatch))
    };
    let picture = props.picture.map(|kind| {
        let (canvas, svg, stem) = (
            props.canvas_ref.clone(),
            props.svg_ref.clone(),
            stem(&props.doc.name).to_string(),
        );
        let go = Callback::from(move |_: MouseEvent| {
            if kind == "map" {
                if let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                    bridge::download_canvas_png(&c, &format!("{stem}.png"));
                }
            } else if let Some(s) = svg.cast::<web_sys::Element>() {
                bridge::download_svg(&s, &format!("{stem}.svg"));
            }
        });
        html! { <button onclick={go} title="Download a picture of the view">{ if kind == "map" { "PNG" } else { "SVG" } }</button> }
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
