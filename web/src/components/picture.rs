//! A picture of the view that is also the source: PNG for the tile map,
//! SVG for the vector views, each with the document's permalink state
//! inside, so that opening (or dropping) the picture reopens the document
//! and the view. "Copy image" puts the PNG on the clipboard where the
//! browser allows it.

use std::rc::Rc;

use vaultwright::view::ViewKind;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};
use super::map_draw;
use crate::actions::{link_hash, shared_names, stem, Dispatch};
use crate::bridge;
use crate::codec::picture;
use crate::state::{Action, Doc, NamesFile, Tone};

#[derive(Properties, PartialEq)]
pub struct PictureProps {
    /// The map is a canvas, every other picture an SVG.
    pub kind: ViewKind,
    pub canvas_ref: NodeRef,
    pub svg_ref: NodeRef,
    pub doc: Rc<Doc>,
    pub names: Rc<Vec<NamesFile>>,
    pub names_in_links: bool,
    /// The tile map shown: a PNG is drawn from it at the scale chosen
    /// (else the canvas is taken as it is on screen).
    pub map: Option<Rc<vaultwright::view::TileMap>>,
    pub dark: bool,
}

/// The scales a PNG is drawn at: times the natural 10×16 pixels a cell.
const FACTORS: [u32; 4] = [1, 2, 3, 4];

/// What a picture button does with the PNG it made.
#[derive(Clone, Copy, PartialEq)]
enum PngTo {
    File,
    Clipboard,
}

#[function_component(PictureExport)]
pub fn picture_export(props: &PictureProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let hash = {
        let (doc, names, in_links) = (props.doc.clone(), props.names.clone(), props.names_in_links);
        move || link_hash(&doc, shared_names(&names, in_links))
    };
    let file = stem(&props.doc.name).to_string();
    let factor = use_state(|| 2u32);
    let png = |to: PngTo| {
        let (canvas, hash, file, dispatch) = (
            props.canvas_ref.clone(),
            hash.clone(),
            file.clone(),
            dispatch.clone(),
        );
        let (map, dark, factor) = (props.map.clone(), props.dark, *factor);
        Callback::from(move |_: MouseEvent| {
            let drawn = map
                .as_ref()
                .and_then(|m| map_draw::picture(m, dark, f64::from(factor)));
            if let Some(c) = drawn.or_else(|| canvas.cast::<web_sys::HtmlCanvasElement>()) {
                let (hash, file, dispatch) = (hash(), file.clone(), dispatch.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    export_png(&c, &hash, &file, to, &dispatch).await;
                });
            }
        })
    };
    let choose = {
        let factor = factor.clone();
        Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(f) = sel.value().parse::<u32>() {
                factor.set(f);
            }
        })
    };
    if props.kind == ViewKind::Map {
        let size = props.map.as_ref().map(|m| {
            let f = f64::from(*factor);
            format!(
                " ({}×{} pixels)",
                (m.width as f64 * CELL_W * f) as u32,
                (m.height as f64 * CELL_H * f) as u32
            )
        });
        html! {
            <>
                <button onclick={png(PngTo::File)} data-testid="export-png"
                    title={format!("Download a PNG of the map{}; opening it in the studio reopens this document", size.clone().unwrap_or_default())}>{"PNG"}</button>
                if props.map.is_some() {
                    <select onchange={choose} aria-label="Scale of the PNG" title={format!("Scale of the PNG and the copied image{}", size.unwrap_or_default())} data-testid="png-scale">
                        { for FACTORS.iter().map(|f| html! { <option value={f.to_string()} selected={*f == *factor}>{ format!("{f}×") }</option> }) }
                    </select>
                }
                if bridge::can_copy_image() {
                    <button onclick={png(PngTo::Clipboard)} data-testid="copy-image"
                        title="Copy the map as an image">{"Copy image"}</button>
                }
            </>
        }
    } else {
        let (svg, file) = (props.svg_ref.clone(), file.clone());
        let go = Callback::from(move |_: MouseEvent| {
            if let Some(s) = svg.cast::<web_sys::Element>() {
                let text = picture::embed_in_svg(&bridge::svg_text(&s), &hash());
                bridge::download(&format!("{file}.svg"), text.as_bytes(), "image/svg+xml");
            }
        });
        html! {
            <button onclick={go} data-testid="export-svg"
                title="Download an SVG of the view; opening it in the studio reopens this document">{"SVG"}</button>
        }
    }
}

async fn export_png(
    canvas: &web_sys::HtmlCanvasElement,
    hash: &str,
    file: &str,
    to: PngTo,
    dispatch: &Dispatch,
) {
    let bytes = match JsFuture::from(bridge::canvas_png(canvas)).await {
        Ok(v) => js_sys::Uint8Array::new(&v).to_vec(),
        Err(_) => Vec::new(),
    };
    let fail = |why: String| dispatch.dispatch(Action::Message(Tone::Error, why));
    let png = match picture::embed_in_png(&bytes, hash) {
        Ok(png) => png,
        Err(e) => return fail(format!("The browser could not make the picture ({e}).")),
    };
    match to {
        PngTo::File => bridge::download(&format!("{file}.png"), &png, "image/png"),
        PngTo::Clipboard => {
            let copied = JsFuture::from(bridge::copy_png(&png))
                .await
                .ok()
                .and_then(|v| v.as_bool())
                .unwrap_or(false);
            if copied {
                dispatch.dispatch(Action::Message(Tone::Info, "Image copied.".into()));
            } else {
                fail(
                    "The browser did not let the image be copied; download the PNG instead.".into(),
                );
            }
        }
    }
}
