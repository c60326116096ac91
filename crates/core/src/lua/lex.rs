//! Lua's one tokenizer: Lua 5.4's lexical rules as its own lexer applies
//! them (`llex.c`, read for the facts), which bytes make which token and
//! what it refuses, at which line. Tokens are read one at a time, when the
//! reader asks, because that decides which error Lua meets first.
//!
//! Strict (`Lexer::new`), it serves Lua's verdict: comments are skipped
//! and the first refusal is an error. Lenient (`Lexer::lenient`), it
//! serves the scan (`scan.rs`: DCSS's Lua, highlighting): comments are
//! tokens, and what Lua refuses still becomes a token and the text reads
//! on (an unfinished string to its line end, a long bracket never closed
//! to the end, a malformed numeral to the end of what touches it, `[=`
//! as the symbol `[`, a bad escape as two characters of the string).

/// Where and why Lua refuses a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LuaError {
    /// The line Lua names (its lexer's line when it stops).
    pub line: u32,
    /// The token it stopped at (bytes).
    pub start: usize,
    pub end: usize,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A name or a reserved word (`text` tells which).
    Name,
    Number,
    /// A short string, or a long one (`Token::long`).
    String,
    /// Any other symbol: one to three bytes (`text` tells which).
    Symbol,
    /// Lenient only: a comment, short or long.
    Comment,
    /// Lenient only: a short string that meets a line end or the end of
    /// the text first (Lua's "unfinished string").
    Unfinished,
    Eof,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
    /// A string's bytes without its quotes or brackets (a long string's
    /// first line end left out, as Lua leaves it); the token's bytes
    /// otherwise.
    pub content: (usize, usize),
    /// A long string `[[…]]` (or comment) at any level.
    pub long: bool,
}

pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// The line the lexer is on (Lua's `linenumber`): errors name it.
    pub line: u32,
    /// Read on past what Lua refuses, comments as tokens.
    lenient: bool,
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
    /// Lua's own lexer: comments skipped, the first refusal an error.
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src: src.as_bytes(),
            pos: 0,
            line: 1,
            lenient: false,
        }
    }

    /// The lexer that never fails: comments are tokens, and what Lua
    /// refuses becomes a token all the same.
    pub fn lenient(src: &'a str) -> Lexer<'a> {
        Lexer {
            lenient: true,
            ..Lexer::new(src)
        }
    }

    /// Lenient: the rest of a short string opened by `quote` before the
    /// text starts (a DCSS `:` line that continues the string its
    /// predecessor ended with a backslash).
    pub fn string_continued(&mut self, quote: u8) -> Token {
        let start = self.pos;
        // Lenient, the body never fails.
        let closed = self.string_body(quote).unwrap_or(false);
        self.string_token(start, start, closed)
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
                return Ok(self.token(Tok::Eof, start));
            };
            match c {
                b'\n' | b'\r' => self.newline(),
                b' ' | b'\t' | 0x0b | 0x0c => self.pos += 1,
                b'-' if self.at(self.pos + 1) == Some(b'-') => {
                    self.pos += 2;
                    let long = self.comment(start)?;
                    if self.lenient {
                        return Ok(Token {
                            long,
                            ..self.token(Tok::Comment, start)
                        });
                    }
                }
                b'[' => {
                    let level = self.long_bracket_level(self.pos);
                    match level {
                        Ok(level) => {
                            let closed_at = self.long_string(start, level, "string")?;
                            let open = start + level + 2;
                            let first = match (self.at(open), self.at(open + 1)) {
                                (Some(b'\r'), Some(b'\n')) | (Some(b'\n'), Some(b'\r')) => open + 2,
                                (Some(b'\r' | b'\n'), _) => open + 1,
                                _ => open,
                            };
                            return Ok(Token {
                                content: (first.min(closed_at), closed_at),
                                long: true,
                                ..self.token(Tok::String, start)
                            });
                        }
                        Err(true) if !self.lenient => {
                            return Err(self.error(
                                "`[=` must open a long string (`[=[`)",
                                start,
                                start + 1,
                            ))
                        }
                        Err(_) => {
                            self.pos += 1;
                            return Ok(self.token(Tok::Symbol, start));
                        }
                    }
                }
                b'"' | b'\'' => {
                    self.pos += 1;
                    let closed = self.string_body(c)?;
                    if !closed && !self.lenient {
                        let message = "string not closed before the end of its line";
                        return Err(self.error(message, start, self.pos));
                    }
                    return Ok(self.string_token(start, start + 1, closed));
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
            content: (start, self.pos),
            long: false,
        }
    }

    /// A short string from `start`, its content from `content_start` (after
    /// the quote), closed or unfinished.
    fn string_token(&self, start: usize, content_start: usize, closed: bool) -> Token {
        let (tok, content_end) = if closed {
            (Tok::String, self.pos - 1)
        } else {
            (Tok::Unfinished, self.pos)
        };
        Token {
            content: (content_start, content_end),
            ..self.token(tok, start)
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

    /// After `--`: a long comment (true) or one to the line end.
    fn comment(&mut self, start: usize) -> Result<bool, LuaError> {
        if self.cur() == Some(b'[') {
            if let Ok(level) = self.long_bracket_level(self.pos) {
                return self.long_string(start, level, "comment").map(|_| true);
            }
        }
        while self.cur().is_some_and(|b| b != b'\n' && b != b'\r') {
            self.pos += 1;
        }
        Ok(false)
    }

    /// From `[` `=`×level `[` to the matching close, across lines: where
    /// the closing bracket starts (lenient, never closed: the end).
    fn long_string(&mut self, start: usize, level: usize, what: &str) -> Result<usize, LuaError> {
        let first_line = self.line;
        self.pos += level + 2;
        loop {
            match self.cur() {
                None if self.lenient => return Ok(self.pos),
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
                        let closed_at = self.pos;
                        self.pos = i + 1;
                        return Ok(closed_at);
                    }
                    self.pos += 1;
                }
                Some(b'\n' | b'\r') => self.newline(),
                Some(_) => self.pos += 1,
            }
        }
    }

    /// A short string's body, after its opening quote: to the closing
    /// `quote` (true), or to a line end or the end of the text (false, the
    /// line end not taken). Strict, a bad escape is an error; lenient, the
    /// backslash takes the character after it.
    fn string_body(&mut self, quote: u8) -> Result<bool, LuaError> {
        loop {
            match self.cur() {
                None | Some(b'\n' | b'\r') => return Ok(false),
                Some(b'\\') => {
                    let at = self.pos;
                    if let Err(e) = self.escape() {
                        if !self.lenient {
                            return Err(e);
                        }
                        self.pos = (at + 2).min(self.src.len());
                    }
                }
                Some(c) if c == quote => {
                    self.pos += 1;
                    return Ok(true);
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
        if self.lenient {
            self.pos = numeral_end(self.src, start);
            return Ok(());
        }
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

/// Lenient: a numeral runs greedily over digits, letters, dots and
/// underscores, and a sign right after an exponent marker (the same end
/// as Lua's for any numeral Lua takes).
fn numeral_end(b: &[u8], at: usize) -> usize {
    let hex = b.get(at) == Some(&b'0') && matches!(b.get(at + 1), Some(b'x' | b'X'));
    let exponent: &[u8] = if hex { b"pP" } else { b"eE" };
    let mut i = at;
    while let Some(&c) = b.get(i) {
        let signed_exponent = (c == b'+' || c == b'-')
            && i > at
            && b.get(i - 1).is_some_and(|p| exponent.contains(p));
        if !(signed_exponent || c.is_ascii_alphanumeric() || c == b'.' || c == b'_') {
            break;
        }
        i += 1;
    }
    i
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
