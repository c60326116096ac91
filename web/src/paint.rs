//! A stroke on the map made into what it does to the document: an edit
//! of the MAP rows (handed to the editor as one undo step), the character
//! picked by the eyedropper, or a message saying why nothing changed.

use vaultwright::paint::{self, MapText, PaintError, Side, Swatch};
use vaultwright::view::TileMap;
use vaultwright::{Language, Span};

use std::rc::Rc;

use crate::components::paint_strokes::{Stroke, StrokeOp};
use crate::derive::Derived;
use crate::state::{Action, Brush, Clip, PaintTool, Tone};

/// Whether maps of a language are painted (their text has MAP rows or a
/// room's box).
pub fn paintable(language: Language) -> bool {
    matches!(
        language,
        Language::NethackDes | Language::DcssDes | Language::PowderMap | Language::NethackLua
    )
}

/// What the map of outline entry `entry` accepts (empty: not painted).
pub fn palette_of(d: &Derived, entry: Span) -> Vec<Swatch> {
    let language = d.analysis.language;
    // A special level is painted for the language the analysis read it as.
    let target = d.analysis.target.unwrap_or(d.options.target);
    paint::palette(&d.source, language, target, entry)
}

/// What a stroke does: an edit (none when it changes nothing: a
/// character painted over itself is no step to undo), the character
/// picked, what was copied, or a message saying why nothing changed.
pub fn stroke_actions(
    d: &Derived,
    entry: Span,
    map: &TileMap,
    p: Brush,
    clip: Option<&Clip>,
    s: &Stroke,
) -> Vec<Action> {
    match outcome(d, entry, map, p, clip, s) {
        Ok(Outcome::Nothing) => Vec::new(),
        Ok(Outcome::Pick(key)) => vec![Action::SetBrush(Brush {
            key,
            tool: PaintTool::Pencil,
            ..p
        })],
        Ok(Outcome::Copied(c)) => vec![
            Action::Message(
                Tone::Info,
                format!(
                    "Copied a {}×{} block: choose paste (V) and press where its top-left corner goes.",
                    c.width, c.height
                ),
            ),
            Action::SetClip(Rc::new(c)),
        ],
        Ok(Outcome::Edit(edit, copied)) => {
            let mut out: Vec<Action> = copied.map(|c| Action::SetClip(Rc::new(c))).into_iter().collect();
            if d.source.get(edit.start..edit.end) != Some(edit.insert.as_str()) {
                out.push(edit_text(d, edit));
            }
            out
        }
        Err(e) => vec![Action::Message(
            Tone::Error,
            format!("Not painted: {}.", e.message()),
        )],
    }
}

enum Outcome {
    Nothing,
    Pick(u8),
    Copied(Clip),
    /// An edit, and what it cut (kept for pasting).
    Edit(paint::TextEdit, Option<Clip>),
}

fn outcome(
    d: &Derived,
    entry: Span,
    map: &TileMap,
    p: Brush,
    clip: Option<&Clip>,
    s: &Stroke,
) -> Result<Outcome, PaintError> {
    let source = d.source.as_str();
    let language = d.analysis.language;
    match s.op {
        StrokeOp::Select => Ok(Outcome::Nothing),
        StrokeOp::Copy => Ok(Outcome::Copied(copy(d, entry, map, &s.cells)?)),
        StrokeOp::Cut => {
            let copied = copy(d, entry, map, &s.cells)?;
            // The cells in the map are those the copy found a character for.
            let (x1, y1) = corner(&s.cells);
            let inside: Vec<(i32, i32)> = s
                .cells
                .iter()
                .copied()
                .filter(|&(x, y)| {
                    let at = (y - y1) as usize * copied.width + (x - x1) as usize;
                    copied.cells.get(at).copied().flatten().is_some()
                })
                .collect();
            let (block, cells) = paint::locate(source, language, map, entry, &inside)?;
            let edit = block.paint(source, &cells, block.fill)?;
            Ok(Outcome::Edit(edit, Some(copied)))
        }
        StrokeOp::Move(dx, dy) => {
            let (block, from) = paint::locate(source, language, map, entry, &s.cells)?;
            let moved: Vec<(i32, i32)> = s.cells.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
            let (_, to) = paint::locate(source, language, map, entry, &moved)?;
            let chars: Vec<u8> = from
                .iter()
                .map(|&(x, y)| block.char_at(source, x, y).unwrap_or(block.fill))
                .collect();
            let writes: Vec<((i32, i32), u8)> = from
                .iter()
                .map(|&c| (c, block.fill))
                .chain(to.into_iter().zip(chars))
                .collect();
            Ok(Outcome::Edit(block.write(source, &writes)?, None))
        }
        StrokeOp::Paste => {
            let (Some(c), Some(&(ax, ay))) = (clip, s.cells.first()) else {
                return Err(PaintError::Nothing);
            };
            let (view, chars): (Vec<(i32, i32)>, Vec<u8>) = (0..c.height)
                .flat_map(|y| (0..c.width).map(move |x| (x, y)))
                .filter_map(|(x, y)| {
                    let ch = c.cells.get(y * c.width + x).copied().flatten()?;
                    Some(((ax + x as i32, ay + y as i32), ch))
                })
                .unzip();
            let (block, to) = paint::locate(source, language, map, entry, &view)?;
            let writes: Vec<((i32, i32), u8)> = to.into_iter().zip(chars).collect();
            Ok(Outcome::Edit(block.write(source, &writes)?, None))
        }
        StrokeOp::UseTool(tool) => {
            let (block, cells) = paint::locate(source, language, map, entry, &s.cells)?;
            let cells = match (tool, cells.first()) {
                (PaintTool::Pick, Some(&(x, y))) => {
                    return block
                        .char_at(source, x, y)
                        .map(Outcome::Pick)
                        .ok_or(PaintError::OutsideTheMap)
                }
                (PaintTool::Flood, Some(&start)) => paint::flood(&block, source, start),
                _ => cells,
            };
            Ok(Outcome::Edit(block.paint(source, &cells, p.key)?, None))
        }
    }
}

/// The top-left corner of some cells' bounding box.
fn corner(cells: &[(i32, i32)]) -> (i32, i32) {
    (
        cells.iter().map(|c| c.0).min().unwrap_or(0),
        cells.iter().map(|c| c.1).min().unwrap_or(0),
    )
}

/// The editor's action for an edit of the text: one undo step.
fn edit_text(d: &Derived, edit: paint::TextEdit) -> Action {
    Action::ApplyEdit {
        from: d.map16.to_utf16(edit.start),
        to: d.map16.to_utf16(edit.end),
        insert: edit.insert,
    }
}

/// The characters of drawn cells, as a block over their bounding box
/// (cells outside the map, or not among them, are left empty).
fn copy(d: &Derived, entry: Span, map: &TileMap, cells: &[(i32, i32)]) -> Result<Clip, PaintError> {
    let source = d.source.as_str();
    if cells.is_empty() {
        return Err(PaintError::Nothing);
    }
    let (x1, y1) = corner(cells);
    let (x2, y2) = (
        cells.iter().map(|c| c.0).max().unwrap_or(x1),
        cells.iter().map(|c| c.1).max().unwrap_or(y1),
    );
    let (width, height) = ((x2 - x1 + 1) as usize, (y2 - y1 + 1) as usize);
    let mut out = vec![None; width * height];
    // All at once when all are in the map (one search of the text).
    if let Ok((block, at)) = paint::locate(source, d.analysis.language, map, entry, cells) {
        for (&(x, y), &(tx, ty)) in cells.iter().zip(&at) {
            out[(y - y1) as usize * width + (x - x1) as usize] = block.char_at(source, tx, ty);
        }
        return Ok(Clip {
            width,
            height,
            cells: out,
        });
    }
    for &(x, y) in cells {
        if let Ok((block, at)) = paint::locate(source, d.analysis.language, map, entry, &[(x, y)]) {
            if let Some(&(tx, ty)) = at.first() {
                out[(y - y1) as usize * width + (x - x1) as usize] = block.char_at(source, tx, ty);
            }
        }
    }
    if out.iter().all(Option::is_none) {
        return Err(PaintError::OutsideTheMap);
    }
    Ok(Clip {
        width,
        height,
        cells: out,
    })
}

/// What growing or shrinking the map at a side does: one edit of the
/// rows and of the coordinates that moved with them, and a message saying
/// what changed. The map resized is the one the cursor is in, else the
/// entry's first.
pub fn resize_actions(
    d: &Derived,
    entry: Span,
    cursor: usize,
    side: Side,
    grow: bool,
) -> Vec<Action> {
    let source = d.source.as_str();
    let language = d.analysis.language;
    let Some(block) = MapText::holding(source, language, cursor)
        .or_else(|| MapText::within(source, language, entry))
    else {
        return vec![refusal(PaintError::OutsideTheMap)];
    };
    let end = paint::part_end(source, &block, entry);
    let r = match paint::resize(source, d.analysis.language, &block, end, side, grow) {
        Ok(r) => r,
        Err(e) => return vec![refusal(e)],
    };
    let line = |s: &Span| d.lines.line_of(s.start as usize) + 1;
    let lines: Vec<String> = r.moved.iter().map(|s| line(s).to_string()).collect();
    let what = format!(
        "{} a {} {}",
        if grow { "Added" } else { "Removed" },
        if matches!(side, Side::Top | Side::Bottom) {
            "row"
        } else {
            "column"
        },
        match side {
            Side::Top => "at the top",
            Side::Bottom => "at the bottom",
            Side::Left => "on the left",
            Side::Right => "on the right",
        }
    );
    let mut text = if lines.is_empty() {
        format!("{what}.")
    } else {
        format!(
            "{what}: {} coordinate{} moved with the map (line{} {}).",
            lines.len(),
            if lines.len() == 1 { "" } else { "s" },
            if lines.len() == 1 { "" } else { "s" },
            lines.join(", ")
        )
    };
    if !r.lost.is_empty() {
        let lost: Vec<String> = r.lost.iter().map(|s| line(s).to_string()).collect();
        text.push_str(&format!(" Outside the map now: line {}.", lost.join(", ")));
    }
    let (width, height) = size_after(&block, side, grow);
    if d.analysis.language == Language::NethackDes && (width > 76 || height > 21) {
        text.push_str(&format!(
            " The map is now {width}×{height}: lev_comp takes at most 76×21."
        ));
    }
    text.push_str(" Ctrl+Z in the editor undoes it.");
    vec![
        edit_text(d, r.edit),
        Action::Message(
            if r.lost.is_empty() {
                Tone::Info
            } else {
                Tone::Error
            },
            text,
        ),
    ]
}

fn size_after(block: &MapText, side: Side, grow: bool) -> (usize, usize) {
    let (w, h) = (
        block.rows.iter().map(|r| r.len()).max().unwrap_or(0),
        block.height(),
    );
    let step = |n: usize| if grow { n + 1 } else { n.saturating_sub(1) };
    match side {
        Side::Top | Side::Bottom => (w, step(h)),
        Side::Left | Side::Right => (step(w), h),
    }
}

fn refusal(e: PaintError) -> Action {
    Action::Message(Tone::Error, format!("Not changed: {}.", e.message()))
}
