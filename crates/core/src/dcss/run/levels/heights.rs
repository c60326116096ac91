//! crawl's heightmap (`dgn-height.cc`): heights raised around random
//! points, then smoothed, which the Swamp and the Shoals turn into
//! water and land.

use super::{H, W};
use crate::dcss::run::dice::Dice;
use crate::dcss::{LEVEL_HEIGHT, LEVEL_WIDTH};
use crate::rng::Rng;

pub struct Heights {
    cells: Vec<Vec<i64>>,
}

impl Heights {
    /// Every cell at `height` (`dgn_initialise_heightmap`).
    pub fn new(height: i64) -> Heights {
        Heights {
            cells: vec![vec![height; LEVEL_WIDTH]; LEVEL_HEIGHT],
        }
    }

    pub fn at(&self, x: i64, y: i64) -> i64 {
        self.cell(x, y).copied().unwrap_or(0)
    }

    fn cell(&self, x: i64, y: i64) -> Option<&i64> {
        self.cells
            .get(usize::try_from(y).ok()?)?
            .get(usize::try_from(x).ok()?)
    }

    fn cell_mut(&mut self, x: i64, y: i64) -> Option<&mut i64> {
        self.cells
            .get_mut(usize::try_from(y).ok()?)?
            .get_mut(usize::try_from(x).ok()?)
    }

    /// `dgn_island_centred_at` (no atoll): `points` heights raised by a
    /// draw from `delta` around `(x, y)`, each within `radius`.
    pub fn island(
        &mut self,
        rng: &mut Rng,
        (x, y): (i64, i64),
        points: i64,
        radius: i64,
        delta: (i64, i64),
        margin: i64,
    ) {
        for _ in 0..points {
            let reach = rng.random2(1 + radius);
            if let Some((px, py)) = point_from(rng, (x, y), reach, margin) {
                let raise = rng.random_range(delta.0, delta.1);
                if let Some(h) = self.cell_mut(px, py) {
                    *h += raise;
                }
            }
        }
    }

    /// `dgn_island_centred_at` with its atoll: a crater first sunk by as
    /// much as the island rises, then the island raised three cells
    /// wider around it.
    pub fn atoll(
        &mut self,
        rng: &mut Rng,
        centre: (i64, i64),
        points: i64,
        radius: i64,
        delta: (i64, i64),
        margin: i64,
    ) {
        self.island(rng, centre, points, radius, (-delta.1, -delta.0), margin);
        self.island(rng, centre, points, radius + 3, delta, margin);
    }

    /// `dgn_smooth_heights(1, 1)`: each cell the weighted mean of its
    /// neighbours, visited from the centre outwards in four mirrored
    /// quarters, as crawl visits them.
    pub fn smooth(&mut self) {
        let (xspan, yspan) = (W / 2, H / 2);
        for y in (0..yspan).rev() {
            for x in (0..xspan).rev() {
                self.smooth_at(x, y);
                self.smooth_at(2 * xspan - x - 1, y);
                self.smooth_at(x, 2 * yspan - y - 1);
                self.smooth_at(2 * xspan - x - 1, 2 * yspan - y - 1);
            }
        }
    }

    fn smooth_at(&mut self, x: i64, y: i64) {
        if !in_bounds(x, y) {
            return;
        }
        const RADIUS: i64 = 1;
        let most = RADIUS * RADIUS * 2 + 2;
        let (mut divisor, mut total) = (0, 0);
        for ny in y - RADIUS..=y + RADIUS {
            for nx in x - RADIUS..=x + RADIUS {
                if !in_bounds(nx, ny) {
                    continue;
                }
                let (dx, dy) = (x - nx, y - ny);
                let weight = most - (dx * dx + dy * dy);
                divisor += weight;
                total += self.at(nx, ny) * weight;
            }
        }
        if divisor != 0 {
            if let Some(h) = self.cell_mut(x, y) {
                *h = total / divisor;
            }
        }
    }
}

/// crawl's `in_bounds`: inside the level's one-cell edge.
fn in_bounds(x: i64, y: i64) -> bool {
    x > 0 && x < W - 1 && y > 0 && y < H - 1
}

/// `dgn_random_point_from`: a point `radius` away from `(x, y)` in a
/// random direction, at least `margin` from the level's edge; none after
/// seventy tries.
pub fn point_from(
    rng: &mut Rng,
    (x, y): (i64, i64),
    radius: i64,
    margin: i64,
) -> Option<(i64, i64)> {
    for _ in 0..70 {
        let angle = (rng.random2(360) as f64).to_radians();
        let px = x + (radius as f64 * angle.cos()) as i64;
        let py = y + (radius as f64 * angle.sin()) as i64;
        if px >= margin && px < W - margin && py >= margin && py < H - margin {
            return Some((px, py));
        }
    }
    None
}
