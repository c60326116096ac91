//! The tile map on a `<canvas>`, drawn at the viewport's scale: glyphs in
//! their game colours, the cells the editor's current line made
//! highlighted (and scrolled into view), a cell cursor for the keyboard.
//! Hovering (or tapping) names a cell and its source line; clicking (or
//! Enter) moves the editor there.

use std::rc::Rc;

use vaultwright::view::TileMap;
use vaultwright::LineIndex;
use web_sys::{Element, HtmlCanvasElement};
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};
use super::legend::Legend;
use super::map_canvas::MapCanvas;
// The browser tests name a cell through the map view's module.
pub use super::map_cells::describe_cell;
use super::map_cells::{highlighted_box, origin_at};
use super::minimap::Minimap;
use super::paint_bar::PaintBar;
use super::paint_strokes::{rect_cells, use_strokes, Rect, Stroke, StrokeOp};
use super::viewport::Viewport;
use super::{is_tap, Hover};
use crate::state::{Paint as PaintState, PaintTool, Zoom};

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
    /// Painting: on or off, the tool and character.
    pub paint: PaintState,
    /// What the map accepts; empty when it is not painted (its language
    /// or its entry has no MAP to write into).
    pub palette: Rc<Vec<vaultwright::paint::Swatch>>,
    /// The map's language is painted (the palette is worked out only
    /// while painting).
    #[prop_or_default]
    pub paintable: bool,
    pub on_stroke: Callback<Stroke>,
    /// Painting turned on or off, or another tool chosen.
    pub on_paint: Callback<PaintState>,
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

#[function_component(TileMapView)]
pub fn tile_map_view(props: &TileMapProps) -> Html {
    let grid = use_state(|| false);
    let cursor = use_state(|| None::<(i32, i32)>);
    let scale = use_mut_ref(|| 1.0f64);
    let scroller = use_node_ref();
    let map = props.map.clone();
    let legend = use_memo(map.clone(), |m| Rc::new(m.legend()));
    let chosen: Rc<Vec<(i32, i32)>> = Rc::new(
        props
            .legend
            .as_ref()
            .and_then(|k| legend.iter().find(|e| &e.key == k))
            .map(|e| e.cells.clone())
            .unwrap_or_default(),
    );
    let natural = (map.width as f64 * CELL_W, map.height as f64 * CELL_H);

    let cell_at = {
        let (canvas, scale) = (props.canvas_ref.clone(), scale.clone());
        move |cx: f64, cy: f64| -> Option<(i32, i32)> {
            let c = canvas.cast::<HtmlCanvasElement>()?;
            let r = c.get_bounding_client_rect();
            let s = *scale.borrow();
            let x = ((cx - r.left()) / (CELL_W * s)).floor() as i32;
            let y = ((cy - r.top()) / (CELL_H * s)).floor() as i32;
            Some((x, y))
        }
    };
    let painting = props.paint.on && props.paintable;
    // The rectangle the select tool marked (in drawn cells).
    let selection = use_state(|| None::<Rect>);
    let on_stroke = {
        let (selection, on_stroke) = (selection.clone(), props.on_stroke.clone());
        Callback::from(move |s: Stroke| match s.op {
            StrokeOp::Select => {
                selection.set(s.cells.first().zip(s.cells.last()).map(|(a, b)| (*a, *b)))
            }
            StrokeOp::Move(dx, dy) => {
                if let Some((a, b)) = *selection {
                    selection.set(Some(((a.0 + dx, a.1 + dy), (b.0 + dx, b.1 + dy))));
                }
                on_stroke.emit(s);
            }
            _ => on_stroke.emit(s),
        })
    };
    let strokes = use_strokes(
        painting.then_some(props.paint.tool),
        *selection,
        cell_at.clone(),
        on_stroke.clone(),
    );
    let hover_at = {
        let (map, source, lines, on_hover) = (
            map.clone(),
            props.source.clone(),
            props.lines.clone(),
            props.on_hover.clone(),
        );
        move |x: i32, y: i32, client: (f64, f64)| {
            let hover = describe_cell(&map, &source, &lines, x, y).map(|(text, origin)| Hover {
                text,
                origin,
                at: client,
            });
            on_hover.emit(hover);
        }
    };
    let onmousemove = {
        let (cell_at, hover_at) = (cell_at.clone(), hover_at.clone());
        Callback::from(move |e: MouseEvent| {
            let (cx, cy) = (e.client_x() as f64, e.client_y() as f64);
            if let Some((x, y)) = cell_at(cx, cy) {
                hover_at(x, y, (cx, cy));
            }
        })
    };
    let onclick = {
        let (map, on_jump, cell_at, hover_at) = (
            map.clone(),
            props.on_jump.clone(),
            cell_at.clone(),
            hover_at.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            let (cx, cy) = (e.client_x() as f64, e.client_y() as f64);
            let Some((x, y)) = cell_at(cx, cy) else {
                return;
            };
            if painting {
                return;
            }
            // A tap describes the cell (touch has no hover); a click jumps.
            if is_tap(&e) {
                hover_at(x, y, (cx, cy));
            } else if let Some(o) = origin_at(&map, x, y) {
                on_jump.emit(o);
            }
        })
    };
    let onmouseleave = {
        let on_hover = props.on_hover.clone();
        Callback::from(move |_: MouseEvent| on_hover.emit(None))
    };
    let onkeydown = {
        let (map, cursor, on_jump, canvas, scale, hover_at) = (
            map.clone(),
            cursor.clone(),
            props.on_jump.clone(),
            props.canvas_ref.clone(),
            scale.clone(),
            hover_at.clone(),
        );
        let (paint, on_stroke, on_paint, selection) = (
            painting.then_some(props.paint),
            on_stroke.clone(),
            props.on_paint.clone(),
            selection.clone(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let (x, y) = cursor.unwrap_or((map.width as i32 / 2, map.height as i32 / 2));
            if let Some(p) = paint {
                if selection_key(&e, p, &selection, &on_stroke, &on_paint) {
                    e.prevent_default();
                    return;
                }
                if let Some(chosen) = paint_key(&e.key(), p, (x, y), &on_stroke) {
                    e.prevent_default();
                    if let Some(p) = chosen {
                        on_paint.emit(p);
                    }
                    return;
                }
            }
            let to = match e.key().as_str() {
                "ArrowLeft" => (x - 1, y),
                "ArrowRight" => (x + 1, y),
                "ArrowUp" => (x, y - 1),
                "ArrowDown" => (x, y + 1),
                "Enter" => {
                    if let Some(o) = origin_at(&map, x, y) {
                        e.prevent_default();
                        on_jump.emit(o);
                    }
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            let to = (
                to.0.clamp(0, map.width as i32 - 1),
                to.1.clamp(0, map.height as i32 - 1),
            );
            cursor.set(Some(to));
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                let r = c.get_bounding_client_rect();
                let s = *scale.borrow();
                let client = (
                    r.left() + (to.0 as f64 + 1.0) * CELL_W * s,
                    r.top() + (to.1 as f64 + 1.0) * CELL_H * s,
                );
                hover_at(to.0, to.1, client);
            }
        })
    };
    let onblur = {
        let (cursor, on_hover) = (cursor.clone(), props.on_hover.clone());
        Callback::from(move |_: FocusEvent| {
            cursor.set(None);
            on_hover.emit(None);
        })
    };

    // Follow the editor: reveal what the current line made when it moves.
    {
        let (map, scroller, scale) = (map.clone(), scroller.clone(), scale.clone());
        use_effect_with(props.highlight, move |hl| {
            if let (Some(b), Some(el)) = (highlighted_box(&map, *hl), scroller.cast::<Element>()) {
                let s = *scale.borrow();
                reveal(&el, b, CELL_W * s, CELL_H * s);
            }
        });
    }

    // A selection (or what it moves) is previewed as boxes; paint, as
    // the character painted.
    let preview_look = if props.paint.tool == PaintTool::Select {
        (' ', String::new())
    } else {
        props
            .palette
            .iter()
            .find(|s| s.key == props.paint.key)
            .map(|s| (s.glyph, s.fg.hex()))
            .unwrap_or((props.paint.key as char, "#ffffff".into()))
    };
    let marked = painting.then_some(*selection).flatten();
    let (down, moved, up, preview) = (
        strokes.down.clone(),
        strokes.moved.clone(),
        strokes.up.clone(),
        strokes.preview.clone(),
    );
    let render = {
        let (canvas_ref, map, hl, dark, grid, cursor, scale_out, chosen) = (
            props.canvas_ref.clone(),
            map.clone(),
            props.highlight,
            props.dark,
            *grid,
            *cursor,
            scale.clone(),
            chosen.clone(),
        );
        let (onmousemove, onclick, onmouseleave, onkeydown, onblur) =
            (onmousemove, onclick, onmouseleave, onkeydown, onblur);
        Callback::from(move |s: f64| {
            *scale_out.borrow_mut() = s;
            html! {
                <MapCanvas map={map.clone()} scale={s} highlight={hl} dark={dark} grid={grid} cursor={cursor} chosen={chosen.clone()}
                    canvas_ref={canvas_ref.clone()} onmousemove={onmousemove.clone()} onclick={onclick.clone()}
                    onmouseleave={onmouseleave.clone()} onkeydown={onkeydown.clone()} onblur={onblur.clone()}
                    onpointerdown={down.clone()} onpointermove={moved.clone()} onpointerup={up.clone()}
                    preview={preview.clone()} preview_look={preview_look.clone()} selection={marked} />
            }
        })
    };
    let toggle_grid = {
        let grid = grid.clone();
        Callback::from(move |_: MouseEvent| grid.set(!*grid))
    };
    let toggle_paint = {
        let (on_paint, paint) = (props.on_paint.clone(), props.paint);
        Callback::from(move |_: MouseEvent| {
            on_paint.emit(PaintState {
                on: !paint.on,
                ..paint
            })
        })
    };
    let tools = html! {
        <>
            <button class={classes!((*grid).then_some("on"))} aria-pressed={(*grid).to_string()} onclick={toggle_grid}>{"grid"}</button>
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
    };
    let overlay = {
        let (map, scroller) = (map.clone(), scroller.clone());
        Callback::from(
            move |s: f64| html! { <Minimap map={map.clone()} scroller={scroller.clone()} scale={s} /> },
        )
    };
    html! {
        <div class="tilemap">
            if painting {
                <PaintBar paint={props.paint} palette={props.palette.clone()} on_resize={props.on_resize.clone()} />
            }
            <Viewport kind="map" natural={natural} zoom={props.zoom} on_zoom={props.on_zoom.clone()}
                render={render} scroller={scroller} tools={tools} overlay={overlay} painting={painting} />
            if !props.map.notes.is_empty() {
                <ul class="view-notes">{ for props.map.notes.iter().map(|n| html!{<li>{n}</li>}) }</ul>
            }
            <Legend entries={(*legend).clone()} selected={props.legend.clone()} on_select={props.on_legend.clone()} />
        </div>
    }
}

/// Ctrl+C, Ctrl+X and Ctrl+V on the map while painting copy, cut and
/// paste the marked rectangle; Escape unmarks it. Whether the key was one
/// of these.
fn selection_key(
    e: &KeyboardEvent,
    p: PaintState,
    selection: &UseStateHandle<Option<Rect>>,
    on_stroke: &Callback<Stroke>,
    on_paint: &Callback<PaintState>,
) -> bool {
    let key = e.key().to_lowercase();
    let command = e.ctrl_key() || e.meta_key();
    match (command, key.as_str(), **selection) {
        (true, "c" | "x", Some(r)) => {
            let op = if key == "c" {
                StrokeOp::Copy
            } else {
                StrokeOp::Cut
            };
            on_stroke.emit(Stroke {
                op,
                cells: rect_cells(r),
            });
            true
        }
        (true, "v", _) => {
            on_paint.emit(PaintState {
                tool: PaintTool::Paste,
                ..p
            });
            true
        }
        (false, "escape", Some(_)) => {
            selection.set(None);
            true
        }
        _ => false,
    }
}

/// A key pressed on the map while painting: Space paints the cell cursor
/// (or picks its character with the eyedropper), a tool's letter chooses
/// it. `Some(None)` when the key was used without choosing a tool.
fn paint_key(
    key: &str,
    p: PaintState,
    at: (i32, i32),
    on_stroke: &Callback<Stroke>,
) -> Option<Option<PaintState>> {
    if key == " " {
        let op = match p.tool {
            PaintTool::Pick | PaintTool::Flood => StrokeOp::Paint(p.tool),
            PaintTool::Paste => StrokeOp::Paste,
            _ => StrokeOp::Paint(PaintTool::Pencil),
        };
        on_stroke.emit(Stroke {
            op,
            cells: vec![at],
        });
        return Some(None);
    }
    let tool = PaintTool::ALL
        .into_iter()
        .find(|t| t.describe().2 == key.to_lowercase())?;
    Some(Some(PaintState { tool, ..p }))
}
