//! What every NetHack generation shares (3.2, 3.4.3, 3.6 and 5.0), for
//! the formats that read them: the level's size and the largest MAP
//! (`size.rs`). Below every
//! NetHack format; it imports none of them.

pub mod size;

pub use self::size::{COLNO, MAP_X_LIM, MAP_Y_LIM, ROWNO};
