//! Where the cursor stands on its line, read the way the line-based
//! formats are written: a statement word and its colon, then arguments,
//! strings in double quotes. Completion and hover start from here, so
//! they work on a line being typed that does not parse yet.

use vaultwright_model::source::floor_char_boundary;
use vaultwright_model::Span;

pub struct LineAt<'a> {
    /// The whole line, without its terminator.
    pub text: &'a str,
    /// Where the line starts in the source.
    pub start: usize,
    /// The cursor, within `text` (on a character boundary).
    pub cursor: usize,
}

impl<'a> LineAt<'a> {
    pub fn new(source: &'a str, offset: usize) -> LineAt<'a> {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = source[offset..]
            .find('\n')
            .map_or(source.len(), |i| offset + i);
        let text = source[start..end].trim_end_matches('\r');
        LineAt {
            text,
            start,
            cursor: (offset - start).min(text.len()),
        }
    }

    pub fn before(&self) -> &'a str {
        &self.text[..self.cursor]
    }

    /// The statement word the line starts with, when the cursor is past
    /// its colon (`MONSTER`, `KMONS`, `default-depth`).
    pub fn statement(&self) -> Option<&'a str> {
        let before = self.before();
        let trimmed = before.trim_start();
        let word_len = trimmed
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(trimmed.len());
        let rest = &trimmed[word_len..];
        (word_len > 0 && rest.trim_start().starts_with(':')).then(|| &trimmed[..word_len])
    }

    /// The arguments typed so far: the text after the statement's colon.
    pub fn arguments(&self) -> &'a str {
        let before = self.before();
        before.find(':').map_or("", |i| &before[i + 1..])
    }

    /// Inside a double-quoted string: the span of its content (to the
    /// closing quote, or to the cursor when there is none yet).
    pub fn string(&self) -> Option<Span> {
        let before = self.before();
        let quotes: Vec<usize> = before.match_indices('"').map(|(i, _)| i).collect();
        if quotes.len().is_multiple_of(2) {
            return None;
        }
        let open = *quotes.last()? + 1;
        let close = self.text[self.cursor..]
            .find('"')
            .map_or(self.cursor, |i| self.cursor + i);
        Some(self.span(open, close))
    }

    /// The word ending at the cursor (`is_word` says which characters
    /// belong to a word), possibly empty.
    pub fn word_before(&self, is_word: impl Fn(char) -> bool) -> Span {
        let before = self.before();
        let from = before
            .char_indices()
            .rev()
            .take_while(|&(_, c)| is_word(c))
            .last()
            .map_or(self.cursor, |(i, _)| i);
        self.span(from, self.cursor)
    }

    /// The word around the cursor.
    pub fn word_around(&self, is_word: impl Fn(char) -> bool) -> Span {
        let left = self.word_before(&is_word);
        let right = self.text[self.cursor..]
            .find(|c: char| !is_word(c))
            .map_or(self.text.len(), |i| self.cursor + i);
        Span::new(left.start as usize, self.start + right)
    }

    /// A span of the source from offsets within the line.
    pub fn span(&self, from: usize, to: usize) -> Span {
        Span::new(self.start + from, self.start + to)
    }
}

/// A word of the line-based formats: letters, digits, `_` and `-`.
pub fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_statement_the_string_and_the_word() {
        let src = "MAZE:\"x\",' '\nMONSTER: 'd', \"jack\", (1,2)\n";
        let at = src.find("jack").unwrap() + 2;
        let line = LineAt::new(src, at);
        assert_eq!(line.statement(), Some("MONSTER"));
        let s = line.string().unwrap();
        assert_eq!(&src[s.range()], "jack");
        let w = line.word_before(is_word);
        assert_eq!(&src[w.range()], "ja");
        assert_eq!(&src[line.word_around(is_word).range()], "jack");
    }

    #[test]
    fn a_line_being_typed_has_no_statement_yet() {
        let src = "MON";
        let line = LineAt::new(src, 3);
        assert_eq!(line.statement(), None);
        assert_eq!(line.string(), None);
        assert_eq!(&src[line.word_before(is_word).range()], "MON");
    }
}
