//! What the language service answers, as plain data: the studio's editor
//! and `vaultwright lsp` both read these (the server turns them into the
//! protocol's types, the studio into its popups).

use serde::{Deserialize, Serialize};

use crate::source::Span;
use crate::view::Rgb;

/// What a name or a word stands for in its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryKind {
    /// A statement or key that starts a line (`MONSTER:`, `KMONS:`).
    Statement,
    /// A value word (`random`, `lit`, `north`).
    Value,
    Monster,
    Object,
    Trap,
    /// What a map character or a feature name makes.
    Terrain,
    RoomType,
    /// A DCSS vault tag (`TAGS:`), placed by `SUBVAULT:` or Lua.
    Tag,
    /// A vault or level by its name.
    Vault,
    Branch,
    Colour,
    Tile,
    Spell,
    God,
    /// A 3.6 `$variable`.
    Variable,
    /// A field of a description (RLG327) or a dungeon file's level.
    Field,
    /// A map glyph a vault gives a meaning (`KMONS: O = …`).
    Glyph,
}

/// How an editor marks a kind of names in its completion list (the icon
/// a client draws): the few of the protocol's kinds our names use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Keyword,
    EnumMember,
    Class,
    Struct,
    Constant,
    Enum,
    Reference,
    Color,
    Value,
    Variable,
    Field,
    Text,
}

impl EntryKind {
    /// One word for it, shown beside a completion or atop a hover card,
    /// and how an editor marks it: one row a kind.
    fn facts(self) -> (&'static str, Mark) {
        match self {
            EntryKind::Statement => ("statement", Mark::Keyword),
            EntryKind::Value => ("value", Mark::EnumMember),
            EntryKind::Monster => ("monster", Mark::Class),
            EntryKind::Object => ("object", Mark::Struct),
            EntryKind::Trap => ("trap", Mark::Constant),
            EntryKind::Terrain => ("terrain", Mark::Constant),
            EntryKind::RoomType => ("room type", Mark::Enum),
            EntryKind::Tag => ("tag", Mark::Reference),
            EntryKind::Vault => ("vault", Mark::Reference),
            EntryKind::Branch => ("branch", Mark::Enum),
            EntryKind::Colour => ("colour", Mark::Color),
            EntryKind::Tile => ("tile", Mark::Value),
            EntryKind::Spell => ("spell", Mark::Value),
            EntryKind::God => ("god", Mark::Enum),
            EntryKind::Variable => ("variable", Mark::Variable),
            EntryKind::Field => ("field", Mark::Field),
            EntryKind::Glyph => ("glyph", Mark::Text),
        }
    }

    /// One word for it, shown beside a completion or atop a hover card.
    pub fn word(self) -> &'static str {
        self.facts().0
    }

    /// How an editor marks it in a completion list.
    pub fn mark(self) -> Mark {
        self.facts().1
    }
}

/// A name the game (or the file) knows, with how the game draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub kind: EntryKind,
    pub name: String,
    /// The glyph the game shows for it, where it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<char>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Rgb>,
    /// One line of facts: class, difficulty, what a statement takes.
    #[serde(default)]
    pub detail: String,
}

impl Entry {
    pub fn new(kind: EntryKind, name: impl Into<String>) -> Entry {
        Entry {
            kind,
            name: name.into(),
            glyph: None,
            colour: None,
            detail: String::new(),
        }
    }

    pub fn drawn(mut self, glyph: char, colour: Rgb) -> Entry {
        self.glyph = Some(glyph);
        self.colour = Some(colour);
        self
    }

    pub fn with_detail(mut self, detail: impl Into<String>) -> Entry {
        self.detail = detail.into();
        self
    }
}

/// What may be typed at a place: `replace` is the text a choice replaces
/// (the word begun, or the inside of the string begun), `items` the
/// choices, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Completion {
    pub replace: Span,
    pub items: Vec<Entry>,
}

/// What the thing under the cursor is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HoverCard {
    /// The text the card is about.
    pub span: Span,
    pub entry: Entry,
    /// Further lines (what a map character becomes, where it is defined).
    #[serde(default)]
    pub lines: Vec<String>,
}

/// A place in a file of a set (0 for a lone file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    pub file: usize,
    pub span: Span,
}

/// Where a name is defined and used, across the files of a set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Occurrences {
    pub kind: EntryKind,
    pub name: String,
    pub definitions: Vec<Place>,
    pub uses: Vec<Place>,
}

/// A region that folds: a level, a vault, a map, a Lua block, a comment run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fold {
    pub span: Span,
    pub kind: FoldKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FoldKind {
    Entry,
    Map,
    Code,
    Comment,
}
