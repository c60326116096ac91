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
    /// The bytes given to full_moon as spaces (see `for_full_moon`).
    pub blanked: Vec<usize>,
    /// How deep statements and expressions nest.
    pub deepest: u32,
    /// The most terms one chain of operators or suffixes strings together.
    pub longest_chain: u32,
}

pub fn read(source: &str) -> Reading {
    let verdict::Verdict {
        error,
        semicolons,
        deepest,
        longest_chain,
    } = verdict::verdict(source);
    let (text, blanked) = for_full_moon(source, &semicolons);
    // full_moon recurses without a limit: a script too deep for Lua is
    // not given to it (its tree is then empty), nor, in the browser, one
    // deeper than the page's stack takes.
    let too_deep = error
        .as_ref()
        .is_some_and(|e| e.message == verdict::TOO_DEEP);
    let beyond_page =
        cfg!(target_arch = "wasm32") && (deepest > PAGE_DEPTH || longest_chain > PAGE_CHAIN);
    let text = if too_deep || beyond_page {
        "".into()
    } else {
        text
    };
    let ast = full_moon::parse_fallible(&text, LuaVersion::lua54()).into_ast();
    let error = error.map(|e| syntax_error(source, e));
    Reading {
        ast,
        error,
        blanked,
        deepest,
        longest_chain,
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

fn syntax_error(source: &str, e: verdict::LuaError) -> Diagnostic {
    let start = e.start.min(source.len());
    let end = e.end.clamp(start, source.len());
    Diagnostic::error(SYNTAX, e.message, Span::new(start, end)).with_note(format!(
        "Lua refuses to load the script: the game stops here (line {})",
        e.line
    ))
}

/// The text full_moon reads: what Lua reads as blanks but full_moon's
/// tree would lose, as spaces (one byte for one, so every offset stays):
/// form feeds and vertical tabs (its lexer drops them and, after a form
/// feed, the rest of the line) and statement-level semicolons (it keeps
/// only one that ends a statement). Returns the bytes it changed.
fn for_full_moon<'a>(
    source: &'a str,
    semicolons: &[usize],
) -> (std::borrow::Cow<'a, str>, Vec<usize>) {
    let mut blanked: Vec<usize> = source
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == 0x0b || b == 0x0c)
        .map(|(i, _)| i)
        .collect();
    blanked.extend(
        semicolons
            .iter()
            .filter(|&&i| source.as_bytes().get(i) == Some(&b';')),
    );
    if blanked.is_empty() {
        return (source.into(), blanked);
    }
    let mut bytes = source.as_bytes().to_vec();
    for &i in &blanked {
        bytes[i] = b' ';
    }
    // Only ASCII bytes became spaces: still UTF-8.
    let text = String::from_utf8(bytes).unwrap_or_else(|_| source.to_string());
    (text.into(), blanked)
}

/// The tree printed back, with the bytes `for_full_moon` blanked put back.
pub fn print(reading: &Reading, source: &str) -> String {
    let printed = reading.ast.to_string();
    if printed.len() != source.len() || reading.blanked.is_empty() {
        return printed;
    }
    let mut bytes = printed.into_bytes();
    for &i in &reading.blanked {
        if let (Some(b), Some(&s)) = (bytes.get_mut(i), source.as_bytes().get(i)) {
            *b = s;
        }
    }
    String::from_utf8(bytes).unwrap_or_default()
}
