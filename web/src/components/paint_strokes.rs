//! Strokes on the map canvas while painting: press, drag and release is
//! one stroke (with a mouse, a pen or a finger), previewed while it is
//! drawn and handed over whole when the pointer is released, so that it
//! becomes one edit of the source. With the select tool a drag marks a
//! rectangle, and a drag that starts inside it moves what it holds.

use std::cell::RefCell;
use std::rc::Rc;

use vaultwright::paint;
use web_sys::PointerEvent;
use yew::prelude::*;

use crate::state::PaintTool;

/// A rectangle of drawn cells: its corners, inclusive.
pub type Rect = ((i32, i32), (i32, i32));

/// What a stroke does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrokeOp {
    /// Paint (or pick, or flood) with a tool.
    UseTool(PaintTool),
    /// Mark a rectangle (kept by the map, not an edit).
    Select,
    /// Keep the cells' characters for pasting.
    Copy,
    /// Keep them, and clear them.
    Cut,
    /// Move the cells' characters by an offset, clearing where they were.
    Move(i32, i32),
    /// Write the kept characters with their top-left corner at the cell.
    Paste,
}

/// A finished stroke, in the drawn map's cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    pub op: StrokeOp,
    pub cells: Vec<(i32, i32)>,
}

/// The cells of a rectangle.
pub fn rect_cells(r: Rect) -> Vec<(i32, i32)> {
    paint::rect(r.0, r.1, true)
}

fn inside(r: Rect, c: (i32, i32)) -> bool {
    let (x1, x2) = (r.0 .0.min(r.1 .0), r.0 .0.max(r.1 .0));
    let (y1, y2) = (r.0 .1.min(r.1 .1), r.0 .1.max(r.1 .1));
    (x1..=x2).contains(&c.0) && (y1..=y2).contains(&c.1)
}

/// A stroke being drawn.
struct Drawing {
    tool: PaintTool,
    from: (i32, i32),
    last: (i32, i32),
    /// The cells a pencil went over.
    trail: Vec<(i32, i32)>,
    /// The selection being moved (a select drag begun inside it).
    moving: Option<Rect>,
}

impl Drawing {
    fn offset(&self) -> (i32, i32) {
        (self.last.0 - self.from.0, self.last.1 - self.from.1)
    }

    fn cells(&self) -> Vec<(i32, i32)> {
        if let Some(r) = self.moving {
            let (dx, dy) = self.offset();
            return rect_cells(r)
                .into_iter()
                .map(|(x, y)| (x + dx, y + dy))
                .collect();
        }
        match self.tool {
            PaintTool::Pencil => self.trail.clone(),
            PaintTool::Line => paint::line(self.from, self.last),
            PaintTool::Rect => paint::rect(self.from, self.last, false),
            PaintTool::FilledRect | PaintTool::Select => paint::rect(self.from, self.last, true),
            PaintTool::Flood | PaintTool::Pick | PaintTool::Paste => vec![self.from],
        }
    }

    fn stroke(&self) -> Stroke {
        match (self.moving, self.tool) {
            // A press inside the marked rectangle without a drag marks
            // that cell instead.
            (Some(_), _) if self.offset() == (0, 0) => Stroke {
                op: StrokeOp::Select,
                cells: vec![self.from, self.from],
            },
            (Some(r), _) => {
                let (dx, dy) = self.offset();
                Stroke {
                    op: StrokeOp::Move(dx, dy),
                    cells: rect_cells(r),
                }
            }
            (None, PaintTool::Select) => Stroke {
                op: StrokeOp::Select,
                cells: vec![self.from, self.last],
            },
            (None, PaintTool::Paste) => Stroke {
                op: StrokeOp::Paste,
                cells: vec![self.from],
            },
            (None, tool) => Stroke {
                op: StrokeOp::UseTool(tool),
                cells: self.cells(),
            },
        }
    }

    fn reach(&mut self, cell: (i32, i32)) {
        if cell == self.last {
            return;
        }
        if self.tool == PaintTool::Pencil {
            // A fast drag skips cells: join them with a line.
            for c in paint::line(self.last, cell).into_iter().skip(1) {
                if !self.trail.contains(&c) {
                    self.trail.push(c);
                }
            }
        }
        self.last = cell;
    }
}

pub struct StrokeHandlers {
    pub down: Callback<PointerEvent>,
    pub moved: Callback<PointerEvent>,
    pub up: Callback<PointerEvent>,
    /// The cells of the stroke being drawn, for the canvas to preview.
    pub preview: Rc<Vec<(i32, i32)>>,
}

/// Strokes with `tool` (none: the map is not being painted), the cell
/// under a client point given by `cell_at`; `selection` is the marked
/// rectangle a select drag may move.
#[hook]
pub fn use_strokes<F>(
    tool: Option<PaintTool>,
    selection: Option<Rect>,
    cell_at: F,
    on_stroke: Callback<Stroke>,
) -> StrokeHandlers
where
    F: Fn(f64, f64) -> Option<(i32, i32)> + Clone + 'static,
{
    let drawing = use_mut_ref(|| None::<Drawing>);
    let preview = use_state(|| Rc::new(Vec::new()));
    let point = |e: &PointerEvent, cell_at: &F| cell_at(e.client_x() as f64, e.client_y() as f64);
    let down = {
        let (drawing, preview, cell_at) = (drawing.clone(), preview.clone(), cell_at.clone());
        Callback::from(move |e: PointerEvent| {
            let (Some(tool), Some(cell)) = (tool, point(&e, &cell_at)) else {
                return;
            };
            if e.pointer_type() == "mouse" && e.button() != 0 {
                return;
            }
            e.prevent_default();
            if let Some(t) = e
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(t).ok())
            {
                let _ = t.set_pointer_capture(e.pointer_id());
                // The press's default (which would focus the map) is
                // prevented: focus it, so that its keys (Ctrl+C, the tool
                // letters) reach it next.
                let _ = t.focus();
            }
            let moving = selection.filter(|r| tool == PaintTool::Select && inside(*r, cell));
            let d = Drawing {
                tool,
                from: cell,
                last: cell,
                trail: vec![cell],
                moving,
            };
            preview.set(Rc::new(d.cells()));
            *drawing.borrow_mut() = Some(d);
        })
    };
    let moved = {
        let (drawing, preview, cell_at) = (drawing.clone(), preview.clone(), cell_at.clone());
        Callback::from(move |e: PointerEvent| {
            let mut d = drawing.borrow_mut();
            let (Some(d), Some(cell)) = (d.as_mut(), point(&e, &cell_at)) else {
                return;
            };
            if cell != d.last {
                d.reach(cell);
                preview.set(Rc::new(d.cells()));
            }
        })
    };
    let up = {
        let (drawing, preview) = (drawing.clone(), preview.clone());
        Callback::from(move |_: PointerEvent| finish(&drawing, &preview, &on_stroke))
    };
    StrokeHandlers {
        down,
        moved,
        up,
        preview: (*preview).clone(),
    }
}

fn finish(
    drawing: &Rc<RefCell<Option<Drawing>>>,
    preview: &UseStateHandle<Rc<Vec<(i32, i32)>>>,
    on_stroke: &Callback<Stroke>,
) {
    let Some(d) = drawing.borrow_mut().take() else {
        return;
    };
    preview.set(Rc::new(Vec::new()));
    on_stroke.emit(d.stroke());
}
