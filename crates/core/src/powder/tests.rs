//! POWDER rooms: the reading, the checks, map2c's text and the view.

fn analyze(src: &str, _: Language, options: &Options) -> vaultwright_model::Analysis {
    super::analyze(src, options)
}
use super::check::closest;
use super::names;
use vaultwright_model::view::{View, ITEM_SLOT_GLYPH, MONSTER_SLOT_GLYPH};
use vaultwright_model::{Language, Options};

/// POWDER draws monsters and items as tiles: a named one is a slot
/// marker carrying its name, not a letter from another game.
#[test]
fn named_monsters_and_items_are_slots_with_their_names() {
    let src = "+---+\n|.kd|\n+---+\n\n.: SQUARE_FLOOR\nk: SQUARE_FLOOR, MOB_KOBOLD\nd: SQUARE_FLOOR, ITEM_DAGGER\n";
    let a = analyze(src, Language::PowderMap, &Options::default());
    let Some(View::TileMap(m)) = a.views.into_iter().next().map(|v| v.view) else {
        panic!("no tile map");
    };
    let glyphs: Vec<(char, &str)> = m
        .markers
        .iter()
        .map(|k| (k.glyph, k.what.as_str()))
        .collect();
    assert_eq!(
        glyphs,
        vec![
            (MONSTER_SLOT_GLYPH, "MOB_KOBOLD"),
            (ITEM_SLOT_GLYPH, "ITEM_DAGGER")
        ]
    );
}

/// Suggestions: Levenshtein over characters after upper-casing, at
/// most three edits, ties to the name first in byte order.
#[test]
fn closest_names_count_characters_and_break_ties_by_name() {
    assert_eq!(closest("mob_kobld", names::MOB.rows()), Some("MOB_KOBOLD"));
    assert_eq!(closest("ab", &["AC", "AA"]), Some("AA"));
    // Two characters but four bytes apart.
    assert_eq!(closest("éé", &["EE"]), Some("EE"));
    assert_eq!(closest("abcd", &["WXYZ"]), None);
    assert_eq!(closest("abcd", &["ABCDEFG"]), Some("ABCDEFG"));
}
