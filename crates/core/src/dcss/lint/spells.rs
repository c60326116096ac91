//! Spell names in the `spells:` and `sum:` monster modifiers and in randbook items.

use super::{mentions, BAD_SPELL};
use crate::dcss::{fields, tables};
use crate::suggest::nearest;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::{GameNames, NameKind};
use vaultwright_model::source::Span;

/// A spell name as the game reads it (`_` for a space, any case), looked up
/// in its spell table: `None` when no spell has that name, else whether a
/// monster may cast it.
fn spell(name: &str) -> Option<bool> {
    let name = name.replace('_', " ").to_ascii_lowercase();
    tables::SPELLS
        .binary_search_by(|(n, _)| (*n).cmp(name.as_str()))
        .ok()
        .map(|i| tables::SPELLS[i].1)
}

/// A finding about a spell name no spell has, with a "did you mean" note.
fn no_such_spell(mut d: Diagnostic, name: &str) -> Diagnostic {
    let name = name.replace('_', " ").to_ascii_lowercase();
    if let Some(n) = nearest(&name, tables::SPELLS.iter().map(|(n, _)| *n), 3) {
        d.notes
            .push(format!("did you mean \"{}\"?", n.replace(' ', "_")));
    }
    d
}

/// The span of `part` (a slice of `spec`) when `spec` is exactly the text
/// `span` covers, else `span` itself.
fn part_span(spec: &str, span: Span, part: &str) -> Span {
    let off = (part.as_ptr() as usize).wrapping_sub(spec.as_ptr() as usize);
    if (span.end - span.start) as usize == spec.len() && off + part.len() <= spec.len() {
        let at = span.start as usize + off;
        Span::new(at, at + part.len())
    } else {
        span
    }
}

/// `spells:` and `sum:` monster modifiers, which the game checks when it
/// places the monster: every slot's spell must exist and be one monsters
/// cast, with a positive frequency; a summon type must be a spell or one
/// of the game's summon words.
pub(super) fn spell_errors(spec: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    if !mentions(spec, "spells:") && !mentions(spec, "sum:") {
        return;
    }
    let words = fields(spec, |b| b.is_ascii_whitespace() || b == b'/' || b == b',');
    for word in words.filter(|w| !w.is_empty()) {
        if let Some(list) = word.strip_prefix("spells:") {
            if list.contains('&') {
                // A randbook's list (`a&b`), in a string that is not a
                // monster spec.
                continue;
            }
            for slot in fields(list, |b| b == b';') {
                let mut parts = fields(slot, |b| b == b'.');
                let name = parts.next().unwrap_or("");
                if name.is_empty()
                    || matches!(name, "none" | "no_spell")
                    || game.knows(NameKind::Spell, &name.replace('_', " "))
                {
                    continue;
                }
                match spell(name) {
                    None => diags.push(no_such_spell(
                        Diagnostic::error(
                            BAD_SPELL,
                            format!("Unknown spell name: '{name}' in '{slot}'"),
                            part_span(spec, span, name),
                        ),
                        name,
                    )),
                    Some(false) => diags.push(
                        Diagnostic::error(
                            BAD_SPELL,
                            format!("Not a monster spell: '{name}'"),
                            part_span(spec, span, name),
                        )
                        .with_note("only spells monsters can cast may be given with spells:"),
                    ),
                    Some(true) => {}
                }
                if let Some(freq) = parts.next() {
                    if freq.parse::<i64>().map_or(true, |f| f <= 0) {
                        diags.push(
                            Diagnostic::error(
                                BAD_SPELL,
                                format!("Need a positive spell frequency: '{freq}' in '{slot}'"),
                                part_span(spec, span, freq),
                            )
                            .with_note("a slot is name.frequency.flags, e.g. magic_dart.30.wizard"),
                        );
                    }
                }
                for flag in parts {
                    if !matches!(
                        flag,
                        "emergency"
                            | "natural"
                            | "magical"
                            | "wizard"
                            | "priest"
                            | "vocal"
                            | "breath"
                            | "instant"
                            | "noisy"
                            | "short_range"
                            | "long_range"
                    ) {
                        diags.push(Diagnostic::warning(
                            BAD_SPELL,
                            format!("unknown spell slot flag '{flag}' in '{slot}'"),
                            part_span(spec, span, flag),
                        ));
                    }
                }
            }
        } else if let Some(kind) = word.strip_prefix("sum:") {
            let kind = fields(kind, |b| b == b';').next().unwrap_or("");
            if !matches!(
                kind,
                "clone" | "animate" | "chaos" | "miscast" | "zot" | "wrath" | "aid"
            ) && spell(kind).is_none()
            {
                diags.push(no_such_spell(
                    Diagnostic::error(
                        BAD_SPELL,
                        format!("bad monster summon type: \"{kind}\""),
                        part_span(spec, span, kind),
                    ),
                    kind,
                ));
            }
        }
    }
}

/// `spells:a&b` of a randbook item: each must be a spell of the game.
pub(super) fn randbook_spell_warnings(
    spec: &str,
    span: Span,
    game: &GameNames,
    diags: &mut Vec<Diagnostic>,
) {
    if !mentions(spec, "spells:") {
        return;
    }
    for word in fields(spec, |b| b.is_ascii_whitespace() || b == b'/' || b == b',') {
        let Some(list) = word.strip_prefix("spells:") else {
            continue;
        };
        for name in fields(list, |b| b == b'&').filter(|n| !n.is_empty()) {
            if spell(name).is_none() && !game.knows(NameKind::Spell, &name.replace('_', " ")) {
                diags.push(no_such_spell(
                    Diagnostic::warning(
                        BAD_SPELL,
                        format!("randbook spell '{name}' is no spell of the game"),
                        part_span(spec, span, name),
                    ),
                    name,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_spell_table_is_sorted_and_read_as_the_game_reads_names() {
        assert!(crate::dcss::tables::SPELLS
            .windows(2)
            .all(|w| w[0].0 < w[1].0));
        assert_eq!(super::spell("Magic_Dart"), Some(true));
        assert_eq!(super::spell("sentinel's_mark"), Some(true));
        assert_eq!(super::spell("teleport_self"), Some(false));
        assert_eq!(super::spell("magic_dartt"), None);
    }
}
