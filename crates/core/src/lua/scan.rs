//! The tokens of Lua that may not load, as the one tokenizer (`lex.rs`)
//! reads them leniently: enough to know what is a string, a comment or a
//! word (short strings with every escape, long brackets and long comments
//! at any level, `--` comments holding quotes) wherever the text is
//! broken, and the helpers DCSS's checks read them with.
//!
//! Tested against a real Lua lexer over every Lua block of the corpus.

use super::lex::{Lexer, Tok};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A name or a keyword.
    Word,
    /// A short string `"…"` / `'…'`; `content` excludes the quotes.
    String,
    /// A long string `[[…]]` at any level.
    LongString,
    /// A short string that meets a line end or the end of the text first
    /// (Lua's "unfinished string").
    Unfinished,
    Comment,
    Number,
    Symbol,
}

/// One token: its kind, its bytes `start..end`, and for strings the bytes
/// of the content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
    pub content: (usize, usize),
}

impl Token {
    pub fn text<'a>(&self, code: &'a str) -> &'a str {
        code.get(self.start..self.end).unwrap_or("")
    }
    pub fn content<'a>(&self, code: &'a str) -> &'a str {
        code.get(self.content.0..self.content.1).unwrap_or("")
    }
}

/// The tokens of `code`, whitespace left out. Never fails: what Lua would
/// reject still becomes tokens (an unfinished string, a stray symbol).
#[cfg(test)]
pub fn tokens(code: &str) -> Vec<Token> {
    tokens_from(code, None)
}

/// The tokens of `code` when it starts inside a short string opened by
/// `quote` on an earlier line (a DCSS `:` line that continues the string
/// its predecessor ended with a backslash; the game joins `:` lines into
/// one chunk).
pub fn tokens_from(code: &str, quote: Option<u8>) -> Vec<Token> {
    scan(code, quote).collect()
}

/// [`tokens_from`] one token at a time, for a reader that keeps none of
/// them (highlighting a 1 MB script would otherwise hold a list of some
/// 250,000 beside what it makes of them).
pub fn scan(code: &str, quote: Option<u8>) -> Scan<'_> {
    Scan {
        lexer: Lexer::lenient(code),
        quote,
    }
}

/// The scan of a text: see [`scan`].
pub struct Scan<'a> {
    lexer: Lexer<'a>,
    /// The quote of a string the text starts inside, until it is read.
    quote: Option<u8>,
}

impl Iterator for Scan<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        let t = match self.quote.take() {
            Some(q) => self.lexer.string_continued(q),
            None => self.lexer.next().ok()?,
        };
        let kind = match t.tok {
            Tok::Eof => return None,
            Tok::Name => Kind::Word,
            Tok::String if t.long => Kind::LongString,
            Tok::String => Kind::String,
            Tok::Unfinished => Kind::Unfinished,
            Tok::Comment => Kind::Comment,
            Tok::Number => Kind::Number,
            Tok::Symbol => Kind::Symbol,
        };
        Some(Token {
            kind,
            start: t.start,
            end: t.end,
            content: t.content,
        })
    }
}

/// A string literal of Lua code (short or long).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Literal<'a> {
    /// Where its content starts in the code.
    pub at: usize,
    pub text: &'a str,
    /// Glued to other text with `..` (`"place:D:" .. depth`): its value is
    /// not written down, only a part of it.
    pub joined: bool,
}

/// The dotted or method name starting at word token `from`
/// (`a`, `a.b`, `a:b.c`): its text and the index of its last token.
pub fn dotted_name<'a>(code: &'a str, toks: &[Token], from: usize) -> (&'a str, usize) {
    let mut end = from;
    while end + 2 < toks.len()
        && matches!(toks[end + 1].text(code), "." | ":")
        && toks[end + 2].kind == Kind::Word
    {
        end += 2;
    }
    let start = toks.get(from).map_or(0, |t| t.start);
    let stop = toks.get(end).map_or(start, |t| t.end);
    (code.get(start..stop).unwrap_or(""), end)
}

/// A name as a script uses it: a dotted name (`dotted_name`) that is not
/// a field or method of something before it, nor the name of a function
/// being defined.
pub struct NameUse<'a> {
    pub name: &'a str,
    /// The index of its last token.
    pub last: usize,
    /// Whether a call follows it: `(`, `{` or a string.
    pub called: bool,
}

/// Each name `toks` (of `code`) uses, in order.
pub fn name_uses<'a>(code: &'a str, toks: &'a [Token]) -> impl Iterator<Item = NameUse<'a>> + 'a {
    let text = move |i: usize| toks.get(i).map_or("", |t: &Token| t.text(code));
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < toks.len() {
            let starts_name = toks[i].kind == Kind::Word
                && !matches!(text(i.wrapping_sub(1)), "." | ":" | "function");
            if !starts_name {
                i += 1;
                continue;
            }
            let (name, last) = dotted_name(code, toks, i);
            i = last + 1;
            let called = matches!(text(last + 1), "(" | "{")
                || toks
                    .get(last + 1)
                    .is_some_and(|t| matches!(t.kind, Kind::String | Kind::LongString));
            return Some(NameUse { name, last, called });
        }
        None
    })
}

/// The tokens of `code` without its comments.
pub fn significant(code: &str, quote: Option<u8>) -> Vec<Token> {
    let mut toks = tokens_from(code, quote);
    toks.retain(|t| t.kind != Kind::Comment);
    toks
}

/// The string literals of code already lexed ([`significant`] tokens).
pub fn literals_in<'a>(code: &'a str, toks: &[Token]) -> Vec<Literal<'a>> {
    literals_with_neighbours_in(code, toks)
        .into_iter()
        .map(|(lit, _)| lit)
        .collect()
}

/// Each literal with the two tokens before it (`key =` when it is
/// assigned).
fn literals_with_neighbours_in<'a>(
    code: &'a str,
    toks: &[Token],
) -> Vec<(Literal<'a>, [&'a str; 2])> {
    let text = |i: Option<usize>| i.and_then(|i| toks.get(i)).map_or("", |t| t.text(code));
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if !matches!(t.kind, Kind::String | Kind::LongString) {
            continue;
        }
        let before = text(i.checked_sub(1));
        let joined = before == ".." || text(Some(i + 1)) == "..";
        let literal = Literal {
            at: t.content.0,
            text: t.content(code),
            joined,
        };
        out.push((literal, [text(i.checked_sub(2)), before]));
    }
    out
}

/// String literals assigned to one of `keys` (`key = "text"`, in a table
/// or as a statement): the offset of each literal's content in `code`, and
/// the content. A literal joined to computed text (`"x_" .. n`) is left
/// out, since its value is not written down; so is anything in a comment.
pub fn assigned_strings<'a>(
    code: &'a str,
    quote: Option<u8>,
    keys: &[&str],
) -> Vec<(usize, &'a str)> {
    assigned_strings_in(code, &significant(code, quote), keys)
}

/// [`assigned_strings`] of code already lexed ([`significant`] tokens).
pub fn assigned_strings_in<'a>(
    code: &'a str,
    toks: &[Token],
    keys: &[&str],
) -> Vec<(usize, &'a str)> {
    literals_with_neighbours_in(code, toks)
        .into_iter()
        .filter(|(lit, [key, eq])| !lit.joined && *eq == "=" && keys.contains(key))
        .map(|(lit, _)| (lit.at, lit.text))
        .collect()
}

/// The quote of the short string `code` ends inside when its last byte is
/// the backslash that continues it on the next line (`None` otherwise).
/// `quote`: the string `code` itself starts inside, as for
/// [`tokens_from`].
#[cfg(test)]
pub fn continued_string(code: &str, quote: Option<u8>) -> Option<u8> {
    continued_string_of(code, quote, &tokens_from(code, quote))
}

/// [`continued_string`] from all of `code`'s tokens, comments included.
pub fn continued_string_of(code: &str, quote: Option<u8>, toks: &[Token]) -> Option<u8> {
    let last = *toks.last()?;
    if last.kind != Kind::Unfinished || last.end != code.len() || !code.ends_with('\\') {
        return None;
    }
    match code.as_bytes()[last.start] {
        q @ (b'"' | b'\'') if !(last.start == 0 && quote.is_some()) => Some(q),
        _ => quote,
    }
}

/// The change in block nesting over `code`: `if`, `function`, `do` and
/// `repeat` open a block, `end` and `until` close one (`while … do` and
/// `for … do` open once, at their `do`).
#[cfg(test)]
pub fn depth_delta(code: &str, quote: Option<u8>) -> i32 {
    depth_delta_of(code, &tokens_from(code, quote))
}

/// [`depth_delta`] of code already lexed.
pub fn depth_delta_of(code: &str, toks: &[Token]) -> i32 {
    toks.iter()
        .filter(|t| t.kind == Kind::Word)
        .map(|t| match t.text(code) {
            "if" | "function" | "do" | "repeat" => 1,
            "end" | "until" => -1,
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(code: &str) -> Vec<&str> {
        tokens(code)
            .iter()
            .filter(|t| matches!(t.kind, Kind::String | Kind::LongString))
            .map(|t| t.content(code))
            .collect()
    }

    #[test]
    fn a_string_continued_on_the_next_line_keeps_its_apostrophe() {
        let code = "local s = \"ogre / \\\nwill-o'-wisp / orc\"\nmons(s)";
        assert_eq!(strings(code), ["ogre / \\\nwill-o'-wisp / orc"]);
        let code = "x = 'a\\\r\nb' y = \"c\"";
        assert_eq!(strings(code), ["a\\\r\nb", "c"]);
    }

    #[test]
    fn escapes_do_not_end_a_string() {
        assert_eq!(
            strings(r#"a = "say \"hi\" \\" b = 'it\'s'"#),
            [r#"say \"hi\" \\"#, r"it\'s"]
        );
        assert_eq!(strings("a = \"x\\z\n   y\""), ["x\\z\n   y"]);
    }

    #[test]
    fn long_brackets_and_comments_at_any_level() {
        let code = "a = [==[ it's ]] \"not\" ]==] -- don't \"count\"\nb = [[\nfirst]] --[=[ 'no\n]] ]=] c = 'yes'";
        assert_eq!(strings(code), [" it's ]] \"not\" ", "first", "yes"]);
        let comments: Vec<&str> = tokens(code)
            .iter()
            .filter(|t| t.kind == Kind::Comment)
            .map(|t| t.text(code))
            .collect();
        assert_eq!(comments, ["-- don't \"count\"", "--[=[ 'no\n]] ]=]"]);
    }

    #[test]
    fn a_string_continued_over_lines_is_followed_line_by_line() {
        let first = "mons(\"ogre / \\";
        assert_eq!(continued_string(first, None), Some(b'"'));
        let second = "will-o'-wisp / \\";
        assert_eq!(continued_string(second, Some(b'"')), Some(b'"'));
        let third = "orc\")";
        assert_eq!(continued_string(third, Some(b'"')), None);
        let t = tokens_from(third, Some(b'"'));
        assert_eq!((t[0].kind, t[0].content(third)), (Kind::String, "orc"));
        assert_eq!(continued_string("x = 'done' \\", None), None);
    }

    #[test]
    fn assigned_strings_leave_out_comments_and_joined_text() {
        let code = "x = { cloud_type = \"flame\", tags = 'a b' } -- cloud_type = \"no\"\n\
                    t.tags = \"pre_\" .. n mytag = \"c\" tag = [[d]]";
        let found = assigned_strings(code, None, &["cloud_type", "tags", "tag"]);
        let texts: Vec<&str> = found.iter().map(|(_, s)| *s).collect();
        assert_eq!(texts, ["flame", "a b", "d"]);
        let (at, text) = found[0];
        assert_eq!(&code[at..at + text.len()], "flame");
    }

    #[test]
    fn unfinished_strings_end_at_the_line_end() {
        let code = "a = 'open\nb = \"two\"";
        let t = tokens(code);
        assert_eq!(t[2].kind, Kind::Unfinished);
        assert_eq!(strings(code), ["two"]);
    }

    #[test]
    fn nesting_counts_keywords_outside_strings_and_comments() {
        assert_eq!(depth_delta("if x then -- end\n y = 'end' ", None), 1);
        assert_eq!(depth_delta("for i = 1, 3 do f() end", None), 0);
        assert_eq!(depth_delta("repeat x = x + 1", None), 1);
        assert_eq!(depth_delta("until x > [[end]]", None), -1);
        assert_eq!(depth_delta("s = \"will-o'-wisp\" end", None), -1);
        // The line after a continued string starts inside it.
        assert_eq!(
            depth_delta("will-o'-wisp / if end\") if x then", Some(b'"')),
            1
        );
    }

    #[test]
    fn numbers_and_symbols() {
        let code = "x = 0x1p-3 + 3e+2 .. ... a.b >= 1.5";
        let kinds: Vec<Kind> = tokens(code).iter().map(|t| t.kind).collect();
        use Kind::*;
        assert_eq!(
            kinds,
            [
                Word, Symbol, Number, Symbol, Number, Symbol, Symbol, Word, Symbol, Word, Symbol,
                Number
            ]
        );
    }

    #[test]
    fn lua_nesting_counts_keywords_outside_strings_and_comments() {
        for (code, delta) in [
            ("if x then", 1),
            ("end", -1),
            ("x = 'if' -- end", 0),
            ("function f() return 1 end", 0),
            ("for i = 1, 3 do", 1),
            ("s = \"a\\\"end\" if", 1),
            ("endif = 1", 0),
            ("é if ç", 1),
        ] {
            assert_eq!(depth_delta(code, None), delta, "{code}");
        }
    }
}
