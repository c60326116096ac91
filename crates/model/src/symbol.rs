//! The outline: levels, vaults, dungeons, entries, and the views of each.

use serde::{Deserialize, Serialize};

use crate::source::Span;
use crate::view::View;

/// An entry in the outline: a level, a vault, a dungeon, an entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbol {
    pub name: String,
    /// "maze level", "room level", "vault", "dungeon", "monster", …
    pub kind: String,
    /// The whole definition.
    pub span: Span,
    /// The name itself.
    pub name_span: Span,
    /// One line of facts (size, flags, tags).
    #[serde(default)]
    pub detail: String,
}

/// A view belonging to one outline entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SymbolView {
    /// Index into `Analysis::outline`.
    pub symbol: usize,
    pub view: View,
}
