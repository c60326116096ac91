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

/// What a stroke does; `None` when it changes nothing (a character
/// painted over itself is no edit, and no step to undo).
pub fn stroke_action(
    d: &Derived,
    entry: Span,
    map: &TileMap,
    p: Paint,
    s: &Stroke,
) -> Option<Action> {
    Some(match stroke_edit(d, entry, map, p, s) {
        Ok(StrokeEdit::Pick(key)) => Action::SetPaint(Paint {
            key,
            tool: PaintTool::Pencil,
            ..p
        }),
        Ok(StrokeEdit::Text(edit)) => {
            if d.source.get(edit.start..edit.end) == Some(edit.insert.as_str()) {
                return None;
            }
            Action::EditText {
                from: d.map16.to_utf16(edit.start),
                to: d.map16.to_utf16(edit.end),
                insert: edit.insert,
            }
        }
        Err(e) => Action::Message(Tone::Error, format!("Not painted: {}.", e.message())),
    })
}

enum StrokeEdit {
    Pick(u8),
    Text(paint::TextEdit),
}

fn stroke_edit(
    d: &Derived,
    entry: Span,
    map: &TileMap,
    p: Paint,
    s: &Stroke,
) -> Result<StrokeEdit, PaintError> {
    let source = d.source.as_str();
    let (block, cells) = paint::locate(source, d.analysis.language, map, entry, &s.cells)?;
    let cells = match (s.tool, cells.first()) {
        (PaintTool::Pick, Some(&(x, y))) => {
            return block
                .char_at(source, x, y)
                .map(StrokeEdit::Pick)
                .ok_or(PaintError::OutsideTheMap)
        }
        (PaintTool::Flood, Some(&start)) => paint::flood(&block, source, start),
        _ => cells,
    };
    block.paint(source, &cells, p.key).map(StrokeEdit::Text)
}
