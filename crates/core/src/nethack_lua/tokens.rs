//! The script's tokens for highlighting, from full_moon's lexer: reserved
//! words, strings, numbers, comments, symbols, and the names of the
//! game's interfaces (`des`, `selection`, `nh`, …) with what follows them.

use full_moon::tokenizer::{Lexer, LexerResult, Symbol, TokenType};
use full_moon::LuaVersion;
use vaultwright_model::{Span, Token, TokenKind};

const INTERFACES: &[&str] = &[
    "des",
    "selection",
    "nh",
    "u",
    "nhc",
    "obj",
    "percent",
    "shuffle",
];

/// Read token by token (never the lexer's whole list, which costs some
/// 200 bytes a token: a 1 MB script held 92 MB for it).
pub fn tokens(source: &str) -> Vec<Token> {
    let mut lexer = Lexer::new(source, LuaVersion::lua54());
    let mut out = Vec::new();
    let mut after_interface = false;
    while let Some(read) = lexer.consume() {
        let token = match read {
            LexerResult::Ok(t) | LexerResult::Recovered(t, _) => t,
            LexerResult::Fatal(_) => continue,
        };
        let found = token
            .leading_trivia()
            .chain(std::iter::once(token.token()))
            .chain(token.trailing_trivia());
        for t in found {
            if let Some(kind) = kind_of(t, &mut after_interface) {
                out.push(kind);
            }
        }
    }
    out
}

/// The highlighting of one of full_moon's tokens (`after_interface`:
/// whether the name before it, through `.` or `:`, was a game interface).
fn kind_of(t: &full_moon::tokenizer::Token, after_interface: &mut bool) -> Option<Token> {
    let span = Span::new(t.start_position().bytes(), t.end_position().bytes());
    let kind = match t.token_type() {
        TokenType::Identifier { identifier } => {
            let interface = INTERFACES.contains(&identifier.as_str());
            let kind = (interface || *after_interface).then_some(TokenKind::Constant);
            *after_interface = interface;
            kind
        }
        TokenType::Symbol { symbol } => {
            if !matches!(symbol, Symbol::Dot | Symbol::Colon) {
                *after_interface = false;
            }
            Some(if is_reserved(symbol) {
                TokenKind::Keyword
            } else {
                TokenKind::Punctuation
            })
        }
        TokenType::StringLiteral { .. } => Some(TokenKind::String),
        TokenType::Number { .. } => Some(TokenKind::Number),
        TokenType::SingleLineComment { .. } | TokenType::MultiLineComment { .. } => {
            Some(TokenKind::Comment)
        }
        _ => None,
    };
    kind.filter(|_| span.end > span.start)
        .map(|kind| Token { kind, span })
}

fn is_reserved(symbol: &Symbol) -> bool {
    let text = symbol.to_string();
    text.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
}
