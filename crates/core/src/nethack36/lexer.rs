//! The lexer of lev_comp 3.6.6, rule for rule: flex's longest match, the
//! earlier rule among equally long ones, rules anchored at a line start,
//! the inclusive MAP mode, and the counters behind every message (the line
//! number, which newlines inside strings do not advance, and the column
//! after the last token).
//!
//! A variable's token depends on the type it was defined with in the
//! current level, so [`Lexer::next`] takes the parser's variable table.

use super::keywords::NO_VALUE;
use super::profile::Profile;
use super::tables::*;
use super::vars::Vars;

/// A token's semantic value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Sem {
    #[default]
    None,
    Int(i64),
    /// A string's text (cut at a NUL, as `strdup` does), a variable's name
    /// with its `$`, or a MAP's rows.
    Text(Vec<u8>),
    Dice(i64, i64),
    /// A corridor end: room, wall, door.
    Corr(i64, i64, i64),
    /// A level region and whether it is absolute (`levregion(...)`).
    LevRegion([i64; 4], i64),
    /// A position, alignment or size pair (yacc's `crd` and `sze`).
    Pair(i64, i64),
    /// A terrain type and its light.
    Terr(i64, i64),
}

impl Sem {
    pub fn int(&self) -> i64 {
        match self {
            Sem::Int(n) => *n,
            _ => 0,
        }
    }

    pub fn text(&self) -> &[u8] {
        match self {
            Sem::Text(t) => t,
            _ => b"",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Token {
    pub kind: u16,
    pub sem: Sem,
    /// Byte offsets of the matched text.
    pub start: usize,
    pub end: usize,
}

/// Where the reference crashes, we stop with one of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LexLimit {
    /// A token of this many bytes (the reference's token buffer holds 511).
    LongToken { start: usize, len: usize },
    /// MAP rows of more than 4,096 bytes in all.
    LongMap { start: usize, len: usize },
}

/// The reference copies every token into a 512-byte buffer; at 521 bytes
/// the copy reaches memory whose corruption crashes it.
pub const TOKEN_CRASH_LEN: usize = 521;
/// The reference's MAP buffer.
pub const MAP_LIMIT: usize = 4096;

pub struct Lexer<'a> {
    pub src: &'a [u8],
    /// The dialect's keywords and MAP characters.
    profile: &'static Profile,
    pos: usize,
    at_bol: bool,
    in_map: bool,
    map: Vec<u8>,
    map_start: usize,
    /// `nh_line_number`.
    pub line: i64,
    /// `token_start_pos`: the column after the last token or blank run.
    pub column: i64,
    /// `curr_token`: the last token's text (to a NUL), empty after a newline.
    pub curr_token: Vec<u8>,
    /// Lexer errors found while reading the last token (percentiles).
    pub errors: Vec<String>,
    pub limit: Option<LexLimit>,
    /// yacc's `yylval` as the last token that set it left it: a token that
    /// sets none (a keyword without a value, punctuation) carries it.
    stale: Sem,
}

fn word_len(b: &[u8]) -> usize {
    b.iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b'_')
        .count()
}

fn digits(b: &[u8]) -> usize {
    b.iter().take_while(|c| c.is_ascii_digit()).count()
}

/// C's `atoi` (`c_number`), as the lexer's integer values hold it.
pub fn atoi(text: &[u8]) -> i64 {
    i64::from(crate::c_number::atoi(text))
}

/// The text as C sees it: up to the first NUL.
fn c_str(b: &[u8]) -> &[u8] {
    b.iter().position(|&c| c == 0).map_or(b, |n| &b[..n])
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8], profile: &'static Profile) -> Self {
        Lexer {
            src,
            profile,
            pos: 0,
            at_bol: true,
            in_map: false,
            map: Vec::new(),
            map_start: 0,
            line: 1,
            column: 0,
            curr_token: Vec::new(),
            errors: Vec::new(),
            limit: None,
            stale: Sem::None,
        }
    }

    /// The column the last token started at, as messages print it.
    pub fn token_pos(&self) -> i64 {
        self.column - self.curr_token.len() as i64
    }

    fn save_token(&mut self, start: usize, end: usize) {
        let text = c_str(&self.src[start..end]);
        if text.len() >= TOKEN_CRASH_LEN && self.limit.is_none() {
            self.limit = Some(LexLimit::LongToken {
                start,
                len: text.len(),
            });
        }
        self.curr_token.clear();
        self.curr_token.extend_from_slice(text);
        self.column += text.len() as i64;
    }

    fn newline(&mut self) {
        self.line += 1;
        self.column = 0;
        self.curr_token.clear();
    }

    fn percentile(&mut self, value: i64) {
        if !(0..=100).contains(&value) {
            self.errors
                .push(format!("Unexpected percentile '{value}%'"));
        }
    }

    /// Length of a newline (`\r?\n`) at `i`, or 0.
    fn newline_len(&self, i: usize) -> usize {
        match (self.src.get(i), self.src.get(i + 1)) {
            (Some(b'\n'), _) => 1,
            (Some(b'\r'), Some(b'\n')) => 2,
            _ => 0,
        }
    }

    /// The next token; `T_END` at the end of the input (or at a NUL or a
    /// byte above 127 outside a string: the reference's lexer returns that
    /// byte as a negative or zero token, which its parser takes as the end).
    pub fn next(&mut self, vars: &Vars) -> Token {
        self.errors.clear();
        loop {
            let start = self.pos;
            let rest = &self.src[start..];
            if rest.is_empty() || self.limit.is_some() {
                return Token {
                    kind: T_END,
                    sem: Sem::None,
                    start,
                    end: start,
                };
            }
            let (len, action) = self.longest_match(rest);
            self.pos += len;
            self.at_bol = rest[len - 1] == b'\n';
            match action {
                Match::Skip => {
                    self.save_token(start, start + len);
                    self.newline();
                }
                Match::Blank => self.column += len as i64,
                Match::Newline => self.newline(),
                Match::MapStart => {
                    self.save_token(start, start + len);
                    if !self.in_map {
                        self.map_start = start;
                    }
                    self.in_map = true;
                    self.newline();
                }
                Match::MapRow => {
                    self.save_token(start, start + len);
                    let row = &rest[..len];
                    let row = row
                        .strip_suffix(b"\r\n")
                        .or_else(|| row.strip_suffix(b"\n"))
                        .unwrap_or(row);
                    self.map.extend_from_slice(row);
                    self.map.push(b'\n');
                    if self.map.len() > MAP_LIMIT && self.limit.is_none() {
                        self.limit = Some(LexLimit::LongMap {
                            start: self.map_start,
                            len: self.map.len(),
                        });
                    }
                    self.newline();
                }
                Match::Token(kind, sem) => {
                    self.save_token(start, start + len);
                    let sem = match (kind, sem) {
                        (T_MAP_ID, _) => {
                            self.in_map = false;
                            Sem::Text(std::mem::take(&mut self.map))
                        }
                        (T_VARSTRING, _) => {
                            let name = rest[..len].to_vec();
                            let kind = vars.token_for(&name);
                            self.stale = Sem::None;
                            return Token {
                                kind,
                                sem: Sem::Text(name),
                                start,
                                end: start + len,
                            };
                        }
                        (_, Sem::Int(NO_VALUE)) | (_, Sem::None) => self.stale.clone(),
                        (_, sem) => sem,
                    };
                    self.stale = match &sem {
                        Sem::Int(n) => Sem::Int(*n),
                        // The union's `long` over two `int`s.
                        Sem::Dice(num, die) => Sem::Int(i64::from(*num as u32) | (*die << 32)),
                        _ => Sem::None,
                    };
                    if kind == T_PERCENT || kind == T_SPERCENT {
                        self.percentile(sem.int());
                    }
                    return Token {
                        kind,
                        sem,
                        start,
                        end: start + len,
                    };
                }
                Match::End => {
                    self.save_token(start, start + len);
                    return Token {
                        kind: T_END,
                        sem: Sem::None,
                        start,
                        end: start + len,
                    };
                }
            }
        }
    }

    /// Every rule that matches at the start of `rest`, the longest kept
    /// (the earliest rule on a tie, as flex does).
    fn longest_match(&self, rest: &[u8]) -> (usize, Match) {
        let mut best: (usize, Match) = (0, Match::End);
        let mut consider = |len: usize, m: &dyn Fn() -> Match| {
            if len > best.0 {
                best = (len, m());
            }
        };
        if self.in_map {
            if rest.starts_with(b"ENDMAP") {
                consider(6, &|| Match::Token(T_MAP_ID, Sem::None));
            }
            let row = rest
                .iter()
                .take_while(|&&c| self.profile.is_map_row_char(c))
                .count();
            let nl = self.newline_len(self.pos + row);
            if nl > 0 {
                consider(row + nl, &|| Match::MapRow);
            }
        }
        if self.at_bol {
            let blanks = rest
                .iter()
                .take_while(|c| **c == b' ' || **c == b'\t')
                .count();
            if rest.get(blanks) == Some(&b'#') {
                if let Some(n) = rest[blanks..].iter().position(|&c| c == b'\n') {
                    consider(blanks + n + 1, &|| Match::Skip);
                }
            }
            if rest.starts_with(b"MAP") {
                let nl = self.newline_len(self.pos + 3);
                if nl > 0 {
                    consider(3 + nl, &|| Match::MapStart);
                }
            }
        }
        let word = word_len(rest);
        if word > 0 {
            let text = &rest[..word];
            if let Some((kind, value)) = self.profile.keyword(text) {
                consider(word, &|| Match::Token(kind, Sem::Int(value)));
            }
            if text == b"random" && rest.get(word) == Some(&b'[') {
                consider(word + 1, &|| {
                    Match::Token(T_RANDOM_TYPE_BRACKET, Sem::Int(-1))
                });
            }
            let d = digits(rest);
            if d > 0 && rest.get(d) == Some(&b'd') {
                let d2 = digits(&rest[d + 1..]);
                if d2 > 0 {
                    let (num, die) = (atoi(&rest[..d]), atoi(&rest[d + 1..d + 1 + d2]));
                    consider(d + 1 + d2, &|| Match::Token(T_DICE, Sem::Dice(num, die)));
                }
            }
            if rest[0] == b'-' {
                let d = digits(&rest[1..]);
                if d > 0 {
                    consider(1 + d, &|| {
                        Match::Token(T_MINUS_INTEGER, Sem::Int(atoi(&rest[..1 + d])))
                    });
                }
            }
            if d > 0 {
                if rest.get(d) == Some(&b'%') {
                    consider(d + 1, &|| {
                        Match::Token(T_SPERCENT, Sem::Int(atoi(&rest[..d])))
                    });
                }
                consider(d, &|| Match::Token(T_INTEGER, Sem::Int(atoi(&rest[..d]))));
            }
            consider(word, &|| Match::Token(T_UNKNOWN_TYPE, Sem::None));
        }
        match rest[0] {
            b'[' => {
                let sp = rest[1..].iter().take_while(|c| **c == b' ').count();
                let d = digits(&rest[1 + sp..]);
                if d > 0 && rest.get(1 + sp + d) == Some(&b'%') {
                    let sp2 = rest[2 + sp + d..]
                        .iter()
                        .take_while(|c| **c == b' ')
                        .count();
                    if rest.get(2 + sp + d + sp2) == Some(&b']') {
                        let value = atoi(&rest[1..]);
                        consider(3 + sp + d + sp2, &|| {
                            Match::Token(T_PERCENT, Sem::Int(value))
                        });
                    }
                }
            }
            b'+' => {
                let d = digits(&rest[1..]);
                if d > 0 {
                    consider(1 + d, &|| {
                        Match::Token(T_PLUS_INTEGER, Sem::Int(atoi(&rest[..1 + d])))
                    });
                }
            }
            b'"' => {
                if let Some(n) = rest[1..].iter().position(|&c| c == b'"') {
                    let text = c_str(&rest[1..1 + n]).to_vec();
                    consider(n + 2, &|| Match::Token(T_STRING, Sem::Text(text.clone())));
                }
            }
            b'$' => {
                let n = rest[1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic() || **c == b'_')
                    .count();
                if n > 0 {
                    consider(1 + n, &|| Match::Token(T_VARSTRING, Sem::None));
                }
            }
            b'\'' => {
                if rest.get(1) == Some(&b'\\')
                    && rest.get(3) == Some(&b'\'')
                    && rest.get(2).is_some_and(|c| *c != b'\n')
                {
                    let c = rest[2];
                    consider(4, &|| Match::Token(T_CHAR, Sem::Int(i64::from(c as i8))));
                }
                if rest.get(2) == Some(&b'\'') && rest.get(1).is_some_and(|c| *c != b'\n') {
                    let c = rest[1];
                    consider(3, &|| Match::Token(T_CHAR, Sem::Int(i64::from(c as i8))));
                }
            }
            _ => {}
        }
        for (op, value) in [
            (&b"=="[..], 33),
            (b"!=", 34),
            (b"<>", 34),
            (b"<=", 30),
            (b">=", 32),
            (b"<", 29),
            (b">", 31),
        ] {
            if rest.starts_with(op) {
                consider(op.len(), &|| Match::Token(T_COMPARE_TYPE, Sem::Int(value)));
            }
        }
        let nl = self.newline_len(self.pos);
        if nl > 0 {
            consider(nl, &|| Match::Newline);
        }
        let blanks = rest
            .iter()
            .take_while(|c| **c == b' ' || **c == b'\t')
            .count();
        if blanks > 0 {
            consider(blanks, &|| Match::Blank);
        }
        if rest[0] != b'\n' {
            consider(1, &|| single_char(rest[0]));
        }
        best
    }
}

enum Match {
    Token(u16, Sem),
    /// A comment line.
    Skip,
    Blank,
    Newline,
    MapStart,
    MapRow,
    /// A byte the reference's parser reads as the end of the input.
    End,
}

fn single_char(c: u8) -> Match {
    let kind = match c {
        0 | 0x80..=0xff => return Match::End,
        b',' => T_COMMA,
        b':' => T_COLON,
        b'(' => T_LPAREN,
        b')' => T_RPAREN,
        b'[' => T_LBRACKET,
        b']' => T_RBRACKET,
        b'{' => T_LBRACE,
        b'}' => T_RBRACE,
        b'=' => T_EQUALS,
        b'+' => T_PLUS,
        b'-' => T_MINUS,
        b'*' => T_STAR,
        b'/' => T_SLASH,
        b'%' => T_PERCENT_SIGN,
        b'.' => T_DOT,
        b'&' => T_AMPERSAND,
        b'|' => T_BAR,
        _ => T_ILLEGAL,
    };
    Match::Token(kind, Sem::None)
}
