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

pub fn tokens(source: &str) -> Vec<Token> {
    let found = match Lexer::new(source, LuaVersion::lua54()).collect() {
        LexerResult::Ok(t) | LexerResult::Recovered(t, _) => t,
        LexerResult::Fatal(_) => return Vec::new(),
    };
    let mut out = Vec::new();
    let mut after_interface = false;
    for t in &found {
        let span = Span::new(t.start_position().bytes(), t.end_position().bytes());
        let kind = match t.token_type() {
            TokenType::Identifier { identifier } => {
                let interface = INTERFACES.contains(&identifier.as_str());
                let kind = (interface || after_interface).then_some(TokenKind::Constant);
                after_interface = interface;
                kind
            }
            TokenType::Symbol { symbol } => {
                if !matches!(symbol, Symbol::Dot | Symbol::Colon) {
                    after_interface = false;
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
        if let Some(kind) = kind.filter(|_| span.end > span.start) {
            out.push(Token { kind, span });
        }
    }
    out
}

fn is_reserved(symbol: &Symbol) -> bool {
    let text = symbol.to_string();
    text.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
}
