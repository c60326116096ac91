//! Drawing a tile map on a canvas at a scale: terrain, areas, selections,
//! links and markers, then what painting adds over them (the stroke being
//! painted, the marked rectangle, the grid).

use vaultwright::view::TileMap;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::cell::{CELL_H, CELL_W};
use super::map_cells::selected_cells;
use super::paint_strokes::Rect;
use super::touches;

/// What one repaint of the map shows, and at which scale.
pub(super) struct Drawing<'a> {
    pub(super) map: &'a TileMap,
    pub(super) scale: f64,
    pub(super) highlight: (usize, usize),
    pub(super) dark: bool,
    pub(super) cursor: Option<(i32, i32)>,
    /// Cells of the chosen legend entry.
    pub(super) chosen: &'a [(i32, i32)],
}

fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

pub(super) fn draw(canvas: &HtmlCanvasElement, p: &Drawing) {
    // Draw at device resolution so glyphs stay sharp when zoomed.
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0)
        .max(1.0);
    draw_at(canvas, p, dpr);
}

/// The map alone (no cursor, selection or highlight) on a canvas of its
/// own, `factor` times its natural size (10×16 pixels a cell): the
/// picture an export writes.
pub fn picture(map: &TileMap, dark: bool, factor: f64) -> Option<HtmlCanvasElement> {
    let canvas: HtmlCanvasElement = web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into()
        .ok()?;
    let paint = Drawing {
        map,
        scale: factor,
        highlight: (0, 0),
        dark,
        cursor: None,
        chosen: &[],
    };
    draw_at(&canvas, &paint, 1.0);
    Some(canvas)
}

fn draw_at(canvas: &HtmlCanvasElement, p: &Drawing, dpr: f64) {
    let map = p.map;
    let (cw, ch) = (CELL_W * p.scale, CELL_H * p.scale);
    let (w, h) = (map.width as f64 * cw, map.height as f64 * ch);
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

fn draw_cells(ctx: &CanvasRenderingContext2d, p: &Drawing, cw: f64, ch: f64) {
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

fn draw_areas(ctx: &CanvasRenderingContext2d, p: &Drawing, cw: f64, ch: f64) {
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

/// Selected cells tinted, and their outline drawn where a selected cell
/// meets one that is not.
fn draw_selected(ctx: &CanvasRenderingContext2d, p: &Drawing, cw: f64, ch: f64) {
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
fn draw_links(ctx: &CanvasRenderingContext2d, p: &Drawing, cw: f64, ch: f64) {
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

fn draw_markers(ctx: &CanvasRenderingContext2d, p: &Drawing, cw: f64, ch: f64) {
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

/// The stroke being painted, drawn over the map until it becomes an edit.
pub(super) fn draw_preview(
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
pub(super) fn draw_selection(canvas: &HtmlCanvasElement, ((x1, y1), (x2, y2)): Rect, scale: f64) {
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

pub(super) fn draw_grid(canvas: &HtmlCanvasElement, map: &TileMap, scale: f64) {
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
