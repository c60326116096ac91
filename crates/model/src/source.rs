//! Byte spans into a source text and the byte-offset ↔ line:column mapping.

use serde::{Deserialize, Serialize};

/// A half-open byte range `start..end` into one source text.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end.max(start) as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    pub fn contains(self, offset: usize) -> bool {
        (self.start as usize) <= offset && offset < (self.end as usize)
    }
}

/// The largest index at most `index` that is on a character boundary of
/// `text` (`text.len()` when past the end): where a byte count such as
/// "the first 4 KiB" may be cut without splitting a character. The
/// standard library's own version is not stable yet.
pub fn floor_char_boundary(text: &str, index: usize) -> usize {
    if index >= text.len() {
        return text.len();
    }
    // A character is at most four bytes, so a boundary is at most three
    // bytes back.
    (index.saturating_sub(3)..=index)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0)
}

/// The byte range `start..end` of `text` widened to whole characters:
/// formats read as bytes (POWDER's rows) count positions in bytes, and a
/// finding at such a position must still cover whole characters.
pub fn widen_to_chars(text: &str, start: usize, end: usize) -> (usize, usize) {
    let start = floor_char_boundary(text, start);
    let mut end = end.max(start).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    (start, end)
}

/// The character whose first byte is `bytes[at]`, in formats read as
/// bytes (`None` for a byte inside a character, or bytes that are not
/// UTF-8): one finding for a character, not one per byte.
pub fn char_starting_at(bytes: &[u8], at: usize) -> Option<char> {
    let rest = bytes.get(at..)?;
    (1..=rest.len().min(4))
        .find_map(|n| std::str::from_utf8(rest.get(..n)?).ok())
        .and_then(|s| s.chars().next())
}

/// A 1-based line and column; the column counts Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineCol {
    pub line: u32,
    pub column: u32,
}

/// Maps byte offsets to lines and columns and back, UTF-8 aware.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset of the start of every line.
    starts: Vec<u32>,
    len: u32,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0u32];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i as u32 + 1));
        LineIndex {
            starts,
            len: text.len() as u32,
        }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// 0-based line index of a byte offset (offsets past the end clamp).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = (offset as u32).min(self.len);
        match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// Byte range of a 0-based line, without its line terminator.
    pub fn line_range(&self, text: &str, line: usize) -> std::ops::Range<usize> {
        let start = self.starts.get(line).copied().unwrap_or(self.len) as usize;
        let mut end = self
            .starts
            .get(line + 1)
            .map(|&s| s as usize - 1)
            .unwrap_or(self.len as usize);
        let bytes = text.as_bytes();
        if end > start && bytes.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        start..end.max(start)
    }

    /// 1-based line and column of a byte offset. A column is counted in
    /// characters, so a multi-byte character advances it by one.
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        let start = self.starts[line] as usize;
        let mut column = 1;
        for (i, _) in text[start..].char_indices() {
            if start + i >= offset {
                break;
            }
            column += 1;
        }
        LineCol {
            line: line as u32 + 1,
            column,
        }
    }

    /// Byte offset of a 1-based line and column (clamped to the line).
    pub fn offset(&self, text: &str, at: LineCol) -> usize {
        let line = (at.line.max(1) - 1) as usize;
        let range = self.line_range(text, line);
        for (col, (i, _)) in (1..).zip(text[range.clone()].char_indices()) {
            if col >= at.column {
                return range.start + i;
            }
        }
        range.end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_round_trip_with_multibyte_text() {
        let text = "ab\nçé x\n\nlast";
        let index = LineIndex::new(text);
        for offset in text.char_indices().map(|(i, _)| i).chain([text.len()]) {
            let lc = index.line_col(text, offset);
            assert_eq!(index.offset(text, lc), offset, "offset {offset} -> {lc:?}");
        }
        assert_eq!(index.line_col(text, 3), LineCol { line: 2, column: 1 });
        // "é" is two bytes but one column.
        assert_eq!(index.line_col(text, 7), LineCol { line: 2, column: 3 });
        assert_eq!(index.line_count(), 4);
    }

    #[test]
    fn floor_char_boundary_never_splits_a_character() {
        let text = "aé€😀";
        // a: 0, é: 1..3, €: 3..6, 😀: 6..10
        let floors: Vec<usize> = (0..=11).map(|i| floor_char_boundary(text, i)).collect();
        assert_eq!(floors, vec![0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10, 10]);
    }

    #[test]
    fn char_starting_at_finds_whole_characters_only() {
        let b = "aé".as_bytes();
        assert_eq!(char_starting_at(b, 0), Some('a'));
        assert_eq!(char_starting_at(b, 1), Some('é'));
        assert_eq!(char_starting_at(b, 2), None);
        assert_eq!(char_starting_at(b, 3), None);
        assert_eq!(char_starting_at(&[0xc3], 0), None);
    }

    #[test]
    fn crlf_is_not_part_of_the_line() {
        let text = "MAP\r\nx";
        let index = LineIndex::new(text);
        assert_eq!(&text[index.line_range(text, 0)], "MAP");
        assert_eq!(&text[index.line_range(text, 1)], "x");
    }
}
