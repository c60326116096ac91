//! Monster specs (MONS, KMONS): unknown names, weights read as counts, `god:` and `col:`.

use super::name_hash::{name_set, NameSet};
use super::names::{is_weight_tag, spec_words, NameBuf};
use super::spells::spell_errors;
use super::{mentions, BAD_MODIFIER, READ_OTHERWISE, UNKNOWN_MONSTER};
use crate::dcss::{fields, tables};
use crate::suggest::nearest;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::{GameNames, NameKind};
use vaultwright_model::source::Span;

pub(super) fn monster_warnings(
    spec: &str,
    span: Span,
    game: &GameNames,
    diags: &mut Vec<Diagnostic>,
) {
    // Every modifier has a colon; most specs have none.
    if spec.as_bytes().contains(&b':') {
        modifier_errors(spec, span, game, diags);
        spell_errors(spec, span, game, diags);
        for weight in fractional_weights(spec) {
            diags.push(
                Diagnostic::warning(
                    READ_OTHERWISE,
                    format!("`{weight}`: the game reads no weight here, as it is no whole number"),
                    span,
                )
                .with_note(
                    "the tag is dropped and the weight stays 10; Lua 5.4's `/` makes a float (`30 / 2` is `15.0`): `//` or `math.floor` keeps a whole number",
                ),
            );
        }
        for (tag, number) in spaced_weights(spec) {
            let count = number.parse::<u32>().ok().filter(|n| (1..=99).contains(n));
            let (read, placed) = match count {
                Some(n) => (
                    format!("{n} as a count of monsters"),
                    format!("{n} monsters are placed"),
                ),
                None => (
                    format!("drops {number} (a count is 1–99)"),
                    "one monster is placed".into(),
                ),
            };
            diags.push(
                Diagnostic::warning(
                    READ_OTHERWISE,
                    format!("`{tag} {number}`: the game reads no weight here and {read}"),
                    span,
                )
                .with_note(format!(
                    "the space ends the tag: the weight stays 10 and {placed}; for a weight write `{tag}{number}`"
                )),
            );
        }
    }
    for name in unknown_monsters(spec, game) {
        let near = nearest(&name, tables::MONSTERS.iter().copied(), 2);
        let mut d = Diagnostic::error(UNKNOWN_MONSTER, format!("unknown monster \"{name}\""), span)
            .with_note("the game finds this only when it runs the vault's Lua, one random branch at a time");
        if let Some(n) = near {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

/// Monster names and the special names the spec parser knows.
fn known_monster(name: &str) -> bool {
    static SET: std::sync::OnceLock<NameSet> = std::sync::OnceLock::new();
    name_set(&SET, &[&tables::MONSTERS, SPECIAL_MONSTERS]).contains(name)
}

const SPECIAL_MONSTERS: &[&str] = &[
    "nothing",
    "random",
    "any",
    "any monster",
    "0",
    "8",
    "9",
    "any demon",
    "lesser demon",
    "common demon",
    "greater demon",
    "pandemonium lord",
    "small abomination",
    "large abomination",
    "orb of appropriateness",
    "any draconian",
    "any base draconian",
    "any nonbase draconian",
    "ugly thing",
    "very ugly thing",
    "mutant beast",
    "bai suzhen dragon",
    "orc apostle",
    "slime creature",
    "hydra",
    "slymdra",
];

/// Whether a monster name (modifiers removed) is one the spec parser
/// resolves: a table name, a derived form or a special name.
pub fn monster_name_ok(name: &str) -> bool {
    if name.is_empty() || known_monster(name) {
        return true;
    }
    for suffix in [
        " zombie",
        " draugr",
        " simulacrum",
        " spectre",
        " skeleton",
        " corpse",
    ] {
        if let Some(base) = name.strip_suffix(suffix) {
            if monster_name_ok(base) {
                return true;
            }
        }
    }
    if let Some(base) = name.strip_prefix("spectral ") {
        if monster_name_ok(base) {
            return true;
        }
    }
    let last = name.rsplit(' ').next().unwrap_or("");
    // Families with a variable first part: N-headed hydra, big slime
    // creature, red draconian (job), jelly-shaped pillar of salt, …
    if name.contains("-headed ")
        || name.ends_with("pillar of salt")
        || name.ends_with("block of ice")
    {
        return true;
    }
    if matches!(
        last,
        "draconian" | "creature" | "thing" | "beast" | "apostle"
    ) || fields(name, |b| b == b' ').any(|w| w == "draconian")
        || name.starts_with("serpent of hell")
        || name.starts_with("any ")
    {
        return true;
    }
    false
}

/// A monster name without its leading count: the game takes digits
/// followed by a space off the front (a count of 1–99 it keeps, any other
/// it drops) before it looks the name up.
fn without_count(name: &str) -> &str {
    let digits = name.bytes().take_while(u8::is_ascii_digit).count();
    match name.as_bytes().get(digits) {
        Some(b' ') if digits > 0 => &name[digits + 1..],
        _ => name,
    }
}

/// `w:15.0`: a weight tag whose value is no whole number (a float a
/// vault's Lua made with `/`). The game strips the tag, fails to read its
/// number and keeps the default weight.
fn fractional_weights(spec: &str) -> impl Iterator<Item = &str> {
    spec_words(spec).filter(|w| {
        let value = w.strip_prefix("w:").or_else(|| w.strip_prefix("weight:"));
        value
            .is_some_and(|v| !v.is_empty() && v.parse::<i64>().is_err() && v.parse::<f64>().is_ok())
    })
}

/// `w: 20 ice statue`: a weight tag with a space before its number. The
/// game reads no weight there (the default, 10) and the number as a count
/// of monsters; almost never what was meant.
fn spaced_weights(spec: &str) -> impl Iterator<Item = (&str, &str)> {
    fields(spec, |c| c == b'/' || c == b',').filter_map(|alt| {
        let body = fields(alt, |c| c == b';').next().unwrap_or(alt);
        let mut words = spec_words(body);
        let tag = words.find(|w| is_weight_tag(w))?;
        let number = words.next()?;
        number
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then_some((tag, number))
    })
}

pub(super) fn monster_flag(w: &str) -> bool {
    // Only three flags lack a `_`; most words are settled by that.
    if !w.as_bytes().contains(&b'_') {
        return matches!(w, "band" | "seen" | "patrolling");
    }
    matches!(
        w,
        "generate_awake"
            | "patrolling"
            | "band"
            | "seen"
            | "always_corpse"
            | "never_corpse"
            | "god_gift"
            | "n_suf"
            | "n_adj"
            | "n_rpl"
            | "n_the"
            | "n_des"
            | "n_spe"
            | "n_zom"
            | "n_noc"
            | "name_suffix"
            | "name_adjective"
            | "name_replace"
            | "name_definite"
            | "name_descriptor"
            | "name_species"
            | "name_zombie"
            | "name_nocorpse"
    )
}

/// The monster the first alternative of a MONS slot or KMONS value names,
/// as the game's lookup reads it (modifiers, flags and equipment left
/// out), and whether more alternatives follow.
pub fn first_monster(spec: &str) -> Option<(String, bool)> {
    let mut alts = fields(spec, |c| c == b'/' || c == b',');
    let first = alts.next()?;
    let body = fields(first, |c| c == b';').next().unwrap_or(first);
    let mut name = NameBuf::default();
    let n = name.normalise(body, monster_flag).to_string();
    Some((n, alts.next().is_some()))
}

/// Unknown monster names in a MONS/KMONS value (one per alternative).
pub fn unknown_monsters(spec: &str, game: &GameNames) -> Vec<String> {
    let mut out = Vec::new();
    let mut name = NameBuf::default();
    let has_place = mentions(spec, "place:");
    for alt in fields(spec, |c| c == b'/' || c == b',') {
        let body = fields(alt, |c| c == b';').next().unwrap_or(alt);
        if has_place && body.contains("place:") {
            // What follows place: is checked by the place: rule.
            continue;
        }
        let n = name.normalise(body, monster_flag);
        if !monster_name_ok(without_count(n)) && !game.knows(NameKind::Monster, without_count(n)) {
            out.push(n.to_string());
        }
    }
    out
}

/// `god:` and `col:` monster modifiers, which the game checks when it
/// places the monster ("bad monster god", "bad monster colour").
fn modifier_errors(spec: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    if !mentions(spec, "god:") && !mentions(spec, "col:") {
        return;
    }
    for word in spec.split(|c: char| c.is_whitespace() || c == '/' || c == ',') {
        let word = word.split(';').next().unwrap_or("");
        if let Some(g) = word.strip_prefix("god:") {
            let name = g.replace('_', " ").to_ascii_lowercase();
            if tables::GODS.binary_search(&name.as_str()).is_err()
                && !game.knows(NameKind::God, &name)
            {
                diags.push(
                    Diagnostic::error(BAD_MODIFIER, format!("bad monster god: \"{g}\""), span)
                        .with_note("god names use `_` for spaces, e.g. god:the_shining_one"),
                );
            }
        } else if let Some(c) = word.strip_prefix("col:") {
            if tables::COLOURS
                .binary_search(&c.to_ascii_lowercase().as_str())
                .is_err()
            {
                diags.push(Diagnostic::error(
                    BAD_MODIFIER,
                    format!("bad monster colour: \"{c}\""),
                    span,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::GameNames;
    use crate::dcss::lint::names::plain_name;

    #[test]
    fn plain_names_are_taken_as_they_are_and_others_normalised() {
        let flag = super::monster_flag;
        assert_eq!(plain_name(" orc priest ", flag), Some("orc priest"));
        assert_eq!(plain_name("orc  priest", flag), None);
        assert_eq!(plain_name("orc band", flag), None);
        assert_eq!(plain_name("Orc", flag), None);
        assert_eq!(plain_name("orc_priest", flag), None);
        assert_eq!(plain_name("orc hp:10", flag), None);
        let game = GameNames::default();
        assert!(
            super::unknown_monsters("orc priest / Orc_Priest band / orc  priest", &game).is_empty()
        );
        assert_eq!(super::unknown_monsters("orc prist", &game), ["orc prist"]);
    }
}
