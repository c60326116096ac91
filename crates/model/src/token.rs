//! Tokens, for highlighting.

use serde::{Deserialize, Serialize};

use crate::source::Span;

/// A token for highlighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TokenKind {
    Keyword,
    /// A value keyword (`random`, `lit`, `north` …).
    Constant,
    String,
    Number,
    Char,
    Comment,
    Punctuation,
    /// A row of a map drawing.
    MapRow,
    /// Embedded code (Lua), shown but never run.
    Code,
    Invalid,
}
