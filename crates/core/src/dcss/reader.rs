//! Lines and syntax to the tree: a line-oriented reader following the
//! game's flex lexer (see the module documentation of `dcss`).
//!
//! Byte loops, no parser library: every separator is ASCII, lines are read
//! with `memchr`, and the reader runs at ≥ 200 MB/s on the vault corpus. The
//! specs (`KMONS`, `MONS`, `ITEM` lists) are split here at the game's own
//! separators, and each part is then read by the lint's table lookups: a
//! grammar would add a copy of the split without making it clearer.

use rustc_hash::FxHashMap;
use std::borrow::Cow;

use super::ast::*;
use super::{DUPLICATE, MISSING_ENDMAP, STRAY, SYNTAX, TAB_IN_MAP};
use crate::lua::scan;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::TokenKind;

/// Whether a line opens a MAP block: `Some(false)` for `MAP` alone from
/// column 0 (trailing blanks allowed), `Some(true)` for a MAP the game
/// rejects but that is meant as one (indented, or with more after a blank
/// or a colon), `None` otherwise.
fn map_opener(line: &str) -> Option<bool> {
    let t = trim_blank_start(line);
    let rest = t.strip_prefix("MAP")?;
    let exact = t.len() == line.len() && trim_blank_end(rest).is_empty();
    let meant = rest.is_empty() || rest.starts_with([' ', '\t', ':']);
    meant.then_some(!exact)
}

/// Reads map rows up to ENDMAP (or the end of the file), with one finding
/// per mistake: a blank row is the game's error; where ENDMAP was
/// forgotten or misspelt (a blank row or a header line follows), the map
/// ends there, so the next vault is read as one. Returns the rows and the
/// end of the block.
fn read_map<'a>(
    lines: &mut Lines<'a>,
    mut end: usize,
    f: &mut File<'a>,
) -> (Vec<MapRow<'a>>, usize) {
    let mut rows: Vec<MapRow<'a>> = Vec::with_capacity(16);
    while let Some((s2, l2, tab)) = lines.next_row() {
        if let Some(rest) = l2.strip_prefix("ENDMAP") {
            if rest.bytes().all(|c| c == b' ') {
                f.token(TokenKind::Keyword, Span::new(s2, s2 + 6));
                return (rows, s2 + l2.len());
            }
        }
        if header_line(l2) {
            // Not a row: read it again as the header it is.
            lines.i = s2;
            let d = missing_endmap(&mut rows, f, s2, l2);
            f.diagnostics.push(d);
            return (rows, end);
        }
        let mut row = l2;
        if let Some(tab) = tab {
            f.diagnostics.push(Diagnostic::error(
                TAB_IN_MAP,
                "TAB in a map row: the game drops the rest of the row",
                Span::new(s2 + tab, s2 + tab + 1),
            ));
            row = &row[..tab];
        }
        let row = &row[..row.len() - row.bytes().rev().take_while(|&b| b == b' ').count()];
        end = s2 + l2.len();
        if row.is_empty() {
            let mut d = Diagnostic::error(
                STRAY,
                "Unexpected character sequence.",
                Span::new(s2, s2 + l2.len()),
            )
            .with_note("a map row cannot be empty or blank");
            let ends = lines
                .clone()
                .next_filled()
                .is_none_or(|(_, l)| header_line(l));
            if ends {
                // The map was over: read what follows as headers.
                match take_misspelt_endmap(&mut rows, f) {
                    Some(word) => d.notes.push(format!(
                        "the row above, `{word}`, looks like a misspelt ENDMAP: read as one"
                    )),
                    None => d.notes.push("ENDMAP is missing before this line".into()),
                }
                f.diagnostics.push(d);
                return (rows, end);
            }
            f.diagnostics.push(d);
            continue;
        }
        let span = Span::new(s2, s2 + row.len());
        f.token(TokenKind::MapRow, span);
        rows.push((span, Cow::Borrowed(row.as_bytes())));
    }
    // The end of the file: no ENDMAP is needed, but a misspelt one is
    // still a row to the game.
    if let Some(&(span, _)) = rows.last() {
        if let Some(word) = take_misspelt_endmap(&mut rows, f) {
            f.diagnostics.push(
                Diagnostic::warning(
                    MISSING_ENDMAP,
                    format!("`{word}` is not ENDMAP: the game reads it as the map's last row"),
                    span,
                )
                .with_note("not drawn here"),
            );
        }
    }
    (rows, end)
}

/// A line that starts (after blanks) with a header keyword: in a map, what
/// a forgotten ENDMAP leaves (no map row of the game's vaults is one).
fn header_line(l: &str) -> bool {
    keyword_at(trim_blank_start(l)).is_some()
}

/// The finding for a header line met inside a MAP. The game reads it, and
/// every line up to the next ENDMAP, as map rows; here the map ends before
/// it. It points at a misspelt ENDMAP when the last row is one.
fn missing_endmap<'a>(
    rows: &mut Vec<MapRow<'a>>,
    f: &mut File<'a>,
    at: usize,
    line: &str,
) -> Diagnostic {
    let note = "the game reads it, and every line up to the next ENDMAP, as map rows; read here as the end of the map";
    if let Some(&(span, _)) = rows.last() {
        if let Some(word) = take_misspelt_endmap(rows, f) {
            return Diagnostic::warning(
                MISSING_ENDMAP,
                format!("`{word}` is not ENDMAP, so the map goes on into the header below"),
                span,
            )
            .with_note(note);
        }
    }
    Diagnostic::warning(
        MISSING_ENDMAP,
        "header line inside a MAP: ENDMAP is missing before it",
        Span::new(at, at + line.len()),
    )
    .with_note(note)
}

/// Removes the last row (and its token) when it looks like a misspelt
/// ENDMAP (a short word of capitals close to it), and returns its text.
fn take_misspelt_endmap<'a>(rows: &mut Vec<MapRow<'a>>, f: &mut File<'a>) -> Option<&'a str> {
    let (span, Cow::Borrowed(row)) = rows.last()? else {
        return None;
    };
    let (span, word) = (*span, std::str::from_utf8(row).ok()?);
    let capitals = (4..=8).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_uppercase());
    let close = word.starts_with("END") || crate::suggest::edit_distance_at_most(word, "ENDMAP", 2);
    if !(capitals && close) {
        return None;
    }
    rows.pop();
    if f.tokens.last().is_some_and(|t| t.span == span) {
        f.tokens.pop();
    }
    Some(word)
}

/// A cursor over the source's lines (no table of lines is built: a vault
/// file is read once, front to back, with one line of lookahead).
#[derive(Clone)]
struct Lines<'a> {
    src: &'a str,
    /// Offset of the next line's first byte.
    i: usize,
}

impl<'a> Lines<'a> {
    fn new(src: &'a str) -> Lines<'a> {
        Lines { src, i: 0 }
    }
    /// The next line: its start offset and its text without `\n`/`\r\n`.
    fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = self.src.get(self.i..).filter(|r| !r.is_empty())?;
        let nl = memchr::memchr(b'\n', rest.as_bytes());
        Some(self.take(nl))
    }

    /// The next line that is not blank, as [`Lines::next`] gives it.
    fn next_filled(&mut self) -> Option<(usize, &'a str)> {
        loop {
            let (start, line) = self.next()?;
            if !trim_blank_start(line).is_empty() {
                return Some((start, line));
            }
        }
    }

    /// The next line as [`Lines::next`] gives it, with the offset in it of
    /// its first TAB: map rows are searched for both in one pass.
    fn next_row(&mut self) -> Option<(usize, &'a str, Option<usize>)> {
        let b = self.src.get(self.i..).filter(|r| !r.is_empty())?.as_bytes();
        let (tab, nl) = match memchr::memchr2(b'\n', b'\t', b) {
            Some(p) if b[p] == b'\t' => (Some(p), memchr::memchr(b'\n', &b[p..]).map(|n| p + n)),
            found => (None, found),
        };
        let (start, line) = self.take(nl);
        Some((start, line, tab.filter(|&t| t < line.len())))
    }

    /// Consumes the line ending at `nl` (relative; `None`: at the end).
    fn take(&mut self, nl: Option<usize>) -> (usize, &'a str) {
        let start = self.i;
        let rest = &self.src[start..];
        let (mut line, len) = match nl {
            Some(n) => (&rest[..n], n + 1),
            None => (rest, rest.len()),
        };
        line = line.strip_suffix('\r').unwrap_or(line);
        self.i = start + len;
        (start, line)
    }
}

/// The header keyword (with its colon) a trimmed line starts with: the
/// text up to the first `:` must be one exactly, as no keyword holds
/// another colon (and none is longer than 15 bytes).
pub(super) fn keyword_at(t: &str) -> Option<(&'static str, Mode, Kw)> {
    let b = t.as_bytes();
    let colon = memchr::memchr(b':', &b[..b.len().min(16)])?;
    let word = &b[..=colon];
    KEYWORDS
        .iter()
        .find(|(k, ..)| k.as_bytes() == word)
        .map(|&(k, mode, kw, ..)| (k, mode, kw))
}

/// Fields of `s` between bytes for which `sep` holds (ASCII separators, so
/// every field is a `str`), empty fields included, as `str::split` gives.
pub(crate) fn fields<'a>(
    s: &'a str,
    sep: impl Fn(u8) -> bool + Clone + 'a,
) -> impl Iterator<Item = &'a str> + Clone + 'a {
    let b = s.as_bytes();
    let mut start = Some(0);
    std::iter::from_fn(move || {
        let st = start?;
        match b[st..].iter().position(|&c| sep(c)) {
            Some(n) => {
                start = Some(st + n + 1);
                Some(&s[st..st + n])
            }
            None => {
                start = None;
                Some(&s[st..])
            }
        }
    })
}

/// `s` without leading blanks (spaces and tabs), read as bytes.
fn trim_blank_start(s: &str) -> &str {
    let n = s.bytes().take_while(|&b| b == b' ' || b == b'\t').count();
    &s[n..]
}

/// `s` without trailing blanks.
fn trim_blank_end(s: &str) -> &str {
    let n = s
        .bytes()
        .rev()
        .take_while(|&b| b == b' ' || b == b'\t')
        .count();
    &s[..s.len() - n]
}

fn trim_blank(s: &str) -> &str {
    trim_blank_start(trim_blank_end(s))
}

fn blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The block-Lua opener at the start of a (trimmed) line: kind and the
/// byte length of the opener including `{{`.
fn lua_opener(t: &str) -> Option<(LuaKind, usize)> {
    for (word, kind) in [
        ("", LuaKind::Main),
        ("lua", LuaKind::Main),
        ("prelude", LuaKind::Prelude),
        ("validate", LuaKind::Validate),
        ("veto", LuaKind::Veto),
        ("epilogue", LuaKind::Epilogue),
    ] {
        if let Some(rest) = t.strip_prefix(word) {
            let trimmed = trim_blank_start(rest);
            if trimmed.starts_with("{{")
                && (word.is_empty() || rest.len() == trimmed.len() || !word.is_empty())
            {
                if word.is_empty() && !rest.starts_with("{{") {
                    continue;
                }
                return Some((kind, t.len() - trimmed.len() + 2));
            }
        }
    }
    None
}

/// Reads a file into vaults, directives, Lua and maps (nothing checked
/// beyond what reading itself finds: the syntax, stray text, maps).
pub fn read(src: &str, keep_tokens: bool) -> File<'_> {
    let mut r = Reader::new(src, keep_tokens);
    while let Some((start, line)) = r.lines.next() {
        r.line(start, line);
    }
    r.finish_vault(src.len());
    r.f
}

/// What reading carries from one line to the next.
struct Reader<'a> {
    src: &'a str,
    lines: Lines<'a>,
    f: File<'a>,
    /// The vault being read, if a NAME: opened one.
    vault: Option<Vault<'a>>,
    default_depth: Option<Cow<'a, str>>,
    /// Lua after `default-depth:` and before the next NAME: is the prelude's.
    after_default_depth: bool,
    /// How deep the vault's Lua lines are in blocks (`if` … `end`).
    lua_depth: i32,
    /// Each vault name and where it was first given (duplicates are errors).
    names: FxHashMap<Cow<'a, str>, Span>,
    /// Line numbers for the duplicate-name message: built once, at the first
    /// duplicate (building it per duplicate made many duplicates quadratic).
    line_index: Option<vaultwright_model::LineIndex>,
    /// The quote of a string the last Lua line left open with a backslash.
    lua_line_quote: Option<u8>,
}

impl<'a> Reader<'a> {
    fn new(src: &'a str, keep_tokens: bool) -> Reader<'a> {
        Reader {
            src,
            lines: Lines::new(src),
            f: File {
                // About one token per 20 bytes in the game's files.
                tokens: Vec::with_capacity(if keep_tokens { src.len() / 16 } else { 0 }),
                keep_tokens,
                ..File::default()
            },
            vault: None,
            default_depth: None,
            after_default_depth: false,
            lua_depth: 0,
            names: FxHashMap::default(),
            line_index: None,
            lua_line_quote: None,
        }
    }

    /// Ends the vault being read (if any) at `end`.
    fn finish_vault(&mut self, end: usize) {
        if let Some(mut v) = self.vault.take() {
            v.span = Span::new(v.span.start as usize, end.max(v.span.start as usize));
            self.f.vaults.push(v);
        }
    }

    /// Reads one line (and the lines a block, a map or continuations that
    /// start on it take), by its kind.
    fn line(&mut self, start: usize, line: &'a str) {
        let t = trim_blank_start(line);
        let indent = line.len() - t.len();
        let at = start + indent;
        let line_end = start + line.len();
        if t.is_empty() {
            return;
        }
        if t.starts_with('#') {
            self.f.token(TokenKind::Comment, Span::new(at, line_end));
            return;
        }
        if let Some(code) = t.strip_prefix(':') {
            self.lua_line(code, at, line_end);
            return;
        }
        self.lua_line_quote = None;
        if let Some((kind, open_len)) = t
            .starts_with(['{', 'l', 'p', 'v', 'e'])
            .then(|| lua_opener(t))
            .flatten()
        {
            self.lua_block(kind, &t[open_len..], at, open_len, line_end);
            return;
        }
        // MAP block: `MAP` alone from column 0 (a MAP line with more on
        // it, or indented, is the game's error, and read as MAP here so
        // the rows stay rows).
        if let Some(bad_open) = map_opener(line) {
            self.map_block(bad_open, start, at, line_end);
            return;
        }
        match keyword_at(t) {
            Some(keyword) => self.header(keyword, t, at, start),
            None => self.f.diagnostics.push(stray_line(t, at, line_end)),
        }
    }

    /// A Lua line (`: code`), lexed once for its continuation, its nesting
    /// and every later reading of its Lua.
    fn lua_line(&mut self, code: &'a str, at: usize, line_end: usize) {
        let span = Span::new(at, line_end);
        self.f.token(TokenKind::Code, span);
        let opens_in_string = self.lua_line_quote;
        let mut toks = scan::tokens_from(code, opens_in_string);
        self.lua_line_quote = scan::continued_string_of(code, opens_in_string, &toks);
        let delta = scan::depth_delta_of(code, &toks);
        toks.retain(|t| t.kind != scan::Kind::Comment);
        let lua = Lua {
            kind: LuaKind::Line,
            text: Cow::Borrowed(code),
            span,
            text_at: at + 1,
            opens_in_string,
            tokens: std::sync::OnceLock::from(toks),
        };
        match (&mut self.vault, self.after_default_depth) {
            (Some(v), false) => {
                self.lua_depth = (self.lua_depth + delta).max(0);
                v.push(Item::Lua(lua));
            }
            _ => self.f.prelude.push(lua),
        }
    }

    /// A Lua block from its opener (`{{`, `prelude {{`, …) at `at` to the
    /// first line ending in `}}`; `first` is the opener line's rest.
    fn lua_block(
        &mut self,
        kind: LuaKind,
        mut first: &'a str,
        at: usize,
        open_len: usize,
        line_end: usize,
    ) {
        // The code is one slice of the source, line ends as written
        // (CR-LF stays), so every offset in it maps to the source.
        let text_at = at + open_len;
        let mut first_at = text_at;
        let block_start = at;
        let mut end = line_end;
        let text_end = loop {
            let trimmed = trim_blank_end(first);
            if let Some(body) = trimmed.strip_suffix("}}") {
                break first_at + body.len();
            }
            match self.lines.next() {
                Some((s2, l2)) => {
                    first = l2;
                    first_at = s2;
                    end = s2 + l2.len();
                }
                None => {
                    self.f.diagnostics.push(Diagnostic::error(
                        SYNTAX,
                        "Lua block without its closing }}",
                        Span::new(block_start, block_start + open_len),
                    ));
                    break first_at + first.len();
                }
            }
        };
        let text = Cow::Borrowed(&self.src[text_at..text_end]);
        let span = Span::new(block_start, end);
        self.f.token(TokenKind::Code, span);
        let lua = Lua {
            kind,
            text,
            span,
            text_at,
            opens_in_string: None,
            tokens: std::sync::OnceLock::new(),
        };
        match (&mut self.vault, self.after_default_depth) {
            (Some(v), false) => v.push(Item::Lua(lua)),
            _ => self.f.prelude.push(lua),
        }
    }

    /// A MAP line at `start` and the rows up to its ENDMAP.
    fn map_block(&mut self, bad_open: bool, start: usize, at: usize, line_end: usize) {
        let map_start = start;
        self.f.token(TokenKind::Keyword, Span::new(at, at + 3));
        if bad_open {
            self.f.diagnostics.push(
                Diagnostic::error(
                    STRAY,
                    "Unexpected character sequence.",
                    Span::new(start, line_end),
                )
                .with_note("MAP must be alone on its line, from column 0; the rows below are read as its map"),
            );
        }
        let (rows, end) = read_map(&mut self.lines, line_end, &mut self.f);
        let span = Span::new(map_start, end);
        match &mut self.vault {
            Some(v) => v.push(Item::Map { rows, span }),
            None => {
                self.f
                    .diagnostics
                    .push(Diagnostic::error(SYNTAX, "MAP before any NAME:", span))
            }
        }
    }

    /// A header line: its keyword (`kw`, with its colon), its arguments read
    /// in the keyword's capture mode, and what the keyword does.
    fn header(
        &mut self,
        (kw, mode, kw_id): (&'static str, Mode, Kw),
        t: &'a str,
        at: usize,
        start: usize,
    ) {
        let keyword: &'static str = kw.strip_suffix(':').unwrap_or(kw);
        let kw_span = Span::new(at, at + kw.len());
        self.f.token(TokenKind::Keyword, kw_span);
        let rest_start = at + kw.len();
        let (args, end) = capture(
            &mut self.lines,
            mode,
            &t[kw.len()..],
            rest_start,
            &mut self.f,
        );
        let span = Span::new(at, end);
        for (_, s) in &args {
            self.f.token(
                if mode == Mode::Numbers {
                    TokenKind::Number
                } else {
                    TokenKind::String
                },
                *s,
            );
        }
        match kw_id {
            Kw::Name => self.name(&args, span, start),
            Kw::DefaultDepth => {
                self.finish_vault(start.saturating_sub(1));
                self.default_depth = args
                    .first()
                    .map(|(s, _)| s.clone())
                    .filter(|s| !s.is_empty());
                self.after_default_depth = true;
            }
            _ => self.directive(keyword, kw_id, kw_span, args, span),
        }
    }

    /// `NAME:` ends the vault being read and opens the next; a name given
    /// before is an error.
    fn name(&mut self, args: &Args<'a>, span: Span, start: usize) {
        self.finish_vault(start.saturating_sub(1));
        self.after_default_depth = false;
        self.lua_depth = 0;
        let (name, name_span) = args
            .first()
            .cloned()
            .unwrap_or((Cow::Borrowed(""), Span::default()));
        if let Some(first) = self.names.get(&name) {
            let src = self.src;
            let idx = self
                .line_index
                .get_or_insert_with(|| vaultwright_model::LineIndex::new(src));
            self.f.diagnostics.push(Diagnostic::error(
                DUPLICATE,
                format!(
                    "Map named '{name}' already loaded at line {}",
                    idx.line_of(first.start as usize) + 1
                ),
                name_span,
            ));
        } else {
            self.names.insert(name.clone(), name_span);
        }
        self.vault = Some(Vault {
            default_depth: self.default_depth.clone(),
            ..Vault::new(name, name_span, span)
        });
    }

    /// Any other header: a directive of the vault being read.
    fn directive(
        &mut self,
        keyword: &'static str,
        kw_id: Kw,
        kw_span: Span,
        args: Args<'a>,
        span: Span,
    ) {
        let Some(v) = &mut self.vault else {
            self.f.diagnostics.push(
                Diagnostic::error(SYNTAX, "syntax error", kw_span)
                    .with_note(format!("{keyword}: before the first NAME:")),
            );
            return;
        };
        let splits = match kw_id.takes() {
            Takes::Selectors => args.iter().map(|(a, _)| Split::of(a)).collect(),
            Takes::Text => Vec::new(),
        };
        v.push(Item::Directive(Directive {
            keyword,
            kw: kw_id,
            args,
            span,
            conditional: self.lua_depth > 0,
            splits,
        }));
    }
}

/// The directive a header function called from Lua stands for
/// (`kmons("A = orc")`: levcomp turns `KMONS: A = orc` into that very
/// call). `text` is the string's content, which maps one to one onto the
/// source from `at`; `span` is the whole call. What the split itself would
/// refuse is not reported here.
pub(super) fn directive_of_call(kw: Kw, text: &str, at: usize, span: Span) -> Directive<'_> {
    let (keyword, mode) = KEYWORDS
        .get(kw as usize)
        .map_or(("", Mode::Line), |&(k, mode, ..)| {
            (k.trim_end_matches(':'), mode)
        });
    let mut scratch = File {
        vaults: Vec::new(),
        prelude: Vec::new(),
        diagnostics: Vec::new(),
        tokens: Vec::new(),
        keep_tokens: false,
    };
    let args = split_args(
        mode,
        text,
        |k| at + k.min(text.len()),
        Cow::Borrowed,
        &mut scratch,
    );
    let splits = match kw.takes() {
        Takes::Selectors => args.iter().map(|(a, _)| Split::of(a)).collect(),
        Takes::Text => Vec::new(),
    };
    Directive {
        keyword,
        kw,
        args,
        span,
        conditional: true,
        splits,
    }
}

/// The finding for a line that is no header, Lua, map or comment.
fn stray_line(t: &str, at: usize, line_end: usize) -> Diagnostic {
    let end = t.find(blank).map(|i| at + i).unwrap_or(line_end);
    let mut d = Diagnostic::error(
        STRAY,
        "Unexpected character sequence.",
        Span::new(at, end.max(at + 1)),
    );
    let word: String = t.chars().take_while(|c| !blank(*c)).collect();
    if let Some(k) = KEYWORDS
        .iter()
        .find(|(k, ..)| k.eq_ignore_ascii_case(&word))
    {
        d.notes
            .push(format!("keywords are case-sensitive: `{}`", k.0));
    } else if word.starts_with("ENDMAP") {
        d.notes
            .push("ENDMAP must start in column 0 and be followed only by spaces".into());
    } else {
        d.notes.push(
            "not a header keyword, a Lua line (`:`), a Lua block (`{{`) or a comment (`#` first)"
                .into(),
        );
    }
    d
}

/// Reads a keyword's arguments in its capture mode (with continuations);
/// returns the arguments and the end offset of the statement. Arguments
/// borrow the source unless continuation lines were joined.
fn capture<'a>(
    lines: &mut Lines<'a>,
    mode: Mode,
    first: &'a str,
    first_at: usize,
    f: &mut File<'a>,
) -> (Args<'a>, usize) {
    // Join backslash continuations (not in mode N). `earlier` stays empty
    // (unallocated) for the usual one-line statement.
    let mut earlier: Vec<(usize, Cow<'a, str>)> = Vec::new();
    let mut text = first;
    let mut at = first_at;
    let mut end = first_at + first.len();
    let mut last: (usize, Cow<'a, str>) = loop {
        let t = trim_blank_end(text);
        if mode != Mode::Numbers && t.ends_with('\\') {
            let kept = &t[..t.len() - 1];
            match lines.next() {
                Some((s2, l2)) => {
                    earlier.push((
                        at,
                        if mode == Mode::Words {
                            // A backslash just separates tag words.
                            Cow::Owned(format!("{kept} "))
                        } else {
                            Cow::Borrowed(kept)
                        },
                    ));
                    let lead = l2.len() - trim_blank_start(l2).len();
                    at = s2 + lead;
                    text = &l2[lead..];
                    end = s2 + l2.len();
                    if matches!(mode, Mode::Items | Mode::Monsters) && text.starts_with(',') {
                        f.diagnostics.push(
                            Diagnostic::error(SYNTAX, "syntax error", Span::new(at, at + 1))
                                .with_note("a continuation line cannot start with a comma"),
                        );
                    }
                    continue;
                }
                None => break (at, Cow::Borrowed(kept)),
            }
        }
        break (at, Cow::Borrowed(text));
    };
    // Mode N continues on the next line after a trailing comma.
    if mode == Mode::Numbers {
        while last.1.trim_end().ends_with(',') {
            let save = lines.i;
            match lines.next() {
                Some((s2, l2))
                    if l2.trim_start().starts_with(|c: char| {
                        c.is_ascii_digit() || c == '-' || c == '.' || c == '('
                    }) =>
                {
                    earlier.push(std::mem::replace(&mut last, (s2, Cow::Borrowed(l2))));
                    end = s2 + l2.len();
                }
                _ => {
                    lines.i = save;
                    break;
                }
            }
        }
    }
    // One logical string with a map back to source offsets (approximate at
    // the joins).
    let pieces: &[(usize, Cow<'a, str>)] = if earlier.is_empty() {
        std::slice::from_ref(&last)
    } else {
        earlier.push(last.clone());
        &earlier
    };
    let joined: Cow<'a, str> = match pieces {
        [(_, one)] => one.clone(),
        _ => Cow::Owned(pieces.iter().map(|(_, t)| &**t).collect()),
    };
    let offset_of = |k: usize| -> usize {
        let mut acc = 0;
        for (a, t) in pieces {
            if k <= acc + t.len() {
                return a + (k - acc);
            }
            acc += t.len();
        }
        end
    };
    match &joined {
        // One piece of the source: offsets map directly, and arguments
        // borrow it.
        Cow::Borrowed(b) if pieces.len() == 1 => {
            let (b, at) = (*b, pieces[0].0);
            let args = split_args(mode, b, |k| at + k.min(b.len()), Cow::Borrowed, f);
            (args, end)
        }
        _ => {
            let args = split_args(
                mode,
                &joined,
                offset_of,
                |part| Cow::Owned(part.to_string()),
                f,
            );
            (args, end)
        }
    }
}

/// Splits a statement's logical text into arguments by its mode: `offset_of`
/// maps a byte of `joined` to the source, `arg` makes an argument of a
/// part of `joined`.
fn split_args<'a, 'j>(
    mode: Mode,
    joined: &'j str,
    offset_of: impl Fn(usize) -> usize,
    arg: impl Fn(&'j str) -> Cow<'a, str>,
    f: &mut File<'a>,
) -> Args<'a> {
    let mut args = Args::default();
    match mode {
        Mode::Line => {
            let lead = joined.len() - trim_blank_start(joined).len();
            let v = trim_blank(joined);
            args.push((
                arg(v),
                Span::new(offset_of(lead), offset_of(lead + v.len())),
            ));
        }
        Mode::Items | Mode::Monsters => {
            let mut pos = 0;
            let trimmed_all = trim_blank(joined);
            if trimmed_all.is_empty() {
                return args;
            }
            let count = if joined.contains(',') { 2 } else { 1 };
            for part in fields(joined, |b| b == b',') {
                let lead = part.len() - trim_blank_start(part).len();
                let item = trim_blank(part);
                let span = Span::new(offset_of(pos + lead), offset_of(pos + lead + item.len()));
                pos += part.len() + 1;
                if item.is_empty() {
                    f.diagnostics.push(
                        Diagnostic::error(SYNTAX, "syntax error", span)
                            .with_note("an empty item between commas"),
                    );
                    continue;
                }
                if item.len() == 1 {
                    if mode == Mode::Items && count == 1 {
                        // The lexer silently drops a lone 1-character item.
                        f.diagnostics.push(Diagnostic::warning(
                            SYNTAX,
                            format!(
                                "the one-character item `{item}` is silently dropped by the game"
                            ),
                            span,
                        ));
                        continue;
                    }
                    f.diagnostics.push(
                        Diagnostic::error(STRAY, "Unexpected character sequence.", span)
                            .with_note("list items must be at least two characters long"),
                    );
                    continue;
                }
                args.push((arg(item), span));
            }
        }
        Mode::Words => {
            let mut pos = 0;
            for word in fields(joined, |b| b == b' ' || b == b'\t') {
                let w_start = pos;
                pos += word.len() + 1;
                if word.is_empty() {
                    continue;
                }
                let span = Span::new(offset_of(w_start), offset_of(w_start + word.len()));
                let ok = word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                    || (word.starts_with('(') && word.ends_with(')'));
                if !ok {
                    f.diagnostics.push(
                        Diagnostic::error(STRAY, "Unexpected character sequence.", span)
                            .with_note("tags are words of letters, digits, `_` and `-`"),
                    );
                    continue;
                }
                args.push((arg(word), span));
            }
        }
        Mode::Numbers => {
            let v = trim_blank(joined);
            let lead = joined.len() - trim_blank_start(joined).len();
            args.push((
                arg(v),
                Span::new(offset_of(lead), offset_of(lead + v.len())),
            ));
            let bare_depth = {
                let mut depth = 0;
                let mut bad = false;
                for c in v.chars() {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        c if depth == 0 && !(c.is_ascii_digit() || " \t,%.-+\n".contains(c)) => {
                            bad = true
                        }
                        _ => {}
                    }
                }
                bad
            };
            if bare_depth {
                f.diagnostics.push(
                    Diagnostic::error(
                        STRAY,
                        "Unexpected character sequence.",
                        Span::new(offset_of(lead), offset_of(lead + v.len())),
                    )
                    .with_note(
                        "numbers, `%` and parenthesised depths only, e.g. `CHANCE: 5% (D:2-)`",
                    ),
                );
            }
        }
    }
    args
}
