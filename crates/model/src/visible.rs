//! Text from a source, shown to a person. A bidirectional control
//! character (U+202E RIGHT-TO-LEFT OVERRIDE and its kin) reorders what is
//! shown after it, so a name or a message could read otherwise than it is
//! (the "Trojan Source" trick); another control character moves a
//! terminal's cursor or clears its screen. The core hands out the names
//! and messages of an `Analysis` with such characters written as
//! escapes (`\u{202e}`), so the studio, `check` and its JSON show what is
//! really there.

use std::borrow::Cow;

/// A character that changes how the text around it is shown instead of
/// showing itself: the bidirectional marks, embeddings, overrides and
/// isolates, and the control characters but tab and line feed.
pub fn is_hidden_control(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    ) || (c.is_control() && c != '\t' && c != '\n')
}

/// Unicode's general category Cf (format), with U+2028 and U+2029.
pub fn is_format(c: char) -> bool {
    const RANGES: &[(u32, u32)] = &[
        (0x00AD, 0x00AD),
        (0x0600, 0x0605),
        (0x061C, 0x061C),
        (0x06DD, 0x06DD),
        (0x070F, 0x070F),
        (0x0890, 0x0891),
        (0x08E2, 0x08E2),
        (0x180E, 0x180E),
        (0x200B, 0x200F),
        (0x2028, 0x202E),
        (0x2060, 0x2064),
        (0x2066, 0x206F),
        (0xFEFF, 0xFEFF),
        (0xFFF9, 0xFFFB),
        (0x110BD, 0x110BD),
        (0x110CD, 0x110CD),
        (0x13430, 0x1343F),
        (0x1BCA0, 0x1BCA3),
        (0x1D173, 0x1D17A),
        (0xE0001, 0xE0001),
        (0xE0020, 0xE007F),
    ];
    let c = c as u32;
    RANGES.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// `text` with every hidden control written as its escape.
pub fn visible(text: &str) -> Cow<'_, str> {
    escaped(text, is_hidden_control)
}

/// `text` with every character `escape` picks written as its escape
/// (`\u{202e}`); borrowed when there is none.
pub fn escaped(text: &str, escape: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&escape) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                c if escape(c) => c.escape_unicode().to_string(),
                c => c.to_string(),
            })
            .collect(),
    )
}

/// `text` with its hidden controls written as escapes, in place.
pub fn make_visible(text: &mut String) {
    if let Cow::Owned(shown) = visible(text) {
        *text = shown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_controls_are_shown_as_escapes() {
        assert_eq!(visible("plain"), Cow::Borrowed("plain"));
        assert_eq!(visible("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(visible("x\u{1b}[2Jy"), "x\\u{1b}[2Jy");
        assert_eq!(visible("tab\there\nline"), "tab\there\nline");
        assert_eq!(visible("עברית"), "עברית", "right-to-left letters are text");
    }
}
