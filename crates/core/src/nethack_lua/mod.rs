//! NetHack 5.0 Lua level scripts (`des.*` calls): the language NetHack
//! itself ships since 5.0 (developed as 3.7), in place of `lev_comp`.
//!
//! Read losslessly with full_moon (Lua 5.4), so that an edit to one call
//! leaves every other byte as it was; refused where `luac5.4 -p` refuses.

mod calls;
pub(crate) mod catalog;
mod checks;
mod dungeon;
mod names;
mod outline;
mod preview;
mod syntax;
mod tokens;
mod verdict;

use vaultwright_model::{Analysis, Language, Options};

/// The script as full_moon holds it, printed back: byte for byte the
/// source (what lets an edit of one call leave the rest untouched).
pub fn reprint(source: &str) -> String {
    syntax::print(&syntax::read(source), source)
}

/// The rows of each `des.map` drawing written as a string literal, in
/// order: each row's bytes in the source (what painting rewrites).
pub fn maps(source: &str) -> Vec<Vec<std::ops::Range<usize>>> {
    let reading = syntax::read(source);
    calls::des_calls(&reading.ast)
        .iter()
        .filter(|c| c.function == "map")
        .filter_map(|c| preview::row_ranges(source, c))
        .collect()
}

/// Reads, checks and outlines one script: a level, or the dungeon
/// description (`dungeon = { … }`).
pub fn analyze(source: &str, options: &Options) -> Analysis {
    let reading = syntax::read(source);
    let mut analysis = Analysis::empty(Language::NethackLua);
    analysis.tokens = tokens::tokens(source);
    analysis.diagnostics.extend(reading.error);
    let described = calls::assigned_table(&reading.ast, "dungeon")
        .and_then(|t| dungeon::read(&t, options.seed, options.focus));
    if let Some(d) = described {
        analysis.outline = d.outline;
        analysis.views = d.views;
        analysis.diagnostics.extend(d.diagnostics);
        return analysis;
    }
    let calls = calls::des_calls(&reading.ast);
    analysis.outline = outline::outline(&calls);
    analysis.views = preview::views(source, &calls, &analysis.outline);
    analysis.diagnostics.extend(checks::check(source, &calls));
    analysis
}

#[cfg(test)]
mod tests;
