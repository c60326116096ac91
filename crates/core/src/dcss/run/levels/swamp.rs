//! The Swamp (`dgn-swamp.cc`): a heightmap raised in slushy patches
//! over a grid of the level, smoothed, then read as mangroves, floor and
//! shallow water, deeper levels wetter; mangroves fill the edge.

use super::heights::{point_from, Heights};
use super::{Level, H, W};
use crate::dcss::run::dice::Dice;
use crate::rng::Rng;

pub fn build(level: &mut Level, rng: &mut Rng, depth: i64) {
    let mut heights = Heights::new(-19);
    slushy_patches(&mut heights, rng, (depth - 1) * 3);
    heights.smooth();
    const MARGIN: i64 = 6;
    for y in 0..H {
        for x in 0..W {
            let edge = x < MARGIN || y < MARGIN || x >= W - MARGIN || y >= H - MARGIN;
            let feature = if edge {
                "mangrove"
            } else {
                feature_for_height(heights.at(x, y), depth)
            };
            level.set(x, y, feature);
        }
    }
}

fn slushy_patches(heights: &mut Heights, rng: &mut Rng, depth_multiplier: i64) {
    const MARGIN: i64 = 15;
    const INTERVAL: usize = 4;
    const FUZZ: i64 = 9;
    let centre = (W / 2, H / 2);
    for y in (MARGIN..H - MARGIN - 1).step_by(INTERVAL) {
        for x in (MARGIN..W - MARGIN - 1).step_by(INTERVAL) {
            let c = point_from(rng, (x, y), FUZZ, MARGIN).unwrap_or((0, 0));
            let (dx, dy) = (centre.0 - c.0, centre.1 - c.1);
            let depth = 1600 - (dx * dx + dy * dy);
            let offset = depth * 10 / 1600;
            let points = rng.random_range(5, 25 - depth_multiplier / 2);
            let radius = rng.random_range(2, 6);
            heights.island(rng, c, points, radius, (8 + offset, 17 + offset), MARGIN);
        }
    }
}

fn feature_for_height(height: i64, depth: i64) -> &'static str {
    if height > 8 - depth * 2 {
        "shallow_water"
    } else if height > -8 {
        "floor"
    } else if height > -10 {
        "shallow_water"
    } else {
        "mangrove"
    }
}
