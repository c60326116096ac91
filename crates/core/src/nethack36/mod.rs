//! NetHack 3.6: the `.lev` file `lev_comp` 3.6.6 writes — an opcode stream
//! for the game's special-level stack machine (`sp_lev.c`) — and the
//! compiler that writes it: `lexer` (flex's rules) → the table-driven
//! parser in `compile` (tables built from `grammar.txt` at build time) →
//! `actions` (what each rule emits and checks).

mod actions;
pub mod analyze;
mod binary_view;
pub mod catalog;
pub mod compile;
pub mod dump;
mod explain;
pub mod keywords;
pub mod lev;
pub mod lexer;
mod names;
pub mod opcodes;
pub mod preview;
pub mod profile;
mod run_trace;
mod tables;
mod vars;

pub use compile::{Build, Session};
pub use lev::{decode, decode_with, encode, encode_with, DecodeError, Lev, Record, Value};
pub use profile::Profile;
