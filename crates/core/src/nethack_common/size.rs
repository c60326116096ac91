//! The level's size as every NetHack has it (`COLNO` × `ROWNO`, the
//! same in 3.2, 3.4.3, 3.6 and 5.0), which coordinates are on it, and a
//! cell's neighbours.

/// The game's `COLNO` and `ROWNO`: columns (column 0 is never part of a
/// level) and rows.
pub const COLNO: usize = 80;
pub const ROWNO: usize = 21;

/// The largest MAP the special-level compilers take (`sp_lev.h`'s
/// `MAP_X_LIM` × `MAP_Y_LIM`, 3.2 to 3.6).
pub const MAP_X_LIM: usize = 76;
pub const MAP_Y_LIM: usize = 21;

/// Whether (x, y) is on the level.
pub fn on_level(x: i64, y: i64) -> bool {
    (0..COLNO as i64).contains(&x) && (0..ROWNO as i64).contains(&y)
}

/// The offsets of a cell's neighbours: the four beside it, or all eight.
pub fn neighbours(diagonal: bool) -> &'static [(i64, i64)] {
    const FOUR: [(i64, i64); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
    const EIGHT: [(i64, i64); 8] = [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ];
    if diagonal {
        &EIGHT
    } else {
        &FOUR
    }
}
