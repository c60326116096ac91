//! NetHack 5.0's names as level scripts use them (`data/*.tsv`, facts of
//! the game's tables) and how the game looks them up.

use crate::tsv::{data_file, number, Table};

pub struct Monster {
    pub name: &'static str,
    pub male: &'static str,
    pub female: &'static str,
    pub symbol: &'static str,
    pub colour: &'static str,
    pub level: i32,
    pub difficulty: i32,
}

pub struct Object {
    pub name: &'static str,
    pub appearance: &'static str,
    pub symbol: &'static str,
    pub colour: &'static str,
}

pub static MONSTERS: Table<Monster> = Table::new(data_file!("data/monsters.tsv"), |f| {
    f.read(|[name, male, female, symbol, colour, level, difficulty]| {
        Ok(Monster {
            name,
            male,
            female,
            symbol,
            colour,
            level: number(level)?,
            difficulty: number(difficulty)?,
        })
    })
});

pub static OBJECTS: Table<Object> = Table::new(data_file!("data/objects.tsv"), |f| {
    f.read(|[name, appearance, symbol, colour]| {
        Ok(Object {
            name,
            appearance,
            symbol,
            colour,
        })
    })
});

/// `(table, value)` rows: trap and room types, class symbols, the other
/// spellings of monster names, object class prefixes.
pub static NAMES: Table<(&'static str, &'static str)> =
    Table::new(data_file!("data/names.tsv"), |f| {
        f.read(|[table, value]| Ok((table, value)))
    });

/// `(function, key)`: the table keys each `des.*` function reads.
pub static DES_KEYS: Table<(&'static str, &'static str)> =
    Table::new(data_file!("data/des_keys.tsv"), |f| {
        f.read(|[function, key]| Ok((function, key)))
    });

pub fn values(table: &str) -> impl Iterator<Item = &'static str> + '_ {
    NAMES
        .iter()
        .filter(move |(t, _)| *t == table)
        .map(|(_, v)| *v)
}

/// Whether the game knows the trap (in any case).
pub fn is_trap(name: &str) -> bool {
    values("trap_type").any(|t| t.eq_ignore_ascii_case(name))
}

/// The keys `function` reads; empty when it reads no table.
pub fn keys_of(function: &str) -> Vec<&'static str> {
    DES_KEYS
        .iter()
        .filter(|(f, k)| *f == function && !k.is_empty())
        .map(|(_, k)| *k)
        .collect()
}

/// The `des.*` functions, in the data file's order.
pub fn des_functions() -> Vec<&'static str> {
    let mut all: Vec<&str> = DES_KEYS.iter().map(|(f, _)| *f).collect();
    all.dedup();
    all
}

pub fn is_des_function(function: &str) -> bool {
    DES_KEYS.iter().any(|(f, _)| *f == function)
}

/// How `des.monster` reads a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MonsterMatch {
    /// One of a monster's three names or another spelling, in any case,
    /// with a plural ending or an article before it.
    Exact,
    /// A name followed by other words, which the game ignores: the
    /// longest name the text starts with.
    Prefix(&'static str),
    Unknown,
}

pub fn monster_match(name: &str) -> MonsterMatch {
    let lower = name.to_lowercase();
    let lower = ["a ", "an ", "the "]
        .iter()
        .find_map(|a| name.starts_with(a).then(|| lower[a.len()..].to_string()))
        .unwrap_or(lower);
    let mut prefix: Option<&'static str> = None;
    let single = singular(&lower);
    for (n, folded) in folded_monster_names() {
        let (n, folded) = (*n, folded.as_str());
        let Some(rest) = lower.strip_prefix(folded) else {
            if single.as_deref() == Some(folded) {
                return MonsterMatch::Exact;
            }
            continue;
        };
        if rest.is_empty() || ["s", "es", "'", "'s"].contains(&rest) {
            return MonsterMatch::Exact;
        }
        let words_after = ["s ", "es ", "' ", "'s ", " "]
            .iter()
            .any(|p| rest.starts_with(p));
        if words_after && prefix.is_none_or(|p| p.len() < n.len()) {
            prefix = Some(n);
        }
    }
    prefix.map_or(MonsterMatch::Unknown, MonsterMatch::Prefix)
}

/// Every monster name and other spelling, with its lower case (folded
/// once: a run looks names up for every `des.monster`).
fn folded_monster_names() -> &'static [(&'static str, String)] {
    static FOLDED: std::sync::OnceLock<Vec<(&'static str, String)>> = std::sync::OnceLock::new();
    FOLDED.get_or_init(|| {
        MONSTERS
            .iter()
            .flat_map(|m| [m.name, m.male, m.female])
            .chain(values("monster_alt_spelling"))
            .filter(|n| !n.is_empty())
            .map(|n| (n, n.to_lowercase()))
            .collect()
    })
}

/// The game's plural endings read back: `ies` → `y`, `ves` → `f`.
fn singular(word: &str) -> Option<String> {
    if word.contains("vortices") {
        return Some(word.replace("vortices", "vortex"));
    }
    if let Some(stem) = word
        .strip_suffix("ies")
        .filter(|_| !word.ends_with("zombies"))
    {
        return Some(format!("{stem}y"));
    }
    word.strip_suffix("ves").map(|stem| format!("{stem}f"))
}

/// How `des.object` reads `id`: a name (a class prefix such as `scroll
/// of ` narrows it to that class), else an unidentified appearance.
pub fn object(id: &str) -> Option<&'static Object> {
    let lower = id.to_lowercase();
    let prefixes = [
        ("ring of ", "="),
        ("potion of ", "!"),
        ("scroll of ", "?"),
        ("spellbook of ", "+"),
        ("wand of ", "/"),
    ];
    let (name, class) = prefixes
        .iter()
        .find_map(|(p, c)| {
            lower
                .strip_prefix(p)
                .map(|rest| (rest.to_string(), Some(*c)))
        })
        .unwrap_or((lower.clone(), None));
    OBJECTS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(&name) && class.is_none_or(|c| o.symbol == c))
        .or_else(|| {
            OBJECTS
                .iter()
                .find(|o| !o.appearance.is_empty() && o.appearance.eq_ignore_ascii_case(&name))
        })
}

/// The 5.0 placeholder objects ("generic potion"…), which an appearance
/// that is only a class word ("potion") finds.
pub fn is_placeholder(o: &Object) -> bool {
    o.name.starts_with("generic ") || o.name == "strange object"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_data_file_reads() {
        for t in [&NAMES, &DES_KEYS] {
            t.check().unwrap_or_else(|p| panic!("{p}"));
        }
        assert_eq!(
            MONSTERS.check().unwrap_or_else(|p| panic!("{p}")).len(),
            383
        );
        assert_eq!(OBJECTS.check().unwrap_or_else(|p| panic!("{p}")).len(), 477);
    }

    #[test]
    fn names_are_looked_up_as_the_game_does() {
        for known in [
            "jackal",
            "Jackal",
            "jackals",
            "dwarf lady",
            "a gnome lord",
            "grey dragon",
            "wolves",
        ] {
            assert_eq!(monster_match(known), MonsterMatch::Exact, "{known}");
        }
        assert_eq!(
            monster_match("gnome king xyz"),
            MonsterMatch::Prefix("gnome king")
        );
        assert_eq!(
            monster_match("watchman captian"),
            MonsterMatch::Prefix("watchman")
        );
        for unknown in ["jackle", "dwarfking", "aligned preist"] {
            assert_eq!(monster_match(unknown), MonsterMatch::Unknown, "{unknown}");
        }
        assert_eq!(object("scroll of earth").map(|o| o.name), Some("earth"));
        assert_eq!(object("luckstone").map(|o| o.name), Some("luckstone"));
        assert_eq!(object("Magic Marker").map(|o| o.name), Some("magic marker"));
        assert!(object("potion").is_some_and(is_placeholder));
        assert!(object("lucky stone").is_none());
    }
}
