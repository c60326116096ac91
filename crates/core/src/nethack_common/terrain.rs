//! What the game's level builders shared by 3.6 and 5.0 (the maze walk,
//! `wallify_map`) need of a level: the 3.6 preview holds location types
//! and the 5.0 runner map characters, and each answers through
//! [`Terrain`].

/// A level as the builders see it. Every coordinate may be off the level
/// (then nothing is there and nothing changes).
pub trait Terrain {
    /// Rock (`STONE`).
    fn is_stone(&self, x: i64, y: i64) -> bool;
    /// A door (`IS_DOOR`: not a secret one).
    fn is_door(&self, x: i64, y: i64) -> bool;
    /// Room-like floor or a crosswall (`IS_ROOM(typ) || typ == CROSSWALL`):
    /// what `wallify_map` grows walls around (not corridors, not doors).
    fn is_room(&self, x: i64, y: i64) -> bool;
    /// Floor at (x, y); `walked` when the random walk chose the cell.
    fn carve(&mut self, x: i64, y: i64, walked: bool);
    /// A wall at (x, y): horizontal (`HWALL`) or vertical (`VWALL`).
    fn wall(&mut self, x: i64, y: i64, horizontal: bool);
}
