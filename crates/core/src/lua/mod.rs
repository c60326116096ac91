//! The Lua engine both games' scripts run on: one tokenizer (`lex`), Lua
//! 5.4's verdict on a script and its lossless tree (`verdict`, `syntax`),
//! the tokenizer's lenient scan for what is read before or without a
//! verdict (`scan`: DCSS's `{{ }}` and `:` lines, highlighting), and the sandboxed VM
//! (`sandbox`) with Lua's library where piccolo lacks it. Its clients are
//! `nethack_lua` (5.0 levels: `des.*`, `selection.*`, `nh.*`) and `dcss`
//! (vault Lua); each holds only its game's interface.
//!
//! Public for what drives the engine from outside the core (tests,
//! benchmarks, fuzzing): a run's limits and stops, a script printed back.

pub(crate) mod highlight;
pub(crate) mod lex;
pub(crate) mod sandbox;
pub(crate) mod scan;
pub(crate) mod syntax;
pub(crate) mod verdict;

pub use self::sandbox::{Limits, Stop, StopKind};

/// A script as its lossless tree holds it, printed back: byte for byte
/// the source (what lets an edit of one call leave the rest untouched).
pub fn reprint(source: &str) -> String {
    sandbox::deep(|| syntax::print(&syntax::read(source)))
}
