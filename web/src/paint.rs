//! A stroke on the map made into what it does to the document: an edit
//! of the MAP rows (handed to the editor as one undo step), the character
//! picked by the eyedropper, or a message saying why nothing changed.

use vaultwright::paint::{self, PaintError, Swatch};
use vaultwright::view::TileMap;
use vaultwright::{Language, Span};

use crate::components::paint_strokes::Stroke;
use crate::derive::Derived;
use crate::state::{Action, Paint, PaintTool, Tone};

/// What the map of outline entry `entry` accepts (empty: not painted).
pub fn palette_of(d: &Derived, entry: Span) -> Vec<Swatch> {
    let language = d.analysis.language;
    let target = match language {
        Language::NethackDes => vaultwright::nethack_dialect::pick(&d.source, &d.options).target,
        _ => d.options.target,
    };
    paint::palette(&d.source, language, target, entry)
}

pub fn stroke_action(d: &Derived, entry: Span, map: &TileMap, p: Paint, s: &Stroke) -> Action {
    let source = d.source.as_str();
    let (block, cells) = match paint::locate(source, d.analysis.language, map, entry, &s.cells) {
        Ok(found) => found,
        Err(e) => return refused(e),
    };
    let cells = match (s.tool, cells.first()) {
        (PaintTool::Pick, Some(&(x, y))) => {
            return match block.char_at(source, x, y) {
                Some(key) => Action::SetPaint(Paint {
                    key,
                    tool: PaintTool::Pencil,
                    ..p
                }),
                None => refused(PaintError::OutsideTheMap),
            }
        }
        (PaintTool::Flood, Some(&start)) => paint::flood(&block, source, start),
        _ => cells,
    };
    match block.paint(source, &cells, p.key) {
        Ok(edit) => Action::EditText {
            from: d.map16.to_utf16(edit.start),
            to: d.map16.to_utf16(edit.end),
            insert: edit.insert,
        },
        Err(e) => refused(e),
    }
}

fn refused(e: PaintError) -> Action {
    Action::Message(Tone::Error, format!("Not painted: {}.", e.message()))
}
