//! The vault the game builds from once its Lua has run: the map's lines
//! as Lua left them, and the headers in force in the order they ran —
//! the vault's own (those under a Lua condition only when it held) and
//! the ones Lua's header functions gave, each read as its header would
//! be, its spans on the Lua string when the call writes the string out.

use std::borrow::Cow;

use super::transform::is_transform;
use super::{Event, Outcome};
use crate::dcss::ast::{Args, Directive, Item, Kw, MapRow, Vault};
use crate::dcss::reader;
use vaultwright_model::source::{LineIndex, Span};

/// `vault` as its Lua run (`outcome`) builds it; `source` is the file's
/// text, `lines` its line index.
pub fn expanded<'a>(
    source: &'a str,
    lines: &LineIndex,
    vault: &Vault<'a>,
    outcome: &Outcome,
) -> Vault<'a> {
    let mut out = Vault::new(vault.name.clone(), vault.name_span, vault.span);
    out.default_depth = vault.default_depth.clone();
    for event in &outcome.events {
        match event {
            // The run applied the transforms to its lines already.
            Event::Call { kw, .. } if is_transform(*kw) => {}
            Event::Header(i) => {
                if let Some(Item::Directive(d)) =
                    vault.items.get(*i).filter(|i| !is_transform_item(i))
                {
                    out.push(Item::Directive(Directive {
                        conditional: false,
                        ..d.clone()
                    }));
                }
            }
            Event::Call { kw, text, line } | Event::Merged { kw, text, line } => {
                let d = from_lua(source, lines, *kw, text, *line);
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

fn is_transform_item(item: &Item) -> bool {
    matches!(item, Item::Directive(d) if is_transform(d.kw))
}

/// A header function's value as its directive: spans on the string in
/// the source when the call's line writes it out once, else on the line.
fn from_lua<'a>(
    source: &'a str,
    lines: &LineIndex,
    kw: Kw,
    text: &str,
    line: u32,
) -> Directive<'a> {
    if line == 0 {
        // Made by crawl's library: no line of the file holds the call.
        return respanned(kw, text, |_| Span::new(0, 0));
    }
    let line_span = line_span(source, lines, line);
    match written_at(source, line_span, text) {
        Some(at) => exact(source, kw, at, text.len(), line_span),
        None => respanned(kw, text, |_| line_span),
    }
}

/// Where the call's line writes `text` out, once.
fn written_at(source: &str, line_span: Span, text: &str) -> Option<usize> {
    let on_line = source.get(line_span.start as usize..line_span.end as usize)?;
    let once = !text.is_empty() && on_line.matches(text).count() == 1;
    once.then(|| on_line.find(text))
        .flatten()
        .map(|i| line_span.start as usize + i)
}

fn exact<'a>(source: &'a str, kw: Kw, at: usize, len: usize, line_span: Span) -> Directive<'a> {
    let text = source.get(at..at + len).unwrap_or("");
    reader::directive_of_call(kw, text, at, Span::new(line_span.start as usize, at + len))
}

/// The directive of `text`, each argument's span given by `span_of`.
fn respanned(kw: Kw, text: &str, span_of: impl Fn(&str) -> Span) -> Directive<'static> {
    let d = reader::directive_of_call(kw, text, 0, Span::new(0, 0)).into_owned();
    let mut args = Args::default();
    let mut first = None;
    for (i, (arg, _)) in d.args.iter().enumerate() {
        let value = d
            .splits
            .get(i)
            .copied()
            .flatten()
            .and_then(|_| crate::dcss::spec::split_selector(arg).map(|(_, _, v)| v))
            .unwrap_or(arg);
        let span = span_of(value);
        first.get_or_insert(span);
        args.push((arg.clone(), span));
    }
    Directive {
        args,
        span: first.unwrap_or_default(),
        ..d
    }
}

/// The values the vault's Lua gave its header functions that its call
/// does not write out (through a helper, or computed), as directives
/// with the file line of the call: each argument lies on the vault's own
/// Lua string holding its value when there is one, else on `fallback`.
pub fn lua_made<'a>(
    source: &'a str,
    lines: &LineIndex,
    vault: &Vault<'a>,
    outcome: &Outcome,
    fallback: Span,
) -> Vec<(Directive<'static>, u32)> {
    let mut out = Vec::new();
    for event in &outcome.events {
        let Event::Call { kw, text, line } = event else {
            continue;
        };
        // Line 0: crawl's library made the call; no line of ours has it.
        if *line > 0 && written_at(source, line_span(source, lines, *line), text).is_some() {
            continue;
        }
        let d = respanned(*kw, text, |value| {
            vault_string(source, vault, value).unwrap_or(fallback)
        });
        out.push((d, *line));
    }
    out
}

/// The span of a string of the vault's own Lua whose content is `value`.
fn vault_string(source: &str, vault: &Vault, value: &str) -> Option<Span> {
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    vault.lua().find_map(|lua| {
        let text = &*lua.text;
        ['"', '\''].iter().find_map(|q| {
            let quoted = format!("{q}{value}{q}");
            let at = text.find(&quoted)? + 1;
            let start = lua.text_at + at;
            source
                .get(start..start + value.len())
                .filter(|s| *s == value)
                .map(|_| Span::new(start, start + value.len()))
        })
    })
}

/// The span of 1-based line `line` of `source` (without its line end).
fn line_span(source: &str, lines: &LineIndex, line: u32) -> Span {
    let range = lines.line_range(source, (line as usize).saturating_sub(1));
    Span::new(range.start, range.end)
}

/// The map's rows as Lua left them: a row the same as the vault's keeps
/// its place in the source; a changed row keeps the place of the row it
/// replaced, one Lua added has none. A changed row keeps its trailing
/// blanks: a column CLEAR or Lua blanked at the right edge is still the
/// map's, as crawl's width says.
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
                Some((span, _)) => (*span, Cow::Owned(line.clone())),
                None => (Span::new(0, 0), Cow::Owned(line.clone())),
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
