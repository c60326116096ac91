//! Dungeon Crawl Stone Soup vault files (`dat/des/**/*.des`).
//!
//! A line-oriented reader following the game's flex lexer: the five
//! argument capture modes, backslash continuations with their per-mode
//! rules, whole-line comments only, MAP rows as bytes, `ENDMAP` only when
//! followed by blanks, Lua lines and blocks closed by the first line ending
//! in `}}`, `default-depth:` and the file's global prelude. Lua is kept as
//! text for highlighting and never executed; directives written between a
//! Lua `if` and its `end` are marked as conditional instead of flattened.

pub mod guidelines;
pub mod lint;
pub mod look;
pub mod look_tables;
pub mod lua_calls;
pub mod lua_lex;
pub mod names;
pub mod plan;
pub mod reach;
pub mod realize;
pub mod seeded;
pub mod tables;
pub mod triggerables;
pub mod triggers;
pub mod view;

use std::borrow::Cow;
use std::collections::HashMap;

use crate::diagnostic::Diagnostic;
use crate::source::Span;
use crate::view::View;
use crate::{Analysis, Language, Options, Symbol, SymbolView, Token, TokenKind};

pub const SYNTAX: &str = "DC0001";
pub const STRAY: &str = "DC0002";
pub const BAD_ORIENT: &str = "DC0100";
pub const DUPLICATE: &str = "DC0101";
pub const MAP_SIZE: &str = "DC0102";
/// The game's level (`GXM` × `GYM`): no vault map may be larger.
pub const LEVEL_WIDTH: usize = 80;
pub const LEVEL_HEIGHT: usize = 70;
pub const BAD_BRANCH: &str = "DC0103";
pub const TAB_IN_MAP: &str = "DC0104";
/// A header line inside a MAP (ENDMAP forgotten or misspelt): the game
/// reads it as a map row.
pub const MISSING_ENDMAP: &str = "DC0210";

/// How a keyword's arguments are captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The whole rest of the line.
    A,
    /// Comma-separated items.
    L,
    /// Comma-separated monsters.
    M,
    /// Blank-separated tag words.
    K,
    /// Numbers, `%`, commas and `(…)` strings.
    N,
}

/// Every header keyword, once: its text with the colon, how its arguments
/// are captured, and its [`Kw`] (in [`Kw`]'s order: `Kw as usize` indexes
/// the table).
pub const KEYWORDS: &[(&str, Mode, Kw)] = &[
    ("NAME:", Mode::A, Kw::Name),
    ("DESC:", Mode::A, Kw::Desc),
    ("DEPTH:", Mode::A, Kw::Depth),
    ("PLACE:", Mode::A, Kw::Place),
    ("ORIENT:", Mode::A, Kw::Orient),
    ("WELCOME:", Mode::A, Kw::Welcome),
    ("default-depth:", Mode::A, Kw::DefaultDepth),
    ("LFLOORCOL:", Mode::A, Kw::Lfloorcol),
    ("LROCKCOL:", Mode::A, Kw::Lrockcol),
    ("LFLOORTILE:", Mode::A, Kw::Lfloortile),
    ("LROCKTILE:", Mode::A, Kw::Lrocktile),
    ("MARKER:", Mode::A, Kw::Marker),
    ("CLEAR:", Mode::A, Kw::Clear),
    ("KFEAT:", Mode::A, Kw::Kfeat),
    ("KITEM:", Mode::A, Kw::Kitem),
    ("KMONS:", Mode::A, Kw::Kmons),
    ("KMASK:", Mode::A, Kw::Kmask),
    ("KPROP:", Mode::A, Kw::Kprop),
    ("SUBVAULT:", Mode::A, Kw::Subvault),
    ("SUBST:", Mode::L, Kw::Subst),
    ("NSUBST:", Mode::L, Kw::Nsubst),
    ("SHUFFLE:", Mode::L, Kw::Shuffle),
    ("COLOUR:", Mode::L, Kw::Colour),
    ("FTILE:", Mode::L, Kw::Ftile),
    ("RTILE:", Mode::L, Kw::Rtile),
    ("TILE:", Mode::L, Kw::Tile),
    ("FHEIGHT:", Mode::L, Kw::Fheight),
    ("ITEM:", Mode::L, Kw::Item),
    ("MONS:", Mode::M, Kw::Mons),
    ("TAGS:", Mode::K, Kw::Tags),
    ("CHANCE:", Mode::N, Kw::Chance),
    ("WEIGHT:", Mode::N, Kw::Weight),
    ("ORDER:", Mode::N, Kw::Order),
];

/// A header keyword, for comparisons that cost one byte instead of a
/// string compare ([`Directive::keyword`] holds its text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kw {
    Name,
    Desc,
    Depth,
    Place,
    Orient,
    Welcome,
    DefaultDepth,
    Lfloorcol,
    Lrockcol,
    Lfloortile,
    Lrocktile,
    Marker,
    Clear,
    Kfeat,
    Kitem,
    Kmons,
    Kmask,
    Kprop,
    Subvault,
    Subst,
    Nsubst,
    Shuffle,
    Colour,
    Ftile,
    Rtile,
    Tile,
    Fheight,
    Item,
    Mons,
    Tags,
    Chance,
    Weight,
    Order,
}

// Every keyword has a bit in a vault's `kinds`.
const _: () = assert!((Kw::Order as u8) < 64);

impl Kw {
    /// The keyword without its colon (what `Directive::keyword` holds).
    #[cfg(test)]
    pub fn name(self) -> &'static str {
        KEYWORDS[self as usize].0.trim_end_matches(':')
    }

    /// The keyword named `name` (without its colon).
    pub fn from_name(name: &str) -> Option<Kw> {
        KEYWORDS
            .iter()
            .find(|(k, ..)| k.len() == name.len() + 1 && k.starts_with(name))
            .map(|&(.., kw)| kw)
    }
}

pub const ORIENTS: &[&str] = &[
    "north",
    "south",
    "east",
    "west",
    "northwest",
    "northeast",
    "southwest",
    "southeast",
    "encompass",
    "float",
    "centre",
];

#[derive(Clone, Debug, PartialEq)]
pub struct Directive<'a> {
    /// The keyword without its colon (`SUBST`, `default-depth`).
    pub keyword: &'static str,
    /// The same keyword, for cheap comparisons.
    pub kw: Kw,
    /// Arguments: the whole text (mode A), items (L/M), words (K) or the
    /// raw text (N), each with the span it came from. Borrowed from the
    /// source unless joined from continuation lines.
    pub args: Args<'a>,
    pub span: Span,
    /// Written between a Lua `if`/`for`/`while`/`function` and its `end`.
    pub conditional: bool,
}

/// One argument: its text and where it came from.
pub type Arg<'a> = (Cow<'a, str>, Span);

/// A directive's arguments, read as a slice. Most statements have one,
/// which is kept inline rather than in its own allocation.
#[derive(Clone, Debug, PartialEq)]
pub enum Args<'a> {
    One([Arg<'a>; 1]),
    Many(Vec<Arg<'a>>),
}

impl Default for Args<'_> {
    fn default() -> Self {
        Args::Many(Vec::new())
    }
}

impl<'a> Args<'a> {
    pub fn push(&mut self, arg: Arg<'a>) {
        match self {
            Args::Many(v) if v.is_empty() => *self = Args::One([arg]),
            Args::Many(v) => v.push(arg),
            Args::One([first]) => {
                let first = std::mem::replace(first, (Cow::Borrowed(""), Span::new(0, 0)));
                let mut v = Vec::with_capacity(4);
                v.push(first);
                v.push(arg);
                *self = Args::Many(v);
            }
        }
    }
}

impl<'a> std::ops::Deref for Args<'a> {
    type Target = [Arg<'a>];
    fn deref(&self) -> &[Arg<'a>] {
        match self {
            Args::One(a) => a,
            Args::Many(v) => v,
        }
    }
}

impl<'a, 'b> IntoIterator for &'b Args<'a> {
    type Item = &'b Arg<'a>;
    type IntoIter = std::slice::Iter<'b, Arg<'a>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum LuaKind {
    Line,
    Main,
    Prelude,
    Validate,
    Veto,
    Epilogue,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Lua<'a> {
    pub kind: LuaKind,
    /// The code: the source between a block's opener and its `}}` (line
    /// ends as written), or a Lua line after its `:`.
    pub text: Cow<'a, str>,
    pub span: Span,
    /// Source offset of the first byte of `text` (`text` is the source
    /// from here, so its offsets map one to one).
    pub text_at: usize,
    /// For a Lua line: the quote of the string it starts inside, when the
    /// Lua line before ended that string's line with a backslash (the game
    /// joins Lua lines into one chunk, so the string goes on here).
    pub opens_in_string: Option<u8>,
    /// Its Lua tokens without comments, lexed once, when first asked for.
    pub tokens: std::cell::OnceCell<Vec<lua_lex::Token>>,
}

impl Lua<'_> {
    /// The code's tokens, comments left out (lexed at most once).
    pub fn tokens(&self) -> &[lua_lex::Token] {
        self.tokens
            .get_or_init(|| lua_lex::significant(&self.text, self.opens_in_string))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item<'a> {
    Directive(Directive<'a>),
    Lua(Lua<'a>),
    Map {
        /// Rows as bytes of the source, trailing spaces removed.
        rows: Vec<(Span, &'a [u8])>,
        span: Span,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Vault<'a> {
    pub name: Cow<'a, str>,
    pub name_span: Span,
    pub span: Span,
    /// Directives, Lua and maps in source order.
    pub items: Vec<Item<'a>>,
    /// The file's `default-depth:` in force for this vault.
    pub default_depth: Option<Cow<'a, str>>,
    /// Which keywords (bit `Kw as u8`) and whether Lua occur in `items`,
    /// kept by [`Vault::push`]: checks skip passes a vault cannot need.
    kinds: u64,
    lua: bool,
}

impl<'a> Vault<'a> {
    pub fn directives<'b>(
        &'b self,
        keyword: &'b str,
    ) -> impl Iterator<Item = &'b Directive<'a>> + 'b {
        let kw = Kw::from_name(keyword).filter(|k| self.has(*k));
        let items = if kw.is_some() { &self.items[..] } else { &[] };
        items.iter().filter_map(move |i| match i {
            Item::Directive(d) if Some(d.kw) == kw => Some(d),
            _ => None,
        })
    }

    /// Width (longest row, in bytes) and height of the map, unpadded.
    pub fn size(&self) -> (usize, usize) {
        let mut w = 0;
        let mut h = 0;
        for i in &self.items {
            if let Item::Map { rows, .. } = i {
                h += rows.len();
                w = rows.iter().map(|(_, r)| r.len()).fold(w, usize::max);
            }
        }
        (w, h)
    }

    pub fn first_arg<'b>(&'b self, keyword: &'b str) -> Option<&'b str> {
        self.directives(keyword)
            .next()
            .and_then(|d| d.args.first())
            .map(|(s, _)| &**s)
    }

    pub fn tags(&self) -> Vec<&str> {
        self.directives("TAGS")
            .flat_map(|d| d.args.iter().map(|(s, _)| &**s))
            .collect()
    }

    pub fn has_lua(&self) -> bool {
        self.lua
    }

    /// Whether a directive with keyword `kw` is among the items.
    pub fn has(&self, kw: Kw) -> bool {
        self.kinds & (1 << kw as u8) != 0
    }

    /// A new vault with no items yet.
    pub fn new(name: Cow<'a, str>, name_span: Span, span: Span) -> Self {
        Vault {
            name,
            name_span,
            span,
            items: Vec::with_capacity(12),
            default_depth: None,
            kinds: 0,
            lua: false,
        }
    }

    /// Appends an item, keeping track of what the vault holds.
    pub fn push(&mut self, item: Item<'a>) {
        match &item {
            Item::Directive(d) => self.kinds |= 1 << d.kw as u8,
            Item::Lua(_) => self.lua = true,
            Item::Map { .. } => {}
        }
        self.items.push(item);
    }

    /// Map rows padded to a rectangle (bytes; space = not part of the vault).
    pub fn grid(&self) -> (Vec<Vec<u8>>, Vec<Span>) {
        let mut rows = Vec::new();
        let mut spans = Vec::new();
        for i in &self.items {
            if let Item::Map { rows: r, .. } = i {
                for (s, bytes) in r {
                    rows.push(bytes.to_vec());
                    spans.push(*s);
                }
            }
        }
        let w = rows.iter().map(Vec::len).max().unwrap_or(0);
        for r in &mut rows {
            r.resize(w, b' ');
        }
        (rows, spans)
    }
}

#[derive(Debug, Default)]
pub struct File<'a> {
    pub vaults: Vec<Vault<'a>>,
    pub prelude: Vec<Lua<'a>>,
    pub diagnostics: Vec<Diagnostic>,
    pub tokens: Vec<Token>,
}

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
) -> (Vec<(Span, &'a [u8])>, usize) {
    let mut rows: Vec<(Span, &'a [u8])> = Vec::with_capacity(16);
    while let Some((s2, l2, tab)) = lines.next_row() {
        if let Some(rest) = l2.strip_prefix("ENDMAP") {
            if rest.bytes().all(|c| c == b' ') {
                f.tokens.push(Token {
                    kind: TokenKind::Keyword,
                    span: Span::new(s2, s2 + 6),
                });
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
        f.tokens.push(Token {
            kind: TokenKind::MapRow,
            span,
        });
        rows.push((span, row.as_bytes()));
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
    rows: &mut Vec<(Span, &'a [u8])>,
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
fn take_misspelt_endmap<'a>(rows: &mut Vec<(Span, &'a [u8])>, f: &mut File<'a>) -> Option<&'a str> {
    let &(span, row) = rows.last()?;
    let word = std::str::from_utf8(row).ok()?;
    let capitals = (4..=8).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_uppercase());
    let close = word.starts_with("END") || lint::edit_distance_at_most(word, "ENDMAP", 2);
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
fn keyword_at(t: &str) -> Option<(&'static str, Mode, Kw)> {
    let b = t.as_bytes();
    let colon = memchr::memchr(b':', &b[..b.len().min(16)])?;
    let word = &b[..=colon];
    KEYWORDS
        .iter()
        .find(|(k, ..)| k.as_bytes() == word)
        .copied()
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

/// Parses and checks a file (no cache: each call lints every vault).
#[cfg(test)]
pub fn parse(src: &str) -> File<'_> {
    parse_cached(src, &Checks::default(), None)
}

/// What the checks of [`parse_cached`] are told about the user's game and
/// how far to look.
#[derive(Clone, Debug, PartialEq)]
pub struct Checks {
    pub names: names::GameNames,
    /// Seeds each vault is realised with for the seeded checks (none: 0).
    pub seeds: u32,
    /// Tags are checked by the set of files together (`lint::lint_set`),
    /// so each file leaves them.
    pub tags_by_set: bool,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            names: names::GameNames::default(),
            seeds: seeded::DEFAULT_SEEDS,
            tags_by_set: false,
        }
    }
}

impl Checks {
    pub fn of(options: &Options) -> Checks {
        Checks {
            names: options.dcss_names.clone(),
            seeds: options.reachability_seeds.unwrap_or(seeded::DEFAULT_SEEDS),
            tags_by_set: false,
        }
    }
}

/// Lint findings per vault text (spans relative to the vault), kept by the
/// caller between analyses of one document: re-analysing a file of
/// hundreds of vaults after a keystroke re-lints only the vault that
/// changed. Only the vaults of the latest analysis are kept.
#[derive(Clone, Debug, Default)]
pub struct LintCache {
    by_vault_text: HashMap<String, Vec<Diagnostic>>,
    /// What the kept findings were checked with: other names or seeds
    /// make them stale.
    checks: Checks,
}

/// [`parse`], reusing and refreshing `cache` when one is given.
pub fn parse_cached<'a>(src: &'a str, checks: &Checks, cache: Option<&mut LintCache>) -> File<'a> {
    let mut f = File {
        // About one token per 20 bytes in the game's files.
        tokens: Vec::with_capacity(src.len() / 16),
        ..File::default()
    };
    let mut lines = Lines::new(src);
    let mut vault: Option<Vault> = None;
    let mut default_depth: Option<Cow<'_, str>> = None;
    let mut after_default_depth = false;
    let mut lua_depth = 0i32;
    // Each vault name and where it was first given (duplicates are errors).
    let mut names: HashMap<Cow<'_, str>, Span, std::hash::BuildHasherDefault<lint::NameHasher>> =
        HashMap::default();
    // Line numbers for the duplicate-name message: built once, at the first
    // duplicate (building it per duplicate made many duplicates quadratic).
    let mut line_index: Option<crate::LineIndex> = None;

    fn finish<'a>(v: Option<Vault<'a>>, f: &mut File<'a>, end: usize) {
        if let Some(mut v) = v {
            v.span = Span::new(v.span.start as usize, end.max(v.span.start as usize));
            f.vaults.push(v);
        }
    }

    // The quote of a string the last Lua line left open with a backslash.
    let mut lua_line_quote: Option<u8> = None;
    while let Some((start, line)) = lines.next() {
        let t = trim_blank_start(line);
        let indent = line.len() - t.len();
        let at = start + indent;
        if t.is_empty() {
            continue;
        }
        if t.starts_with('#') {
            f.tokens.push(Token {
                kind: TokenKind::Comment,
                span: Span::new(at, start + line.len()),
            });
            continue;
        }
        // Lua.
        if let Some(code) = t.strip_prefix(':') {
            let span = Span::new(at, start + line.len());
            f.tokens.push(Token {
                kind: TokenKind::Code,
                span,
            });
            let opens_in_string = lua_line_quote;
            // One lexing serves the line's continuation, its nesting and
            // every later reading of its Lua.
            let mut toks = lua_lex::tokens_from(code, opens_in_string);
            lua_line_quote = lua_lex::continued_string_of(code, opens_in_string, &toks);
            let delta = lua_lex::depth_delta_of(code, &toks);
            toks.retain(|t| t.kind != lua_lex::Kind::Comment);
            let lua = Lua {
                kind: LuaKind::Line,
                text: Cow::Borrowed(code),
                span,
                text_at: at + 1,
                opens_in_string,
                tokens: std::cell::OnceCell::from(toks),
            };
            match (&mut vault, after_default_depth) {
                (Some(v), false) => {
                    lua_depth = (lua_depth + delta).max(0);
                    v.push(Item::Lua(lua));
                }
                _ => f.prelude.push(lua),
            }
            continue;
        }
        lua_line_quote = None;
        if let Some((kind, open_len)) = t
            .starts_with(['{', 'l', 'p', 'v', 'e'])
            .then(|| lua_opener(t))
            .flatten()
        {
            // The code is one slice of the source, line ends as written
            // (CR-LF stays), so every offset in it maps to the source.
            let text_at = at + open_len;
            let mut first = &t[open_len..];
            let mut first_at = text_at;
            let block_start = at;
            let mut end = start + line.len();
            let text_end = loop {
                let trimmed = trim_blank_end(first);
                if let Some(body) = trimmed.strip_suffix("}}") {
                    break first_at + body.len();
                }
                match lines.next() {
                    Some((s2, l2)) => {
                        first = l2;
                        first_at = s2;
                        end = s2 + l2.len();
                    }
                    None => {
                        f.diagnostics.push(Diagnostic::error(
                            SYNTAX,
                            "Lua block without its closing }}",
                            Span::new(block_start, block_start + open_len),
                        ));
                        break first_at + first.len();
                    }
                }
            };
            let text = Cow::Borrowed(&src[text_at..text_end]);
            let span = Span::new(block_start, end);
            f.tokens.push(Token {
                kind: TokenKind::Code,
                span,
            });
            let lua = Lua {
                kind,
                text,
                span,
                text_at,
                opens_in_string: None,
                tokens: std::cell::OnceCell::new(),
            };
            match (&mut vault, after_default_depth) {
                (Some(v), false) => v.push(Item::Lua(lua)),
                _ => f.prelude.push(lua),
            }
            continue;
        }
        // MAP block: `MAP` alone from column 0 (a MAP line with more on
        // it, or indented, is the game's error, and read as MAP here so
        // the rows stay rows).
        if let Some(bad_open) = map_opener(line) {
            let map_start = start;
            f.tokens.push(Token {
                kind: TokenKind::Keyword,
                span: Span::new(at, at + 3),
            });
            if bad_open {
                f.diagnostics.push(
                    Diagnostic::error(
                        STRAY,
                        "Unexpected character sequence.",
                        Span::new(start, start + line.len()),
                    )
                    .with_note("MAP must be alone on its line, from column 0; the rows below are read as its map"),
                );
            }
            let (rows, end) = read_map(&mut lines, start + line.len(), &mut f);
            let span = Span::new(map_start, end);
            match &mut vault {
                Some(v) => v.push(Item::Map { rows, span }),
                None => f
                    .diagnostics
                    .push(Diagnostic::error(SYNTAX, "MAP before any NAME:", span)),
            }
            continue;
        }
        // A header keyword.
        let Some((kw, mode, kw_id)) = keyword_at(t) else {
            let end = t.find(blank).map(|i| at + i).unwrap_or(start + line.len());
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
                d.notes.push("not a header keyword, a Lua line (`:`), a Lua block (`{{`) or a comment (`#` first)".into());
            }
            f.diagnostics.push(d);
            continue;
        };
        let keyword: &'static str = kw.strip_suffix(':').unwrap_or(kw);
        let kw_span = Span::new(at, at + kw.len());
        f.tokens.push(Token {
            kind: TokenKind::Keyword,
            span: kw_span,
        });
        let rest_start = at + kw.len();
        let (args, end) = capture(&mut lines, mode, &t[kw.len()..], rest_start, &mut f);
        let span = Span::new(at, end);
        for (_, s) in &args {
            f.tokens.push(Token {
                kind: if mode == Mode::N {
                    TokenKind::Number
                } else {
                    TokenKind::String
                },
                span: *s,
            });
        }
        if kw_id == Kw::Name {
            finish(vault.take(), &mut f, start.saturating_sub(1));
            after_default_depth = false;
            lua_depth = 0;
            let (name, name_span) = args
                .first()
                .cloned()
                .unwrap_or((Cow::Borrowed(""), Span::default()));
            if let Some(first) = names.get(&name) {
                let idx = line_index.get_or_insert_with(|| crate::LineIndex::new(src));
                f.diagnostics.push(Diagnostic::error(
                    DUPLICATE,
                    format!(
                        "Map named '{name}' already loaded at line {}",
                        idx.line_of(first.start as usize) + 1
                    ),
                    name_span,
                ));
            } else {
                names.insert(name.clone(), name_span);
            }
            vault = Some(Vault {
                default_depth: default_depth.clone(),
                ..Vault::new(name, name_span, span)
            });
            continue;
        }
        if kw_id == Kw::DefaultDepth {
            finish(vault.take(), &mut f, start.saturating_sub(1));
            default_depth = args
                .first()
                .map(|(s, _)| s.clone())
                .filter(|s| !s.is_empty());
            after_default_depth = true;
            continue;
        }
        let Some(v) = &mut vault else {
            f.diagnostics.push(
                Diagnostic::error(SYNTAX, "syntax error", kw_span)
                    .with_note(format!("{keyword}: before the first NAME:")),
            );
            continue;
        };
        v.push(Item::Directive(Directive {
            keyword,
            kw: kw_id,
            args,
            span,
            conditional: lua_depth > 0,
        }));
    }
    finish(vault.take(), &mut f, src.len());
    check(&mut f, src, checks, cache);
    f
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
        if mode != Mode::N && t.ends_with('\\') {
            let kept = &t[..t.len() - 1];
            match lines.next() {
                Some((s2, l2)) => {
                    earlier.push((
                        at,
                        if mode == Mode::K {
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
                    if matches!(mode, Mode::L | Mode::M) && text.starts_with(',') {
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
    if mode == Mode::N {
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
        Mode::A => {
            let lead = joined.len() - trim_blank_start(joined).len();
            let v = trim_blank(joined);
            args.push((
                arg(v),
                Span::new(offset_of(lead), offset_of(lead + v.len())),
            ));
        }
        Mode::L | Mode::M => {
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
                    if mode == Mode::L && count == 1 {
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
        Mode::K => {
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
        Mode::N => {
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

/// Branch names in a DEPTH or PLACE value (`D:2-5, !Lair, Orc:$`).
fn branch_errors(text: &str, span: Span, names: &names::GameNames, diags: &mut Vec<Diagnostic>) {
    for item in fields(text, |b| b == b',') {
        let item = item.trim().trim_start_matches('!');
        let branch = fields(item, |b| b == b':').next().unwrap_or("").trim();
        if branch.is_empty()
            || branch == "*"
            || branch.eq_ignore_ascii_case("any")
            || branch.as_bytes()[0].is_ascii_digit()
        {
            continue;
        }
        if !tables::BRANCHES.contains(&branch) && !names.knows(names::NameKind::Branch, branch) {
            diags.push(Diagnostic::error(
                BAD_BRANCH,
                format!("Unknown branch: '{branch}'"),
                span,
            ));
        }
    }
}

fn check(f: &mut File, src: &str, checks: &Checks, cache: Option<&mut LintCache>) {
    let names = &checks.names;
    let mut diags = Vec::new();
    for v in &f.vaults {
        // One pass over the directives for the ORIENT and branch checks.
        for item in &v.items {
            let Item::Directive(d) = item else { continue };
            match d.kw {
                Kw::Orient => {
                    let o = d.args.first().map(|(s, _)| &**s).unwrap_or("");
                    if !o.is_empty() && !ORIENTS.contains(&o) {
                        let mut diag =
                            Diagnostic::error(BAD_ORIENT, format!("Bad orient: {o}"), d.args[0].1);
                        if o == "center" {
                            diag.notes.push("the spelling is `centre`".into());
                        }
                        diags.push(diag);
                    }
                }
                Kw::Depth | Kw::Place => {
                    for (text, span) in &d.args {
                        branch_errors(text, *span, names, &mut diags);
                    }
                }
                _ => {}
            }
        }
        // Size against the ORIENT limits (only when ORIENT is written and
        // no Lua could change it).
        let (w, h) = v.size();
        if let Some(o) = v.first_arg("ORIENT") {
            let (mw, mh) = match o {
                "encompass" => (80, 70),
                "north" | "south" => (80, 46),
                "east" | "west" => (53, 70),
                _ => (53, 46),
            };
            if w > mw || h > mh {
                diags.push(Diagnostic::error(
                    MAP_SIZE,
                    format!("map is {w}x{h}; ORIENT: {o} allows at most {mw}x{mh}"),
                    v.name_span,
                ));
            }
        } else if w > LEVEL_WIDTH || h > LEVEL_HEIGHT {
            // Whatever Lua sets the ORIENT to, no map exceeds the level.
            diags.push(Diagnostic::error(
                MAP_SIZE,
                format!(
                    "Map '{}' is too big: {w}x{h} - max {LEVEL_WIDTH}x{LEVEL_HEIGHT}",
                    v.name
                ),
                v.name_span,
            ));
        }
    }
    let prelude_from = diags.len();
    for l in &f.prelude {
        lint::lint_lua(l, names, &mut diags);
    }
    lint::note_name_tables(&mut diags[prelude_from..]);
    {
        let mut cache = cache.map(|c| {
            if c.checks != *checks {
                c.by_vault_text.clear();
                c.checks = checks.clone();
            }
            &mut c.by_vault_text
        });
        let mut next = cache.as_ref().map(|_| HashMap::new());
        let mut memo = lint::TagMemo::default();
        for v in &f.vaults {
            let at = v.span.start;
            let text = src.get(at as usize..v.span.end as usize);
            let hit = text.and_then(|t| cache.as_mut()?.remove(t).map(|d| (t, d)));
            let (text, found) = match hit {
                Some((t, d)) => (Some(t), d),
                None => {
                    let mut found = Vec::new();
                    if !checks.tags_by_set {
                        lint::lint_tags(v, names, &mut found, None, &mut memo);
                    }
                    lint::lint_specs(v, names, &mut found);
                    lint::lint_transforms(v, &mut found);
                    triggerables::check(v, names, &mut found);
                    seeded::check(v, checks.seeds, &mut found);
                    lint::note_name_tables(&mut found);
                    // Kept relative to the vault's start.
                    for d in &mut found {
                        d.span = Span::new(
                            d.span.start.saturating_sub(at) as usize,
                            d.span.end.saturating_sub(at) as usize,
                        );
                    }
                    (text, found)
                }
            };
            let placed = |mut d: Diagnostic| {
                d.span = Span::new((d.span.start + at) as usize, (d.span.end + at) as usize);
                d
            };
            // Copies only when the cache keeps the relative originals.
            match (next.as_mut(), text) {
                (Some(next), Some(t)) => {
                    diags.extend(found.iter().cloned().map(placed));
                    next.insert(t.to_string(), found);
                }
                _ => diags.extend(found.into_iter().map(placed)),
            }
        }
        if let (Some(cache), Some(next)) = (cache, next) {
            *cache = next;
        }
    }
    triggerables::check_file(f, src, &mut diags);
    f.diagnostics.extend(diags);
}

pub fn analyze(src: &str, options: &Options, cache: Option<&mut LintCache>) -> Analysis {
    let f = parse_cached(src, &Checks::of(options), cache);
    let mut analysis = Analysis::empty(Language::DcssDes);
    for (i, v) in f.vaults.iter().enumerate() {
        analysis.outline.push(vault_symbol(v));
        if !options.wants_views_of(i) {
            continue;
        }
        if let Some(tm) = view::view(v, options.seed) {
            analysis.views.push(SymbolView {
                symbol: i,
                view: View::TileMap(tm),
            });
        }
        if let Some(table) = view::events_table(v) {
            analysis.views.push(SymbolView {
                symbol: i,
                view: View::EntityTable(table),
            });
        }
    }
    let mut tokens = f.tokens;
    tokens.sort_by_key(|t| (t.span.start, t.span.end));
    analysis.tokens = tokens;
    analysis.diagnostics = f.diagnostics;
    if !options.no_guidelines {
        for v in &f.vaults {
            analysis
                .diagnostics
                .extend(guidelines::notes(v, &options.file_name));
        }
    }
    analysis
}

/// `work` on each file, on as many threads as the machine offers (the
/// files are independent until the set's own checks; a browser, which has
/// no threads here, takes them in turn). Results keep the files' order.
fn in_parallel<'a, T: Send>(
    files: &[(&'a str, &'a str)],
    work: impl Fn(&'a str, &'a str) -> T + Sync,
) -> Vec<T> {
    let workers = if cfg!(target_arch = "wasm32") {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
    .min(files.len());
    if workers <= 1 {
        return files.iter().map(|&(name, src)| work(name, src)).collect();
    }
    // Workers take the next file as they finish one: files differ in size
    // by a hundred times.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&(name, src)) = files.get(i) else {
                            break;
                        };
                        mine.push((i, work(name, src)));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// Files checked as one set (vault names unique across them, requested
/// tags resolved across them): per file, its findings and its outline.
pub fn analyze_set(files: &[(&str, &str)], options: &Options) -> Vec<Analysis> {
    let checks = Checks {
        tags_by_set: true,
        ..Checks::of(options)
    };
    // Per file, on its own: parsed and checked, its outline and its
    // guideline notes (none of which the set's checks change).
    let each = in_parallel(files, |name, src| {
        let f = parse_cached(src, &checks, None);
        let mut a = Analysis::empty(Language::DcssDes);
        a.outline = f.vaults.iter().map(vault_symbol).collect();
        if !options.no_guidelines {
            for v in &f.vaults {
                a.diagnostics.extend(guidelines::notes(v, name));
            }
        }
        (f, a)
    });
    let (parsed, mut analyses): (Vec<File>, Vec<Analysis>) = each.into_iter().unzip();
    let mut set: Vec<(String, File)> = files
        .iter()
        .map(|(name, _)| name.to_string())
        .zip(parsed)
        .collect();
    lint::lint_set(&mut set, &checks.names);
    for ((_, f), a) in set.into_iter().zip(&mut analyses) {
        let notes = std::mem::replace(&mut a.diagnostics, f.diagnostics);
        a.diagnostics.extend(notes);
    }
    analyses
}

/// A vault's outline entry: size, ORIENT, depth, tags, whether Lua runs.
fn vault_symbol(v: &Vault) -> Symbol {
    let (w, h) = v.size();
    let mut detail = Vec::new();
    if h > 0 {
        detail.push(format!("{w}x{h}"));
    }
    if let Some(o) = v.first_arg("ORIENT").filter(|o| !o.is_empty()) {
        detail.push(o.to_string());
    }
    let depth: Vec<&str> = v
        .directives("DEPTH")
        .filter_map(|d| d.args.first().map(|(s, _)| &**s))
        .collect();
    if !depth.is_empty() {
        detail.push(depth.join(", "));
    } else if let Some(dd) = &v.default_depth {
        detail.push(format!("{dd} (default)"));
    }
    let tags = v.tags();
    if !tags.is_empty() {
        detail.push(format!("tags: {}", tags.join(" ")));
    }
    if v.has_lua() {
        detail.push("Lua".into());
    }
    Symbol {
        name: v.name.to_string(),
        kind: "vault".into(),
        span: v.span,
        name_span: v.name_span,
        detail: detail.join(" · "),
    }
}

/// What a Lua marker expression makes: its constructor (from the game's
/// marker classes) and the events that trigger it.
pub fn marker_description(expr: &str) -> Option<String> {
    let (name, meaning) = tables::MARKER_CONSTRUCTORS.iter().find(|(n, _)| {
        expr.match_indices(n).any(|(i, _)| {
            let before = expr[..i].chars().next_back();
            let after = expr[i + n.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })?;
    let mut out = format!("{name}: {meaning}");
    let events: Vec<&str> = tables::TRIGGER_EVENTS
        .iter()
        .filter(|(e, _)| expr.contains(&format!("\"{e}\"")) || expr.contains(&format!("'{e}'")))
        .map(|(e, _)| *e)
        .collect();
    if !events.is_empty() {
        out.push_str(&format!("; triggered by {}", events.join(", ")));
    }
    Some(out)
}

/// `lua_marker('G', …)` calls with a literal one-glyph key in a vault's
/// Lua: (glyph, description, span of the call).
pub fn lua_markers(v: &Vault) -> Vec<(u8, String, Span)> {
    v.items
        .iter()
        .filter_map(|item| match item {
            Item::Lua(l) => Some(lua_item_markers(l)),
            _ => None,
        })
        .flatten()
        .collect()
}

/// [`lua_markers`] of one Lua line or block.
pub fn lua_item_markers(l: &Lua) -> Vec<(u8, String, Span)> {
    let mut out = Vec::new();
    {
        let t = &l.text;
        for (i, _) in t.match_indices("lua_marker(") {
            let rest = &t[i + "lua_marker(".len()..];
            let b = rest.trim_start().as_bytes();
            if b.len() < 3 || !matches!(b[0], b'\'' | b'"') || b[2] != b[0] {
                continue;
            }
            // The marker expression: up to the call's closing parenthesis.
            let mut depth = 1;
            let mut end = rest.len();
            for (k, c) in rest.char_indices() {
                match c {
                    '(' | '{' => depth += 1,
                    ')' | '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let expr = &rest[..end];
            let what = marker_description(expr)
                .map(|d| format!("lua_marker: {d}"))
                .unwrap_or_else(|| "lua_marker (Lua decides what it does)".to_string());
            let at = (l.text_at + i).min(l.span.end as usize);
            let stop = (l.text_at + i + "lua_marker(".len() + end + 1).min(l.span.end as usize);
            out.push((b[1], what, Span::new(at, stop.max(at))));
        }
    }
    out
}

#[cfg(test)]
mod marker_tests {
    use super::*;

    #[test]
    fn lua_markers_are_found_with_their_constructor_and_triggers() {
        let src = "NAME: t\n{{\nlua_marker('G', fog_machine { cloud_type = \"flame\", pow_max = 3, \
                   delay = 10, size = 1 })\nlua_marker(\"Q\", TriggerableFunction { func = \"f\" }):add_triggerer(DgnTriggerer:new { type = \"player_move\" })\nlua_marker(glyph, x)\n}}\nMAP\nG.Q\nENDMAP\n";
        let f = parse(src);
        let v = &f.vaults[0];
        let found = lua_markers(v);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].0, b'G');
        assert!(found[0].1.contains("fog_machine"), "{}", found[0].1);
        assert!(src[found[0].2.start as usize..].starts_with("lua_marker('G'"));
        assert_eq!(found[1].0, b'Q');
        assert!(found[1].1.contains("TriggerableFunction"), "{}", found[1].1);
        // The triggerer is outside the call's parentheses, so not claimed.
        assert_eq!(
            marker_description("fog_machine_geyser(\"flame\", 2, 3)").as_deref(),
            Some("fog_machine_geyser: preset geyser-style fog machine")
        );
        assert!(
            marker_description("TriggerableFunction{} type = \"player_los\"")
                .is_some_and(|d| d.ends_with("triggered by player_los"))
        );
        assert_eq!(marker_description("my_own_thing()"), None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn directive<'a>(f: &'a File, kw: &'a str) -> &'a Directive<'a> {
        f.vaults[0].directives(kw).next().expect("directive")
    }

    #[test]
    fn one_line_arguments_borrow_the_source_and_continued_ones_are_joined() {
        let src = "NAME: v\nMONS: orc, ogre\nSUBST: a = b\\\n  c\nTAGS: x \\\ny\nMAP\nab\nENDMAP\n";
        let f = parse(src);
        let mons = directive(&f, "MONS");
        assert!(mons.args.iter().all(|(a, _)| matches!(a, Cow::Borrowed(_))));
        assert_eq!(
            mons.args
                .iter()
                .map(|(a, s)| (&**a, &src[s.start as usize..s.end as usize]))
                .collect::<Vec<_>>(),
            [("orc", "orc"), ("ogre", "ogre")]
        );
        assert_eq!(&*directive(&f, "SUBST").args[0].0, "a = bc");
        assert_eq!(
            directive(&f, "TAGS")
                .args
                .iter()
                .map(|(a, _)| &**a)
                .collect::<Vec<_>>(),
            ["x", "y"]
        );
        let Some(Item::Map { rows, .. }) = f.vaults[0].items.last() else {
            panic!("map")
        };
        assert_eq!(rows[0].1, b"ab");
    }

    #[test]
    fn every_keyword_is_recognised_with_its_mode() {
        for (i, &(k, mode, kw)) in KEYWORDS.iter().enumerate() {
            assert_eq!(kw as usize, i, "the table is in Kw's order");
            let (text, m, found) = keyword_at(&format!("{k} x")).expect("keyword");
            assert_eq!((text, m, found), (k, mode, kw));
            assert_eq!(kw.name(), k.trim_end_matches(':'));
            assert_eq!(Kw::from_name(kw.name()), Some(kw));
        }
        assert_eq!(keyword_at("NAMES: x"), None);
        assert_eq!(keyword_at("name: x"), None);
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
            assert_eq!(lua_lex::depth_delta(code, None), delta, "{code}");
        }
    }

    #[test]
    fn lua_blocks_are_slices_of_the_source_with_either_line_end() {
        let lf = "NAME: v\n{{\n  local x = 1\n  y() }}\nlua {{ z() }}\n{{\n";
        let crlf = lf.replace('\n', "\r\n");
        for (src, nl) in [(lf, "\n"), (crlf.as_str(), "\r\n")] {
            let f = parse(src);
            let lua: Vec<&Lua> = f.vaults[0]
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Lua(l) => Some(l),
                    _ => None,
                })
                .collect();
            assert_eq!(lua[0].text, format!("{nl}  local x = 1{nl}  y() "));
            assert_eq!(lua[1].text, " z() ");
            for l in &lua {
                assert!(matches!(l.text, Cow::Borrowed(_)));
                assert_eq!(&src[l.text_at..l.text_at + l.text.len()], l.text);
            }
            assert_eq!(f.diagnostics.len(), 1, "the unclosed block is reported");
        }
    }
}
