//! A selection: a set of the level's cells (the game's `selectionvar`),
//! in absolute level coordinates, and the shapes the `selection.*`
//! functions draw into one.

pub use crate::nethack_common::size::on_level;
use crate::nethack_common::size::{neighbours, COLNO, ROWNO};
use crate::rng::Rng;

/// 80 × 21 cells, one bit each, held inline: a selection lives inside
/// the VM's own allocation, so the VM's memory cap counts it.
const WORDS: usize = (COLNO * ROWNO).div_ceil(64);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    bits: [u64; WORDS],
}

impl Default for Selection {
    fn default() -> Self {
        Selection { bits: [0; WORDS] }
    }
}

impl Selection {
    pub fn get(&self, x: i64, y: i64) -> bool {
        if !on_level(x, y) {
            return false;
        }
        let i = y as usize * COLNO + x as usize;
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    pub fn set(&mut self, x: i64, y: i64, on: bool) {
        if on_level(x, y) {
            let i = y as usize * COLNO + x as usize;
            if on {
                self.bits[i / 64] |= 1 << (i % 64);
            } else {
                self.bits[i / 64] &= !(1 << (i % 64));
            }
        }
    }

    /// The cells in the game's order: row by row, top to bottom.
    pub fn points(&self) -> Vec<(i64, i64)> {
        (0..ROWNO as i64)
            .flat_map(|y| (0..COLNO as i64).map(move |x| (x, y)))
            .filter(|&(x, y)| self.get(x, y))
            .collect()
    }

    pub fn count(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn combine(&self, other: &Selection, op: fn(bool, bool) -> bool) -> Selection {
        let mut out = Selection::default();
        for y in 0..ROWNO as i64 {
            for x in 0..COLNO as i64 {
                out.set(x, y, op(self.get(x, y), other.get(x, y)));
            }
        }
        out
    }

    /// Every cell of the level not in the selection (column 0, which the
    /// game never uses, stays out).
    pub fn negate(&self) -> Selection {
        let mut out = Selection::default();
        for y in 0..ROWNO as i64 {
            for x in 1..COLNO as i64 {
                out.set(x, y, !self.get(x, y));
            }
        }
        out
    }

    /// Each cell kept with `percent` % chance.
    pub fn percentage(&self, percent: i64, rng: &mut Rng) -> Selection {
        let mut out = Selection::default();
        for (x, y) in self.points() {
            if i64::from(rng.range(0, 99)) < percent {
                out.set(x, y, true);
            }
        }
        out
    }

    /// One cell picked at random, `None` when the selection is empty.
    pub fn random_point(&self, rng: &mut Rng) -> Option<(i64, i64)> {
        let points = self.points();
        let last = i32::try_from(points.len()).ok()?.checked_sub(1)?;
        points.get(rng.range(0, last) as usize).copied()
    }

    /// (lx, ly, hx, hy) of the cells, `None` when empty.
    pub fn bounds(&self) -> Option<(i64, i64, i64, i64)> {
        let points = self.points();
        let (first, _) = points.split_first()?;
        Some(points.iter().fold(
            (first.0, first.1, first.0, first.1),
            |(lx, ly, hx, hy), &(x, y)| (lx.min(x), ly.min(y), hx.max(x), hy.max(y)),
        ))
    }

    /// A straight line (Bresenham), both ends included.
    pub fn line(&mut self, a: (i64, i64), b: (i64, i64)) {
        let narrow = |(x, y): (i64, i64)| {
            let n = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
            (n(x), n(y))
        };
        // Far beyond the level the walk stops: no cell there is set.
        for (x, y) in crate::grid::line(narrow(a), narrow(b)).take((COLNO + ROWNO) * 4 + 1) {
            self.set(i64::from(x), i64::from(y), true);
        }
    }

    /// A line that wanders: the midpoint displaced by up to `roughness`,
    /// halves drawn the same way.
    pub fn random_line(&mut self, a: (i64, i64), b: (i64, i64), roughness: i64, rng: &mut Rng) {
        self.random_line_depth(a, b, roughness, rng, 0);
    }

    fn random_line_depth(
        &mut self,
        a: (i64, i64),
        b: (i64, i64),
        roughness: i64,
        rng: &mut Rng,
        depth: u32,
    ) {
        let close = (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1;
        if close || roughness <= 0 || depth > 8 {
            self.line(a, b);
            return;
        }
        let r = i32::try_from(roughness.min(40)).unwrap_or(40);
        let mid = (
            (a.0 + b.0) / 2 + i64::from(rng.range(-r, r)),
            (a.1 + b.1) / 2 + i64::from(rng.range(-r, r)),
        );
        let mid = (
            mid.0.clamp(1, COLNO as i64 - 1),
            mid.1.clamp(0, ROWNO as i64 - 1),
        );
        self.random_line_depth(a, mid, roughness / 2, rng, depth + 1);
        self.random_line_depth(mid, b, roughness / 2, rng, depth + 1);
    }

    /// The outline of a rectangle.
    pub fn rect(&mut self, (x1, y1): (i64, i64), (x2, y2): (i64, i64)) {
        let (lx, hx, ly, hy) = (x1.min(x2), x1.max(x2), y1.min(y2), y1.max(y2));
        for x in lx.max(0)..=hx.min(COLNO as i64 - 1) {
            self.set(x, ly, true);
            self.set(x, hy, true);
        }
        for y in ly.max(0)..=hy.min(ROWNO as i64 - 1) {
            self.set(lx, y, true);
            self.set(hx, y, true);
        }
    }

    /// A filled rectangle.
    pub fn fill_rect(&mut self, (x1, y1): (i64, i64), (x2, y2): (i64, i64)) {
        let (lx, hx, ly, hy) = (x1.min(x2), x1.max(x2), y1.min(y2), y1.max(y2));
        for y in ly.max(0)..=hy.min(ROWNO as i64 - 1) {
            for x in lx.max(0)..=hx.min(COLNO as i64 - 1) {
                self.set(x, y, true);
            }
        }
    }

    /// An ellipse around (x, y) with radii (rx, ry), filled or its rim.
    pub fn ellipse(&mut self, (cx, cy): (i64, i64), rx: i64, ry: i64, filled: bool) {
        let (rx, ry) = (rx.clamp(0, COLNO as i64), ry.clamp(0, COLNO as i64));
        let inside = |x: i64, y: i64, rx: i64, ry: i64| {
            let (rx, ry) = (rx.max(1) as f64, ry.max(1) as f64);
            let (dx, dy) = ((x - cx) as f64, (y - cy) as f64);
            (dx * dx) / (rx * rx) + (dy * dy) / (ry * ry) <= 1.0
        };
        for y in 0..ROWNO as i64 {
            for x in 0..COLNO as i64 {
                let within = inside(x, y, rx, ry);
                let rim = within && !inside(x, y, rx - 1, ry - 1) || rx == 0 || ry == 0;
                if within && (filled || rim) {
                    self.set(x, y, true);
                }
            }
        }
    }

    /// Each cell next to the selection in the given directions (all
    /// eight when `None`) added.
    pub fn grow(&self, directions: Option<&[(i64, i64)]>) -> Selection {
        let directions = directions.unwrap_or(neighbours(true));
        let mut out = self.clone();
        for (x, y) in self.points() {
            for (dx, dy) in directions {
                // Growing towards a direction takes the cell from there.
                out.set(x - dx, y - dy, true);
            }
        }
        out
    }
}
