//! What folds: each outline entry (a level, a vault, a dungeon), each map
//! block, each embedded Lua block and each run of comment lines.

use super::Document;
use vaultwright_model::service::{Fold, FoldKind};
use vaultwright_model::{Span, TokenKind};

pub fn folds(doc: Document) -> Vec<Fold> {
    let mut out: Vec<Fold> = doc
        .analysis
        .outline
        .iter()
        .map(|s| Fold {
            span: s.span,
            kind: FoldKind::Entry,
        })
        .collect();
    out.extend(
        runs(doc, TokenKind::MapRow, FoldKind::Map)
            .into_iter()
            .map(|f| with_map_lines(doc.source, f)),
    );
    out.extend(runs(doc, TokenKind::Code, FoldKind::Code));
    out.extend(runs(doc, TokenKind::Comment, FoldKind::Comment));
    out.retain(|f| spans_lines(doc.source, f.span));
    out.sort_by_key(|f| (f.span.start, std::cmp::Reverse(f.span.end)));
    out.dedup_by_key(|f| f.span);
    out
}

/// Tokens of one kind on consecutive lines, joined.
fn runs(doc: Document, kind: TokenKind, fold: FoldKind) -> Vec<Fold> {
    let mut out: Vec<Fold> = Vec::new();
    for t in doc.analysis.tokens.iter().filter(|t| t.kind == kind) {
        match out.last_mut() {
            Some(last) if next_line_or_same(doc.source, last.span, t.span) => {
                last.span = last.span.to(t.span);
            }
            _ => out.push(Fold {
                span: t.span,
                kind: fold,
            }),
        }
    }
    out
}

/// A map's fold from its `MAP` line to its `ENDMAP` line, where they
/// stand right around its rows (folded, the `MAP` line stays in sight).
fn with_map_lines(source: &str, mut fold: Fold) -> Fold {
    let start = fold.span.start as usize;
    let line_start = source[..start].trim_end_matches(['\n', '\r']).len();
    let before = source[..line_start].rfind('\n').map_or(0, |i| i + 1);
    if source[before..line_start].trim() == "MAP" {
        fold.span.start = before as u32;
    }
    let end = fold.span.end as usize;
    let after = source[end..].trim_start_matches(['\n', '\r']);
    if after.starts_with("ENDMAP") {
        let skipped = source.len() - end - after.len();
        fold.span.end = (end + skipped + "ENDMAP".len()) as u32;
    }
    fold
}

/// `b` starts on the line `a` ends on or the one after it.
fn next_line_or_same(source: &str, a: Span, b: Span) -> bool {
    let between = source
        .get(a.end as usize..b.start as usize)
        .unwrap_or("x\nx\n");
    between.matches('\n').count() <= 1 && between.trim().is_empty()
}

/// A fold worth showing covers more than one line.
fn spans_lines(source: &str, span: Span) -> bool {
    source
        .get(span.range())
        .is_some_and(|t| t.trim_end().contains('\n'))
}
