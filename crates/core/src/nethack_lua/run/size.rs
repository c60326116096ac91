//! The level's size as the game has it (`COLNO` × `ROWNO`), and which
//! coordinates are on it.

/// The game's `COLNO` and `ROWNO`.
pub const COLS: usize = 80;
pub const ROWS: usize = 21;

/// Whether (x, y) is on the level.
pub fn on_level(x: i64, y: i64) -> bool {
    (0..COLS as i64).contains(&x) && (0..ROWS as i64).contains(&y)
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
