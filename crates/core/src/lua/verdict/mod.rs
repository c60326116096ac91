//! Lua 5.4's verdict on a script: loaded, or refused at a line with a
//! reason, exactly as `luac5.4 -p` decides (tested against it on the
//! corpus and on mutations of it), walking the text the way Lua's own
//! lexer and reader do; the same reading builds the script's lossless
//! tree (`tree`).

use super::lex;
mod read;
pub mod tree;

pub use super::lex::LuaError;

/// What Lua's reading found: its error (`None` when Lua loads the
/// script), how deep statements and expressions nest, and the tree.
pub struct Verdict {
    pub error: Option<LuaError>,
    pub deepest: u32,
    /// The most terms one chain of operators or suffixes strings together.
    pub longest_chain: u32,
    /// The script's lossless tree (read on after an error).
    pub tree: tree::Node,
}

pub fn verdict(source: &str) -> Verdict {
    let read::Outcome {
        verdict,
        deepest,
        longest_chain,
        tree,
    } = read::Reader::read(source);
    // The reading stops at an error: what follows is measured by its
    // brackets and blocks alone.
    let deepest = if verdict.is_err() {
        deepest.max(nesting(source))
    } else {
        deepest
    };
    Verdict {
        error: verdict.err(),
        deepest,
        longest_chain,
        tree,
    }
}

/// How deep brackets and blocks nest, by tokens alone (as far as Lua's
/// lexer reads): `( { [ function if do repeat` open, `) } ] end until`
/// close (`while … do` and `for … do` open once, at `do`).
pub fn nesting(source: &str) -> u32 {
    let mut lex = lex::Lexer::new(source);
    let (mut depth, mut deepest) = (0u32, 0u32);
    while let Ok(t) = lex.next() {
        if t.tok == lex::Tok::Eof {
            break;
        }
        let text = source.get(t.start..t.end).unwrap_or("");
        match (t.tok, text) {
            (lex::Tok::Symbol, "(" | "{" | "[")
            | (lex::Tok::Name, "function" | "if" | "do" | "repeat") => {
                depth = depth.saturating_add(1);
                deepest = deepest.max(depth);
            }
            (lex::Tok::Symbol, ")" | "}" | "]") | (lex::Tok::Name, "end" | "until") => {
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
    }
    deepest
}
