//! NetHack 3.6: the `.lev` file `lev_comp` 3.6.6 writes — an opcode stream
//! for the game's special-level stack machine (`sp_lev.c`).
//!
//! This is the first stage of the 3.6 work: the file read into records and
//! written back byte for byte, which the compiler's differential tests, the
//! preview interpreter and the binary pane all stand on.

pub mod dump;
pub mod lev;
pub mod opcodes;

pub use lev::{decode, encode, DecodeError, Lev, Record, Value};
