//! Positions as the protocol counts them (lines and UTF-16 code units,
//! from 0) to byte offsets of the text and back.

use lsp_types::{Position, Range};
use vaultwright::{LineIndex, Span};

/// One text with its line starts, for converting many positions.
pub struct Lines<'a> {
    text: &'a str,
    index: LineIndex,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            index: LineIndex::new(text),
        }
    }

    /// The byte offset of a position (clamped to its line and the text).
    pub fn offset(&self, at: Position) -> usize {
        let range = self.index.line_range(self.text, at.line as usize);
        let line = &self.text[range.clone()];
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= at.character {
                return range.start + i;
            }
            units += c.len_utf16() as u32;
        }
        range.end
    }

    pub fn position(&self, offset: usize) -> Position {
        let offset =
            vaultwright::source::floor_char_boundary(self.text, offset.min(self.text.len()));
        let line = self.index.line_of(offset);
        let start = self.index.line_range(self.text, line).start;
        let character = self.text[start.min(offset)..offset]
            .chars()
            .map(|c| c.len_utf16() as u32)
            .sum();
        Position {
            line: line as u32,
            character,
        }
    }

    pub fn range(&self, span: Span) -> Range {
        Range {
            start: self.position(span.start as usize),
            end: self.position(span.end as usize),
        }
    }

    pub fn span(&self, range: Range) -> Span {
        let (a, b) = (self.offset(range.start), self.offset(range.end));
        Span::new(a.min(b), a.max(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_positions_round_trip() {
        let text = "a😀b\nçx\r\nlast";
        let lines = Lines::new(text);
        for offset in text.char_indices().map(|(i, _)| i) {
            if text[offset..].starts_with('\n') || text[offset..].starts_with('\r') {
                continue;
            }
            assert_eq!(lines.offset(lines.position(offset)), offset, "{offset}");
        }
        // The emoji is two UTF-16 units.
        assert_eq!(lines.position(5), Position::new(0, 3));
        assert_eq!(lines.offset(Position::new(1, 1)), 9);
    }
}
