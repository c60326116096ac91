//! What crawl itself defines for a vault's Lua to call: the C++ side of
//! its API (`crawl_api.txt`: the functions of each global table of the
//! dungeon Lua state, read from crawl's source as facts) and Lua 5.4's
//! own base library. With crawl's Lua library loaded as well, a name that
//! none of them defines is one the game does not have either; a name they
//! define that the run still missed is one this runner does not model.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

const CRAWL_API: &str = include_str!("crawl_api.txt");

/// Lua 5.4's base library and library tables (the manual's §6), as crawl
/// opens them: base, table, string, math and coroutine.
const LUA_BASE: &[&str] = &[
    "_G",
    "_VERSION",
    "assert",
    "collectgarbage",
    "coroutine",
    "error",
    "getmetatable",
    "ipairs",
    "math",
    "next",
    "pairs",
    "pcall",
    "print",
    "rawequal",
    "rawget",
    "rawlen",
    "rawset",
    "select",
    "setmetatable",
    "string",
    "table",
    "tonumber",
    "tostring",
    "type",
    "xpcall",
];

/// The table of C++ functions per global table (`_G` for globals).
fn tables() -> &'static HashMap<&'static str, HashSet<&'static str>> {
    static TABLES: OnceLock<HashMap<&'static str, HashSet<&'static str>>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables: HashMap<&str, HashSet<&str>> = HashMap::new();
        for line in CRAWL_API.lines().filter(|l| !l.starts_with('#')) {
            let mut words = line.split_whitespace();
            if let Some(table) = words.next() {
                tables.entry(table).or_default().extend(words);
            }
        }
        let globals = tables.entry("_G").or_default();
        globals.extend(LUA_BASE);
        tables
    })
}

/// Whether the game defines `name`, read as a global in a map's
/// environment (`table` None: a global, or a `dgn` function bound to the
/// map) or as a field of the global `table` (`crawl.coinflip`).
pub fn game_defines(table: Option<&str>, name: &str) -> bool {
    let tables = tables();
    let holds = |t: &str| tables.get(t).is_some_and(|names| names.contains(name));
    match table {
        Some(table) => holds(table),
        None => holds("_G") || holds("dgn") || tables.contains_key(name),
    }
}

/// Every name `game_defines` answers yes to for `table`.
pub fn names(table: Option<&str>) -> Vec<&'static str> {
    let tables = tables();
    let of = |t: &str| tables.get(t).into_iter().flatten().copied();
    match table {
        Some(table) => of(table).collect(),
        None => of("_G")
            .chain(of("dgn"))
            .chain(tables.keys().copied())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_names_are_known_and_others_are_not() {
        assert!(game_defines(None, "octa_room"));
        assert!(game_defines(None, "crawl"));
        assert!(game_defines(None, "pairs"));
        assert!(game_defines(Some("crawl"), "coinflip"));
        assert!(game_defines(Some("you"), "depth"));
        assert!(!game_defines(None, "octa_rom"));
        assert!(!game_defines(Some("crawl"), "octa_room"));
    }
}
