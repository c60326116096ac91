//! A small LALR(1) parser-table generator for the core's build script.
//!
//! It reads a grammar in a yacc-like notation of our own
//! ([`grammar::Grammar::parse`]), builds the LALR(1) automaton
//! ([`automaton::Tables::build`]) with yacc's rules for what a parser
//! generator leaves open — shift/reduce conflicts settled by precedence or
//! in favour of the shift, reduce/reduce conflicts by the earlier rule, and a
//! state reduces without reading a token only when its one action is a
//! single rule — and writes the tables as Rust source ([`emit::rust`]).
//! Those rules decide *when* the parser reads its look-ahead token, which
//! is what makes a grammar action see the same line number as the
//! original yacc-built compiler's.

pub mod automaton;
pub mod emit;
pub mod grammar;

pub use automaton::Tables;
pub use grammar::Grammar;
