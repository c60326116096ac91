//! Strokes on the map canvas while painting: press, drag and release is
//! one stroke (with a mouse, a pen or a finger), previewed while it is
//! drawn and handed over whole when the pointer is released, so that it
//! becomes one edit of the source.

use std::cell::RefCell;
use std::rc::Rc;

use vaultwright::paint;
use web_sys::PointerEvent;
use yew::prelude::*;

use crate::state::PaintTool;

/// A finished stroke, in the drawn map's cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    pub tool: PaintTool,
    pub cells: Vec<(i32, i32)>,
}

/// A stroke being drawn.
struct Drawing {
    tool: PaintTool,
    from: (i32, i32),
    last: (i32, i32),
    /// The cells a pencil went over.
    trail: Vec<(i32, i32)>,
}

impl Drawing {
    fn cells(&self) -> Vec<(i32, i32)> {
        match self.tool {
            PaintTool::Pencil => self.trail.clone(),
            PaintTool::Line => paint::line(self.from, self.last),
            PaintTool::Rect => paint::rect(self.from, self.last, false),
            PaintTool::FilledRect => paint::rect(self.from, self.last, true),
            PaintTool::Flood | PaintTool::Pick => vec![self.from],
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
/// under a client point given by `cell_at`.
#[hook]
pub fn use_strokes<F>(
    tool: Option<PaintTool>,
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
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            {
                let _ = t.set_pointer_capture(e.pointer_id());
            }
            let d = Drawing {
                tool,
                from: cell,
                last: cell,
                trail: vec![cell],
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
    on_stroke.emit(Stroke {
        tool: d.tool,
        cells: d.cells(),
    });
}
