//! Lua 5.4's lexical rules as its own lexer applies them (the game's Lua,
//! `llex.c`, read for the facts): which bytes make which token, and what
//! it refuses, at which line. Tokens are read one at a time, when the
//! reader asks, because that decides which error Lua meets first.

use super::LuaError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A name or a reserved word (`text` tells which).
    Name,
    Number,
    String,
    /// Any other symbol: one to three bytes (`text` tells which).
    Symbol,
    Eof,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// The line the lexer is on (Lua's `linenumber`): errors name it.
    pub line: u32,
}

const RESERVED: &[&str] = &[
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
];

pub fn is_reserved(word: &str) -> bool {
    RESERVED.contains(&word)
}

fn is_alpha(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src: src.as_bytes(),
            pos: 0,
            line: 1,
        }
    }

    fn at(&self, i: usize) -> Option<u8> {
        self.src.get(i).copied()
    }

    fn cur(&self) -> Option<u8> {
        self.at(self.pos)
    }

    fn error(&self, message: &str, start: usize, end: usize) -> LuaError {
        LuaError {
            line: self.line,
            start,
            end: end.max(start),
            message: message.to_string(),
        }
    }

    /// A line end: `\n`, `\r`, or either pair, counts one line.
    fn newline(&mut self) {
        let first = self.cur();
        self.pos += 1;
        let second = self.cur();
        if matches!(second, Some(b'\n' | b'\r')) && second != first {
            self.pos += 1;
        }
        self.line += 1;
    }

    pub fn next(&mut self) -> Result<Token, LuaError> {
        loop {
            let start = self.pos;
            let Some(c) = self.cur() else {
                return Ok(Token {
                    tok: Tok::Eof,
                    start,
                    end: start,
                });
            };
            match c {
                b'\n' | b'\r' => self.newline(),
                b' ' | b'\t' | 0x0b | 0x0c => self.pos += 1,
                b'-' if self.at(self.pos + 1) == Some(b'-') => {
                    self.pos += 2;
                    self.comment(start)?;
                }
                b'[' => {
                    let level = self.long_bracket_level(self.pos);
                    match level {
                        Ok(level) => {
                            self.long_string(start, level, "string")?;
                            return Ok(self.token(Tok::String, start));
                        }
                        Err(true) => {
                            return Err(self.error(
                                "`[=` must open a long string (`[=[`)",
                                start,
                                start + 1,
                            ))
                        }
                        Err(false) => {
                            self.pos += 1;
                            return Ok(self.token(Tok::Symbol, start));
                        }
                    }
                }
                b'"' | b'\'' => {
                    self.short_string(c)?;
                    return Ok(self.token(Tok::String, start));
                }
                b'.' if self.at(self.pos + 1).is_some_and(|b| b.is_ascii_digit()) => {
                    self.numeral(start)?;
                    return Ok(self.token(Tok::Number, start));
                }
                b'0'..=b'9' => {
                    self.numeral(start)?;
                    return Ok(self.token(Tok::Number, start));
                }
                c if is_alpha(c) => {
                    while self.cur().is_some_and(is_alnum) {
                        self.pos += 1;
                    }
                    return Ok(self.token(Tok::Name, start));
                }
                _ => {
                    self.pos += self.symbol_len(c);
                    return Ok(self.token(Tok::Symbol, start));
                }
            }
        }
    }

    fn token(&self, tok: Tok, start: usize) -> Token {
        Token {
            tok,
            start,
            end: self.pos,
        }
    }

    fn symbol_len(&self, c: u8) -> usize {
        let next = self.at(self.pos + 1);
        match (c, next) {
            (b'.', Some(b'.')) if self.at(self.pos + 2) == Some(b'.') => 3,
            (b'.', Some(b'.')) => 2,
            (b'=' | b'<' | b'>' | b'~', Some(b'=')) => 2,
            (b'<', Some(b'<')) | (b'>', Some(b'>')) | (b'/', Some(b'/')) | (b':', Some(b':')) => 2,
            // Any other character is a token of its own (Lua reads names
            // of ASCII letters only): the reader then refuses it.
            _ => {
                self.src[self.pos..]
                    .iter()
                    .skip(1)
                    .take_while(|&&b| c >= 0x80 && (b & 0xC0) == 0x80)
                    .count()
                    + 1
            }
        }
    }

    /// At `[`: `Ok(level)` for `[`, `=`×level, `[`; `Err(true)` for `[=`
    /// not followed so (Lua refuses it), `Err(false)` for a plain `[`.
    fn long_bracket_level(&self, at: usize) -> Result<usize, bool> {
        let mut i = at + 1;
        while self.at(i) == Some(b'=') {
            i += 1;
        }
        let level = i - at - 1;
        match self.at(i) {
            Some(b'[') => Ok(level),
            _ => Err(level > 0),
        }
    }

    fn comment(&mut self, start: usize) -> Result<(), LuaError> {
        if self.cur() == Some(b'[') {
            if let Ok(level) = self.long_bracket_level(self.pos) {
                return self.long_string(start, level, "comment");
            }
        }
        while self.cur().is_some_and(|b| b != b'\n' && b != b'\r') {
            self.pos += 1;
        }
        Ok(())
    }

    /// From `[` `=`×level `[` to the matching close, across lines.
    fn long_string(&mut self, start: usize, level: usize, what: &str) -> Result<(), LuaError> {
        let first_line = self.line;
        self.pos += level + 2;
        loop {
            match self.cur() {
                None => {
                    let message =
                        format!("long {what} opened on line {first_line} is never closed");
                    return Err(self.error(&message, start, self.pos));
                }
                Some(b']') => {
                    let mut i = self.pos + 1;
                    while self.at(i) == Some(b'=') {
                        i += 1;
                    }
                    if i - self.pos - 1 == level && self.at(i) == Some(b']') {
                        self.pos = i + 1;
                        return Ok(());
                    }
                    self.pos += 1;
                }
                Some(b'\n' | b'\r') => self.newline(),
                Some(_) => self.pos += 1,
            }
        }
    }

    fn short_string(&mut self, quote: u8) -> Result<(), LuaError> {
        let start = self.pos;
        self.pos += 1;
        loop {
            match self.cur() {
                None | Some(b'\n' | b'\r') => {
                    return Err(self.error(
                        "string not closed before the end of its line",
                        start,
                        self.pos,
                    ))
                }
                Some(b'\\') => self.escape()?,
                Some(c) if c == quote => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    /// At a backslash inside a short string.
    fn escape(&mut self) -> Result<(), LuaError> {
        let at = self.pos;
        self.pos += 1;
        let bad = |lx: &Lexer, message: &str| Err(lx.error(message, at, lx.pos.max(at + 1)));
        match self.cur() {
            Some(b'a' | b'b' | b'f' | b'n' | b'r' | b't' | b'v' | b'\\' | b'"' | b'\'') => {
                self.pos += 1
            }
            Some(b'\n' | b'\r') => self.newline(),
            Some(b'x') => {
                self.pos += 1;
                for _ in 0..2 {
                    if !self.cur().is_some_and(|b| b.is_ascii_hexdigit()) {
                        return bad(self, "hexadecimal digit expected");
                    }
                    self.pos += 1;
                }
            }
            Some(b'z') => {
                self.pos += 1;
                loop {
                    match self.cur() {
                        Some(b'\n' | b'\r') => self.newline(),
                        Some(b' ' | b'\t' | 0x0b | 0x0c) => self.pos += 1,
                        _ => break,
                    }
                }
            }
            Some(b'u') => self.utf8_escape(at)?,
            Some(d) if d.is_ascii_digit() => {
                let mut value = 0u32;
                for _ in 0..3 {
                    match self.cur() {
                        Some(d) if d.is_ascii_digit() => {
                            value = value * 10 + u32::from(d - b'0');
                            self.pos += 1;
                        }
                        _ => break,
                    }
                }
                if value > 255 {
                    return bad(self, "a decimal escape goes up to \\255");
                }
            }
            // At the end of the text the string is unfinished (the caller
            // sees it); any other character is no escape.
            None => {}
            Some(_) => return bad(self, "no such escape sequence"),
        }
        Ok(())
    }

    /// `\u{XXX}`: hex digits for a value up to 2^31 - 1.
    fn utf8_escape(&mut self, at: usize) -> Result<(), LuaError> {
        let bad = |lx: &Lexer, message: &str| Err(lx.error(message, at, lx.pos.max(at + 1)));
        self.pos += 1;
        if self.cur() != Some(b'{') {
            return bad(self, "missing '{' in \\u{xxxx}");
        }
        self.pos += 1;
        if !self.cur().is_some_and(|b| b.is_ascii_hexdigit()) {
            return bad(self, "hexadecimal digit expected");
        }
        let mut value: u64 = 0;
        while let Some(h) = self.cur().and_then(|b| (b as char).to_digit(16)) {
            value = value * 16 + u64::from(h);
            if value > 0x7FFF_FFFF {
                return bad(self, "a `\\u{…}` escape goes up to 7FFFFFFF");
            }
            self.pos += 1;
        }
        if self.cur() != Some(b'}') {
            return bad(self, "missing '}' in \\u{xxxx}");
        }
        self.pos += 1;
        Ok(())
    }

    /// A numeral as Lua reads it: hex digits, dots, exponents with their
    /// sign, and one letter touching it; then it must make a number.
    fn numeral(&mut self, start: usize) -> Result<(), LuaError> {
        let hex = self.cur() == Some(b'0') && matches!(self.at(self.pos + 1), Some(b'x' | b'X'));
        self.pos += if hex { 2 } else { 1 };
        let exponent: &[u8] = if hex { b"Pp" } else { b"Ee" };
        loop {
            match self.cur() {
                Some(e) if exponent.contains(&e) => {
                    self.pos += 1;
                    if matches!(self.cur(), Some(b'+' | b'-')) {
                        self.pos += 1;
                    }
                }
                Some(b) if b.is_ascii_hexdigit() || b == b'.' => self.pos += 1,
                _ => break,
            }
        }
        if self.cur().is_some_and(is_alpha) {
            self.pos += 1;
        }
        let text = &self.src[start..self.pos];
        if is_number(text) {
            Ok(())
        } else {
            Err(self.error("malformed number", start, self.pos))
        }
    }
}

/// Whether Lua's `luaO_str2num` takes the numeral's text.
fn is_number(text: &[u8]) -> bool {
    let (digits, exponent_marks): (fn(u8) -> bool, &[u8]) = match text {
        [b'0', b'x' | b'X', ..] => (|b: u8| b.is_ascii_hexdigit(), b"pP"),
        _ => (|b: u8| b.is_ascii_digit(), b"eE"),
    };
    let body = if matches!(text, [b'0', b'x' | b'X', ..]) {
        &text[2..]
    } else {
        text
    };
    let (mantissa, exponent) = match body.iter().position(|b| exponent_marks.contains(b)) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = match mantissa.iter().position(|&b| b == b'.') {
        Some(i) => (&mantissa[..i], Some(&mantissa[i + 1..])),
        None => (mantissa, None),
    };
    let all = |s: &[u8]| s.iter().all(|&b| digits(b));
    let mantissa_ok = all(int)
        && frac.is_none_or(all)
        && (!int.is_empty() || frac.is_some_and(|f| !f.is_empty()));
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e
            .strip_prefix(b"+")
            .or_else(|| e.strip_prefix(b"-"))
            .unwrap_or(e);
        !e.is_empty() && e.iter().all(u8::is_ascii_digit)
    });
    mantissa_ok && exponent_ok
}

#[cfg(test)]
mod tests {
    use super::is_number;

    #[test]
    fn numerals_are_taken_as_lua_takes_them() {
        for ok in [
            "1", "1.", ".5", "1.5e+3", "3e2", "0x1F", "0x1p4", "0x.8", "0xA.8P-1", "007",
        ] {
            assert!(is_number(ok.as_bytes()), "{ok}");
        }
        for bad in ["1..2", "1e", "3x", "0x", "0x1p", "1f", "1e+", "0x.p1", "."] {
            assert!(!is_number(bad.as_bytes()), "{bad}");
        }
    }
}
