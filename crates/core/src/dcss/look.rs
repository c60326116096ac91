//! How the game draws a vault: the console glyph and colour of the
//! feature each map glyph makes, of KFEAT features, and of the monsters
//! MONS/KMONS name; placeholders for what the game picks at random and
//! for what no table here can draw.

use super::lint;
use super::look_tables::{self, Col};
use super::tables;
use vaultwright_model::view::{
    Look, Pick, Rgb, ANY_MONSTER_GLYPH, ANY_OBJECT_GLYPH, ITEM_SLOT_GLYPH, MONSTER_SLOT_GLYPH,
};

/// The feature each terrain glyph of the map language makes (syntax.txt,
/// "Glyphs"), by its vault name.
const MAP_FEATURES: &[(u8, &str)] = &[
    (b'x', "rock_wall"),
    (b'X', "permarock_wall"),
    (b'c', "stone_wall"),
    (b'v', "metal_wall"),
    (b'b', "crystal_wall"),
    (b'm', "clear_rock_wall"),
    (b'n', "clear_stone_wall"),
    (b'o', "clear_permarock_wall"),
    (b't', "tree"),
    (b'.', "floor"),
    (b'@', "floor"),
    (b'+', "closed_door"),
    (b'=', "runed_clear_door"),
    (b'w', "deep_water"),
    (b'W', "shallow_water"),
    (b'l', "lava"),
    (b'A', "stone_arch"),
    (b'G', "granite_statue"),
    (b'I', "orcish_idol"),
    (b'T', "fountain_blue"),
    (b'U', "fountain_sparkling"),
    (b'V', "dry_fountain"),
    (b'Y', "fountain_blood"),
    (b'{', "stone_stairs_up_i"),
    (b'(', "stone_stairs_up_ii"),
    (b'[', "stone_stairs_up_iii"),
    (b'}', "stone_stairs_down_i"),
    (b')', "stone_stairs_down_ii"),
    (b']', "stone_stairs_down_iii"),
    (b'<', "escape_hatch_up"),
    (b'>', "escape_hatch_down"),
];

/// A feature by its vault name: glyph, colour and the game's name.
pub fn feature(vault_name: &str) -> Option<(char, Rgb, &'static str)> {
    look_tables::FEATURES
        .binary_search_by(|(n, ..)| (*n).cmp(vault_name))
        .ok()
        .and_then(|i| look_tables::FEATURES.get(i))
        .map(|&(_, glyph, col, name)| (glyph, col.rgb(), name))
}

/// A feature as a KFEAT alternative names it: a vault name, the same with
/// blanks for `_`, or a trap by its words ("alarm trap" is `trap_alarm`).
fn feature_named(name: &str) -> Option<(char, Rgb, &'static str)> {
    feature(feature_key(name)?)
}

/// The vault name of the feature a KFEAT alternative names (see
/// `feature_named`).
fn feature_key(name: &str) -> Option<&'static str> {
    let underscored = name.replace(' ', "_");
    let trap = name
        .strip_suffix(" trap")
        .map(|t| format!("trap_{}", t.replace(' ', "_")));
    [Some(name.to_string()), Some(underscored), trap]
        .into_iter()
        .flatten()
        .find_map(|n| {
            let tables = &look_tables::FEATURES;
            let i = tables.binary_search_by(|(k, ..)| (*k).cmp(&n)).ok()?;
            tables.get(i).map(|(key, ..)| *key)
        })
}

/// What a map glyph is when the vault leaves it as it is.
pub enum GlyphRole {
    /// Terrain: glyph, colour, words.
    Terrain(char, Rgb, String),
    /// Floor with something on it (a random monster, an item, a slot).
    OnFloor,
}

/// The default meaning of a map glyph (no K-spec on it).
pub fn map_glyph(g: u8) -> GlyphRole {
    let meaning = tables::GLYPHS
        .iter()
        .find(|(c, _, _)| *c == g)
        .map(|&(_, cat, m)| (cat, m));
    let terrain = |glyph, fg, words: &str| GlyphRole::Terrain(glyph, fg, words.to_string());
    match meaning {
        Some(("monster" | "monster slot" | "item" | "item slot", _)) => GlyphRole::OnFloor,
        Some(("altar", m)) => {
            // The god is the game's pick: an altar glyph in the pick colour.
            terrain('_', Rgb::RANDOM_PICK, &format!("{m} (`{}`)", g as char))
        }
        Some(("trap", m)) => terrain('^', Rgb::PLACEHOLDER, &format!("{m} (`{}`)", g as char)),
        Some(("layout", _)) => terrain(' ', Rgb::GRAY, "not part of the vault"),
        Some((_, m)) => {
            let (glyph, fg) = MAP_FEATURES
                .iter()
                .find(|(c, _)| *c == g)
                .and_then(|(_, f)| feature(f))
                .map_or(('.', Rgb::GRAY), |(glyph, fg, _)| (glyph, fg));
            if g == b'.' {
                terrain(glyph, fg, "floor")
            } else {
                terrain(glyph, fg, &format!("{m} (`{}`)", g as char))
            }
        }
        None => {
            let (glyph, fg) = feature("floor").map_or(('.', Rgb::GRAY), |(g, f, _)| (g, f));
            let words = format!("floor (`{}` has no meaning here)", g as char);
            terrain(glyph, fg, &words)
        }
    }
}

/// The first alternative of a spec and whether others follow.
fn first_alternative(spec: &str) -> (&str, bool) {
    let mut alts = spec.split('/');
    let first = alts.next().unwrap_or(spec).trim();
    (first, alts.next().is_some())
}

/// A KFEAT value: the first alternative's feature (a single character
/// is the feature its map glyph makes, as the game reads `KFEAT: x = l`),
/// or `None` when no table here knows it (a shop, a trap class).
pub fn kfeat(spec: &str) -> Option<(char, Rgb, String)> {
    let (first, more) = first_alternative(spec);
    let name = lint::strip_weights(first);
    let (glyph, fg, words) = match name.as_bytes() {
        [g] => glyph_feature(*g),
        _ => feature_named(&name).map(|(g, fg, w)| (g, fg, w.to_string()))?,
    };
    let words = if more {
        format!("{words} (the first of: {spec})")
    } else {
        words
    };
    Some((glyph, fg, words))
}

/// A KFEAT value as the game builds one cell of it: each cell picks an
/// alternative by its weight (`w:N` or `weight:N`, 10 without), with
/// `roll` the cell's draw (crawl's `feature_slot::get_feat`). `None` when
/// no table here knows the alternative picked.
pub fn kfeat_at(spec: &str, roll: u64) -> Option<(char, Rgb, String)> {
    let alternatives: Vec<(&str, u64)> = spec
        .split('/')
        .map(|alt| (alt.trim(), alternative_weight(alt)))
        .collect();
    let total: u64 = alternatives.iter().map(|(_, w)| w).sum();
    let mut left = roll % total.max(1);
    let picked = alternatives
        .iter()
        .find(|(_, w)| {
            let here = left < *w;
            left = left.saturating_sub(*w);
            here
        })
        .map_or(spec, |(alt, _)| alt);
    let name = lint::strip_weights(picked);
    let name = name.trim();
    match kfeat_named(name)? {
        KfeatName::Glyph(g) => Some(glyph_feature(g)),
        KfeatName::Shop => {
            let (glyph, fg, _) = feature("abandoned_shop")?;
            Some((glyph, fg, format!("shop ({name})")))
        }
        KfeatName::AnyTrap => {
            let (glyph, fg, _) = feature("trap_alarm")?;
            Some((glyph, fg, format!("a trap ({name})")))
        }
        KfeatName::Feature(key) => feature(key).map(|(g, fg, w)| (g, fg, w.to_string())),
    }
}

/// What a KFEAT alternative (weights stripped) names.
enum KfeatName {
    /// One map glyph: what that glyph makes.
    Glyph(u8),
    /// A shop of any kind.
    Shop,
    /// "any trap" or "random trap": one the game picks.
    AnyTrap,
    /// A feature, by its vault name.
    Feature(&'static str),
}

/// The one reading of a KFEAT alternative, which the view and a room
/// built from the game's index share; none for a name the game does not
/// know.
fn kfeat_named(name: &str) -> Option<KfeatName> {
    Some(match name.as_bytes() {
        [g] => KfeatName::Glyph(*g),
        _ if name.split_whitespace().any(|w| w == "shop") => KfeatName::Shop,
        _ if matches!(name, "any trap" | "random trap") => KfeatName::AnyTrap,
        _ => KfeatName::Feature(feature_key(name)?),
    })
}

/// An alternative's weight as the game reads it: `weight:N` or `w:N`,
/// and 10 when absent or not above 0.
fn alternative_weight(alternative: &str) -> u64 {
    alternative
        .split_whitespace()
        .find_map(|word| {
            let n = word
                .strip_prefix("weight:")
                .or_else(|| word.strip_prefix("w:"))?;
            n.parse::<i64>().ok()
        })
        .filter(|&w| w > 0)
        .map_or(10, |w| w as u64)
}

/// The feature (its vault name) a KFEAT alternative builds, weights
/// stripped: one map glyph builds that glyph's feature, any shop the
/// shop entrance, "any trap" one trap; a name the game does not know
/// builds none.
pub fn kfeat_feature(alternative: &str) -> Option<&'static str> {
    let name = lint::strip_weights(alternative);
    Some(match kfeat_named(name.trim())? {
        KfeatName::Glyph(g) => map_feature(g),
        KfeatName::Shop => "enter_shop",
        KfeatName::AnyTrap => "trap_alarm",
        KfeatName::Feature(key) => key,
    })
}

/// The vault name of the feature map glyph `g` makes: its terrain's, or
/// floor (under a monster or an item, or for a glyph of no meaning).
pub fn map_feature(g: u8) -> &'static str {
    MAP_FEATURES
        .iter()
        .find(|(m, _)| *m == g)
        .map_or("floor", |(_, name)| name)
}

/// The map glyph that makes feature `name`, when one does.
pub fn feature_glyph(name: &str) -> Option<u8> {
    MAP_FEATURES
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(g, _)| *g)
}

/// The feature a map glyph makes where a KFEAT names the glyph: its
/// terrain, or floor for a glyph that places a monster or an item.
fn glyph_feature(g: u8) -> (char, Rgb, String) {
    match map_glyph(g) {
        GlyphRole::Terrain(glyph, fg, words) => (glyph, fg, words),
        GlyphRole::OnFloor => {
            let (glyph, fg) = feature("floor").map_or(('.', Rgb::GRAY), |(g, f, _)| (g, f));
            (glyph, fg, format!("floor (the feature of `{}`)", g as char))
        }
    }
}

/// A monster of a MONS slot or KMONS: the first alternative's glyph and
/// colour; a placeholder for a random monster or one no table here draws;
/// `None` for `nothing`.
pub fn monster(spec: &str) -> Option<Look> {
    let (name, more) = lint::first_monster(spec)?;
    let pick = more.then_some(Pick::OneOf);
    if name == "nothing" {
        return None;
    }
    if name.is_empty() || name == "random" || name.starts_with("random ") {
        return Some(Look::placeholder(
            ANY_MONSTER_GLYPH,
            "random monster (any kind)",
        ));
    }
    let hit = look_tables::MONSTERS
        .binary_search_by(|(n, ..)| (*n).cmp(name.as_str()))
        .ok()
        .and_then(|i| look_tables::MONSTERS.get(i));
    Some(match hit {
        Some(&(_, glyph, col)) => Look {
            glyph,
            fg: col.rgb(),
            what: alternatives(name, more),
            pick: pick.or((col == Col::Varies).then_some(Pick::InClass)),
        },
        None => Look {
            glyph: MONSTER_SLOT_GLYPH,
            fg: Rgb::PLACEHOLDER,
            what: alternatives(name, more),
            pick,
        },
    })
}

/// The words for the first alternative of several: the game picks one.
fn alternatives(name: String, more: bool) -> String {
    if more {
        format!("{name} (or another listed alternative)")
    } else {
        name
    }
}

/// A random monster glyph of the map (`0`, `8`, `9`, or a digit without
/// its MONS slot).
pub fn random_monster(meaning: &str) -> Look {
    Look::placeholder(ANY_MONSTER_GLYPH, meaning)
}

/// An item of an ITEM slot or KITEM. DCSS item colours depend on the
/// game's random descriptions and materials, so a named item is drawn as
/// an item slot with its name; random items as the placeholder; `None`
/// for `nothing`.
pub fn item(spec: &str) -> Option<Look> {
    let (first, more) = first_alternative(spec);
    let words: Vec<&str> = first
        .split_whitespace()
        .filter(|w| !w.contains(':'))
        .collect();
    let name = words.join(" ");
    if name == "nothing" {
        return None;
    }
    let pick = more.then_some(Pick::OneOf);
    Some(match words.first() {
        None => Look::placeholder(ANY_OBJECT_GLYPH, "random item (any class)"),
        Some(&("random" | "any")) if words.len() == 1 => {
            Look::placeholder(ANY_OBJECT_GLYPH, "random item (any class)")
        }
        Some(&("random" | "any")) => Look {
            glyph: ANY_OBJECT_GLYPH,
            fg: Rgb::RANDOM_PICK,
            what: format!("{name} (class fixed, kind chosen by the game)"),
            pick: Some(Pick::InClass),
        },
        Some(_) if name == "gold" => Look { pick, ..gold() },
        Some(_) => Look {
            glyph: ITEM_SLOT_GLYPH,
            fg: Rgb::PLACEHOLDER,
            what: alternatives(name, more),
            pick,
        },
    })
}

/// Gold on the floor (`$`).
pub fn gold() -> Look {
    Look {
        glyph: '$',
        fg: Col::Yellow.rgb(),
        what: "gold".into(),
        pick: None,
    }
}

/// A random item glyph of the map (`%`, `*`, `|`).
pub fn random_item(meaning: &str) -> Look {
    Look::placeholder(ANY_OBJECT_GLYPH, meaning)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terrain(g: u8) -> (char, Rgb, String) {
        match map_glyph(g) {
            GlyphRole::Terrain(c, fg, words) => (c, fg, words),
            GlyphRole::OnFloor => panic!("{} is not terrain", g as char),
        }
    }

    #[test]
    fn every_wall_and_liquid_has_the_games_glyph_and_colour() {
        let want: &[(u8, char, Rgb, &str)] = &[
            (b'x', '#', Rgb::BROWN, "rock wall (`x`)"),
            (b'c', '#', Rgb::GRAY, "stone wall (`c`)"),
            (b'v', '#', Rgb::CYAN, "metal wall (`v`)"),
            (b'b', '#', Rgb::GREEN, "crystal wall (`b`)"),
            (
                b'm',
                '#',
                Rgb::BRIGHT_CYAN,
                "clear (see-through) rock wall (`m`)",
            ),
            (b'n', '#', Rgb::BRIGHT_CYAN, "clear stone wall (`n`)"),
            (
                b'o',
                '▓',
                Rgb::BRIGHT_CYAN,
                "clear permanent rock wall (`o`)",
            ),
            (
                b'X',
                '▓',
                Rgb::BROWN,
                "permanent (undiggable) rock wall (`X`)",
            ),
            (b't', '♣', Rgb::GREEN, "tree (`t`)"),
            (b'w', '≈', Rgb::BLUE, "deep water (`w`)"),
            (b'W', '~', Rgb::CYAN, "shallow water (`W`)"),
            (b'l', '≈', Rgb::RED, "lava (`l`)"),
        ];
        for &(g, glyph, fg, words) in want {
            assert_eq!(terrain(g), (glyph, fg, words.to_string()), "{}", g as char);
        }
    }

    #[test]
    fn features_stairs_and_doors() {
        assert_eq!(terrain(b'.'), ('.', Rgb::GRAY, "floor".into()));
        assert_eq!(terrain(b'+').0, '+');
        assert_eq!(terrain(b'=').1, Rgb::BRIGHT_CYAN);
        assert_eq!(terrain(b'A').0, '∩');
        assert_eq!((terrain(b'G').0, terrain(b'G').1), ('ß', Rgb::DARK_GRAY));
        assert_eq!((terrain(b'T').0, terrain(b'T').1), ('⌠', Rgb::BLUE));
        assert_eq!(terrain(b'U').1, Rgb::BRIGHT_BLUE);
        assert_eq!(terrain(b'Y').1, Rgb::RED);
        for g in [b'{', b'(', b'['] {
            assert_eq!((terrain(g).0, terrain(g).1), ('<', Rgb::GREEN));
        }
        for g in [b'}', b')', b']'] {
            assert_eq!((terrain(g).0, terrain(g).1), ('>', Rgb::RED));
        }
        assert_eq!((terrain(b'<').0, terrain(b'<').1), ('<', Rgb::BROWN));
        assert_eq!(terrain(b'B').1, Rgb::RANDOM_PICK);
        assert_eq!(terrain(b'^').1, Rgb::PLACEHOLDER);
        assert!(matches!(map_glyph(b'0'), GlyphRole::OnFloor));
        assert!(matches!(map_glyph(b'd'), GlyphRole::OnFloor));
        assert_eq!(
            terrain(b'p').2,
            "floor (`p` has no meaning here)".to_string()
        );
    }

    #[test]
    fn kfeat_and_slots_are_drawn_as_what_they_name() {
        let (g, fg, w) = kfeat("altar_zin").expect("altar");
        assert_eq!(
            (g, fg, w.as_str()),
            ('_', Rgb::GRAY, "glowing silver altar of Zin")
        );
        assert_eq!(kfeat("alarm trap").map(|k| k.1), Some(Rgb::BRIGHT_RED));
        assert_eq!(
            kfeat("net trap / alarm trap").map(|k| k.2),
            Some("net trap (the first of: net trap / alarm trap)".into())
        );
        assert_eq!(kfeat("general shop"), None);
        // A single character is its map glyph's feature.
        assert_eq!(kfeat("l").map(|k| (k.0, k.1)), Some(('≈', Rgb::RED)));
        assert_eq!(kfeat("x w:5").map(|k| k.0), Some('#'));
        assert_eq!(kfeat("1").map(|k| k.0), Some('.'));
        let orc = monster("orc priest w:5 / orc wizard").expect("orc");
        assert_eq!((orc.glyph, orc.pick), ('o', Some(Pick::OneOf)));
        assert_eq!(orc.what, "orc priest (or another listed alternative)");
        let ogre = monster("ogre ; club").expect("ogre");
        assert_eq!((ogre.glyph, ogre.fg, ogre.pick), ('O', Rgb::BROWN, None));
        assert_eq!(monster("random").map(|l| l.glyph), Some('◆'));
        assert_eq!(monster("nothing"), None);
        assert_eq!(monster("orc zombie").map(|l| l.glyph), Some('◈'));
        assert_eq!(item("nothing"), None);
        assert_eq!(
            item("any weapon").map(|l| l.pick),
            Some(Some(Pick::InClass))
        );
        assert_eq!(item("random").map(|l| l.pick), Some(Some(Pick::Any)));
        assert_eq!(item("long sword").map(|l| l.glyph), Some('▣'));
    }

    #[test]
    fn the_tables_are_sorted_for_binary_search() {
        assert!(look_tables::FEATURES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(look_tables::MONSTERS.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
