//! NetHack 3.6: the `.lev` file `lev_comp` 3.6.6 writes — an opcode stream
//! for the game's special-level stack machine (`sp_lev.c`) — and the
//! compiler that writes it: `lexer` (flex's rules) → the table-driven
//! parser in `compile` (tables built from `grammar.txt` at build time) →
//! `actions` (what each rule emits and checks).
//!
//! `lev` reads and writes the opcode stream (records, PUSH values; `dump`
//! prints it). The parse loop in `compile` is byacc's: a state whose only
//! action is one rule reduces without reading a token, every other reads
//! one first; the stack holds 500. Its tables are made by the build script
//! from `grammar.txt` with `vaultwright-lalr`. Because the automaton is
//! the original's (same rules, same order, mid-rule actions as empty rules
//! of their own: 865 states, 352 default reductions, checked by a test),
//! every check runs at the same point of token consumption and reports the
//! same line.
//!
//! `actions/` holds what each rule emits and checks, one file per statement
//! family (levels, rooms, maps, monsters, objects, features, terrain,
//! selections, control flow, variables, expressions, values); `act` asks
//! each family in turn, and a debug assertion catches a rule no family
//! answers. `Compiler` holds the reference's globals, `Session` what
//! outlives a file within one process (the map bound, "an earlier level
//! failed"). `names` reads a dialect's monster, object, trap and room
//! tables (data, in `profiles/`). What varies between 3.6.6 and the
//! variants built on it is a dialect profile (`profile`, which says how to
//! add one); the compiler reads every number, word and table through the
//! session's profile. `preview` runs a compiled level for a seed as the
//! game's `sp_lev.c` does; `run_trace` ties that run back to the source.
//!
//! `Build::Nle09` is NLE's bison-built compiler: on a token a state has no
//! action for, it reduces by the state's most common rule first (so a level
//! a syntax error ends is written), and its stack grows to 10,000.
//!
//! Quirks reproduced because they are behaviour: the MAZE filler converted
//! twice; an unfilled REGION's type + 26; a ROOM's flags read from the
//! comma before its size (the vertical justification, or 1: the spec says
//! the flag list; the code wins); WALLIFY's region `0xffffffff`; SWITCH
//! adding RN2 only for a constant; the FOR loop's hidden `$i end` and
//! `$i step` variables; BREAKs of an enclosing block left unresolved when
//! the newest BREAK ends with an inner block (the reference empties its
//! list); the case table and default of a SWITCH kept after a nested one;
//! no output after a level with errors, in this file or a later one of the
//! same process; a level written over a longer one of the same name keeps
//! its tail (the reference does not truncate; the drop-in's `LevComp36`
//! overlays it). Where the reference crashes we stop with a message and a
//! code: NH3601 for a token of 521 bytes or more or a MAP of more than
//! 4,096 bytes, NH3602 for FOR/LOOP blocks nested past the reference's
//! table.
//!
//! `analyze` runs the same compiler with `Session::recover` on
//! (`compile/recovery.rs` says how); the levels an earlier error keeps from
//! being written are kept apart (`FileRun::unwritten`) for the previews
//! only. The drop-in never recovers.

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
