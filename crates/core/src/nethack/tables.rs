//! Lookup tables of the NetHack 3.4.3 and 3.2.x special-level compilers:
//! monster and object names with their indices, class characters, trap and
//! room type names. The facts are data (`data/nethack-3.4.3/*`,
//! `data/nethack-3.2/*`, in the format of the 3.6 profiles, each file
//! headed by the game file and commit they come from), read on first use.

use crate::tsv::{self, data_file, File, Problem, Table};

/// A table of (name, class number) in index order. The text of the data
/// file is all the program holds until the table is first used: the
/// studio's wasm carries no slice of pointers for it.
pub type NameTable = Table<(&'static str, u8)>;

/// Class number → symbol (index 0 unused, 0 for a class without one),
/// from `number<TAB>symbol` rows numbered from 1 in order.
fn class_symbols(file: &File) -> Result<Vec<u8>, Problem> {
    let mut symbols = vec![0];
    file.read(|[n, s]| {
        let n: usize = tsv::number(n)?;
        if n != symbols.len() {
            return Err(format!("class {n} where {} was expected", symbols.len()));
        }
        symbols.push(tsv::symbol(s)?);
        Ok(())
    })?;
    Ok(symbols)
}

/// Monsters in index order: (name, class number).
pub static MONSTERS_V343: NameTable =
    Table::new(data_file!("data/nethack-3.4.3/monsters.tsv"), tsv::named);

/// Monster class symbols by class number (index 0 unused); 0 = no symbol.
pub static MONCLASS_CHARS_V343: Table<u8> = Table::new(
    data_file!("data/nethack-3.4.3/monster_classes.tsv"),
    class_symbols,
);

/// Objects in index order: (name or empty, class number).
pub static OBJECTS_V343: NameTable =
    Table::new(data_file!("data/nethack-3.4.3/objects.tsv"), tsv::named);

/// Object class symbols by class number (index 0 unused).
pub static OBJCLASS_CHARS_V343: Table<u8> = Table::new(
    data_file!("data/nethack-3.4.3/object_classes.tsv"),
    class_symbols,
);

/// Trap names and codes.
pub static TRAPS_V343: Table<(&str, i8)> =
    Table::new(data_file!("data/nethack-3.4.3/traps.tsv"), tsv::named);

/// Room type names and codes.
pub static ROOMS_V343: Table<(&str, i8)> =
    Table::new(data_file!("data/nethack-3.4.3/rooms.tsv"), tsv::named);

/// Monsters in index order: (name, class number).
pub static MONSTERS_V32: NameTable =
    Table::new(data_file!("data/nethack-3.2/monsters.tsv"), tsv::named);

/// Monster class symbols by class number (index 0 unused); 0 = no symbol.
pub static MONCLASS_CHARS_V32: Table<u8> = Table::new(
    data_file!("data/nethack-3.2/monster_classes.tsv"),
    class_symbols,
);

/// Objects in index order: (name or empty, class number).
pub static OBJECTS_V32: NameTable =
    Table::new(data_file!("data/nethack-3.2/objects.tsv"), tsv::named);

/// Object class symbols by class number (index 0 unused).
pub static OBJCLASS_CHARS_V32: Table<u8> = Table::new(
    data_file!("data/nethack-3.2/object_classes.tsv"),
    class_symbols,
);

/// Trap names and codes.
pub static TRAPS_V32: Table<(&str, i8)> =
    Table::new(data_file!("data/nethack-3.2/traps.tsv"), tsv::named);

/// Room type names and codes.
pub static ROOMS_V32: Table<(&str, i8)> =
    Table::new(data_file!("data/nethack-3.2/rooms.tsv"), tsv::named);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_reads() {
        for t in [&MONSTERS_V343, &OBJECTS_V343, &MONSTERS_V32, &OBJECTS_V32] {
            t.check().unwrap_or_else(|p| panic!("{p}"));
        }
        for t in [
            &MONCLASS_CHARS_V343,
            &OBJCLASS_CHARS_V343,
            &MONCLASS_CHARS_V32,
            &OBJCLASS_CHARS_V32,
        ] {
            t.check().unwrap_or_else(|p| panic!("{p}"));
        }
        for t in [&TRAPS_V343, &ROOMS_V343, &TRAPS_V32, &ROOMS_V32] {
            t.check().unwrap_or_else(|p| panic!("{p}"));
        }
    }

    /// A few entries as the Rust literals had them, and the sizes the
    /// version words count (382 monsters and 433 objects in 3.4.3).
    #[test]
    fn known_entries() {
        assert_eq!(MONSTERS_V343.len(), 382);
        assert_eq!(OBJECTS_V343.len(), 433);
        assert_eq!(MONSTERS_V343[0], ("giant ant", 1));
        assert_eq!(MONSTERS_V343[1], ("killer bee", 1));
        assert_eq!(MONSTERS_V343[73], ("Mordor orc", 15));
        assert_eq!(OBJECTS_V343[0], ("strange object", 1));
        assert_eq!(OBJECTS_V343[1], ("arrow", 2));
        assert!(OBJECTS_V343.iter().any(|&(n, c)| n.is_empty() && c == 9));
        assert_eq!(MONCLASS_CHARS_V343.len(), 61);
        assert_eq!(MONCLASS_CHARS_V343[..3], [0, b'a', b'b']);
        // Class 35 has no symbol in 3.4.3 ('I' in 3.2); the ghosts' is a
        // space, which an editor trimming the row would lose.
        assert_eq!(MONCLASS_CHARS_V343[35], 0);
        assert_eq!(MONCLASS_CHARS_V32[35], b'I');
        assert_eq!(MONCLASS_CHARS_V343[54], b' ');
        assert_eq!(MONCLASS_CHARS_V343[60], b']');
        assert_eq!(OBJCLASS_CHARS_V343.len(), 18);
        assert_eq!(OBJCLASS_CHARS_V343[1..4], *b"])[");
        assert_eq!(OBJCLASS_CHARS_V32[17], b'.');
        assert_eq!(TRAPS_V343[21], ("polymorph", 22));
        assert_eq!(ROOMS_V343[10], ("anthole", 13));
        assert_eq!(ROOMS_V343.last(), Some(&("candle shop", 24)));
        assert_eq!(TRAPS_V32.len(), 22);
        assert_eq!(ROOMS_V32.last(), Some(&("candle shop", 21)));
    }
}
