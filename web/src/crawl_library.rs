//! crawl's Lua library (`dat/dlua`) in the studio: the vaults' Lua calls
//! its helpers, and a vault drawn without it stops at the first one. It
//! is crawl's code and never part of the studio: the user opens their
//! own `dat` (or `dlua`) folder, or the studio fetches the files from
//! crawl's public repository at one pinned commit. Either way they are
//! kept in this browser (IndexedDB, beside the names files) and work
//! offline from then on.

use std::collections::BTreeMap;
use std::sync::Arc;

use vaultwright::DcssLibrary;

/// The commit the library is fetched at: the one the checker's names
/// tables were read from (crawl trunk, 2026-08-22).
pub const PINNED_COMMIT: &str = "5539bdd7ae305739dd29112ad5d16cc14c077abe";

/// The only origin the studio fetches from (the page's Content-Security-
/// Policy names it in `connect-src`).
pub const ORIGIN: &str = "https://raw.githubusercontent.com";

/// The library's files at `PINNED_COMMIT` (`git ls-tree` of
/// `crawl-ref/source/dat/dlua`; a list of names, not their code).
const FILES: &str = include_str!("crawl_library_files.txt");

/// The most a library file may hold: crawl's largest is 60 kB.
pub const MAX_FILE_BYTES: u32 = 1 << 20;

/// The library the studio holds, and where it came from.
#[derive(Clone, Debug)]
pub struct CrawlLibrary {
    /// Where the files came from, as the panel says it: a folder's name
    /// or `crawl/crawl@5539bdd7ae`.
    pub origin: String,
    pub files: DcssLibrary,
}

/// The same copy is the same library: analyses are cached by it.
impl PartialEq for CrawlLibrary {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.files, &other.files) && self.origin == other.origin
    }
}

impl CrawlLibrary {
    pub fn new(origin: String, files: BTreeMap<String, String>) -> CrawlLibrary {
        CrawlLibrary {
            origin,
            files: Arc::new(files),
        }
    }

    /// Whether it holds what crawl loads first: without `dungeon.lua` no
    /// vault's Lua runs as the game's does.
    pub fn is_whole(&self) -> bool {
        self.files.contains_key("dlua/dungeon.lua")
    }

    /// How many Lua files it holds.
    pub fn lua_files(&self) -> usize {
        self.files.keys().filter(|p| p.starts_with("dlua/")).count()
    }

    /// What it holds, in words: "73 Lua files" and, when the game's vault
    /// files came with them, "and 144 vault files".
    pub fn contents(&self) -> String {
        let lua = self.lua_files();
        match self.files.len() - lua {
            0 => format!("{lua} Lua files"),
            1 => format!("{lua} Lua files and 1 vault file"),
            vaults => format!("{lua} Lua files and {vaults} vault files"),
        }
    }
}

/// The origin the panel names for the pinned commit.
pub fn pinned_origin() -> String {
    format!("crawl/crawl@{}", &PINNED_COMMIT[..10])
}

/// The library's files at the pinned commit, as crawl names them
/// (`dlua/layout/hyper.lua`), each with the address it is fetched from.
pub fn pinned_files() -> impl Iterator<Item = (&'static str, String)> {
    let listed = |l: &&str| !l.trim().is_empty() && !l.starts_with('#');
    FILES.lines().filter(listed).map(|path| {
        (
            path,
            format!("{ORIGIN}/crawl/crawl/{PINNED_COMMIT}/crawl-ref/source/dat/{path}"),
        )
    })
}

/// The name crawl gives a file picked with its folder, from its path in
/// that folder: `dat/dlua/layout/hyper.lua` and `dlua/layout/hyper.lua`
/// are `dlua/layout/hyper.lua`; the game's vault files, which a vault's
/// Lua picks maps from, are `des/altar/altar.des`. Any other file is
/// none of the library's.
pub fn library_path(relative: &str) -> Option<String> {
    let parts: Vec<&str> = relative.split(['/', '\\']).collect();
    [("dlua", ".lua"), ("des", ".des")]
        .into_iter()
        .find_map(|(folder, ending)| {
            let at = parts.iter().rposition(|p| *p == folder)?;
            let rest = parts.get(at + 1..)?;
            let fits = rest.last().is_some_and(|f| f.ends_with(ending));
            (fits && rest.iter().all(|p| !p.is_empty() && *p != ".."))
                .then(|| format!("{folder}/{}", rest.join("/")))
        })
}

/// The name of the folder the user picked, from a file's path in it.
pub fn folder_name(relative: &str) -> String {
    relative
        .split(['/', '\\'])
        .next()
        .filter(|f| !f.is_empty())
        .unwrap_or("folder")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picked_file_is_named_as_crawl_names_it_from_its_dlua_folder() {
        let cases = [
            ("dat/dlua/layout/hyper.lua", Some("dlua/layout/hyper.lua")),
            ("dlua/dungeon.lua", Some("dlua/dungeon.lua")),
            ("crawl/dat/dlua/util.lua", Some("dlua/util.lua")),
            ("dat/des/altar/altar.des", Some("des/altar/altar.des")),
            ("dat/des/README", None),
            ("dat/dlua/README", None),
            ("dat/dlua/../x.lua", None),
            ("dungeon.lua", None),
        ];
        for (relative, named) in cases {
            assert_eq!(library_path(relative).as_deref(), named, "{relative}");
        }
        assert_eq!(folder_name("dat/dlua/util.lua"), "dat");
    }

    #[test]
    fn the_pinned_files_are_fetched_from_the_one_origin_at_the_commit() {
        let files: Vec<_> = pinned_files().collect();
        assert!(files.iter().any(|(p, _)| *p == "dlua/dungeon.lua"));
        assert!(files.iter().all(|(p, url)| p.starts_with("dlua/")
            && p.ends_with(".lua")
            && url.starts_with(ORIGIN)
            && url.contains(PINNED_COMMIT)
            && url.ends_with(p)));
    }
}
