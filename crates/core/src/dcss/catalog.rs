//! What a vault file may name, as the language service offers and
//! explains it: header keywords, monsters and features with the glyph and
//! colour the game draws them in, items, engine tags, branches, colours,
//! tiles, gods and spells (the tables of `tables` and `look_tables`).

use super::ast::{KEYWORDS, ORIENTS};
use super::{look_tables, tables};
use vaultwright_model::service::{Entry, EntryKind};

/// Every name of `kind` the game's tables hold.
pub fn entries(kind: EntryKind) -> Vec<Entry> {
    let words = |list: &[&str]| list.iter().map(|w| Entry::new(kind, *w)).collect();
    match kind {
        EntryKind::Statement => KEYWORDS
            .iter()
            .map(|(k, ..)| *k)
            .chain([
                "MAP",
                "ENDMAP",
                "lua {{",
                "prelude {{",
                "validate {{",
                "epilogue {{",
            ])
            .map(|k| Entry::new(kind, k).with_detail(statement_detail(k)))
            .collect(),
        EntryKind::Value => words(ORIENTS),
        EntryKind::Monster => look_tables::MONSTERS
            .iter()
            .map(|&(name, glyph, col)| Entry::new(kind, name).drawn(glyph, col.rgb()))
            .collect(),
        EntryKind::Object => words(&tables::ITEMS),
        EntryKind::Terrain => look_tables::FEATURES
            .iter()
            .map(|&(name, glyph, col, what)| {
                Entry::new(kind, name)
                    .drawn(glyph, col.rgb())
                    .with_detail(what)
            })
            .collect(),
        EntryKind::Tag => words(&tables::ENGINE_TAGS),
        EntryKind::Branch => words(&tables::BRANCHES),
        EntryKind::Colour => words(&tables::COLOURS),
        EntryKind::Tile => words(&tables::DUNGEON_TILES),
        EntryKind::God => words(&tables::GODS),
        EntryKind::Spell => tables::SPELLS
            .iter()
            .map(|&(name, _)| Entry::new(kind, name))
            .collect(),
        _ => Vec::new(),
    }
}

/// What a header keyword takes, in one line.
fn statement_detail(keyword: &str) -> &'static str {
    match keyword {
        "NAME:" => "NAME: the vault's unique name",
        "TAGS:" => "TAGS: blank-separated tags (placement, transparency, subvault tags)",
        "DEPTH:" => "DEPTH: where the vault may be placed (D:2-, Lair, !Zot)",
        "ORIENT:" => "ORIENT: float, encompass, north, southeast, …",
        "MONS:" => "MONS: monsters for the map's digits 0–9 (comma-separated)",
        "ITEM:" => "ITEM: items for the map's d–j",
        "KMONS:" => "KMONS: glyph = monster spec",
        "KITEM:" => "KITEM: glyph = item spec",
        "KFEAT:" => "KFEAT: glyph = feature",
        "KMASK:" => "KMASK: glyph = !property / property",
        "KPROP:" => "KPROP: glyph = property",
        "SUBST:" => "SUBST: glyphs = replacements (`:` replaces each cell alike)",
        "NSUBST:" => "NSUBST: glyph = count:replacement / *:replacement",
        "SHUFFLE:" => "SHUFFLE: groups of glyphs exchanged as blocks",
        "SUBVAULT:" => "SUBVAULT: glyphs : vault tag or name",
        "MARKER:" => "MARKER: glyph = lua:constructor(…) or feat:name",
        "COLOUR:" => "COLOUR: glyph = colour",
        "CHANCE:" => "CHANCE: percent or n/10000, optionally per depth",
        "WEIGHT:" => "WEIGHT: relative weight among candidates (default 10)",
        "MAP" => "MAP … ENDMAP: the vault's drawing",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monsters_and_features_are_drawn_as_the_game_draws_them() {
        let monsters = entries(EntryKind::Monster);
        let orc = monsters.iter().find(|e| e.name == "orc");
        assert_eq!(orc.and_then(|e| e.glyph), Some('o'));
        let features = entries(EntryKind::Terrain);
        let lava = features.iter().find(|e| e.name == "lava");
        assert_eq!(lava.and_then(|e| e.glyph), Some('≈'));
        assert!(entries(EntryKind::Statement)
            .iter()
            .any(|e| e.name == "KMONS:"));
    }
}
