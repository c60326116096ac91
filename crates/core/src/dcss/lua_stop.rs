//! DC0315: a vault's Lua stops with an error where crawl's build of the
//! map stops too (`error(…)`, a nil indexed, a SUBVAULT no map fits): the
//! game never places the map as written. Read from the one run the check
//! makes of each vault (`lua_names`), crawl's library at hand.
//!
//! Not findings: a call of a name nothing defines (DC0314 says it, and a
//! name only the game defines is one this runner does not model), the
//! step and memory limits (the view says the run was cut short), and the
//! runner's own refusals (`OURS`).

use super::ast::{Item, Vault};
use super::run::{Outcome, NESTED_TOO_DEEP, TRIES_PAST_BUDGET};
use crate::lua::sandbox::{StopKind, VM_FAILED};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::{LineIndex, Span};

/// The code of a vault whose Lua stops with an error.
pub const LUA_STOPS: &str = "DC0315";

/// What a stop says when the runner, not the vault, ended the run.
const OURS: &[&str] = &[VM_FAILED, NESTED_TOO_DEEP, TRIES_PAST_BUDGET];

/// The finding for the run of `v`, when its Lua stopped with an error of
/// its own.
pub fn finding(src: &str, lines: &LineIndex, v: &Vault, outcome: &Outcome) -> Option<Diagnostic> {
    let stop = outcome.stop.as_ref()?;
    if stop.kind != StopKind::Error || outcome.missing.is_some() {
        return None;
    }
    if OURS.iter().any(|ours| stop.message.contains(ours)) {
        return None;
    }
    let at_line = stop
        .exact
        .then(|| line_span(src, lines, v, stop.line))
        .flatten();
    let span = at_line.unwrap_or_else(|| first_lua(v));
    let message = match at_line {
        Some(_) => format!("the vault's Lua stops here: {}", stop.message),
        None => format!("the vault's Lua stops: {}", stop.message),
    };
    // A subvault that did not fit is this seed's bad luck: crawl vetoes
    // the map and may place it at another try.
    let finding = if stop.message.starts_with("Could not fit") {
        Diagnostic::warning(LUA_STOPS, message, span).with_note(
            "crawl gives up on the map this time and may place it at another try".to_string(),
        )
    } else {
        Diagnostic::error(LUA_STOPS, message, span).with_note(
            "crawl's build of the map stops too: the game never places it as written".to_string(),
        )
    };
    // The VM names no line for an error of its own (a nil indexed): the
    // last call before it is the nearest the run can tell.
    Some(match (at_line, stop.line) {
        (None, 1..) => finding.with_note(format!(
            "the VM does not say where; it stopped after the call at line {}",
            stop.line
        )),
        _ => finding,
    })
}

/// The text of file line `line` (1-based) when it is the vault's.
fn line_span(src: &str, lines: &LineIndex, v: &Vault, line: u32) -> Option<Span> {
    let index = usize::try_from(line).ok()?.checked_sub(1)?;
    let range = lines.line_range(src, index);
    let text = src.get(range.clone())?;
    let lead = text.len() - text.trim_start().len();
    let span = Span::new(range.start + lead, range.end);
    (v.span.contains(span.start as usize) && !span.is_empty()).then_some(span)
}

/// The vault's first Lua (else its name), where a stop at no line of its
/// own is shown.
fn first_lua(v: &Vault) -> Span {
    v.items
        .iter()
        .find_map(|item| match item {
            Item::Lua(l) => Some(l.span),
            _ => None,
        })
        .unwrap_or(v.name_span)
}
