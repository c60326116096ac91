//! Names from a source text that become file names: a NetHack level's name
//! becomes `<name>.lev`, a POWDER room's file name a C++ file and its
//! identifiers. A name is written into one folder (the current one, `-o
//! DIR`, a ZIP archive), so it must name a file *in* that folder and
//! nothing else: no separator, no absolute path, no `.` or `..`, no NUL or
//! other control character (a name that a terminal or a later tool would
//! read as something else). Every writer of the core and of its callers
//! checks names through [`problem`], so the rule is one rule.

/// Why `name` cannot be used as the name of a file inside a folder, or
/// `None` when it can.
pub fn problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return Some("it is empty");
    }
    if name == "." || name == ".." {
        return Some("it names a folder (`.` or `..`), not a file");
    }
    if name.contains(['/', '\\']) {
        return Some("it contains a path separator (`/` or `\\`)");
    }
    if has_drive_prefix(name) {
        return Some("it starts with a drive (`C:`), an absolute path on Windows");
    }
    if name.contains('\0') {
        return Some("it contains a NUL character");
    }
    if name.chars().any(char::is_control) {
        return Some("it contains a control character");
    }
    None
}

/// `C:` and the like: on Windows `C:x.lev` is a file in another folder.
fn has_drive_prefix(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(
        (chars.next(), chars.next()),
        (Some(letter), Some(':')) if letter.is_ascii_alphabetic()
    )
}

/// `name` with every character a file name must not hold shown as a
/// visible escape (`\u{1b}`), for messages that quote a refused name.
pub fn shown(name: &str) -> String {
    crate::visible::escaped(name, char::is_control).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_are_files() {
        for ok in ["castle", "minetn-1", "...", "a.b", "Ärger", "with space"] {
            assert_eq!(problem(ok), None, "{ok}");
        }
    }

    #[test]
    fn names_that_leave_the_folder_are_refused() {
        for bad in [
            "",
            ".",
            "..",
            "/tmp/x",
            "../x",
            "a/b",
            "a\\b",
            "C:x",
            "c:\\x",
            "a\0b",
            "a\nb",
            "a\u{1b}[2J",
            "\u{7f}",
        ] {
            assert!(problem(bad).is_some(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn refused_names_are_shown_without_their_controls() {
        assert_eq!(shown("a\nb"), "a\\u{a}b");
        assert_eq!(shown("/tmp/x"), "/tmp/x");
    }
}
