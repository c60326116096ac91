//! The service for dungeon descriptions: level names (`LEVEL:`,
//! `RNDLEVEL:`, the first name of a chain) ↔ the chains and branches
//! placed after them, dungeon names ↔ the branches that lead there; the
//! names defined so far are offered where a chain or branch names one.

use super::line::LineAt;
use super::Document;
use vaultwright_model::service::{Completion, Entry, EntryKind, Occurrences, Place};
use vaultwright_model::Span;

/// One quoted name of a statement line: which statement, which string
/// (0-based), its span without the quotes.
struct Name<'a> {
    statement: &'a str,
    index: usize,
    span: Span,
    text: &'a str,
}

/// Whether a name defines (a level or dungeon) or refers to one, and
/// which sort of thing it names.
fn role(statement: &str, index: usize) -> Option<(EntryKind, bool)> {
    Some(match (statement, index) {
        ("LEVEL" | "RNDLEVEL" | "CHAINLEVEL" | "RNDCHAINLEVEL", 0) => (EntryKind::Field, true),
        ("CHAINLEVEL" | "RNDCHAINLEVEL" | "CHAINBRANCH", 1) => (EntryKind::Field, false),
        ("DUNGEON", 0) => (EntryKind::Branch, true),
        ("BRANCH" | "CHAINBRANCH", 0) => (EntryKind::Branch, false),
        _ => return None,
    })
}

fn names(source: &str) -> Vec<Name<'_>> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in source.split_inclusive('\n') {
        let start = at;
        at += line.len();
        if line.trim_start().starts_with('#') {
            continue;
        }
        let Some((statement, _)) = line.split_once(':') else {
            continue;
        };
        let statement = statement.trim();
        let quotes: Vec<usize> = line.match_indices('"').map(|(i, _)| i).collect();
        for (index, pair) in quotes.chunks_exact(2).enumerate() {
            let (open, close) = (pair[0] + 1, pair[1]);
            out.push(Name {
                statement,
                index,
                span: Span::new(start + open, start + close),
                text: &line[open..close],
            });
        }
    }
    out
}

pub fn occurrences(doc: Document, file: usize, offset: usize) -> Option<Occurrences> {
    let all = names(doc.source);
    let here = all
        .iter()
        .find(|n| n.span.contains(offset) || n.span.end as usize == offset)?;
    let (kind, _) = role(here.statement, here.index)?;
    let (mut definitions, mut uses) = (Vec::new(), Vec::new());
    for n in all.iter().filter(|n| n.text == here.text) {
        match role(n.statement, n.index) {
            Some((k, true)) if k == kind => definitions.push(Place { file, span: n.span }),
            Some((k, false)) if k == kind => uses.push(Place { file, span: n.span }),
            _ => {}
        }
    }
    Some(Occurrences {
        kind,
        name: here.text.to_string(),
        definitions,
        uses,
    })
}

pub fn complete(doc: Document, offset: usize) -> Option<Completion> {
    let line = LineAt::new(doc.source, offset);
    let replace = line.string()?;
    let statement = line.statement()?;
    let index = line.before().matches('"').count() / 2;
    let (kind, false) = role(statement, index)? else {
        return None;
    };
    let mut items: Vec<Entry> = names(&doc.source[..line.start])
        .into_iter()
        .filter(|n| role(n.statement, n.index) == Some((kind, true)))
        .map(|n| Entry::new(kind, n.text).with_detail(format!("{}: \"{}\"", n.statement, n.text)))
        .collect();
    items.dedup_by(|a, b| a.name == b.name);
    Some(Completion { replace, items })
}
