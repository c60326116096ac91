//! How a tile map's cells cross between the worker and the page. As
//! JSON, every cell names its glyph, colours and kind in words: a 40×40
//! vault drawn for a 16-seed grid is 2.6 MB of text, which costs more to
//! write and read than the drawing itself. So each distinct look crosses
//! once and every cell is an index into them, with its source span and
//! position as flat numbers; the maps cross without cells, and the page
//! puts the cells back (`Answer::unpack`) before anyone reads them.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use vaultwright::view::{Cell, Rgb, TileMap};
use vaultwright::Span;

/// A map's cells, compactly.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireCells {
    /// Each distinct (glyph, foreground, background, kind) once.
    looks: Vec<(char, Rgb, Option<Rgb>, String)>,
    /// Per cell, the index of its look.
    cells: Vec<u32>,
    /// Per cell, `[start, end]` of its source span (`NONE` when none).
    origins: Vec<u32>,
    /// Per cell, `[x, y]` as the source writes it (`NO_XY` when none).
    source_xy: Vec<i32>,
}

const NONE: u32 = u32::MAX;
const NO_XY: i32 = i32::MIN;

impl WireCells {
    /// Takes the cells out of `map`.
    pub fn take(map: &mut TileMap) -> WireCells {
        let mut wire = WireCells::default();
        let mut index: HashMap<(char, Rgb, Option<Rgb>, String), u32> = HashMap::new();
        for cell in std::mem::take(&mut map.cells) {
            let look = (cell.glyph, cell.fg, cell.bg, cell.kind);
            let at = *index.entry(look.clone()).or_insert_with(|| {
                wire.looks.push(look);
                (wire.looks.len() - 1) as u32
            });
            wire.cells.push(at);
            let (start, end) = cell.origin.map_or((NONE, NONE), |s| (s.start, s.end));
            wire.origins.extend([start, end]);
            let (x, y) = cell.source_xy.unwrap_or((NO_XY, NO_XY));
            wire.source_xy.extend([x, y]);
        }
        wire
    }

    /// Puts the cells back into `map`.
    pub fn put(self, map: &mut TileMap) {
        let looks = self.looks;
        map.cells = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, &look)| {
                let (glyph, fg, bg, kind) =
                    looks.get(look as usize).cloned().unwrap_or_else(|| {
                        let blank = Cell::blank();
                        (blank.glyph, blank.fg, blank.bg, blank.kind)
                    });
                let origin = match (self.origins.get(2 * i), self.origins.get(2 * i + 1)) {
                    (Some(&start), Some(&end)) if start != NONE => Some(Span { start, end }),
                    _ => None,
                };
                let source_xy = match (self.source_xy.get(2 * i), self.source_xy.get(2 * i + 1)) {
                    (Some(&x), Some(&y)) if x != NO_XY => Some((x, y)),
                    _ => None,
                };
                Cell {
                    glyph,
                    fg,
                    bg,
                    kind,
                    origin,
                    source_xy,
                }
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core_worker::protocol::{Analyzed, Answer};

    fn cell(glyph: char, kind: &str, origin: Option<Span>, xy: Option<(i32, i32)>) -> Cell {
        Cell {
            glyph,
            fg: Rgb(1, 2, 3),
            bg: (glyph == '#').then_some(Rgb(9, 9, 9)),
            kind: kind.into(),
            origin,
            source_xy: xy,
        }
    }

    #[test]
    fn cells_cross_packed_and_come_back_as_they_were() {
        let map = TileMap {
            width: 2,
            height: 2,
            cells: vec![
                cell('.', "floor", Some(Span { start: 3, end: 4 }), Some((0, 0))),
                cell('#', "wall", None, None),
                cell('.', "floor", Some(Span { start: 4, end: 5 }), Some((1, 1))),
                cell('.', "floor", None, Some((-1, 7))),
            ],
            ..TileMap::default()
        };
        let mut answer =
            Answer::Faces(vec![Some(map.clone()), None, Some(map.clone())], Vec::new());
        answer.pack();
        let Answer::Faces(maps, wire) = &answer else {
            unreachable!()
        };
        assert!(
            maps.iter().flatten().all(|m| m.cells.is_empty()),
            "the maps cross without cells"
        );
        assert_eq!(wire.len(), 2);
        assert_eq!(wire[0].looks.len(), 2, "each look once");
        let json = serde_json::to_string(&answer).unwrap();
        let mut back: Answer = serde_json::from_str(&json).unwrap();
        back.unpack();
        assert_eq!(
            back,
            Answer::Faces(vec![Some(map.clone()), None, Some(map)], Vec::new())
        );
    }

    #[test]
    fn an_analysis_that_draws_nothing_crosses_unchanged() {
        let analyzed = Analyzed {
            analysis: vaultwright::Analysis::empty(vaultwright::Language::DcssDes),
            tokens: Vec::new(),
            diagnostics: Vec::new(),
            folds: Vec::new(),
            trace: String::new(),
            took_ms: 0.0,
            cells: Vec::new(),
        };
        let mut answer = Answer::Analyzed(Box::new(analyzed));
        let before = answer.clone();
        answer.pack();
        answer.unpack();
        assert_eq!(answer, before);
    }
}
