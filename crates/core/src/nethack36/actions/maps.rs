//! Maps and geometry: MAP and NOMAP, coordinates, regions and their range checks.

use super::{op, COLNO, INVALID, MAP_X_LIM, MAP_Y_LIM, ROWNO};
use crate::nethack36::compile::Compiler;
use crate::nethack36::lev::Value;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

impl Compiler<'_, '_> {
    /// `$$` of a map, coordinate or region rule, or `None` for another family's rule.
    pub(super) fn map_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
            Act::Nomap => {
                self.push(Value::Coord(0));
                self.ints(&[0, 1]);
                self.string(b"");
                self.ints(&[0, 0]);
                self.op(op::MAP);
                self.session.max_x_map = COLNO - 1;
                self.session.max_y_map = ROWNO;
                Sem::None
            }
            Act::MapJustified => {
                let (h, v, keep) = (
                    self.int_at(len, 3),
                    self.int_at(len, 5),
                    self.int_at(len, 6),
                );
                self.push(Value::Coord((h & 0xff) + ((v & 0xff) << 16)));
                self.ints(&[1, keep]);
                let map = self.text_at(len, 7);
                self.scan_map(&map);
                Sem::None
            }
            Act::MapAt => {
                let keep = self.int_at(len, 4);
                self.ints(&[2, keep]);
                let map = self.text_at(len, 5);
                self.scan_map(&map);
                Sem::None
            }
            Act::Coord => {
                let (x, y) = (self.int_at(len, 2), self.int_at(len, 4));
                if x < 0 || y < 0 || x >= COLNO || y >= ROWNO {
                    self.error(format!("Coordinates ({x},{y}) out of map range!"), true);
                }
                Sem::Int((x & 0xff) + ((y & 0xff) << 16))
            }
            Act::RandomCoord => Sem::Int(0x0100_0000),
            Act::RandomCoordFlags => Sem::Int(0x0100_0000 | self.int_at(len, 2)),
            Act::HumidityOr => {
                let (a, b) = (self.int_at(len, 1), self.int_at(len, 3));
                if a & b != 0 {
                    self.warning("Humidity flag used twice.");
                }
                Sem::Int(a | b)
            }
            Act::Region => {
                let [x1, y1, x2, y2] = [2, 4, 6, 8].map(|k| self.int_at(len, k));
                let packed =
                    (x1 & 0xff) + ((y1 & 0xff) << 8) + ((x2 & 0xff) << 16) + ((y2 & 0xff) << 24);
                if x1 > x2 || y1 > y2 {
                    self.error(format!("Region start > end: ({x1},{y1},{x2},{y2})!"), true);
                }
                self.push(Value::Region(packed));
                Sem::Int(packed)
            }
            Act::LevelRegion => {
                let r = [3, 5, 7, 9].map(|k| self.int_at(len, k));
                // `levregion()`: x in 1..80, y in 0..21.
                let bad = first_outside(r, |i, v| {
                    let (low, end) = if i % 2 == 0 { (1, COLNO) } else { (0, ROWNO) };
                    v < low || v >= end
                });
                self.region_range_error(r, bad, "level");
                Sem::LevRegion(r, 1)
            }
            Act::MapRegion => {
                let r = [2, 4, 6, 8].map(|k| self.int_at(len, k));
                let max = [self.session.max_x_map, self.session.max_y_map];
                let bad = first_outside(r, |i, v| v < 0 || v > max[i % 2]);
                self.region_range_error(r, bad, "map");
                Sem::LevRegion(r, 0)
            }
            _ => return None,
        })
    }

    /// `Region (…) out of <what> range (x1)!` for the first coordinate
    /// outside, as the reference checks them in order.
    fn region_range_error(&mut self, r: [i64; 4], bad: Option<&str>, what: &str) {
        if let Some(which) = bad {
            let [x1, y1, x2, y2] = r;
            self.error(
                format!("Region ({x1},{y1},{x2},{y2}) out of {what} range ({which})!"),
                true,
            );
        }
    }

    fn scan_map(&mut self, text: &[u8]) {
        let text: Vec<u8> = text
            .iter()
            .copied()
            .filter(|c| !c.is_ascii_digit())
            .collect();
        let lines: Vec<&[u8]> = {
            let mut v: Vec<&[u8]> = text.split(|&c| c == b'\n').collect();
            if text.last() == Some(&b'\n') || text.is_empty() {
                v.pop();
            }
            v
        };
        let width = lines.iter().map(|l| l.len()).max().unwrap_or(0);
        let rows: Vec<&[u8]> = lines.iter().copied().take(MAP_Y_LIM as usize + 1).collect();
        let height = rows.len();
        self.session.max_x_map = width as i64 - 1;
        self.session.max_y_map = height as i64 - 1;
        if width as i64 > MAP_X_LIM || height as i64 > MAP_Y_LIM {
            self.error(
                format!(
                    "Map too large at ({width} x {height}), max is ({MAP_X_LIM} x {MAP_Y_LIM})"
                ),
                true,
            );
        }
        let mut cells = Vec::with_capacity(width * height);
        for row in &rows {
            for x in 0..width {
                let t = row.get(x).map_or(0, |&c| {
                    Some(self.map_char(i64::from(c)))
                        .filter(|&t| t != INVALID)
                        .unwrap_or(0)
                });
                cells.push((t + 1) as u8);
            }
        }
        self.string(&cells);
        self.push(Value::Int(height as i64));
        self.push(Value::Int(width as i64));
        self.op(op::MAP);
    }
}

/// The name of the first of a region's x1, y1, x2, y2 that `outside`
/// (given its position and value) rejects.
fn first_outside(r: [i64; 4], outside: impl Fn(usize, i64) -> bool) -> Option<&'static str> {
    ["x1", "y1", "x2", "y2"]
        .into_iter()
        .zip(r)
        .enumerate()
        .find(|&(i, (_, v))| outside(i, v))
        .map(|(_, (n, _))| n)
}
