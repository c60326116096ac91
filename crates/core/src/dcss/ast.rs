//! The syntax tree of a vault file: keywords and their capture modes,
//! directives with their arguments, Lua, maps, vaults and the file.

use std::borrow::Cow;

use crate::lua::scan;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::service::EntryKind;
use vaultwright_model::source::Span;
use vaultwright_model::Token;

/// How a keyword's arguments are captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The whole rest of the line.
    Line,
    /// Comma-separated items.
    Items,
    /// Comma-separated monsters.
    Monsters,
    /// Blank-separated tag words.
    Words,
    /// Numbers, `%`, commas and `(…)` strings.
    Numbers,
}

/// What each argument of a keyword is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// Text read as the keyword reads it.
    Text,
    /// `KEY = value` or `KEY : value`, split once by the reader
    /// ([`Directive::selectors`]).
    Selectors,
}

/// Every header keyword, once: its text with the colon, how its arguments
/// are captured, its [`Kw`] (in [`Kw`]'s order: `Kw as usize` indexes the
/// table), what each argument is, and the kind of names its arguments
/// give (what completion offers there).
pub const KEYWORDS: &[(&str, Mode, Kw, Takes, Option<EntryKind>)] = &[
    ("NAME:", Mode::Line, Kw::Name, Takes::Text, None),
    ("DESC:", Mode::Line, Kw::Desc, Takes::Text, None),
    (
        "DEPTH:",
        Mode::Line,
        Kw::Depth,
        Takes::Text,
        Some(EntryKind::Branch),
    ),
    (
        "PLACE:",
        Mode::Line,
        Kw::Place,
        Takes::Text,
        Some(EntryKind::Branch),
    ),
    (
        "ORIENT:",
        Mode::Line,
        Kw::Orient,
        Takes::Text,
        Some(EntryKind::Value),
    ),
    ("WELCOME:", Mode::Line, Kw::Welcome, Takes::Text, None),
    (
        "default-depth:",
        Mode::Line,
        Kw::DefaultDepth,
        Takes::Text,
        Some(EntryKind::Branch),
    ),
    (
        "LFLOORCOL:",
        Mode::Line,
        Kw::Lfloorcol,
        Takes::Text,
        Some(EntryKind::Colour),
    ),
    (
        "LROCKCOL:",
        Mode::Line,
        Kw::Lrockcol,
        Takes::Text,
        Some(EntryKind::Colour),
    ),
    (
        "LFLOORTILE:",
        Mode::Line,
        Kw::Lfloortile,
        Takes::Text,
        Some(EntryKind::Tile),
    ),
    (
        "LROCKTILE:",
        Mode::Line,
        Kw::Lrocktile,
        Takes::Text,
        Some(EntryKind::Tile),
    ),
    ("MARKER:", Mode::Line, Kw::Marker, Takes::Selectors, None),
    ("CLEAR:", Mode::Line, Kw::Clear, Takes::Text, None),
    (
        "KFEAT:",
        Mode::Line,
        Kw::Kfeat,
        Takes::Selectors,
        Some(EntryKind::Terrain),
    ),
    (
        "KITEM:",
        Mode::Line,
        Kw::Kitem,
        Takes::Selectors,
        Some(EntryKind::Object),
    ),
    (
        "KMONS:",
        Mode::Line,
        Kw::Kmons,
        Takes::Selectors,
        Some(EntryKind::Monster),
    ),
    ("KMASK:", Mode::Line, Kw::Kmask, Takes::Selectors, None),
    ("KPROP:", Mode::Line, Kw::Kprop, Takes::Selectors, None),
    (
        "SUBVAULT:",
        Mode::Line,
        Kw::Subvault,
        Takes::Selectors,
        Some(EntryKind::Tag),
    ),
    ("SUBST:", Mode::Items, Kw::Subst, Takes::Selectors, None),
    ("NSUBST:", Mode::Items, Kw::Nsubst, Takes::Selectors, None),
    ("SHUFFLE:", Mode::Items, Kw::Shuffle, Takes::Text, None),
    (
        "COLOUR:",
        Mode::Items,
        Kw::Colour,
        Takes::Selectors,
        Some(EntryKind::Colour),
    ),
    (
        "FTILE:",
        Mode::Items,
        Kw::Ftile,
        Takes::Selectors,
        Some(EntryKind::Tile),
    ),
    (
        "RTILE:",
        Mode::Items,
        Kw::Rtile,
        Takes::Selectors,
        Some(EntryKind::Tile),
    ),
    (
        "TILE:",
        Mode::Items,
        Kw::Tile,
        Takes::Selectors,
        Some(EntryKind::Tile),
    ),
    ("FHEIGHT:", Mode::Items, Kw::Fheight, Takes::Selectors, None),
    (
        "ITEM:",
        Mode::Items,
        Kw::Item,
        Takes::Text,
        Some(EntryKind::Object),
    ),
    (
        "MONS:",
        Mode::Monsters,
        Kw::Mons,
        Takes::Text,
        Some(EntryKind::Monster),
    ),
    (
        "TAGS:",
        Mode::Words,
        Kw::Tags,
        Takes::Text,
        Some(EntryKind::Tag),
    ),
    ("CHANCE:", Mode::Numbers, Kw::Chance, Takes::Text, None),
    ("WEIGHT:", Mode::Numbers, Kw::Weight, Takes::Text, None),
    ("ORDER:", Mode::Numbers, Kw::Order, Takes::Text, None),
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

    /// What each of the keyword's arguments is.
    pub fn takes(self) -> Takes {
        KEYWORDS[self as usize].3
    }

    /// The kind of names its arguments give, if they name anything.
    pub fn names(self) -> Option<EntryKind> {
        KEYWORDS[self as usize].4
    }

    /// The keyword named `name` (without its colon).
    pub fn from_name(name: &str) -> Option<Kw> {
        KEYWORDS
            .iter()
            .find(|(k, ..)| k.len() == name.len() + 1 && k.starts_with(name))
            .map(|&(_, _, kw, ..)| kw)
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
    /// Per argument, where its `KEY = value` parts lie, for the keywords
    /// that take selectors (empty for the others).
    pub splits: Vec<Option<Split>>,
}

/// An argument's `KEY`, separator and `value`, split as the game splits
/// them: the first `=` or `:` after the first character, both sides
/// trimmed of ASCII blanks.
pub type Selector<'s> = (&'s str, char, &'s str);

/// Where an argument's selector parts lie in its text: worked out once,
/// by the reader, and read by every check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Split {
    key: (u32, u32),
    sep: u8,
    value: (u32, u32),
}

impl Split {
    /// The split of `arg`, if it is `KEY = value` or `KEY : value`.
    pub fn of(arg: &str) -> Option<Split> {
        let (key, sep, value) = super::spec::split_selector(arg)?;
        // Both parts are slices of `arg`: their offsets in it.
        let at = |part: &str| {
            let from = part.as_ptr() as usize - arg.as_ptr() as usize;
            (from as u32, (from + part.len()) as u32)
        };
        Some(Split {
            key: at(key),
            sep: sep as u8,
            value: at(value),
        })
    }

    /// The parts in `arg`, the text the split was made of.
    fn parts(self, arg: &str) -> Option<Selector<'_>> {
        let part = |(a, b): (u32, u32)| arg.get(a as usize..b as usize);
        Some((part(self.key)?, char::from(self.sep), part(self.value)?))
    }
}

impl Directive<'_> {
    /// The directive holding its own copy of its arguments.
    pub fn into_owned(self) -> Directive<'static> {
        let owned =
            |(text, span): Arg<'_>| -> Arg<'static> { (Cow::Owned(text.into_owned()), span) };
        let args = match self.args {
            Args::One([a]) => Args::One([owned(a)]),
            Args::Many(v) => Args::Many(v.into_iter().map(owned).collect()),
        };
        Directive {
            keyword: self.keyword,
            kw: self.kw,
            args,
            span: self.span,
            conditional: self.conditional,
            splits: self.splits,
        }
    }
}

impl<'a> Directive<'a> {
    /// Each argument with its selector (`None` for an argument that is not
    /// `KEY = value`, and for every argument of a keyword that takes no
    /// selectors).
    pub fn selectors(&self) -> impl Iterator<Item = (&Arg<'a>, Option<Selector<'_>>)> {
        self.args.iter().enumerate().map(|(i, arg)| {
            let parts = self
                .splits
                .get(i)
                .copied()
                .flatten()
                .and_then(|s| s.parts(&arg.0));
            (arg, parts)
        })
    }
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
    pub tokens: std::sync::OnceLock<Vec<scan::Token>>,
}

impl Lua<'_> {
    /// The code's tokens, comments left out (lexed at most once).
    pub fn tokens(&self) -> &[scan::Token] {
        self.tokens
            .get_or_init(|| scan::significant(&self.text, self.opens_in_string))
    }
}

/// A map row: where it is written (no place for a row Lua made) and its
/// bytes, trailing spaces removed.
pub type MapRow<'a> = (Span, Cow<'a, [u8]>);

#[derive(Clone, Debug, PartialEq)]
pub enum Item<'a> {
    Directive(Directive<'a>),
    Lua(Lua<'a>),
    Map {
        /// Rows as bytes of the source, trailing spaces removed.
        rows: Vec<MapRow<'a>>,
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
    pub(super) kinds: u64,
    pub(super) lua: bool,
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

    /// Whether its drawing runs it as crawl's level compiler runs a map:
    /// it has Lua, or a SUBVAULT (which crawl applies as a call of the
    /// map's Lua, choosing a map from its index).
    pub fn is_run(&self) -> bool {
        self.lua || self.has(Kw::Subvault)
    }

    /// The vault's Lua lines and blocks, in source order.
    pub fn lua(&self) -> impl Iterator<Item = &Lua<'a>> {
        self.items.iter().filter_map(|i| match i {
            Item::Lua(l) => Some(l),
            _ => None,
        })
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
    /// Highlighting tokens, when the reader was asked for them (a check of
    /// many files has no use for them).
    pub tokens: Vec<Token>,
    pub(super) keep_tokens: bool,
}

impl<'a> File<'a> {
    /// All the file's Lua: its prelude, then each vault's, in order.
    pub fn lua(&self) -> impl Iterator<Item = &Lua<'a>> {
        self.prelude
            .iter()
            .chain(self.vaults.iter().flat_map(Vault::lua))
    }

    /// Keeps a highlighting token, when tokens are wanted.
    pub(super) fn token(&mut self, kind: vaultwright_model::TokenKind, span: Span) {
        if self.keep_tokens {
            self.tokens.push(Token { kind, span });
        }
    }
}
