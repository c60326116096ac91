//! A picture of the view that is also the source: PNG for the tile map,
//! SVG for the vector views, each with the document's permalink state
//! inside, so that opening (or dropping) the picture reopens the document
//! and the view. "Copy image" puts the PNG on the clipboard where the
//! browser allows it.

use std::rc::Rc;

use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::actions::{link_hash, shared_names, stem, Dispatch};
use crate::bridge;
use crate::codec::picture;
use crate::state::{Action, Doc, NamesFile, Tone};

#[derive(Properties, PartialEq)]
pub struct PictureProps {
    /// "map" for the canvas, anything else for the SVG.
    pub kind: &'static str,
    pub canvas_ref: NodeRef,
    pub svg_ref: NodeRef,
    pub doc: Rc<Doc>,
    pub names: Rc<Vec<NamesFile>>,
    pub names_in_links: bool,
}

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
    let png = |to: PngTo| {
        let (canvas, hash, file, dispatch) = (
            props.canvas_ref.clone(),
            hash.clone(),
            file.clone(),
            dispatch.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                let (hash, file, dispatch) = (hash(), file.clone(), dispatch.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    export_png(&c, &hash, &file, to, &dispatch).await;
                });
            }
        })
    };
    if props.kind == "map" {
        html! {
            <>
                <button onclick={png(PngTo::File)} data-testid="export-png"
                    title="Download a PNG of the map; opening it in the studio reopens this document">{"PNG"}</button>
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
