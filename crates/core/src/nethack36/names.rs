//! The name tables `lev_comp` resolves names with (monsters, objects and
//! their classes, traps, room types), one set per dialect profile, read
//! from the profile's data files, and the reference's first-match rules:
//! exact first, then ignoring case; a class limits the search to that
//! class (for objects, from the class's first object to the first object
//! of another class).

use crate::tsv::{self, File, Problem};

/// A profile's name tables, as text (the `profiles/<name>/*.tsv` files).
pub struct NameData {
    pub monsters: File,
    pub monster_classes: File,
    pub monster_colours: File,
    pub objects: File,
    pub object_classes: File,
    pub object_colours: File,
    pub traps: File,
    pub rooms: File,
}

pub struct Names {
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

fn eq_ignore_case(a: &[u8], b: &str) -> bool {
    a.eq_ignore_ascii_case(b.as_bytes())
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

impl Names {
    /// The tables, read with the loader the other data files share (a
    /// problem names the file and the line).
    pub fn read(data: &NameData) -> Result<Names, Problem> {
        Ok(Names {
            monsters: tsv::named(&data.monsters)?,
            monster_classes: tsv::classes(&data.monster_classes)?,
            objects: tsv::named(&data.objects)?,
            object_classes: tsv::classes(&data.object_classes)?,
            traps: tsv::named(&data.traps)?,
            rooms: tsv::named(&data.rooms)?,
            monster_colours: tsv::numbers(&data.monster_colours)?,
            object_colours: tsv::numbers(&data.object_colours)?,
        })
    }

    /// `def_char_to_monclass`: the first class with that symbol.
    pub fn monster_class(&self, c: u8) -> Option<u8> {
        self.monster_classes
            .iter()
            .find(|&&(_, s)| s == c)
            .map(|&(n, _)| n)
    }

    /// The default symbol of a monster class.
    pub fn monster_class_symbol(&self, class: u8) -> u8 {
        self.monster_classes
            .iter()
            .find(|&&(n, _)| n == class)
            .map_or(0, |&(_, s)| s)
    }

    /// `get_monster_id`: the first monster of that name (within `class` if
    /// given), and its class.
    pub fn monster(&self, name: &[u8], class: Option<u8>) -> Option<(Found, u8)> {
        let found = find(&self.monsters, name, |&(_, c)| class.is_none_or(|k| k == c))?;
        Some((found, self.monsters[found.index].1))
    }

    pub fn object_class(&self, c: u8) -> Option<u8> {
        self.object_classes
            .iter()
            .find(|&&(_, s)| s == c)
            .map(|&(n, _)| n)
    }

    /// `get_object_id`: the first object of that name (within `class`'s run
    /// of the table if given; unnamed objects never match).
    pub fn object(&self, name: &[u8], class: Option<u8>) -> Option<Found> {
        let all = &self.objects;
        let (from, to) = match class {
            None => (0, all.len()),
            Some(k) => {
                let from = all.iter().position(|&(_, c)| c == k).unwrap_or(all.len());
                let len = all[from..].iter().take_while(|&&(_, c)| c == k).count();
                (from, from + len)
            }
        };
        let found = find(&all[from..to], name, |&(n, _)| !n.is_empty())?;
        Some(Found {
            index: from + found.index,
            ..found
        })
    }

    pub fn trap(&self, name: &[u8]) -> Option<i64> {
        self.traps
            .iter()
            .find(|&&(n, _)| n.as_bytes() == name)
            .map(|&(_, t)| t)
    }

    pub fn room(&self, name: &[u8]) -> Option<i64> {
        self.rooms
            .iter()
            .find(|&&(n, _)| n.as_bytes() == name)
            .map(|&(_, t)| t)
    }

    /// A monster by index: its name, class symbol and colour number.
    pub fn monster_entry(&self, index: usize) -> Option<(&'static str, u8, u8)> {
        let &(name, class) = self.monsters.get(index)?;
        let colour = self.monster_colours.get(index).copied().unwrap_or(7);
        Some((name, self.monster_class_symbol(class), colour))
    }

    /// An object by index: its name (possibly empty), class symbol, colour.
    pub fn object_entry(&self, index: usize) -> Option<(&'static str, u8, u8)> {
        let &(name, class) = self.objects.get(index)?;
        let symbol = self
            .object_classes
            .iter()
            .find(|&&(n, _)| n == class)
            .map_or(b'?', |&(_, s)| s);
        let colour = self.object_colours.get(index).copied().unwrap_or(7);
        Some((name, symbol, colour))
    }

    /// A trap type's name.
    pub fn trap_name(&self, code: i64) -> Option<&'static str> {
        self.traps
            .iter()
            .find(|&&(_, c)| c == code)
            .map(|&(n, _)| n)
    }

    /// Trap and room type names, in the table's order.
    pub fn trap_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.traps.iter().map(|&(n, _)| n)
    }

    pub fn room_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.rooms.iter().map(|&(n, _)| n)
    }

    /// How many monsters and objects the tables hold.
    pub fn sizes(&self) -> (usize, usize) {
        (self.monsters.len(), self.objects.len())
    }
}
