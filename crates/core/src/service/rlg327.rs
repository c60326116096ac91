//! The service for RLG327 descriptions: the fields of an entry at a
//! line's start, the colours, abilities and object types their values
//! take, and what each of them is.

use super::line::{is_word, LineAt};
use super::Document;
use crate::rlg327::catalog;
use crate::rlg327::Kind;
use vaultwright_model::service::{Completion, EntryKind, HoverCard};
use vaultwright_model::Language;

fn kind(doc: Document) -> Kind {
    match doc.analysis.language {
        Language::Rlg327Objects => Kind::Object,
        _ => Kind::Monster,
    }
}

/// What the values after a field's keyword are.
fn values_of(field: &str) -> Option<EntryKind> {
    match field {
        "COLOR" => Some(EntryKind::Colour),
        "ABIL" | "TYPE" => Some(EntryKind::Value),
        _ => None,
    }
}

pub fn complete(doc: Document, offset: usize) -> Option<Completion> {
    let line = LineAt::new(doc.source, offset);
    let typed = line.before().trim_start();
    // In the first word: a field; after it, the field's values.
    let items = match typed.split_once(char::is_whitespace) {
        None => catalog::entries(kind(doc), EntryKind::Statement),
        Some((field, _)) => catalog::entries(kind(doc), values_of(field)?),
    };
    Some(Completion {
        replace: line.word_before(is_word),
        items,
    })
}

pub fn hover(doc: Document, offset: usize) -> Option<HoverCard> {
    let line = LineAt::new(doc.source, offset);
    let word = line.word_around(is_word);
    let text = doc.source.get(word.range())?;
    let first = line.text.split_whitespace().next() == Some(text);
    let kinds: &[EntryKind] = if first {
        &[EntryKind::Statement]
    } else {
        &[EntryKind::Colour, EntryKind::Value]
    };
    let entry = kinds
        .iter()
        .flat_map(|&k| catalog::entries(kind(doc), k))
        .find(|e| e.name == text || (first && e.name.starts_with(&format!("{text} "))))?;
    Some(HoverCard {
        span: word,
        entry,
        lines: Vec::new(),
    })
}
