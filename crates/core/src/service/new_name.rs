//! Which new names a rename accepts: only what the format's own lexer
//! reads back as the same name.
//!
//! A rename writes the new name into every file that uses the old one,
//! so a name the format cannot hold corrupts them all: a newline or a
//! quote ends a quoted dungeon or level name early, a NUL ends it in C,
//! a `/` makes a level's file name (`NAME.lev`) a path, and bidi or
//! zero-width characters make the text show something other than what it
//! says. Messages quote the refused name escaped and cut short, so they
//! neither carry those characters nor grow with a 100 KB name.

use vaultwright_model::service::{EntryKind, Occurrences};

/// The longest new name taken (in characters): more than any level
/// format's names need.
pub const MAX_NAME_CHARS: usize = 256;

/// A new name the format can hold where the old one stood.
pub fn check_new_name(found: &Occurrences, new_name: &str) -> Result<(), String> {
    let length = new_name.chars().count();
    if length > MAX_NAME_CHARS {
        return Err(format!(
            "a name is at most {MAX_NAME_CHARS} characters, not {length}"
        ));
    }
    if let Some(c) = new_name.chars().find(|&c| invisible(c)) {
        return Err(format!(
            "`{}` holds {}, which no name may hold",
            shown(new_name),
            c.escape_unicode()
        ));
    }
    by_kind(found.kind, new_name)
}

/// The rules of the name's own kind.
fn by_kind(kind: EntryKind, new_name: &str) -> Result<(), String> {
    let bare = new_name.trim_start_matches('$');
    let word = !bare.is_empty() && bare.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    match kind {
        EntryKind::Glyph
            if new_name.chars().count() != 1 || new_name.contains(char::is_whitespace) =>
        {
            Err(format!(
                "a map glyph is one character, not `{}`",
                shown(new_name)
            ))
        }
        // A DCSS vault name is read as one word where SUBVAULT names it.
        EntryKind::Variable | EntryKind::Tag | EntryKind::Vault if !word => Err(format!(
            "`{}` is not a {}: letters, digits and `_` only",
            shown(new_name),
            kind.word()
        )),
        EntryKind::Field | EntryKind::Branch if new_name.contains('"') || new_name.is_empty() => {
            Err(format!("`{}` cannot stand inside quotes", shown(new_name)))
        }
        // A level's name is its file's name too (`NAME.lev`).
        EntryKind::Field | EntryKind::Branch if new_name.contains(['/', '\\']) => Err(format!(
            "`{}` holds a path separator: a level or dungeon name is also a file's name",
            shown(new_name)
        )),
        _ => Ok(()),
    }
}

/// A character that is not seen as itself: controls (newline, NUL,
/// DEL, C1), line and paragraph separators, and Unicode's format
/// characters (bidi embeddings, overrides and isolates, zero-width
/// spaces and joiners, the BOM, tags).
fn invisible(c: char) -> bool {
    c.is_control() || vaultwright_model::visible::is_format(c)
}

/// A refused name in a message: its first 40 characters, escaped.
fn shown(name: &str) -> String {
    let mut out: String = name.chars().take(40).flat_map(char::escape_debug).collect();
    if name.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field() -> Occurrences {
        Occurrences {
            kind: EntryKind::Field,
            name: "oracle".into(),
            definitions: Vec::new(),
            uses: Vec::new(),
        }
    }

    #[test]
    fn a_dungeon_name_refuses_what_its_quotes_or_its_file_cannot_hold() {
        for bad in [
            "ora\ncle",
            "ora\0cle",
            "ora\u{202E}cle",
            "ora\u{2066}cle",
            "ora\u{200B}cle",
            "ora\u{FEFF}cle",
            "../..",
            "a\\b",
            "say \"hi\"",
            "",
        ] {
            let refused = check_new_name(&field(), bad);
            let why = refused.expect_err(bad);
            assert!(!why.chars().any(invisible), "{why:?}");
        }
        let long = "x".repeat(100_000);
        let why = check_new_name(&field(), &long).expect_err("too long");
        assert!(why.len() < 100, "{why}");
        assert!(check_new_name(&field(), "The Gnomish Mines").is_ok());
        assert!(check_new_name(&field(), "minetn-1").is_ok());
    }

    #[test]
    fn a_glyph_is_one_visible_character() {
        let glyph = Occurrences {
            kind: EntryKind::Glyph,
            ..field()
        };
        assert!(check_new_name(&glyph, "P").is_ok());
        for bad in ["\0", "\u{202E}", "\n", "PQ"] {
            assert!(check_new_name(&glyph, bad).is_err(), "{bad:?}");
        }
    }
}
