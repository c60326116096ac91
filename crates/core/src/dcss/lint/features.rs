//! Feature, colour, tile and `cloud_type` names against the game's tables.

use super::{UNKNOWN_CLOUD, UNKNOWN_COLOUR, UNKNOWN_FEATURE, UNKNOWN_TILE};
use crate::dcss::{fields, tables};
use crate::lua::scan;
use crate::suggest::nearest;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::{GameNames, NameKind};
use vaultwright_model::source::Span;

const TRAPS_RENAMED: &str = "trunk names trap features `trap_…` since 2026-03; releases up to 0.34 and forks read the old name";

/// Trap features as releases up to 0.34 named them (the display name, or
/// `known` and the display name), with trunk's name for each.
const OLD_TRAP_NAMES: &[(&str, &str)] = &[
    ("alarm trap", "trap_alarm"),
    ("archmage's trap", "trap_archmage"),
    ("devourer's trap", "trap_devourer"),
    ("dispersal trap", "trap_dispersal"),
    ("dormant shadow trap", "trap_shadow_dormant"),
    ("harlequin's trap", "trap_harlequin"),
    ("mechanical trap", "trap_mechanical"),
    ("net trap", "trap_net"),
    ("permanent teleport trap", "trap_teleport_permanent"),
    ("pressure plate", "trap_pressure_plate"),
    ("shadow trap", "trap_shadow"),
    ("teleport trap", "trap_teleport"),
    ("tyrant's trap", "trap_tyrant"),
    ("zot trap", "trap_zot"),
];

/// Trunk's name for a trap feature written in the old form.
fn trunk_trap_name(name: &str) -> Option<&'static str> {
    let name = name.strip_prefix("known ").unwrap_or(name);
    OLD_TRAP_NAMES
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(name))
        .map(|(_, trunk)| *trunk)
}

/// KFEAT alternatives: a glyph, a trap word, a shop, or a feature name.
/// The game fails with "no features matching" when it places the vault.
pub(super) fn feature_errors(
    value: &str,
    span: Span,
    game: &GameNames,
    diags: &mut Vec<Diagnostic>,
) {
    for alt in fields(value, |b| b == b'/') {
        let name = strip_weights(alt);
        if name.chars().count() <= 1
            || matches!(&*name, "any trap" | "random trap")
            || name.split([' ', ';']).any(|w| w == "shop")
            || tables::FEATURES.binary_search(&&*name).is_ok()
            || game.knows(NameKind::Feature, &name)
            || (game.old_trap_features && trunk_trap_name(&name).is_some())
        {
            continue;
        }
        let mut d = Diagnostic::error(
            UNKNOWN_FEATURE,
            format!("no features matching \"{name}\""),
            span,
        )
        .with_note("the game finds this only when it places the vault");
        if let Some(trunk) = trunk_trap_name(&name) {
            d.notes
                .push(format!("did you mean \"{trunk}\"? {TRAPS_RENAMED}"));
        } else if let Some(n) = nearest(&name, tables::FEATURES.iter().copied(), 3) {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

/// COLOUR alternatives (an argument's value) and LFLOORCOL/LROCKCOL values
/// against the game's colour names (warnings: Lua may add colours with
/// colour.add_colour).
pub(super) fn colour_warnings(keyword: &str, value: &str, span: Span, diags: &mut Vec<Diagnostic>) {
    for alt in fields(value, |b| b == b'/') {
        let stripped = strip_weights(alt);
        let name: &str = match stripped.rsplit_once(':') {
            Some((c, n)) if n.parse::<u32>().is_ok() => c,
            _ => &stripped,
        };
        if name.is_empty() || name == "none" {
            continue;
        }
        if keyword == "LFLOORCOL" && name == "black" {
            diags.push(Diagnostic::error(
                UNKNOWN_COLOUR,
                "Can't set floor to black.",
                span,
            ));
            continue;
        }
        // The game lower-cases specs (`COLOUR: p = LIGHTGREY` works).
        if tables::COLOURS
            .binary_search(&name.to_ascii_lowercase().as_str())
            .is_err()
        {
            diags.push(Diagnostic::warning(
                UNKNOWN_COLOUR,
                format!("No such colour as '{name}'"),
                span,
            ));
        }
    }
}

/// FTILE/RTILE/TILE alternatives (`value`, of the argument `arg`) against the
/// dungeon tile names: the game rejects an unknown one when it compiles
/// the vault ("bad spec").
pub(super) fn tile_errors(
    arg: &str,
    value: &str,
    span: Span,
    game: &GameNames,
    diags: &mut Vec<Diagnostic>,
) {
    for alt in fields(value, |b| b == b'/') {
        // `name w:N`, `name:N` (blanks allowed after the colon) and the
        // flags `no_random` and `last_tile` anywhere.
        let words: Vec<&str> = alt
            .split_whitespace()
            .filter(|w| {
                !matches!(*w, "no_random" | "last_tile")
                    && w.strip_prefix("w:")
                        .is_none_or(|n| n.parse::<u32>().is_err())
            })
            .collect();
        let joined = words.join(" ");
        let name = joined
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if name.is_empty()
            || name == "none"
            || tables::DUNGEON_TILES.binary_search(&name.as_str()).is_ok()
            || game.knows(NameKind::Tile, &name)
        {
            continue;
        }
        let near = nearest(&name, tables::DUNGEON_TILES.iter().copied(), 2);
        let mut d = Diagnostic::error(UNKNOWN_TILE, format!("bad spec: '{name}' in '{arg}'"), span)
            .with_note("not a dungeon tile name");
        if let Some(n) = near {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

/// Words of a weighted alternative that are weights or flags, not names.
pub(in crate::dcss) fn strip_weights(alt: &str) -> std::borrow::Cow<'_, str> {
    // crawl strips a `w:` or `mimic:` tag whatever its value; one that is
    // no whole number (`w:0.0`, made by Lua 5.4's `/`) is then ignored.
    let keep = |w: &&str| {
        !w.starts_with("w:") && *w != "no_mimic" && *w != "mimic" && !w.starts_with("mimic:")
    };
    let t = alt.trim();
    // Usually one name, already as the words would be joined.
    if fields(t, |b| b == b' ').all(|w| !w.is_empty() && keep(&w))
        && !t.contains(|c: char| c.is_whitespace() && c != ' ')
    {
        return std::borrow::Cow::Borrowed(t);
    }
    std::borrow::Cow::Owned(
        alt.split_whitespace()
            .filter(keep)
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// `cloud_type = "x"` in a marker or Lua text against the game's cloud
/// names; `at` is the source offset of `text`. A fog machine with an
/// unknown cloud fails only when the level is built.
pub(super) fn cloud_warnings(text: &str, at: usize, limit: usize, diags: &mut Vec<Diagnostic>) {
    for (off, name) in scan::assigned_strings(text, None, &["cloud_type"]) {
        if tables::CLOUDS.binary_search(&name).is_ok() {
            continue;
        }
        let start = (at + off).min(limit);
        let near = nearest(name, tables::CLOUDS.iter().copied(), 3);
        let mut d = Diagnostic::warning(
            UNKNOWN_CLOUD,
            format!("unknown cloud type \"{name}\""),
            Span::new(start, (start + name.len()).min(limit)),
        )
        .with_note("the fog machine fails when the level is built");
        if let Some(n) = near {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::strip_weights;

    #[test]
    fn a_weight_is_stripped_whatever_its_value_as_crawl_strips_it() {
        assert_eq!(strip_weights("trap_alarm w:5"), "trap_alarm");
        // Lua 5.4's `/` makes `w:0.0`: crawl strips it and ignores it.
        assert_eq!(strip_weights("trap_alarm w:0.0"), "trap_alarm");
        assert_eq!(strip_weights("mimic:3 fountain"), "fountain");
        assert_eq!(strip_weights("lava"), "lava");
    }
}
