//! The Shoals (`dgn-shoals.cc`, `dgn_build_shoals_level`): open sea
//! raised into islands (some of them atolls) and a few cliffs on a
//! heightmap, smoothed, then read by height as deep and shallow water,
//! beach, rock and stone; the stairs the level lacks go on its floor.
//! The tides and the plants crawl adds after its vaults are not drawn.

use super::heights::{point_from, Heights};
use super::{open, Level, H, W};
use crate::dcss::run::dice::Dice;
use crate::rng::Rng;

/// How far islands keep from the level's edge.
const MARGIN: i64 = 6;
/// Islands closer than this (squared) to another are placed again.
const SEPARATION_SQUARED: i64 = 5 * 5;
/// The heights that divide one feature from the next (`SHT_*`).
const STONE: i64 = 400;
const ROCK: i64 = 135;
const FLOOR: i64 = 0;
const SHALLOW_WATER: i64 = -30;

/// The Shoals' level `depth` (from 1): the deeper, the fewer islands.
pub fn build(level: &mut Level, rng: &mut Rng, depth: i64) {
    level.replace_area((0, 0), (W - 1, H - 1), "rock_wall", "open_sea");
    let mut heights = Heights::new(SHALLOW_WATER - 3);
    islands(&mut heights, rng, 20 - (depth - 1) * 2);
    cliffs(&mut heights, rng);
    heights.smooth();
    for y in 1..H - 1 {
        for x in 1..W - 1 {
            level.set(x, y, feature_by_height(heights.at(x, y)));
        }
    }
    open::stone_stairs(level, rng, false);
}

/// `dgn_island_plan::build`: each island at a spot clear of the others
/// where one is found, with up to three smaller ones beside it.
fn islands(heights: &mut Heights, rng: &mut Rng, count: i64) {
    let mut centres: Vec<(i64, i64)> = Vec::new();
    for _ in 0..count {
        let centre = island_spot(rng, &centres);
        centres.push(centre);
        let points = rng.random_range(50, 60);
        let radius = rng.random_range(3, 10);
        raise(heights, rng, centre, points, radius, (80, 110));
        for _ in 0..rng.random_range(0, 3) {
            let offset = rng.random_range(2, 10);
            if let Some(beside) = point_from(rng, centre, offset, MARGIN) {
                let points = rng.random_range(25, 45);
                let radius = rng.random_range(2, 7);
                raise(heights, rng, beside, points, radius, (50, 65));
            }
        }
    }
}

/// An island or, one time in ten, an atoll.
fn raise(
    heights: &mut Heights,
    rng: &mut Rng,
    centre: (i64, i64),
    points: i64,
    radius: i64,
    delta: (i64, i64),
) {
    if rng.x_chance_in_y(10, 100) {
        heights.atoll(rng, centre, points, radius, delta, MARGIN);
    } else {
        heights.island(rng, centre, points, radius, delta, MARGIN);
    }
}

/// `pick_island_spot`: up to fifteen tries for a centre (twice the
/// margin in) clear of the islands before it; the last try stands.
fn island_spot(rng: &mut Rng, centres: &[(i64, i64)]) -> (i64, i64) {
    let mut spot = (0, 0);
    for _ in 0..15 {
        spot = point_in_margin(rng, MARGIN * 2);
        let collides = centres.iter().any(|&(x, y)| {
            let (dx, dy) = (x - spot.0, y - spot.1);
            dx * dx + dy * dy < SEPARATION_SQUARED
        });
        if !collides {
            break;
        }
    }
    spot
}

/// `dgn_random_point_in_margin`.
fn point_in_margin(rng: &mut Rng, margin: i64) -> (i64, i64) {
    let x = rng.random_range(margin, W - margin - 1);
    let y = rng.random_range(margin, H - margin - 1);
    (x, y)
}

/// `_shoals_cliffs`: none to six (two rolls averaged) short ridges of
/// high ground, each a line of steep little islands.
fn cliffs(heights: &mut Heights, rng: &mut Rng) {
    // crawl's `random_range(0, 6, 2)`: from 0, the mean of two rolls.
    let count = rng.random2avg(7, 2);
    for _ in 0..count {
        let centre = point_in_margin(rng, MARGIN * 2);
        let length = rng.random_range(6, 15);
        let angle = (rng.random2(360) as f64).to_radians();
        for i in (0..length).step_by(3) {
            let distance = (i - length / 2) as f64;
            let x = centre.0 + (distance * angle.cos()) as i64 + rng.random_range(-2, 2);
            let y = centre.1 + (distance * angle.sin()) as i64 + rng.random_range(-2, 2);
            let points = rng.random_range(40, 60);
            heights.island(rng, (x, y), points, 3, (100, 130), MARGIN);
        }
    }
}

/// `_shoals_feature_by_height`.
fn feature_by_height(height: i64) -> &'static str {
    match height {
        h if h >= STONE => "stone_wall",
        h if h >= ROCK => "rock_wall",
        h if h >= FLOOR => "floor",
        h if h >= SHALLOW_WATER => "shallow_water",
        _ => "deep_water",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dcss::{LEVEL_HEIGHT, LEVEL_WIDTH};

    fn level_of_rock() -> Level {
        Level {
            cells: vec![vec!["rock_wall"; LEVEL_WIDTH]; LEVEL_HEIGHT],
        }
    }

    #[test]
    fn islands_rise_from_open_sea_with_every_stair_on_land() {
        for seed in 0..8 {
            let mut level = level_of_rock();
            build(&mut level, &mut Rng::new(seed), 1);
            // The level's edge stays open sea, the sea around the islands
            // is deep.
            for x in 0..W {
                assert_eq!(level.get(x, 0), "open_sea");
                assert_eq!(level.get(x, H - 1), "open_sea");
            }
            let count = |feature: &str| {
                level
                    .cells
                    .iter()
                    .flatten()
                    .filter(|f| **f == feature)
                    .count()
            };
            assert!(count("deep_water") > 1500, "seed {seed}");
            assert_eq!(level.get(1, 1), "deep_water", "seed {seed}");
            let floor = count("floor");
            assert!(floor > 200, "seed {seed}: {floor} cells of beach");
            for (down, up) in &super::super::open::STAIR_PAIRS[..3] {
                assert!(
                    level.has(down) && level.has(up),
                    "seed {seed}: {down}, {up}"
                );
            }
        }
    }

    #[test]
    fn heights_read_as_crawls_features() {
        let read: Vec<_> = [400, 135, 134, 0, -1, -30, -31]
            .into_iter()
            .map(feature_by_height)
            .collect();
        assert_eq!(
            read,
            [
                "stone_wall",
                "rock_wall",
                "floor",
                "floor",
                "shallow_water",
                "shallow_water",
                "deep_water"
            ]
        );
    }
}
