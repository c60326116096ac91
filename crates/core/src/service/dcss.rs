//! The service for DCSS vault files: header keywords, the names a
//! directive takes (monsters, items, features, tags, branches, colours,
//! tiles) with the game's glyphs, what a map glyph becomes in its vault,
//! and the two kinds of names that link places: subvault tags and vault
//! names (`TAGS:`/`NAME:` ↔ `SUBVAULT:`, across the files of a set) and a
//! vault's glyph keys (`KMONS: O = …` ↔ the `O`s of its map).

use super::line::{is_word, LineAt};
use super::{map_cell, Document};
use crate::dcss::catalog;
use crate::dcss::tables::GLYPHS;
use crate::dcss::{Kw, Takes};
use vaultwright_model::service::{Completion, Entry, EntryKind, HoverCard, Occurrences, Place};
use vaultwright_model::{Span, TokenKind};

/// What the arguments of a directive name.
fn argument_kind(statement: &str) -> Option<EntryKind> {
    Kw::from_name(statement)?.names()
}

/// Directives whose arguments start with glyph keys (`O = orc`).
fn has_keys(statement: &str) -> bool {
    Kw::from_name(statement).is_some_and(|k| k.takes() == Takes::Selectors)
}

/// The names of `kind`, with the set's own tags and vault names where a
/// tag is asked for.
fn names(kind: EntryKind, set: &[Document]) -> Vec<Entry> {
    let mut items = catalog::entries(kind);
    if kind == EntryKind::Tag {
        let mut own: Vec<String> = set
            .iter()
            .flat_map(|d| tag_words(d.source).map(|(w, _)| w.to_string()))
            .collect();
        own.sort();
        own.dedup();
        let vaults = set.iter().flat_map(|d| d.analysis.outline.iter());
        items.splice(
            0..0,
            own.into_iter()
                .map(|t| Entry::new(EntryKind::Tag, t))
                .chain(vaults.map(|s| Entry::new(EntryKind::Vault, s.name.clone()))),
        );
    }
    items
}

pub fn complete(doc: Document, offset: usize, set: &[Document]) -> Option<Completion> {
    if in_code(doc, offset) || map_cell(doc, offset).is_some() {
        return None;
    }
    let line = LineAt::new(doc.source, offset);
    let Some(statement) = line.statement() else {
        return Some(Completion {
            replace: line.word_before(|c| is_word(c) || c == ':'),
            items: catalog::entries(EntryKind::Statement),
        });
    };
    let kind = argument_kind(statement)?;
    let arguments = line.arguments();
    if has_keys(statement) && !arguments.contains(['=', ':']) {
        return None;
    }
    let replace = match kind {
        EntryKind::Tag | EntryKind::Branch | EntryKind::Value => line.word_before(is_word),
        _ => element_before(&line),
    };
    let mut items = names(kind, set);
    // A tag carried by several vaults once.
    let mut seen = std::collections::HashSet::new();
    items.retain(|e| seen.insert((e.kind, e.name.clone())));
    Some(Completion { replace, items })
}

/// The spec element the cursor is in: after the last `,` `/` `|` `=` or
/// the statement's `:`, blanks skipped.
fn element_before(line: &LineAt) -> Span {
    let before = line.before();
    let colon = before.find(':').map_or(0, |i| i + 1);
    let from = before[colon..]
        .rfind([',', '/', '|', '=', ':'])
        .map_or(colon, |i| colon + i + 1);
    let blanks = before[from..].len() - before[from..].trim_start().len();
    line.span(from + blanks, line.cursor)
}

pub fn hover(doc: Document, offset: usize) -> Option<HoverCard> {
    if let Some(cell) = map_cell(doc, offset) {
        return glyph_card(doc, cell);
    }
    let line = LineAt::new(doc.source, offset);
    let Some(statement) = line.statement() else {
        let word = line.word_around(is_word);
        let text = doc.source.get(word.range())?;
        let key = format!("{text}:");
        let entry = catalog::entries(EntryKind::Statement)
            .into_iter()
            .find(|e| e.name == key || e.name == text)?;
        return Some(HoverCard {
            span: word,
            entry,
            lines: Vec::new(),
        });
    };
    let kind = argument_kind(statement)?;
    let (span, entry) = name_around(&line, kind)?;
    Some(HoverCard {
        span,
        entry,
        lines: Vec::new(),
    })
}

/// The longest name of `kind` standing in the line around the cursor
/// (names hold blanks: `orc warrior`), word by word.
fn name_around(line: &LineAt, kind: EntryKind) -> Option<(Span, Entry)> {
    let table = catalog::entries(kind);
    let words: Vec<(usize, &str)> = word_spans(line.text);
    let here = words
        .iter()
        .position(|&(at, w)| at <= line.cursor && line.cursor <= at + w.len())?;
    let mut best: Option<(Span, Entry)> = None;
    for first in here.saturating_sub(4)..=here {
        for last in here..(here + 5).min(words.len()) {
            let from = words[first].0;
            let to = words[last].0 + words[last].1.len();
            let text = line.text[from..to].to_ascii_lowercase();
            let wider = best.as_ref().is_none_or(|(s, _)| s.len() < to - from);
            if wider {
                if let Some(e) = table.iter().find(|e| e.name == text) {
                    best = Some((line.span(from, to), e.clone()));
                }
            }
        }
    }
    best
}

/// The words of a line (runs of letters, digits, `_`, `-`, `'`), with
/// where each starts.
fn word_spans(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        let inside = is_word(c) || c == '\'';
        match (start, inside) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// What a map glyph becomes in its vault: the directives that give it a
/// meaning, else what the game makes of it.
fn glyph_card(doc: Document, cell: Span) -> Option<HoverCard> {
    let glyph = doc.source.get(cell.range())?.chars().next()?;
    let vault = vault_at(doc, cell.start as usize)?;
    let lines: Vec<String> = key_lines(doc, vault, glyph)
        .map(|(line_no, text)| format!("line {line_no}: {}", text.trim()))
        .collect();
    let default = GLYPHS
        .iter()
        .find(|&&(g, _, _)| g as char == glyph)
        .map(|&(_, _, meaning)| meaning);
    let detail = match (lines.is_empty(), default) {
        (false, _) => "given its meaning by the vault".to_string(),
        (true, Some(meaning)) => meaning.to_string(),
        (true, None) => "no meaning: neither the vault nor the game gives it one".to_string(),
    };
    let entry = Entry::new(EntryKind::Glyph, glyph.to_string()).with_detail(detail);
    Some(HoverCard {
        span: cell,
        entry,
        lines,
    })
}

/// The vault (outline entry) holding `offset`.
fn vault_at(doc: Document, offset: usize) -> Option<Span> {
    doc.analysis
        .outline
        .iter()
        .filter(|s| s.span.contains(offset) || s.span.end as usize == offset)
        .map(|s| s.span)
        .min_by_key(|s| s.len())
}

/// The lines of a vault's header that give `glyph` a meaning (1-based
/// line numbers).
fn key_lines<'a>(
    doc: Document<'a>,
    vault: Span,
    glyph: char,
) -> impl Iterator<Item = (usize, &'a str)> {
    let first_line = doc.source[..vault.start as usize].matches('\n').count() + 1;
    let text = doc.source.get(vault.range()).unwrap_or_default();
    text.lines().enumerate().filter_map(move |(i, line)| {
        let (statement, args) = line.trim_start().split_once(':')?;
        let statement = statement.trim();
        let keys = if has_keys(statement) {
            args.split(['=', ':']).next().unwrap_or_default()
        } else {
            match statement {
                "MONS" if glyph.is_ascii_digit() => args,
                "ITEM" if ('d'..='j').contains(&glyph) => args,
                "SHUFFLE" => args,
                _ => return None,
            }
        };
        let gives = keys.contains(glyph) || statement == "MONS" || statement == "ITEM";
        gives.then_some((first_line + i, line))
    })
}

fn in_code(doc: Document, offset: usize) -> bool {
    doc.analysis
        .tokens
        .iter()
        .any(|t| t.kind == TokenKind::Code && t.span.contains(offset))
}

/// Every word of every `TAGS:` line, with its span.
fn tag_words(source: &str) -> impl Iterator<Item = (&str, Span)> {
    directive_values(source, "TAGS").flat_map(|(at, args)| {
        word_spans(args)
            .into_iter()
            .map(move |(i, w)| (w, Span::new(at + i, at + i + w.len())))
    })
}

/// The arguments of every `statement:` line, with where they start.
fn directive_values<'a>(
    source: &'a str,
    statement: &'a str,
) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    let mut at = 0;
    source.split_inclusive('\n').filter_map(move |line| {
        let start = at;
        at += line.len();
        let trimmed = line.trim_start();
        let rest = trimmed.strip_prefix(statement)?.strip_prefix(':')?;
        let args_at = start + (line.len() - rest.len());
        Some((args_at, rest.trim_end_matches(['\n', '\r'])))
    })
}

pub fn occurrences(set: &[Document], current: usize, offset: usize) -> Option<Occurrences> {
    let doc = *set.get(current)?;
    if let Some(found) = glyph_occurrences(doc, current, offset) {
        return Some(found);
    }
    let line = LineAt::new(doc.source, offset);
    let statement = line.statement()?;
    if !matches!(statement, "TAGS" | "NAME" | "SUBVAULT") {
        return None;
    }
    let word = line.word_around(is_word);
    let name = doc.source.get(word.range())?.to_string();
    if name.is_empty() {
        return None;
    }
    Some(tag_occurrences(set, &name))
}

/// A subvault tag or a vault name: where vaults carry it (`TAGS:`,
/// `NAME:`) and where `SUBVAULT:` asks for it, in every file of the set.
fn tag_occurrences(set: &[Document], name: &str) -> Occurrences {
    let (mut definitions, mut uses) = (Vec::new(), Vec::new());
    let mut named_vault = false;
    for (file, d) in set.iter().enumerate() {
        for (w, span) in tag_words(d.source) {
            if w == name {
                definitions.push(Place { file, span });
            }
        }
        for (at, args) in directive_values(d.source, "NAME") {
            let trimmed = args.trim();
            if trimmed == name {
                let lead = args.len() - args.trim_start().len();
                definitions.push(Place {
                    file,
                    span: Span::new(at + lead, at + lead + trimmed.len()),
                });
                named_vault = true;
            }
        }
        for (at, args) in directive_values(d.source, "SUBVAULT") {
            let Some(colon) = args.find([':', '=']) else {
                continue;
            };
            for (i, w) in word_spans(&args[colon + 1..]) {
                if w == name {
                    let from = at + colon + 1 + i;
                    uses.push(Place {
                        file,
                        span: Span::new(from, from + w.len()),
                    });
                }
            }
        }
    }
    Occurrences {
        kind: if named_vault {
            EntryKind::Vault
        } else {
            EntryKind::Tag
        },
        name: name.to_string(),
        definitions,
        uses,
    }
}

/// A vault's glyph: its keys in the header (`KMONS: O = …`, the sides of
/// `SUBST`/`SHUFFLE`) and its cells in the map.
fn glyph_occurrences(doc: Document, file: usize, offset: usize) -> Option<Occurrences> {
    let glyph = match map_cell(doc, offset) {
        Some(cell) => doc.source[cell.range()].chars().next()?,
        None => key_glyph_at(doc, offset)?,
    };
    let vault = vault_at(doc, offset)?;
    let mut definitions = Vec::new();
    let mut uses = Vec::new();
    let base = vault.start as usize;
    let text = doc.source.get(vault.range())?;
    let mut at = base;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        for span in glyph_keys(line, glyph) {
            definitions.push(Place {
                file,
                span: Span::new(start + span.start as usize, start + span.end as usize),
            });
        }
    }
    for token in doc
        .analysis
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::MapRow && vault.contains(t.span.start as usize))
    {
        let row = doc.source.get(token.span.range()).unwrap_or_default();
        for (i, c) in row.char_indices() {
            if c == glyph {
                let from = token.span.start as usize + i;
                uses.push(Place {
                    file,
                    span: Span::new(from, from + c.len_utf8()),
                });
            }
        }
    }
    Some(Occurrences {
        kind: EntryKind::Glyph,
        name: glyph.to_string(),
        definitions,
        uses,
    })
}

/// The glyph under the cursor when it stands among a directive's keys.
fn key_glyph_at(doc: Document, offset: usize) -> Option<char> {
    let line = LineAt::new(doc.source, offset);
    let c = line.text.get(line.cursor..)?.chars().next()?;
    glyph_keys(line.text, c)
        .into_iter()
        .any(|s| s.start as usize == line.cursor)
        .then_some(c)
}

/// Where `glyph` stands as a key in one header line (spans within the
/// line): before `=`/`:` in keyed directives, both sides of `SUBST` and
/// `SHUFFLE`, the replacements of `NSUBST`.
fn glyph_keys(line: &str, glyph: char) -> Vec<Span> {
    let Some((statement, args)) = line.trim_start().split_once(':') else {
        return Vec::new();
    };
    let statement = statement.trim();
    let args_at = line.len() - args.len();
    let mut spans = Vec::new();
    let mut push = |from: usize, part: &str| {
        for (i, c) in part.char_indices() {
            if c == glyph {
                spans.push(Span::new(
                    args_at + from + i,
                    args_at + from + i + c.len_utf8(),
                ));
            }
        }
    };
    let args = args.trim_end_matches(['\n', '\r']);
    match statement {
        "SHUFFLE" => push(0, args),
        "SUBST" => {
            let split = args.find(['=', ':']).unwrap_or(args.len());
            push(0, &args[..split]);
            push_glyphs_after(args, split, &mut push);
        }
        "NSUBST" => {
            let split = args.find('=').unwrap_or(args.len());
            push(0, &args[..split]);
            let mut at = split + 1;
            for part in args.get(at..).unwrap_or_default().split('/') {
                if let Some(sep) = part.find([':', '=']) {
                    let glyphs = &part[sep + 1..];
                    push(at + sep + 1, glyphs.split(';').next().unwrap_or_default());
                }
                at += part.len() + 1;
            }
        }
        s if has_keys(s) => {
            let split = args.find(['=', ':']).unwrap_or(0);
            push(0, &args[..split]);
        }
        _ => {}
    }
    spans
}

/// The replacement glyphs of a `SUBST` after its `=`: weights (`:10`)
/// are numbers, not glyphs.
fn push_glyphs_after(args: &str, split: usize, push: &mut impl FnMut(usize, &str)) {
    let Some(rest) = args.get(split + 1..) else {
        return;
    };
    let mut in_weight = false;
    for (i, c) in rest.char_indices() {
        if c == ':' {
            in_weight = true;
            continue;
        }
        if in_weight && c.is_ascii_digit() {
            continue;
        }
        in_weight = false;
        if !c.is_whitespace() {
            push(split + 1 + i, &rest[i..i + c.len_utf8()]);
        }
    }
}
