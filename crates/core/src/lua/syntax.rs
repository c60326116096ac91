//! Reading a Lua script: Lua's own verdict (`verdict`): accepted or
//! refused as `luac5.4 -p` does, at the line it names (Lua stops at its
//! first error; so does the verdict), and the lossless tree the same
//! reading builds (read on past an error). Each client names the finding
//! a refused script gets (`finding`).
//!
//! The verdict is tested against Debian's `luac5.4` on the corpus and on
//! thousands of one-mutation files (`tests/conformance/lua_syntax_oracle.rs`).

use vaultwright_model::{Diagnostic, Span};

use super::verdict;

/// A script as read: its tree (there is one even for a broken file) and
/// Lua's verdict, `None` when Lua would load it.
pub struct Reading {
    pub error: Option<verdict::LuaError>,
    /// How deep statements and expressions nest.
    pub deepest: u32,
    /// The most terms one chain of operators or suffixes strings together.
    pub longest_chain: u32,
    /// The script's lossless tree.
    pub tree: verdict::tree::Node,
}

pub fn read(source: &str) -> Reading {
    let verdict::Verdict {
        error,
        deepest,
        longest_chain,
        tree,
    } = verdict::verdict(source);
    Reading {
        error,
        deepest,
        longest_chain,
        tree,
    }
}

/// How deep a script may nest for the studio to read and run it: the
/// browser's stack ends a page's wasm between 100 and 130 levels (the
/// parser, the VM's compiler and our walks all recurse). Lua itself goes
/// to 200; `vaultwright check` reads those.
pub const PAGE_DEPTH: u32 = 80;

/// How many terms one chain may string together for the studio to read
/// and run it (the tree's walks recurse once per term; Lua reads a chain
/// in a loop and takes any length). `vaultwright check` reads longer ones
/// on a stack of its own.
pub const PAGE_CHAIN: u32 = 400;

/// Whether this build does not read a script this deep (the browser).
pub fn beyond_page(reading: &Reading) -> bool {
    cfg!(target_arch = "wasm32")
        && (reading.deepest > PAGE_DEPTH || reading.longest_chain > PAGE_CHAIN)
}

/// Lua's refusal of `source` as a finding with the client's `code`.
pub fn finding(source: &str, code: &'static str, e: &verdict::LuaError) -> Diagnostic {
    let start = e.start.min(source.len());
    let end = e.end.clamp(start, source.len());
    Diagnostic::error(code, e.message.clone(), Span::new(start, end)).with_note(format!(
        "Lua refuses to load the script: the game stops here (line {})",
        e.line
    ))
}

/// The tree printed back: byte for byte the source.
pub fn print(reading: &Reading) -> String {
    reading.tree.text().to_string()
}
