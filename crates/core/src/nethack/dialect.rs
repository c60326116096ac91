//! Per-target facts: location codes, name tables, limits, message texts.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use super::colours::{self, Clr};
use super::tables;
use crate::nethack_common::version;
use crate::tsv::Table;
use vaultwright_model::Target;

/// Table positions of each name of a monster or object table (names can
/// repeat across classes), built on first use: a lookup per MONSTER or
/// OBJECT statement was a scan of ~400 names. The names are the game's
/// own, so a fast hash without SipHash's flood resistance is enough.
type NameMap = FxHashMap<&'static str, Vec<u16>>;

static MONSTER_NAMES_343: OnceLock<NameMap> = OnceLock::new();
static OBJECT_NAMES_343: OnceLock<NameMap> = OnceLock::new();
static MONSTER_NAMES_32: OnceLock<NameMap> = OnceLock::new();
static OBJECT_NAMES_32: OnceLock<NameMap> = OnceLock::new();

fn positions(
    map: &'static OnceLock<NameMap>,
    table: &'static tables::NameTable,
    name: &str,
) -> &'static [u16] {
    let table = table.rows();
    let map = map.get_or_init(|| {
        let mut m: NameMap = NameMap::with_capacity_and_hasher(table.len(), Default::default());
        for (i, (n, _)) in table.iter().enumerate() {
            m.entry(n).or_default().push(i as u16);
        }
        m
    });
    map.get(name).map_or(&[], Vec::as_slice)
}

pub struct Dialect {
    pub target: Target,
    pub header: [u64; 4],
    monsters: &'static tables::NameTable,
    pub monclass_chars: &'static Table<u8>,
    objects: &'static tables::NameTable,
    pub objclass_chars: &'static Table<u8>,
    /// Default colours, one per entry of `monsters` / `objects`.
    pub monster_colours: &'static Table<Clr>,
    pub object_colours: &'static Table<Clr>,
    monster_names: &'static OnceLock<NameMap>,
    object_names: &'static OnceLock<NameMap>,
    pub traps: &'static Table<(&'static str, i8)>,
    pub rooms: &'static Table<(&'static str, i8)>,
    pub maxrtype: i32,
    /// Location type codes.
    pub pool: i8,
    pub door: i8,
    pub sdoor: i8,
    pub room: i8,
}

pub const STONE: i8 = 0;
pub const VWALL: i8 = 1;
pub const HWALL: i8 = 2;
pub const CROSSWALL: i8 = 7;
pub const DBWALL: i8 = 12;
pub const VAULT: i32 = 4;
pub const OROOM: i32 = 0;

pub static V343: Dialect = Dialect {
    target: Target::Nethack343,
    header: version::V343,
    monsters: &tables::MONSTERS_V343,
    monclass_chars: &tables::MONCLASS_CHARS_V343,
    objects: &tables::OBJECTS_V343,
    objclass_chars: &tables::OBJCLASS_CHARS_V343,
    monster_colours: &colours::MONSTER_COLOURS_V343,
    object_colours: &colours::OBJECT_COLOURS_V343,
    monster_names: &MONSTER_NAMES_343,
    object_names: &OBJECT_NAMES_343,
    traps: &tables::TRAPS_V343,
    rooms: &tables::ROOMS_V343,
    maxrtype: 24,
    pool: 16,
    door: 22,
    sdoor: 14,
    room: 24,
};

pub static V323: Dialect = Dialect {
    target: Target::Nethack323,
    header: version::V323,
    monsters: &tables::MONSTERS_V32,
    monclass_chars: &tables::MONCLASS_CHARS_V32,
    objects: &tables::OBJECTS_V32,
    objclass_chars: &tables::OBJCLASS_CHARS_V32,
    monster_colours: &colours::MONSTER_COLOURS_V32,
    object_colours: &colours::OBJECT_COLOURS_V32,
    monster_names: &MONSTER_NAMES_32,
    object_names: &OBJECT_NAMES_32,
    traps: &tables::TRAPS_V32,
    rooms: &tables::ROOMS_V32,
    maxrtype: 21,
    pool: 15,
    door: 20,
    sdoor: 13,
    room: 22,
};

pub static V322: Dialect = Dialect {
    target: Target::Nethack322,
    header: version::V322,
    ..V323
};

impl Dialect {
    pub fn for_target(target: Target) -> &'static Dialect {
        match target {
            Target::Nethack343 => &V343,
            Target::Nethack323 => &V323,
            Target::Nethack322 => &V322,
            // The 3.6 language has its own compiler (`nethack36`), which
            // `analyze` routes to; its name tables start from 3.4.3's.
            Target::Nethack366 => &V343,
        }
    }

    pub fn is_32(&self) -> bool {
        self.target.is_32()
    }

    /// Location type code of a map character, `None` if it is not one.
    pub fn map_char(&self, c: u8) -> Option<i8> {
        let v34 = !self.is_32();
        Some(match c {
            b' ' => 0,
            b'|' => 1,
            b'-' => 2,
            b'B' => 7,
            b'T' if v34 => 13,
            b'S' => self.sdoor,
            b'H' => self.sdoor + 1,
            b'P' => self.pool,
            b'}' => self.pool + 1,
            b'W' => self.pool + 2,
            b'L' => self.pool + 4,
            b'F' if v34 => 21,
            b'+' => self.door,
            b'#' => self.door + 1,
            b'.' => self.room,
            b'{' => self.room + 3,
            b'\\' => self.room + 4,
            b'K' => self.room + 5,
            b'I' => {
                if v34 {
                    32
                } else {
                    29
                }
            }
            b'A' => {
                if v34 {
                    34
                } else {
                    31
                }
            }
            b'C' => {
                if v34 {
                    35
                } else {
                    32
                }
            }
            _ => return None,
        })
    }

    pub fn is_wall(&self, t: i8) -> bool {
        t != 0 && t <= DBWALL
    }

    pub fn is_rock(&self, t: i8) -> bool {
        t < self.pool
    }

    pub fn is_door(&self, t: i8) -> bool {
        t == self.door
    }

    pub fn is_room(&self, t: i8) -> bool {
        t >= self.room
    }

    fn class_num(chars: &[u8], c: u8) -> Option<usize> {
        (c != 0)
            .then(|| chars.iter().skip(1).position(|&x| x == c).map(|i| i + 1))
            .flatten()
    }

    pub fn is_monster_class(&self, c: u8) -> bool {
        Self::class_num(self.monclass_chars, c).is_some()
    }

    pub fn is_object_class(&self, c: u8) -> bool {
        Self::class_num(self.objclass_chars, c).is_some()
    }

    /// Monster index by exact name within a class (`class` = the class
    /// character); `None` class means any class (corpse lookups).
    pub fn monster_id(&self, name: &str, class: Option<i32>) -> Option<usize> {
        let want = match class {
            None => None,
            Some(c) if (1..=255).contains(&c) => {
                Some(Self::class_num(self.monclass_chars, c as u8)? as u8)
            }
            Some(_) => return None,
        };
        positions(self.monster_names, self.monsters, name)
            .iter()
            .map(|&i| i as usize)
            .find(|&i| want.is_none_or(|w| w == self.monsters()[i].1))
    }

    /// Object index by exact name. 3.4 searches only the given class when
    /// the class is a real class character; 3.2 always searches all.
    pub fn object_id(&self, name: &str, class: i32) -> Option<usize> {
        let want = if !self.is_32() && (1..=255).contains(&class) {
            Self::class_num(self.objclass_chars, class as u8).map(|n| n as u8)
        } else {
            None
        };
        if name.is_empty() {
            return None;
        }
        positions(self.object_names, self.objects, name)
            .iter()
            .map(|&i| i as usize)
            .find(|&i| want.is_none_or(|w| w == self.objects()[i].1))
    }

    /// Monsters in index order: (name, class number).
    pub fn monsters(&self) -> &'static [(&'static str, u8)] {
        self.monsters.rows()
    }

    /// Objects in index order: (name, class number).
    pub fn objects(&self) -> &'static [(&'static str, u8)] {
        self.objects.rows()
    }

    pub fn trap(&self, name: &str) -> Option<i8> {
        self.traps.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
    }

    pub fn room_type(&self, name: &str) -> Option<i8> {
        self.rooms.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
    }

    pub fn chance_message(&self) -> &'static str {
        if self.is_32() {
            "The chance is supposed to be precentile."
        } else {
            "The chance is supposed to be percentile."
        }
    }
}
