//! One face of a random level: its map drawn on a canvas at the tile map's
//! cell size, the cells that differ between the faces shaded.

use std::rc::Rc;

use vaultwright::faces::Differing;
use vaultwright::view::TileMap;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};

/// The shade over a cell that is not the same in every face.
const DIFFERING: &str = "rgba(255, 92, 205, 0.38)";

#[derive(Properties, PartialEq)]
pub struct FaceCanvasProps {
    pub map: Rc<TileMap>,
    pub differing: Rc<Differing>,
    pub dark: bool,
}

/// One face, drawn at the tile map's own cell size and scaled by CSS to
/// its place in the grid.
#[function_component(FaceCanvas)]
pub fn face_canvas(p: &FaceCanvasProps) -> Html {
    let canvas = use_node_ref();
    {
        let canvas = canvas.clone();
        use_effect_with(
            (p.map.clone(), p.differing.clone(), p.dark),
            move |(map, differing, dark)| {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    draw(&c, map, differing, *dark);
                }
            },
        );
    }
    let glyphs: String = p.map.cells.iter().map(|c| c.glyph).collect();
    html! {
        <canvas ref={canvas} class="face-canvas" data-glyphs={fingerprint(&glyphs, &p.map)}
            style={format!("aspect-ratio:{} / {}", p.map.width.max(1) as f64 * CELL_W, p.map.height.max(1) as f64 * CELL_H)} />
    }
}

/// What a face shows, as text (terrain glyphs, then each marker's glyph
/// and place): equal for equal faces, for tests and for people reading
/// the page's structure.
fn fingerprint(glyphs: &str, map: &TileMap) -> String {
    let mut s = glyphs.to_string();
    for m in &map.markers {
        s.push_str(&format!("|{}@{},{}", m.glyph, m.x, m.y));
    }
    s
}

fn draw(canvas: &HtmlCanvasElement, map: &TileMap, differing: &Differing, dark: bool) {
    use wasm_bindgen::JsCast;
    let (w, h) = (map.width as f64 * CELL_W, map.height as f64 * CELL_H);
    canvas.set_width(w.ceil() as u32);
    canvas.set_height(h.ceil() as u32);
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    ctx.set_fill_style_str(if dark { "#111418" } else { "#1b1e23" });
    ctx.fill_rect(0.0, 0.0, w, h);
    ctx.set_font("13px ui-monospace, 'DejaVu Sans Mono', monospace");
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let glyph = |g: char, fg: &str, x: f64, y: f64| {
        ctx.set_fill_style_str(fg);
        let _ = ctx.fill_text(
            g.encode_utf8(&mut [0; 4]),
            x * CELL_W + CELL_W / 2.0,
            y * CELL_H + CELL_H / 2.0,
        );
    };
    for y in 0..map.height {
        for x in 0..map.width {
            let Some(c) = map.cell(x, y) else { continue };
            if let Some(bg) = c.bg {
                ctx.set_fill_style_str(&bg.hex());
                ctx.fill_rect(x as f64 * CELL_W, y as f64 * CELL_H, CELL_W, CELL_H);
            }
            if c.glyph != ' ' {
                glyph(c.glyph, &c.fg.hex(), x as f64, y as f64);
            }
        }
    }
    for m in &map.markers {
        let (x, y) = (m.x as f64, m.y as f64);
        ctx.set_fill_style_str("#1b1e23");
        ctx.fill_rect(x * CELL_W, y * CELL_H, CELL_W, CELL_H);
        glyph(m.glyph, &m.fg.hex(), x, y);
    }
    ctx.set_fill_style_str(DIFFERING);
    for y in 0..map.height {
        for x in 0..map.width {
            if differing.at(x, y) {
                ctx.fill_rect(x as f64 * CELL_W, y as f64 * CELL_H, CELL_W, CELL_H);
            }
        }
    }
}
