//! NetHack 5.0's Lua levels as a library, for what drives them from
//! outside the core (tests, benchmarks, fuzzing): a script run for a seed
//! on the sandboxed VM, and a script printed back from its lossless tree.
//! Everything else of the format is reached through `analyze` and the
//! service, as for every other format.

pub use crate::nethack_lua::run::level::Level;
pub use crate::nethack_lua::run::{run, Limits, Prepared, Realisation, Stop, StopKind};
pub use crate::nethack_lua::{maps, reprint};
