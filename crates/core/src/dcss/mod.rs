//! Dungeon Crawl Stone Soup vault files (`dat/des/**/*.des`).
//!
//! A line-oriented reader following the game's flex lexer: the five
//! argument capture modes, backslash continuations with their per-mode
//! rules, whole-line comments only, MAP rows as bytes, `ENDMAP` only when
//! followed by blanks, Lua lines and blocks closed by the first line ending
//! in `}}`, `default-depth:` and the file's global prelude. Lua is kept as
//! text for highlighting and never executed; directives written between a
//! Lua `if` and its `end` are marked as conditional instead of flattened.
//!
//! The stages, each in files of its own:
//!
//! - syntax: `ast` (the tree, which borrows the source: `File<'a>`; arguments
//!   are `Cow`, owned only when continuation lines are joined; Lua text and
//!   map rows are slices; one keyword table `KEYWORDS` of text, capture mode,
//!   `Kw` (a one-byte id for switches) and what each argument is: the
//!   `KEY = value` arguments of KFEAT, SUBST, MARKER… are split once, by the
//!   reader, and read through `Directive::selectors`) and `reader` (lines with
//!   a cursor: the five capture modes, continuations, MAP, Lua blocks). Lua
//!   is scanned by the engine's lenient scan (`lua::scan`), each Lua line once
//!   as it is read and each block at most once (`Lua::tokens`); Lua lines
//!   carry the string the line before left open, as the game joins them into
//!   one chunk;
//! - values: `spec` (the `KEY = spec`, weighted glyph and NSUBST grammar),
//!   `plan` (a vault's transforms and markers read once into typed steps that
//!   any seed applies to any grid of cells);
//! - checks: `checks` runs them: ORIENT, branches, sizes, then per vault
//!   `lint` (names against the game's tables, tags, specs), `triggerables`
//!   (marker constructors and triggerers read from Lua's tokens, never run),
//!   `seeded` (the checks over seeded realisations, walked by `reach`), kept
//!   per vault text in the caller's `LintCache` (no thread-locals), then the
//!   file-wide triggerable checks; `guidelines` adds the written guidelines as
//!   notes; `lua_calls` tells whether a vault's Lua can change its map;
//! - the game's tables: `tables` loads the name lists of `data/` once, at
//!   first use; `look_tables` the console looks of features and monsters
//!   (`data/*_looks.tsv`), headed the same way;
//! - realise and view: `realize` applies a plan for one seed with mirroring
//!   and rotation; `view` draws it as a tile map (each glyph, KFEAT and
//!   MONS/KMONS as the console draws it, `look`), with the cells the seed cuts
//!   off shaded, each marker by what it does and lines from primaries to
//!   replicas (`triggers`, `markers`), and a table of the vault's markers;
//! - `analysis` makes the `Analysis`, and checks many files as a set on the
//!   workers of `crate::parallel` (in turn in a browser): each file is read,
//!   checked and freed, leaving only the few facts the set's checks need
//!   (`set`: tags other vaults use, tags Lua asks for, names used twice), so a
//!   set's memory is that of its largest file.
//!
//! Hot loops read bytes (every separator is ASCII) and look names up in hash
//! sets. The user's names files (`GameNames` of the model: what the user's
//! game knows beyond the tables, the old trap and replica names) are part of
//! the cache's key. Vault Lua is scanned, never run, today; running it on the
//! engine's sandbox is the next step.

pub mod analysis;
pub mod ast;
pub mod catalog;
pub mod checks;
pub mod excerpt;
pub mod guidelines;
pub mod lint;
pub mod look;
pub mod look_tables;
pub mod lua_calls;
pub mod lua_fields;
pub mod lua_names;
pub mod lua_stop;
pub mod lua_view;
pub mod marker_lines;
pub mod markers;
pub mod plan;
pub mod reach;
pub mod reader;
pub mod realize;
pub mod run;
pub mod seeded;
pub mod set;
pub mod spec;
pub mod tables;
pub mod triggerables;
pub mod triggers;
pub mod view;

pub const SYNTAX: &str = "DC0001";
pub const STRAY: &str = "DC0002";
pub const BAD_ORIENT: &str = "DC0100";
pub const DUPLICATE: &str = "DC0101";
pub const MAP_SIZE: &str = "DC0102";
/// The game's level (`GXM` × `GYM`): no vault map may be larger.
pub const LEVEL_WIDTH: usize = 80;
pub const LEVEL_HEIGHT: usize = 70;
pub const BAD_BRANCH: &str = "DC0103";
pub const TAB_IN_MAP: &str = "DC0104";
/// A header line inside a MAP (ENDMAP forgotten or misspelt): the game
/// reads it as a map row.
pub const MISSING_ENDMAP: &str = "DC0210";

pub use analysis::{analyze, analyze_set};
pub use ast::*;
pub use checks::{Checks, LintCache};
pub use markers::{lua_item_markers, lua_markers, marker_description};
pub(crate) use reader::fields;

/// Vault `index` of a file drawn once per seed (`None` for each when
/// there is no such vault or it has no map to draw): the file is read
/// once, without its checks, which a drawing does not need.
pub fn faces(
    src: &str,
    index: usize,
    seeds: &[u64],
    options: &vaultwright_model::Options,
) -> Vec<Option<vaultwright_model::view::TileMap>> {
    let f = reader::read(src, false);
    let vault = f.vaults.get(index);
    seeds
        .iter()
        .map(|&seed| vault.and_then(|v| lua_view::drawn(src, &f, v, seed, options)))
        .collect()
}

/// Reads a file and checks it, reusing and refreshing `cache` (per vault
/// text) when one is given; the highlighting tokens are kept only when
/// asked for.
pub(crate) fn read_and_check<'a>(
    src: &'a str,
    checks: &Checks,
    cache: Option<&mut LintCache>,
    keep_tokens: bool,
) -> File<'a> {
    let mut f = reader::read(src, keep_tokens);
    checks::check(&mut f, src, checks, cache);
    f
}

/// Parses and checks a file (no cache: each call lints every vault).
#[cfg(test)]
pub fn parse(src: &str) -> File<'_> {
    read_and_check(src, &Checks::default(), None, true)
}

#[cfg(test)]
mod marker_tests {
    use super::*;

    #[test]
    fn lua_markers_are_found_with_their_constructor_and_triggers() {
        let src = "NAME: t\n{{\nlua_marker('G', fog_machine { cloud_type = \"flame\", pow_max = 3, \
                   delay = 10, size = 1 })\nlua_marker(\"Q\", TriggerableFunction { func = \"f\" }):add_triggerer(DgnTriggerer:new { type = \"player_move\" })\nlua_marker(glyph, x)\n}}\nMAP\nG.Q\nENDMAP\n";
        let f = parse(src);
        let v = &f.vaults[0];
        let found = lua_markers(v);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].0, b'G');
        assert!(found[0].1.contains("fog_machine"), "{}", found[0].1);
        assert!(src[found[0].2.start as usize..].starts_with("lua_marker('G'"));
        assert_eq!(found[1].0, b'Q');
        assert!(found[1].1.contains("TriggerableFunction"), "{}", found[1].1);
        // The triggerer is outside the call's parentheses, so not claimed.
        assert_eq!(
            marker_description("fog_machine_geyser(\"flame\", 2, 3)").as_deref(),
            Some("fog_machine_geyser: preset geyser-style fog machine")
        );
        assert!(
            marker_description("TriggerableFunction{} type = \"player_los\"")
                .is_some_and(|d| d.ends_with("triggered by player_los"))
        );
        assert_eq!(marker_description("my_own_thing()"), None);
    }
}

#[cfg(test)]
mod scan_oracle_tests;
#[cfg(test)]
mod tests {
    use super::reader::keyword_at;
    use super::*;
    use std::borrow::Cow;

    fn directive<'a>(f: &'a File, kw: &'a str) -> &'a Directive<'a> {
        f.vaults[0].directives(kw).next().expect("directive")
    }

    #[test]
    fn one_line_arguments_borrow_the_source_and_continued_ones_are_joined() {
        let src = "NAME: v\nMONS: orc, ogre\nSUBST: a = b\\\n  c\nTAGS: x \\\ny\nMAP\nab\nENDMAP\n";
        let f = parse(src);
        let mons = directive(&f, "MONS");
        assert!(mons.args.iter().all(|(a, _)| matches!(a, Cow::Borrowed(_))));
        assert_eq!(
            mons.args
                .iter()
                .map(|(a, s)| (&**a, &src[s.start as usize..s.end as usize]))
                .collect::<Vec<_>>(),
            [("orc", "orc"), ("ogre", "ogre")]
        );
        assert_eq!(&*directive(&f, "SUBST").args[0].0, "a = bc");
        assert_eq!(
            directive(&f, "TAGS")
                .args
                .iter()
                .map(|(a, _)| &**a)
                .collect::<Vec<_>>(),
            ["x", "y"]
        );
        let Some(Item::Map { rows, .. }) = f.vaults[0].items.last() else {
            panic!("map")
        };
        assert_eq!(&*rows[0].1, b"ab");
    }

    #[test]
    fn selectors_are_split_once_as_the_game_splits_them() {
        let src = "NAME: v\nKFEAT: é = lava\nSUBST: a : b\\\n c, xy\nKMONS: Z=orc\n\
                   SHUFFLE: ab/cd\nMAP\nab\nENDMAP\n";
        let f = parse(src);
        let sel = |kw| -> Vec<Option<(String, char, String)>> {
            directive(&f, kw)
                .selectors()
                .map(|(_, s)| s.map(|(k, c, v)| (k.to_string(), c, v.to_string())))
                .collect()
        };
        let some = |k: &str, c, v: &str| Some((k.to_string(), c, v.to_string()));
        assert_eq!(sel("KFEAT"), [some("é", '=', "lava")]);
        // Joined from a continuation line; an item that is no selector.
        assert_eq!(sel("SUBST"), [some("a", ':', "bc"), None]);
        assert_eq!(sel("KMONS"), [some("Z", '=', "orc")]);
        // SHUFFLE's arguments are no selectors, whatever they hold.
        assert_eq!(sel("SHUFFLE"), [None]);
    }

    #[test]
    fn every_keyword_is_recognised_with_its_mode() {
        for (i, &(k, mode, kw, ..)) in KEYWORDS.iter().enumerate() {
            assert_eq!(kw as usize, i, "the table is in Kw's order");
            let (text, m, found) = keyword_at(&format!("{k} x")).expect("keyword");
            assert_eq!((text, m, found), (k, mode, kw));
            assert_eq!(kw.name(), k.trim_end_matches(':'));
            assert_eq!(Kw::from_name(kw.name()), Some(kw));
        }
        assert_eq!(keyword_at("NAMES: x"), None);
        assert_eq!(keyword_at("name: x"), None);
    }

    #[test]
    fn lua_blocks_are_slices_of_the_source_with_either_line_end() {
        let lf = "NAME: v\n{{\n  local x = 1\n  y() }}\nlua {{ z() }}\n{{\n";
        let crlf = lf.replace('\n', "\r\n");
        for (src, nl) in [(lf, "\n"), (crlf.as_str(), "\r\n")] {
            let f = parse(src);
            let lua: Vec<&Lua> = f.vaults[0].lua().collect();
            assert_eq!(lua[0].text, format!("{nl}  local x = 1{nl}  y() "));
            assert_eq!(lua[1].text, " z() ");
            for l in &lua {
                assert!(matches!(l.text, Cow::Borrowed(_)));
                assert_eq!(&src[l.text_at..l.text_at + l.text.len()], l.text);
            }
            assert_eq!(f.diagnostics.len(), 1, "the unclosed block is reported");
        }
    }
}
