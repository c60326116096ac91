//! The keyboard on the tile map: arrow keys move a cell cursor (its
//! tooltip names the cell), Enter jumps to the cell's source line; while
//! painting, Space paints at the cursor, a tool's letter chooses it and
//! Ctrl+C/X/V copy, cut and paste the marked rectangle.

use vaultwright::view::TileMap;
use yew::prelude::*;

use super::map_cells::origin_at;
use super::map_input::MapInput;
use super::paint_strokes::{rect_cells, Rect, Stroke, StrokeOp};
use crate::state::{Brush, PaintTool};

/// What the keyboard handler reads and changes besides the map itself.
pub(super) struct MapKeys {
    pub(super) input: MapInput,
    pub(super) cursor: UseStateHandle<Option<(i32, i32)>>,
    /// The tool and character, while painting.
    pub(super) brush: Option<Brush>,
    pub(super) selection: UseStateHandle<Option<Rect>>,
    pub(super) on_stroke: Callback<Stroke>,
    pub(super) on_brush: Callback<Brush>,
}

pub(super) fn on_key_down(k: MapKeys) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let map = &k.input.map;
        let (x, y) = k
            .cursor
            .unwrap_or((map.width as i32 / 2, map.height as i32 / 2));
        if let Some(p) = k.brush {
            if painting_key(&e, p, (x, y), &k) {
                return;
            }
        }
        if e.key() == "Enter" {
            if let Some(o) = origin_at(map, x, y) {
                e.prevent_default();
                k.input.on_jump.emit(o);
            }
            return;
        }
        let Some(to) = cursor_step(&e.key(), (x, y), map) else {
            return;
        };
        e.prevent_default();
        k.cursor.set(Some(to));
        if let Some(client) = k.input.client_of(to) {
            k.input.hover_at(to.0, to.1, client);
        }
    })
}

/// Where an arrow key moves the cell cursor, kept on the map.
fn cursor_step(key: &str, (x, y): (i32, i32), map: &TileMap) -> Option<(i32, i32)> {
    let to = match key {
        "ArrowLeft" => (x - 1, y),
        "ArrowRight" => (x + 1, y),
        "ArrowUp" => (x, y - 1),
        "ArrowDown" => (x, y + 1),
        _ => return None,
    };
    Some((
        to.0.clamp(0, map.width as i32 - 1),
        to.1.clamp(0, map.height as i32 - 1),
    ))
}

/// Handles a key only painting has (the cell cursor at `at`); whether the
/// key was one.
fn painting_key(e: &KeyboardEvent, p: Brush, at: (i32, i32), k: &MapKeys) -> bool {
    if selection_key(e, p, &k.selection, &k.on_stroke, &k.on_brush) {
        e.prevent_default();
        return true;
    }
    let Some(chosen) = paint_key(&e.key(), p, at, &k.on_stroke) else {
        return false;
    };
    e.prevent_default();
    if let Some(p) = chosen {
        k.on_brush.emit(p);
    }
    true
}

/// Ctrl+C, Ctrl+X and Ctrl+V on the map while painting copy, cut and
/// paste the marked rectangle; Escape unmarks it. Whether the key was one
/// of these.
fn selection_key(
    e: &KeyboardEvent,
    p: Brush,
    selection: &UseStateHandle<Option<Rect>>,
    on_stroke: &Callback<Stroke>,
    on_brush: &Callback<Brush>,
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
            on_brush.emit(Brush {
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
    p: Brush,
    at: (i32, i32),
    on_stroke: &Callback<Stroke>,
) -> Option<Option<Brush>> {
    if key == " " {
        let op = match p.tool {
            PaintTool::Pick | PaintTool::Flood => StrokeOp::UseTool(p.tool),
            PaintTool::Paste => StrokeOp::Paste,
            _ => StrokeOp::UseTool(PaintTool::Pencil),
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
    Some(Some(Brush { tool, ..p }))
}
