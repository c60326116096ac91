//! Lua 5.4's string patterns (the manual's §6.4.1), which piccolo 0.3.3
//! lacks: classes (`%a`, `[%w_]`, `.`), the four quantifiers, captures
//! (and position captures `()`), back-references `%1`–`%9`, `%b()` and
//! the frontier `%f[set]`. Written from the manual for this project, over
//! byte indices (never raw pointers), with Lua's own guards: a pattern
//! nests at most 200 deep (`MAXCCALLS`), holds at most 32 captures, and
//! a match may take a bounded number of steps, so a hostile pattern is an
//! error, never a hang or a panic.

/// Lua's `LUA_MAXCAPTURES`.
const MAX_CAPTURES: usize = 32;
/// Lua's `MAXCCALLS`: how deep one match may recurse.
const MAX_DEPTH: u32 = 200;
/// Steps one match may take: quantifiers backtrack, and a pattern such as
/// `a-a-a-a-b` over a long text is polynomial of a high degree.
const MAX_STEPS: usize = 5_000_000;

/// What a capture holds once the match is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// The text between two byte offsets of the subject.
    Text(usize, usize),
    /// A position capture `()`: the 1-based offset Lua returns.
    Position(usize),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Length {
    Closed(usize),
    Open,
    Position,
}

/// One match of `pattern` against `subject`, as `lstrlib`'s matcher
/// state.
pub struct Matcher<'a> {
    subject: &'a [u8],
    pattern: &'a [u8],
    captures: Vec<(usize, Length)>,
    depth: u32,
    /// Steps taken so far, over every attempt of this matcher.
    pub steps: usize,
}

pub type Result<T> = std::result::Result<T, String>;

impl<'a> Matcher<'a> {
    pub fn new(subject: &'a [u8], pattern: &'a [u8]) -> Matcher<'a> {
        Matcher {
            subject,
            pattern,
            captures: Vec::new(),
            depth: MAX_DEPTH,
            steps: 0,
        }
    }

    /// The end of a match of the pattern from `p` starting at subject
    /// offset `s`, if there is one (the captures are then set).
    pub fn at(&mut self, s: usize, p: usize) -> Result<Option<usize>> {
        self.captures.clear();
        self.depth = MAX_DEPTH;
        self.do_match(s, p)
    }

    /// The captures of the last successful match `start..end`, as Lua
    /// returns them (the whole match when the pattern has none).
    pub fn captures(&self, start: usize, end: usize, whole: bool) -> Result<Vec<Capture>> {
        if self.captures.is_empty() && whole {
            return Ok(vec![Capture::Text(start, end)]);
        }
        (0..self.captures.len()).map(|i| self.capture(i)).collect()
    }

    fn capture(&self, i: usize) -> Result<Capture> {
        match self.captures.get(i) {
            Some(&(at, Length::Closed(len))) => Ok(Capture::Text(at, at + len)),
            Some(&(at, Length::Position)) => Ok(Capture::Position(at + 1)),
            Some((_, Length::Open)) => Err("unfinished capture".into()),
            None => Err(format!("invalid capture index %{}", i + 1)),
        }
    }

    fn byte(&self, p: usize) -> Option<u8> {
        self.pattern.get(p).copied()
    }

    fn do_match(&mut self, mut s: usize, mut p: usize) -> Result<Option<usize>> {
        if self.depth == 0 {
            return Err("pattern too complex".into());
        }
        self.depth -= 1;
        let result = loop {
            self.steps += 1;
            if self.steps > MAX_STEPS {
                return Err("pattern too complex (too many steps for one match)".into());
            }
            let Some(c) = self.byte(p) else {
                break Some(s);
            };
            match (c, self.byte(p + 1)) {
                (b'(', Some(b')')) => break self.start_capture(s, p + 2, Length::Position)?,
                (b'(', _) => break self.start_capture(s, p + 1, Length::Open)?,
                (b')', _) => break self.end_capture(s, p + 1)?,
                (b'$', None) => break (s == self.subject.len()).then_some(s),
                (b'%', Some(b'b')) => match self.balance(s, p + 2)? {
                    Some(next) => {
                        s = next;
                        p += 4;
                    }
                    None => break None,
                },
                (b'%', Some(b'f')) => {
                    p += 2;
                    if self.byte(p) != Some(b'[') {
                        return Err("missing '[' after '%f' in pattern".into());
                    }
                    let end = self.class_end(p)?;
                    let before = s.checked_sub(1).map_or(0, |i| self.subject[i]);
                    let here = self.subject.get(s).copied().unwrap_or(0);
                    if !self.in_set(before, p, end - 1) && self.in_set(here, p, end - 1) {
                        p = end;
                    } else {
                        break None;
                    }
                }
                (b'%', Some(d)) if d.is_ascii_digit() => match self.back_reference(s, d)? {
                    Some(next) => {
                        s = next;
                        p += 2;
                    }
                    None => break None,
                },
                _ => {
                    let end = self.class_end(p)?;
                    let matched = self.single(s, p, end);
                    match self.byte(end) {
                        Some(b'?') => {
                            if matched {
                                if let Some(e) = self.do_match(s + 1, end + 1)? {
                                    break Some(e);
                                }
                            }
                            p = end + 1;
                        }
                        Some(b'+') => {
                            break if matched {
                                self.max_expand(s + 1, p, end)?
                            } else {
                                None
                            }
                        }
                        Some(b'*') => break self.max_expand(s, p, end)?,
                        Some(b'-') => break self.min_expand(s, p, end)?,
                        _ if matched => {
                            s += 1;
                            p = end;
                        }
                        _ => break None,
                    }
                }
            }
        };
        self.depth += 1;
        Ok(result)
    }

    /// Where the single-character class at `p` ends.
    fn class_end(&self, mut p: usize) -> Result<usize> {
        let c = self.byte(p).unwrap_or(0);
        p += 1;
        match c {
            b'%' => {
                if p >= self.pattern.len() {
                    return Err("malformed pattern (ends with '%')".into());
                }
                Ok(p + 1)
            }
            b'[' => {
                if self.byte(p) == Some(b'^') {
                    p += 1;
                }
                // The first `]` closes the set only after one member.
                loop {
                    let Some(c) = self.byte(p) else {
                        return Err("malformed pattern (missing ']')".into());
                    };
                    p += 1;
                    if c == b'%' && p < self.pattern.len() {
                        p += 1;
                    }
                    if self.byte(p) == Some(b']') {
                        return Ok(p + 1);
                    }
                }
            }
            _ => Ok(p),
        }
    }

    /// Whether the subject's byte at `s` is in the class `p..end`.
    fn single(&self, s: usize, p: usize, end: usize) -> bool {
        let Some(&c) = self.subject.get(s) else {
            return false;
        };
        match self.byte(p) {
            Some(b'.') => true,
            Some(b'%') => self.byte(p + 1).is_some_and(|class| in_class(c, class)),
            Some(b'[') => self.in_set(c, p, end - 1),
            other => other == Some(c),
        }
    }

    /// Whether `c` is in the set `[…]` from `p` (its `[`) to `close` (its
    /// `]`).
    fn in_set(&self, c: u8, mut p: usize, close: usize) -> bool {
        let mut member = true;
        if self.byte(p + 1) == Some(b'^') {
            member = false;
            p += 1;
        }
        p += 1;
        while p < close {
            let here = self.byte(p).unwrap_or(0);
            if here == b'%' {
                p += 1;
                if self.byte(p).is_some_and(|class| in_class(c, class)) {
                    return member;
                }
                p += 1;
            } else if self.byte(p + 1) == Some(b'-') && p + 2 < close {
                let high = self.byte(p + 2).unwrap_or(0);
                if here <= c && c <= high {
                    return member;
                }
                p += 3;
            } else {
                if here == c {
                    return member;
                }
                p += 1;
            }
        }
        !member
    }

    fn max_expand(&mut self, s: usize, p: usize, end: usize) -> Result<Option<usize>> {
        let mut count = 0;
        while self.single(s + count, p, end) {
            count += 1;
        }
        self.steps += count;
        loop {
            if let Some(e) = self.do_match(s + count, end + 1)? {
                return Ok(Some(e));
            }
            if count == 0 {
                return Ok(None);
            }
            count -= 1;
        }
    }

    fn min_expand(&mut self, mut s: usize, p: usize, end: usize) -> Result<Option<usize>> {
        loop {
            if let Some(e) = self.do_match(s, end + 1)? {
                return Ok(Some(e));
            }
            if !self.single(s, p, end) {
                return Ok(None);
            }
            s += 1;
        }
    }

    fn start_capture(&mut self, s: usize, p: usize, length: Length) -> Result<Option<usize>> {
        if self.captures.len() >= MAX_CAPTURES {
            return Err("too many captures".into());
        }
        self.captures.push((s, length));
        let result = self.do_match(s, p)?;
        if result.is_none() {
            self.captures.pop();
        }
        Ok(result)
    }

    fn end_capture(&mut self, s: usize, p: usize) -> Result<Option<usize>> {
        let Some(open) = self
            .captures
            .iter()
            .rposition(|&(_, len)| len == Length::Open)
        else {
            return Err("invalid pattern capture".into());
        };
        let start = self.captures[open].0;
        self.captures[open].1 = Length::Closed(s - start);
        let result = self.do_match(s, p)?;
        if result.is_none() {
            self.captures[open].1 = Length::Open;
        }
        Ok(result)
    }

    fn balance(&self, s: usize, p: usize) -> Result<Option<usize>> {
        let (Some(open), Some(close)) = (self.byte(p), self.byte(p + 1)) else {
            return Err("malformed pattern (missing arguments to '%b')".into());
        };
        if self.subject.get(s) != Some(&open) {
            return Ok(None);
        }
        let mut depth = 1;
        for (i, &c) in self.subject.iter().enumerate().skip(s + 1) {
            if c == close {
                depth -= 1;
                if depth == 0 {
                    return Ok(Some(i + 1));
                }
            } else if c == open {
                depth += 1;
            }
        }
        Ok(None)
    }

    fn back_reference(&self, s: usize, digit: u8) -> Result<Option<usize>> {
        let i = usize::from(digit - b'0');
        let closed = i
            .checked_sub(1)
            .and_then(|i| self.captures.get(i))
            .and_then(|&(at, len)| match len {
                Length::Closed(len) => Some((at, len)),
                _ => None,
            });
        let Some((at, len)) = closed else {
            return Err(format!("invalid capture index %{i}"));
        };
        let earlier = &self.subject[at..at + len];
        Ok(self
            .subject
            .get(s..s + len)
            .filter(|here| *here == earlier)
            .map(|_| s + len))
    }
}

/// Whether `c` is in the class `%class` (upper case: its complement; any
/// other byte stands for itself), in the C locale.
fn in_class(c: u8, class: u8) -> bool {
    let found = match class.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c.is_ascii_control(),
        b'd' => c.is_ascii_digit(),
        b'g' => c.is_ascii_graphic(),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        b's' => matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        _ => return class == c,
    };
    if class.is_ascii_uppercase() {
        !found
    } else {
        found
    }
}

/// Whether a pattern has none of the characters that make it more than
/// plain text (`string.find` then searches for the text itself).
pub fn is_plain(pattern: &[u8]) -> bool {
    !pattern.iter().any(|c| b"^$*+?.([%-".contains(c))
}

/// The first match of `pattern` in `subject` from byte `init`: its start,
/// end and the matcher holding its captures. `anchored` patterns (a
/// leading `^`, already stripped by the caller) are tried at `init` only.
pub fn find<'a>(
    subject: &'a [u8],
    pattern: &'a [u8],
    init: usize,
) -> Result<Option<(usize, usize, Matcher<'a>)>> {
    let (anchored, from) = match pattern.first() {
        Some(b'^') => (true, 1),
        _ => (false, 0),
    };
    let mut m = Matcher::new(subject, pattern);
    let mut s = init;
    loop {
        if let Some(end) = m.at(s, from)? {
            return Ok(Some((s, end, m)));
        }
        s += 1;
        if anchored || s > subject.len() {
            return Ok(None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `string.match(subject, pattern)` as Lua prints its results.
    fn lua_match(subject: &str, pattern: &str) -> Result<Option<Vec<String>>> {
        let Some((start, end, m)) = find(subject.as_bytes(), pattern.as_bytes(), 0)? else {
            return Ok(None);
        };
        let caps = m.captures(start, end, true)?;
        Ok(Some(
            caps.iter()
                .map(|c| match *c {
                    Capture::Text(a, b) => subject[a..b].to_string(),
                    Capture::Position(p) => p.to_string(),
                })
                .collect(),
        ))
    }

    fn matched(subject: &str, pattern: &str) -> Vec<String> {
        lua_match(subject, pattern).unwrap().unwrap()
    }

    // Each answer below is lua5.4's for the same call.
    #[test]
    fn matches_as_lua_does() {
        assert_eq!(matched("hello world", "%a+"), ["hello"]);
        assert_eq!(
            matched("  key = value ", "^%s*(%S+)%s*=%s*(.-)%s*$"),
            ["key", "value"]
        );
        assert_eq!(matched("abc123def", "()%d+()"), ["4", "7"]);
        assert_eq!(matched("f(a(b)c)d", "%b()"), ["(a(b)c)"]);
        assert_eq!(matched("THE (quick) fox", "%f[%a]%a+"), ["THE"]);
        assert_eq!(matched("hello", "(l)%1"), ["l"]);
        assert_eq!(matched("x = 10", "[%w_]+"), ["x"]);
        assert_eq!(matched("a-b", "[a%-]+"), ["a-"]);
        assert_eq!(matched("]]x", "[]]+"), ["]]"]);
        assert_eq!(matched("aaab", "a-b"), ["aaab"]);
        assert_eq!(matched("", ".*"), [""]);
        assert_eq!(lua_match("abc", "^b").unwrap(), None);
        assert_eq!(lua_match("abc", "d?$").unwrap(), Some(vec![String::new()]));
    }

    #[test]
    fn refuses_as_lua_does() {
        for (pattern, error) in [
            ("%", "malformed pattern (ends with '%')"),
            ("[a", "malformed pattern (missing ']')"),
            ("(a", "unfinished capture"),
            ("a)", "invalid pattern capture"),
            ("%1", "invalid capture index %1"),
            ("%b", "malformed pattern (missing arguments to '%b')"),
            ("%fa", "missing '[' after '%f' in pattern"),
        ] {
            assert_eq!(lua_match("abc", pattern), Err(error.into()), "{pattern}");
        }
    }

    #[test]
    fn hostile_patterns_end_with_an_error() {
        let deep = "(".repeat(300) + &")".repeat(300);
        assert!(lua_match("x", &deep).is_err());
        let slow = "a-".repeat(12) + "b";
        let text = "a".repeat(4000);
        assert_eq!(
            lua_match(&text, &slow),
            Err("pattern too complex (too many steps for one match)".into())
        );
    }
}
