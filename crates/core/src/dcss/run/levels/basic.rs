//! The basic level (`dgn_build_basic_level`): three wandering trails
//! with a pair of stairs at their ends, joined to one another; now and
//! then a big room or diamond rooms; then rooms cut into the rock with
//! doors where corridors meet them; deeper, pools, a river or a lake.

use super::city::{box_room, octa_room};
use super::open::{lake, many_pools, river};
use super::{Level, H, W};
use crate::dcss::run::dice::Dice;
use crate::rng::Rng;

/// Where a trail may start: x, width, y, height.
type StartBox = (i64, i64, i64, i64);

/// The three trails' boxes of start and their stairs.
const TRAILS: [(StartBox, &str, &str); 3] = [
    ((35, 30, 35, 20), "stone_stairs_down_i", "stone_stairs_up_i"),
    (
        (10, 15, 10, 15),
        "stone_stairs_down_ii",
        "stone_stairs_up_ii",
    ),
    (
        (50, 20, 10, 15),
        "stone_stairs_down_iii",
        "stone_stairs_up_iii",
    ),
];

/// `depth`: crawl's absolute depth from 0 (`env.absdepth0`).
pub fn basic(level: &mut Level, rng: &mut Rng, depth: i64) {
    let corridor = 2 + rng.random2(14);
    let turns = if rng.one_chance_in(100) {
        500 + rng.random2(500)
    } else {
        30 + rng.random2(200)
    };
    let crossing = if rng.one_chance_in(20) {
        400
    } else {
        rng.random2(20)
    };
    let trail = Trail {
        corridor,
        turns,
        crossing,
    };
    let mut starts = Vec::new();
    for (area, down, up) in TRAILS {
        if let Some((begin, end)) = trail.make(level, rng, area) {
            level.set(begin.0, begin.1, down);
            level.set(end.0, end.1, up);
            starts.push(begin);
        }
    }
    for (i, &from) in starts.iter().enumerate() {
        for &to in &starts[i + 1..] {
            join_the_dots(level, rng, from, to);
        }
    }
    if depth > 1 && rng.one_chance_in(16) {
        big_room(level, rng, depth);
    }
    if rng.random2(depth) > 6 && rng.one_chance_in(3) {
        diamond_rooms(level, rng, depth);
    }
    let door_level = rng.random2(11);
    let mut room_size = 4 + rng.random2(5);
    room_size += rng.random2(6);
    let usual = 5 + rng.random2avg(29, 2);
    let rooms = rng
        .weighted(&[(636, usual), (49, 100), (15, 1)])
        .unwrap_or(usual);
    let doors = 2 + rng.random2(8);
    random_rooms(level, rng, rooms, doors, door_level, (50, 40, room_size));
    let few = 1 + rng.random2(3);
    random_rooms(level, rng, few, 1, door_level, (55, 45, 6));
    extras(level, rng, depth);
}

/// How the trails wander: a corridor's longest run, how many turns, how
/// seldom one stops at another's floor.
struct Trail {
    corridor: i64,
    turns: i64,
    crossing: i64,
}

impl Trail {
    /// `_make_trail`: its start and end, none when it gives up.
    fn make(
        &self,
        level: &mut Level,
        rng: &mut Rng,
        (xs, xr, ys, yr): StartBox,
    ) -> Option<((i64, i64), (i64, i64))> {
        let mut tries: i64 = 200;
        let mut pos;
        loop {
            pos = (xs + rng.random2(xr), ys + rng.random2(yr));
            let viable = viable_start(level, pos);
            if viable {
                break;
            }
            tries -= 1;
            if tries < 0 {
                return None;
            }
        }
        let begin = pos;
        let mut tries = 200;
        let mut finished = 0;
        let mut length = 0;
        while finished < self.turns {
            if tries == 0 {
                return None;
            }
            tries -= 1;
            let mut dir = if rng.coinflip() {
                (random_dir(rng, pos.0, W, 15), 0)
            } else {
                (0, random_dir(rng, pos.1, H, 15))
            };
            if dir.0 == 0 || length == 0 {
                length = rng.random2(self.corridor) + 2;
            }
            for _ in 0..length {
                if pos.0 < 4 {
                    dir = (1, 0);
                }
                if pos.0 > W - 1 - 4 {
                    dir = (-1, 0);
                }
                if pos.1 < 4 {
                    dir = (0, 1);
                }
                if pos.1 > H - 1 - 4 {
                    dir = (0, -1);
                }
                let ahead = level.get(pos.0 + 2 * dir.0, pos.1 + 2 * dir.1);
                if ahead == "floor" && !rng.one_chance_in(self.crossing) {
                    break;
                }
                pos = (pos.0 + dir.0, pos.1 + dir.1);
                if level.get(pos.0, pos.1) == "rock_wall" {
                    level.set(pos.0, pos.1, "floor");
                }
            }
            if finished == self.turns - 1 && level.get(pos.0, pos.1) != "floor" {
                finished -= 2;
            }
            finished += 1;
        }
        Some((begin, pos))
    }
}

/// `_viable_trail_start_location`: rock or floor beside rock.
fn viable_start(level: &Level, (x, y): (i64, i64)) -> bool {
    let here = level.get(x, y);
    if here != "rock_wall" && here != "floor" {
        return false;
    }
    [(0, -1), (1, 0), (0, 1), (-1, 0)].iter().any(|(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        in_bounds(nx, ny) && level.get(nx, ny) == "rock_wall"
    })
}

/// crawl's `in_bounds`: inside the level's one-cell edge.
fn in_bounds(x: i64, y: i64) -> bool {
    x > 0 && x < W - 1 && y > 0 && y < H - 1
}

/// `_trail_random_dir`: away from an edge within `margin`, else (and
/// two times in five anyway) either way.
fn random_dir(rng: &mut Rng, pos: i64, bound: i64, margin: i64) -> i64 {
    let dir = if pos < margin {
        1
    } else if pos > bound - margin {
        -1
    } else {
        0
    };
    if dir == 0 || rng.x_chance_in_y(2, 5) {
        if rng.random2(2) == 0 {
            -1
        } else {
            1
        }
    } else {
        dir
    }
}

/// `join_the_dots` on the level: a path of orthogonal steps, each
/// closing in on `to` (across or down at random when both do), made
/// floor where it crosses wall, floor or liquid. crawl draws its
/// choices from a generator of their own, seeded from the level's.
fn join_the_dots(level: &mut Level, rng: &mut Rng, from: (i64, i64), to: (i64, i64)) {
    let mut own = Rng::new(rng.next_u64());
    let mut at = from;
    while at != to {
        let across = (to.0 - at.0).signum();
        let down = (to.1 - at.1).signum();
        let step = match (across, down) {
            (0, d) => (0, d),
            (a, 0) => (a, 0),
            (a, d) => {
                if own.coinflip() {
                    (a, 0)
                } else {
                    (0, d)
                }
            }
        };
        at = (at.0 + step.0, at.1 + step.1);
        if is_wall_floor_or_liquid(level.get(at.0, at.1)) {
            level.set(at.0, at.1, "floor");
        }
    }
}

fn is_wall_floor_or_liquid(feature: &str) -> bool {
    feature.ends_with("_wall")
        || matches!(feature, "floor" | "deep_water" | "shallow_water" | "lava")
}

/// A region from its corner and size, as `(x1, y1, x2, y2)` with both
/// corners in it.
fn region(left: i64, top: i64, width: i64, height: i64) -> (i64, i64, i64, i64) {
    (left, top, left + width - 1, top + height - 1)
}

fn random_region(rng: &mut Rng) -> (i64, i64, i64, i64) {
    let left = 8 + rng.random2(30);
    let top = 8 + rng.random2(22);
    let width = 21 + rng.random2(10);
    let height = 21 + rng.random2(8);
    region(left, top, width, height)
}

/// `_big_room`: an octagon of floor (or, deep, of lava or water), or a
/// box of floor or liquid, chequered with wall or holding boxes of
/// stone one inside another.
fn big_room(level: &mut Level, rng: &mut Rng, depth: i64) {
    let mut floor = "floor";
    if rng.one_chance_in(4) {
        let oblique = 5 + rng.random2(20);
        let room = random_region(rng);
        if !rng.one_chance_in(5) || depth < 8 + rng.random2(8) {
            octa_room(level, room, oblique, "floor");
            return;
        }
        floor = "lava";
        if depth > 7 && rng.x_chance_in_y(14, depth) {
            floor = "deep_water";
        }
        octa_room(level, room, oblique, floor);
    }
    let (x1, y1, x2, y2) = random_region(rng);
    if depth > 7 && rng.one_chance_in(4) {
        floor = if rng.x_chance_in_y(14, depth) {
            "deep_water"
        } else {
            "lava"
        };
    }
    level.replace_area((x1, y1), (x2, y2), "rock_wall", floor);
    level.replace_area((x1, y1), (x2, y2), "closed_door", floor);
    let second = if floor == "floor" {
        random_wall(rng)
    } else {
        "floor"
    };
    if rng.one_chance_in(4) {
        for y in y1..=y2 {
            for x in x1..=x2 {
                if level.get(x, y) == floor {
                    level.set(x, y, if (x + y) % 2 == 1 { second } else { floor });
                }
            }
        }
    } else if rng.one_chance_in(6) {
        let (mut i, mut j, mut k, mut l) = (x1, y1, x2, y2);
        loop {
            i += 2 + rng.random2(3);
            j += 2 + rng.random2(3);
            k -= 2 + rng.random2(3);
            l -= 2 + rng.random2(3);
            if i >= k - 3 || j >= l - 3 {
                break;
            }
            box_room(level, rng, (i, j, k, l), "stone_wall");
        }
    }
}

/// `_random_wall`: metal, crystal, rock or stone.
fn random_wall(rng: &mut Rng) -> &'static str {
    loop {
        match rng.random_range(0, 4) {
            0 => return "metal_wall",
            1 => return "crystal_wall",
            2 => return "rock_wall",
            3 => continue,
            _ => return "stone_wall",
        }
    }
}

/// `_diamond_rooms`: up to ten octagons as steep as they are wide, of
/// water, and deeper of lava or wall.
fn diamond_rooms(level: &mut Level, rng: &mut Rng, depth: i64) {
    let rooms = 1 + rng.random2(10);
    let mut floor = "deep_water";
    if depth > 5 + rng.random2(5) && rng.coinflip() {
        floor = "shallow_water";
    }
    if depth > 10 + rng.random2(5) && rng.coinflip() {
        floor = "deep_water";
    }
    if depth > 17 && rng.coinflip() {
        floor = "lava";
    }
    if depth > 10 && rng.one_chance_in(15) {
        floor = if rng.random2(2) == 0 {
            "stone_wall"
        } else {
            "rock_wall"
        };
    }
    if depth > 12 && rng.one_chance_in(20) {
        floor = "metal_wall";
    }
    for _ in 0..rooms {
        let left = 8 + rng.random2(43);
        let top = 8 + rng.random2(35);
        let width = 6 + rng.random2(15);
        let height = 6 + rng.random2(10);
        octa_room(level, region(left, top, width, height), width / 2, floor);
    }
}

/// `_make_random_rooms`: `count` rooms in the box from (8, 8) that
/// `(width, height, size)` bound, each tried until it fits its doors.
fn random_rooms(
    level: &mut Level,
    rng: &mut Rng,
    count: i64,
    most_doors: i64,
    door_level: i64,
    (width, height, size): (i64, i64, i64),
) {
    let (mut i, mut failed) = (0, 0);
    while i < count {
        let sx = 8 + rng.random2(width);
        let sy = 8 + rng.random2(height);
        let ex = sx + 2 + rng.random2(size);
        let ey = sy + 2 + rng.random2(size);
        if !make_room(level, rng, (sx, sy, ex, ey), most_doors, door_level) {
            failed += 1;
            i -= 1;
        }
        if failed > 30 {
            failed = 0;
            i += 1;
        }
        i += 1;
    }
}

/// `_good_door_spot`: not solid (or a door), and not a stair.
fn good_door_spot(level: &Level, x: i64, y: i64) -> i64 {
    let feature = level.get(x, y);
    let critical = feature.contains("stairs") || feature.starts_with("escape_hatch");
    i64::from((!is_solid(feature) || feature == "closed_door") && !critical)
}

fn is_solid(feature: &str) -> bool {
    feature.ends_with("_wall") || matches!(feature, "tree" | "closed_door")
}

/// `_make_room`: a room of floor where its sides meet no more than
/// `most_doors` open cells, with doors (by `door_level` in ten) where a
/// corridor meets its side between walls.
fn make_room(
    level: &mut Level,
    rng: &mut Rng,
    (sx, sy, ex, ey): (i64, i64, i64, i64),
    most_doors: i64,
    door_level: i64,
) -> bool {
    let spot = |x, y| good_door_spot(level, x, y);
    let mut doors = 0;
    for x in sx..=ex {
        doors += spot(x, sy) + spot(x, ey);
    }
    for y in sy + 1..ey {
        doors += spot(sx, y) + spot(ex, y);
    }
    let corners = spot(sx, sy) + spot(ex, sy) + spot(sx, ey) + spot(ex, ey);
    if corners + doors > 1 && most_doors == 1 {
        return false;
    }
    if doors == 0 || doors > most_doors {
        return false;
    }
    for y in sy..=ey {
        for x in sx..=ex {
            let feature = level.get(x, y);
            let dry =
                !is_solid(feature) && !matches!(feature, "deep_water" | "shallow_water" | "lava");
            if !dry {
                level.set(x, y, "floor");
            }
        }
    }
    let solid = |level: &Level, x, y| is_solid(level.get(x, y));
    for y in sy + 1..ey {
        for x in [sx - 1, ex + 1] {
            if level.get(x, y) == "floor"
                && solid(level, x, y - 1)
                && solid(level, x, y + 1)
                && rng.x_chance_in_y(door_level, 10)
            {
                level.set(x, y, "closed_door");
            }
        }
    }
    for x in sx + 1..ex {
        for y in [sy - 1, ey + 1] {
            if level.get(x, y) == "floor"
                && solid(level, x - 1, y)
                && solid(level, x + 1, y)
                && rng.x_chance_in_y(door_level, 10)
            {
                level.set(x, y, "closed_door");
            }
        }
    }
    true
}

/// `_builder_extras`: deeper, pools; else now and then a river or lake.
fn extras(level: &mut Level, rng: &mut Rng, depth: i64) {
    if depth > 6 && rng.one_chance_in(10) {
        let mut pool = if depth < 11 || rng.coinflip() {
            "deep_water"
        } else {
            "lava"
        };
        if rng.one_chance_in(15) {
            pool = "tree";
        }
        many_pools(level, rng, pool);
        return;
    }
    let mut water = if rng.one_chance_in(5 + depth) {
        "shallow_water"
    } else {
        "deep_water"
    };
    if depth > 11 && (rng.one_chance_in(5) || depth > 15 && !rng.one_chance_in(5)) {
        water = "lava";
    }
    if depth > 8 && rng.one_chance_in(16) {
        river(level, rng, water);
    } else if depth > 8 && rng.one_chance_in(12) {
        lake(
            level,
            rng,
            if water == "shallow_water" {
                "deep_water"
            } else {
                water
            },
        );
    }
}
