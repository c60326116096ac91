//! What crawl's level compiler has loaded before any map runs, beyond
//! the library files it starts with: crawl runs the global prelude of
//! every `.des` file when it starts (`run_map_global_preludes` in
//! `maps.cc`), all in its one VM, so a library file one vault file loads
//! is there for every other. Some vaults rely on it: trunk's
//! `layout_falls_marsh` calls `procedural.transform`, which only
//! `layout_halls.des` loads.
//!
//! A file's run loads such a file when its Lua names something the file
//! defines: the same answer as crawl's for every name, without running
//! every file's prelude for each one.

use std::collections::BTreeSet;

use super::Library;
use crate::dcss::File;
use crate::lua::scan;

/// The library files the global preludes of crawl trunk's own `.des`
/// files load (`: crawl_require("…")` before their first map), at the
/// corpus's commit (2026-08-22): read from those files, one list of
/// facts.
const LOADED_BY_THE_GAMES_FILES: &[&str] = &[
    "dlua/dungeon.lua",
    "dlua/gauntlet.lua",
    "dlua/ghost.lua",
    "dlua/layout/geoelf.lua",
    "dlua/layout/hyper.lua",
    "dlua/layout/hyper_caves.lua",
    "dlua/layout/layout.lua",
    "dlua/layout/minimum_map_area.lua",
    "dlua/layout/omnigrid.lua",
    "dlua/layout/procedural.lua",
    "dlua/layout/procedural_complex.lua",
    "dlua/layout/procedural_primitives.lua",
    "dlua/layout/procedural_transform.lua",
    "dlua/layout/theme.lua",
    "dlua/layout/vector.lua",
    "dlua/layout/zonify.lua",
    "dlua/sprint.lua",
    "dlua/tutorial.lua",
    "dlua/util.lua",
    "dlua/v_layouts.lua",
    "dlua/vault.lua",
    "dlua/ziggurat.lua",
];

/// Whether crawl has `path` loaded before any map runs.
pub fn loaded_by_the_games_files(path: &str) -> bool {
    LOADED_BY_THE_GAMES_FILES.contains(&path)
}

/// The file of the library that defines `name` as a global: a function
/// at a file's top level (`garden_spot`), or a field of one of its tables
/// (`procedural.transform.polar_inverse`). A name the library only
/// assigns inside a function, or as a local, is no global of its.
fn defining_file<'l>(library: &'l Library, name: &str) -> Option<&'l str> {
    let name = name.replace(':', ".");
    match name.split_once('.') {
        None => library.file_defining_function(&name),
        Some((table, _)) if library.makes_table(table) => library.file_assigning(&name),
        Some(_) => None,
    }
}

/// The files of crawl's library that the game has loaded at start and
/// that define a name `file`'s Lua uses (`garden_spot`,
/// `procedural.transform.polar_inverse`), by path: what a run of its
/// maps loads first.
pub fn files_named_by(file: &File, library: &Library) -> BTreeSet<String> {
    let mut files = BTreeSet::new();
    for lua in file.lua() {
        let code = &*lua.text;
        let toks = lua.tokens();
        let mut i = 0;
        while i < toks.len() {
            if toks[i].kind != scan::Kind::Word {
                i += 1;
                continue;
            }
            let (name, last) = scan::dotted_name(code, toks, i);
            i = last + 1;
            if let Some(path) =
                defining_file(library, name).filter(|p| loaded_by_the_games_files(p))
            {
                files.insert(path.to_string());
            }
        }
    }
    files
}
