//! The language service: what the editor asks of a file while it is
//! being written. Completion in context, hover cards, where a name is
//! defined and used (and renaming it), folds. The studio's editor and
//! `vaultwright lsp` both ask here and only translate the answers.
//!
//! Completion and hover read the cursor's line as written (a line being
//! typed does not parse yet); occurrences and folds read the analysis.
//! Each language has its own file; a language without an answer for a
//! question answers `None`.
//!
//! One file per language (`nethack` for both generations, `lua`, `dcss`,
//! `dungeon`, `powder`, `rlg327`); the names come from each format's
//! `catalog` (the game's tables with the glyph and colour the game draws each
//! name in). `fixes` turns every fix the checker has into an edit: a
//! finding's own `Fix`, a note's "did you mean …", and for NetHack names
//! (whose messages are the originals', which propose nothing) the nearest
//! name of the file's compiler. A question in a set of files (a DCSS tag
//! defined in another file) takes the set as `&[Document]` and answers with
//! file indices. `new_name` decides which new names a rename accepts.

mod dcss;
mod dungeon;
mod fixes;
mod folds;
mod line;
mod lua;
mod nethack;
mod new_name;
mod powder;
mod rank;
mod rlg327;

use vaultwright_model::{Analysis, Language, Span, TokenKind};

pub use fixes::fixes;
pub use folds::folds;
pub use vaultwright_model::service::{
    Completion, Entry, EntryKind, Fold, FoldKind, HoverCard, Mark, Occurrences, Place,
};

/// One file as the service reads it: its text and its analysis.
#[derive(Clone, Copy)]
pub struct Document<'a> {
    pub source: &'a str,
    pub analysis: &'a Analysis,
}

impl Document<'_> {
    fn language(&self) -> Language {
        self.analysis.language
    }
}

/// What may be typed at `offset`; `set` holds the files of the document's
/// set, the document among them (a DCSS vault's subvault tags may live in
/// another file).
pub fn complete(doc: Document, offset: usize, set: &[Document]) -> Option<Completion> {
    let mut completion = match doc.language() {
        Language::NethackDes => nethack::complete(doc, offset),
        Language::DcssDes => dcss::complete(doc, offset, set),
        Language::NethackDungeon => dungeon::complete(doc, offset),
        Language::PowderMap => powder::complete(doc, offset),
        Language::Rlg327Monsters | Language::Rlg327Objects => rlg327::complete(doc, offset),
        Language::NethackLua => lua::complete(doc, offset),
    }?;
    let typed = doc
        .source
        .get(completion.replace.range())
        .unwrap_or_default()
        .to_string();
    let cursor = offset.saturating_sub(completion.replace.start as usize);
    let typed = typed.get(..cursor).unwrap_or(&typed);
    completion.items = rank::by_typed(completion.items, typed);
    Some(completion)
}

/// What the thing at `offset` is.
pub fn hover(doc: Document, offset: usize) -> Option<HoverCard> {
    match doc.language() {
        Language::NethackDes => nethack::hover(doc, offset),
        Language::DcssDes => dcss::hover(doc, offset),
        Language::PowderMap => powder::hover(doc, offset),
        Language::Rlg327Monsters | Language::Rlg327Objects => rlg327::hover(doc, offset),
        Language::NethackLua => lua::hover(doc, offset),
        Language::NethackDungeon => None,
    }
}

/// Where the name at `offset` of file `current` of the set is defined and
/// used, in every file of the set.
pub fn occurrences(set: &[Document], current: usize, offset: usize) -> Option<Occurrences> {
    let doc = *set.get(current)?;
    match doc.language() {
        Language::NethackDes => nethack::occurrences(doc, current, offset),
        Language::DcssDes => dcss::occurrences(set, current, offset),
        Language::NethackDungeon => dungeon::occurrences(doc, current, offset),
        _ => None,
    }
}

/// The edits that rename the name at `offset` to `new_name` everywhere
/// in the set, or why it cannot be renamed so.
pub fn rename(
    set: &[Document],
    current: usize,
    offset: usize,
    new_name: &str,
) -> Result<Vec<(Place, String)>, String> {
    let found = occurrences(set, current, offset).ok_or("nothing to rename here")?;
    new_name::check_new_name(&found, new_name)?;
    let replacement = match found.kind {
        EntryKind::Variable => new_name.trim_start_matches('$').to_string(),
        _ => new_name.to_string(),
    };
    let mut edits: Vec<(Place, String)> = found
        .definitions
        .iter()
        .chain(&found.uses)
        .map(|&place| (place, replacement.clone()))
        .collect();
    edits.sort_by_key(|(p, _)| (p.file, p.span.start));
    edits.dedup_by_key(|(p, _)| (p.file, p.span));
    Ok(edits)
}

/// The map cell at `offset`, when it stands in a MAP block (NetHack and
/// DCSS maps are both `MapRow` tokens).
fn map_cell(doc: Document, offset: usize) -> Option<Span> {
    let token = doc
        .analysis
        .tokens
        .iter()
        .find(|t| t.kind == TokenKind::MapRow && t.span.contains(offset))?;
    let end = doc.source.get(offset..)?.chars().next()?.len_utf8() + offset;
    (end <= token.span.end as usize).then(|| Span::new(offset, end))
}

#[cfg(test)]
mod tests;
