//! The registry of diagnostic codes: every code a finding may carry, with
//! its severity, its language and what it means in one line. The data is
//! `codes.tsv` (its header says what each column holds); the tables of
//! `docs/diagnostics.md` are made from it, and a debug build refuses a finding whose code
//! is not registered.

use std::collections::HashMap;
use std::sync::OnceLock;

/// One registered code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code {
    pub code: &'static str,
    /// `error`, `warning`, `note`; `varies` or `unused` (see the data).
    pub severity: &'static str,
    /// A language's name (`nethack-des` …), `rlg327` or `cli`.
    pub language: &'static str,
    pub meaning: &'static str,
}

const DATA: &str = include_str!("codes.tsv");

/// Every code, in the registry's order.
pub fn all() -> &'static [Code] {
    static ALL: OnceLock<Vec<Code>> = OnceLock::new();
    ALL.get_or_init(|| read(DATA))
}

/// The registered code `code`.
pub fn lookup(code: &str) -> Option<&'static Code> {
    static BY_CODE: OnceLock<HashMap<&'static str, usize>> = OnceLock::new();
    let index =
        BY_CODE.get_or_init(|| all().iter().enumerate().map(|(i, c)| (c.code, i)).collect());
    index.get(code).map(|&i| &all()[i])
}

/// The data's rows; a malformed row is a mistake in our own data, which
/// the tests of this module find.
fn read(data: &'static str) -> Vec<Code> {
    data.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut fields = line.splitn(4, '\t');
            let mut next = || fields.next().unwrap_or_default();
            Code {
                code: next(),
                severity: next(),
                language: next(),
                meaning: next(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_well_formed_and_codes_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for c in all() {
            let shape = c.code.len() == 6
                && c.code[..2].bytes().all(|b| b.is_ascii_uppercase())
                && c.code[2..].bytes().all(|b| b.is_ascii_digit());
            assert!(shape, "{c:?}");
            assert!(
                ["error", "warning", "note", "varies", "unused"].contains(&c.severity),
                "{c:?}"
            );
            assert!(!c.language.is_empty() && !c.meaning.is_empty(), "{c:?}");
            assert!(seen.insert(c.code), "{} twice", c.code);
        }
        assert!(all().len() > 100);
        assert_eq!(lookup("NH0001").map(|c| c.severity), Some("error"));
        assert_eq!(lookup("unknown"), None);
    }
}
