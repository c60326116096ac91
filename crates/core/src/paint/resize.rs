//! Growing and shrinking a map by a row or a column at any side, as one
//! edit: the MAP rows change, and in a NetHack level the coordinates the
//! map part's statements give inside the map (`(x,y)` and `(x1,y1,x2,y2)`,
//! not `levregion(…)`, which are the level's) move with the cells they
//! name, so that a door stays on its door.

use super::{MapText, PaintError, TextEdit};
use vaultwright_model::{Language, Span};

/// A side of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

/// One resize, and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resized {
    pub edit: TextEdit,
    /// The spans (in the text before the edit) of the coordinates moved.
    pub moved: Vec<Span>,
    /// Coordinates that named a removed row or column (they now name a
    /// cell outside the map: the level's findings say so).
    pub lost: Vec<Span>,
}

/// Adds (`grow`) or removes a row or column at `side` of `block`, whose
/// statements run to `part_end` (the next map part, or the entry's end).
pub fn resize(
    source: &str,
    language: Language,
    block: &MapText,
    part_end: usize,
    side: Side,
    grow: bool,
) -> Result<Resized, PaintError> {
    let (first, last) = match (block.rows.first(), block.rows.last()) {
        (Some(f), Some(l)) => (f.clone(), l.clone()),
        _ => return Err(PaintError::OutsideTheMap),
    };
    let width = block.rows.iter().map(|r| r.len()).max().unwrap_or(0);
    if !grow && ((matches!(side, Side::Top | Side::Bottom) && block.height() <= 1) || width <= 1) {
        return Err(PaintError::Nothing);
    }
    let eol = if source
        .get(first.end..)
        .is_some_and(|r| r.starts_with("\r\n"))
    {
        "\r\n"
    } else {
        "\n"
    };
    let rows: Vec<&str> = block
        .rows
        .iter()
        .map(|r| source.get(r.clone()).unwrap_or(""))
        .collect();
    // What a new row or column is made of: a DCSS map row may not be
    // blank, so a vault grows by rock wall; the others by their fill.
    let grown = if language == Language::DcssDes {
        'x'
    } else {
        block.fill as char
    };
    let fill = grown.to_string().repeat(width);
    let new_rows: Vec<String> = match (side, grow) {
        (Side::Top, true) => std::iter::once(fill)
            .chain(rows.iter().map(|r| r.to_string()))
            .collect(),
        (Side::Bottom, true) => rows
            .iter()
            .map(|r| r.to_string())
            .chain(std::iter::once(fill))
            .collect(),
        (Side::Top, false) => rows[1..].iter().map(|r| r.to_string()).collect(),
        (Side::Bottom, false) => rows[..rows.len() - 1]
            .iter()
            .map(|r| r.to_string())
            .collect(),
        (Side::Left, true) => rows.iter().map(|r| format!("{grown}{r}")).collect(),
        (Side::Right, true) => rows.iter().map(|r| format!("{r:<width$}{grown}")).collect(),
        (Side::Left, false) => rows
            .iter()
            .map(|r| r.get(1..).unwrap_or("").to_string())
            .collect(),
        (Side::Right, false) => rows
            .iter()
            .map(|r| {
                if r.len() >= width {
                    r.get(..width - 1).unwrap_or("")
                } else {
                    r
                }
                .to_string()
            })
            .collect(),
    };
    if language == Language::PowderMap {
        return powder_box(source, &first, &last, &new_rows, eol);
    }
    let mut text = new_rows.join(eol);
    // What follows the rows up to the end of the map part, with its
    // coordinates moved when the map's origin moves.
    let statements = source.get(last.end..part_end.max(last.end)).unwrap_or("");
    let (dx, dy) = match (side, grow) {
        (Side::Left, true) => (1, 0),
        (Side::Left, false) => (-1, 0),
        (Side::Top, true) => (0, 1),
        (Side::Top, false) => (0, -1),
        _ => (0, 0),
    };
    let mut moved = Vec::new();
    let mut lost = Vec::new();
    if language == Language::NethackDes && (dx, dy) != (0, 0) {
        let shifted = shift_coordinates(statements, last.end, dx, dy, &mut moved, &mut lost);
        text.push_str(&shifted);
    } else {
        text.push_str(statements);
    }
    Ok(Resized {
        edit: TextEdit {
            start: first.start,
            end: last.end + statements.len(),
            insert: text,
        },
        moved,
        lost,
    })
}

/// A POWDER room's box rebuilt around new rows: its borders as wide as
/// the widest row, every row between bars (nothing in a room refers to a
/// position, so nothing else moves).
fn powder_box(
    source: &str,
    first: &std::ops::Range<usize>,
    last: &std::ops::Range<usize>,
    rows: &[String],
    eol: &str,
) -> Result<Resized, PaintError> {
    // The row ranges lie inside the bars: the box's lines are the one
    // before the first row's and the one after the last row's.
    let first_line = first.start.saturating_sub(1);
    let top = source
        .get(..first_line)
        .and_then(|b| b.trim_end_matches(['\n', '\r']).rfind('\n'))
        .map_or(0, |i| i + 1);
    let after_last = last.end + 1;
    let bottom_start = source
        .get(after_last..)
        .and_then(|r| r.find('\n'))
        .map(|i| after_last + i + 1);
    let bottom_end = bottom_start
        .and_then(|b| {
            source
                .get(b..)
                .map(|r| b + r.find(['\r', '\n']).unwrap_or(r.len()))
        })
        .ok_or(PaintError::OutsideTheMap)?;
    let width = rows.iter().map(String::len).max().unwrap_or(0);
    let border = format!("+{}+", "-".repeat(width));
    let mut lines = vec![border.clone()];
    lines.extend(rows.iter().map(|r| format!("|{r:<width$}|")));
    lines.push(border);
    Ok(Resized {
        edit: TextEdit {
            start: top,
            end: bottom_end,
            insert: lines.join(eol),
        },
        moved: Vec::new(),
        lost: Vec::new(),
    })
}

/// Where the statements of the map part whose rows are `block` end: at
/// the next map part (its GEOMETRY or MAP) or level, else at `entry`'s end.
pub fn part_end(source: &str, block: &MapText, entry: Span) -> usize {
    let Some(last) = block.rows.last() else {
        return entry.end as usize;
    };
    let end = (entry.end as usize).min(source.len()).max(last.end);
    let mut at = last.end;
    let mut past_endmap = false;
    for line in source
        .get(last.end..end)
        .unwrap_or("")
        .split_inclusive('\n')
    {
        let word = line
            .trim_start()
            .split(|c: char| c == ':' || c.is_whitespace())
            .next()
            .unwrap_or("");
        if past_endmap && matches!(word, "GEOMETRY" | "MAP" | "MAZE" | "LEVEL") {
            return at;
        }
        past_endmap |= word == "ENDMAP";
        at += line.len();
    }
    end
}

/// `text` with every map coordinate tuple moved by `(dx, dy)`; `base` is
/// its offset in the source (for the spans reported).
fn shift_coordinates(
    text: &str,
    base: usize,
    dx: i64,
    dy: i64,
    moved: &mut Vec<Span>,
    lost: &mut Vec<Span>,
) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    let mut line_start = true;
    while i < bytes.len() {
        match bytes[i] {
            // A comment line, or a string: nothing in it is a coordinate.
            b'#' if line_start => i = skip_to(bytes, i, b'\n'),
            b'"' => i = skip_to(bytes, i + 1, b'"') + 1,
            b'(' => {
                if let Some((end, numbers)) = tuple(bytes, i) {
                    if !after_levregion(&bytes[..i]) && (numbers.len() == 2 || numbers.len() == 4) {
                        out.push_str(text.get(copied..i).unwrap_or(""));
                        out.push('(');
                        for (k, &(s, e, v)) in numbers.iter().enumerate() {
                            let d = if k % 2 == 0 { dx } else { dy };
                            let nv = v + d;
                            if nv < 0 {
                                lost.push(Span::new(base + s, base + e));
                            }
                            let gap_from = if k > 0 { numbers[k - 1].1 } else { i + 1 };
                            out.push_str(text.get(gap_from..s).unwrap_or(""));
                            out.push_str(&padded(nv, e - s, bytes[s] == b'0'));
                        }
                        let after = numbers.last().map_or(i + 1, |n| n.1);
                        out.push_str(text.get(after..=end).unwrap_or(""));
                        moved.push(Span::new(base + i, base + end + 1));
                        copied = end + 1;
                    }
                    i = end + 1;
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
        line_start = bytes.get(i.wrapping_sub(1)) == Some(&b'\n');
    }
    out.push_str(text.get(copied..).unwrap_or(""));
    out
}

fn skip_to(bytes: &[u8], from: usize, stop: u8) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| b == stop || b == b'\n'))
        .map_or(bytes.len(), |p| from + p)
}

/// A number in the text: its start, end and value.
type Number = (usize, usize, i64);

/// A parenthesised list of integers at `open`: where it closes, and its
/// numbers.
fn tuple(bytes: &[u8], open: usize) -> Option<(usize, Vec<Number>)> {
    let mut numbers = Vec::new();
    let mut i = open + 1;
    loop {
        while bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
            i += 1;
        }
        let s = i;
        if bytes.get(i) == Some(&b'-') {
            i += 1;
        }
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let v: i64 = std::str::from_utf8(bytes.get(s..i)?).ok()?.parse().ok()?;
        numbers.push((s, i, v));
        while bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
            i += 1;
        }
        match bytes.get(i)? {
            b',' => i += 1,
            b')' => return Some((i, numbers)),
            _ => return None,
        }
    }
}

/// Whether the text before a `(` ends with the `levregion` keyword (the
/// level's coordinates, which a map's resize does not move).
fn after_levregion(before: &[u8]) -> bool {
    let trimmed = before.trim_ascii_end();
    trimmed.len() >= 9 && trimmed[trimmed.len() - 9..].eq_ignore_ascii_case(b"levregion")
}

/// `v` written as wide as the number it replaces when that one was
/// zero-padded (`07` → `08`).
fn padded(v: i64, width: usize, zero_padded: bool) -> String {
    if zero_padded && v >= 0 {
        format!("{v:0width$}")
    } else {
        v.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEVEL: &str = "MAZE:\"r\",' '\nGEOMETRY:center,center\nMAP\n-----\n|...|\n-----\nENDMAP\n# a door (not 1,1)\nDOOR:closed,(02,00)\nENGRAVING:(1,1),engrave,\"(1,1)\"\nREGION:(0,0,4,2),lit,\"ordinary\"\nTELEPORT_REGION:levregion(1,0,10,20),(1,1,3,1),down\n";

    fn run(side: Side, grow: bool) -> (String, Resized) {
        let block = &MapText::all(LEVEL)[0];
        let r = resize(LEVEL, Language::NethackDes, block, LEVEL.len(), side, grow).unwrap();
        (r.edit.apply(LEVEL), r)
    }

    #[test]
    fn a_row_on_top_moves_what_the_part_places_down_by_one() {
        let (after, r) = run(Side::Top, true);
        assert!(
            after.contains("MAP\n     \n-----\n|...|\n-----\nENDMAP\n"),
            "{after}"
        );
        assert!(after.contains("DOOR:closed,(02,01)"), "{after}");
        assert!(
            after.contains("ENGRAVING:(1,2),engrave,\"(1,1)\""),
            "strings stay: {after}"
        );
        assert!(after.contains("REGION:(0,1,4,3),lit"), "{after}");
        assert!(
            after.contains("levregion(1,0,10,20),(1,2,3,2),down"),
            "{after}"
        );
        assert!(after.contains("# a door (not 1,1)"), "comments stay");
        assert_eq!(r.moved.len(), 4);
        assert!(r.lost.is_empty());
    }

    #[test]
    fn a_column_on_the_left_moves_x_and_removing_it_moves_back() {
        let (grown, _) = run(Side::Left, true);
        assert!(
            grown.contains("MAP\n -----\n |...|\n -----\nENDMAP"),
            "{grown}"
        );
        assert!(grown.contains("DOOR:closed,(03,00)"), "{grown}");
        let block = &MapText::all(&grown)[0];
        let back = resize(
            &grown,
            Language::NethackDes,
            block,
            grown.len(),
            Side::Left,
            false,
        )
        .unwrap();
        assert_eq!(
            back.edit.apply(&grown),
            LEVEL,
            "grow then shrink is the identity"
        );
    }

    #[test]
    fn growing_right_or_bottom_moves_nothing_and_shrinking_can_lose_a_cell() {
        let (after, r) = run(Side::Right, true);
        assert!(
            after.contains("MAP\n----- \n|...| \n----- \nENDMAP"),
            "{after}"
        );
        assert!(r.moved.is_empty());
        let (after, r) = run(Side::Top, false);
        assert!(after.contains("MAP\n|...|\n-----\nENDMAP"), "{after}");
        // The door named row 0, which is gone.
        assert_eq!(r.lost.len(), 2, "the door and the region's corner");
        assert!(after.contains("DOOR:closed,(02,-1)"));
    }

    /// A level of two map parts: the first's resize moves only the first
    /// part's statements.
    #[test]
    fn only_the_parts_own_statements_move() {
        let two = "MAZE:\"t\",' '\nGEOMETRY:left,top\nMAP\n..\nENDMAP\nDOOR:open,(1,0)\nGEOMETRY:right,top\nMAP\n..\nENDMAP\nDOOR:open,(1,0)\n";
        let blocks = MapText::all(two);
        let entry = Span::new(0, two.len());
        let end = part_end(two, &blocks[0], entry);
        assert!(two[end..].starts_with("GEOMETRY:right"), "{}", &two[end..]);
        let r = resize(two, Language::NethackDes, &blocks[0], end, Side::Left, true).unwrap();
        let after = r.edit.apply(two);
        assert!(after.starts_with("MAZE:\"t\",' '\nGEOMETRY:left,top\nMAP\n ..\nENDMAP\nDOOR:open,(2,0)\nGEOMETRY:right"), "{after}");
        assert!(
            after.ends_with("MAP\n..\nENDMAP\nDOOR:open,(1,0)\n"),
            "{after}"
        );
        assert_eq!(part_end(two, &blocks[1], entry), two.len());
    }

    #[test]
    fn a_powder_box_grows_with_its_borders() {
        let room = "# a room\n+---+\n|#.#|\n|...|\n+---+\n\n.: SQUARE_FLOOR\n#: SQUARE_WALL\n";
        let block = &MapText::boxes(room)[0];
        let rows: Vec<&str> = block.rows.iter().map(|r| &room[r.clone()]).collect();
        assert_eq!(rows, ["#.#", "..."]);
        let r = resize(
            room,
            Language::PowderMap,
            block,
            room.len(),
            Side::Right,
            true,
        )
        .unwrap();
        assert_eq!(
            r.edit.apply(room),
            "# a room\n+----+\n|#.# |\n|... |\n+----+\n\n.: SQUARE_FLOOR\n#: SQUARE_WALL\n"
        );
        let r = resize(
            room,
            Language::PowderMap,
            block,
            room.len(),
            Side::Top,
            false,
        )
        .unwrap();
        assert_eq!(
            r.edit.apply(room),
            "# a room\n+---+\n|...|\n+---+\n\n.: SQUARE_FLOOR\n#: SQUARE_WALL\n"
        );
        let painted = block.paint(room, &[(1, 0)], b'#').unwrap().apply(room);
        assert!(painted.contains("|###|\n|...|"), "{painted}");
    }

    #[test]
    fn a_vault_only_changes_its_rows() {
        let vault = "NAME: v\nMAP\nx.x\n...\nENDMAP\nKFEAT: x = altar_zin\n";
        let block = &MapText::all(vault)[0];
        let r = resize(
            vault,
            Language::DcssDes,
            block,
            vault.len(),
            Side::Left,
            true,
        )
        .unwrap();
        assert_eq!(
            r.edit.apply(vault),
            "NAME: v\nMAP\nxx.x\nx...\nENDMAP\nKFEAT: x = altar_zin\n"
        );
        // A new row is rock wall too: a blank row would end the vault's map.
        let r = resize(
            vault,
            Language::DcssDes,
            block,
            vault.len(),
            Side::Top,
            true,
        )
        .unwrap();
        let grown = r.edit.apply(vault);
        assert!(grown.contains("MAP\nxxx\nx.x\n"), "{grown}");
        let a = crate::analyze(
            &grown,
            Language::DcssDes,
            &vaultwright_model::Options::default(),
        );
        assert!(!a.has_errors(), "{:?}", a.diagnostics);
    }
}
