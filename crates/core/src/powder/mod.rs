//! POWDER room maps (`rooms/*.map`) and the output of POWDER's `map2c`.
//!
//! The reader classifies lines exactly as `map2c` does (its warnings are
//! kept verbatim for the `map2c` drop-in), then checks what `map2c` leaves
//! to the C compiler or the game: names against the game's lists, one
//! SQUARE per cell, a legend for every map character, well-formed globals.
//! Output is written only when the generated C would compile.
//!
//! `read` is map2c's line classification; `analyze` reads rows in a
//! recovering mode, where a row map2c rejects, a stray line between rows
//! or a second map is one warning and the map goes on, while the C text
//! (`map2c`, `convert`) is always map2c's own reading. `check` holds the
//! names against `names`, which reads the game's lists from `data/`.
//!
//! No parser library: the reading is map2c's own line classification, a
//! byte loop that follows its C rather than a grammar.

pub mod catalog;
pub mod names;

use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::{widen_to_chars, Span};
use vaultwright_model::view::{
    Cell, Marker, Pick, Rgb, TileMap, View, ANY_MONSTER_GLYPH, ANY_OBJECT_GLYPH, ITEM_SLOT_GLYPH,
    MONSTER_SLOT_GLYPH,
};
use vaultwright_model::{
    Analysis, Artifact, Language, Options, Symbol, SymbolView, Token, TokenKind,
};

pub const ORIGINAL_WARNING: &str = "PW0100";
pub const ORIGINAL_FATAL: &str = "PW0101";
pub const CRASH: &str = "PW0102";
pub const UNKNOWN_NAME: &str = "PW0200";
pub const SQUARE_COUNT: &str = "PW0201";
pub const NO_LEGEND: &str = "PW0202";
pub const BAD_VALUE: &str = "PW0203";
pub const EMPTY_MAP: &str = "PW0204";
pub const LONG_LINE: &str = "PW0205";
pub const BORDER: &str = "PW0206";
pub const EXPLICIT_NONE: &str = "PW0207";
pub const CRLF: &str = "PW0208";
pub const LEVELS: &str = "PW0209";
pub const FILE_NAME: &str = "PW0210";

/// The attribute kinds, in `map2c`'s prefix-test order.
const KINDS: &[(&str, &str)] = &[
    ("MOBLEVEL", "moblevel"),
    ("MOB", "mob"),
    ("SQUAREFLAG", "squareflag"),
    ("INTRINSIC", "intrinsic"),
    ("SQUARE", "square"),
    ("ITEMTYPE", "itemtype"),
    ("ITEM", "item"),
    ("SIGNPOST", "signpost"),
];

/// The lists in the order `map2c` writes them.
const LIST_ORDER: &[&str] = &[
    "mob",
    "item",
    "itemtype",
    "moblevel",
    "intrinsic",
    "squareflag",
    "signpost",
];

fn kind_of(token: &str) -> Option<&'static str> {
    KINDS
        .iter()
        .find(|(prefix, _)| token.starts_with(prefix))
        .map(|(_, k)| *k)
}

fn names_of(kind: &str) -> &'static [&'static str] {
    match kind {
        "square" => names::SQUARE.rows(),
        "squareflag" => names::SQUAREFLAG.rows(),
        "mob" => names::MOB.rows(),
        "moblevel" => names::MOBLEVEL.rows(),
        "item" => names::ITEM.rows(),
        "itemtype" => names::ITEMTYPE.rows(),
        "intrinsic" => names::INTRINSIC.rows(),
        "signpost" => names::SIGNPOST.rows(),
        _ => &[],
    }
}

#[derive(Clone, Debug)]
pub struct LegendToken {
    pub letter: u8,
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct MapBlock {
    pub width: usize,
    /// Cells of each row (without the `|` delimiters) and the row's span.
    pub rows: Vec<(Span, Vec<u8>)>,
    pub top: Span,
}

#[derive(Clone, Debug)]
pub struct Globals {
    pub minlevel: i64,
    pub maxlevel: i64,
    pub rarity: i64,
    pub mandatory: i64,
    pub onlyonce: i64,
    pub allowstairs: i64,
    pub allowgeneration: i64,
    pub allowdig: i64,
    pub allowitems: i64,
    pub allowtele: i64,
    pub x: i64,
    pub y: i64,
    pub quest: String,
    /// Where each global was last set.
    pub spans: Vec<(&'static str, Span)>,
}

impl Default for Globals {
    fn default() -> Self {
        Globals {
            minlevel: -1,
            maxlevel: -1,
            rarity: 100,
            mandatory: 0,
            onlyonce: 0,
            allowstairs: 1,
            allowgeneration: 1,
            allowdig: 1,
            allowitems: 1,
            allowtele: 1,
            x: -1,
            y: -1,
            quest: "-1".into(),
            spans: Vec::new(),
        }
    }
}

pub struct Room {
    pub legend: Vec<LegendToken>,
    pub map: Option<MapBlock>,
    pub globals: Globals,
    pub diagnostics: Vec<Diagnostic>,
    pub tokens: Vec<Token>,
    /// `map2c` would stop without output (no legend or no map) or crash.
    pub fatal: bool,
}

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
pub fn read(src: &str) -> Room {
    read_with(src, Rows::Original)
}

fn read_with(src: &str, rows: Rows) -> Room {
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

/// The error for a map character without a legend entry, at its first
/// cell. A character of several bytes (map2c reads bytes, and a legend
/// letter is one byte, so none of them has an entry) is reported once, at
/// its first byte, for the whole character.
fn no_legend(map: &MapBlock, c: u8, x: usize, y: usize, cell: Span) -> Option<Diagnostic> {
    let (shown, span, bytes) = if c.is_ascii() {
        (format!("`{}`", c as char), cell, 1)
    } else {
        let row = &map.rows.get(y)?.1;
        let ch = vaultwright_model::source::char_starting_at(row, x)?;
        let len = ch.len_utf8();
        let span = Span::new(cell.start as usize, cell.start as usize + len);
        (format!("`{ch}` (U+{:04X})", ch as u32), span, len)
    };
    let mut d = Diagnostic::error(
        NO_LEGEND,
        format!("{shown} at ({x},{y}) has no legend entry"),
        span,
    )
    .with_note("map2c says \"Could not find symbol in Legend!\" and writes C without a SQUARE for the cell");
    if bytes > 1 {
        d.notes.push(format!(
            "map2c reads bytes: this character is {bytes} cells, and a legend letter is one byte"
        ));
    }
    Some(d)
}

/// Checks what map2c leaves to the compiler and the game.
fn check(room: &mut Room) {
    let Some(map) = room.map.clone() else {
        return;
    };
    if map.width == 0 || map.rows.is_empty() {
        room.diagnostics.push(Diagnostic::error(
            EMPTY_MAP,
            "the map has no cells: map2c would write an empty array that does not compile",
            map.top,
        ));
    }
    // Names.
    for t in room.legend.clone() {
        match kind_of(&t.name) {
            None => {}
            Some(kind) => {
                if t.name.ends_with("_NONE") && names_of(kind).first() == Some(&t.name.as_str()) {
                    room.diagnostics.push(
                        Diagnostic::warning(
                            EXPLICIT_NONE,
                            format!("{} ends its list early", t.name),
                            t.span,
                        )
                        .with_note("the game stops reading a list at its first *_NONE entry"),
                    );
                } else if !names_of(kind).contains(&t.name.as_str()) {
                    let suggestion = closest(&t.name, names_of(kind));
                    let mut d = Diagnostic::error(
                        UNKNOWN_NAME,
                        format!("unknown {} name `{}`", kind.to_ascii_uppercase(), t.name),
                        t.span,
                    )
                    .with_note("map2c copies it into the C file, which then does not compile");
                    if let Some(s) = suggestion {
                        d.notes.push(format!("did you mean `{s}`?"));
                    }
                    room.diagnostics.push(d);
                }
            }
        }
    }
    // Every used character: a legend, with exactly one SQUARE.
    let mut used: Vec<u8> = Vec::new();
    for (_, row) in &map.rows {
        for &c in row {
            if !used.contains(&c) {
                used.push(c);
            }
        }
    }
    for &c in &used {
        let entries: Vec<&LegendToken> = room.legend.iter().filter(|t| t.letter == c).collect();
        let first_cell = map.rows.iter().enumerate().find_map(|(y, (span, row))| {
            row.iter().position(|&x| x == c).map(|x| {
                (
                    x,
                    y,
                    Span::new(span.start as usize + x, span.start as usize + x + 1),
                )
            })
        });
        let Some((x, y, cell_span)) = first_cell else {
            continue;
        };
        if entries.is_empty() {
            if let Some(d) = no_legend(&map, c, x, y, cell_span) {
                room.diagnostics.push(d);
            }
            continue;
        }
        let squares: Vec<&&LegendToken> = entries
            .iter()
            .filter(|t| kind_of(&t.name) == Some("square"))
            .collect();
        if squares.len() != 1 {
            let span = squares.get(1).map(|t| t.span).unwrap_or(entries[0].span);
            room.diagnostics.push(
                Diagnostic::error(
                    SQUARE_COUNT,
                    format!(
                        "`{}` has {} SQUARE_* entries; every cell needs exactly one",
                        c as char,
                        squares.len()
                    ),
                    span,
                )
                .with_note(if squares.is_empty() {
                    "map2c writes an empty slot in the grid: the C does not compile"
                } else {
                    "map2c writes the names back to back: the C does not compile"
                }),
            );
        }
    }
    // Unknown-prefix names: map2c's warning, once per cell that uses them.
    for (_, row) in &map.rows {
        for &c in row {
            for t in room.legend.iter().rev().filter(|t| t.letter == c) {
                if kind_of(&t.name).is_none() {
                    let mut d = Diagnostic::warning(
                        ORIGINAL_WARNING,
                        format!("Unknown square type {}, ignoring", t.name),
                        t.span,
                    );
                    d.original = true;
                    room.diagnostics.push(d);
                }
            }
        }
    }
    // Globals the compiler or the game would reject.
    let g = room.globals.clone();
    let span_of = |k: &str| {
        g.spans
            .iter()
            .find(|(n, _)| *n == k)
            .map(|(_, s)| *s)
            .unwrap_or(map.top)
    };
    for (k, v) in [
        ("rarity", g.rarity),
        ("mandatory", g.mandatory),
        ("onlyonce", g.onlyonce),
        ("allowstairs", g.allowstairs),
        ("allowgeneration", g.allowgeneration),
        ("allowdig", g.allowdig),
        ("allowitems", g.allowitems),
        ("allowtele", g.allowtele),
    ] {
        if !(0..=255).contains(&v) {
            room.diagnostics.push(Diagnostic::error(
                BAD_VALUE,
                format!("{k} = {v} does not fit the game's unsigned byte (0..255)"),
                span_of(k),
            ));
        }
    }
    let quest_ok = g.quest == "-1"
        || names::GOD.contains(&g.quest.as_str())
        || g.quest
            .parse::<i64>()
            .is_ok_and(|v| (-128..=127).contains(&v));
    if !quest_ok {
        let mut d = Diagnostic::error(
            BAD_VALUE,
            format!("quest = {} is not a god (GOD_*) nor -1", g.quest),
            span_of("quest"),
        );
        if let Some(s) = closest(&g.quest, &names::GOD) {
            d.notes.push(format!("did you mean `{s}`?"));
        }
        room.diagnostics.push(d);
    }
    if g.minlevel >= 0 && g.maxlevel >= 0 && g.minlevel > g.maxlevel {
        room.diagnostics.push(Diagnostic::warning(
            LEVELS,
            format!(
                "minlevel {} is above maxlevel {}: the room is never chosen",
                g.minlevel, g.maxlevel
            ),
            span_of("minlevel"),
        ));
    }
}

/// The nearest name within 3 edits, upper case and lower alike; ties go
/// to the name first in byte order, if close enough to be a typo.
fn closest(name: &str, list: &[&'static str]) -> Option<&'static str> {
    let mut in_order = list.to_vec();
    in_order.sort_unstable();
    crate::suggest::nearest_folded(name, in_order, 3, str::to_ascii_uppercase)
}

/// One attribute placed on a cell: x, y, name.
type Placed<'a> = (usize, usize, &'a str);

/// The C file `map2c` writes (only meaningful when the room checks clean).
pub fn map2c(room: &Room, prefix: &str, input_name: &str) -> String {
    let mut out = String::new();
    let Some(map) = &room.map else {
        return out;
    };
    out.push_str("// Auto-generated .map file\n// DO NOT HAND EDIT\n");
    out.push_str(&format!(
        "// Generated from {}\n\n",
        comment_safe(input_name)
    ));
    out.push_str("#include \"../map.h\"\n#include \"../glbdef.h\"\n\n");
    out.push_str(&format!(
        "const SQUARE_NAMES glb_{prefix}_squarelist[] =\n{{\n"
    ));
    let mut lists: Vec<(&str, Vec<Placed>)> = LIST_ORDER.iter().map(|k| (*k, Vec::new())).collect();
    let mut i = 0usize;
    for (y, (_, row)) in map.rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            if i > 0 {
                out.push_str(",\t");
            }
            if i > 0 && i.is_multiple_of(4) {
                out.push('\n');
            }
            // map2c walks its legend newest first and pushes each entry on
            // the front of its list: within a cell, legend order survives.
            for t in room.legend.iter().rev().filter(|t| t.letter == c) {
                match kind_of(&t.name) {
                    Some("square") => {
                        out.push_str(&t.name);
                        i += 1;
                    }
                    Some(kind) => {
                        if let Some((_, list)) = lists.iter_mut().find(|(k, _)| *k == kind) {
                            list.push((x, y, t.name.as_str()));
                        }
                    }
                    None => {}
                }
            }
        }
    }
    out.push_str("\n};\n\n");
    for (kind, list) in &lists {
        out.push_str(&format!("const PT2 glb_{prefix}_{kind}list[] =\n{{\n"));
        // Pushed on the front: the last cell first, and within a cell the
        // legend order (pushes of one cell were made newest-legend first).
        let mut entries: Vec<String> = Vec::new();
        for &(x, y, name) in list.iter().rev() {
            entries.push(format!("\t{{ {x}, {y}, {name} }}"));
        }
        entries.push(format!(
            "\t{{ -1, -1, {}_NONE }}",
            kind.to_ascii_uppercase()
        ));
        out.push_str(&entries.join(",\n"));
        out.push_str("\n};\n\n");
    }
    let g = &room.globals;
    out.push_str(&format!("const ROOM_DEF glb_{prefix}_roomdef =\n{{\n"));
    out.push_str(&format!("\t{{ {}, {}, 0 }},\n", map.width, map.rows.len()));
    for kind in [
        "square",
        "squareflag",
        "item",
        "mob",
        "itemtype",
        "moblevel",
        "intrinsic",
        "signpost",
    ] {
        out.push_str(&format!("\tglb_{prefix}_{kind}list,\n"));
    }
    out.push_str(&format!("\t{}, {},\n", g.minlevel, g.maxlevel));
    out.push_str(&format!("\t{},\n", g.rarity));
    out.push_str(&format!("\t{}, {},\n", g.mandatory, g.onlyonce));
    for v in [
        g.allowstairs,
        g.allowgeneration,
        g.allowdig,
        g.allowitems,
        g.allowtele,
    ] {
        out.push_str(&format!("\t{v},\n"));
    }
    out.push_str(&format!("\t{}, {}, \n", g.x, g.y));
    out.push_str(&format!("\t{}, \n", g.quest));
    out.push_str(&format!("\t\"{prefix}\"\n}};\n"));
    out
}

/// The room name map2c derives: the output name up to its first `.`,
/// made a C identifier. map2c pastes it into identifiers
/// (`glb_NAME_squarelist`) and into a string, so every character an
/// identifier cannot hold becomes `_`; an ordinary name is kept as it is,
/// and the C text stays map2c's.
pub fn prefix_of(file_name: &str) -> String {
    raw_prefix(file_name)
        .chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' => c,
            _ => '_',
        })
        .collect()
}

/// The output name's stem as map2c takes it (`room` for none).
fn raw_prefix(file_name: &str) -> &str {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let stem = base.split('.').next().unwrap_or("");
    if stem.is_empty() {
        "room"
    } else {
        stem
    }
}

/// A warning when the file name is not a C identifier: map2c would paste
/// it into the C++ as it is (code that does not compile, or worse).
pub fn file_name_finding(file_name: &str) -> Option<Diagnostic> {
    let raw = raw_prefix(file_name);
    let prefix = prefix_of(file_name);
    (raw != prefix).then(|| {
        Diagnostic::warning(
            FILE_NAME,
            format!(
                "the file name `{}` is not a C identifier; the room's C names use `{prefix}` instead",
                vaultwright_model::file_name::shown(raw)
            ),
            Span::default(),
        )
        .with_note("map2c pastes the file name into glb_NAME_squarelist and the room's name string")
    })
}

/// The input's name as the C comment `// Generated from NAME` can hold
/// it: a control character (a line break would end the comment and start
/// code) is written as a visible escape.
fn comment_safe(name: &str) -> String {
    vaultwright_model::file_name::shown(name)
}

pub(crate) fn square_look(name: &str) -> (char, Rgb) {
    let n = name.trim_start_matches("SQUARE_");
    match n {
        "EMPTY" => (' ', Rgb::GRAY),
        "WALL" | "REINFORCEDWALL" => ('#', Rgb::GRAY),
        "METALWALL" => ('#', Rgb::CYAN),
        "VIEWPORT" | "BROKENVIEWPORT" => ('"', Rgb::CYAN),
        "FLOOR" | "METALFLOOR" | "CORRIDOR" => ('.', Rgb::GRAY),
        "FLOORALTAR" => ('_', Rgb::WHITE),
        "WATER" => ('~', Rgb::BLUE),
        "ICE" => ('.', Rgb::CYAN),
        "LAVA" => ('~', Rgb::RED),
        "ACID" => ('~', Rgb::GREEN),
        "GRASS" => ('"', Rgb::GREEN),
        "MOUNTAIN" => ('^', Rgb::BROWN),
        "HILLS" => ('n', Rgb::BROWN),
        "FOREST" => ('&', Rgb::GREEN),
        "FORESTFIRE" => ('&', Rgb::RED),
        "LADDERDOWN" => ('>', Rgb::WHITE),
        "LADDERUP" => ('<', Rgb::WHITE),
        "SIGNPOST" => ('|', Rgb::BROWN),
        n if n.contains("DOOR") => ('+', Rgb::BROWN),
        n if n.starts_with("STARS") => ('*', Rgb::YELLOW),
        n if n.contains("PIT") || n.contains("HOLE") => ('^', Rgb::MAGENTA),
        n if n.contains("VENT") || n.contains("TELEPORTER") => ('^', Rgb::MAGENTA),
        _ => ('?', Rgb::RED),
    }
}

/// The marker of a legend name that places something. What the game
/// picks at random (a monster by level, an item by type) is drawn as a
/// placeholder, never as one particular monster or item. POWDER draws
/// monsters and items as tiles and has no characters for them, so a named
/// one is a slot marker with its name rather than a letter another game
/// gives to something else.
fn marker_of(t: &LegendToken, x: i32, y: i32) -> Option<Marker> {
    let (glyph, fg, kind, what, pick) = match kind_of(&t.name) {
        Some("mob") => (
            MONSTER_SLOT_GLYPH,
            Rgb::RED,
            "monster",
            t.name.clone(),
            None,
        ),
        Some("moblevel") => (
            ANY_MONSTER_GLYPH,
            Rgb::PLACEHOLDER,
            "random monster",
            format!("random monster ({})", t.name),
            Some(Pick::Any),
        ),
        Some("item") => (ITEM_SLOT_GLYPH, Rgb::CYAN, "item", t.name.clone(), None),
        Some("itemtype") => (
            ANY_OBJECT_GLYPH,
            Rgb::RANDOM_PICK,
            "random item",
            format!("random item of type {}", t.name),
            Some(Pick::InClass),
        ),
        Some("intrinsic") => ('!', Rgb::MAGENTA, "intrinsic", t.name.clone(), None),
        Some("signpost") => ('?', Rgb::YELLOW, "signpost", t.name.clone(), None),
        _ => return None,
    };
    Some(Marker {
        x,
        y,
        glyph,
        fg,
        kind: kind.into(),
        label: t.name.clone(),
        random: false,
        origin: t.span,
        what,
        source_xy: None,
        pick,
    })
}

fn view(room: &Room) -> Option<TileMap> {
    let map = room.map.as_ref()?;
    let mut tm = TileMap::new(map.width as u32, map.rows.len() as u32, Cell::blank());
    for (y, (rspan, row)) in map.rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let origin = Span::new(rspan.start as usize + x, rspan.start as usize + x + 1);
            let entries: Vec<&LegendToken> = room.legend.iter().filter(|t| t.letter == c).collect();
            let square = entries.iter().find(|t| kind_of(&t.name) == Some("square"));
            let cell = match square {
                Some(t) => {
                    let (glyph, fg) = square_look(&t.name);
                    let lit = entries.iter().any(|t| t.name == "SQUAREFLAG_LIT");
                    Cell {
                        glyph,
                        fg,
                        bg: lit.then_some(Rgb(40, 38, 20)),
                        kind: format!(
                            "{}{}",
                            t.name.trim_start_matches("SQUARE_").to_ascii_lowercase(),
                            if lit { ", lit" } else { "" }
                        ),
                        origin: Some(origin),
                        source_xy: Some((x as i32, y as i32)),
                    }
                }
                None => Cell {
                    glyph: if c.is_ascii_graphic() { c as char } else { '?' },
                    fg: Rgb::RED,
                    bg: None,
                    kind: "no SQUARE in the legend".into(),
                    origin: Some(origin),
                    source_xy: Some((x as i32, y as i32)),
                },
            };
            if let Some(slot) = tm.cell_mut(x as i64, y as i64) {
                *slot = cell;
            }
            for t in &entries {
                if let Some(m) = marker_of(t, x as i32, y as i32) {
                    tm.markers.push(m);
                }
            }
        }
    }
    tm.notes.push(
        "the game may rotate or mirror the room when it places it (unless pos fixes it)".into(),
    );
    Some(tm)
}

/// The `map2c` drop-in: diagnostics, and the C text when it compiles.
pub fn convert(src: &str, input_name: &str, prefix: &str) -> (Vec<Diagnostic>, Option<String>) {
    let mut room = read(src);
    if !room.fatal {
        check(&mut room);
    }
    let ok = !room.diagnostics.iter().any(Diagnostic::is_error) && room.map.is_some();
    let text = ok.then(|| map2c(&room, prefix, input_name));
    (room.diagnostics, text)
}

pub fn analyze(src: &str, options: &Options) -> Analysis {
    // The views and findings come from the recovering reading; the C text
    // is map2c's, from its own reading.
    let mut room = read_with(src, Rows::Recovering);
    if !room.fatal {
        check(&mut room);
    }
    let original = read(src);
    let mut analysis = Analysis::empty(Language::PowderMap);
    let prefix = prefix_of(&options.file_name);
    let g = &room.globals;
    if let Some(map) = &room.map {
        let mut detail = vec![format!("{}x{}", map.width, map.rows.len())];
        if g.minlevel >= 0 || g.maxlevel >= 0 {
            detail.push(format!("levels {}..{}", g.minlevel, g.maxlevel));
        }
        detail.push(format!("rarity {}", g.rarity));
        if g.mandatory != 0 {
            detail.push("mandatory".into());
        }
        if g.quest != "-1" {
            detail.push(format!("quest {}", g.quest));
        }
        if g.x >= 0 || g.y >= 0 {
            detail.push(format!("pos {} {}", g.x, g.y));
        }
        for (name, v) in [
            ("stairs", g.allowstairs),
            ("generation", g.allowgeneration),
            ("dig", g.allowdig),
            ("items", g.allowitems),
            ("tele", g.allowtele),
        ] {
            if v == 0 {
                detail.push(format!("no {name}"));
            }
        }
        analysis.outline.push(Symbol {
            name: prefix.clone(),
            kind: "room".into(),
            span: Span::new(0, src.len()),
            name_span: map.top,
            detail: detail.join(", "),
        });
        if let Some(tm) = view(&room).filter(|_| options.wants_views_of(0)) {
            analysis.views.push(SymbolView {
                symbol: 0,
                view: View::TileMap(tm),
            });
        }
    }
    let has_error = room.diagnostics.iter().any(Diagnostic::is_error);
    if !has_error && room.map.is_some() {
        let input = if options.file_name.is_empty() {
            format!("{prefix}.map")
        } else {
            options
                .file_name
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or(&options.file_name)
                .to_string()
        };
        analysis.artifacts.push(Artifact {
            name: format!("{prefix}.cpp"),
            symbol: Some(0),
            bytes: map2c(&original, &prefix, &input).into_bytes(),
        });
    }
    vaultwright_model::sorting::sort_by_key(&mut room.tokens, |t| (t.span.start, t.span.end));
    analysis.tokens = room.tokens;
    analysis.diagnostics = room.diagnostics;
    if !options.file_name.is_empty() {
        analysis
            .diagnostics
            .extend(file_name_finding(&options.file_name));
    }
    analysis
}

/// map2c's stderr for the drop-in: its own messages, then our errors.
pub fn map2c_messages(diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.original || d.is_error())
        .map(|d| d.message.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    fn analyze(src: &str, _: Language, options: &Options) -> vaultwright_model::Analysis {
        super::analyze(src, options)
    }
    use super::{closest, names};
    use vaultwright_model::view::{View, ITEM_SLOT_GLYPH, MONSTER_SLOT_GLYPH};
    use vaultwright_model::{Language, Options};

    /// POWDER draws monsters and items as tiles: a named one is a slot
    /// marker carrying its name, not a letter from another game.
    #[test]
    fn named_monsters_and_items_are_slots_with_their_names() {
        let src = "+---+\n|.kd|\n+---+\n\n.: SQUARE_FLOOR\nk: SQUARE_FLOOR, MOB_KOBOLD\nd: SQUARE_FLOOR, ITEM_DAGGER\n";
        let a = analyze(src, Language::PowderMap, &Options::default());
        let Some(View::TileMap(m)) = a.views.into_iter().next().map(|v| v.view) else {
            panic!("no tile map");
        };
        let glyphs: Vec<(char, &str)> = m
            .markers
            .iter()
            .map(|k| (k.glyph, k.what.as_str()))
            .collect();
        assert_eq!(
            glyphs,
            vec![
                (MONSTER_SLOT_GLYPH, "MOB_KOBOLD"),
                (ITEM_SLOT_GLYPH, "ITEM_DAGGER")
            ]
        );
    }

    /// Suggestions: Levenshtein over characters after upper-casing, at
    /// most three edits, ties to the name first in byte order.
    #[test]
    fn closest_names_count_characters_and_break_ties_by_name() {
        assert_eq!(closest("mob_kobld", names::MOB.rows()), Some("MOB_KOBOLD"));
        assert_eq!(closest("ab", &["AC", "AA"]), Some("AA"));
        // Two characters but four bytes apart.
        assert_eq!(closest("éé", &["EE"]), Some("EE"));
        assert_eq!(closest("abcd", &["WXYZ"]), None);
        assert_eq!(closest("abcd", &["ABCDEFG"]), Some("ABCDEFG"));
    }
}
