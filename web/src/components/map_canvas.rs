//! The tile map's `<canvas>` element: repainted when what it shows
//! changes, its handlers given by the map view around it.

use std::rc::Rc;

use vaultwright::view::TileMap;
use web_sys::{HtmlCanvasElement, PointerEvent};
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};
use super::map_cells::selected_cells;
use super::map_draw::{draw, draw_grid, draw_preview, draw_selection, Drawing};
use super::paint_strokes::Rect;

#[derive(Properties, PartialEq, Clone)]
pub struct MapCanvasProps {
    pub map: Rc<TileMap>,
    pub scale: f64,
    pub highlight: (usize, usize),
    pub dark: bool,
    pub grid: bool,
    pub cursor: Option<(i32, i32)>,
    pub chosen: Rc<Vec<(i32, i32)>>,
    pub canvas_ref: NodeRef,
    pub onmousemove: Callback<MouseEvent>,
    pub onclick: Callback<MouseEvent>,
    pub onmouseleave: Callback<MouseEvent>,
    pub onkeydown: Callback<KeyboardEvent>,
    pub onblur: Callback<FocusEvent>,
    pub onpointerdown: Callback<PointerEvent>,
    pub onpointermove: Callback<PointerEvent>,
    pub onpointerup: Callback<PointerEvent>,
    /// The cells of a stroke being painted, and how its character looks
    /// (a blank: boxes only).
    pub preview: Rc<Vec<(i32, i32)>>,
    pub preview_look: (char, String),
    /// The rectangle the select tool marked.
    pub selection: Option<Rect>,
}

/// The canvas itself: repainted only when what it shows changes.
#[function_component(MapCanvas)]
pub fn map_canvas(p: &MapCanvasProps) -> Html {
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
                    let paint = Drawing {
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
