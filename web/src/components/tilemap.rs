//! The tile map on a `<canvas>`, drawn at the viewport's scale: glyphs in
//! their game colours, the cells the editor's current line made
//! highlighted (and scrolled into view), a cell cursor for the keyboard.
//! Hovering (or tapping) names a cell and its source line; clicking (or
//! Enter) moves the editor there.

use std::rc::Rc;

use vaultwright::view::{Marker, TileMap};
use vaultwright::LineIndex;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, PointerEvent};
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};
use super::legend::Legend;
use super::minimap::Minimap;
use super::paint_bar::PaintBar;
use super::paint_strokes::{rect_cells, use_strokes, Rect, Stroke, StrokeOp};
use super::viewport::Viewport;
use super::{describe_origin, is_tap, touches, Hover};
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

/// What is at a cell: the topmost marker, else the terrain. Markers' labels
/// already name their position in the source's terms and the level's.
pub fn describe_cell(
    map: &TileMap,
    source: &str,
    lines: &LineIndex,
    x: i32,
    y: i32,
) -> Option<(String, Option<vaultwright::Span>)> {
    if let Some(m) = marker_at(map, x, y) {
        let line = describe_origin(source, lines, m.origin);
        let random = if m.random {
            " (random position, example)"
        } else {
            ""
        };
        return Some((format!("{}{random} · {line}", m.label), Some(m.origin)));
    }
    let c = map.cell(u32::try_from(x).ok()?, u32::try_from(y).ok()?)?;
    let line = c
        .origin
        .map(|o| format!(" · {}", describe_origin(source, lines, o)))
        .unwrap_or_default();
    let at = match c.source_xy {
        Some((sx, sy)) => format!("at ({sx},{sy}) in the map · level ({x},{y})"),
        None => format!("at ({x},{y})"),
    };
    Some((format!("{} {at}{line}", c.kind), c.origin))
}

/// The topmost marker at a cell (markers are drawn in order).
fn marker_at(map: &TileMap, x: i32, y: i32) -> Option<&Marker> {
    map.markers.iter().rev().find(|m| m.x == x && m.y == y)
}

/// The source offset a click on a cell jumps to.
fn origin_at(map: &TileMap, x: i32, y: i32) -> Option<usize> {
    marker_at(map, x, y)
        .map(|m| m.origin)
        .or_else(|| {
            map.cell(u32::try_from(x).ok()?, u32::try_from(y).ok()?)
                .and_then(|c| c.origin)
        })
        .map(|o| o.start as usize)
}

/// The bounding box (cells, inclusive) of what the highlighted line made.
pub fn highlighted_box(map: &TileMap, highlight: (usize, usize)) -> Option<(i32, i32, i32, i32)> {
    let mut b: Option<(i32, i32, i32, i32)> = None;
    let mut add = |x: i32, y: i32| {
        b = Some(match b {
            None => (x, y, x, y),
            Some((a, c, d, e)) => (a.min(x), c.min(y), d.max(x), e.max(y)),
        });
    };
    for m in &map.markers {
        if touches(Some(m.origin), highlight) {
            add(m.x, m.y);
        }
    }
    for (i, c) in map.cells.iter().enumerate() {
        if touches(c.origin, highlight) {
            let w = map.width.max(1) as usize;
            add((i % w) as i32, (i / w) as i32);
        }
    }
    b
}

struct Paint<'a> {
    map: &'a TileMap,
    scale: f64,
    highlight: (usize, usize),
    dark: bool,
    cursor: Option<(i32, i32)>,
    /// Cells of the chosen legend entry.
    chosen: &'a [(i32, i32)],
}

fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

fn draw(canvas: &HtmlCanvasElement, p: &Paint) {
    let map = p.map;
    let (cw, ch) = (CELL_W * p.scale, CELL_H * p.scale);
    let (w, h) = (map.width as f64 * cw, map.height as f64 * ch);
    // Draw at device resolution so glyphs stay sharp when zoomed.
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0)
        .max(1.0);
    canvas.set_width((w * dpr).ceil() as u32);
    canvas.set_height((h * dpr).ceil() as u32);
    let _ = canvas.set_attribute("style", &format!("width:{w:.0}px;height:{h:.0}px"));
    let Some(ctx) = context(canvas) else { return };
    let _ = ctx.scale(dpr, dpr);
    ctx.set_fill_style_str(if p.dark { "#111418" } else { "#1b1e23" });
    ctx.fill_rect(0.0, 0.0, w, h);
    ctx.set_font(&format!(
        "{:.1}px ui-monospace, 'DejaVu Sans Mono', monospace",
        13.0 * p.scale
    ));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    draw_cells(&ctx, p, cw, ch);
    draw_areas(&ctx, p, cw, ch);
    draw_selected(&ctx, p, cw, ch);
    draw_links(&ctx, p, cw, ch);
    draw_markers(&ctx, p, cw, ch);
    draw_chosen(&ctx, p.chosen, cw, ch);
    if let Some((x, y)) = p.cursor {
        ctx.set_stroke_style_str("#ffffff");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(x as f64 * cw + 1.0, y as f64 * ch + 1.0, cw - 2.0, ch - 2.0);
    }
}

fn draw_cells(ctx: &CanvasRenderingContext2d, p: &Paint, cw: f64, ch: f64) {
    let map = p.map;
    for y in 0..map.height {
        for x in 0..map.width {
            let Some(c) = map.cell(x, y) else { continue };
            let (px, py) = (x as f64 * cw, y as f64 * ch);
            if touches(c.origin, p.highlight) {
                ctx.set_fill_style_str("#3d4f7a");
                ctx.fill_rect(px, py, cw, ch);
            } else if let Some(bg) = c.bg {
                ctx.set_fill_style_str(&bg.hex());
                ctx.fill_rect(px, py, cw, ch);
            }
            if c.glyph != ' ' {
                ctx.set_fill_style_str(&c.fg.hex());
                let _ = ctx.fill_text(
                    c.glyph.encode_utf8(&mut [0; 4]),
                    px + cw / 2.0,
                    py + ch / 2.0,
                );
            }
        }
    }
}

/// A bright frame around every cell of the chosen legend entry.
fn draw_chosen(ctx: &CanvasRenderingContext2d, chosen: &[(i32, i32)], cw: f64, ch: f64) {
    ctx.set_stroke_style_str("#ffd75e");
    ctx.set_line_width(2.0);
    for &(x, y) in chosen {
        ctx.stroke_rect(x as f64 * cw + 1.0, y as f64 * ch + 1.0, cw - 2.0, ch - 2.0);
    }
}

fn draw_areas(ctx: &CanvasRenderingContext2d, p: &Paint, cw: f64, ch: f64) {
    ctx.set_line_width(1.0);
    for a in &p.map.areas {
        ctx.set_stroke_style_str(if touches(Some(a.origin), p.highlight) {
            "#ffd75e"
        } else {
            "rgba(120,160,255,0.45)"
        });
        ctx.stroke_rect(
            a.x1 as f64 * cw + 0.5,
            a.y1 as f64 * ch + 0.5,
            (a.x2 - a.x1 + 1) as f64 * cw - 1.0,
            (a.y2 - a.y1 + 1) as f64 * ch - 1.0,
        );
    }
}

/// The cells of the selection expressions on the editor's current line
/// (a 3.6 level's `rect`, `floodfill`, `filter`… as the run made them),
/// as a grid of flags.
pub fn selected_cells(map: &TileMap, highlight: (usize, usize)) -> Vec<bool> {
    let (w, h) = (map.width as i32, map.height as i32);
    let mut inside = vec![false; map.cells.len()];
    for s in &map.trace.selections {
        if !touches(Some(s.origin), highlight) {
            continue;
        }
        for &(x, y) in &s.cells {
            if (0..w).contains(&x) && (0..h).contains(&y) {
                if let Some(c) = inside.get_mut((y * w + x) as usize) {
                    *c = true;
                }
            }
        }
    }
    inside
}

/// Selected cells tinted, and their outline drawn where a selected cell
/// meets one that is not.
fn draw_selected(ctx: &CanvasRenderingContext2d, p: &Paint, cw: f64, ch: f64) {
    if p.map.trace.selections.is_empty() {
        return;
    }
    let inside = selected_cells(p.map, p.highlight);
    let w = p.map.width as i32;
    let at = |x: i32, y: i32| {
        x >= 0 && x < w && y >= 0 && inside.get((y * w + x) as usize).copied().unwrap_or(false)
    };
    ctx.set_fill_style_str("rgba(94,215,255,0.22)");
    ctx.set_stroke_style_str("#5ed7ff");
    ctx.set_line_width(2.0);
    ctx.begin_path();
    for (i, _) in inside.iter().enumerate().filter(|(_, &c)| c) {
        let (x, y) = ((i as i32) % w, (i as i32) / w);
        let (x0, y0) = (x as f64 * cw, y as f64 * ch);
        let (x1, y1) = (x0 + cw, y0 + ch);
        ctx.fill_rect(x0, y0, cw, ch);
        for (open, (ax, ay), (bx, by)) in [
            (!at(x, y - 1), (x0, y0), (x1, y0)),
            (!at(x, y + 1), (x0, y1), (x1, y1)),
            (!at(x - 1, y), (x0, y0), (x0, y1)),
            (!at(x + 1, y), (x1, y0), (x1, y1)),
        ] {
            if open {
                ctx.move_to(ax, ay);
                ctx.line_to(bx, by);
            }
        }
    }
    ctx.stroke();
}

/// Dashed lines between cells that act together (a primary marker and
/// its replicas), under the markers so both ends stay readable.
fn draw_links(ctx: &CanvasRenderingContext2d, p: &Paint, cw: f64, ch: f64) {
    if p.map.links.is_empty() {
        return;
    }
    let centre = |(x, y): (i32, i32)| (x as f64 * cw + cw / 2.0, y as f64 * ch + ch / 2.0);
    let _ = ctx.set_line_dash(&js_sys::Array::of2(&4.0.into(), &3.0.into()));
    ctx.set_line_width(1.5);
    for l in &p.map.links {
        ctx.set_stroke_style_str(if touches(Some(l.origin), p.highlight) {
            "#ffd75e"
        } else {
            "rgba(255,215,94,0.6)"
        });
        let (a, b) = (centre(l.from), centre(l.to));
        ctx.begin_path();
        ctx.move_to(a.0, a.1);
        ctx.line_to(b.0, b.1);
        ctx.stroke();
    }
    let _ = ctx.set_line_dash(&js_sys::Array::new());
}

fn draw_markers(ctx: &CanvasRenderingContext2d, p: &Paint, cw: f64, ch: f64) {
    for m in &p.map.markers {
        let (px, py) = (m.x as f64 * cw, m.y as f64 * ch);
        let hl = touches(Some(m.origin), p.highlight);
        ctx.set_fill_style_str(if hl { "#ffd75e" } else { "#1b1e23" });
        ctx.fill_rect(px + 1.0, py + 1.0, cw - 2.0, ch - 2.0);
        let fg = m.fg.hex();
        ctx.set_fill_style_str(if hl { "#000000" } else { &fg });
        let _ = ctx.fill_text(
            m.glyph.encode_utf8(&mut [0; 4]),
            px + cw / 2.0,
            py + ch / 2.0,
        );
        if m.random {
            ctx.set_stroke_style_str("rgba(255,255,255,0.35)");
            ctx.stroke_rect(px + 0.5, py + 0.5, cw - 1.0, ch - 1.0);
        }
    }
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

#[derive(Properties, PartialEq)]
struct MapCanvasProps {
    map: Rc<TileMap>,
    scale: f64,
    highlight: (usize, usize),
    dark: bool,
    grid: bool,
    cursor: Option<(i32, i32)>,
    chosen: Rc<Vec<(i32, i32)>>,
    canvas_ref: NodeRef,
    onmousemove: Callback<MouseEvent>,
    onclick: Callback<MouseEvent>,
    onmouseleave: Callback<MouseEvent>,
    onkeydown: Callback<KeyboardEvent>,
    onblur: Callback<FocusEvent>,
    onpointerdown: Callback<PointerEvent>,
    onpointermove: Callback<PointerEvent>,
    onpointerup: Callback<PointerEvent>,
    /// The cells of a stroke being painted, and how its character looks
    /// (a blank: boxes only).
    preview: Rc<Vec<(i32, i32)>>,
    preview_look: (char, String),
    /// The rectangle the select tool marked.
    selection: Option<Rect>,
}

/// The canvas itself: repainted only when what it shows changes.
#[function_component(MapCanvas)]
fn map_canvas(p: &MapCanvasProps) -> Html {
    {
        let canvas = p.canvas_ref.clone();
        let deps = (
            p.map.clone(),
            p.scale,
            p.grid,
            p.highlight,
            p.dark,
            p.cursor,
            p.chosen.clone(),
            (p.preview.clone(), p.preview_look.clone(), p.selection),
        );
        use_effect_with(
            deps,
            move |(
                map,
                scale,
                grid,
                highlight,
                dark,
                cursor,
                chosen,
                (preview, look, selection),
            )| {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    let paint = Paint {
                        map,
                        scale: *scale,
                        highlight: *highlight,
                        dark: *dark,
                        cursor: *cursor,
                        chosen,
                    };
                    draw(&c, &paint);
                    if *grid {
                        draw_grid(&c, map, *scale);
                    }
                    draw_preview(&c, preview, look, *scale);
                    if let Some(r) = selection {
                        draw_selection(&c, *r, *scale);
                    }
                }
            },
        );
    }
    let label = format!(
        "Tile map, {} by {} cells. Arrow keys move a cell cursor; Enter jumps to the cell's source line.",
        p.map.width, p.map.height
    );
    let selected = selected_cells(&p.map, p.highlight)
        .iter()
        .filter(|&&c| c)
        .count();
    html! {
        <canvas ref={p.canvas_ref.clone()} data-testid="tilemap" tabindex="0" role="img" aria-label={label} data-focus="view"
            data-selected-cells={selected.to_string()}
            data-cell-w={(CELL_W * p.scale).to_string()} data-cell-h={(CELL_H * p.scale).to_string()}
            onmousemove={p.onmousemove.clone()} onclick={p.onclick.clone()} onmouseleave={p.onmouseleave.clone()}
            onkeydown={p.onkeydown.clone()} onblur={p.onblur.clone()}
            onpointerdown={p.onpointerdown.clone()} onpointermove={p.onpointermove.clone()} onpointerup={p.onpointerup.clone()}
            data-preview-cells={p.preview.len().to_string()}
            data-selection={p.selection.map(|((x1, y1), (x2, y2))| format!("{x1},{y1},{x2},{y2}"))} />
    }
}

/// The stroke being painted, drawn over the map until it becomes an edit.
fn draw_preview(
    canvas: &HtmlCanvasElement,
    cells: &[(i32, i32)],
    look: &(char, String),
    scale: f64,
) {
    if cells.is_empty() {
        return;
    }
    let Some(ctx) = context(canvas) else { return };
    let (cw, ch) = (CELL_W * scale, CELL_H * scale);
    for &(x, y) in cells {
        let (px, py) = (x as f64 * cw, y as f64 * ch);
        if look.0 == ' ' {
            ctx.set_fill_style_str("rgba(120, 160, 255, 0.35)");
            ctx.fill_rect(px, py, cw, ch);
            continue;
        }
        ctx.set_fill_style_str("#2a3550");
        ctx.fill_rect(px, py, cw, ch);
        ctx.set_fill_style_str(&look.1);
        let _ = ctx.fill_text(
            look.0.encode_utf8(&mut [0; 4]),
            px + cw / 2.0,
            py + ch / 2.0,
        );
    }
}

/// The marked rectangle: a dashed frame.
fn draw_selection(canvas: &HtmlCanvasElement, ((x1, y1), (x2, y2)): Rect, scale: f64) {
    let Some(ctx) = context(canvas) else { return };
    let (cw, ch) = (CELL_W * scale, CELL_H * scale);
    let (ax, bx) = (x1.min(x2) as f64, x1.max(x2) as f64 + 1.0);
    let (ay, by) = (y1.min(y2) as f64, y1.max(y2) as f64 + 1.0);
    let dash = js_sys::Array::of2(&4.0.into(), &3.0.into());
    let _ = ctx.set_line_dash(&dash);
    ctx.set_stroke_style_str("#ffd75e");
    ctx.set_line_width(2.0);
    ctx.stroke_rect(
        ax * cw + 1.0,
        ay * ch + 1.0,
        (bx - ax) * cw - 2.0,
        (by - ay) * ch - 2.0,
    );
    let _ = ctx.set_line_dash(&js_sys::Array::new());
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

fn draw_grid(canvas: &HtmlCanvasElement, map: &TileMap, scale: f64) {
    let Some(ctx) = context(canvas) else { return };
    let (cw, ch) = (CELL_W * scale, CELL_H * scale);
    let (w, h) = (map.width as f64 * cw, map.height as f64 * ch);
    ctx.set_stroke_style_str("rgba(255,255,255,0.08)");
    ctx.begin_path();
    for x in 0..=map.width {
        ctx.move_to(x as f64 * cw, 0.0);
        ctx.line_to(x as f64 * cw, h);
    }
    for y in 0..=map.height {
        ctx.move_to(0.0, y as f64 * ch);
        ctx.line_to(w, y as f64 * ch);
    }
    ctx.stroke();
}
