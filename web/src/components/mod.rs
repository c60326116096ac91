//! One component per file. The views (tile map, rooms, graph, table) draw
//! the core's view model inside a `Viewport`; the rest is the studio's
//! chrome around them.

pub mod binary;
pub mod cell;
pub mod diagnostics;
pub mod documents_panel;
pub mod editor;
pub mod embed_panel;
pub mod exports;
pub mod face_canvas;
pub mod faces;
pub mod faces_controls;
pub mod graph;
pub mod legend;
pub mod list_panel;
pub mod map_canvas;
pub mod map_cells;
pub mod map_draw;
pub mod map_input;
pub mod map_keys;
pub mod message_bar;
pub mod minimap;
pub mod names_panel;
pub mod outline;
pub mod outline_button;
pub mod paint_bar;
pub mod paint_strokes;
pub mod pane_tabs;
pub mod picture;
pub mod review_bar;
pub mod rooms;
pub mod search_panel;
pub mod shortcut_sheet;
pub mod table;
pub mod tilemap;
pub mod toolbar;
pub mod view_bar;
pub mod view_pane;
pub mod viewport;

use vaultwright::{LineIndex, Span};
use wasm_bindgen::JsCast;
use yew::Callback;

/// What the pointer is on in a view: a description and the source span.
#[derive(Clone, Debug, PartialEq)]
pub struct Hover {
    pub text: String,
    pub origin: Option<Span>,
    /// Where to show the tooltip, in client (viewport) pixels.
    pub at: (f64, f64),
}

/// A view's notes (how it was made, what it leaves out), as each view
/// lists them under its drawing.
pub fn view_notes(notes: &[String]) -> yew::Html {
    yew::html! {
        <ul class="view-notes">{ for notes.iter().map(|n| yew::html!{<li>{n}</li>}) }</ul>
    }
}

/// `line N: text` of the line a span starts on (`lines` indexes `source`;
/// it is built once per analysis, not per hover).
pub fn describe_origin(source: &str, lines: &LineIndex, span: Span) -> String {
    let line = lines.line_of(span.start as usize);
    let range = lines.line_range(source, line);
    let text: String = source
        .get(range)
        .unwrap_or_default()
        .chars()
        .take(60)
        .collect();
    format!("line {}: {}", line + 1, text.trim_end())
}

/// Whether a span intersects the highlighted byte range.
pub fn touches(span: Option<Span>, range: (usize, usize)) -> bool {
    match span {
        Some(s) => {
            (s.start as usize) < range.1 && (s.end as usize).max(s.start as usize + 1) > range.0
        }
        None => false,
    }
}

/// A name cut to `n` characters with an ellipsis, for labels that must fit
/// a box (the full name goes in a title or tooltip).
pub fn ellipsize(name: &str, n: usize) -> String {
    if name.chars().count() <= n {
        return name.to_string();
    }
    let mut s: String = name.chars().take(n.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// Shows `text` as the tooltip of the item under the pointer.
pub fn hover_callback(
    on_hover: &Callback<Option<Hover>>,
    text: String,
    origin: Span,
) -> Callback<web_sys::MouseEvent> {
    let on_hover = on_hover.clone();
    Callback::from(move |e: web_sys::MouseEvent| {
        on_hover.emit(Some(Hover {
            text: text.clone(),
            origin: Some(origin),
            at: (e.client_x() as f64, e.client_y() as f64),
        }))
    })
}

/// Moves the editor to `offset` on a click; a tap only describes.
pub fn jump_callback(on_jump: &Callback<usize>, offset: usize) -> Callback<web_sys::MouseEvent> {
    let on_jump = on_jump.clone();
    Callback::from(move |e: web_sys::MouseEvent| {
        if !is_tap(&e) {
            on_jump.emit(offset)
        }
    })
}

/// Whether a click came from a finger: a tap describes (touch has no
/// hover; the browser's compatibility mouse events have shown the tooltip)
/// where a mouse click would jump to the source.
pub fn is_tap(e: &web_sys::MouseEvent) -> bool {
    e.dyn_ref::<web_sys::PointerEvent>()
        .is_some_and(|p| p.pointer_type() == "touch")
}

/// Scrolls the first highlighted element of an SVG view into sight,
/// smoothly and only if it is not visible already.
pub fn reveal_highlighted(svg: &yew::NodeRef) {
    let Some(svg) = svg.cast::<web_sys::Element>() else {
        return;
    };
    let Ok(Some(el)) = svg.query_selector(".hl") else {
        return;
    };
    let opts = web_sys::ScrollIntoViewOptions::new();
    opts.set_behavior(web_sys::ScrollBehavior::Smooth);
    opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
    opts.set_inline(web_sys::ScrollLogicalPosition::Nearest);
    if let Some(el) = el.dyn_ref::<web_sys::Element>() {
        el.scroll_into_view_with_scroll_into_view_options(&opts);
    }
}
