//! The tile map on a `<canvas>`: glyphs with colours, zoom (buttons and
//! Ctrl+wheel), pan (drag), grid toggle; hovering names the cell and its
//! source line, clicking moves the editor there, and the cells the editor's
//! current line produced are highlighted.

use std::rc::Rc;

use vaultwright::view::TileMap;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

use super::{describe_origin, touches, Hover};

const CELL_W: f64 = 10.0;
const CELL_H: f64 = 16.0;

#[derive(Properties, PartialEq)]
pub struct TileMapProps {
    pub map: Rc<TileMap>,
    pub source: Rc<String>,
    /// Byte range of the editor's current line.
    pub highlight: (usize, usize),
    pub dark: bool,
    pub on_jump: Callback<usize>,
    pub on_hover: Callback<Option<Hover>>,
    pub canvas_ref: NodeRef,
}

/// What is at a cell: the topmost marker, else the terrain.
pub fn describe_cell(
    map: &TileMap,
    source: &str,
    x: i32,
    y: i32,
) -> Option<(String, Option<vaultwright::Span>)> {
    if let Some(m) = map.markers.iter().rev().find(|m| m.x == x && m.y == y) {
        let line = describe_origin(source, m.origin);
        let random = if m.random {
            " (random position, example)"
        } else {
            ""
        };
        return Some((
            format!("{} at ({x},{y}){random} · {line}", m.label),
            Some(m.origin),
        ));
    }
    let c = map.cell(x as u32, y as u32)?;
    let line = c
        .origin
        .map(|o| format!(" · {}", describe_origin(source, o)))
        .unwrap_or_default();
    Some((format!("{} at ({x},{y}){line}", c.kind), c.origin))
}

fn draw(
    canvas: &HtmlCanvasElement,
    map: &TileMap,
    zoom: f64,
    grid: bool,
    highlight: (usize, usize),
    dark: bool,
) {
    let (cw, ch) = (CELL_W * zoom, CELL_H * zoom);
    canvas.set_width((map.width as f64 * cw).ceil() as u32);
    canvas.set_height((map.height as f64 * ch).ceil() as u32);
    let Ok(Some(ctx)) = canvas.get_context("2d") else {
        return;
    };
    let Ok(ctx) = ctx.dyn_into::<CanvasRenderingContext2d>() else {
        return;
    };
    ctx.set_fill_style_str(if dark { "#111418" } else { "#1b1e23" });
    ctx.fill_rect(0.0, 0.0, canvas.width() as f64, canvas.height() as f64);
    ctx.set_font(&format!("{}px monospace", (13.0 * zoom).round()));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for y in 0..map.height {
        for x in 0..map.width {
            let Some(c) = map.cell(x, y) else { continue };
            let (px, py) = (x as f64 * cw, y as f64 * ch);
            if touches(c.origin, highlight) {
                ctx.set_fill_style_str("#3d4f7a");
                ctx.fill_rect(px, py, cw, ch);
            } else if let Some(bg) = c.bg {
                ctx.set_fill_style_str(&bg.hex());
                ctx.fill_rect(px, py, cw, ch);
            }
            if c.glyph != ' ' {
                ctx.set_fill_style_str(&c.fg.hex());
                let _ = ctx.fill_text(&c.glyph.to_string(), px + cw / 2.0, py + ch / 2.0);
            }
        }
    }
    ctx.set_line_width(1.0);
    for a in &map.areas {
        ctx.set_stroke_style_str(if touches(Some(a.origin), highlight) {
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
    for m in &map.markers {
        let (px, py) = (m.x as f64 * cw, m.y as f64 * ch);
        let hl = touches(Some(m.origin), highlight);
        ctx.set_fill_style_str(if hl { "#ffd75e" } else { "#1b1e23" });
        ctx.fill_rect(px + 1.0, py + 1.0, cw - 2.0, ch - 2.0);
        let fg = m.fg.hex();
        ctx.set_fill_style_str(if hl { "#000000" } else { &fg });
        let _ = ctx.fill_text(&m.glyph.to_string(), px + cw / 2.0, py + ch / 2.0);
        if m.random {
            ctx.set_stroke_style_str("rgba(255,255,255,0.35)");
            ctx.stroke_rect(px + 0.5, py + 0.5, cw - 1.0, ch - 1.0);
        }
    }
    if grid {
        ctx.set_stroke_style_str("rgba(255,255,255,0.08)");
        for x in 0..=map.width {
            ctx.begin_path();
            ctx.move_to(x as f64 * cw, 0.0);
            ctx.line_to(x as f64 * cw, map.height as f64 * ch);
            ctx.stroke();
        }
        for y in 0..=map.height {
            ctx.begin_path();
            ctx.move_to(0.0, y as f64 * ch);
            ctx.line_to(map.width as f64 * cw, y as f64 * ch);
            ctx.stroke();
        }
    }
}

#[function_component(TileMapView)]
pub fn tile_map_view(props: &TileMapProps) -> Html {
    let zoom = use_state(|| 1.5f64);
    let grid = use_state(|| false);
    let drag = use_mut_ref(|| None::<(i32, i32, i32, i32)>);
    let scroller = use_node_ref();
    {
        let canvas = props.canvas_ref.clone();
        let deps = (props.map.clone(), *zoom, *grid, props.highlight, props.dark);
        use_effect_with(deps, move |(map, zoom, grid, highlight, dark)| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                draw(&c, map, *zoom, *grid, *highlight, *dark);
            }
        });
    }
    let cell_at = {
        let zoom = *zoom;
        let canvas = props.canvas_ref.clone();
        move |e: &MouseEvent| -> Option<(i32, i32, f64, f64)> {
            let c = canvas.cast::<HtmlCanvasElement>()?;
            let r = c.get_bounding_client_rect();
            let (px, py) = (
                e.client_x() as f64 - r.left(),
                e.client_y() as f64 - r.top(),
            );
            let x = (px / (CELL_W * zoom)).floor() as i32;
            let y = (py / (CELL_H * zoom)).floor() as i32;
            Some((x, y, px, py))
        }
    };
    let onmousemove = {
        let (map, source, on_hover, drag, scroller, cell_at) = (
            props.map.clone(),
            props.source.clone(),
            props.on_hover.clone(),
            drag.clone(),
            scroller.clone(),
            cell_at.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            if let Some((sx, sy, left, top)) = *drag.borrow() {
                if let Some(s) = scroller.cast::<web_sys::Element>() {
                    s.set_scroll_left(left - (e.client_x() - sx));
                    s.set_scroll_top(top - (e.client_y() - sy));
                }
                return;
            }
            let hover = cell_at(&e).and_then(|(x, y, px, py)| {
                describe_cell(&map, &source, x, y).map(|(text, origin)| Hover {
                    text,
                    origin,
                    at: (px, py),
                })
            });
            on_hover.emit(hover);
        })
    };
    let onmousedown = {
        let (drag, scroller) = (drag.clone(), scroller.clone());
        Callback::from(move |e: MouseEvent| {
            if e.button() == 1 || e.shift_key() {
                if let Some(s) = scroller.cast::<web_sys::Element>() {
                    *drag.borrow_mut() =
                        Some((e.client_x(), e.client_y(), s.scroll_left(), s.scroll_top()));
                }
            }
        })
    };
    let onmouseup = {
        let drag = drag.clone();
        Callback::from(move |_: MouseEvent| *drag.borrow_mut() = None)
    };
    let onclick = {
        let (map, on_jump) = (props.map.clone(), props.on_jump.clone());
        Callback::from(move |e: MouseEvent| {
            if e.shift_key() {
                return;
            }
            if let Some((x, y, _, _)) = cell_at(&e) {
                let origin = map
                    .markers
                    .iter()
                    .rev()
                    .find(|m| m.x == x && m.y == y)
                    .map(|m| m.origin)
                    .or_else(|| map.cell(x as u32, y as u32).and_then(|c| c.origin));
                if let Some(o) = origin {
                    on_jump.emit(o.start as usize);
                }
            }
        })
    };
    let onmouseleave = {
        let (on_hover, drag) = (props.on_hover.clone(), drag.clone());
        Callback::from(move |_: MouseEvent| {
            *drag.borrow_mut() = None;
            on_hover.emit(None);
        })
    };
    let onwheel = {
        let zoom = zoom.clone();
        Callback::from(move |e: WheelEvent| {
            if e.ctrl_key() {
                e.prevent_default();
                let z = if e.delta_y() < 0.0 {
                    *zoom * 1.15
                } else {
                    *zoom / 1.15
                };
                zoom.set(z.clamp(0.5, 4.0));
            }
        })
    };
    let zoom_by = |f: f64| {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| zoom.set((*zoom * f).clamp(0.5, 4.0)))
    };
    let toggle_grid = {
        let grid = grid.clone();
        Callback::from(move |_: MouseEvent| grid.set(!*grid))
    };
    html! {
        <div class="tilemap">
            <div class="view-tools">
                <button title="Zoom out (Ctrl+wheel)" onclick={zoom_by(1.0 / 1.25)}>{"−"}</button>
                <span class="zoom">{ format!("{:.0}%", *zoom * 100.0) }</span>
                <button title="Zoom in (Ctrl+wheel)" onclick={zoom_by(1.25)}>{"+"}</button>
                <button class={classes!((*grid).then_some("on"))} onclick={toggle_grid}>{"grid"}</button>
                <span class="hint">{"Shift+drag to pan · click a tile to jump to its line"}</span>
            </div>
            <div class="canvas-scroll" ref={scroller}>
                <canvas ref={props.canvas_ref.clone()} data-testid="tilemap"
                    data-cell-w={(CELL_W * *zoom).to_string()} data-cell-h={(CELL_H * *zoom).to_string()}
                    {onmousemove} {onmousedown} {onmouseup} {onclick} {onmouseleave} {onwheel} />
            </div>
            if !props.map.notes.is_empty() {
                <ul class="view-notes">{ for props.map.notes.iter().map(|n| html!{<li>{n}</li>}) }</ul>
            }
        </div>
    }
}
