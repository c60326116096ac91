//! The 3.6.6 name tables `lev_comp` resolves names with (monsters, objects
//! and their classes, traps, room types), read once from `data/`, and its
//! first-match rules: exact first, then ignoring case; a class limits the
//! search to that class (for objects, from the class's first object to the
//! first object of another class).

use std::sync::OnceLock;

struct Tables {
    /// (name, class number), in `mons[]` order.
    monsters: Vec<(&'static str, u8)>,
    /// Class number → symbol, `def_monsyms[]`.
    monster_classes: Vec<(u8, u8)>,
    /// (name, class number), in `objects[]` order; empty names can never
    /// be named.
    objects: Vec<(&'static str, u8)>,
    object_classes: Vec<(u8, u8)>,
    traps: Vec<(&'static str, i64)>,
    rooms: Vec<(&'static str, i64)>,
    /// Colour numbers (CLR_*), by monster and by object index.
    monster_colours: Vec<u8>,
    object_colours: Vec<u8>,
}

/// One number a line (comments skipped).
fn colours(text: &'static str) -> Vec<u8> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.trim().parse().unwrap_or(7))
        .collect()
}

fn rows(text: &'static str) -> impl Iterator<Item = (&'static str, &'static str)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split_once('\t'))
}

/// `name<TAB>number` rows (a missing or bad number reads as 0).
fn numbered<T: std::str::FromStr + Default>(text: &'static str) -> Vec<(&'static str, T)> {
    rows(text)
        .map(|(n, v)| (n, v.parse().unwrap_or_default()))
        .collect()
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let class = |(n, c): (&'static str, &'static str)| {
            (n.parse().unwrap_or(0), c.bytes().next().unwrap_or(0))
        };
        Tables {
            monsters: numbered(include_str!("data/monsters.tsv")),
            monster_classes: rows(include_str!("data/monster_classes.tsv"))
                .map(class)
                .collect(),
            objects: numbered(include_str!("data/objects.tsv")),
            object_classes: rows(include_str!("data/object_classes.tsv"))
                .map(class)
                .collect(),
            traps: numbered(include_str!("data/traps.tsv")),
            rooms: numbered(include_str!("data/rooms.tsv")),
            monster_colours: colours(include_str!("data/monster_colours.txt")),
            object_colours: colours(include_str!("data/object_colours.txt")),
        }
    })
}

fn eq_ignore_case(a: &[u8], b: &str) -> bool {
    a.eq_ignore_ascii_case(b.as_bytes())
}

/// `def_char_to_monclass`: the first class with that symbol.
pub fn monster_class(c: u8) -> Option<u8> {
    tables()
        .monster_classes
        .iter()
        .find(|&&(_, s)| s == c)
        .map(|&(n, _)| n)
}

/// The default symbol of a monster class.
pub fn monster_class_symbol(class: u8) -> u8 {
    tables()
        .monster_classes
        .iter()
        .find(|&&(n, _)| n == class)
        .map_or(0, |&(_, s)| s)
}

/// A name found in a table: its index, and the table's spelling when it
/// was found only by ignoring case (`-v` then warns "… matches …").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub index: usize,
    pub spelt: Option<&'static str>,
}

/// The first exact match, else the first match ignoring ASCII case, as
/// `get_monster_id` and `get_object_id` search.
fn find(
    entries: &[(&'static str, u8)],
    name: &[u8],
    keep: impl Fn(&(&'static str, u8)) -> bool,
) -> Option<Found> {
    let exact = entries
        .iter()
        .position(|e| keep(e) && e.0.as_bytes() == name);
    match exact {
        Some(index) => Some(Found { index, spelt: None }),
        None => entries
            .iter()
            .position(|e| keep(e) && eq_ignore_case(name, e.0))
            .map(|index| Found {
                index,
                spelt: Some(entries[index].0),
            }),
    }
}

/// `get_monster_id`: the first monster of that name (within `class` if
/// given), and its class.
pub fn monster(name: &[u8], class: Option<u8>) -> Option<(Found, u8)> {
    let t = tables();
    let found = find(&t.monsters, name, |&(_, c)| class.is_none_or(|k| k == c))?;
    Some((found, t.monsters[found.index].1))
}

pub fn object_class(c: u8) -> Option<u8> {
    tables()
        .object_classes
        .iter()
        .find(|&&(_, s)| s == c)
        .map(|&(n, _)| n)
}

/// `get_object_id`: the first object of that name (within `class`'s run
/// of the table if given; unnamed objects never match).
pub fn object(name: &[u8], class: Option<u8>) -> Option<Found> {
    let t = tables();
    let (from, to) = match class {
        None => (0, t.objects.len()),
        Some(k) => {
            let from = t
                .objects
                .iter()
                .position(|&(_, c)| c == k)
                .unwrap_or(t.objects.len());
            let len = t.objects[from..]
                .iter()
                .take_while(|&&(_, c)| c == k)
                .count();
            (from, from + len)
        }
    };
    let found = find(&t.objects[from..to], name, |&(n, _)| !n.is_empty())?;
    Some(Found {
        index: from + found.index,
        ..found
    })
}

pub fn trap(name: &[u8]) -> Option<i64> {
    tables()
        .traps
        .iter()
        .find(|&&(n, _)| n.as_bytes() == name)
        .map(|&(_, t)| t)
}

pub fn room(name: &[u8]) -> Option<i64> {
    tables()
        .rooms
        .iter()
        .find(|&&(n, _)| n.as_bytes() == name)
        .map(|&(_, t)| t)
}

/// `what_map_char`: the location type of a MAP or terrain character
/// (`x`, "see-through", is 36), `None` for any other character.
pub fn map_char(c: u8) -> Option<i64> {
    Some(match c {
        b' ' => 0,
        b'#' => 23,
        b'.' => 24,
        b'-' => 2,
        b'|' => 1,
        b'+' => 22,
        b'A' => 34,
        b'B' => 7,
        b'C' => 35,
        b'S' => 14,
        b'H' => 15,
        b'{' => 27,
        b'\\' => 28,
        b'K' => 29,
        b'}' => 17,
        b'P' => 16,
        b'L' => 20,
        b'I' => 32,
        b'W' => 18,
        b'T' => 13,
        b'F' => 21,
        b'x' => 36,
        _ => return None,
    })
}

/// `INVALID_TYPE`, what `what_map_char` returns for anything else.
pub const INVALID_TYPE: i64 = 127;

/// A monster by index: its name, class symbol and colour number.
pub fn monster_entry(index: usize) -> Option<(&'static str, u8, u8)> {
    let t = tables();
    let &(name, class) = t.monsters.get(index)?;
    let colour = t.monster_colours.get(index).copied().unwrap_or(7);
    Some((name, monster_class_symbol(class), colour))
}

/// An object by index: its name (possibly empty), class symbol, colour.
pub fn object_entry(index: usize) -> Option<(&'static str, u8, u8)> {
    let t = tables();
    let &(name, class) = t.objects.get(index)?;
    let symbol = t
        .object_classes
        .iter()
        .find(|&&(n, _)| n == class)
        .map_or(b'?', |&(_, s)| s);
    let colour = t.object_colours.get(index).copied().unwrap_or(7);
    Some((name, symbol, colour))
}

/// A trap type's name (`traps.tsv`).
pub fn trap_name(code: i64) -> Option<&'static str> {
    tables()
        .traps
        .iter()
        .find(|&&(_, c)| c == code)
        .map(|&(n, _)| n)
}
