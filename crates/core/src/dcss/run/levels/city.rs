//! The chaotic city (`dgn_build_chaotic_city_level`): the level cleared
//! to floor, then boxes of wall, some hollow with doors, that never
//! touch, and now and then an octagonal market square.

use super::{Level, H, W};
use crate::dcss::run::dice::Dice;
use crate::rng::Rng;

/// `wall`: the wall crawl is told to build with (Dis, Lair), else any.
pub fn chaotic_city(level: &mut Level, rng: &mut Rng, wall: Option<&'static str>) {
    let boxes = rng
        .weighted(&[(32, 4000), (24, 3000), (16, 5000), (8, 2000), (1, 1000)])
        .unwrap_or(8);
    let mut drawing = wall.unwrap_or_else(|| any_wall(rng, (10, 5, 3)));
    level.replace_area((10, 10), (W - 10, H - 10), "rock_wall", "floor");
    for _ in 0..boxes {
        let width = 3 + rng.random2(7) + rng.random2(5);
        let height = 3 + rng.random2(7) + rng.random2(5);
        let x1 = 11 + rng.random2(W - 21 - width);
        let y1 = 11 + rng.random2(H - 21 - height);
        let (x2, y2) = (x1 + width, y1 + height);
        if level.count_other_than(x1 - 1, y1 - 1, x2 + 2, y2 + 2, "floor") != 0 {
            continue;
        }
        if wall.is_none() && rng.one_chance_in(3) {
            drawing = any_wall(rng, (261, 116, 40));
        }
        if rng.one_chance_in(3) {
            box_room(level, rng, (x1, y1, x2, y2), drawing);
        } else {
            level.replace_area((x1, y1), (x2, y2), "floor", drawing);
        }
    }
    if rng.one_chance_in(4) {
        let oblique = if rng.one_chance_in(4) {
            0
        } else {
            5 + rng.random2(20)
        };
        let floor = if rng.one_chance_in(10) {
            if rng.coinflip() {
                "lava"
            } else {
                "deep_water"
            }
        } else {
            "floor"
        };
        octa_room(level, (25, 25, 55, 45), oblique, floor);
    }
}

/// Rock, stone or metal, by the weights given.
fn any_wall(rng: &mut Rng, (rock, stone, metal): (i64, i64, i64)) -> &'static str {
    rng.weighted(&[
        (rock, "rock_wall"),
        (stone, "stone_wall"),
        (metal, "metal_wall"),
    ])
    .unwrap_or("rock_wall")
}

/// `_box_room`: a hollow box of `wall` with a door or three, and a door
/// wherever the box would shut another box's door in.
pub fn box_room(
    level: &mut Level,
    rng: &mut Rng,
    (x1, y1, x2, y2): (i64, i64, i64, i64),
    wall: &'static str,
) {
    level.replace_area((x1, y1), (x2, y1), "floor", wall);
    level.replace_area((x1, y2), (x2, y2), "floor", wall);
    level.replace_area((x1, y1 + 1), (x1, y2 - 1), "floor", wall);
    level.replace_area((x2, y1 + 1), (x2, y2 - 1), "floor", wall);
    let forced = box_doors(level, rng, (x1, y1, x2, y2), 0);
    let mut doors = rng.weighted(&[(54, 2), (23, 1), (23, 3)]).unwrap_or(2);
    if (x2 - x1) * (y2 - y1) < 36 && doors > 1 {
        doors -= 1;
    }
    doors -= forced;
    if doors > 0 {
        box_doors(level, rng, (x1, y1, x2, y2), doors);
    }
}

/// The cells of a box's sides in crawl's order: top and bottom in turn
/// across, then left and right in turn down.
fn sides((x1, y1, x2, y2): (i64, i64, i64, i64)) -> Vec<(i64, i64)> {
    let across = (x1 + 1..x2).flat_map(|x| [(x, y1), (x, y2)]);
    let down = (y1 + 1..y2).flat_map(|y| [(x1, y), (x2, y)]);
    across.chain(down).collect()
}

/// `_box_room_doors`: with `wanted` 0, the doors the box must have (a
/// side cell beside another box's door) are made and counted; else up to
/// `wanted` doors on good spots.
fn box_doors(level: &mut Level, rng: &mut Rng, bounds: (i64, i64, i64, i64), wanted: i64) -> i64 {
    let (x1, y1, x2, y2) = bounds;
    if 2 * (x2 - x1 + y2 - y1) > 200 {
        return 0;
    }
    let spots = sides(bounds);
    let mut good: Vec<u8> = spots.iter().map(|&(x, y)| door_spot(level, x, y)).collect();
    if wanted == 0 {
        return good.iter().filter(|&&g| g == 2).count() as i64;
    }
    let mut wanted = wanted.min(good.iter().filter(|&&g| g == 1).count() as i64);
    while wanted > 0 && !good.is_empty() {
        let spot = rng.random2(good.len() as i64) as usize;
        if good[spot] != 1 {
            continue;
        }
        let (x, y) = spots[spot];
        level.set(x, y, "closed_door");
        good[spot] = 2;
        wanted -= 1;
    }
    wanted
}

/// `_box_room_door_spot`: 2 (and a door made) where a door beside must
/// not be shut in, 1 where walls stand on two opposite sides only.
fn door_spot(level: &mut Level, x: i64, y: i64) -> u8 {
    let wall = |dx: i64, dy: i64| level.is_wall(x + dx, y + dy);
    let door = |dx: i64, dy: i64| level.get(x + dx, y + dy) == "closed_door";
    let shut_in = door(-1, 0) && wall(-1, -1) && wall(-1, 1)
        || door(1, 0) && wall(1, -1) && wall(1, 1)
        || door(0, -1) && wall(-1, -1) && wall(1, -1)
        || door(0, 1) && wall(-1, 1) && wall(1, 1);
    if shut_in {
        level.set(x, y, "closed_door");
        return 2;
    }
    let (north, south, east, west) = (wall(0, -1), wall(0, 1), wall(-1, 0), wall(1, 0));
    u8::from(north == south && east == west && north != east)
}

/// `_octa_room`: the walls of a region turned to `floor`, its corners
/// cut by `oblique` cells.
pub fn octa_room(
    level: &mut Level,
    (x1, y1, x2, y2): (i64, i64, i64, i64),
    oblique_max: i64,
    floor: &'static str,
) {
    let mut oblique = oblique_max;
    for x in x1..x2 {
        for y in y1 + oblique..y2 - oblique {
            if level.is_wall(x, y) {
                level.set(x, y, floor);
            }
            if level.get(x, y) == "floor" && floor == "shallow_water" {
                level.set(x, y, "shallow_water");
            }
            if level.get(x, y) == "closed_door" && !is_solid(floor) {
                level.set(x, y, "floor");
            }
        }
        if x > x2 - oblique_max {
            oblique += 2;
        }
        if oblique > 0 {
            oblique -= 1;
        }
    }
}

fn is_solid(feature: &str) -> bool {
    feature.ends_with("_wall") || feature == "tree"
}
