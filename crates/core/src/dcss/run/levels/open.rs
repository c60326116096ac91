//! Open levels (`dgn-layouts.cc`): the bigger room — the level cleared
//! to floor ten cells in from its edge, pools scattered over it, now and
//! then a river or a lake — and the stone stairs crawl places on any
//! level that lacks them.

use super::{Level, H, W};
use crate::dcss::run::dice::Dice;
use crate::rng::Rng;

/// `dgn_build_bigger_room_level`.
pub fn bigger_room(level: &mut Level, rng: &mut Rng) {
    for y in 10..H - 10 {
        for x in 10..W - 10 {
            if level.get(x, y) == "rock_wall" {
                level.set(x, y, "floor");
            }
        }
    }
    let pool = if rng.one_chance_in(15) {
        "tree"
    } else {
        "deep_water"
    };
    many_pools(level, rng, pool);
    if rng.one_chance_in(3) {
        if rng.coinflip() {
            river(level, rng, "deep_water");
        } else {
            lake(level, rng, "deep_water");
        }
    }
    stone_stairs(level, rng, true);
}

/// `_many_pools`: some twenty pools, each in a box of floor.
pub fn many_pools(level: &mut Level, rng: &mut Rng, pool: &'static str) {
    let wanted = 20 + rng.random2avg(9, 2);
    let mut placed = 0;
    let mut tries = 0;
    while placed < wanted && tries < 30_000 {
        tries += 1;
        let x1 = rng.random_range(1, W - 22);
        let y1 = rng.random_range(1, H - 22);
        let x2 = x1 + 2 + rng.roll_dice(2, 9);
        let y2 = y1 + 2 + rng.roll_dice(2, 9);
        if level.count_other_than(x1, y1, x2, y2, "floor") == 0 {
            place_pool(level, rng, pool, (x1, y1, x2, y2));
            placed += 1;
        }
    }
}

/// `_place_pool`: a blob of `pool` over the floor of a box, its edges
/// wandering row by row.
fn place_pool(
    level: &mut Level,
    rng: &mut Rng,
    pool: &'static str,
    (x1, y1, x2, y2): (i64, i64, i64, i64),
) {
    if x1 >= x2 - 4 || y1 >= y2 - 4 {
        return;
    }
    let mut left = x1 + 2 + rng.random2(x2 - x1);
    let mut right = x2 - 2 - rng.random2(x2 - x1);
    for y in y1 + 1..y2 - 1 {
        for x in x1 + 1..x2 - 1 {
            if x >= left && x <= right && level.get(x, y) == "floor" {
                level.set(x, y, pool);
            }
        }
        let upper_half = y - y1 < (y2 - y1) / 2;
        if upper_half || rng.one_chance_in(4) {
            if left > x1 + 1 {
                left -= rng.random2(3);
            }
            if right < x2 - 1 {
                right += rng.random2(3);
            }
        }
        if left < x2 - 1 && (!upper_half || left <= x1 + 2 || rng.one_chance_in(4)) {
            left += rng.random2(3);
        }
        if right > x1 + 1 && (!upper_half || right >= x2 - 2 || rng.one_chance_in(4)) {
            right -= rng.random2(3);
        }
    }
}

/// Whether a river or lake may cover a cell: not over stairs.
fn may_overwrite(level: &Level, x: i64, y: i64) -> bool {
    let feature = level.get(x, y);
    !(feature.contains("stairs") || feature.starts_with("escape_hatch"))
}

/// `_build_river`: a band across the level, wandering up and down.
pub fn river(level: &mut Level, rng: &mut Rng, water: &'static str) {
    let mut width = 3 + rng.random2(4);
    let mut y = 10 - width + rng.random2avg(H - 10, 3);
    for x in 5..W - 5 {
        if rng.one_chance_in(3) {
            y += 1;
        }
        if rng.one_chance_in(3) {
            y -= 1;
        }
        if rng.coinflip() {
            width += 1;
        }
        if rng.coinflip() {
            width -= 1;
        }
        width = width.clamp(2, 6);
        for row in y..y + width {
            if (5..=H - 5).contains(&row) && !rng.one_chance_in(200) && may_overwrite(level, x, row)
            {
                let shallow = width == 2 && water == "deep_water" && rng.coinflip();
                level.set(x, row, if shallow { "shallow_water" } else { water });
            }
        }
    }
}

/// `_build_lake`: a blob whose sides swell, then shrink, row by row.
pub fn lake(level: &mut Level, rng: &mut Rng, water: &'static str) {
    let mut x1 = 5 + rng.random2(W - 30);
    let y1 = 5 + rng.random2(H - 30);
    let mut x2 = x1 + 4 + rng.random2(16);
    let y2 = y1 + 8 + rng.random2(12);
    for y in y1..y2 {
        if rng.coinflip() {
            x1 += rng.random2(3);
        }
        if rng.coinflip() {
            x1 -= rng.random2(3);
        }
        if rng.coinflip() {
            x2 += rng.random2(3);
        }
        if rng.coinflip() {
            x2 -= rng.random2(3);
        }
        if y - y1 < (y2 - y1) / 2 {
            x2 += rng.random2(3);
            x1 -= rng.random2(3);
        } else {
            x2 -= rng.random2(3);
            x1 += rng.random2(3);
        }
        for x in x1..x2 {
            let inside = (5..=H - 5).contains(&y) && (5..=W - 5).contains(&x);
            if inside && !rng.one_chance_in(200) && may_overwrite(level, x, y) {
                level.set(x, y, water);
            }
        }
    }
}

/// The stairs in crawl's order: down, then up, of each of three pairs
/// (and the escape hatches, a coin's toss when `hatches`).
pub(super) const STAIR_PAIRS: [(&str, &str); 4] = [
    ("stone_stairs_down_i", "stone_stairs_up_i"),
    ("stone_stairs_down_ii", "stone_stairs_up_ii"),
    ("stone_stairs_down_iii", "stone_stairs_up_iii"),
    ("escape_hatch_down", "escape_hatch_up"),
];

/// `dgn_place_stone_stairs`: each stair the level lacks, on a floor cell
/// beside floor.
pub fn stone_stairs(level: &mut Level, rng: &mut Rng, hatches: bool) {
    let pairs = if hatches && rng.coinflip() { 4 } else { 3 };
    for &(down, up) in &STAIR_PAIRS[..pairs] {
        for stair in [down, up] {
            if !level.has(stair) {
                if let Some((x, y)) = level.random_floor_beside_floor(rng) {
                    level.set(x, y, stair);
                }
            }
        }
    }
}
