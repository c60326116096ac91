//! The game's index of maps: every vault of the game's own `.des` files
//! (`dat/des`, read beside its Lua library), which a vault's Lua picks
//! from by tag or name (`dgn.map_by_tag`, `dgn.map_by_name`) to place it
//! inside its own drawing, as crawl's layouts of the Vaults and its
//! ziggurats do. What is read here is what crawl's selector reads
//! (`map_selector::accept`, `_random_map_in_list` in maps.cc): tags,
//! depths and weight, from the headers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::Place;
use crate::dcss::reader;
use crate::rng::Rng;

/// One map of the game's index.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexedMap {
    /// The `.des` file that holds it (`des/vaults/vaults_rooms.des`).
    pub file: String,
    /// Its place among that file's vaults.
    pub vault: usize,
    pub name: String,
    pub tags: Vec<String>,
    /// Its DEPTH (or, with none, its file's default depth), as written.
    pub depths: Option<String>,
    pub weight: i64,
    /// Whether Lua runs for it (its own, or its file's prelude), which
    /// may give it tags its headers do not (`e.tags("…")`).
    pub lua: bool,
}

/// Every map of the game's vault files, in the order crawl reads them.
#[derive(Debug, Default)]
pub struct GameIndex {
    pub maps: Vec<IndexedMap>,
    /// The tags each map's Lua gives it, learnt by running it as crawl's
    /// index is made (`map_def::validate_map_def`), by map.
    lua_tags: Mutex<HashMap<usize, Vec<String>>>,
    /// The maps whose headers give each tag, made once.
    header_tagged: OnceLock<HashMap<String, Vec<usize>>>,
    /// For a word, the maps with Lua whose file's text names it (whose
    /// Lua may give it as a tag), found once per word.
    named_in_file: Mutex<HashMap<String, Arc<[usize]>>>,
}

/// crawl's weight of a map that names none.
const DEFAULT_WEIGHT: i64 = 10;

impl GameIndex {
    /// The index of `files` (`(path, text)`, in path order).
    pub fn new<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> GameIndex {
        let mut maps = Vec::new();
        for (path, text) in files {
            let file = reader::read(text, false);
            let prelude = !file.prelude.is_empty();
            for (i, vault) in file.vaults.iter().enumerate() {
                let joined = |kw: &str| {
                    let args: Vec<&str> = vault
                        .directives(kw)
                        .flat_map(|d| d.args.iter().map(|(s, _)| &**s))
                        .collect();
                    (!args.is_empty()).then(|| args.join(","))
                };
                maps.push(IndexedMap {
                    file: path.to_string(),
                    vault: i,
                    name: vault.name.to_string(),
                    tags: vault.tags().iter().map(|t| t.to_string()).collect(),
                    depths: joined("DEPTH")
                        .or_else(|| vault.default_depth.as_deref().map(String::from)),
                    // `WEIGHT: 35 (D), 15 (Snake)`: its first weight.
                    weight: vault
                        .first_arg("WEIGHT")
                        .and_then(|w| w.split_whitespace().next()?.parse().ok())
                        .unwrap_or(DEFAULT_WEIGHT),
                    lua: prelude || vault.has_lua(),
                });
            }
        }
        GameIndex {
            maps,
            lua_tags: Mutex::default(),
            header_tagged: OnceLock::new(),
            named_in_file: Mutex::default(),
        }
    }

    /// The maps that may carry every tag of `wanted`, in index order:
    /// those whose headers give the first, and those with Lua whose
    /// file's text (`text_of` a path) names it. `carries` tells.
    pub fn maybe_tagged<'t>(
        &self,
        wanted: &[&str],
        text_of: impl Fn(&str) -> Option<&'t str>,
    ) -> Vec<usize> {
        let Some(first) = wanted.first() else {
            return (0..self.maps.len()).collect();
        };
        let by_header = self.header_tagged.get_or_init(|| {
            let mut tagged: HashMap<String, Vec<usize>> = HashMap::new();
            for (i, map) in self.maps.iter().enumerate() {
                for tag in &map.tags {
                    tagged.entry(tag.clone()).or_default().push(i);
                }
            }
            tagged
        });
        let by_lua = self.named_in_file(first, text_of);
        let mut maybe: Vec<usize> = by_header
            .get(*first)
            .into_iter()
            .flatten()
            .chain(by_lua.iter())
            .copied()
            .collect();
        maybe.sort_unstable();
        maybe.dedup();
        maybe
    }

    /// The maps with Lua whose file's text names `word`, found once.
    fn named_in_file<'t>(
        &self,
        word: &str,
        text_of: impl Fn(&str) -> Option<&'t str>,
    ) -> Arc<[usize]> {
        let known = self.named_in_file.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = known.get(word) {
            return found.clone();
        }
        drop(known);
        let mut found = Vec::new();
        let mut last_file: Option<(&str, bool)> = None;
        for (i, map) in self.maps.iter().enumerate().filter(|(_, m)| m.lua) {
            let names = match last_file {
                Some((file, names)) if file == map.file => names,
                _ => {
                    let names = text_of(&map.file).is_some_and(|t| t.contains(word));
                    last_file = Some((&map.file, names));
                    names
                }
            };
            if names {
                found.push(i);
            }
        }
        let found: Arc<[usize]> = found.into();
        let mut known = self.named_in_file.lock().unwrap_or_else(|e| e.into_inner());
        known.insert(word.to_string(), found.clone());
        found
    }

    /// Whether map `i` carries every tag of `wanted`: its headers', else
    /// those its Lua gives it (`learn` runs it, once per map).
    pub fn carries(&self, i: usize, wanted: &[&str], learn: impl FnOnce() -> Vec<String>) -> bool {
        let Some(map) = self.maps.get(i) else {
            return false;
        };
        if wanted.iter().all(|w| map.tags.iter().any(|t| t == w)) {
            return true;
        }
        if !map.lua {
            return false;
        }
        let known = self.known_lua_tags(i);
        let tags = match known {
            Some(tags) => tags,
            None => {
                let tags = learn();
                self.lua_tags
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(i, tags.clone());
                tags
            }
        };
        wanted.iter().all(|w| tags.iter().any(|t| t == w))
    }

    fn known_lua_tags(&self, i: usize) -> Option<Vec<String>> {
        let known = self.lua_tags.lock().unwrap_or_else(|e| e.into_inner());
        known.get(&i).cloned()
    }

    /// The map named `name` (`dgn.map_by_name`).
    pub fn by_name(&self, name: &str) -> Option<usize> {
        self.maps.iter().position(|m| m.name == name)
    }

    /// A map carrying every tag of `tags` (space-separated), allowed at
    /// `place` when `check_depth`, chosen by weight as crawl chooses
    /// (`dgn.map_by_tag`); none when the one chosen is a `dummy`.
    pub fn by_tag(
        &self,
        tags: &str,
        check_depth: bool,
        place: &Place,
        rng: &mut Rng,
    ) -> Option<usize> {
        let wanted: Vec<&str> = tags.split_whitespace().collect();
        let maps = self
            .maps
            .iter()
            .enumerate()
            .filter(|(_, map)| wanted.iter().all(|w| map.tags.iter().any(|t| t == w)));
        pick_by_tag(maps, check_depth, place, rng)
            .filter(|&i| !self.maps[i].tags.iter().any(|t| t == "dummy"))
    }
}

/// Of `candidates` (each with the key it is known by, each carrying the
/// tags wanted), one allowed at `place` when `check_depth`, chosen by
/// weight as crawl's `_random_map_in_list` chooses.
pub fn pick_by_tag<'m, K>(
    candidates: impl IntoIterator<Item = (K, &'m IndexedMap)>,
    check_depth: bool,
    place: &Place,
    rng: &mut Rng,
) -> Option<K> {
    let mut chosen = None;
    let mut roll_size: i64 = 0;
    for (key, map) in candidates {
        let allowed = !check_depth || map.depths.as_deref().is_none_or(|d| allows(d, place));
        if !allowed || map.weight <= 0 {
            continue;
        }
        roll_size = roll_size.saturating_add(map.weight);
        // crawl's x_chance_in_y(weight, rollsize): one pass, each map
        // kept in place of the last with the chance its weight gives.
        let top = i32::try_from(roll_size - 1).unwrap_or(i32::MAX);
        if i64::from(rng.range(0, top)) < map.weight {
            chosen = Some(key);
        }
    }
    chosen
}

/// Whether a DEPTH (`D:2-7, Lair, !Orc:$`) allows `place`: one of its
/// ranges holds it and no excluded range does. A range read here is a
/// branch (`D` when only levels are given) with `N`, `N-M`, `N-`, `$` or
/// nothing (every level).
pub fn allows(depths: &str, place: &Place) -> bool {
    let mut allowed = false;
    for range in depths.split(',').map(str::trim).filter(|r| !r.is_empty()) {
        let (excluded, range) = match range.strip_prefix('!') {
            Some(rest) => (true, rest.trim()),
            None => (false, range),
        };
        if holds(range, place) {
            if excluded {
                return false;
            }
            allowed = true;
        }
    }
    allowed
}

/// Whether one range (no `!`) holds `place`.
fn holds(range: &str, place: &Place) -> bool {
    let (branch, levels) = match range.split_once(':') {
        Some((b, l)) => (b.trim(), l.trim()),
        None if range.starts_with(|c: char| c.is_ascii_digit()) => ("D", range),
        None => (range, ""),
    };
    let any_branch = branch.eq_ignore_ascii_case("any") || branch == "*";
    if !any_branch && !branch.eq_ignore_ascii_case(&place.branch) {
        return false;
    }
    if levels.is_empty() {
        return true;
    }
    if levels == "$" {
        return place.depth == Place::LAST;
    }
    let level = |s: &str| s.trim().parse::<i64>().ok();
    let (low, high) = match levels.split_once('-') {
        Some((lo, hi)) => (level(lo).unwrap_or(1), level(hi)),
        None => (level(levels).unwrap_or(1), level(levels)),
    };
    if place.depth == Place::LAST {
        // The branch's last level: held by an open range, or one whose
        // end is written as `$`.
        return high.is_none();
    }
    place.depth >= low && high.is_none_or(|h| place.depth <= h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(branch: &str, depth: i64) -> Place {
        Place {
            branch: branch.into(),
            depth,
        }
    }

    #[test]
    fn depths_allow_as_crawls_ranges_do() {
        assert!(allows("D:2-7, Lair", &at("D", 4)));
        assert!(!allows("D:2-7, Lair", &at("D", 8)));
        assert!(allows("D:2-7, Lair", &at("Lair", 3)));
        assert!(allows("Depths:2-", &at("Depths", 4)));
        assert!(allows("Zot:$", &at("Zot", Place::LAST)));
        assert!(!allows("Zot:$", &at("Zot", 2)));
        assert!(!allows("Vaults, !Vaults:$", &at("Vaults", Place::LAST)));
        assert!(allows("Vaults, !Vaults:$", &at("Vaults", 1)));
        assert!(allows("3-5", &at("D", 3)));
        assert!(!allows("Orc", &at("Elf", 1)));
    }

    const ROOMS: &str = "\
NAME: room_a
TAGS: room small
DEPTH: Vaults
MAP
..
ENDMAP

NAME: room_b
TAGS: room
DEPTH: D:1-3
WEIGHT: 5 (D), 1 (Lair)
MAP
.
ENDMAP

NAME: room_none
TAGS: room dummy
WEIGHT: 0
MAP
.
ENDMAP
";

    #[test]
    fn a_map_is_chosen_by_its_tags_depth_and_weight() {
        let index = GameIndex::new([("des/rooms.des", ROOMS)]);
        assert_eq!(index.maps.len(), 3);
        assert_eq!(index.by_name("room_b"), Some(1));
        assert_eq!(index.maps[1].weight, 5);
        let vaults = at("Vaults", 1);
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            assert_eq!(index.by_tag("room", true, &vaults, &mut rng), Some(0));
        }
        // Without the depth check both weigh in; the dummy weighs nothing.
        let picked: std::collections::BTreeSet<_> = (0..60)
            .filter_map(|_| index.by_tag("room", false, &vaults, &mut rng))
            .collect();
        assert_eq!(picked.into_iter().collect::<Vec<_>>(), [0, 1]);
        assert_eq!(
            index.by_tag("room small", false, &vaults, &mut rng),
            Some(0)
        );
        assert_eq!(index.by_tag("hall", false, &vaults, &mut rng), None);
    }
}
