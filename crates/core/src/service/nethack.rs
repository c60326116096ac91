//! The service for NetHack special levels, both generations: the names a
//! statement's strings take (monsters, objects, traps, room types of the
//! file's compiler), statements, value words, map characters, and 3.6
//! `$variables` (offered, explained, found and renamed).

use super::line::{is_word, LineAt};
use super::{map_cell, Document};
use crate::nethack::catalog as v34;
use crate::nethack36::catalog as v36;
use crate::nethack36::profile::NETHACK_366;
use vaultwright_model::service::{Completion, Entry, EntryKind, HoverCard, Occurrences, Place};
use vaultwright_model::{Span, Target, TokenKind};

fn target(doc: Document) -> Target {
    doc.analysis.target.unwrap_or(Target::Nethack343)
}

/// The names of `kind` for the file's compiler (3.6 map characters are
/// 3.4.3's).
fn catalog(target: Target, kind: EntryKind) -> Vec<Entry> {
    match (target, kind) {
        (Target::Nethack366, EntryKind::Terrain) => v34::entries(Target::Nethack343, kind),
        (Target::Nethack366, _) => v36::entries(&NETHACK_366, kind),
        _ => v34::entries(target, kind),
    }
}

/// What the strings of a statement name.
fn string_kind(statement: &str) -> Option<EntryKind> {
    Some(match statement {
        "MONSTER" => EntryKind::Monster,
        "OBJECT" | "CONTAINER" => EntryKind::Object,
        "TRAP" => EntryKind::Trap,
        "ROOM" | "SUBROOM" | "REGION" => EntryKind::RoomType,
        _ => return None,
    })
}

/// The names a statement's strings take, for the file's compiler.
pub fn names_for_statement(doc: Document, statement: &str) -> Option<Vec<String>> {
    let kind = string_kind(statement)?;
    Some(
        catalog(target(doc), kind)
            .into_iter()
            .map(|e| e.name)
            .collect(),
    )
}

/// The class a statement gave before its name (`'d'` in `MONSTER: 'd', "`).
fn class_given(arguments: &str) -> Option<char> {
    let quote = arguments.find('\'')?;
    let mut rest = arguments[quote + 1..].chars();
    let class = rest.next()?;
    (rest.next() == Some('\'')).then_some(class)
}

pub fn complete(doc: Document, offset: usize) -> Option<Completion> {
    if in_map_or_comment(doc, offset) {
        return None;
    }
    let line = LineAt::new(doc.source, offset);
    let target = target(doc);
    if let Some(content) = line.string() {
        let kind = string_kind(line.statement()?)?;
        let class = class_given(line.arguments());
        let items = catalog(target, kind)
            .into_iter()
            .filter(|e| class.is_none() || e.glyph == class)
            .collect();
        return Some(Completion {
            replace: content,
            items,
        });
    }
    if line.statement().is_none() {
        let items = catalog(target, EntryKind::Statement)
            .into_iter()
            .map(|e| Entry {
                name: format!("{}:", e.name),
                ..e
            })
            .collect();
        return Some(Completion {
            replace: line.word_before(is_word),
            items,
        });
    }
    let replace = line.word_before(|c| is_word(c) || c == '$');
    let typed = doc.source.get(replace.range()).unwrap_or_default();
    // The variable being typed is not one to offer.
    let named: std::collections::BTreeSet<String> = variables(doc)
        .into_iter()
        .filter(|(_, (span, _))| span.end != replace.end)
        .map(|(name, _)| name)
        .collect();
    let mut items: Vec<Entry> = named
        .into_iter()
        .map(|name| Entry::new(EntryKind::Variable, format!("${name}")))
        .collect();
    if !typed.starts_with('$') {
        items.extend(catalog(target, EntryKind::Value));
    }
    Some(Completion { replace, items })
}

pub fn hover(doc: Document, offset: usize) -> Option<HoverCard> {
    let line = LineAt::new(doc.source, offset);
    let target = target(doc);
    if let Some(content) = line.string() {
        let text = doc.source.get(content.range())?;
        let kinds = match line.statement().and_then(string_kind) {
            Some(kind) => vec![kind],
            None => vec![EntryKind::Monster, EntryKind::Object, EntryKind::Trap],
        };
        let entry = kinds
            .into_iter()
            .find_map(|kind| named(target, kind, text))?;
        return Some(card(content, entry, Vec::new()));
    }
    if let Some(cell) = map_cell(doc, offset) {
        let c = doc.source[cell.range()].chars().next()?;
        let entry = named(target, EntryKind::Terrain, &c.to_string())?;
        return Some(card(cell, entry, Vec::new()));
    }
    let word = line.word_around(|c| is_word(c) || c == '$');
    let text = doc.source.get(word.range())?;
    if let Some(name) = text.strip_prefix('$') {
        return variable_card(doc, word, name);
    }
    let statement = format!("{text}:");
    let entry = named(target, EntryKind::Statement, text)
        .map(|e| Entry {
            name: statement,
            ..e
        })
        .or_else(|| named(target, EntryKind::Value, text))?;
    Some(card(word, entry, Vec::new()))
}

fn named(target: Target, kind: EntryKind, name: &str) -> Option<Entry> {
    catalog(target, kind).into_iter().find(|e| e.name == name)
}

fn card(span: Span, entry: Entry, lines: Vec<String>) -> HoverCard {
    HoverCard { span, entry, lines }
}

/// A map row or a comment is free text: nothing to offer there.
fn in_map_or_comment(doc: Document, offset: usize) -> bool {
    doc.analysis.tokens.iter().any(|t| {
        matches!(t.kind, TokenKind::MapRow | TokenKind::Comment)
            && t.span.start as usize <= offset
            && offset <= t.span.end as usize
            && t.span.start as usize != offset
    })
}

fn variable_card(doc: Document, word: Span, name: &str) -> Option<HoverCard> {
    let all = variables(doc);
    let definition = all
        .iter()
        .find(|(n, place)| n == name && place.1)
        .map(|(_, (span, _))| *span);
    let line = definition.map(|s| doc.source[..s.start as usize].matches('\n').count() + 1);
    let mut entry = Entry::new(EntryKind::Variable, format!("${name}"));
    let uses = all.iter().filter(|(n, _)| n == name).count();
    entry.detail = match line {
        Some(l) => format!("set on line {l}, named {uses} times"),
        None => "never set in this file".to_string(),
    };
    Some(card(word, entry, Vec::new()))
}

/// Every `$name` of the file outside comments and strings: the name, its
/// span (the name without `$`) and whether it is being set there.
fn variables(doc: Document) -> Vec<(String, (Span, bool))> {
    let src = doc.source;
    let skipped = |at: usize| {
        doc.analysis.tokens.iter().any(|t| {
            matches!(t.kind, TokenKind::Comment | TokenKind::String) && t.span.contains(at)
        })
    };
    let bytes = src.as_bytes();
    let mut found = Vec::new();
    for (at, _) in src.match_indices('$') {
        let start = at + 1;
        let len = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        if len == 0 || skipped(at) {
            continue;
        }
        let after = src[start + len..].trim_start();
        let set = after.starts_with('=') && !after.starts_with("==");
        let span = Span::new(start, start + len);
        found.push((src[start..start + len].to_string(), (span, set)));
    }
    found
}

pub fn occurrences(doc: Document, file: usize, offset: usize) -> Option<Occurrences> {
    let line = LineAt::new(doc.source, offset);
    let word = line.word_around(|c| is_word(c) || c == '$');
    let name = doc.source.get(word.range())?.strip_prefix('$')?.to_string();
    let (mut definitions, mut uses) = (Vec::new(), Vec::new());
    for (n, (span, set)) in variables(doc) {
        if n == name {
            let place = Place { file, span };
            if set { &mut definitions } else { &mut uses }.push(place);
        }
    }
    Some(Occurrences {
        kind: EntryKind::Variable,
        name: format!("${name}"),
        definitions,
        uses,
    })
}
