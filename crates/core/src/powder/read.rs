//! map2c's reading of a room file: its line classification (legend
//! lines, globals, the map's rows) with its warnings verbatim, and the
//! recovering reading the analysis uses, where a row map2c rejects, a
//! stray line between rows or a second map is one warning and the map
//! goes on.

use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::{widen_to_chars, Span};
use vaultwright_model::{Token, TokenKind};

use super::{
    Globals, LegendToken, MapBlock, Room, BORDER, CRASH, CRLF, LONG_LINE, ORIGINAL_FATAL,
    ORIGINAL_WARNING,
};

/// C's `atoi` (`c_number`), as the room's settings hold it.
fn atoi(s: &str) -> i64 {
    i64::from(crate::c_number::atoi(s.as_bytes()))
}

fn boolean(s: &str) -> i64 {
    match s.to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" => 1,
        "false" | "off" | "no" => 0,
        _ => atoi(s),
    }
}

fn warn(room: &mut Room, msg: impl Into<String>, span: Span) {
    let mut d = Diagnostic::warning(ORIGINAL_WARNING, msg, span);
    d.original = true;
    room.diagnostics.push(d);
}

/// Splits like `strtok` on any of `seps`, with spans.
fn tokens_of<'a>(
    text: &'a str,
    base: usize,
    seps: &'a [char],
) -> impl Iterator<Item = (&'a str, Span)> + 'a {
    let mut pos = 0;
    std::iter::from_fn(move || {
        let rest = &text[pos..];
        let start = pos + (rest.len() - rest.trim_start_matches(seps).len());
        if start >= text.len() {
            return None;
        }
        let len = text[start..].find(seps).unwrap_or(text.len() - start);
        pos = start + len;
        Some((
            &text[start..start + len],
            Span::new(base + start, base + start + len),
        ))
    })
}

/// How the map's rows are read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Rows {
    /// As map2c: the first row that is not one ends the map (the rows
    /// after it are unknown lines, the bottom border a second map).
    Original,
    /// A row of the wrong length, or missing its opening `|` but ending
    /// like a row, is still a row: one finding, and the map goes on.
    Recovering,
}

/// map2c's reading, for its output and its messages.
pub(super) fn read(src: &str) -> Room {
    read_with(src, Rows::Original)
}

pub(super) fn read_with(src: &str, rows: Rows) -> Room {
    let mut room = Room {
        legend: Vec::new(),
        map: None,
        globals: Globals::default(),
        diagnostics: Vec::new(),
        tokens: Vec::new(),
        fatal: false,
    };
    // Lines with their offsets; CR before LF is accepted and reported once.
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut pos = 0;
    let mut crlf = None;
    for raw in src.split_inclusive('\n') {
        let mut line = raw.strip_suffix('\n').unwrap_or(raw);
        if let Some(l) = line.strip_suffix('\r') {
            crlf.get_or_insert(Span::new(pos + l.len(), pos + l.len() + 1));
            line = l;
        }
        lines.push((pos, line));
        pos += raw.len();
    }
    if let Some(span) = crlf {
        room.diagnostics.push(
            Diagnostic::note_at(CRLF, "CR-LF line ends: accepted", span)
                .with_note("map2c does not strip CR: with it every map row is one byte too long and every legend name ends in CR"),
        );
    }
    let mut i = 0;
    while i < lines.len() {
        let (start, line) = lines[i];
        let span = Span::new(start, start + line.len());
        i += 1;
        let b = line.as_bytes();
        if b.len() >= 999 {
            room.diagnostics.push(Diagnostic::error(
                LONG_LINE,
                "line of 999 bytes or more: map2c silently stops reading here",
                span,
            ));
            room.fatal = true;
            break;
        }
        if b.len() < 2 {
            continue;
        }
        if b[0] == b'#' && (b[1] as char).is_ascii_whitespace() {
            room.tokens.push(Token {
                kind: TokenKind::Comment,
                span,
            });
            continue;
        }
        if b[0] == b'+' && b[1] == b'-' {
            i = read_map(&mut room, &lines, i, span, line, rows);
            continue;
        }
        if b[1] == b':' {
            room.tokens.push(Token {
                kind: TokenKind::Char,
                span: Span::new(start, start + 1),
            });
            for (word, wspan) in tokens_of(&line[2..], start + 2, &[',', ' ', '\t']) {
                room.tokens.push(Token {
                    kind: TokenKind::Constant,
                    span: wspan,
                });
                room.legend.push(LegendToken {
                    letter: b[0],
                    name: word.to_string(),
                    span: wspan,
                });
            }
            continue;
        }
        if line.contains('=') {
            global(&mut room, line, start);
            continue;
        }
        warn(
            &mut room,
            format!("Ignoring unknown line:\n\t\"{line}\""),
            span,
        );
    }
    if room.legend.is_empty() {
        let mut d = Diagnostic::error(
            ORIGINAL_FATAL,
            "No look ups found, aborting",
            Span::default(),
        );
        d.original = true;
        room.diagnostics.push(d);
        room.fatal = true;
    } else if room.map.is_none() {
        let mut d = Diagnostic::error(ORIGINAL_FATAL, "No map found, aborting", Span::default());
        d.original = true;
        room.diagnostics.push(d);
        room.fatal = true;
    }
    room
}

/// Reads a map block after its top border; returns the next line index.
fn read_map(
    room: &mut Room,
    lines: &[(usize, &str)],
    mut i: usize,
    top: Span,
    first: &str,
    recovery: Rows,
) -> usize {
    let b = first.as_bytes();
    let mut w = 1;
    while w < b.len() && b[w] == b'-' {
        w += 1;
    }
    if b.get(w) != Some(&b'+') {
        warn(room, "No terminating + on first map line!", top);
        return i;
    }
    if room.map.is_some() {
        warn(room, "Multiple maps defined!", top);
        if recovery == Rows::Recovering {
            // One finding for the second map: its rows and bottom border
            // are not unknown lines too.
            if let Some(d) = room.diagnostics.last_mut() {
                d.notes
                    .push("map2c keeps the first map and ignores this one".into());
            }
            return skip_map(lines, i);
        }
        return i;
    }
    room.tokens.push(Token {
        kind: TokenKind::MapRow,
        span: top,
    });
    let width = w - 1;
    let mut block = MapBlock {
        width,
        rows: Vec::new(),
        top,
    };
    let mut closed = false;
    while i < lines.len() {
        let (start, line) = lines[i];
        let span = Span::new(start, start + line.len());
        i += 1;
        if line.len() >= 999 {
            break;
        }
        let lb = line.as_bytes();
        if lb.first() == Some(&b'+') {
            room.tokens.push(Token {
                kind: TokenKind::MapRow,
                span,
            });
            let dashes = lb[1..].iter().take_while(|&&c| c == b'-').count();
            if dashes != width || lb.get(1 + dashes) != Some(&b'+') {
                room.diagnostics.push(Diagnostic::warning(
                    BORDER,
                    format!("the bottom border should be `+{}+`", "-".repeat(width)),
                    span,
                ));
            }
            closed = true;
            break;
        }
        let misfit = if lb.first() != Some(&b'|') {
            "Missing opening | in map!".to_string()
        } else if line.len() != width + 2 {
            format!("Line: \"{line}\" is wrong length")
        } else {
            String::new()
        };
        if !misfit.is_empty() {
            warn(room, misfit, span);
            if recovery == Rows::Original {
                closed = true;
                break;
            }
            match misfit_row(line, width) {
                Some(cells) => keep_misfit_row(room, &mut block, start, line, cells),
                None if lines.get(i).is_some_and(|&(_, next)| is_row(next, width)) => {
                    // A stray line between rows: the map goes on after it.
                    if let Some(d) = room.diagnostics.last_mut() {
                        d.notes.push("map2c ends the map here and ignores the rows after it; here the map goes on with the row below".into());
                    }
                }
                None => {
                    closed = true;
                    break;
                }
            }
        } else {
            // Positions are bytes, as map2c counts them; the spans cover
            // whole characters.
            let chars = |from: usize, to: usize| {
                let (a, b) = widen_to_chars(line, from, to);
                Span::new(start + a, start + b)
            };
            if lb[width + 1] != b'|' {
                room.diagnostics.push(Diagnostic::warning(
                    BORDER,
                    "map row without its closing `|`",
                    chars(width + 1, width + 2),
                ));
            }
            room.tokens.push(Token {
                kind: TokenKind::MapRow,
                span,
            });
            block
                .rows
                .push((chars(1, 1 + width), lb[1..=width].to_vec()));
        }
        if block.rows.len() >= 100 {
            warn(room, "Too many lines in the map!", span);
            closed = true;
            break;
        }
    }
    if !closed {
        room.diagnostics.push(Diagnostic::warning(
            BORDER,
            "the map has no bottom border",
            top,
        ));
    }
    room.map = Some(block);
    i
}

/// The index of the line after a map's rows and bottom border.
fn skip_map(lines: &[(usize, &str)], mut i: usize) -> usize {
    while let Some(&(_, line)) = lines.get(i) {
        i += 1;
        if !line.starts_with('|') {
            // The bottom border ends it; any other line is read again.
            return if line.starts_with('+') { i } else { i - 1 };
        }
    }
    i
}

/// A row as map2c reads one: `|`, `width` cells, `|`.
fn is_row(line: &str, width: usize) -> bool {
    let b = line.as_bytes();
    b.len() == width + 2 && b.first() == Some(&b'|') && b.last() == Some(&b'|')
}

/// The cells of a line that is meant as a map row although map2c rejects
/// it: one starting with `|` (of any length), or one ending with `|` that
/// lacks only its opening `|`. At most `width` cells; `None` for a line
/// that is no row (the map then ends, as in map2c).
fn misfit_row(line: &str, width: usize) -> Option<std::ops::Range<usize>> {
    let b = line.as_bytes();
    let (start, end) = if b.first() == Some(&b'|') {
        let end = if b.len() > 1 && b.last() == Some(&b'|') {
            b.len() - 1
        } else {
            b.len()
        };
        (1, end)
    } else if b.last() == Some(&b'|') && b.len() == width + 1 {
        (0, width)
    } else if b.last() == Some(&b'|') && b.len() == width + 2 && b[0].is_ascii() {
        // Something else in place of the opening `|`.
        (1, width + 1)
    } else {
        return None;
    };
    // Cut where no character is split (map2c counts bytes).
    let end = vaultwright_model::source::floor_char_boundary(line, end.min(start + width));
    Some(start..end.max(start))
}

/// Keeps a row map2c rejects (its warning already given), noting why the
/// map goes on here.
fn keep_misfit_row(
    room: &mut Room,
    block: &mut MapBlock,
    start: usize,
    line: &str,
    cells: std::ops::Range<usize>,
) {
    if let Some(d) = room.diagnostics.last_mut() {
        d.notes.push(format!(
            "a row of the map is `|`, {} cells, `|`; map2c ends the map here and ignores the rows after it; read here as a row",
            block.width
        ));
        if !line.is_ascii() {
            d.notes
                .push("map2c counts bytes: a character of several bytes is several cells".into());
        }
    }
    let span = Span::new(start + cells.start, start + cells.end);
    room.tokens.push(Token {
        kind: TokenKind::MapRow,
        span: Span::new(start, start + line.len()),
    });
    let row = line.as_bytes().get(cells).unwrap_or_default().to_vec();
    block.rows.push((span, row));
}

fn global(room: &mut Room, line: &str, start: usize) {
    let mut toks = tokens_of(line, start, &[' ', '=', '\t']);
    let var = toks.next();
    let val = toks.next();
    let span = Span::new(start, start + line.len());
    let (Some((var, vspan)), Some((val, valspan))) = (var, val) else {
        let mut d = Diagnostic::error(CRASH, "Illformed var assign ignored.", span);
        d.original = true;
        d.notes
            .push("map2c then crashes on the missing value; give the variable a value".into());
        room.diagnostics.push(d);
        room.fatal = true;
        return;
    };
    room.tokens.push(Token {
        kind: TokenKind::Keyword,
        span: vspan,
    });
    room.tokens.push(Token {
        kind: TokenKind::Number,
        span: valspan,
    });
    let g = &mut room.globals;
    let name = var.to_ascii_lowercase();
    let key: &'static str = match name.as_str() {
        "minlevel" => {
            g.minlevel = atoi(val);
            "minlevel"
        }
        "maxlevel" => {
            g.maxlevel = atoi(val);
            "maxlevel"
        }
        "rarity" => {
            g.rarity = atoi(val);
            "rarity"
        }
        "mandatory" => {
            g.mandatory = boolean(val);
            "mandatory"
        }
        "onlyonce" => {
            g.onlyonce = boolean(val);
            "onlyonce"
        }
        "allowstairs" => {
            g.allowstairs = boolean(val);
            "allowstairs"
        }
        "allowgeneration" => {
            g.allowgeneration = boolean(val);
            "allowgeneration"
        }
        "allowdig" => {
            g.allowdig = boolean(val);
            "allowdig"
        }
        "allowtele" => {
            g.allowtele = boolean(val);
            "allowtele"
        }
        "allowitems" => {
            g.allowitems = boolean(val);
            "allowitems"
        }
        "quest" => {
            g.quest = val.to_string();
            "quest"
        }
        "pos" => {
            g.x = atoi(val);
            // The y value: the next token, splitting on `,` too.
            let after = valspan.end as usize - start;
            match tokens_of(&line[after..], start + after, &[' ', ',', '=', '\t']).next() {
                Some((y, _)) => g.y = atoi(y),
                None => warn(room, "pos command has no y component!", span),
            }
            "pos"
        }
        _ => {
            warn(room, format!("Unknown variable {var}"), vspan);
            return;
        }
    };
    let g = &mut room.globals;
    g.spans.retain(|(k, _)| *k != key);
    g.spans.push((key, valspan));
}
