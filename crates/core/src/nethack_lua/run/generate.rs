//! What the game's own generators decide: `level_init` styles, room
//! placement, corridors between rooms, mazes. Each draws one example for
//! the seed, in the shape the game gives (the view says so); nothing here
//! claims the game's exact cells.

use super::level::{is_open, neighbours, Level, Room, COLNO, ROWNO, STONE};
use crate::nethack_common::join;
use crate::nethack_common::maze;
use crate::nethack_common::selection::Selection;
use crate::rng::Rng;

pub use crate::nethack_common::maze::{X_MAZE_MAX, Y_MAZE_MAX};

pub fn solid_fill(level: &mut Level, c: u8, line: u32) {
    for y in 0..=Y_MAZE_MAX {
        for x in 2..=X_MAZE_MAX {
            level.put(x, y, c, line);
        }
    }
}

/// `mazegrid`: walls with a stone post at every odd cell.
pub fn maze_grid(level: &mut Level, bg: u8, line: u32) {
    for y in 0..=Y_MAZE_MAX {
        for x in 2..=X_MAZE_MAX {
            let post = y < 2 || (x % 2 == 1 && y % 2 == 1);
            level.put(x, y, if post { STONE } else { bg }, line);
        }
    }
}

/// `maze`: a grid of walls with a maze walked through it.
pub fn maze(level: &mut Level, rng: &mut Rng, line: u32) {
    for y in 0..=Y_MAZE_MAX {
        for x in 2..=X_MAZE_MAX {
            let cell = x % 2 == 1 && y % 2 == 1;
            level.put(x, y, if cell { STONE } else { b'-' }, line);
        }
    }
    // The walk carves the odd cells, and the walls between them.
    let mut carved = Level::default();
    maze::walk_from(&mut carved.building(b'.', line), (3, 3), rng);
    for y in 0..ROWNO as i64 {
        for x in 0..COLNO as i64 {
            if carved.at(x, y) == b'.' {
                level.put(x, y, b'.', line);
            }
        }
    }
    level.wallify_all(line);
}

/// `mines`: a cave (a cellular automaton over `fg`, joined), walled.
pub fn cave(level: &mut Level, fg: u8, bg: u8, rng: &mut Rng, line: u32) {
    let inside = |x: i64, y: i64| (2..X_MAZE_MAX).contains(&x) && (1..Y_MAZE_MAX).contains(&y);
    let mut open = vec![false; COLNO * ROWNO];
    let index = |x: i64, y: i64| y as usize * COLNO + x as usize;
    for y in 0..ROWNO as i64 {
        for x in 0..COLNO as i64 {
            open[index(x, y)] = inside(x, y) && rng.range(0, 99) < 58;
        }
    }
    for _ in 0..4 {
        let before = open.clone();
        for y in 1..ROWNO as i64 - 1 {
            for x in 1..COLNO as i64 - 1 {
                let n = neighbours(true)
                    .iter()
                    .filter(|&&(dx, dy)| before[index(x + dx, y + dy)])
                    .count();
                open[index(x, y)] = inside(x, y) && (n >= 5 || (before[index(x, y)] && n >= 4));
            }
        }
    }
    for y in 0..ROWNO as i64 {
        for x in 1..COLNO as i64 {
            level.put(x, y, if open[index(x, y)] { fg } else { bg }, line);
        }
    }
    join_caves(level, fg, rng, line);
    if bg == STONE {
        level.wallify_all(line);
    }
}

/// Each cave pocket joined to the first by a straight dig.
fn join_caves(level: &mut Level, fg: u8, rng: &mut Rng, line: u32) {
    let mut seen = Selection::default();
    let mut anchors = Vec::new();
    for y in 0..ROWNO as i64 {
        for x in 0..COLNO as i64 {
            if level.at(x, y) == fg && !seen.get(x, y) {
                let pocket = Selection::flood(x, y, false, |x, y| level.at(x, y) == fg);
                seen = seen.union(&pocket);
                if let Some(p) = pocket.random_cell(rng) {
                    anchors.push(p);
                }
            }
        }
    }
    for pair in anchors.windows(2) {
        dig(level, pair[0], pair[1], fg, line);
    }
}

/// A dig along x then y, through anything.
fn dig(level: &mut Level, (x1, y1): (i64, i64), (x2, y2): (i64, i64), c: u8, line: u32) {
    for x in x1.min(x2)..=x1.max(x2) {
        level.put(x, y1, c, line);
    }
    for y in y1.min(y2)..=y1.max(y2) {
        level.put(x2, y, c, line);
    }
}

/// `swamp`: `bg` with a grid of `fg` cells, one more in each 2×2 block.
pub fn swamp(level: &mut Level, fg: u8, bg: u8, rng: &mut Rng, line: u32) {
    solid_fill(level, bg, line);
    for x in (2..=X_MAZE_MAX).step_by(2) {
        for y in (0..Y_MAZE_MAX).step_by(2) {
            level.put(x, y, fg, line);
            let others = [(x + 1, y), (x, y + 1), (x + 1, y + 1)];
            if others.iter().all(|&(a, b)| level.at(a, b) == bg) {
                let (a, b) = others[rng.range(0, 2) as usize];
                level.put(a, b, fg, line);
            }
        }
    }
}

/// What a room asks for: a grid cell (1..5) and alignment, a size; any
/// of them left to chance.
#[derive(Clone, Copy, Default)]
pub struct RoomWish {
    pub grid: Option<(i64, i64)>,
    pub align: (Option<i64>, Option<i64>),
    pub size: Option<(i64, i64)>,
}

/// Places a top-level room as `create_room` does: a random spot for a
/// random room, else the 5×5 grid cell with its alignment; `None` when no
/// free place is found in 100 tries.
pub fn place_room(level: &Level, wish: RoomWish, rng: &mut Rng) -> Option<Room> {
    for _ in 0..100 {
        let (w, h) = wish.size.unwrap_or_else(|| {
            let w = i64::from(rng.range(3, 17));
            let h = i64::from(rng.range(2, 9));
            (w, h.min((50 / w.max(1)).max(1)))
        });
        let (w, h) = (w.clamp(1, 70), h.clamp(1, 17));
        let (lx, ly) = match wish.grid {
            None if wish.align == (None, None) => (
                i64::from(rng.range(3, (COLNO as i64 - w - 3) as i32)),
                i64::from(rng.range(2, (ROWNO as i64 - h - 2) as i32)),
            ),
            grid => {
                let (gx, gy) = grid
                    .unwrap_or_else(|| (i64::from(rng.range(1, 5)), i64::from(rng.range(1, 5))));
                let ax = wish.align.0.unwrap_or_else(|| i64::from(rng.range(1, 3)));
                let ay = wish.align.1.unwrap_or_else(|| i64::from(rng.range(1, 3)));
                let mut x = ((gx - 1) * COLNO as i64) / 5 + 1;
                let mut y = ((gy - 1) * ROWNO as i64) / 5 + 1;
                x += match ax {
                    5 => 16 - w,
                    3 => (16 - w) / 2,
                    _ => 0,
                };
                y += match ay {
                    3 => 4 - h,
                    2 => (4 - h) / 2,
                    _ => 0,
                };
                if x + w - 1 > X_MAZE_MAX {
                    x = COLNO as i64 - w - 3;
                }
                if y + h - 1 > 19 {
                    y = ROWNO as i64 - h - 3;
                }
                (x.max(2), y.max(2))
            }
        };
        let room = Room {
            lx,
            ly,
            hx: lx + w - 1,
            hy: ly + h - 1,
        };
        if fits(level, room) {
            return Some(room);
        }
        if wish.grid.is_some() && wish.size.is_some() && wish.align.0.is_some() {
            // Fully fixed: the same spot every try.
            return fits(level, room).then_some(room);
        }
    }
    None
}

/// The room and its walls on the level, clear of other rooms' walls.
fn fits(level: &Level, r: Room) -> bool {
    r.lx >= 1
        && r.ly >= 1
        && r.hx < COLNO as i64 - 1
        && r.hy < ROWNO as i64 - 1
        && (r.ly - 1..=r.hy + 1).all(|y| (r.lx - 1..=r.hx + 1).all(|x| level.at(x, y) == STONE))
}

/// A subroom inside `parent` (coordinates relative to its floor).
pub fn place_subroom(parent: Room, wish: RoomWish, rng: &mut Rng) -> Option<Room> {
    let (pw, ph) = (parent.hx - parent.lx + 1, parent.hy - parent.ly + 1);
    if pw < 4 || ph < 4 {
        return None;
    }
    let roll = |rng: &mut Rng, n: i64| i64::from(rng.range(1, n.clamp(1, 200) as i32));
    let (w, h) = wish
        .size
        .unwrap_or_else(|| (roll(rng, pw - 3), roll(rng, ph - 3)));
    let (mut x, mut y) = wish
        .grid
        .unwrap_or_else(|| (roll(rng, pw - w), roll(rng, ph - h)));
    if x == 1 {
        x = 0;
    }
    if y == 1 {
        y = 0;
    }
    if x + w + 1 == pw {
        x += 1;
    }
    if y + h + 1 == ph {
        y += 1;
    }
    Some(Room {
        lx: parent.lx + x,
        ly: parent.ly + y,
        hx: parent.lx + x + w - 1,
        hy: parent.ly + y + h - 1,
    })
}

/// A room's floor and walls drawn.
pub fn draw_room(level: &mut Level, r: Room, line: u32) {
    // Only the level's cells are drawn (a room may reach past it).
    let (top, bottom) = ((r.ly - 1).max(0), (r.hy + 1).min(ROWNO as i64 - 1));
    let (left, right) = ((r.lx - 1).max(0), (r.hx + 1).min(COLNO as i64 - 1));
    for y in top..=bottom {
        for x in left..=right {
            let c = if y == r.ly - 1 || y == r.hy + 1 {
                b'-'
            } else if x == r.lx - 1 || x == r.hx + 1 {
                b'|'
            } else {
                b'.'
            };
            level.put(x, y, c, line);
        }
    }
}

/// `random_corridors`: each room joined to the next by a corridor from a
/// door in its wall, as `makecorridors` joins them (one example).
pub fn corridors(level: &mut Level, rng: &mut Rng, line: u32) {
    let rooms = level.rooms.clone();
    for pair in rooms.windows(2) {
        join(level, pair[0], pair[1], rng, line);
    }
}

/// A corridor between two rooms, with a door on each.
pub fn join(level: &mut Level, a: Room, b: Room, rng: &mut Rng, line: u32) {
    let floor = |r: Room| join::Floor {
        lx: r.lx,
        ly: r.ly,
        hx: r.hx,
        hy: r.hy,
    };
    let doors = join::doors(floor(a), floor(b), rng);
    let (da, db, (dx, dy)) = (doors.from, doors.to, doors.step);
    // The corridor runs between the cells outside the two doors.
    let oa = (da.0 + dx, da.1 + dy);
    let ob = (db.0 - dx, db.1 - dy);
    level.put(da.0, da.1, b'+', line);
    level.put(db.0, db.1, b'+', line);
    let (mut x, mut y) = oa;
    for _ in 0..(COLNO + ROWNO) * 2 {
        if level.at(x, y) == STONE {
            level.put(x, y, b'#', line);
        }
        if (x, y) == ob {
            break;
        }
        let step_x = (ob.0 - x).signum();
        let step_y = (ob.1 - y).signum();
        let (nx, ny) = if step_x != 0 && (step_y == 0 || rng.range(0, 1) == 0) {
            (x + step_x, y)
        } else {
            (x, y + step_y)
        };
        if is_open(level.at(nx, ny)) || level.at(nx, ny) == STONE {
            x = nx;
            y = ny;
        } else if step_y != 0 && level.at(x, y + step_y) == STONE {
            y += step_y;
        } else if step_x != 0 {
            x += step_x;
        } else {
            break;
        }
    }
}
