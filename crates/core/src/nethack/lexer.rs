//! The `lev_comp` lexer, emulating the original flex scanner: longest match
//! among the keyword patterns (there is no identifier rule, so unknown words
//! fall apart into single characters), the `MAPC` start condition for map
//! drawings, comment lines only at the start of a line, and the original's
//! line counter (which does not count newlines inside strings).

use winnow::ascii::digit1;
use winnow::combinator::{delimited, opt, preceded};
use winnow::prelude::*;
use winnow::token::{none_of, take_while};

use crate::source::Span;
use crate::Target;

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

/// Words only the 3.4 lexer knows.
const ONLY_34: &[&str] = &["coaligned", "noncoaligned", "arboreal"];

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
            bucket.sort_by_key(|&i| std::cmp::Reverse(KEYWORDS[i as usize].0.len()));
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

/// glibc `atoi`: saturating `strtol`, then truncation to `int`.
pub fn c_atoi(text: &str) -> i32 {
    let (neg, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut value: i64 = 0;
    for b in digits.bytes() {
        value = value.saturating_mul(10).saturating_add((b - b'0') as i64);
    }
    (if neg { value.saturating_neg() } else { value }) as i32
}

pub fn lex(src: &str, target: Target) -> Lexed {
    let bytes = src.as_bytes();
    let mut out = Lexed::default();
    // Up to one token per three bytes in real files: sized once rather
    // than grown (and copied) a dozen times.
    out.toks.reserve(src.len() / 3);
    let mut pos = 0usize;
    let mut line: u32 = 1;
    let mut in_map = false;
    let mut map = MapBlock::default();
    let escapes = !target.is_32();

    while pos < bytes.len() {
        let at_bol = pos == 0 || bytes[pos - 1] == b'\n';
        let rest = &src[pos..];
        let b = bytes[pos];

        // Map rows come first in MAPC (the rule is listed first and always
        // matches at least as much as any other rule when it applies).
        if in_map {
            if let Some((body, consumed)) = map_line(&bytes[pos..], target) {
                let row: Vec<u8> = bytes[pos..pos + body]
                    .iter()
                    .copied()
                    .filter(|c| !c.is_ascii_digit() && *c != b'\r')
                    .collect();
                map.rows.push((Span::new(pos, pos + body), row));
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
    }
}
