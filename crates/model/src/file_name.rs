//! Names from a source text that become file names: a NetHack level's name
//! becomes `<name>.lev`, a POWDER room's file name a C++ file and its
//! identifiers. A name is written into one folder (the current one, `-o
//! DIR`, a ZIP archive), so it must name a file *in* that folder and
//! nothing else: no separator, no absolute path, no `.` or `..`, no NUL or
//! other control character (a name that a terminal or a later tool would
//! read as something else), no format character (a bidi override or a
//! zero-width space makes a file list read otherwise than it is), and no
//! Windows device name (`CON.lev` there is the console, not a file). Every writer of the core and of its callers
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
    if name.chars().any(crate::visible::is_format) {
        return Some(
            "it contains a format character (a bidi control, a zero-width space or the like)",
        );
    }
    if is_windows_device(name) {
        return Some("it is a Windows device name (`CON`, `NUL`, `COM1` and the like), whatever follows its dot");
    }
    None
}

/// `CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9` (and their
/// superscript digits), in any case, with or without an extension or
/// trailing spaces: Windows opens the device.
fn is_windows_device(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name).trim_end_matches(' ');
    let upper = stem.to_ascii_uppercase();
    if matches!(upper.as_str(), "CON" | "PRN" | "AUX" | "NUL") {
        return true;
    }
    let mut chars = upper.chars();
    let prefix: String = chars.by_ref().take(3).collect();
    let rest: Vec<char> = chars.collect();
    matches!(prefix.as_str(), "COM" | "LPT")
        && matches!(rest.as_slice(), [d] if d.is_ascii_digit() || matches!(d, '¹' | '²' | '³'))
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
    crate::visible::escaped(name, |c| c.is_control() || crate::visible::is_format(c)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_are_files() {
        for ok in [
            "castle",
            "minetn-1",
            "...",
            "a.b",
            "Ärger",
            "with space",
            "console",
            "com10",
            "nullify",
        ] {
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
            "evil\u{202e}vel",
            "zero\u{200b}width",
            "con",
            "CON.lev",
            "nul ",
            "Com1.txt",
            "lpt9",
            "COM\u{b9}",
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
