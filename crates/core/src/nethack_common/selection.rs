//! A selection: a set of the level's cells (the game's `selectionvar`,
//! `sp_lev.c` in 3.6 and `selvar.c` in 5.0) and the shapes drawn into
//! one. The 3.6 preview's opcodes and the 5.0 runner's `selection.*`
//! both use it, because the game's code is the same in both: cells are
//! visited x outer, y inner (`selection_iterate`), so whatever draws on
//! the random number generator draws in the game's order.
//!
//! Where this differs from the game on purpose: a rough line's pieces
//! are finished as straight lines once short (the game recurses twelve
//! levels deep), and an ellipse is the set of cells inside it (the game
//! steps a midpoint ellipse); both keep the shape and its size.

use super::size::{on_level, COLNO, ROWNO};
use crate::rng::Rng;

/// 80 × 21 cells, one bit each, held inline: a 5.0 selection lives inside
/// the VM's own allocation, so the VM's memory cap counts it.
const WORDS: usize = (COLNO * ROWNO).div_ceil(64);

/// The game's growth directions (`W_NORTH`…), a bit each.
pub const NORTH: i64 = 1;
pub const SOUTH: i64 = 2;
pub const EAST: i64 = 4;
pub const WEST: i64 = 8;
pub const ANY: i64 = NORTH | SOUTH | EAST | WEST;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    bits: [u64; WORDS],
}

impl Default for Selection {
    fn default() -> Self {
        Selection { bits: [0; WORDS] }
    }
}

/// The bit of (x, y), `None` off the level.
fn index(x: i64, y: i64) -> Option<(usize, u64)> {
    on_level(x, y).then(|| {
        let i = y as usize * COLNO + x as usize;
        (i / 64, 1 << (i % 64))
    })
}

/// Every cell of the level, x outer and y inner.
fn level_cells() -> impl Iterator<Item = (i64, i64)> {
    (0..COLNO as i64).flat_map(|x| (0..ROWNO as i64).map(move |y| (x, y)))
}

/// A coordinate a script gave, brought into `i32` for the line walk (any
/// value that far is off the level either way).
fn narrow((x, y): (i64, i64)) -> (i32, i32) {
    let n = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    (n(x), n(y))
}

impl Selection {
    pub fn get(&self, x: i64, y: i64) -> bool {
        index(x, y).is_some_and(|(word, bit)| self.bits[word] & bit != 0)
    }

    pub fn set(&mut self, x: i64, y: i64, on: bool) {
        if let Some((word, bit)) = index(x, y) {
            if on {
                self.bits[word] |= bit;
            } else {
                self.bits[word] &= !bit;
            }
        }
    }

    /// The selected cells in the game's order: x outer, y inner.
    pub fn cells(&self) -> Vec<(i64, i64)> {
        level_cells().filter(|&(x, y)| self.get(x, y)).collect()
    }

    pub fn count(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// (lx, ly, hx, hy) of the cells, `None` when empty.
    pub fn bounds(&self) -> Option<(i64, i64, i64, i64)> {
        let cells = self.cells();
        let (first, _) = cells.split_first()?;
        Some(cells.iter().fold(
            (first.0, first.1, first.0, first.1),
            |(lx, ly, hx, hy), &(x, y)| (lx.min(x), ly.min(y), hx.max(x), hy.max(y)),
        ))
    }

    fn from_cells(keep: impl Fn(i64, i64) -> bool) -> Selection {
        let mut out = Selection::default();
        for (x, y) in level_cells().filter(|&(x, y)| keep(x, y)) {
            out.set(x, y, true);
        }
        out
    }

    pub fn point(x: i64, y: i64) -> Selection {
        let mut s = Selection::default();
        s.set(x, y, true);
        s
    }

    /// A rectangle's outline, or the whole of it.
    pub fn rect((x1, y1): (i64, i64), (x2, y2): (i64, i64), filled: bool) -> Selection {
        let (lx, hx, ly, hy) = (x1.min(x2), x1.max(x2), y1.min(y2), y1.max(y2));
        Selection::from_cells(|x, y| {
            let within = (lx..=hx).contains(&x) && (ly..=hy).contains(&y);
            within && (filled || x == lx || x == hx || y == ly || y == hy)
        })
    }

    /// Bresenham from one end to the other, both included.
    pub fn line(a: (i64, i64), b: (i64, i64)) -> Selection {
        let mut s = Selection::default();
        s.add_line(a, b);
        s
    }

    /// Adds the cells of a straight line to this selection.
    pub fn add_line(&mut self, a: (i64, i64), b: (i64, i64)) {
        // Far beyond the level the walk stops: no cell there is set.
        let steps = (COLNO + ROWNO) * 4 + 1;
        for (x, y) in crate::grid::line(narrow(a), narrow(b)).take(steps) {
            self.set(i64::from(x), i64::from(y), true);
        }
    }

    /// A line whose midpoints wander by up to `roughness`
    /// (`selection_do_randline`).
    pub fn random_line(a: (i64, i64), b: (i64, i64), roughness: i64, rng: &mut Rng) -> Selection {
        let mut s = Selection::default();
        // Ends outside the level would keep every piece long (the
        // midpoints are kept inside): brought to its edge first.
        let inside =
            |(x, y): (i64, i64)| (x.clamp(0, COLNO as i64 - 1), y.clamp(0, ROWNO as i64 - 1));
        random_segment(&mut s, inside(a), inside(b), roughness.max(0), 12, rng);
        s
    }

    /// The cells next to the selection in the directions of `dirs` (the
    /// game's bits; a pair of neighbouring directions grows the diagonal
    /// between them too) added (`selection_do_grow`).
    pub fn grow(&self, dirs: i64) -> Selection {
        let from = |x: i64, y: i64| self.get(x, y);
        let has = |d: i64| dirs & d == d;
        let mut out = Selection::from_cells(|x, y| {
            (has(WEST) && from(x + 1, y))
                || (has(WEST | NORTH) && from(x + 1, y + 1))
                || (has(NORTH) && from(x, y + 1))
                || (has(NORTH | EAST) && from(x - 1, y + 1))
                || (has(EAST) && from(x - 1, y))
                || (has(EAST | SOUTH) && from(x - 1, y - 1))
                || (has(SOUTH) && from(x, y - 1))
                || (has(SOUTH | WEST) && from(x + 1, y - 1))
        });
        for (word, mine) in out.bits.iter_mut().zip(self.bits) {
            *word |= mine;
        }
        out
    }

    pub fn union(&self, other: &Selection) -> Selection {
        self.combine(other, |a, b| a | b)
    }

    pub fn intersection(&self, other: &Selection) -> Selection {
        self.combine(other, |a, b| a & b)
    }

    /// Two selections cell by cell: `op` takes 64 cells of each at once.
    pub fn combine(&self, other: &Selection, op: fn(u64, u64) -> u64) -> Selection {
        let mut out = self.clone();
        for (word, theirs) in out.bits.iter_mut().zip(other.bits) {
            *word = op(*word, theirs);
        }
        out
    }

    /// Every cell of the level not in the selection, column 0 included
    /// (`selection_not`).
    pub fn complement(&self) -> Selection {
        Selection::from_cells(|x, y| !self.get(x, y))
    }

    /// Each cell kept with `percent` % chance, one draw a cell in order.
    pub fn filter_percent(&self, percent: i64, rng: &mut Rng) -> Selection {
        let mut out = Selection::default();
        for (x, y) in self.cells() {
            if i64::from(rng.range(0, 99)) < percent {
                out.set(x, y, true);
            }
        }
        out
    }

    /// The cells `keep` accepts.
    pub fn filter(&self, keep: impl Fn(i64, i64) -> bool) -> Selection {
        Selection::from_cells(|x, y| self.get(x, y) && keep(x, y))
    }

    /// The cells joined to (x, y), four ways or eight, through cells that
    /// `same` accepts.
    pub fn flood(x: i64, y: i64, diagonal: bool, same: impl Fn(i64, i64) -> bool) -> Selection {
        let mut s = Selection::default();
        if !on_level(x, y) {
            return s;
        }
        let mut todo = vec![(x, y)];
        s.set(x, y, true);
        while let Some((cx, cy)) = todo.pop() {
            for &(dx, dy) in super::size::neighbours(diagonal) {
                let (nx, ny) = (cx + dx, cy + dy);
                if on_level(nx, ny) && !s.get(nx, ny) && same(nx, ny) {
                    s.set(nx, ny, true);
                    todo.push((nx, ny));
                }
            }
        }
        s
    }

    /// An ellipse (its rim, or filled) around (x, y) with radii a and b.
    pub fn ellipse((x, y): (i64, i64), a: i64, b: i64, filled: bool) -> Selection {
        let (a, b) = (a.clamp(0, COLNO as i64), b.clamp(0, COLNO as i64));
        let (fa, fb) = (a.max(1) as f64, b.max(1) as f64);
        Selection::from_cells(|cx, cy| {
            let (ox, oy) = (cx.abs_diff(x), cy.abs_diff(y));
            if ox > a.unsigned_abs() || oy > b.unsigned_abs() {
                return false;
            }
            let dx = ox as f64 / fa;
            let dy = oy as f64 / fb;
            let inside = dx * dx + dy * dy <= 1.0;
            let inner_x = (ox + 1) as f64 / fa;
            let inner_y = (oy + 1) as f64 / fb;
            inside
                && (filled
                    || inner_x * inner_x + dy * dy > 1.0
                    || dx * dx + inner_y * inner_y > 1.0)
        })
    }

    /// One selected cell at random (`selection_rndcoord`), if any.
    pub fn random_cell(&self, rng: &mut Rng) -> Option<(i64, i64)> {
        let cells = self.cells();
        let last = i32::try_from(cells.len()).ok()?.checked_sub(1)?;
        cells.get(rng.range(0, last) as usize).copied()
    }
}

fn random_segment(
    s: &mut Selection,
    a: (i64, i64),
    b: (i64, i64),
    roughness: i64,
    depth: u32,
    rng: &mut Rng,
) {
    let far = (a.0 - b.0).abs().max((a.1 - b.1).abs());
    if far <= 1 || depth == 0 {
        // Drawn in place: a rough line has many pieces.
        s.add_line(a, b);
        return;
    }
    // As `selection_do_randline`: the roughness never exceeds the
    // distance, and shrinks by a third at each level, so the pieces
    // shorten quickly whatever the program asked for.
    let rough = roughness.clamp(0, far);
    let wander = |rng: &mut Rng| {
        if rough < 2 {
            0
        } else {
            i64::from(rng.range(0, (rough - 1) as i32)) - rough / 2
        }
    };
    let mid_of = |p: i64, q: i64, w: i64, size: usize| ((p + q) / 2 + w).clamp(0, size as i64 - 1);
    let mid = (
        mid_of(a.0, b.0, wander(rng), COLNO),
        mid_of(a.1, b.1, wander(rng), ROWNO),
    );
    let rough = rough * 2 / 3;
    random_segment(s, a, mid, rough, depth - 1, rng);
    random_segment(s, mid, b, rough, depth - 1, rng);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(Selection::rect((1, 1), (3, 3), false).count(), 8);
        assert_eq!(Selection::rect((1, 1), (3, 3), true).count(), 9);
        assert_eq!(Selection::line((0, 0), (5, 0)).count(), 6);
        let corner = Selection::point(79, 20).complement();
        assert_eq!(corner.count(), COLNO * ROWNO - 1);
        let open = Selection::flood(1, 1, false, |x, y| x < 4 && y < 4 && x > 0 && y > 0);
        assert_eq!(open.count(), 9);
        assert!(Selection::ellipse((10, 10), 3, 2, true).get(10, 10));
        assert!(!Selection::ellipse((10, 10), 3, 2, false).get(10, 10));
    }

    #[test]
    fn cells_go_x_outer_y_inner() {
        let s = Selection::rect((0, 0), (1, 1), true);
        assert_eq!(s.cells(), [(0, 0), (0, 1), (1, 0), (1, 1)]);
    }

    #[test]
    fn growing_follows_the_games_direction_bits() {
        let p = Selection::point(5, 5);
        assert_eq!(p.grow(NORTH).cells(), [(5, 4), (5, 5)]);
        assert_eq!(p.grow(EAST).cells(), [(5, 5), (6, 5)]);
        // Two neighbouring directions take the diagonal between them.
        assert_eq!(
            p.grow(NORTH | WEST).cells(),
            [(4, 4), (4, 5), (5, 4), (5, 5)]
        );
        assert_eq!(p.grow(ANY).count(), 9);
    }

    #[test]
    fn far_coordinates_set_nothing() {
        let s = Selection::line((i64::MIN, 0), (i64::MAX, 0));
        assert_eq!(s.count(), 0);
        // Only the bottom edge, row 2, is on the level.
        assert_eq!(Selection::rect((-5, -5), (i64::MAX, 2), false).count(), 80);
    }

    /// The ellipse as first written: every cell of its box, on the map
    /// or not (`set` keeps those on it).
    fn ellipse_over_its_box(x: i64, y: i64, a: i64, b: i64, filled: bool) -> Selection {
        let mut s = Selection::default();
        let (a, b) = (a.clamp(0, COLNO as i64), b.clamp(0, COLNO as i64));
        let (fa, fb) = (a.max(1) as f64, b.max(1) as f64);
        for cx in x - a..=x + a {
            for cy in y - b..=y + b {
                let dx = (cx - x) as f64 / fa;
                let dy = (cy - y) as f64 / fb;
                let d = dx * dx + dy * dy;
                let inner_x = ((cx - x).abs() + 1) as f64 / fa;
                let inner_y = ((cy - y).abs() + 1) as f64 / fb;
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
                    Selection::ellipse((x, y), a, b, filled).cells(),
                    ellipse_over_its_box(x, y, a, b, filled).cells(),
                    "{x} {y} {a} {b} {filled}"
                );
            }
        }
    }
}
