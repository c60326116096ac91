//! Words after `place:` that the monster parser ignores, in specs and in Lua strings.

use super::monsters::monster_flag;
use super::spells::spell_errors;
use super::{holds, mentions, PLACE_WORDS};
use crate::dcss::{spec::split_selector, Lua};
use crate::lua::scan;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::GameNames;
use vaultwright_model::source::Span;

/// Whether a word of a `place:` alternative is neither a modifier
/// (`key:value` in lower case), nor a derivation, nor a flag.
fn ignored_after_place(w: &str) -> bool {
    let modifier =
        w.contains(':') && !w.ends_with(':') && !w.starts_with(|c: char| c.is_ascii_uppercase());
    let known = matches!(
        w,
        "zombie" | "draugr" | "simulacrum" | "spectre" | "0" | "8" | "9"
    ) || monster_flag(w);
    !(modifier || known || w.starts_with("place:") || w.starts_with("n_") || w.starts_with("name_"))
}

/// Words after `place:` that the monster parser ignores.
fn place_words(spec: &str) -> Vec<(usize, String)> {
    let mut bad = Vec::new();
    if !mentions(spec, "place:") {
        return bad;
    }
    let mut alt_at = 0;
    for alt in spec.split('/') {
        let this_at = alt_at + (alt.len() - alt.trim_start().len());
        alt_at += alt.len() + 1;
        let alt = alt.split(';').next().unwrap_or(alt);
        let words: Vec<&str> = alt
            .split(|c: char| c.is_whitespace() || c == '\\')
            .filter(|w| !w.is_empty())
            .collect();
        if !words.iter().any(|w| w.starts_with("place:")) {
            continue;
        }
        let ignored: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| ignored_after_place(w))
            .collect();
        if !ignored.is_empty() {
            bad.push((this_at, ignored.join(" ")));
        }
    }
    bad
}

/// `place:` words in the monster specs of Lua string literals (but those
/// in `checked`, which a header function's checks read already).
pub fn lint_lua(l: &Lua, checked: &[usize], game: &GameNames, diags: &mut Vec<Diagnostic>) {
    static MONS: std::sync::OnceLock<memchr::memmem::Finder<'static>> = std::sync::OnceLock::new();
    if !holds(&MONS, "mons", &l.text) {
        return;
    }
    let literals = scan::literals_in(&l.text, l.tokens());
    // A string glued to computed text ("place:D:" .. depth) is partial.
    for scan::Literal {
        at: off, text: s, ..
    } in literals.into_iter().filter(|lit| !lit.joined)
    {
        if checked.contains(&off) {
            continue;
        }
        let spec = split_selector(s)
            .map(|(_, _, v)| v)
            .filter(|_| s.contains('='))
            .unwrap_or(s);
        // Reported at the string, as a directive is reported at its line.
        let at = (l.text_at + off).min(l.span.end as usize);
        let span = Span::new(at, (at + s.len()).min(l.span.end as usize));
        place_findings(spec, span, diags);
        // A whole monster spec written as one literal: its spells too.
        if mentions(spec, "spells:") {
            spell_errors(spec, span, game, diags);
        }
    }
}

/// The `place:` words of a monster spec, reported at `span`.
pub(super) fn place_findings(spec: &str, span: Span, diags: &mut Vec<Diagnostic>) {
    for (_, words) in place_words(spec) {
        diags.push(place_warning(&words, span));
    }
}

fn place_warning(words: &str, span: Span) -> Diagnostic {
    Diagnostic::warning(PLACE_WORDS, format!("\"{words}\" after place: is ignored by the game"), span)
        .with_note("after place:Branch:N only zombie, draugr, simulacrum and spectre derive a monster; the game places a random monster of that level instead")
}
