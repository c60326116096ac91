//! The tile map on a `<canvas>`, drawn at the viewport's scale: glyphs in
//! their game colours, the cells the editor's current line made
//! highlighted (and scrolled into view), a cell cursor for the keyboard.
//! Hovering (or tapping) names a cell and its source line; clicking (or
//! Enter) moves the editor there.

use std::cell::RefCell;
use std::rc::Rc;

use vaultwright::paint::Swatch;
use vaultwright::view::{LegendEntry, TileMap};
use vaultwright::LineIndex;
use web_sys::Element;
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};
use super::legend::Legend;
use super::map_canvas::{MapCanvas, MapCanvasProps};
// The browser tests name a cell through the map view's module.
pub use super::map_cells::describe_cell;
use super::map_cells::highlighted_box;
use super::map_input::{
    on_blur, on_click, on_mouse_leave, on_mouse_move, tracking_selection, MapInput,
};
use super::map_keys::{on_key_down, MapKeys};
use super::minimap::Minimap;
use super::paint_bar::PaintBar;
use super::paint_strokes::{use_strokes, Rect, Stroke};
use super::viewport::Viewport;
use super::Hover;
use crate::state::{Brush, PaintTool, Zoom};

#[derive(Properties, PartialEq)]
pub struct TileMapProps {
    pub map: Rc<TileMap>,
    pub source: Rc<String>,
    /// Line index of `source`, for naming the line a cell comes from.
    pub lines: Rc<LineIndex>,
    /// Byte range of the editor's current line.
    pub highlight: (usize, usize),
    pub dark: bool,
    pub zoom: Zoom,
    pub on_zoom: Callback<Zoom>,
    pub on_jump: Callback<usize>,
    pub on_hover: Callback<Option<Hover>>,
    pub canvas_ref: NodeRef,
    /// The legend entry whose cells are highlighted.
    pub legend: Option<String>,
    pub on_legend: Callback<Option<String>>,
    /// What the document shows (the settings that travel with it).
    pub shown: crate::codec::ViewSettings,
    /// Painting: on or off, the tool and character.
    pub brush: Brush,
    /// What the map accepts; empty when it is not painted (its language
    /// or its entry has no MAP to write into).
    pub palette: Rc<Vec<vaultwright::paint::Swatch>>,
    /// The map's language is painted (the palette is worked out only
    /// while painting).
    #[prop_or_default]
    pub paintable: bool,
    pub on_stroke: Callback<Stroke>,
    /// Painting turned on or off, or another tool chosen.
    pub on_brush: Callback<Brush>,
    /// Grow (`true`) or shrink the map at a side.
    pub on_resize: Callback<(vaultwright::paint::Side, bool)>,
}

/// Scrolls the scroller (smoothly) so that a box of cells is visible, if it
/// is not already.
fn reveal(scroller: &Element, b: (i32, i32, i32, i32), cw: f64, ch: f64) {
    let (x1, y1) = (b.0 as f64 * cw, b.1 as f64 * ch);
    let (x2, y2) = ((b.2 + 1) as f64 * cw, (b.3 + 1) as f64 * ch);
    let (left, top) = (scroller.scroll_left() as f64, scroller.scroll_top() as f64);
    let (w, h) = (
        scroller.client_width() as f64,
        scroller.client_height() as f64,
    );
    let inside = x1 >= left && x2 <= left + w && y1 >= top && y2 <= top + h;
    if inside {
        return;
    }
    let to_x = ((x1 + x2) / 2.0 - w / 2.0).max(0.0);
    let to_y = ((y1 + y2) / 2.0 - h / 2.0).max(0.0);
    let opts = web_sys::ScrollToOptions::new();
    opts.set_left(to_x);
    opts.set_top(to_y);
    opts.set_behavior(web_sys::ScrollBehavior::Smooth);
    scroller.scroll_to_with_scroll_to_options(&opts);
}

/// Follows the editor: reveals what the current line made when it moves.
#[hook]
fn use_follow_highlight(
    map: Rc<TileMap>,
    scroller: NodeRef,
    scale: Rc<RefCell<f64>>,
    highlight: (usize, usize),
) {
    use_effect_with(highlight, move |hl| {
        if let (Some(b), Some(el)) = (highlighted_box(&map, *hl), scroller.cast::<Element>()) {
            let s = *scale.borrow();
            reveal(&el, b, CELL_W * s, CELL_H * s);
        }
    });
}

/// The cells of the legend entry chosen, if any.
fn chosen_cells(legend: &[LegendEntry], chosen: Option<&String>) -> Rc<Vec<(i32, i32)>> {
    Rc::new(
        chosen
            .and_then(|k| legend.iter().find(|e| &e.key == k))
            .map(|e| e.cells.clone())
            .unwrap_or_default(),
    )
}

/// How a stroke being painted is previewed: a selection (or what it
/// moves) as boxes, a blank; paint, as the character painted.
fn preview_look(brush: Brush, palette: &[Swatch]) -> (char, String) {
    if brush.tool == PaintTool::Select {
        (' ', String::new())
    } else {
        palette
            .iter()
            .find(|s| s.key == brush.key)
            .map(|s| (s.glyph, s.fg.hex()))
            .unwrap_or((brush.key as char, "#ffffff".into()))
    }
}

/// The canvas at the scale the viewport chooses, which the handlers read
/// back to find cells.
fn render_canvas(base: MapCanvasProps, scale_out: Rc<RefCell<f64>>) -> Callback<f64, Html> {
    Callback::from(move |s: f64| {
        *scale_out.borrow_mut() = s;
        let props = MapCanvasProps {
            scale: s,
            ..base.clone()
        };
        html! { <MapCanvas ..props /> }
    })
}

/// The map's buttons in the viewport's toolbar (grid, paint) and a hint
/// of what the pointer does.
fn map_tools(grid: &UseStateHandle<bool>, props: &TileMapProps, painting: bool) -> Html {
    let toggle_grid = {
        let grid = grid.clone();
        Callback::from(move |_: MouseEvent| grid.set(!*grid))
    };
    let toggle_paint = {
        let (on_brush, brush) = (props.on_brush.clone(), props.brush);
        Callback::from(move |_: MouseEvent| {
            on_brush.emit(Brush {
                on: !brush.on,
                ..brush
            })
        })
    };
    html! {
        <>
            <button class={classes!((**grid).then_some("on"))} aria-pressed={(**grid).to_string()} onclick={toggle_grid}>{"grid"}</button>
            if props.paintable {
                <button class={classes!(painting.then_some("on"))} aria-pressed={painting.to_string()} onclick={toggle_paint}
                    data-testid="paint" title="Paint the map: each stroke is one edit of the MAP rows (undo with Ctrl+Z in the editor)">{"✎ paint"}</button>
            }
            if painting {
                <span class="hint">{"drag to paint · Space paints the cell cursor · B L R F G I S V choose a tool · Ctrl+C/X/V copy, cut, paste"}</span>
            } else {
                <span class="hint">{"drag to pan · click a tile to jump to its line"}</span>
            }
        </>
    }
}

/// The overview in the viewport's corner.
fn minimap_overlay(map: Rc<TileMap>, scroller: NodeRef) -> Callback<f64, Html> {
    Callback::from(
        move |s: f64| html! { <Minimap map={map.clone()} scroller={scroller.clone()} scale={s} /> },
    )
}

#[function_component(TileMapView)]
pub fn tile_map_view(props: &TileMapProps) -> Html {
    let grid = use_state(|| false);
    let cursor = use_state(|| None::<(i32, i32)>);
    let scale = use_mut_ref(|| 1.0f64);
    let scroller = use_node_ref();
    let map = props.map.clone();
    let legend = use_memo(map.clone(), |m| Rc::new(m.legend()));
    let chosen = chosen_cells(&legend, props.legend.as_ref());
    let natural = (map.width as f64 * CELL_W, map.height as f64 * CELL_H);
    let input = MapInput {
        map: map.clone(),
        source: props.source.clone(),
        lines: props.lines.clone(),
        canvas: props.canvas_ref.clone(),
        scale: scale.clone(),
        on_hover: props.on_hover.clone(),
        on_jump: props.on_jump.clone(),
    };
    let painting = props.brush.on && props.paintable;
    // The rectangle the select tool marked (in drawn cells).
    let selection = use_state(|| None::<Rect>);
    let on_stroke = tracking_selection(selection.clone(), props.on_stroke.clone());
    let cell_at = {
        let input = input.clone();
        move |cx: f64, cy: f64| input.cell_at(cx, cy)
    };
    let strokes = use_strokes(
        painting.then_some(props.brush.tool),
        *selection,
        cell_at,
        on_stroke.clone(),
    );
    let onkeydown = on_key_down(MapKeys {
        input: input.clone(),
        cursor: cursor.clone(),
        brush: painting.then_some(props.brush),
        selection: selection.clone(),
        on_stroke,
        on_brush: props.on_brush.clone(),
    });
    use_follow_highlight(
        map.clone(),
        scroller.clone(),
        scale.clone(),
        props.highlight,
    );
    let canvas = MapCanvasProps {
        map: map.clone(),
        // Replaced by the viewport's scale at each render.
        scale: *scale.borrow(),
        highlight: props.highlight,
        dark: props.dark,
        grid: *grid,
        cursor: *cursor,
        chosen,
        canvas_ref: props.canvas_ref.clone(),
        onmousemove: on_mouse_move(input.clone()),
        onclick: on_click(input, painting),
        onmouseleave: on_mouse_leave(props.on_hover.clone()),
        onkeydown,
        onblur: on_blur(cursor.clone(), props.on_hover.clone()),
        onpointerdown: strokes.down.clone(),
        onpointermove: strokes.moved.clone(),
        onpointerup: strokes.up.clone(),
        preview: strokes.preview.clone(),
        preview_look: preview_look(props.brush, &props.palette),
        selection: painting.then_some(*selection).flatten(),
    };
    let render = render_canvas(canvas, scale);
    let tools = map_tools(&grid, props, painting);
    let overlay = minimap_overlay(map, scroller.clone());
    html! {
        <div class="tilemap">
            if painting {
                <PaintBar brush={props.brush} palette={props.palette.clone()} on_resize={props.on_resize.clone()} />
            }
            <Viewport kind="map" natural={natural} zoom={props.zoom} on_zoom={props.on_zoom.clone()}
                render={render} scroller={scroller} tools={tools} overlay={overlay} painting={painting} />
            if !props.map.notes.is_empty() {
                { super::view_notes(&props.map.notes) }
            }
            <Legend entries={(*legend).clone()} selected={props.legend.clone()} on_select={props.on_legend.clone()} />
        </div>
    }
}
