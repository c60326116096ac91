//! The `lev_comp` lexer, emulating the original flex scanner: longest match
//! among the keyword patterns (there is no identifier rule, so unknown words
//! fall apart into single characters), the `MAPC` start condition for map
//! drawings, comment lines only at the start of a line, and the original's
//! line counter (which does not count newlines inside strings).
//!
//! winnow reads what is a grammar here: integers, percentages, strings and
//! character literals. Byte loops are kept where they are measurably faster
//! or where the rule emulates C code rather than a grammar: map rows
//! (`map_line`, most of a file's bytes: a loop over bytes replaced winnow's
//! `take_while` over `char`s) and the keyword match (the longest keyword by
//! first byte, flex's longest match). Coordinates and monster/object
//! arguments are tokens of this lexer, not a small grammar of their own.

use winnow::ascii::digit1;
use winnow::combinator::{delimited, opt, preceded};
use winnow::prelude::*;
use winnow::token::{none_of, take_while};

use vaultwright_model::source::Span;
use vaultwright_model::Target;

/// Statement keywords (yacc `*_ID` tokens).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kw {
    Message,
    Maze,
    Nomap,
    Level,
    InitMap,
    Flags,
    Geometry,
    Object,
    Container,
    Monster,
    Trap,
    Door,
    Drawbridge,
    Mazewalk,
    Wallify,
    Region,
    RandomObjects,
    RandomMonsters,
    RandomPlaces,
    Altar,
    Ladder,
    Stair,
    Portal,
    TeleportRegion,
    Branch,
    Fountain,
    Sink,
    Pool,
    NonDiggable,
    NonPasswall,
    Room,
    Subroom,
    RandomCorridors,
    Corridor,
    Gold,
    Engraving,
    Name,
    Chance,
}

/// Value keywords and their yacc token class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Val {
    DoorState,
    Direction,
    Random,
    None,
    LeftOrRight,
    Center,
    TopOrBot,
    LightState,
    Filling,
    Alignment,
    MonAttitude,
    MonAlertness,
    MonAppearance,
    AltarType,
    UpOrDown,
    Boolean,
    EngravingType,
    CurseType,
    Contained,
    FlagType,
    ORegister,
    MRegister,
    PRegister,
    ARegister,
    Lev,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Kw(Kw),
    Val(Val, i32),
    Percent(i32),
    Integer(i32),
    /// A string; its text is the span without the quotes.
    Str,
    Char(u8),
    /// Any other single byte: `, : ( ) [ ]` and stray characters.
    Punct(u8),
    /// A whole `MAP` … `ENDMAP` block (yacc `MAP_ID`); index into
    /// [`Lexed::maps`].
    Map(u32),
    Eof,
}

#[derive(Clone, Copy, Debug)]
pub struct LexTok {
    pub tok: Tok,
    pub span: Span,
    /// The original lexer's line counter right after this token.
    pub line: u32,
}

#[derive(Clone, Debug, Default)]
pub struct MapBlock {
    /// Rows as type characters (digits and CR removed), each with the
    /// span of its source line.
    pub rows: Vec<(Span, Vec<u8>)>,
    /// From the `MAP` line to the end of `ENDMAP`.
    pub span: Span,
    /// Span of the `MAP` line.
    pub open: Span,
    /// Characters that are not map characters, in rows the recovering
    /// lexer kept (see [`lex_recovering`]); empty for the original's lexer.
    pub bad: Vec<BadCell>,
}

/// A character of a map row that is not a map character. Its row keeps
/// [`BadCell::placeholder`] in its place, so the row keeps its width and
/// the cell draws as unknown terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadCell {
    /// Index of the row in [`MapBlock::rows`] and of the cell in that row.
    pub row: u32,
    pub col: u32,
    /// The character itself.
    pub span: Span,
    pub ch: char,
    /// The original lexer's line counter at that row.
    pub line: u32,
}

impl BadCell {
    /// What the row holds for a character that is not a map character:
    /// the character itself when it is printable ASCII (no map character
    /// is, so it stays unknown terrain), `?` otherwise (a tab, a control
    /// character, or a character that is more than one byte).
    pub fn placeholder(ch: char) -> u8 {
        if ch.is_ascii_graphic() {
            ch as u8
        } else {
            b'?'
        }
    }
}

impl MapBlock {
    /// The source of cell `col` of row `row`: one byte per cell from the
    /// row's start, plus the extra bytes of the multi-byte characters
    /// before it in that row (digits, which the row drops, still shift
    /// it as they always did).
    pub fn cell_span(&self, row: usize, col: usize) -> Span {
        if let Some(bad) = self
            .bad
            .iter()
            .find(|b| b.row as usize == row && b.col as usize == col)
        {
            return bad.span;
        }
        let start = self.rows.get(row).map_or(self.span.start, |(s, _)| s.start) as usize;
        let wider: usize = self
            .bad
            .iter()
            .filter(|b| b.row as usize == row && (b.col as usize) < col)
            .map(|b| b.span.len() - 1)
            .sum();
        Span::new(start + col + wider, start + col + wider + 1)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Lexed {
    pub toks: Vec<LexTok>,
    pub maps: Vec<MapBlock>,
    pub comments: Vec<Span>,
    /// Problems found while lexing that the original would not report in
    /// this form (e.g. an unterminated string, which it sees as a stray `"`).
    pub notes: Vec<(Span, &'static str)>,
}

const KEYWORDS: &[(&str, Tok)] = {
    use Kw::*;
    use Tok::Kw as K;
    use Tok::Val as V;
    use Val::*;
    &[
        ("MESSAGE", K(Message)),
        ("MAZE", K(Maze)),
        ("NOMAP", K(Nomap)),
        ("LEVEL", K(Level)),
        ("INIT_MAP", K(InitMap)),
        ("FLAGS", K(Flags)),
        ("GEOMETRY", K(Geometry)),
        ("OBJECT", K(Object)),
        ("CONTAINER", K(Container)),
        ("MONSTER", K(Monster)),
        ("TRAP", K(Trap)),
        ("DOOR", K(Door)),
        ("DRAWBRIDGE", K(Drawbridge)),
        ("MAZEWALK", K(Mazewalk)),
        ("WALLIFY", K(Wallify)),
        ("REGION", K(Region)),
        ("RANDOM_OBJECTS", K(RandomObjects)),
        ("RANDOM_MONSTERS", K(RandomMonsters)),
        ("RANDOM_PLACES", K(RandomPlaces)),
        ("ALTAR", K(Altar)),
        ("LADDER", K(Ladder)),
        ("STAIR", K(Stair)),
        ("PORTAL", K(Portal)),
        ("TELEPORT_REGION", K(TeleportRegion)),
        ("BRANCH", K(Branch)),
        ("FOUNTAIN", K(Fountain)),
        ("SINK", K(Sink)),
        ("POOL", K(Pool)),
        ("NON_DIGGABLE", K(NonDiggable)),
        ("NON_PASSWALL", K(NonPasswall)),
        ("ROOM", K(Room)),
        ("SUBROOM", K(Subroom)),
        ("RANDOM_CORRIDORS", K(RandomCorridors)),
        ("CORRIDOR", K(Corridor)),
        ("GOLD", K(Gold)),
        ("ENGRAVING", K(Engraving)),
        ("NAME", K(Name)),
        ("CHANCE", K(Chance)),
        ("levregion", V(Lev, 0)),
        ("open", V(DoorState, 2)),
        ("closed", V(DoorState, 4)),
        ("locked", V(DoorState, 8)),
        ("nodoor", V(DoorState, 0)),
        ("broken", V(DoorState, 1)),
        ("north", V(Direction, 1)),
        ("east", V(Direction, 4)),
        ("south", V(Direction, 2)),
        ("west", V(Direction, 8)),
        ("random", V(Random, -1)),
        ("none", V(None, -2)),
        ("object", V(ORegister, 0)),
        ("monster", V(MRegister, 0)),
        ("place", V(PRegister, 0)),
        ("align", V(ARegister, 0)),
        ("left", V(LeftOrRight, 1)),
        ("half-left", V(LeftOrRight, 2)),
        ("center", V(Center, 3)),
        ("half-right", V(LeftOrRight, 4)),
        ("right", V(LeftOrRight, 5)),
        ("top", V(TopOrBot, 1)),
        ("bottom", V(TopOrBot, 5)),
        ("lit", V(LightState, 1)),
        ("unlit", V(LightState, 0)),
        ("filled", V(Filling, 0)),
        ("unfilled", V(Filling, 1)),
        ("noalign", V(Alignment, 0)),
        ("law", V(Alignment, 4)),
        ("neutral", V(Alignment, 2)),
        ("chaos", V(Alignment, 1)),
        ("coaligned", V(Alignment, 3)),
        ("noncoaligned", V(Alignment, 7)),
        ("peaceful", V(MonAttitude, 1)),
        ("hostile", V(MonAttitude, 0)),
        ("asleep", V(MonAlertness, 1)),
        ("awake", V(MonAlertness, 0)),
        ("m_feature", V(MonAppearance, 1)),
        ("m_monster", V(MonAppearance, 3)),
        ("m_object", V(MonAppearance, 2)),
        ("sanctum", V(AltarType, 2)),
        ("shrine", V(AltarType, 1)),
        ("altar", V(AltarType, 0)),
        ("up", V(UpOrDown, 1)),
        ("down", V(UpOrDown, 0)),
        ("false", V(Boolean, 0)),
        ("true", V(Boolean, 1)),
        ("dust", V(EngravingType, 1)),
        ("engrave", V(EngravingType, 2)),
        ("burn", V(EngravingType, 3)),
        ("mark", V(EngravingType, 4)),
        ("blessed", V(CurseType, 1)),
        ("uncursed", V(CurseType, 2)),
        ("cursed", V(CurseType, 3)),
        ("contained", V(Contained, 0)),
        ("noteleport", V(FlagType, 1)),
        ("hardfloor", V(FlagType, 2)),
        ("nommap", V(FlagType, 4)),
        ("shortsighted", V(FlagType, 8)),
        ("arboreal", V(FlagType, 16)),
    ]
};

/// The word the lexer reads as `kind` with `value` (the first of the
/// table's), for writing source back.
pub fn word(kind: Val, value: i32) -> Option<&'static str> {
    KEYWORDS
        .iter()
        .find(|(_, t)| *t == Tok::Val(kind, value))
        .map(|(w, _)| *w)
}

/// Words only the 3.4 lexer knows.
const ONLY_34: &[&str] = &["coaligned", "noncoaligned", "arboreal"];

/// The map characters and what they draw, for the note that says what a
/// row may hold; `true` for those only 3.4 knows.
const MAP_CHAR_NAMES: &[(&str, &str, bool)] = &[
    (" ", "stone", false),
    ("-", "wall", false),
    ("|", "wall", false),
    (".", "floor", false),
    ("#", "corridor", false),
    ("+", "door", false),
    ("S", "secret door", false),
    ("H", "secret corridor", false),
    ("{", "fountain", false),
    ("\\", "throne", false),
    ("K", "sink", false),
    ("}", "moat", false),
    ("P", "pool", false),
    ("L", "lava", false),
    ("W", "water", false),
    ("I", "ice", false),
    ("A", "air", false),
    ("C", "cloud", false),
    ("B", "boundary", false),
    ("T", "tree", true),
    ("F", "iron bars", true),
];

/// The note listing what a map row may hold in this dialect.
pub fn map_chars_note(target: Target) -> String {
    let names: Vec<String> = MAP_CHAR_NAMES
        .iter()
        .filter(|(_, _, only_34)| !only_34 || !target.is_32())
        .map(|(c, what, _)| format!("`{c}` {what}"))
        .collect();
    let digits = if target.is_32() {
        ""
    } else {
        "; digits are allowed and ignored"
    };
    format!("a map row may hold: {}{digits}", names.join(", "))
}

/// The dialect's words: statements (`MONSTER`) when `statements`, else
/// value words (`random`, `lit`), in the lexer's order.
pub fn words(target: Target, statements: bool) -> impl Iterator<Item = &'static str> {
    KEYWORDS
        .iter()
        .filter(move |(w, t)| {
            matches!(t, Tok::Kw(_)) == statements && !(target.is_32() && ONLY_34.contains(w))
        })
        .map(|(w, _)| *w)
}

/// The dialect's map characters and what each makes, in words.
pub fn map_chars(target: Target) -> impl Iterator<Item = (char, &'static str)> {
    MAP_CHAR_NAMES
        .iter()
        .filter(move |(_, _, only_34)| !only_34 || !target.is_32())
        .filter_map(|(c, what, _)| Some((c.chars().next()?, *what)))
}

/// Map characters of each dialect (before digits and CR handling).
pub fn is_map_char(b: u8, target: Target) -> bool {
    match b {
        b'-' | b'|' | b'}' | b'{' | b'+' | b'A' | b'B' | b'C' | b'I' | b'S' | b'H' | b'K'
        | b'P' | b'L' | b'W' | b'\\' | b'#' | b'.' | b' ' => true,
        b'T' | b'F' | b'0'..=b'9' => !target.is_32(),
        _ => false,
    }
}

/// The longest keyword that the input starts with (flex longest match).
fn keyword_at(rest: &[u8], target: Target) -> Option<(usize, Tok)> {
    let first = *rest.first()?;
    let candidates = keywords_by_first_byte().get(first as usize)?;
    candidates.iter().find_map(|&i| {
        let (text, tok) = KEYWORDS[i as usize];
        (rest.starts_with(text.as_bytes()) && !(target.is_32() && ONLY_34.contains(&text)))
            .then_some((text.len(), tok))
    })
}

/// The keywords by their first byte, longest first, so that the first one
/// the input starts with is flex's longest match (the lexer tries them at
/// every word: a scan of the whole table was most of a compile's time).
fn keywords_by_first_byte() -> &'static [Vec<u16>] {
    static TABLE: std::sync::OnceLock<Vec<Vec<u16>>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![Vec::new(); 256];
        for (i, (text, _)) in KEYWORDS.iter().enumerate() {
            if let Some(&b) = text.as_bytes().first() {
                table[b as usize].push(i as u16);
            }
        }
        for bucket in &mut table {
            vaultwright_model::sorting::sort_by_key(bucket, |&i| {
                std::cmp::Reverse(KEYWORDS[i as usize].0.len())
            });
        }
        table
    })
}

type In<'a> = &'a str;

fn integer(input: &mut In<'_>) -> winnow::Result<i32> {
    (opt(winnow::token::one_of(['+', '-'])), digit1)
        .take()
        .map(c_atoi)
        .parse_next(input)
}

/// `[ *[0-9]+% *]`
fn percent(input: &mut In<'_>) -> winnow::Result<i32> {
    delimited(
        ('[', take_while(0.., ' ')),
        digit1.map(c_atoi),
        ('%', take_while(0.., ' '), ']'),
    )
    .parse_next(input)
}

/// `"[^"]*"` (may span lines)
fn string<'a>(input: &mut In<'a>) -> winnow::Result<&'a str> {
    delimited('"', take_while(0.., |c| c != '"'), '"').parse_next(input)
}

/// `'.'`, and in 3.4 also `'\.'`.
fn char_lit(escapes: bool) -> impl FnMut(&mut In<'_>) -> winnow::Result<u8> {
    move |input: &mut In<'_>| {
        if escapes {
            let mut esc = delimited('\'', preceded('\\', none_of('\n')), '\'');
            let mut probe = *input;
            let r: winnow::Result<char> = esc.parse_next(&mut probe);
            if let Ok(c) = r {
                *input = probe;
                return Ok(first_byte(c));
            }
        }
        delimited('\'', none_of('\n'), '\'')
            .map(first_byte)
            .parse_next(input)
    }
}

fn first_byte(c: char) -> u8 {
    let mut buf = [0u8; 4];
    c.encode_utf8(&mut buf);
    buf[0]
}

/// A map line in `MAPC`: map characters up to and including the newline.
/// Returns the length of the characters and of the whole line. A byte
/// loop rather than a parser: map rows are most of a file's bytes.
fn map_line(rest: &[u8], target: Target) -> Option<(usize, usize)> {
    let body = rest
        .iter()
        .position(|&b| !is_map_char(b, target))
        .unwrap_or(rest.len());
    let mut end = body;
    if !target.is_32() && rest.get(end) == Some(&b'\r') {
        end += 1;
    }
    (rest.get(end) == Some(&b'\n')).then_some((body, end + 1))
}

/// glibc's `atoi` (`c_number`).
pub fn c_atoi(text: &str) -> i32 {
    crate::c_number::atoi(text.as_bytes())
}

/// A map row with characters that are not map characters, for the
/// recovering lexer: the row's characters and the length of the whole
/// line, when the line is one. A line is read as such a row only while the
/// map has been rows alone since `MAP` (once other tokens came, `ENDMAP` is
/// missing and the original's reading is kept), and when it is not a
/// comment, a line with `ENDMAP`, a line starting with a statement keyword
/// (what a forgotten `ENDMAP` leaves) or a word that is mostly not map
/// characters (a misspelt `ENDMAP`).
fn bad_map_line(rest: &str, target: Target) -> Option<(&str, usize)> {
    let newline = memchr::memchr(b'\n', rest.as_bytes())?;
    let line = rest.get(..newline)?;
    let body = match line.strip_suffix('\r') {
        Some(body) if !target.is_32() => body,
        _ => line,
    };
    let trimmed = body.trim_matches([' ', '\t']);
    let statement = matches!(
        keyword_at(trimmed.as_bytes(), target),
        Some((_, Tok::Kw(_)))
    );
    let ruled_out = body.starts_with('#')
        || body.contains("ENDMAP")
        || statement
        || is_word_not_row(trimmed, target);
    (!ruled_out).then_some((body, newline + 1))
}

/// A word (letters, digits, `_`) of which at most half are map characters.
fn is_word_not_row(trimmed: &str, target: Target) -> bool {
    let b = trimmed.as_bytes();
    let word = !b.is_empty() && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_');
    word && 2 * b.iter().filter(|&&c| is_map_char(c, target)).count() <= b.len()
}

/// Keeps a map row that holds characters that are not map characters:
/// map characters as the original keeps them, the others as
/// [`BadCell::placeholder`]s recorded in `map.bad`.
fn push_bad_row(map: &mut MapBlock, body: &str, start: usize, line: u32, target: Target) {
    let row_index = map.rows.len() as u32;
    let mut row = Vec::with_capacity(body.len());
    for (i, ch) in body.char_indices() {
        let b = u8::try_from(ch).ok().filter(|&b| is_map_char(b, target));
        match b {
            Some(b) if b.is_ascii_digit() => {}
            Some(b) => row.push(b),
            None => {
                map.bad.push(BadCell {
                    row: row_index,
                    col: row.len() as u32,
                    span: Span::new(start + i, start + i + ch.len_utf8()),
                    ch,
                    line,
                });
                row.push(BadCell::placeholder(ch));
            }
        }
    }
    map.rows.push((Span::new(start, start + body.len()), row));
}

/// The original's lexer: a map row with a character that is not a map
/// character is no row, its characters become tokens, and the parser
/// stops at the first of them (the drop-in's path).
pub fn lex(src: &str, target: Target) -> Lexed {
    lex_with(src, target, false)
}

/// The lexer for `analyze`: a map row with characters that are not map
/// characters stays a row (those characters recorded in
/// [`MapBlock::bad`]), so one wrong character costs one finding and the
/// rest of the map and the level still read.
pub fn lex_recovering(src: &str, target: Target) -> Lexed {
    lex_with(src, target, true)
}

fn lex_with(src: &str, target: Target, recover: bool) -> Lexed {
    let bytes = src.as_bytes();
    let mut out = Lexed::default();
    // Up to one token per three bytes in real files: sized once rather
    // than grown (and copied) a dozen times.
    out.toks.reserve(src.len() / 3);
    let mut pos = 0usize;
    let mut line: u32 = 1;
    let mut in_map = false;
    let mut map = MapBlock::default();
    // Tokens before the current map's rows: more means ENDMAP is missing.
    let mut toks_at_map = 0;
    let escapes = !target.is_32();

    while pos < bytes.len() {
        let at_bol = pos == 0 || bytes[pos - 1] == b'\n';
        let rest = &src[pos..];
        let b = bytes[pos];

        // Map rows come first in MAPC (the rule is listed first and always
        // matches at least as much as any other rule when it applies).
        if in_map {
            if let Some((body, consumed)) = map_line(&bytes[pos..], target) {
                // Sized once: a filtered collect starts small and grows
                // (a reallocation or four per row, most of a file's rows).
                let mut row = Vec::with_capacity(body);
                row.extend(
                    bytes[pos..pos + body]
                        .iter()
                        .copied()
                        .filter(|c| !c.is_ascii_digit() && *c != b'\r'),
                );
                map.rows.push((Span::new(pos, pos + body), row));
                pos += consumed;
                line += 1;
                continue;
            }
            let rows_only = out.toks.len() == toks_at_map;
            if let Some((body, consumed)) = (recover && at_bol && rows_only)
                .then(|| bad_map_line(rest, target))
                .flatten()
            {
                push_bad_row(&mut map, body, pos, line, target);
                pos += consumed;
                line += 1;
                continue;
            }
            if rest.starts_with("ENDMAP") {
                let end = pos + 6;
                map.span = Span::new(map.open.start as usize, end);
                out.maps.push(std::mem::take(&mut map));
                out.toks.push(LexTok {
                    tok: Tok::Map((out.maps.len() - 1) as u32),
                    span: Span::new(pos, end),
                    line,
                });
                pos = end;
                in_map = false;
                continue;
            }
        }

        if at_bol && b == b'#' {
            let end = memchr::memchr(b'\n', &bytes[pos..])
                .map(|i| pos + i + 1)
                .unwrap_or(bytes.len());
            out.comments.push(Span::new(pos, end));
            pos = end;
            line += 1;
            continue;
        }
        if at_bol && !in_map {
            let after = if rest.starts_with("MAP\n") {
                Some(4)
            } else if !target.is_32() && rest.starts_with("MAP\r\n") {
                Some(5)
            } else {
                None
            };
            if let Some(len) = after {
                in_map = true;
                toks_at_map = out.toks.len();
                map = MapBlock {
                    open: Span::new(pos, pos + 3),
                    ..MapBlock::default()
                };
                pos += len;
                line += 1;
                continue;
            }
        }
        match b {
            b'\n' => {
                pos += 1;
                line += 1;
                continue;
            }
            b'\r' if !target.is_32() && bytes.get(pos + 1) == Some(&b'\n') => {
                pos += 2;
                line += 1;
                continue;
            }
            b' ' | b'\t' => {
                pos += 1;
                continue;
            }
            _ => {}
        }

        let mut input = rest;
        let (tok, len) = if b.is_ascii_alphabetic() || b == b'_' {
            match keyword_at(rest.as_bytes(), target) {
                Some((len, tok)) => (tok, len),
                None => (Tok::Punct(b), 1),
            }
        } else if b == b'[' {
            match percent(&mut input) {
                Ok(v) => (Tok::Percent(v), rest.len() - input.len()),
                Err(_) => (Tok::Punct(b), 1),
            }
        } else if b.is_ascii_digit() || b == b'+' || b == b'-' {
            match integer(&mut input) {
                Ok(v) => (Tok::Integer(v), rest.len() - input.len()),
                Err(_) => (Tok::Punct(b), 1),
            }
        } else if b == b'"' {
            match string(&mut input) {
                Ok(_) => (Tok::Str, rest.len() - input.len()),
                Err(_) => {
                    out.notes
                        .push((Span::new(pos, pos + 1), "unterminated string"));
                    (Tok::Punct(b), 1)
                }
            }
        } else if b == b'\'' {
            match char_lit(escapes)(&mut input) {
                Ok(c) => (Tok::Char(c), rest.len() - input.len()),
                Err(_) => (Tok::Punct(b), 1),
            }
        } else {
            // One byte (a whole character for the span, so spans stay on
            // character boundaries).
            let len = rest.chars().next().map(char::len_utf8).unwrap_or(1);
            (Tok::Punct(b), len)
        };
        out.toks.push(LexTok {
            tok,
            span: Span::new(pos, pos + len),
            line,
        });
        pos += len;
    }
    if in_map {
        out.notes
            .push((map.open, "MAP without ENDMAP: the map is lost"));
    }
    out.toks.push(LexTok {
        tok: Tok::Eof,
        span: Span::new(bytes.len(), bytes.len()),
        line,
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok> {
        lex(src, Target::Nethack343)
            .toks
            .into_iter()
            .map(|t| t.tok)
            .collect()
    }

    #[test]
    fn keywords_take_the_longest_match_and_unknown_words_fall_apart() {
        assert_eq!(
            kinds("MAZEWALK MAZEx"),
            vec![
                Tok::Kw(Kw::Mazewalk),
                Tok::Kw(Kw::Maze),
                Tok::Punct(b'x'),
                Tok::Eof
            ]
        );
        assert_eq!(
            kinds("half-left -12 [ 50% ]"),
            vec![
                Tok::Val(Val::LeftOrRight, 2),
                Tok::Integer(-12),
                Tok::Percent(50),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn escaped_chars_only_in_34() {
        assert_eq!(kinds("'\\''"), vec![Tok::Char(b'\''), Tok::Eof]);
        let t32: Vec<Tok> = lex("'\\''", Target::Nethack323)
            .toks
            .into_iter()
            .map(|t| t.tok)
            .collect();
        assert_eq!(t32[0], Tok::Char(b'\\'));
    }

    #[test]
    fn map_block_strips_digits_and_counts_lines() {
        let src = "MAP\n.1.\n\n--\nENDMAP\nX";
        let lexed = lex(src, Target::Nethack343);
        assert_eq!(lexed.maps[0].rows.len(), 3);
        assert_eq!(lexed.maps[0].rows[0].1, b"..".to_vec());
        assert_eq!(lexed.maps[0].rows[1].1, b"".to_vec());
        assert_eq!(lexed.toks[0].tok, Tok::Map(0));
        assert_eq!(lexed.toks[0].line, 5);
        assert_eq!(lexed.toks[1].line, 6);
    }

    #[test]
    fn the_recovering_lexer_keeps_a_row_with_a_wrong_character() {
        let src = "MAP\n...\n.Q.\n# note\n...\nENDMAP\n";
        let original = lex(src, Target::Nethack343);
        // The original: the line falls apart into tokens up to the last
        // wrong character (the parser stops at the first of them).
        let toks: Vec<Tok> = original.toks.iter().map(|t| t.tok).collect();
        assert_eq!(&toks[..2], &[Tok::Punct(b'.'), Tok::Punct(b'Q')]);
        let lexed = lex_recovering(src, Target::Nethack343);
        let map = &lexed.maps[0];
        let rows: Vec<&[u8]> = map.rows.iter().map(|(_, r)| r.as_slice()).collect();
        assert_eq!(rows, vec![&b"..."[..], b".Q.", b"..."]);
        assert_eq!(
            map.bad,
            vec![BadCell {
                row: 1,
                col: 1,
                span: Span::new(9, 10),
                ch: 'Q',
                line: 3
            }]
        );
        assert_eq!(lexed.comments.len(), 1);
        assert_eq!(lexed.toks[0].tok, Tok::Map(0));
        assert_eq!(lexed.toks[0].line, 6);
    }

    #[test]
    fn a_wide_character_keeps_the_cells_after_it_on_their_bytes() {
        let src = "MAP\n.é.\nENDMAP\n";
        let lexed = lex_recovering(src, Target::Nethack343);
        let map = &lexed.maps[0];
        assert_eq!(map.rows[0].1, b".?.".to_vec());
        assert_eq!(map.cell_span(0, 1), Span::new(5, 7));
        assert_eq!(map.cell_span(0, 2), Span::new(7, 8));
    }

    #[test]
    fn a_forgotten_or_misspelt_endmap_is_no_row() {
        for src in [
            "MAP\n...\nSTAIR:(1,1),up\nENDMAP\n",
            "MAP\n...\nEDNMAP\nSTAIR:(1,1),up\n",
            "MAP\n...\n  ENDMAP\n",
        ] {
            let lexed = lex_recovering(src, Target::Nethack343);
            let bad: usize = lexed.maps.iter().map(|m| m.bad.len()).sum();
            assert_eq!(bad, 0, "{src:?}");
            let original = lex(src, Target::Nethack343);
            let kinds = |l: &Lexed| l.toks.iter().map(|t| t.tok).collect::<Vec<_>>();
            assert_eq!(kinds(&lexed), kinds(&original), "{src:?}");
        }
    }

    #[test]
    fn strings_span_lines_without_counting_them() {
        let lexed = lex("\"a\nb\" :", Target::Nethack343);
        assert_eq!(lexed.toks[0].tok, Tok::Str);
        assert_eq!(lexed.toks[1].line, 1);
    }

    #[test]
    fn atoi_saturates_then_truncates_like_glibc() {
        assert_eq!(c_atoi("-5"), -5);
        assert_eq!(c_atoi("40000"), 40000);
        assert_eq!(c_atoi("99999999999999999999"), -1);
        assert_eq!(c_atoi("-99999999999999999999"), 0);
    }
}
