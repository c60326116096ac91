//! A script's tokens for highlighting, from the engine's lenient scan
//! (`scan.rs`: every byte Lua would read, a broken script too): reserved
//! words, strings, numbers, comments, symbols, and the names of a game's
//! interfaces (`des`, `selection`, `nh`, …) with what follows them
//! through `.` or `:`.

use vaultwright_model::{Span, Token, TokenKind};

use super::lex::is_reserved;
use super::scan::{scan, Kind};

/// The tokens of `source`; `interfaces` are the global tables the game
/// gives its scripts.
pub fn tokens(source: &str, interfaces: &[&str]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut after_interface = false;
    for t in scan(source, None) {
        let text = t.text(source);
        let kind = match t.kind {
            Kind::Word if is_reserved(text) => {
                after_interface = false;
                Some(TokenKind::Keyword)
            }
            Kind::Word => {
                let interface = interfaces.contains(&text);
                let kind = (interface || after_interface).then_some(TokenKind::Constant);
                after_interface = interface;
                kind
            }
            Kind::Symbol => {
                if !matches!(text, "." | ":") {
                    after_interface = false;
                }
                Some(TokenKind::Punctuation)
            }
            Kind::String | Kind::LongString | Kind::Unfinished => Some(TokenKind::String),
            Kind::Number => Some(TokenKind::Number),
            Kind::Comment => Some(TokenKind::Comment),
        };
        if let Some(kind) = kind.filter(|_| t.end > t.start) {
            out.push(Token {
                kind,
                span: Span::new(t.start, t.end),
            });
        }
    }
    out
}
