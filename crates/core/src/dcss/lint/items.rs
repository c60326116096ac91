//! Item specs (ITEM, KITEM): unknown item names and randbook spells.

use super::monsters::monster_name_ok;
use super::name_hash::{name_set, NameSet};
use super::names::NameBuf;
use super::spells::randbook_spell_warnings;
use super::UNKNOWN_ITEM;
use crate::dcss::{fields, tables};
use crate::suggest::nearest;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::{GameNames, NameKind};
use vaultwright_model::source::Span;

pub(super) fn item_warnings(spec: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    randbook_spell_warnings(spec, span, game, diags);
    for name in unknown_items(spec, game) {
        let near = nearest(&name, tables::ITEMS.iter().copied(), 2);
        let mut d = Diagnostic::warning(UNKNOWN_ITEM, format!("unknown item \"{name}\""), span)
            .with_note("the game finds this only when it runs the vault's Lua");
        if let Some(n) = near {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

/// `f` of the name with its apostrophes removed (no copy when it has none).
fn without_apostrophes<T>(name: &str, f: impl FnOnce(&str) -> T) -> T {
    if name.contains('\'') {
        f(&name.replace('\'', ""))
    } else {
        f(name)
    }
}

/// The item table with apostrophes removed, sorted.
fn items_without_apostrophes() -> &'static [String] {
    static ITEMS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ITEMS.get_or_init(|| {
        let mut v: Vec<String> = tables::ITEMS.iter().map(|i| i.replace('\'', "")).collect();
        vaultwright_model::sorting::sort(&mut v);
        v
    })
}

/// Whether an item name (modifiers removed) is one the item parser
/// resolves.
pub fn item_name_ok(name: &str) -> bool {
    static SET: std::sync::OnceLock<NameSet> = std::sync::OnceLock::new();
    if name.is_empty() || name_set(&SET, &[&tables::ITEMS]).contains(name) {
        return true;
    }
    if matches!(
        name,
        "any"
            | "%"
            | "*"
            | "|"
            | "$"
            | "gold"
            | "nothing"
            | "star item"
            | "superb item"
            | "randbook"
            | "parchment"
            | "acquire"
            | "skeleton"
            | "corpse"
    ) || name.starts_with("parchment of ")
        || name.starts_with("randbook")
    {
        return true;
    }
    // "potion of berserk rage" for "potions of berserk rage" is not this;
    // this is "ogres' club" against "ogres club", apostrophes being optional.
    if without_apostrophes(name, |plain| {
        items_without_apostrophes()
            .binary_search_by(|i| i.as_str().cmp(plain))
            .is_ok()
    }) {
        return true;
    }
    // A corpse of a random monster of a kind (`random draconian corpse`).
    for suffix in [" corpse", " skeleton"] {
        if name.strip_suffix(suffix).is_some_and(monster_name_ok) {
            return true;
        }
    }
    if let Some(c) = name
        .strip_prefix("any ")
        .or_else(|| name.strip_prefix("random "))
    {
        return tables::ITEM_CLASSES.contains(&c)
            || matches!(c, "skeleton" | "corpse" | "randbook" | "parchment");
    }
    for suffix in [" corpse", " skeleton"] {
        if let Some(base) = name.strip_suffix(suffix) {
            return monster_name_ok(base);
        }
    }
    name.contains("deck") || name.ends_with(" shop") || name.starts_with("acquire")
}

fn item_flag(w: &str) -> bool {
    matches!(
        w,
        "pre_id"
            | "good_item"
            | "mundane"
            | "damaged"
            | "randart"
            | "useful"
            | "unobtainable"
            | "no_exclude"
            | "chaotic"
            | "mimic"
            | "no_pickup"
            | "no_uniq"
            | "allow_uniq"
            | "never_decay"
            | "use_all"
            | "gozag"
    )
}

/// Unknown item names in an ITEM/KITEM value (one per alternative).
pub fn unknown_items(spec: &str, game: &GameNames) -> Vec<String> {
    let mut out = Vec::new();
    let mut name = NameBuf::default();
    for alt in fields(spec, |c| c == b'/' || c == b',') {
        // A corpse's or skeleton's monster takes the monster flags too
        // (`spriggan name:baked n_adj corpse`).
        let n = name.normalise(alt, |w| item_flag(w) || super::monsters::monster_flag(w));
        if !item_name_ok(n) && !game.knows(NameKind::Item, n) {
            out.push(n.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corpse_takes_a_monster_spec_with_its_flags() {
        let game = GameNames::default();
        let unknown = |spec| unknown_items(spec, &game);
        assert!(unknown("random draconian corpse").is_empty());
        assert!(unknown("spriggan name:baked n_adj n_spe n_des corpse").is_empty());
        assert!(unknown("never_decay orc corpse / human skeleton").is_empty());
        assert_eq!(unknown("orcc corpse"), ["orcc corpse"]);
    }
}
