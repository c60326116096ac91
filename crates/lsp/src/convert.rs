//! The core's plain data as the protocol's types: findings, completions,
//! hover cards, the outline, tokens and folds.

use lsp_types as lsp;
use vaultwright::service::{Entry, EntryKind, Fold, FoldKind, HoverCard, Mark};
use vaultwright::view::Rgb;
use vaultwright::{Diagnostic, Severity, Span, Symbol, Token, TokenKind};

use crate::position::Lines;

pub fn diagnostic(lines: &Lines, d: &Diagnostic) -> lsp::Diagnostic {
    let mut message = d.message.clone();
    for note in &d.notes {
        message.push('\n');
        message.push_str(note);
    }
    lsp::Diagnostic {
        range: lines.range(d.span),
        severity: Some(match d.severity {
            Severity::Error => lsp::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            Severity::Note => lsp::DiagnosticSeverity::INFORMATION,
        }),
        code: Some(lsp::NumberOrString::String(d.code.clone())),
        source: Some("vaultwright".into()),
        message,
        ..lsp::Diagnostic::default()
    }
}

pub fn completion_item(lines: &Lines, replace: Span, entry: Entry) -> lsp::CompletionItem {
    let detail = match (entry.glyph, entry.detail.is_empty()) {
        (Some(g), true) => format!("{} {g}", entry.kind.word()),
        (Some(g), false) => format!("{} {g} · {}", entry.kind.word(), entry.detail),
        (None, false) => format!("{} · {}", entry.kind.word(), entry.detail),
        (None, true) => entry.kind.word().to_string(),
    };
    lsp::CompletionItem {
        label: entry.name.clone(),
        kind: Some(completion_kind(entry.kind)),
        detail: Some(detail),
        documentation: entry.colour.map(|c| {
            lsp::Documentation::String(format!(
                "drawn {} in {}",
                entry.glyph.unwrap_or(' '),
                hex(c)
            ))
        }),
        text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
            range: lines.range(replace),
            new_text: entry.name,
        })),
        ..lsp::CompletionItem::default()
    }
}

fn completion_kind(kind: EntryKind) -> lsp::CompletionItemKind {
    use lsp::CompletionItemKind as K;
    match kind.mark() {
        Mark::Keyword => K::KEYWORD,
        Mark::EnumMember => K::ENUM_MEMBER,
        Mark::Class => K::CLASS,
        Mark::Struct => K::STRUCT,
        Mark::Constant => K::CONSTANT,
        Mark::Enum => K::ENUM,
        Mark::Reference => K::REFERENCE,
        Mark::Color => K::COLOR,
        Mark::Value => K::VALUE,
        Mark::Variable => K::VARIABLE,
        Mark::Field => K::FIELD,
        Mark::Text => K::TEXT,
    }
}

/// `#rrggbb`.
pub fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

pub fn hover(lines: &Lines, card: HoverCard) -> lsp::Hover {
    let e = &card.entry;
    let mut text = format!("**{}** — {}", e.name, e.kind.word());
    if let Some(g) = e.glyph {
        text.push_str(&format!(" · drawn `{g}`"));
        if let Some(c) = e.colour {
            text.push_str(&format!(" in {}", hex(c)));
        }
    }
    if !e.detail.is_empty() {
        text.push_str(&format!("\n\n{}", e.detail));
    }
    for line in &card.lines {
        text.push_str(&format!("\n\n{line}"));
    }
    lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: text,
        }),
        range: Some(lines.range(card.span)),
    }
}

/// The outline as nested symbols: an entry inside another's span is its
/// child (rooms of a level, subvaults in a file's order).
#[allow(deprecated)] // `deprecated` is a required field of the struct
pub fn symbols(lines: &Lines, outline: &[Symbol]) -> Vec<lsp::DocumentSymbol> {
    let mut roots: Vec<lsp::DocumentSymbol> = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    for s in outline {
        let symbol = lsp::DocumentSymbol {
            name: if s.name.is_empty() {
                "(unnamed)".into()
            } else {
                s.name.clone()
            },
            detail: Some(if s.detail.is_empty() {
                s.kind.clone()
            } else {
                format!("{} · {}", s.kind, s.detail)
            }),
            kind: symbol_kind(&s.kind),
            tags: None,
            deprecated: None,
            range: lines.range(s.span),
            selection_range: lines.range(if s.span.contains(s.name_span.start as usize) {
                s.name_span
            } else {
                s.span
            }),
            children: None,
        };
        let parent = spans
            .iter()
            .rposition(|p| p.start <= s.span.start && s.span.end <= p.end && *p != s.span);
        match parent.and_then(|i| roots.get_mut(i)) {
            Some(p) => p.children.get_or_insert_with(Vec::new).push(symbol),
            None => {
                roots.push(symbol);
                spans.push(s.span);
            }
        }
    }
    roots
}

fn symbol_kind(kind: &str) -> lsp::SymbolKind {
    match kind {
        k if k.contains("level") || k == "vault" => lsp::SymbolKind::MODULE,
        "dungeon" => lsp::SymbolKind::NAMESPACE,
        k if k.contains("room") => lsp::SymbolKind::STRUCT,
        "monster" | "object" => lsp::SymbolKind::CLASS,
        _ => lsp::SymbolKind::OBJECT,
    }
}

/// The token types of the legend, in the order [`token_type`] numbers.
pub const TOKEN_TYPES: [lsp::SemanticTokenType; 8] = [
    lsp::SemanticTokenType::KEYWORD,
    lsp::SemanticTokenType::ENUM_MEMBER,
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::OPERATOR,
    lsp::SemanticTokenType::REGEXP,
    lsp::SemanticTokenType::MACRO,
];

fn token_type(kind: TokenKind) -> Option<u32> {
    Some(match kind {
        TokenKind::Keyword => 0,
        TokenKind::Constant => 1,
        TokenKind::String | TokenKind::Char => 2,
        TokenKind::Number => 3,
        TokenKind::Comment => 4,
        TokenKind::Punctuation => 5,
        // A map row stands out as a pattern does.
        TokenKind::MapRow => 6,
        TokenKind::Code => 7,
        TokenKind::Invalid => return None,
    })
}

/// The tokens, each cut at line ends (the protocol's tokens are one line
/// each), relative-encoded.
pub fn semantic_tokens(lines: &Lines, text: &str, tokens: &[Token]) -> Vec<lsp::SemanticToken> {
    let mut out = Vec::new();
    let (mut last_line, mut last_char) = (0u32, 0u32);
    for t in tokens {
        let Some(kind) = token_type(t.kind) else {
            continue;
        };
        let mut start = t.span.start as usize;
        let end = t.span.end as usize;
        while start < end {
            let piece_end = text
                .get(start..end)
                .and_then(|s| s.find('\n'))
                .map_or(end, |i| start + i);
            let from = lines.position(start);
            let to = lines.position(piece_end);
            if to.character > from.character {
                let delta_line = from.line - last_line;
                let delta_start = if delta_line == 0 {
                    from.character - last_char
                } else {
                    from.character
                };
                out.push(lsp::SemanticToken {
                    delta_line,
                    delta_start,
                    length: to.character - from.character,
                    token_type: kind,
                    token_modifiers_bitset: 0,
                });
                (last_line, last_char) = (from.line, from.character);
            }
            start = piece_end + 1;
        }
    }
    out
}

pub fn folding_range(lines: &Lines, fold: Fold) -> lsp::FoldingRange {
    let range = lines.range(fold.span);
    lsp::FoldingRange {
        start_line: range.start.line,
        start_character: None,
        end_line: range.end.line,
        end_character: None,
        kind: match fold.kind {
            FoldKind::Comment => Some(lsp::FoldingRangeKind::Comment),
            _ => Some(lsp::FoldingRangeKind::Region),
        },
        collapsed_text: None,
    }
}
