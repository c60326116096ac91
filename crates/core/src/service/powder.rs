//! The service for POWDER rooms: the attribute names a legend line takes
//! (`x: SQUARE_DOOR, SQUAREFLAG_LIT`), and what a name or a map
//! character is.

use super::line::LineAt;
use super::Document;
use crate::powder::catalog;
use vaultwright_model::service::{Completion, Entry, EntryKind, HoverCard};

fn is_name(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A legend line: one character, then `:`.
fn legend_key(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let key = chars.next()?;
    (chars.next() == Some(':')).then_some(key)
}

pub fn complete(doc: Document, offset: usize) -> Option<Completion> {
    let line = LineAt::new(doc.source, offset);
    let key = legend_key(line.text)?;
    // After the key and its colon.
    if line.cursor < key.len_utf8() + 1 {
        return None;
    }
    Some(Completion {
        replace: line.word_before(is_name),
        items: catalog::entries(),
    })
}

pub fn hover(doc: Document, offset: usize) -> Option<HoverCard> {
    let line = LineAt::new(doc.source, offset);
    let past_key = legend_key(line.text).is_some_and(|k| line.cursor > k.len_utf8());
    if past_key {
        let word = line.word_around(is_name);
        let text = doc.source.get(word.range())?;
        let entry = catalog::entries().into_iter().find(|e| e.name == text)?;
        return Some(HoverCard {
            span: word,
            entry,
            lines: Vec::new(),
        });
    }
    map_cell(doc, &line)
}

/// A character of the map's box: the legend line that says what it is.
fn map_cell(doc: Document, line: &LineAt) -> Option<HoverCard> {
    let inside = line.text.starts_with('|') && line.cursor > 0 && line.cursor < line.text.len() - 1;
    if !inside {
        return None;
    }
    let c = line.text[line.cursor..].chars().next()?;
    let legend = doc
        .source
        .lines()
        .enumerate()
        .find(|(_, l)| legend_key(l) == Some(c))?;
    let span = line.span(line.cursor, line.cursor + c.len_utf8());
    let meaning = legend.1.get(c.len_utf8() + 1..).unwrap_or_default();
    let entry = Entry::new(EntryKind::Glyph, c.to_string()).with_detail(meaning.trim().to_string());
    Some(HoverCard {
        span,
        entry,
        lines: vec![format!("line {}: {}", legend.0 + 1, legend.1.trim())],
    })
}
