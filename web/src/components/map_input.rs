//! The pointer on the tile map: which cell it is over, the tooltip naming
//! that cell, a click moving the editor to the cell's source line, and the
//! select tool's rectangle following the strokes that mark or move it.

use std::cell::RefCell;
use std::rc::Rc;

use vaultwright::view::TileMap;
use vaultwright::LineIndex;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};
use super::map_cells::{describe_cell, origin_at};
use super::paint_strokes::{Rect, Stroke, StrokeOp};
use super::{is_tap, Hover};

/// What the mouse and keyboard handlers of the map share: the map and its
/// source, where its canvas is and at which scale it was drawn, and where
/// to say what a cell is or jump to it.
#[derive(Clone)]
pub(super) struct MapInput {
    pub(super) map: Rc<TileMap>,
    pub(super) source: Rc<String>,
    pub(super) lines: Rc<LineIndex>,
    pub(super) canvas: NodeRef,
    /// The scale of the last render (the viewport chooses it).
    pub(super) scale: Rc<RefCell<f64>>,
    pub(super) on_hover: Callback<Option<Hover>>,
    pub(super) on_jump: Callback<usize>,
}

impl MapInput {
    /// The cell under a point in client (viewport) pixels.
    pub(super) fn cell_at(&self, cx: f64, cy: f64) -> Option<(i32, i32)> {
        let c = self.canvas.cast::<HtmlCanvasElement>()?;
        let r = c.get_bounding_client_rect();
        let s = *self.scale.borrow();
        let x = ((cx - r.left()) / (CELL_W * s)).floor() as i32;
        let y = ((cy - r.top()) / (CELL_H * s)).floor() as i32;
        Some((x, y))
    }

    /// Where to show the tooltip of a cell reached by the keyboard: its
    /// bottom right corner, in client pixels.
    pub(super) fn client_of(&self, (x, y): (i32, i32)) -> Option<(f64, f64)> {
        let c = self.canvas.cast::<HtmlCanvasElement>()?;
        let r = c.get_bounding_client_rect();
        let s = *self.scale.borrow();
        Some((
            r.left() + (x as f64 + 1.0) * CELL_W * s,
            r.top() + (y as f64 + 1.0) * CELL_H * s,
        ))
    }

    /// Names the cell at (x, y) in the tooltip, shown at `client`.
    pub(super) fn hover_at(&self, x: i32, y: i32, client: (f64, f64)) {
        let hover =
            describe_cell(&self.map, &self.source, &self.lines, x, y).map(|(text, origin)| Hover {
                text,
                origin,
                at: client,
            });
        self.on_hover.emit(hover);
    }

    /// Moves the editor to the source of the cell at (x, y); whether it
    /// has one.
    pub(super) fn jump_to(&self, x: i32, y: i32) -> bool {
        let Some(o) = origin_at(&self.map, x, y) else {
            return false;
        };
        self.on_jump.emit(o);
        true
    }
}

pub(super) fn on_mouse_move(input: MapInput) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        let (cx, cy) = (e.client_x() as f64, e.client_y() as f64);
        if let Some((x, y)) = input.cell_at(cx, cy) {
            input.hover_at(x, y, (cx, cy));
        }
    })
}

/// A click jumps to the cell's source line, except while painting (the
/// click ends a stroke).
pub(super) fn on_click(input: MapInput, painting: bool) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        let (cx, cy) = (e.client_x() as f64, e.client_y() as f64);
        let Some((x, y)) = input.cell_at(cx, cy) else {
            return;
        };
        if painting {
            return;
        }
        // A tap describes the cell (touch has no hover); a click jumps.
        if is_tap(&e) {
            input.hover_at(x, y, (cx, cy));
        } else {
            input.jump_to(x, y);
        }
    })
}

pub(super) fn on_mouse_leave(on_hover: Callback<Option<Hover>>) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| on_hover.emit(None))
}

/// Leaving the map hides the cell cursor and its tooltip.
pub(super) fn on_blur(
    cursor: UseStateHandle<Option<(i32, i32)>>,
    on_hover: Callback<Option<Hover>>,
) -> Callback<FocusEvent> {
    Callback::from(move |_: FocusEvent| {
        cursor.set(None);
        on_hover.emit(None);
    })
}

/// Passes strokes on, keeping the rectangle the select tool marked: a
/// selection stroke marks it (and edits nothing), a move carries it along.
pub(super) fn tracking_selection(
    selection: UseStateHandle<Option<Rect>>,
    on_stroke: Callback<Stroke>,
) -> Callback<Stroke> {
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
}
