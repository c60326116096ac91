//! Painting a map by hand. The text stays the one source of truth: a
//! stroke on the drawn map becomes one edit of the MAP rows in the source
//! (one step on the editor's undo stack), which the analysis then draws.
//!
//! A map is found in the text (`MAP` … `ENDMAP`, as NetHack's `.des` files
//! and DCSS vaults write it); the drawn cells name their place in it
//! (`Cell::source_xy`, and the map character a NetHack cell came from), so
//! a stroke on a mirrored or rotated DCSS realisation still lands on the
//! characters that made those cells.
//!
//! `MapText` is a text's MAP blocks or POWDER boxes (a stroke made one edit of
//! the rows it touches); `locate` takes drawn cells to their places in the
//! rows, through `Cell::source_xy`; `shapes` (line, rectangle, flood),
//! `resize` (a row or column added or removed at a side, the map part's
//! `(x,y)` coordinates moved with it), `palette` (what a map accepts, drawn
//! and named as the legend does).

mod palette;
mod resize;
mod shapes;

pub use palette::{palette, Swatch};
pub use resize::{part_end, resize, Resized, Side};
pub use shapes::{flood, line, rect};

use std::ops::Range;

use vaultwright_model::view::TileMap;
use vaultwright_model::{Language, Span};

/// One replacement in the source text (byte offsets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    pub start: usize,
    pub end: usize,
    pub insert: String,
}

impl TextEdit {
    /// The text after the edit.
    pub fn apply(&self, source: &str) -> String {
        let (start, end) = (self.start.min(source.len()), self.end.min(source.len()));
        let mut out = String::with_capacity(source.len() + self.insert.len());
        out.push_str(source.get(..start).unwrap_or_default());
        out.push_str(&self.insert);
        out.push_str(source.get(end..).unwrap_or_default());
        out
    }
}

/// The rows of one `MAP` … `ENDMAP` block of a source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapText {
    /// Each row's text, without its line ending.
    pub rows: Vec<Range<usize>>,
    /// What a row shorter than a painted cell is padded with.
    pub fill: u8,
}

impl MapText {
    /// Every MAP block of the text, in order.
    pub fn all(source: &str) -> Vec<MapText> {
        let mut blocks = Vec::new();
        let mut rows: Option<Vec<Range<usize>>> = None;
        let mut at = 0;
        for line in source.split_inclusive('\n') {
            let content = line.trim_end_matches(['\n', '\r']);
            let range = at..at + content.len();
            at += line.len();
            let word = content.trim();
            match rows.as_mut() {
                None if word == "MAP" => rows = Some(Vec::new()),
                Some(r) if word == "ENDMAP" => {
                    blocks.push(MapText {
                        rows: std::mem::take(r),
                        fill: b' ',
                    });
                    rows = None;
                }
                Some(r) => r.push(range),
                None => {}
            }
        }
        blocks
    }

    /// The maps of a text in `language`: MAP blocks, or POWDER's boxes.
    pub fn of(source: &str, language: Language) -> Vec<MapText> {
        match language {
            Language::PowderMap => MapText::boxes(source),
            Language::NethackLua => crate::nethack_lua::maps(source)
                .into_iter()
                .map(|rows| MapText { rows, fill: b' ' })
                .collect(),
            _ => MapText::all(source),
        }
    }

    /// Every POWDER room box (`+---+`, rows between `|` and `|`, `+---+`):
    /// its rows are what lies between the bars.
    pub fn boxes(source: &str) -> Vec<MapText> {
        let is_border = |l: &str| {
            let t = l.trim_end();
            t.len() >= 2
                && t.starts_with('+')
                && t.ends_with('+')
                && t.get(1..t.len() - 1)
                    .is_some_and(|m| m.bytes().all(|b| b == b'-'))
        };
        let mut blocks = Vec::new();
        let mut rows: Option<Vec<Range<usize>>> = None;
        let mut at = 0;
        for line in source.split_inclusive('\n') {
            let content = line.trim_end_matches(['\n', '\r']);
            let start = at;
            at += line.len();
            match rows.as_mut() {
                Some(r) if is_border(content) => {
                    if !r.is_empty() {
                        blocks.push(MapText {
                            rows: std::mem::take(r),
                            fill: b' ',
                        });
                    }
                    rows = None;
                }
                Some(r) if content.starts_with('|') && content.len() >= 2 => {
                    let inner_end = content
                        .rfind('|')
                        .filter(|&e| e > 0)
                        .unwrap_or(content.len());
                    r.push(start + 1..start + inner_end);
                }
                Some(_) => rows = None,
                None if is_border(content) => rows = Some(Vec::new()),
                None => {}
            }
        }
        blocks
    }

    /// The block whose rows hold byte `offset`.
    pub fn holding(source: &str, language: Language, offset: usize) -> Option<MapText> {
        MapText::of(source, language)
            .into_iter()
            .find(|b| b.rows.iter().any(|r| r.start <= offset && offset <= r.end))
    }

    /// The first block inside a span (a DCSS vault's one map).
    pub fn within(source: &str, language: Language, span: Span) -> Option<MapText> {
        MapText::of(source, language).into_iter().find(|b| {
            b.rows
                .first()
                .is_some_and(|r| span.start as usize <= r.start && r.end <= span.end as usize)
        })
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The character at `(x, y)`; the fill beyond a short row.
    pub fn char_at(&self, source: &str, x: i32, y: i32) -> Option<u8> {
        let row = self.rows.get(usize::try_from(y).ok()?)?;
        let x = usize::try_from(x).ok()?;
        let text = source.as_bytes().get(row.clone())?;
        Some(text.get(x).copied().unwrap_or(self.fill))
    }

    /// The one edit that writes `glyph` at each cell: the rows from the
    /// first to the last touched, rewritten, short rows padded with the
    /// fill. Cells outside the map's rows are refused (the map grows by
    /// its own command, not by a stroke).
    pub fn paint(
        &self,
        source: &str,
        cells: &[(i32, i32)],
        glyph: u8,
    ) -> Result<TextEdit, PaintError> {
        let writes: Vec<((i32, i32), u8)> = cells.iter().map(|&c| (c, glyph)).collect();
        self.write(source, &writes)
    }

    /// As [`MapText::paint`], each cell with its own character (the last
    /// write to a cell wins).
    pub fn write(&self, source: &str, writes: &[((i32, i32), u8)]) -> Result<TextEdit, PaintError> {
        let mut touched: Vec<(usize, usize, u8)> = Vec::with_capacity(writes.len());
        for &((x, y), glyph) in writes {
            if !glyph.is_ascii_graphic() && glyph != b' ' {
                return Err(PaintError::NotAGlyph);
            }
            match (usize::try_from(x), usize::try_from(y)) {
                (Ok(x), Ok(y)) if y < self.rows.len() => touched.push((x, y, glyph)),
                _ => return Err(PaintError::OutsideTheMap),
            }
        }
        let (Some(first), Some(last)) = (
            touched.iter().map(|c| c.1).min(),
            touched.iter().map(|c| c.1).max(),
        ) else {
            return Err(PaintError::Nothing);
        };
        let mut rows: Vec<Vec<u8>> = self.rows[first..=last]
            .iter()
            .map(|r| {
                source
                    .as_bytes()
                    .get(r.clone())
                    .unwrap_or_default()
                    .to_vec()
            })
            .collect();
        for (x, y, glyph) in touched {
            let row = &mut rows[y - first];
            if row.len() <= x {
                row.resize(x + 1, self.fill);
            }
            row[x] = glyph;
        }
        let (start, end) = (self.rows[first].start, self.rows[last].end);
        let between = |i: usize| {
            source
                .get(self.rows[i].end..self.rows[i + 1].start)
                .unwrap_or("\n")
                .to_string()
        };
        let mut insert = String::new();
        for (i, row) in rows.iter().enumerate() {
            if i > 0 {
                insert.push_str(&between(first + i - 1));
            }
            // Rows hold ASCII map characters (a character of several bytes
            // painted over in part becomes U+FFFD: the text stays UTF-8).
            insert.push_str(&String::from_utf8_lossy(row));
        }
        Ok(TextEdit { start, end, insert })
    }
}

/// Why a stroke made no edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaintError {
    OutsideTheMap,
    NotAGlyph,
    Nothing,
    /// This language's maps are not painted (yet).
    NotPaintable,
}

impl PaintError {
    pub fn message(self) -> &'static str {
        match self {
            PaintError::OutsideTheMap => {
                "only the MAP's rows are painted: this cell is outside them"
            }
            PaintError::NotAGlyph => "a map is painted with printable characters",
            PaintError::Nothing => "nothing to paint",
            PaintError::NotPaintable => "this language's maps are not painted yet; edit the text",
        }
    }
}

/// Where a stroke on a drawn map lands in the text: the map block and,
/// for each drawn cell, its place in that block's rows.
pub fn locate(
    source: &str,
    language: Language,
    map: &TileMap,
    entry: Span,
    cells: &[(i32, i32)],
) -> Result<(MapText, Vec<(i32, i32)>), PaintError> {
    if !matches!(
        language,
        Language::NethackDes | Language::DcssDes | Language::PowderMap | Language::NethackLua
    ) {
        return Err(PaintError::NotPaintable);
    }
    // The map a drawn cell came from: by the map character it was drawn
    // from (3.4.3), by the MAP statement that placed it (3.6), else the
    // entry's first.
    let placed_by = |(x, y): (i32, i32)| {
        let o = map
            .cell(u32::try_from(x).ok()?, u32::try_from(y).ok()?)?
            .origin?;
        MapText::of(source, language).into_iter().find(|b| {
            b.rows
                .first()
                .is_some_and(|r| o.start as usize <= r.start && r.end <= o.end as usize)
        })
    };
    let block = anchor(map, source)
        .and_then(|(offset, _)| MapText::holding(source, language, offset))
        .or_else(|| cells.first().copied().and_then(placed_by))
        .or_else(|| MapText::within(source, language, entry))
        .ok_or(PaintError::OutsideTheMap)?;
    let placed = cells
        .iter()
        .map(|&(x, y)| place_in_text(map, &block, x, y).ok_or(PaintError::OutsideTheMap))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((block, placed))
}

/// A cell drawn from a map character (its origin on that character):
/// its text offset and its view position less its place in the rows,
/// which is how far the map part is moved on the level.
fn anchor(map: &TileMap, source: &str) -> Option<(usize, (i32, i32))> {
    let w = map.width.max(1) as usize;
    map.cells.iter().enumerate().find_map(|(i, c)| {
        let (sx, sy) = c.source_xy?;
        let o = c.origin?;
        let is_char = o.end == o.start + 1
            && source
                .as_bytes()
                .get(o.start as usize)
                .is_some_and(|b| b.is_ascii_graphic() || *b == b' ');
        is_char.then(|| (o.start as usize, ((i % w) as i32 - sx, (i / w) as i32 - sy)))
    })
}

/// The place of drawn cell `(x, y)` in a block's rows: its own
/// `source_xy` (which undoes a DCSS realisation's mirroring), else the
/// map part's offset (NetHack cells right of a short row have none).
fn place_in_text(map: &TileMap, block: &MapText, x: i32, y: i32) -> Option<(i32, i32)> {
    if x < 0 || y < 0 {
        return None;
    }
    if let Some(xy) = map.cell(x as u32, y as u32).and_then(|c| c.source_xy) {
        return Some(xy);
    }
    // The translation of the row's other cells from the map part.
    let row = (0..map.width).find_map(|cx| {
        let c = map.cell(cx, y as u32)?;
        c.source_xy.map(|(sx, sy)| (cx as i32 - sx, sy))
    })?;
    let (dx, sy) = row;
    let sx = x - dx;
    // Right of a short row, but not right of the map.
    let width = block.rows.iter().map(|r| r.len()).max().unwrap_or(0);
    (sx >= 0 && (sx as usize) < width && (sy as usize) < block.height()).then_some((sx, sy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyze;
    use vaultwright_model::view::View;
    use vaultwright_model::Options;

    const LEVEL: &str =
        "MAZE:\"paint\",' '\nGEOMETRY:center,center\nMAP\n-----\n|...|\n|..\n-----\nENDMAP\n";

    fn map_of(src: &str, language: Language) -> TileMap {
        analyze(src, language, &Options::default())
            .views
            .into_iter()
            .find_map(|v| match v.view {
                View::TileMap(m) => Some(m),
                _ => None,
            })
            .expect("a tile map")
    }

    #[test]
    fn blocks_are_found_with_their_rows() {
        let blocks = MapText::all(LEVEL);
        assert_eq!(blocks.len(), 1);
        let rows: Vec<&str> = blocks[0].rows.iter().map(|r| &LEVEL[r.clone()]).collect();
        assert_eq!(rows, ["-----", "|...|", "|..", "-----"]);
        assert_eq!(blocks[0].char_at(LEVEL, 2, 1), Some(b'.'));
        assert_eq!(
            blocks[0].char_at(LEVEL, 4, 2),
            Some(b' '),
            "beyond a short row"
        );
        assert_eq!(blocks[0].char_at(LEVEL, 0, 9), None);
    }

    #[test]
    fn a_stroke_is_one_edit_of_the_rows_it_touches() {
        let block = &MapText::all(LEVEL)[0];
        let edit = block.paint(LEVEL, &[(1, 1), (3, 2), (4, 2)], b'}').unwrap();
        let after = edit.apply(LEVEL);
        assert!(
            after.contains("MAP\n-----\n|}..|\n|..}}\n-----\nENDMAP"),
            "{after}"
        );
        assert_eq!(edit.insert, "|}..|\n|..}}");
        assert_eq!(
            block.paint(LEVEL, &[(0, 4)], b'.'),
            Err(PaintError::OutsideTheMap)
        );
        assert_eq!(
            block.paint(LEVEL, &[(-1, 0)], b'.'),
            Err(PaintError::OutsideTheMap)
        );
        assert_eq!(
            block.paint(LEVEL, &[(0, 0)], b'\n'),
            Err(PaintError::NotAGlyph)
        );
        assert_eq!(block.paint(LEVEL, &[], b'.'), Err(PaintError::Nothing));
        // Several characters in one edit; the last write to a cell wins.
        let moved = block
            .write(LEVEL, &[((1, 1), b' '), ((2, 1), b'.'), ((2, 1), b'{')])
            .unwrap();
        assert_eq!(moved.insert, "| {.|");
    }

    #[test]
    fn windows_line_endings_stay() {
        let crlf = LEVEL.replace('\n', "\r\n");
        let block = &MapText::all(&crlf)[0];
        let after = block
            .paint(&crlf, &[(1, 1), (1, 2)], b'#')
            .unwrap()
            .apply(&crlf);
        assert!(after.contains("|#..|\r\n|#.\r\n"), "{after:?}");
        assert_eq!(after.matches('\n').count(), crlf.matches('\n').count());
    }

    /// The drawn level's cells (the map part centred on the level) land
    /// on their characters, also right of a short row.
    #[test]
    fn a_nethack_cell_lands_on_its_character() {
        let map = map_of(LEVEL, Language::NethackDes);
        let at = map
            .cells
            .iter()
            .position(|c| c.source_xy == Some((1, 1)))
            .expect("drawn");
        let w = map.width as i32;
        let (vx, vy) = (at as i32 % w, at as i32 / w);
        let entry = Span::new(0, LEVEL.len());
        let (block, placed) = locate(
            LEVEL,
            Language::NethackDes,
            &map,
            entry,
            &[(vx, vy), (vx + 3, vy + 1)],
        )
        .unwrap();
        assert_eq!(placed, vec![(1, 1), (4, 2)]);
        let after = block.paint(LEVEL, &placed, b'T').unwrap().apply(LEVEL);
        assert!(after.contains("|T..|\n|.. T\n"), "{after}");
        assert_eq!(
            locate(LEVEL, Language::NethackDes, &map, entry, &[(vx, vy + 9)]).map(|r| r.1),
            Err(PaintError::OutsideTheMap)
        );
    }

    /// A 3.6 level: its map part's cells land on the MAP's characters.
    #[test]
    fn a_nethack36_cell_lands_on_its_character() {
        let src = "MAZE:\"p36\",' '\nGEOMETRY:center,center\nMAP\n-----\n|...|\n-----\nENDMAP\n$place = selection: (1,1)\n";
        let options = Options {
            target: vaultwright_model::Target::Nethack366,
            explicit_target: true,
            ..Options::default()
        };
        let map = analyze(src, Language::NethackDes, &options)
            .views
            .into_iter()
            .find_map(|v| match v.view {
                View::TileMap(m) => Some(m),
                _ => None,
            })
            .expect("a tile map");
        let at = map
            .cells
            .iter()
            .position(|c| c.source_xy == Some((2, 1)))
            .expect("drawn from the map part");
        let w = map.width as i32;
        let (block, placed) = locate(
            src,
            Language::NethackDes,
            &map,
            Span::new(0, src.len()),
            &[(at as i32 % w, at as i32 / w)],
        )
        .unwrap();
        assert_eq!(placed, vec![(2, 1)]);
        let after = block.paint(src, &placed, b'T').unwrap().apply(src);
        assert!(
            after.contains("MAP\n-----\n|.T.|\n-----\nENDMAP"),
            "{after}"
        );
        let p = palette(
            src,
            Language::NethackDes,
            vaultwright_model::Target::Nethack366,
            Span::new(0, src.len()),
        );
        assert!(
            p.iter()
                .any(|s| s.key == b'T' && s.meaning.contains("tree")),
            "{p:?}"
        );
    }

    /// A vault drawn rotated: the stroke lands where the cells came from.
    #[test]
    fn a_dcss_cell_lands_on_its_character_through_a_rotation() {
        let vault = "NAME: paint_test\nMAP\nxx.\n...\nENDMAP\n";
        let map = map_of(vault, Language::DcssDes);
        let (w, h) = (map.width as i32, map.height as i32);
        let corner = (0..w * h)
            .find(|&i| map.cells[i as usize].source_xy == Some((2, 0)))
            .expect("drawn");
        let (block, placed) = locate(
            vault,
            Language::DcssDes,
            &map,
            Span::new(0, vault.len()),
            &[(corner % w, corner / w)],
        )
        .unwrap();
        assert_eq!(placed, vec![(2, 0)]);
        let after = block.paint(vault, &placed, b'c').unwrap().apply(vault);
        assert!(after.contains("MAP\nxxc\n...\nENDMAP"), "{after}");
    }
}
