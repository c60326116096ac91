//! The level's size as the game has it (`COLNO` × `ROWNO`), and which
//! coordinates are on it.

/// The game's `COLNO` and `ROWNO`.
pub const COLS: usize = 80;
pub const ROWS: usize = 21;

/// Whether (x, y) is on the level.
pub fn on_level(x: i64, y: i64) -> bool {
    (0..COLS as i64).contains(&x) && (0..ROWS as i64).contains(&y)
}
