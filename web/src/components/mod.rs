pub mod diagnostics;
pub mod editor;
pub mod graph;
pub mod rooms;
pub mod table;
pub mod tilemap;

use vaultwright::Span;

/// What the pointer is on in a view: a description and the source span.
#[derive(Clone, Debug, PartialEq)]
pub struct Hover {
    pub text: String,
    pub origin: Option<Span>,
    /// Pixel position for the tooltip, relative to the view.
    pub at: (f64, f64),
}

/// `line N: text` of the line a span starts on.
pub fn describe_origin(source: &str, span: Span) -> String {
    let index = vaultwright::LineIndex::new(source);
    let line = index.line_of(span.start as usize);
    let range = index.line_range(source, line);
    let text: String = source[range].chars().take(60).collect();
    format!("line {}: {}", line + 1, text.trim_end())
}

/// Whether a span intersects the highlighted byte range.
pub fn touches(span: Option<Span>, range: (usize, usize)) -> bool {
    match span {
        Some(s) => {
            (s.start as usize) < range.1 && (s.end as usize).max(s.start as usize + 1) > range.0
        }
        None => false,
    }
}
