//! The game's tables. The name lists are data files (`data/*.txt`, one
//! name a line, `spells.tsv` with a column), each opening with the crawl
//! commit and date it was read from; they are read once, at first use.
//! The glyph legend, marker constructors and events stay here as code.

use std::sync::LazyLock;

/// The game version the name tables come from (every data file's first
/// line names it; a test keeps them in step).
pub const TABLES_FROM: &str = "crawl trunk 5539bdd (2026-08-22, after 0.35-a0)";

/// The names of a data file: its rows, read as every data file of the
/// core is (the provenance header and blank lines left out).
fn names(file: &'static str) -> Vec<&'static str> {
    crate::tsv::rows(file).map(|(_, row)| row).collect()
}

/// (glyph, category, meaning)
pub static GLYPHS: &[(u8, &str, &str)] = &[
    (120, "terrain", "rock wall"),
    (88, "terrain", "permanent (undiggable) rock wall"),
    (99, "terrain", "stone wall"),
    (118, "terrain", "metal wall"),
    (98, "terrain", "crystal wall"),
    (109, "terrain", "clear (see-through) rock wall"),
    (110, "terrain", "clear stone wall"),
    (111, "terrain", "clear permanent rock wall"),
    (116, "terrain", "tree"),
    (46, "terrain", "floor"),
    (43, "terrain", "closed door"),
    (61, "terrain", "runed clear door"),
    (119, "terrain", "deep water"),
    (87, "terrain", "shallow water"),
    (108, "terrain", "lava"),
    (65, "terrain", "stone arch"),
    (71, "terrain", "granite statue"),
    (73, "terrain", "orcish idol"),
    (84, "terrain", "fountain of clear water"),
    (85, "terrain", "sparkling fountain"),
    (86, "terrain", "dry fountain"),
    (89, "terrain", "blood fountain"),
    (123, "stairs", "stone staircase up I"),
    (40, "stairs", "stone staircase up II"),
    (91, "stairs", "stone staircase up III"),
    (125, "stairs", "stone staircase down I"),
    (41, "stairs", "stone staircase down II"),
    (93, "stairs", "stone staircase down III"),
    (60, "stairs", "escape hatch up"),
    (62, "stairs", "escape hatch down"),
    (
        66,
        "altar",
        "temple altar: gods assigned in order from the temple god list",
    ),
    (67, "altar", "random altar"),
    (94, "trap", "random trap suited to the depth"),
    (64, "marker", "floor; an entry point when on the vault edge"),
    (
        32,
        "layout",
        "not part of the vault: the underlying level shows through",
    ),
    (36, "item", "gold"),
    (37, "item", "random item at the normal level"),
    (
        42,
        "item",
        "better random item (item level 5 + 2 * absolute depth)",
    ),
    (
        124,
        "item",
        "superb item (good_item quality; weapons, armour, jewellery, books, staves, misc only)",
    ),
    (100, "item slot", "ITEM slot 1"),
    (101, "item slot", "ITEM slot 2"),
    (102, "item slot", "ITEM slot 3"),
    (103, "item slot", "ITEM slot 4"),
    (104, "item slot", "ITEM slot 5"),
    (105, "item slot", "ITEM slot 6"),
    (106, "item slot", "ITEM slot 7"),
    (107, "item slot", "ITEM slot 8"),
    (48, "monster", "random monster for the level"),
    (57, "monster", "random monster from about 5 levels deeper"),
    (
        56,
        "monster",
        "random monster from much deeper ((depth+2)*2)",
    ),
    (49, "monster slot", "MONS slot 1"),
    (50, "monster slot", "MONS slot 2"),
    (51, "monster slot", "MONS slot 3"),
    (52, "monster slot", "MONS slot 4"),
    (53, "monster slot", "MONS slot 5"),
    (54, "monster slot", "MONS slot 6"),
    (55, "monster slot", "MONS slot 7"),
];

/// Branch abbreviations accepted in depth ranges.
pub static BRANCHES: LazyLock<Vec<&str>> =
    LazyLock::new(|| names(include_str!("data/branches.txt")));

/// Tags and tag patterns (`*` = any text) that the game's C++ or Lua
/// reads (facts from the game's source, as data).
pub static ENGINE_TAGS: LazyLock<Vec<&str>> =
    LazyLock::new(|| names(include_str!("data/engine_tags.txt")));

/// Monster names the spec parser looks up (lower case, sorted; the
/// lookup ignores case and reads `_` as a space): the rows of the monster
/// looks marked `spec` (one list of names in the studio, not two).
pub static MONSTERS: LazyLock<Vec<&str>> = LazyLock::new(|| {
    super::look_tables::rows(include_str!("data/monster_looks.tsv"))
        .filter(|f| f.get(3) == Some(&"spec"))
        .filter_map(|f| f.first().copied())
        .collect()
});
/// Item names the item parser looks up (lower case, sorted).
pub static ITEMS: LazyLock<Vec<&str>> = LazyLock::new(|| names(include_str!("data/items.txt")));
/// Words allowed after `any` / `random`.
pub static ITEM_CLASSES: LazyLock<Vec<&str>> =
    LazyLock::new(|| names(include_str!("data/item_classes.txt")));
/// Feature names KFEAT accepts (sorted): those with a look, and these,
/// which the game has but never draws from a vault's map.
pub static FEATURES: LazyLock<Vec<&str>> = LazyLock::new(|| {
    let mut all: Vec<&str> = super::look_tables::rows(include_str!("data/feature_looks.tsv"))
        .filter_map(|f| f.first().copied())
        .chain(["badly_sealed_door", "explore_horizon", "travel_trail"])
        .collect();
    all.sort_unstable();
    all
});
/// Colour names (sorted).
pub static COLOURS: LazyLock<Vec<&str>> = LazyLock::new(|| names(include_str!("data/colours.txt")));

/// Dungeon tile names FTILE/RTILE/TILE accept (lower case, sorted);
/// LFLOORTILE/LROCKTILE are not checked by the game when it compiles.
pub static DUNGEON_TILES: LazyLock<Vec<&str>> =
    LazyLock::new(|| names(include_str!("data/dungeon_tiles.txt")));

/// God names (lower case, sorted); `god:` uses `_` for spaces.
pub static GODS: LazyLock<Vec<&str>> = LazyLock::new(|| names(include_str!("data/gods.txt")));

/// Lua marker constructors and classes with what they do (longest names
/// first, so `fog_machine_geyser` wins over `fog_machine`).
pub static MARKER_CONSTRUCTORS: &[(&str, &str)] = &[
    (
        "timer_interval_messages",
        "builds a message schedule from (turns, message) pairs",
    ),
    ("fog_machine_brownian", "preset random-walk fog machine"),
    (
        "chained_fog_machine",
        "fog machines created together are activated together",
    ),
    (
        "TriggerableFunction",
        "generic triggerable that calls func(data, triggerable, triggerer, marker, ev)",
    ),
    ("fog_machine_geyser", "preset geyser-style fog machine"),
    ("fog_machine_spread", "preset spreading fog machine"),
    (
        "TriggerableMessage",
        "generic triggerable that prints a message",
    ),
    (
        "monster_on_death",
        "creates a monster at the marker when the named monster dies",
    ),
    (
        "function_at_spot",
        "calls a global Lua function when the player steps on the spot",
    ),
    ("transp_dest_loc", "transporter destination"),
    ("hatch_dest_name", "destination of a named hatch"),
    (
        "message_at_spot",
        "prints a message when the player steps on the spot (trigger: player_move)",
    ),
    (
        "function_in_los",
        "calls a global Lua function when the spot comes into view",
    ),
    (
        "MonPropsMarker",
        "copies properties onto the monster placed at the marker",
    ),
    (
        "one_way_stair",
        "the stair disappears after the player climbs it",
    ),
    (
        "restrict_door",
        "monsters cannot open the door until the player has",
    ),
    (
        "time_messages",
        "builds a message schedule spread over total_turns",
    ),
    (
        "props_marker",
        "PropertiesDescriptor: plain property carrier (veto_*, connected_exclude, ...)",
    ),
    (
        "timed_marker",
        "feature that disappears after a time, with timed messages (uses one_way_stair props)",
    ),
    (
        "trove_marker",
        "trove portal entry with a price (save-compat)",
    ),
    (
        "fog_machine",
        "periodically lays clouds at the marker (Triggerable; default trigger: turn)",
    ),
    (
        "portal_desc",
        "PortalDescriptor: a plain property carrier read by the engine (see section 5)",
    ),
    (
        "toll_stair",
        "one-way stair that charges a toll (save-compat only)",
    ),
    (
        "transp_loc",
        "transporter entry; pairs with transp_dest_loc(name)",
    ),
    (
        "hatch_name",
        "named escape hatch; pairs with hatch_dest_name(name)",
    ),
    ("lock_door", "locked door that opens on a trigger"),
    ("timed_msg", "timed messaging helper used by timed_marker"),
];

/// DgnTriggerer event types (`type = "…"`).
pub static TRIGGER_EVENTS: &[(&str, &str)] = &[
    (
        "monster_dies",
        "fires when that monster dies (anywhere on the level)",
    ),
    (
        "feat_change",
        "fires when the feature under the marker changes",
    ),
    ("item_moved", "fires when that item moves off the cell"),
    (
        "item_pickup",
        "fires when that item is picked up (follows the item if it is moved first)",
    ),
    (
        "player_move",
        "fires when the player moves onto the marker cell",
    ),
    (
        "player_los",
        "fires when the marker cell comes into the player's view",
    ),
    (
        "turn",
        "fires every turn, or as a countdown with those delays",
    ),
    (
        "entered_level",
        "fires when the player enters the level (arg1 = 1 when loading a save)",
    ),
    ("door_opened", "fires when a door is opened"),
    ("door_closed", "fires when a door is closed"),
    ("hp_warning", "fires when the player's HP warning triggers"),
    (
        "pressure_plate",
        "fires when something steps on a pressure plate trap",
    ),
];

/// Cloud type names fog machines accept (sorted; removed ones left out).
pub static CLOUDS: LazyLock<Vec<&str>> = LazyLock::new(|| names(include_str!("data/clouds.txt")));

/// Spell names (lower case) and whether a monster may cast the spell (the
/// game's spell table: `spells:` in monster specs takes only those that
/// may; randbooks and `sum:` take any). Sorted for binary search.
pub static SPELLS: LazyLock<Vec<(&str, bool)>> = LazyLock::new(|| {
    names(include_str!("data/spells.tsv"))
        .into_iter()
        .filter_map(|line| {
            let (name, monster) = line.split_once('\t')?;
            Some((name, monster == "yes"))
        })
        .collect()
});

#[cfg(test)]
mod tests {
    use super::*;

    /// Every data file says where it comes from, and all say the same.
    #[test]
    fn every_table_names_the_game_version_it_was_read_from() {
        for file in [
            include_str!("data/branches.txt"),
            include_str!("data/engine_tags.txt"),
            include_str!("data/items.txt"),
            include_str!("data/item_classes.txt"),
            include_str!("data/colours.txt"),
            include_str!("data/dungeon_tiles.txt"),
            include_str!("data/gods.txt"),
            include_str!("data/clouds.txt"),
            include_str!("data/spells.tsv"),
        ] {
            let first = file.lines().next().unwrap_or("");
            assert!(first.starts_with(&format!("# {TABLES_FROM}: ")), "{first}");
        }
        // Lookups binary-search the sorted ones.
        for t in [
            &*MONSTERS,
            &*ITEMS,
            &*FEATURES,
            &*DUNGEON_TILES,
            &*GODS,
            &*CLOUDS,
        ] {
            assert!(t.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
        }
        assert!(SPELLS.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(
            SPELLS.iter().find(|s| s.0 == "abjuration"),
            Some(&("abjuration", true))
        );
    }
}
