//! SUBVAULT as crawl's `apply_subvault` applies it.

use super::*;
use crate::dcss::{lua_view, parse};

fn outcome(src: &str, seed: u64) -> Outcome {
    let file = parse(src);
    PreparedMap::new(src, &file, &file.vaults[0], None).run(seed, Limits::default())
}

/// The merged K-specs of a run, as `(keyword, text)`.
fn merged(o: &Outcome) -> Vec<(Kw, String)> {
    o.events
        .iter()
        .filter_map(|e| match e {
            Event::Merged { kw, text, .. } => Some((*kw, text.clone())),
            _ => None,
        })
        .collect()
}

/// What the merged K-specs give their bytes (`X = value` less its
/// `X = `), sorted.
fn merged_values(o: &Outcome) -> Vec<String> {
    let mut values: Vec<String> = merged(o)
        .into_iter()
        .map(|(_, t)| t[4..].to_string())
        .collect();
    values.sort_unstable();
    values
}

fn rows(o: &Outcome) -> Vec<String> {
    o.lines
        .iter()
        .map(|r| {
            r.iter()
                .map(|&g| if is_merged(g) { '#' } else { g as char })
                .collect()
        })
        .collect()
}

const SHRINE: &str = "\
NAME: shrine
TAGS: shrine_sub
KFEAT: A = altar_zin
MAP
A
ENDMAP
";

#[test]
fn a_subvault_of_the_file_itself_is_merged_where_its_glyph_stands() {
    let src = format!(
        "NAME: hall\nTAGS: no_rotate no_hmirror no_vmirror\nSUBVAULT: X : shrine_sub\nMAP\nxxx\nxXx\nxxx\nENDMAP\n\n{SHRINE}"
    );
    for seed in 0..4 {
        let o = outcome(&src, seed);
        assert_eq!(o.stop, None, "{o:?}");
        assert_eq!(rows(&o), ["xxx", "x#x", "xxx"]);
        let altar = o.lines[1][1];
        assert_eq!(
            merged(&o),
            [(Kw::Kfeat, format!("{} = altar_zin", altar as char))],
            "the altar keeps the subvault's meaning, on the SUBVAULT's line"
        );
        assert!(o
            .events
            .iter()
            .any(|e| matches!(e, Event::Merged { line: 3, .. })));
    }
}

#[test]
fn the_parents_later_transforms_leave_a_merged_cell_alone() {
    let sub = "NAME: pool\nTAGS: pool_sub\nMAP\nW.\nENDMAP\n";
    let src = format!(
        "NAME: hall\nSUBVAULT: X : pool_sub\nSUBST: . = l, X = c\nMAP\nXX.\nENDMAP\n\n{sub}"
    );
    let o = outcome(&src, 2);
    assert_eq!(o.stop, None, "{o:?}");
    let row = &o.lines[0];
    assert_eq!(row[2], b'l', "the parent's own floor is rewritten");
    assert!(row[..2].iter().all(|&g| is_merged(g)), "{:?}", rows(&o));
    assert_eq!(merged_values(&o), [".", "W"]);
}

/// crawl merges a glyph's K-spec in its place, and one a KMASK alone
/// made has no feature: that cell is built as floor, not as the glyph.
#[test]
fn a_merged_glyph_keyed_by_a_kmask_alone_is_floor() {
    let sub = "NAME: pond\nTAGS: pond_sub\nKMASK: W = no_monster_gen\nMAP\nWw\nENDMAP\n";
    let src = format!(
        "NAME: hall\nTAGS: no_rotate no_hmirror no_vmirror\nSUBVAULT: X : pond_sub\nMAP\nXX\nENDMAP\n\n{sub}"
    );
    let o = outcome(&src, 1);
    assert_eq!(o.stop, None, "{o:?}");
    assert_eq!(
        merged_values(&o),
        [".", "w"],
        "the masked W is floor, the deep water stays"
    );
}

#[test]
fn a_subvault_fills_the_mask_its_glyphs_make_and_no_more() {
    // An L of `X`: the box is 3 by 2, the mask 4 of its 6 cells.
    let sub = "NAME: fill\nTAGS: fill_sub\n: default_subvault_glyphs()\n: local w, h = subvault_size()\n: assert(is_subvault() and w == 3 and h == 2)\n: assert(subvault_cell_valid(0, 0) and not subvault_cell_valid(2, 0))\nSUBST: . = T\n";
    let src = format!("NAME: hall\nSUBVAULT: X : fill_sub\nMAP\nXX.\nXXX\nENDMAP\n\n{sub}");
    for seed in 0..6 {
        let o = outcome(&src, seed);
        assert_eq!(o.stop, None, "{o:?}");
        assert_eq!(rows(&o), ["##.", "###"], "seed {seed}");
        assert_eq!(merged(&o).len(), 1);
        assert!(merged(&o)[0].1.ends_with("= T"));
    }
}

#[test]
fn a_subvault_too_wide_is_turned_to_fit() {
    let sub = "NAME: bar\nTAGS: bar_sub\nMAP\nabc\nENDMAP\n";
    let src = format!("NAME: hall\nSUBVAULT: X : bar_sub\nMAP\nX\nX\nX\nENDMAP\n\n{sub}");
    for seed in 0..4 {
        let o = outcome(&src, seed);
        assert_eq!(o.stop, None, "{o:?}");
        assert_eq!(rows(&o), ["#", "#", "#"], "seed {seed}");
    }
}

#[test]
fn what_crawl_refuses_stops_the_run_with_its_words() {
    let sub = "NAME: big\nTAGS: big_sub\nMAP\nabc\nabc\nENDMAP\n";
    let too_big = format!("NAME: hall\nSUBVAULT: X : big_sub\nMAP\nXX\nENDMAP\n\n{sub}");
    let stop = outcome(&too_big, 1).stop.expect("it cannot fit");
    assert!(
        stop.message
            .contains("Could not fit 'big_sub' in (0,0) to (1, 0)."),
        "{stop:?}"
    );
    let equals = "NAME: hall\nSUBVAULT: X = big_sub\nMAP\nX\nENDMAP\n";
    let stop = outcome(equals, 1).stop.expect("`=` is refused");
    assert!(
        stop.message.contains("SUBVAULT does not support '='"),
        "{stop:?}"
    );
}

#[test]
fn a_tag_no_map_carries_stops_only_when_the_games_maps_are_at_hand() {
    let src = "NAME: hall\nSUBVAULT: X : nowhere\nMAP\nX\nENDMAP\n";
    let o = outcome(src, 1);
    assert_eq!(o.stop, None);
    assert_eq!(o.unmodelled, ["SUBVAULT"]);
    let library = Library::new([("des/other.des".to_string(), SHRINE.to_string())]);
    let file = parse(src);
    let o = PreparedMap::new(src, &file, &file.vaults[0], Some(Arc::new(library)))
        .run(1, Limits::default());
    let stop = o.stop.expect("crawl finds no map");
    assert!(
        stop.message.contains("No vault found for tag 'nowhere'"),
        "{stop:?}"
    );
}

#[test]
fn a_subvault_from_the_games_files_and_a_map_placed_once() {
    // Two SUBVAULTs of one tag: crawl places each map once per level.
    let library = Library::new([
        ("des/a.des".to_string(), SHRINE.to_string()),
        (
            "des/b.des".to_string(),
            "NAME: shrine_two\nTAGS: shrine_sub\nKFEAT: A = altar_elyvilon\nMAP\nA\nENDMAP\n"
                .to_string(),
        ),
    ]);
    let library = Arc::new(library);
    let src = "NAME: hall\nSUBVAULT: X : shrine_sub\nSUBVAULT: Y : shrine_sub\nMAP\nX.Y\nENDMAP\n";
    let file = parse(src);
    for seed in 0..5 {
        let o = PreparedMap::new(src, &file, &file.vaults[0], Some(library.clone()))
            .run(seed, Limits::default());
        assert_eq!(o.stop, None, "{o:?}");
        assert_eq!(
            merged_values(&o),
            ["altar_elyvilon", "altar_zin"],
            "seed {seed}"
        );
    }
}

#[test]
fn the_drawing_shows_the_subvaults_features_and_what_stands_on_them() {
    let sub = "NAME: den\nTAGS: den_sub\nMONS: goblin\nKFEAT: A = altar_zin\nMAP\nA1$\nENDMAP\n";
    let src = format!("NAME: hall\nTAGS: no_rotate no_hmirror no_vmirror\nSUBVAULT: X : den_sub\nMAP\nxxxxx\nxXXXx\nxxxxx\nENDMAP\n\n{sub}");
    let file = parse(&src);
    let options = vaultwright_model::Options::default();
    let tm = lua_view::drawn(&src, &file, &file.vaults[0], 3, &options).expect("drawn");
    // The subvault may be mirrored: its three cells in some order.
    let kinds: Vec<&str> = (1..4)
        .map(|x| tm.cell(x, 1).expect("a cell").kind.as_str())
        .collect();
    let altars = kinds
        .iter()
        .filter(|k| k.starts_with("glowing silver altar of Zin, from a SUBVAULT"));
    assert_eq!(altars.count(), 1, "{kinds:?}");
    let on: Vec<&str> = tm
        .markers
        .iter()
        .filter(|m| m.y == 1)
        .map(|m| m.what.as_str())
        .collect();
    assert!(on.contains(&"goblin"), "{on:?}");
    assert!(on.contains(&"gold"), "{on:?}");
}

#[test]
fn a_subvault_of_many_kinds_of_cell_keys_each_apart() {
    let glyphs = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ";
    let sub = format!(
        "NAME: many\nTAGS: many_sub no_rotate no_hmirror no_vmirror\nMAP\n{glyphs}\nENDMAP\n"
    );
    let keys = "X".repeat(glyphs.len());
    let src = format!("NAME: hall\nSUBVAULT: X : many_sub\nMAP\n{keys}\nENDMAP\n\n{sub}");
    let o = outcome(&src, 1);
    assert_eq!(o.stop, None, "{o:?}");
    let row = &o.lines[0];
    let distinct: std::collections::BTreeSet<u8> = row.iter().copied().collect();
    assert_eq!(distinct.len(), glyphs.len());
    assert!(row.iter().all(|&g| is_merged(g)), "{row:?}");
    // Each byte is keyed by the K-spec made for it, as the reader reads it.
    for (x, &byte) in row.iter().enumerate() {
        let keyed = o.events.iter().any(|e| match e {
            Event::Merged { kw, text, .. } => {
                let d = crate::dcss::reader::directive_of_call(*kw, text, 0, Default::default());
                let means = format!("= {}", &glyphs[x..=x]);
                text.ends_with(&means)
                    && d.selectors().any(|(_, sel)| {
                        sel.is_some_and(|(key, _, _)| key.bytes().any(|k| k == byte))
                    })
            }
            _ => false,
        });
        assert!(keyed, "byte {byte:#x} of `{}`", &glyphs[x..=x]);
    }
}

#[test]
fn a_subvault_that_places_itself_stops_at_a_few_levels_at_once() {
    let src =
        "NAME: again\nTAGS: again_sub allow_dup\nSUBVAULT: X : again_sub\nMAP\nXX\nXX\nENDMAP\n";
    // Stopped at the first map too deep, not tried a hundred times at
    // every level (a million runs).
    let stop = outcome(src, 1).stop.expect("it cannot be built");
    assert!(stop.message.contains("inside too many others"), "{stop:?}");
}
