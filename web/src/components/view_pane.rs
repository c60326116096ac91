//! The right-hand pane: view bar, the chosen view fitted to the space left,
//! the hover tooltip, the outline panel over it, and the exports.

use std::rc::Rc;

use vaultwright::view::{
    BinaryDump, BranchGraph, EntityTable, RoomLayout, TileMap, View, ViewKind,
};
use yew::prelude::*;

use super::binary::BinaryView;
use super::embed_panel::EmbedPanel;
use super::exports::Exports;
use super::faces::FacesView;
use super::graph::BranchGraphView;
use super::outline::OutlinePanel;
use super::rooms::RoomLayoutView;
use super::table::EntityTableView;
use super::tilemap::TileMapView;
use super::view_bar::ViewBar;
use super::Hover;
use crate::actions::{copy_entry_link, entry_link_state, link_url, shared_names, Dispatch};
use crate::derive::Derived;
use crate::state::{Action, Doc, Zoom, Zooms};

/// The view shown, shared (not copied) with its component.
#[derive(Clone, PartialEq)]
enum Shown {
    Map(Rc<TileMap>),
    Rooms(Rc<RoomLayout>),
    Graph(Rc<BranchGraph>),
    Table(Rc<EntityTable>),
    Binary(Rc<BinaryDump>),
}

impl Shown {
    fn of(v: &View) -> Shown {
        match v {
            View::TileMap(m) => Shown::Map(Rc::new(m.clone())),
            View::RoomLayout(l) => Shown::Rooms(Rc::new(l.clone())),
            View::BranchGraph(g) => Shown::Graph(Rc::new(g.clone())),
            View::EntityTable(t) => Shown::Table(Rc::new(t.clone())),
            View::Binary(b) => Shown::Binary(Rc::new(b.clone())),
        }
    }
}

#[derive(Properties)]
pub struct ViewPaneProps {
    pub derived: Rc<Derived>,
    pub doc: Rc<Doc>,
    /// Byte range of the editor's current line.
    pub highlight: (usize, usize),
    pub dark: bool,
    /// Zoom of each kind of view.
    pub zoom: Rc<Zooms>,
    pub outline_open: bool,
    /// The legend entry whose cells are highlighted.
    pub legend: Option<String>,
    pub hover: Option<Hover>,
    pub on_hover: Callback<Option<Hover>>,
    /// For the pictures exported (they carry what a link carries).
    pub names: Rc<Vec<crate::state::NamesFile>>,
    pub names_in_links: bool,
    pub brush: crate::state::Brush,
    /// What was copied from a map, for pasting.
    pub clip: Option<Rc<crate::state::Clip>>,
    /// The reviewer's view: nothing is painted.
    pub review: bool,
    /// The embed snippets are shown.
    pub embed_open: bool,
}

/// A keystroke changes the document's text, not what the pane shows (the
/// analysis after it does): the pane is drawn again only when something
/// it shows changed.
impl PartialEq for ViewPaneProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.derived, &o.derived)
            && shows_the_same(&self.doc, &o.doc)
            && self.highlight == o.highlight
            && self.dark == o.dark
            && self.zoom == o.zoom
            && self.outline_open == o.outline_open
            && self.legend == o.legend
            && self.hover == o.hover
            && self.on_hover == o.on_hover
            && self.names == o.names
            && self.names_in_links == o.names_in_links
            && self.brush == o.brush
            && self.clip == o.clip
            && self.review == o.review
            && self.embed_open == o.embed_open
    }
}

/// The same document as far as the pane goes: everything but its text
/// (which the pane reads from the analysis).
fn shows_the_same(a: &Doc, b: &Doc) -> bool {
    a.id == b.id
        && a.name == b.name
        && a.language == b.language
        && a.target == b.target
        && a.explicit_target == b.explicit_target
        && a.shown == b.shown
        && a.from == b.from
}

#[function_component(ViewPane)]
pub fn view_pane(props: &ViewPaneProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let canvas_ref = use_node_ref();
    let svg_ref = use_node_ref();
    let analysis = props.derived.analysis.clone();
    let symbol = props
        .doc
        .shown
        .symbol
        .min(analysis.outline.len().saturating_sub(1));
    let views: Rc<Vec<usize>> = Rc::new(
        (0..analysis.views.len())
            .filter(|&i| analysis.views[i].symbol == symbol)
            .collect(),
    );
    let shown_index = views
        .iter()
        .copied()
        .find(|&i| analysis.views[i].view.kind() == props.doc.shown.view)
        .or(views.first().copied());
    let kind = shown_index.map(|i| analysis.views[i].view.kind());
    // One copy of the shown view per analysis, not per render.
    let shown = use_memo((props.derived.clone(), shown_index), |(d, i)| {
        i.and_then(|i| d.analysis.views.get(i))
            .map(|v| Shown::of(&v.view))
    });
    let entry = analysis
        .outline
        .get(symbol)
        .map(|s| s.span)
        .unwrap_or_default();
    // The palette is worked out only while painting: an edit of a large
    // file should not pay for it.
    let palette = use_memo(
        (props.derived.clone(), entry, props.brush.on),
        |(d, entry, on)| {
            Rc::new(if *on {
                crate::paint::palette_of(d, *entry)
            } else {
                Vec::new()
            })
        },
    );
    let paintable = crate::paint::paintable(analysis.language) && !props.review;
    let on_jump = {
        let dispatch = dispatch.clone();
        Callback::from(move |offset: usize| dispatch.dispatch(Action::Jump(offset)))
    };
    let zoom = kind
        .map(|k| props.zoom.get(&crate::state::zoom_key(&props.doc.id, k)))
        .unwrap_or(Zoom::Fit);
    let on_zoom = {
        let dispatch = dispatch.clone();
        let k = kind.unwrap_or_default();
        Callback::from(move |z: Zoom| dispatch.dispatch(Action::Zoom(k, z)))
    };
    let on_legend = {
        let dispatch = dispatch.clone();
        Callback::from(move |k: Option<String>| dispatch.dispatch(Action::Legend(k)))
    };
    let (source, hl, on_hover) = (
        props.derived.source.clone(),
        props.highlight,
        props.on_hover.clone(),
    );
    // Several seeds at once, where the map shown depends on the seed.
    let faces_shown = !props.doc.shown.faces.is_one()
        && shown_index
            .is_some_and(|i| kind == Some(ViewKind::Map) && analysis.views[i].view.uses_seed());
    // The map a PNG export draws anew at the scale chosen.
    let shown_map = match &*shown {
        Some(Shown::Map(m)) if !faces_shown => Some(m.clone()),
        _ => None,
    };
    let body = match (*shown).clone() {
        Some(Shown::Map(_)) if faces_shown => html! {
            <FacesView derived={props.derived.clone()} seed={props.doc.shown.seed} faces={props.doc.shown.faces} dark={props.dark} />
        },
        // Nothing drawn (a vault whose Lua stopped before it made its
        // map): why, in place of an empty canvas.
        Some(Shown::Map(m)) if m.width == 0 || m.height == 0 => html! {
            <div class="empty-view" data-testid="empty-drawing">
                <p>{ format!("Nothing drawn for {}:", analysis.outline.get(symbol).map_or("this entry", |e| e.name.as_str())) }</p>
                { super::view_notes(&m.notes) }
            </div>
        },
        Some(Shown::Map(m)) => {
            let on_resize = {
                let (d, dispatch, cursor) =
                    (props.derived.clone(), dispatch.clone(), props.highlight.0);
                Callback::from(move |(side, grow)| {
                    for a in crate::paint::resize_actions(&d, entry, cursor, side, grow) {
                        dispatch.dispatch(a);
                    }
                })
            };
            let on_brush = {
                let dispatch = dispatch.clone();
                Callback::from(move |p| dispatch.dispatch(Action::SetBrush(p)))
            };
            let on_stroke = {
                let (d, map, paint, dispatch) = (
                    props.derived.clone(),
                    m.clone(),
                    props.brush,
                    dispatch.clone(),
                );
                let (clip, doc) = (props.clip.clone(), props.doc.clone());
                Callback::from(move |s: super::paint_strokes::Stroke| {
                    // Strokes follow each other faster than the worker
                    // answers: each paints over the text as it is now.
                    let d = d.over(&doc.source);
                    for a in
                        crate::paint::stroke_actions(&d, entry, &map, paint, clip.as_deref(), &s)
                    {
                        if matches!(a, Action::ApplyEdit { .. }) {
                            crate::stroke_started();
                        }
                        dispatch.dispatch(a)
                    }
                })
            };
            html! {
                <TileMapView map={m} source={source} lines={props.derived.lines.clone()} highlight={hl} dark={props.dark} zoom={zoom} on_zoom={on_zoom}
                    on_jump={on_jump} on_hover={on_hover} canvas_ref={canvas_ref.clone()}
                    legend={props.legend.clone()} on_legend={on_legend}
                    shown={props.doc.shown.clone()} brush={props.brush} palette={(*palette).clone()} paintable={paintable}
                    on_stroke={on_stroke} on_brush={on_brush} on_resize={on_resize} />
            }
        }
        Some(Shown::Rooms(l)) => html! {
            <RoomLayoutView layout={l} source={source} lines={props.derived.lines.clone()} highlight={hl} zoom={zoom} on_zoom={on_zoom}
                on_jump={on_jump} on_hover={on_hover} svg_ref={svg_ref.clone()} />
        },
        Some(Shown::Graph(g)) => html! {
            <>
                if g.roll.is_some() {
                    <div class="hint roll-hint">{ "One concrete layout for this seed: change the seed or press reroll." }</div>
                }
                <BranchGraphView graph={g} highlight={hl} zoom={zoom} on_zoom={on_zoom}
                    on_jump={on_jump} on_hover={on_hover} svg_ref={svg_ref.clone()} />
            </>
        },
        Some(Shown::Table(t)) => html! { <EntityTableView table={t} on_jump={on_jump} /> },
        Some(Shown::Binary(b)) => html! {
            <BinaryView dump={b} source={source} lines={props.derived.lines.clone()} highlight={hl}
                on_jump={on_jump} on_hover={on_hover} />
        },
        None => html! {
            <div class="empty-view">{ empty_text(&props.doc, analysis.outline.get(symbol), props.derived.waiting) }</div>
        },
    };
    let entry_link = {
        let (d, doc, names, in_links) = (
            props.derived.clone(),
            props.doc.clone(),
            props.names.clone(),
            props.names_in_links,
        );
        move |symbol: usize, review: bool| {
            entry_link_state(
                &d,
                &doc,
                symbol,
                shared_names(&names, in_links),
                zoom,
                review,
            )
        }
    };
    let on_share = {
        let (entry_link, dispatch) = (entry_link.clone(), dispatch.clone());
        Callback::from(move |symbol: usize| copy_entry_link(&entry_link(symbol, false), &dispatch))
    };
    let embed = props.embed_open.then(|| {
        let state = entry_link(symbol, true);
        let url = link_url(&crate::codec::encode_link(&state));
        html! { <EmbedPanel url={url} name={state.name} /> }
    });
    // A grid of faces is not one picture to export.
    let picture = kind.filter(|k| k.is_picture() && !faces_shown);
    html! {
        <section class="pane view-pane" aria-label="View">
            <ViewBar analysis={analysis.clone()} symbol={symbol} views={views} shown={shown_index} seed={props.doc.shown.seed} faces={props.doc.shown.faces}
                on_share={on_share.clone()} />
            <div class="view-body">
                { body }
                if props.outline_open {
                    <OutlinePanel analysis={analysis.clone()} current={symbol} on_share={on_share} />
                }
                { for embed }
            </div>
            if let Some(h) = &props.hover {
                <div class="tooltip" data-testid="tooltip" role="tooltip" style={tooltip_style(h)}>{ &h.text }</div>
            }
            <Exports analysis={analysis} doc={props.doc.clone()} picture={picture} canvas_ref={canvas_ref} svg_ref={svg_ref}
                names={props.names.clone()} names_in_links={props.names_in_links} map={shown_map} dark={props.dark} />
        </section>
    }
}

fn empty_text(doc: &Doc, entry: Option<&vaultwright::Symbol>, waiting: bool) -> String {
    match entry {
        _ if !doc.language.is_supported() => "This language is not supported yet.".into(),
        _ if waiting => "Reading the document… its map appears when the core has read it.".into(),
        // An entry the core does not draw: no map, or one far larger than
        // the game allows (its findings say which).
        Some(e) => format!(
            "Nothing to draw for {}: it has no map, or one too large to draw (see its findings).",
            e.name
        ),
        None => "Nothing to draw yet: define a level.".into(),
    }
}

/// Beside the pointer, kept inside the window.
fn tooltip_style(h: &Hover) -> String {
    let (w, hgt) = web_sys::window()
        .map(|w| {
            let f = |v: Result<wasm_bindgen::JsValue, _>| {
                v.ok().and_then(|v| v.as_f64()).unwrap_or(1000.0)
            };
            (f(w.inner_width()), f(w.inner_height()))
        })
        .unwrap_or((1000.0, 800.0));
    let left = (h.at.0 + 14.0).min(w - 300.0).max(4.0);
    let top = if h.at.1 + 60.0 > hgt {
        h.at.1 - 48.0
    } else {
        h.at.1 + 16.0
    };
    format!("left:{left:.0}px;top:{top:.0}px")
}
