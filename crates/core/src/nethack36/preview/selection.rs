//! Selections: sets of cells of the 80x21 level, and the shapes the
//! opcodes make of them (`sp_lev.c`'s `selection_*`). Every use iterates
//! x outer, y inner, as the game does.

use super::{COLS, ROWS};
use crate::rng::Rng;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sel {
    cells: Vec<bool>,
}

impl Default for Sel {
    fn default() -> Self {
        Sel {
            cells: vec![false; (COLS * ROWS) as usize],
        }
    }
}

fn inside(x: i32, y: i32) -> bool {
    (0..COLS).contains(&x) && (0..ROWS).contains(&y)
}

impl Sel {
    pub fn get(&self, x: i32, y: i32) -> bool {
        inside(x, y) && self.cells[(y * COLS + x) as usize]
    }

    pub fn set(&mut self, x: i32, y: i32, on: bool) {
        if inside(x, y) {
            self.cells[(y * COLS + x) as usize] = on;
        }
    }

    /// The selected cells, x outer and y inner.
    pub fn cells(&self) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for x in 0..COLS {
            for y in 0..ROWS {
                if self.get(x, y) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    pub fn point(x: i32, y: i32) -> Sel {
        let mut s = Sel::default();
        s.set(x, y, true);
        s
    }

    pub fn rect(x1: i32, y1: i32, x2: i32, y2: i32, filled: bool) -> Sel {
        let mut s = Sel::default();
        for x in x1.min(x2)..=x1.max(x2) {
            for y in y1.min(y2)..=y1.max(y2) {
                let edge = x == x1 || x == x2 || y == y1 || y == y2;
                if filled || edge {
                    s.set(x, y, true);
                }
            }
        }
        s
    }

    /// Bresenham from one end to the other.
    pub fn line(x1: i32, y1: i32, x2: i32, y2: i32) -> Sel {
        let mut s = Sel::default();
        s.add_line(x1, y1, x2, y2);
        s
    }

    /// Adds the cells of a straight line (Bresenham) to this selection.
    fn add_line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32) {
        // At most the level's diagonal; the bound keeps a bad value finite.
        for (x, y) in crate::grid::line((x1, y1), (x2, y2)).take(((COLS + ROWS) * 2) as usize) {
            self.set(x, y, true);
        }
    }

    /// A line whose midpoints wander by up to `roughness` (recursive, as
    /// `selection_do_randline`).
    pub fn random_line(x1: i32, y1: i32, x2: i32, y2: i32, roughness: i32, rng: &mut Rng) -> Sel {
        let mut s = Sel::default();
        // Ends outside the level would keep every piece long (the
        // midpoints are kept inside): brought to its edge first.
        let inside = |x: i32, y: i32| (x.clamp(0, COLS - 1), y.clamp(0, ROWS - 1));
        random_segment(
            &mut s,
            inside(x1, y1),
            inside(x2, y2),
            roughness.max(0),
            12,
            rng,
        );
        s
    }

    /// One step outwards in the directions of `dirs` (bits: 1 north,
    /// 2 east, 4 south, 8 west; -1 or 0 all).
    pub fn grow(&self, dirs: i64) -> Sel {
        let dirs = if dirs <= 0 { 15 } else { dirs };
        let mut out = self.clone();
        for (x, y) in self.cells() {
            for (bit, dx, dy) in [(1, 0, -1), (2, 1, 0), (4, 0, 1), (8, -1, 0)] {
                if dirs & bit != 0 {
                    out.set(x + dx, y + dy, true);
                }
            }
        }
        out
    }

    pub fn union(&self, other: &Sel) -> Sel {
        Sel {
            cells: self
                .cells
                .iter()
                .zip(&other.cells)
                .map(|(a, b)| *a || *b)
                .collect(),
        }
    }

    pub fn intersection(&self, other: &Sel) -> Sel {
        Sel {
            cells: self
                .cells
                .iter()
                .zip(&other.cells)
                .map(|(a, b)| *a && *b)
                .collect(),
        }
    }

    pub fn complement(&self) -> Sel {
        Sel {
            cells: self.cells.iter().map(|a| !a).collect(),
        }
    }

    /// Keeps each cell with probability `percent`.
    pub fn filter_percent(&self, percent: i64, rng: &mut Rng) -> Sel {
        let mut out = Sel::default();
        for (x, y) in self.cells() {
            if i64::from(rng.range(0, 99)) < percent {
                out.set(x, y, true);
            }
        }
        out
    }

    /// Keeps the cells `keep` accepts.
    pub fn filter(&self, keep: impl Fn(i32, i32) -> bool) -> Sel {
        let mut out = Sel::default();
        for (x, y) in self.cells() {
            if keep(x, y) {
                out.set(x, y, true);
            }
        }
        out
    }

    /// Cells connected to (x, y) (four ways) that `same` accepts.
    pub fn flood(x: i32, y: i32, same: impl Fn(i32, i32) -> bool) -> Sel {
        let mut s = Sel::default();
        if !inside(x, y) {
            return s;
        }
        let mut todo = vec![(x, y)];
        s.set(x, y, true);
        while let Some((cx, cy)) = todo.pop() {
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let (nx, ny) = (cx + dx, cy + dy);
                if inside(nx, ny) && !s.get(nx, ny) && same(nx, ny) {
                    s.set(nx, ny, true);
                    todo.push((nx, ny));
                }
            }
        }
        s
    }

    /// An ellipse (outline, or filled) around (x, y).
    pub fn ellipse(x: i32, y: i32, a: i32, b: i32, filled: bool) -> Sel {
        let mut s = Sel::default();
        let (a, b) = (a.clamp(0, COLS), b.clamp(0, COLS));
        let (fa, fb) = (f64::from(a.max(1)), f64::from(b.max(1)));
        // Only cells on the map can be set: the loops stop at its edges
        // (the same cells; a wide ellipse took 161×161 steps for 80×21).
        let (x0, x1) = (
            x.saturating_sub(a).max(0),
            x.saturating_add(a).min(COLS - 1),
        );
        let (y0, y1) = (
            y.saturating_sub(b).max(0),
            y.saturating_add(b).min(ROWS - 1),
        );
        for cx in x0..=x1 {
            for cy in y0..=y1 {
                let dx = f64::from(cx - x) / fa;
                let dy = f64::from(cy - y) / fb;
                let d = dx * dx + dy * dy;
                let on = if filled {
                    d <= 1.0
                } else {
                    let inner_x = f64::from((cx - x).abs() + 1) / fa;
                    let inner_y = f64::from((cy - y).abs() + 1) / fb;
                    d <= 1.0
                        && (inner_x * inner_x + dy * dy > 1.0 || dx * dx + inner_y * inner_y > 1.0)
                };
                if on {
                    s.set(cx, cy, true);
                }
            }
        }
        s
    }

    /// One selected cell at random, if any.
    pub fn random_cell(&self, rng: &mut Rng) -> Option<(i32, i32)> {
        let cells = self.cells();
        if cells.is_empty() {
            return None;
        }
        let i = rng.range(0, cells.len() as i32 - 1) as usize;
        cells.get(i).copied()
    }
}

fn random_segment(
    s: &mut Sel,
    a: (i32, i32),
    b: (i32, i32),
    roughness: i32,
    depth: u32,
    rng: &mut Rng,
) {
    // In i64: a program's coordinates can be any int.
    let (a64, b64) = (
        (i64::from(a.0), i64::from(a.1)),
        (i64::from(b.0), i64::from(b.1)),
    );
    let far = (a64.0 - b64.0).abs().max((a64.1 - b64.1).abs());
    if far <= 1 || depth == 0 {
        // Drawn in place: a rough line has many pieces.
        s.add_line(a.0, a.1, b.0, b.1);
        return;
    }
    // As `selection_do_randline`: the roughness never exceeds the
    // distance, and shrinks by a third at each level, so the pieces
    // shorten quickly whatever the program asked for.
    let rough = i64::from(roughness).clamp(0, far);
    let wander = |rng: &mut Rng| {
        if rough < 2 {
            0
        } else {
            i64::from(rng.range(0, (rough - 1) as i32)) - rough / 2
        }
    };
    let mid_of =
        |p: i64, q: i64, w: i64, hi: i32| ((p + q) / 2 + w).clamp(0, i64::from(hi - 1)) as i32;
    let mid = (
        mid_of(a64.0, b64.0, wander(rng), COLS),
        mid_of(a64.1, b64.1, wander(rng), ROWS),
    );
    let rough = (rough * 2 / 3) as i32;
    random_segment(s, a, mid, rough, depth - 1, rng);
    random_segment(s, mid, b, rough, depth - 1, rng);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(Sel::rect(1, 1, 3, 3, false).cells().len(), 8);
        assert_eq!(Sel::rect(1, 1, 3, 3, true).cells().len(), 9);
        assert_eq!(Sel::line(0, 0, 5, 0).cells().len(), 6);
        assert_eq!(Sel::point(2, 2).grow(-1).cells().len(), 5);
        assert_eq!(Sel::point(79, 20).complement().cells().len(), 80 * 21 - 1);
        let open = Sel::flood(1, 1, |x, y| x < 4 && y < 4 && x > 0 && y > 0);
        assert_eq!(open.cells().len(), 9);
        assert!(Sel::ellipse(10, 10, 3, 2, true).get(10, 10));
        assert!(!Sel::ellipse(10, 10, 3, 2, false).get(10, 10));
    }

    #[test]
    fn cells_go_x_outer_y_inner() {
        let s = Sel::rect(0, 0, 1, 1, true);
        assert_eq!(s.cells(), [(0, 0), (0, 1), (1, 0), (1, 1)]);
    }

    /// The ellipse as first written: every cell of its box, on the map
    /// or not (`set` keeps those on it).
    fn ellipse_over_its_box(x: i32, y: i32, a: i32, b: i32, filled: bool) -> Sel {
        let mut s = Sel::default();
        let (a, b) = (a.clamp(0, COLS), b.clamp(0, COLS));
        let (fa, fb) = (f64::from(a.max(1)), f64::from(b.max(1)));
        for cx in x - a..=x + a {
            for cy in y - b..=y + b {
                let dx = f64::from(cx - x) / fa;
                let dy = f64::from(cy - y) / fb;
                let d = dx * dx + dy * dy;
                let inner_x = f64::from((cx - x).abs() + 1) / fa;
                let inner_y = f64::from((cy - y).abs() + 1) / fb;
                let on = d <= 1.0
                    && (filled
                        || inner_x * inner_x + dy * dy > 1.0
                        || dx * dx + inner_y * inner_y > 1.0);
                s.set(cx, cy, on || s.get(cx, cy));
            }
        }
        s
    }

    #[test]
    fn an_ellipse_clipped_to_the_map_has_the_same_cells() {
        for (x, y, a, b) in [
            (40, 10, 80, 80),
            (0, 0, 5, 3),
            (79, 20, 30, 2),
            (-50, 10, 60, 4),
            (10, 30, 3, 12),
            (5, 5, 0, 0),
        ] {
            for filled in [false, true] {
                assert_eq!(
                    Sel::ellipse(x, y, a, b, filled).cells(),
                    ellipse_over_its_box(x, y, a, b, filled).cells(),
                    "{x} {y} {a} {b} {filled}"
                );
            }
        }
    }
}
