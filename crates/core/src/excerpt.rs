//! The door for sharing one entry of a file alone: a DCSS vault with what
//! it needs to mean the same thing (see `dcss/excerpt.rs`), or one level
//! of a multi-level NetHack `.des`, as a document of its own.

use vaultwright_model::{Analysis, Language, LineIndex, Target};

/// One entry as a document of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// A document name: the entry's name with its file's extension.
    pub name: String,
    pub source: String,
    /// The entry's index in the excerpt's own outline.
    pub symbol: usize,
    /// The line (from 1) of the file the entry starts on.
    pub line: u32,
    /// The compiler the file was read for: the excerpt is read for the
    /// same one (alone, a level may no longer show which it is written
    /// for).
    pub target: Option<Target>,
}

/// Outline entry `symbol` of `analysis` (the analysis of `source`) as a
/// document of its own; `None` for an entry that is the whole file, or a
/// language whose entries do not stand alone (a dungeon, a room map, a
/// monster description).
pub fn excerpt(source: &str, analysis: &Analysis, symbol: usize) -> Option<Excerpt> {
    let entry = analysis.outline.get(symbol)?;
    let line = LineIndex::new(source).line_of(entry.span.start as usize) as u32 + 1;
    let (text, symbol) = match analysis.language {
        Language::DcssDes => crate::dcss::excerpt::excerpt(source, symbol)?,
        Language::NethackDes => nethack_level(source, analysis, symbol)?,
        _ => return None,
    };
    // A file of one entry is shared whole.
    if text.trim() == source.trim() {
        return None;
    }
    Some(Excerpt {
        name: format!("{}.des", entry_name(&entry.name)),
        source: text,
        symbol,
        line,
        target: analysis.target,
    })
}

/// The level that holds entry `symbol` (a level, or a room of one), and
/// the entry's index counted from that level.
fn nethack_level(source: &str, analysis: &Analysis, symbol: usize) -> Option<(String, usize)> {
    let is_level = |i: usize| {
        analysis
            .outline
            .get(i)
            .is_some_and(|s| s.kind.contains("level"))
    };
    let level = (0..=symbol).rev().find(|&i| is_level(i))?;
    let span = analysis.outline.get(level)?.span;
    let mut text = source.get(span.range())?.trim_end().to_string();
    text.push('\n');
    Some((text, symbol - level))
}

/// A name made fit to be a file name (vault and level names are words,
/// but a broken file may name one otherwise).
fn entry_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    if clean.trim_matches('_').is_empty() {
        "entry".into()
    } else {
        clean
    }
}
