//! Reading a Lua level script: full_moon's lossless Lua 5.4 tree, and Lua's
//! own verdict (`verdict`): accepted or refused as `luac5.4 -p` does, at
//! the line it names. Lua stops at its first error; so does the verdict.

use full_moon::ast::Ast;
use full_moon::LuaVersion;
use vaultwright_model::{Diagnostic, Span};

use super::verdict;

/// The code of every syntax finding (Lua refuses to load the file).
pub const SYNTAX: &str = "NL0001";

/// A script as read: its tree (full_moon recovers from errors, so there
/// is one even for a broken file) and Lua's verdict, `None` when Lua
/// would load it.
pub struct Reading {
    pub ast: Ast,
    pub error: Option<Diagnostic>,
}

pub fn read(source: &str) -> Reading {
    let ast = full_moon::parse_fallible(source, LuaVersion::lua54()).into_ast();
    let error = verdict::verdict(source).map(|e| syntax_error(source, e));
    Reading { ast, error }
}

fn syntax_error(source: &str, e: verdict::LuaError) -> Diagnostic {
    let start = e.start.min(source.len());
    let end = e.end.clamp(start, source.len());
    Diagnostic::error(SYNTAX, e.message, Span::new(start, end)).with_note(format!(
        "Lua refuses to load the script: the game stops here (line {})",
        e.line
    ))
}
