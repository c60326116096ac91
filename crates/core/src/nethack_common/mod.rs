//! What every NetHack generation shares (3.2, 3.4.3, 3.6 and 5.0), for
//! the formats that read them: the level's size and the largest MAP
//! (`size.rs`), the colours and how map characters and features are drawn
//! (`colours.rs`, `look.rs`), the 3.2 and 3.4.3 version words
//! (`version.rs`), why a file is not a compiled level (`decode_error.rs`),
//! where a level's relative coordinates count from (`frame.rs`),
//! selections of the level's cells (`selection.rs`), and
//! the level builders 3.6 and 5.0 share (`terrain.rs`, `maze.rs`,
//! `wallify.rs`), and where a corridor's doors go (`join.rs`). Below
//! every NetHack format; it imports none of them.

pub mod colours;
mod decode_error;
pub mod frame;
pub mod join;
pub mod look;
pub mod maze;
pub mod selection;
pub mod size;
pub mod terrain;
pub mod version;
pub mod wallify;

pub use self::decode_error::DecodeError;
pub use self::size::{COLNO, MAP_X_LIM, MAP_Y_LIM, ROWNO};
