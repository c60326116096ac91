//! The `dgn_comp` lexer (flex emulation): case-sensitive keywords by
//! longest match, `[-0-9]+` integers through `atoi`, strings, comment lines
//! only at a line start, and the original's line counter.
//!
//! winnow reads the integer token (a run of `-` and digits). The
//! conversion of that token (`atoi` exactly) and the CR-LF handling are
//! byte loops, because they emulate C code rather than a grammar.

use winnow::prelude::*;
use winnow::token::take_while;

use vaultwright_model::source::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kw {
    Dungeon,
    Entry,
    Protofile,
    Description,
    LevelDesc,
    Alignment,
    LevAlign,
    Branch,
    ChainBranch,
    Level,
    RndLevel,
    ChainLevel,
    RndChLevel,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Kw(Kw),
    UpOrDown(i32),
    /// stair 0, no_up 1, no_down 2, portal 3
    BranchType(i32),
    Descriptor(i32),
    Integer(i32),
    Str,
    Punct(u8),
    Eof,
}

#[derive(Clone, Copy, Debug)]
pub struct LexTok {
    pub tok: Tok,
    pub span: Span,
    /// The original's line counter after this token.
    pub line: u32,
}

const KEYWORDS: &[(&str, Tok)] = &[
    ("DUNGEON", Tok::Kw(Kw::Dungeon)),
    ("up", Tok::UpOrDown(1)),
    ("down", Tok::UpOrDown(0)),
    ("ENTRY", Tok::Kw(Kw::Entry)),
    ("stair", Tok::BranchType(0)),
    ("no_up", Tok::BranchType(1)),
    ("no_down", Tok::BranchType(2)),
    ("portal", Tok::BranchType(3)),
    ("PROTOFILE", Tok::Kw(Kw::Protofile)),
    ("DESCRIPTION", Tok::Kw(Kw::Description)),
    ("LEVELDESC", Tok::Kw(Kw::LevelDesc)),
    ("ALIGNMENT", Tok::Kw(Kw::Alignment)),
    ("LEVALIGN", Tok::Kw(Kw::LevAlign)),
    ("town", Tok::Descriptor(1)),
    ("hellish", Tok::Descriptor(2)),
    ("mazelike", Tok::Descriptor(4)),
    ("roguelike", Tok::Descriptor(8)),
    ("unaligned", Tok::Descriptor(0)),
    ("noalign", Tok::Descriptor(0)),
    ("lawful", Tok::Descriptor(64)),
    ("neutral", Tok::Descriptor(32)),
    ("chaotic", Tok::Descriptor(16)),
    ("BRANCH", Tok::Kw(Kw::Branch)),
    ("CHAINBRANCH", Tok::Kw(Kw::ChainBranch)),
    ("LEVEL", Tok::Kw(Kw::Level)),
    ("RNDLEVEL", Tok::Kw(Kw::RndLevel)),
    ("CHAINLEVEL", Tok::Kw(Kw::ChainLevel)),
    ("RNDCHLEVEL", Tok::Kw(Kw::RndChLevel)),
];

pub fn keyword_text(kw: Kw) -> &'static str {
    KEYWORDS
        .iter()
        .find_map(|(t, k)| (*k == Tok::Kw(kw)).then_some(*t))
        .unwrap_or("?")
}

pub struct Lexed {
    pub toks: Vec<LexTok>,
    pub comments: Vec<Span>,
}

pub fn lex(src: &str) -> Lexed {
    let bytes = src.as_bytes();
    let mut toks = Vec::new();
    let mut comments = Vec::new();
    let mut pos = 0;
    let mut line = 1u32;
    while pos < bytes.len() {
        let b = bytes[pos];
        let at_bol = pos == 0 || bytes[pos - 1] == b'\n';
        // `^#.*\n`: a comment needs its newline (at the end of a file
        // without one, `#` is an ordinary character).
        if at_bol && b == b'#' {
            if let Some(i) = memchr::memchr(b'\n', &bytes[pos..]) {
                let end = pos + i + 1;
                comments.push(Span::new(pos, end));
                pos = end;
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
            // `\r?\n`: CR-LF is one newline; a lone CR is a character.
            b'\r' if bytes.get(pos + 1) == Some(&b'\n') => {
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
        let rest = &src[pos..];
        let (tok, len) = if b.is_ascii_alphabetic() || b == b'_' {
            KEYWORDS
                .iter()
                .filter(|(t, _)| rest.starts_with(t))
                .max_by_key(|(t, _)| t.len())
                .map(|(t, k)| (*k, t.len()))
                .unwrap_or((Tok::Punct(b), 1))
        } else if b == b'-' || b.is_ascii_digit() {
            let mut input = rest;
            let digits: winnow::Result<&str> =
                take_while(1.., |c: char| c == '-' || c.is_ascii_digit()).parse_next(&mut input);
            let text = digits.unwrap_or("");
            (Tok::Integer(atoi(text)), text.len().max(1))
        } else if b == b'"' {
            match rest[1..].find('"') {
                Some(i) => (Tok::Str, i + 2),
                None => (Tok::Punct(b), 1),
            }
        } else {
            (
                Tok::Punct(b),
                rest.chars().next().map(char::len_utf8).unwrap_or(1),
            )
        };
        toks.push(LexTok {
            tok,
            span: Span::new(pos, pos + len),
            line,
        });
        pos += len;
    }
    toks.push(LexTok {
        tok: Tok::Eof,
        span: Span::new(bytes.len(), bytes.len()),
        line,
    });
    Lexed { toks, comments }
}

/// glibc's `atoi` (`c_number`) on `[-0-9]+`: up to the first non-digit
/// after the sign (so `1-2` is 1 and `-` is 0).
fn atoi(text: &str) -> i32 {
    crate::c_number::atoi(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_integers_and_lines() {
        let l = lex("DUNGEON: \"a\" \"b\" (1, -2)\n# c\nRNDCHAINLEVEL 1-2\n");
        let kinds: Vec<Tok> = l.toks.iter().map(|t| t.tok).collect();
        assert_eq!(kinds[0], Tok::Kw(Kw::Dungeon));
        assert_eq!(kinds[7], Tok::Integer(-2));
        assert_eq!(kinds[9], Tok::Punct(b'R'));
        assert_eq!(l.toks[9].line, 3);
        assert!(kinds.contains(&Tok::Integer(1)));
    }
}
