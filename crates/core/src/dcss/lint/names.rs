//! Spec names as the game's lookups read them: modifiers and flags left out, lower case.

use crate::dcss::fields;

/// The blank- or backslash-separated words of a spec alternative.
pub(super) fn spec_words(s: &str) -> impl Iterator<Item = &str> {
    fields(s, |c| c.is_ascii_whitespace() || c == b'\\').filter(|w| !w.is_empty())
}

/// A name being normalised as the game's lookups see it: lower case, `_`
/// for a space, words joined by one space. Reused across alternatives.
#[derive(Default)]
pub(super) struct NameBuf(Vec<u8>);

/// An alternative that is already a normalised name (lower-case words
/// joined by single spaces, no modifier, no flag), as itself: most are, and
/// then nothing is copied.
pub(super) fn plain_name(alt: &str, flag: fn(&str) -> bool) -> Option<&str> {
    let t = alt.trim_ascii();
    const fn table() -> [bool; 256] {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            t[b] = c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b' ' | b'-' | b'\'');
            b += 1;
        }
        t
    }
    static PLAIN: [bool; 256] = table();
    let simple = t.bytes().all(|b| PLAIN[usize::from(b)]);
    (simple && fields(t, |b| b == b' ').all(|w| !w.is_empty() && !flag(w))).then_some(t)
}

impl NameBuf {
    fn clear(&mut self) {
        self.0.clear();
    }
    fn push_word(&mut self, w: &str) {
        if !self.0.is_empty() {
            self.0.push(b' ');
        }
        if w.is_ascii() {
            let start = self.0.len();
            self.0.extend_from_slice(w.as_bytes());
            for b in &mut self.0[start..] {
                *b = if *b == b'_' {
                    b' '
                } else {
                    b.to_ascii_lowercase()
                };
            }
        } else {
            self.0
                .extend_from_slice(w.to_ascii_lowercase().replace('_', " ").as_bytes());
        }
    }
    /// The name an alternative gives once modifiers and `flag` words are
    /// removed, normalised: the alternative itself when it already is one.
    pub(super) fn normalise<'s>(&'s mut self, alt: &'s str, flag: fn(&str) -> bool) -> &'s str {
        if let Some(n) = plain_name(alt, flag) {
            return n;
        }
        self.clear();
        for w in name_words(alt, flag) {
            self.push_word(w);
        }
        self.as_str()
    }

    fn as_str(&self) -> &str {
        // Only whole words of a `str` and ASCII bytes were pushed.
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

/// The words of a spec alternative that name the thing: not modifiers
/// (`key:value`) and not flags.
fn name_words(alt: &str, flag: fn(&str) -> bool) -> impl Iterator<Item = &str> {
    spec_words(alt)
        // A weight tag with nothing after it is still a tag: the game
        // strips it (and reads no weight); any other `word:` stays in the
        // name, which then names nothing.
        .filter(|w| !w.as_bytes().contains(&b':') || (w.ends_with(':') && !is_weight_tag(w)))
        .filter(move |w| !flag(w))
}

pub(super) fn is_weight_tag(word: &str) -> bool {
    matches!(word, "w:" | "weight:")
}

#[cfg(test)]
mod tests {

    #[test]
    fn fields_split_as_str_split_does() {
        for s in ["", "a", "/", "orc/ogre,,troll", "ç/é ö/", ",x,"] {
            assert_eq!(
                crate::dcss::fields(s, |c| c == b'/' || c == b',').collect::<Vec<_>>(),
                s.split(['/', ',']).collect::<Vec<_>>()
            );
        }
        assert_eq!(
            super::spec_words(" orc\\ priest\tç ").collect::<Vec<_>>(),
            ["orc", "priest", "ç"]
        );
    }
}
