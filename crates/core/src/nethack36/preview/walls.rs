//! `wallification` (mkmaze.c), which the game runs over the whole level
//! after a special level's program unless the level is a corridor maze:
//! walls with nothing but rock and walls around them become rock, and
//! every other wall takes the type that joins it to its neighbours
//! (corners, T-walls, vertical runs), so a maze grid drawn with one wall
//! type looks as the game shows it.

use super::terrain::{DOOR, HWALL, STONE, VWALL};
use super::{COLS, ROWS};

const TLCORNER: u8 = 3;
const TRCORNER: u8 = 4;
const BLCORNER: u8 = 5;
const BRCORNER: u8 = 6;
use super::terrain::CROSSWALL;
const TUWALL: u8 = 8;
const TDWALL: u8 = 9;
const TLWALL: u8 = 10;
const TRWALL: u8 = 11;
const DBWALL: u8 = 12;
const SDOOR: u8 = 14;
const IRONBARS: u8 = 21;

/// The wall type for each combination of spines (up, down, right, left
/// as bits 3..0); 0 (free-standing) keeps the wall as it is.
const SPINES: [u8; 16] = [
    VWALL, HWALL, HWALL, HWALL, VWALL, TRCORNER, TLCORNER, TDWALL, VWALL, BRCORNER, BLCORNER,
    TUWALL, VWALL, TLWALL, TRWALL, CROSSWALL,
];

/// `wallification(1, 0, COLNO - 1, ROWNO - 1)` over a row-major grid of
/// location types.
pub fn wallify_level(typ: &mut [u8]) {
    cleanup(typ);
    fix_spines(typ);
}

/// `isok`: column 0 is outside the level.
fn at(typ: &[u8], x: i32, y: i32) -> Option<u8> {
    if (1..COLS).contains(&x) && (0..ROWS).contains(&y) {
        typ.get((y * COLS + x) as usize).copied()
    } else {
        None
    }
}

fn is_wall_type(t: u8) -> bool {
    t != STONE && t <= DBWALL
}

fn is_wall(typ: &[u8], x: i32, y: i32) -> bool {
    at(typ, x, y).is_some_and(|t| is_wall_type(t) || t == DOOR || t == SDOOR || t == IRONBARS)
}

fn is_wall_or_stone(typ: &[u8], x: i32, y: i32) -> bool {
    at(typ, x, y).is_none_or(|t| t == STONE) || is_wall(typ, x, y)
}

/// Out of bounds, rock or a wall of any kind.
fn is_solid(typ: &[u8], x: i32, y: i32) -> bool {
    at(typ, x, y).is_none_or(|t| t <= DBWALL)
}

const AROUND: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// `wall_cleanup`: walls surrounded by rock become rock.
fn cleanup(typ: &mut [u8]) {
    for x in 1..COLS {
        for y in 0..ROWS {
            let i = (y * COLS + x) as usize;
            let t = typ[i];
            if is_wall_type(t)
                && t != DBWALL
                && AROUND.iter().all(|&(dx, dy)| is_solid(typ, x + dx, y + dy))
            {
                typ[i] = STONE;
            }
        }
    }
}

/// `fix_wall_spines`.
fn fix_spines(typ: &mut [u8]) {
    for x in 1..COLS {
        for y in 0..ROWS {
            let i = (y * COLS + x) as usize;
            let t = typ[i];
            if !is_wall_type(t) || t == DBWALL {
                continue;
            }
            // locale[dx + 1][dy + 1]: rock, wall or out of bounds.
            let mut locale = [[false; 3]; 3];
            for (dx, column) in locale.iter_mut().enumerate() {
                for (dy, cell) in column.iter_mut().enumerate() {
                    *cell = is_wall_or_stone(typ, x + dx as i32 - 1, y + dy as i32 - 1);
                }
            }
            let bits = (spine(&locale, is_wall(typ, x, y - 1), 0, -1) << 3)
                | (spine(&locale, is_wall(typ, x, y + 1), 0, 1) << 2)
                | (spine(&locale, is_wall(typ, x + 1, y), 1, 0) << 1)
                | spine(&locale, is_wall(typ, x - 1, y), -1, 0);
            if bits != 0 {
                typ[i] = SPINES[bits];
            }
        }
    }
}

/// `extend_spine`: a wall in direction (dx, dy) extends a spine unless
/// the cells beside both ends of that step are all rock or wall (a
/// corridor of walls).
fn spine(locale: &[[bool; 3]; 3], wall_there: bool, dx: i32, dy: i32) -> usize {
    if !wall_there {
        return 0;
    }
    let (nx, ny) = ((1 + dx) as usize, (1 + dy) as usize);
    let enclosed = if dx != 0 {
        locale[1][0] && locale[1][2] && locale[nx][0] && locale[nx][2]
    } else {
        locale[0][1] && locale[2][1] && locale[0][ny] && locale[2][ny]
    };
    usize::from(!enclosed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Vec<u8> {
        let mut typ = vec![STONE; (COLS * ROWS) as usize];
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                typ[y * COLS as usize + x + 1] = match c {
                    '-' => HWALL,
                    '.' => super::super::terrain::ROOM,
                    _ => STONE,
                };
            }
        }
        typ
    }

    fn row(typ: &[u8], y: usize, n: usize) -> Vec<u8> {
        typ[y * COLS as usize + 1..y * COLS as usize + 1 + n].to_vec()
    }

    #[test]
    fn a_room_drawn_in_one_wall_type_gets_corners_and_sides() {
        let mut typ = grid(&["-----", "-...-", "-----"]);
        wallify_level(&mut typ);
        assert_eq!(row(&typ, 0, 5), [TLCORNER, HWALL, HWALL, HWALL, TRCORNER]);
        assert_eq!(row(&typ, 1, 5)[0], VWALL);
        assert_eq!(row(&typ, 1, 5)[4], VWALL);
        assert_eq!(row(&typ, 2, 5), [BLCORNER, HWALL, HWALL, HWALL, BRCORNER]);
    }

    #[test]
    fn walls_with_only_rock_around_become_rock() {
        let mut typ = grid(&["   ", " - ", "   "]);
        wallify_level(&mut typ);
        assert!(typ.iter().all(|&t| t == STONE));
    }
}
