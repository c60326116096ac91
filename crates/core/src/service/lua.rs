//! The service for NetHack 5.0 Lua level scripts: `des.` function names,
//! the keys of the call's table, and inside a string the names the call
//! reads (monsters, objects, traps, room types); hover says what a name
//! or a function is. Read from the text before the cursor, so that a call
//! being typed is served.

use super::Document;
use crate::nethack_lua::{calls_at, catalog};
use vaultwright_model::service::{Completion, Entry, HoverCard};
use vaultwright_model::view::View;
use vaultwright_model::Span;

pub fn complete(doc: Document, offset: usize) -> Option<Completion> {
    let (context, replace) = context_at(doc.source, offset)?;
    let items = match context {
        Context::Function => catalog::functions()
            .into_iter()
            .map(|mut e| {
                e.name = e.name.trim_start_matches("des.").to_string();
                e
            })
            .collect(),
        Context::Key(function) => catalog::keys(&function),
        Context::Value(function, key) => values_for(&function, key.as_deref())?,
    };
    Some(Completion { replace, items })
}

pub fn hover(doc: Document, offset: usize) -> Option<HoverCard> {
    let source = doc.source;
    let (context, _) = context_at(source, offset)?;
    match context {
        Context::Value(function, key) => {
            let span = string_around(source, offset)?;
            let text = source.get(span.start as usize..span.end as usize)?;
            let entry = values_for(&function, key.as_deref())?
                .into_iter()
                .find(|e| e.name.eq_ignore_ascii_case(text))?;
            Some(HoverCard {
                span,
                entry,
                lines: Vec::new(),
            })
        }
        Context::Function => {
            let span = word_around(source, offset);
            let word = source.get(span.start as usize..span.end as usize)?;
            let entry = catalog::functions()
                .into_iter()
                .find(|e| e.name == format!("des.{word}"))?;
            Some(HoverCard {
                span,
                entry,
                lines: placed_by(&doc, offset),
            })
        }
        Context::Key(_) => None,
    }
}

fn values_for(function: &str, key: Option<&str>) -> Option<Vec<Entry>> {
    Some(match (function, key) {
        ("monster", None | Some("id")) => catalog::monsters(),
        ("object", None | Some("id")) => catalog::objects(),
        ("trap", None | Some("type")) => catalog::traps(),
        ("room" | "region", Some("type")) => catalog::room_types(),
        _ => return None,
    })
}

enum Context {
    /// After `des.`.
    Function,
    /// A key of `des.function`'s table.
    Key(String),
    /// Inside a string: `des.function`'s argument, or its table's `key`.
    Value(String, Option<String>),
}

fn is_name(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Where the name that `text` ends with starts.
fn name_start(text: &str) -> usize {
    text.char_indices()
        .rev()
        .find(|&(_, c)| !is_name(c))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

fn word_around(source: &str, offset: usize) -> Span {
    let offset = vaultwright_model::source::floor_char_boundary(source, offset.min(source.len()));
    let start = name_start(&source[..offset]);
    let end = source[offset..]
        .find(|c: char| !is_name(c))
        .map_or(source.len(), |i| offset + i);
    Span::new(start, end)
}

/// Where the cursor stands, and the text a choice replaces.
fn context_at(source: &str, offset: usize) -> Option<(Context, Span)> {
    let offset = vaultwright_model::source::floor_char_boundary(source, offset.min(source.len()));
    let before = &source[..offset];
    let word = word_around(source, offset);
    let word_start = word.start as usize;
    if before[..word_start].ends_with("des.") {
        return Some((Context::Function, Span::new(word_start, offset)));
    }
    let (function, open) = enclosing_call(before)?;
    let inside = &before[open..];
    if let Some(string) = string_around(source, offset) {
        let ahead = before[..string.start as usize - 1].trim_end();
        let key = ahead
            .strip_suffix('=')
            .map(|k| k.trim_end())
            .map(|k| k[name_start(k)..].to_string());
        return Some((
            Context::Value(function, key),
            Span::new(string.start as usize, offset),
        ));
    }
    let last = before[..word_start.max(open)].trim_end();
    if inside.contains('{') && (last.ends_with('{') || last.ends_with(',')) {
        return Some((Context::Key(function), Span::new(word_start, offset)));
    }
    None
}

/// The `des.function(` the text ends inside of, and where its `(` is.
fn enclosing_call(before: &str) -> Option<(String, usize)> {
    let mut depth = 0i32;
    for (i, c) in before.char_indices().rev() {
        match c {
            ')' | '}' | ']' => depth += 1,
            '(' | '{' | '[' if depth > 0 => depth -= 1,
            '(' => {
                let head = before[..i].trim_end();
                let start = name_start(head);
                let name = &head[start..];
                if head[..start].ends_with("des.") {
                    return Some((name.to_string(), i));
                }
            }
            // A blank line ends the search: the call is not this one's.
            '\n' if depth == 0 && before.as_bytes().get(i + 1) == Some(&b'\n') => return None,
            _ => {}
        }
    }
    None
}

/// Inside a string on the cursor's line: its content's span (to its
/// closing quote, or to the cursor).
fn string_around(source: &str, offset: usize) -> Option<Span> {
    let offset = vaultwright_model::source::floor_char_boundary(source, offset.min(source.len()));
    let line_start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &source[line_start..offset];
    let mut open: Option<(usize, char)> = None;
    for (i, c) in before.char_indices() {
        match open {
            Some((_, q)) if c == q => open = None,
            None if c == '"' || c == '\'' => open = Some((i, c)),
            _ => {}
        }
    }
    let (at, quote) = open?;
    let rest = &source[offset..];
    let end = rest
        .find([quote, '\n'])
        .map_or(source.len(), |i| offset + i);
    Some(Span::new(line_start + at + 1, end))
}

/// What the call under `offset` placed in the level as run (the
/// analysis's first view), one line each.
fn placed_by(doc: &Document, offset: usize) -> Vec<String> {
    let Some(call) = calls_at(doc.source, offset) else {
        return Vec::new();
    };
    let Some(View::TileMap(level)) = doc.analysis.views.first().map(|v| &v.view) else {
        return Vec::new();
    };
    let seed = doc
        .analysis
        .outline
        .first()
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let placed: Vec<String> = level
        .markers
        .iter()
        .filter(|m| m.origin.start < call.end && call.start < m.origin.end)
        .map(|m| format!("placed {}", m.label))
        .collect();
    if placed.is_empty() {
        return placed;
    }
    let mut lines = vec![format!("in {seed}:")];
    lines.extend(placed.into_iter().take(12));
    lines
}
