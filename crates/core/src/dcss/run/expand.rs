//! The vault the game builds from once its Lua has run: the map's lines
//! as Lua left them, and the headers in force in the order they ran —
//! the vault's own (those under a Lua condition only when it held) and
//! the ones Lua's header functions gave, each read as its header would
//! be, its spans on the Lua string when the call writes the string out.

use std::borrow::Cow;

use super::{Event, Outcome};
use crate::dcss::ast::{Directive, Item, MapRow, Vault};
use crate::dcss::reader;
use vaultwright_model::source::Span;

/// `vault` as its Lua run (`outcome`) builds it; `source` is the file's
/// text.
pub fn expanded<'a>(source: &'a str, vault: &Vault<'a>, outcome: &Outcome) -> Vault<'a> {
    let mut out = Vault::new(vault.name.clone(), vault.name_span, vault.span);
    out.default_depth = vault.default_depth.clone();
    for event in &outcome.events {
        match event {
            Event::Header(i) => {
                if let Some(Item::Directive(d)) = vault.items.get(*i) {
                    out.push(Item::Directive(Directive {
                        conditional: false,
                        ..d.clone()
                    }));
                }
            }
            Event::Call { kw, text, line } => {
                let d = from_lua(source, *kw, text, *line);
                out.push(Item::Directive(Directive {
                    conditional: false,
                    ..d
                }));
            }
        }
    }
    out.push(Item::Map {
        rows: rows(vault, &outcome.lines),
        span: map_span(vault),
    });
    out
}

/// A header function's value as its directive: spans on the string in
/// the source when the call's line writes it out once, else on the line.
fn from_lua<'a>(source: &'a str, kw: crate::dcss::ast::Kw, text: &str, line: u32) -> Directive<'a> {
    let line_span = line_span(source, line);
    let on_line = source
        .get(line_span.start as usize..line_span.end as usize)
        .unwrap_or("");
    let written = (!text.is_empty() && on_line.matches(text).count() == 1)
        .then(|| on_line.find(text))
        .flatten();
    match written {
        Some(at) => {
            let at = line_span.start as usize + at;
            let text = source.get(at..at + text.len()).unwrap_or("");
            let call = Span::new(line_span.start as usize, at + text.len());
            reader::directive_of_call(kw, text, at, call)
        }
        None => {
            let d = reader::directive_of_call(kw, text, 0, line_span).into_owned();
            let mut args = crate::dcss::ast::Args::default();
            for (text, _) in d.args.iter() {
                args.push((text.clone(), line_span));
            }
            Directive { args, ..d }
        }
    }
}

/// The span of 1-based line `line` of `source` (without its line end).
fn line_span(source: &str, line: u32) -> Span {
    let bytes = source.as_bytes();
    let mut start = 0;
    for _ in 1..line {
        match memchr::memchr(b'\n', bytes.get(start..).unwrap_or_default()) {
            Some(i) => start += i + 1,
            None => return Span::new(source.len(), source.len()),
        }
    }
    let rest = bytes.get(start..).unwrap_or_default();
    let end = memchr::memchr(b'\n', rest).map_or(source.len(), |i| start + i);
    Span::new(start, end)
}

/// The map's rows as Lua left them: a row the same as the vault's keeps
/// its place in the source; a changed row keeps the place of the row it
/// replaced, one Lua added has none.
fn rows<'a>(vault: &Vault<'a>, lines: &[Vec<u8>]) -> Vec<MapRow<'a>> {
    let written: Vec<&MapRow<'a>> = vault
        .items
        .iter()
        .flat_map(|i| match i {
            Item::Map { rows, .. } => rows.iter().collect(),
            _ => Vec::new(),
        })
        .collect();
    lines
        .iter()
        .enumerate()
        .map(|(y, line)| {
            let trimmed = trim_end(line);
            match written.get(y) {
                Some((span, row)) if **row == *trimmed => (*span, row.clone()),
                Some((span, _)) => (*span, Cow::Owned(trimmed.to_vec())),
                None => (Span::new(0, 0), Cow::Owned(trimmed.to_vec())),
            }
        })
        .collect()
}

fn trim_end(line: &[u8]) -> &[u8] {
    let end = line.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
    &line[..end]
}

fn map_span(vault: &Vault) -> Span {
    vault
        .items
        .iter()
        .find_map(|i| match i {
            Item::Map { span, .. } => Some(*span),
            _ => None,
        })
        .unwrap_or(vault.name_span)
}
